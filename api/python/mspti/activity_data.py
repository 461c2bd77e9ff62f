"""The records a monitor hands to its callback, built from mspti_C's dicts."""
from .constant import MsptiActivityFlag, MsptiActivityKind, MsptiActivitySourceKind, MsptiCommunicationDataType


class KernelData:
    def __init__(self, d: dict):
        self.kind = MsptiActivityKind(d.get("kind", 0))
        self.start = d.get("start", 0)
        self.end = d.get("end", 0)
        self.device_id = d.get("deviceId", 0)
        self.stream_id = d.get("streamId", 0)
        self.correlation_id = d.get("correlationId", 0)
        self.type = d.get("type", "")
        self.name = d.get("name", "")


class MsptiObjectId:
    def __init__(self, d: dict):
        self.process_id = d.get("processId", -1)
        self.thread_id = d.get("threadId", -1)
        self.device_id = d.get("deviceId", 0)
        self.stream_id = d.get("streamId", 0)


class MarkerData:
    def __init__(self, d: dict):
        self.kind = MsptiActivityKind(d.get("kind", 0))
        self.flag = MsptiActivityFlag(d.get("flag", 1))
        self.source_kind = MsptiActivitySourceKind(d.get("sourceKind", 0))
        self.timestamp = d.get("timestamp", 0)
        self.id = d.get("id", 0)
        self.object_id = MsptiObjectId(d)
        self.name = d.get("name", "")
        self.domain = d.get("domain", "")


class RangeMarkerData:
    """A range: its start marker's identity and both ends' timestamps."""

    def __init__(self, start: MarkerData = None, end: MarkerData = None):
        self.kind = MsptiActivityKind.MSPTI_ACTIVITY_KIND_MARKER
        self.source_kind = start.source_kind if start else MsptiActivitySourceKind.MSPTI_ACTIVITY_SOURCE_KIND_HOST
        self.id = start.id if start else 0
        self.object_id = start.object_id if start else MsptiObjectId({})
        self.name = start.name if start else ""
        self.domain = start.domain if start else ""
        self.start = start.timestamp if start else 0
        self.end = end.timestamp if end else 0


class HcclData:
    def __init__(self, d: dict):
        self.kind = MsptiActivityKind(d.get("kind", 0))
        self.start = d.get("start", 0)
        self.end = d.get("end", 0)
        self.device_id = d.get("deviceId", 0)
        self.stream_id = d.get("streamId", 0)
        self.band_width = d.get("bandWidth", 0.0)
        self.name = d.get("name", "")
        self.comm_name = d.get("commName", "")


class CommunicationData:
    def __init__(self, d: dict):
        self.kind = MsptiActivityKind(d.get("kind", 0))
        self.data_type = MsptiCommunicationDataType(d.get("dataType", 0xFFFF))
        self.count = d.get("count", 0)
        self.device_id = d.get("deviceId", 0)
        self.stream_id = d.get("streamId", 0)
        self.start = d.get("start", 0)
        self.end = d.get("end", 0)
        self.alg_type = d.get("algType", "")
        self.name = d.get("name", "")
        self.comm_name = d.get("commName", "")
        self.correlation_id = d.get("correlationId", 0)
