"""Monitors: each enables one activity kind and calls the user's callback
with every record of that kind MSPTI hands back."""
import sys
import time

import mspti_C

from .activity_data import CommunicationData, HcclData, KernelData, MarkerData, RangeMarkerData
from .constant import MsptiActivityFlag, MsptiResult

# How long stop() lets a buffer in flight arrive before it flushes.
FLUSH_SLEEP_TIME = 0.05
MAX_BUFFER_SIZE_MB = 256


def _error(message):
    print(f"[mspti] {message}", file=sys.stderr)


class BaseMonitor:
    @classmethod
    def start_monitor(cls):
        return MsptiResult(mspti_C.start())

    @classmethod
    def stop_monitor(cls):
        ret = MsptiResult(mspti_C.stop())
        if ret != MsptiResult.MSPTI_SUCCESS:
            return ret
        time.sleep(FLUSH_SLEEP_TIME)
        return MsptiResult(mspti_C.flush_all())

    @classmethod
    def flush_all(cls):
        return MsptiResult(mspti_C.flush_all())

    @classmethod
    def flush_period(cls, time_ms: int):
        return MsptiResult(mspti_C.flush_period(time_ms))

    @classmethod
    def set_buffer_size(cls, size: int):
        if not isinstance(size, int) or size <= 0 or size > MAX_BUFFER_SIZE_MB:
            _error(f"invalid buffer size {size} (1..{MAX_BUFFER_SIZE_MB} MB)")
            return MsptiResult.MSPTI_ERROR_INVALID_PARAMETER
        return MsptiResult(mspti_C.set_buffer_size(size))


class _KindMonitor(BaseMonitor):
    """A monitor of one kind: |native| is mspti_C's submodule, |data| the record class."""
    native = None
    data = None

    def __init__(self):
        self.user_cb = None

    def start(self, cb):
        if not callable(cb):
            _error("the callback is not callable")
            return MsptiResult.MSPTI_ERROR_INVALID_PARAMETER
        ret = self.start_monitor()
        if ret != MsptiResult.MSPTI_SUCCESS:
            return ret
        self.user_cb = cb
        return MsptiResult(self.native.registerCB(self.callback))

    def stop(self):
        ret = self.stop_monitor()
        if ret == MsptiResult.MSPTI_SUCCESS:
            ret = MsptiResult(self.native.unregisterCB())
            self.user_cb = None
        return ret

    def callback(self, record: dict):
        try:
            if callable(self.user_cb):
                self.user_cb(self.data(record))
        except Exception as ex:  # a failing user callback must not stop the walk
            _error(f"the callback failed: {ex}")


class KernelMonitor(_KindMonitor):
    native = mspti_C.kernel
    data = KernelData


class HcclMonitor(_KindMonitor):
    native = mspti_C.hccl
    data = HcclData


class CommunicationMonitor(_KindMonitor):
    native = mspti_C.communication
    data = CommunicationData


class MstxMonitor(BaseMonitor):
    """Marks go to mark_cb; a range's start and end (same id, same source)
    are paired into one RangeMarkerData for range_cb."""

    def __init__(self):
        self.mark_user_cb = None
        self.range_user_cb = None
        self._open = {}

    def start(self, mark_cb=None, range_cb=None):
        if not callable(mark_cb) and not callable(range_cb):
            _error("neither callback is callable")
            return MsptiResult.MSPTI_ERROR_INVALID_PARAMETER
        ret = self.start_monitor()
        if ret != MsptiResult.MSPTI_SUCCESS:
            return ret
        self.mark_user_cb = mark_cb
        self.range_user_cb = range_cb
        return MsptiResult(mspti_C.mstx.registerCB(self.callback))

    def stop(self):
        ret = self.stop_monitor()
        if ret == MsptiResult.MSPTI_SUCCESS:
            ret = MsptiResult(mspti_C.mstx.unregisterCB())
            self.mark_user_cb = None
            self.range_user_cb = None
        return ret

    def enable_domain(self, domain_name: str):
        if not isinstance(domain_name, str) or not domain_name:
            return MsptiResult.MSPTI_ERROR_INVALID_PARAMETER
        return MsptiResult(mspti_C.mstx.enableDomain(domain_name))

    def disable_domain(self, domain_name: str):
        if not isinstance(domain_name, str) or not domain_name:
            return MsptiResult.MSPTI_ERROR_INVALID_PARAMETER
        return MsptiResult(mspti_C.mstx.disableDomain(domain_name))

    def callback(self, record: dict):
        try:
            self._take(MarkerData(record))
        except Exception as ex:
            _error(f"the callback failed: {ex}")

    def _take(self, marker: MarkerData):
        flag = marker.flag
        if flag in (MsptiActivityFlag.MSPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS,
                    MsptiActivityFlag.MSPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS_WITH_DEVICE):
            if callable(self.mark_user_cb):
                self.mark_user_cb(marker)
            return
        key = (marker.id, marker.source_kind)
        if flag in (MsptiActivityFlag.MSPTI_ACTIVITY_FLAG_MARKER_START,
                    MsptiActivityFlag.MSPTI_ACTIVITY_FLAG_MARKER_START_WITH_DEVICE):
            self._open[key] = marker
        elif key in self._open:
            start = self._open.pop(key)
            if callable(self.range_user_cb):
                self.range_user_cb(RangeMarkerData(start, marker))
