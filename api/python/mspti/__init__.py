"""aclsim's `mspti` package: Python monitors over MSPTI (libmspti.so).

The same names as the package Ascend/mspti publishes (KernelMonitor,
MstxMonitor, HcclMonitor, CommunicationMonitor, their data classes and the
enums); the records come from aclsim's simulated NPU through the native
module `mspti_C`. See docs/mspti.md.
"""

__all__ = [
    "KernelMonitor", "KernelData",
    "MstxMonitor", "MarkerData", "RangeMarkerData",
    "HcclMonitor", "HcclData",
    "CommunicationMonitor", "CommunicationData",
    "MsptiObjectId", "MsptiResult", "MsptiActivityKind", "MsptiCommunicationDataType",
    "MsptiActivityFlag", "MsptiActivitySourceKind",
]

from .constant import (MsptiActivityFlag, MsptiActivityKind, MsptiActivitySourceKind, MsptiCommunicationDataType,
                       MsptiResult)
from .activity_data import CommunicationData, HcclData, KernelData, MarkerData, MsptiObjectId, RangeMarkerData
from .monitor import CommunicationMonitor, HcclMonitor, KernelMonitor, MstxMonitor
