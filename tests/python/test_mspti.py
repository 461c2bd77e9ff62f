"""aclsim's `mspti` package over the simulated NPU: the monitors' records
for a model run and for mstx ranges, the native module's surface."""
import importlib
import os

import acl
import mspti
import mspti_C

from conftest import ACL_SUCCESS, SAMPLE_MLP_OPS


def test_native_surface_is_the_one_the_monitors_import():
    for name in ("start", "stop", "flush_all", "flush_period", "set_buffer_size"):
        assert callable(getattr(mspti_C, name))
    for sub in ("kernel", "mstx", "hccl", "communication"):
        module = importlib.import_module("mspti_C." + sub)
        assert callable(module.registerCB) and callable(module.unregisterCB)
    assert callable(mspti_C.mstx.enableDomain) and callable(mspti_C.mstx.disableDomain)
    assert mspti_C.set_buffer_size(0) == mspti.MsptiResult.MSPTI_ERROR_INVALID_PARAMETER
    assert mspti_C.set_buffer_size(257) == mspti.MsptiResult.MSPTI_ERROR_INVALID_PARAMETER
    assert mspti.KernelMonitor().start("not callable") == mspti.MsptiResult.MSPTI_ERROR_INVALID_PARAMETER


def test_kernel_monitor_gets_one_record_per_op_in_stream_order(sample_mlp):
    kernels = []
    monitor = mspti.KernelMonitor()
    assert monitor.start(kernels.append) == mspti.MsptiResult.MSPTI_SUCCESS
    assert sample_mlp.execute() == ACL_SUCCESS
    assert monitor.stop() == mspti.MsptiResult.MSPTI_SUCCESS
    assert [k.name for k in kernels] == [op[0] for op in SAMPLE_MLP_OPS]
    assert all(k.kind == mspti.MsptiActivityKind.MSPTI_ACTIVITY_KIND_KERNEL for k in kernels)
    assert kernels[0].type == "KERNEL_AICORE" and kernels[1].type == "KERNEL_AIVEC"
    durations = [k.end - k.start for k in kernels]
    assert durations == [op[3] for op in SAMPLE_MLP_OPS]
    assert all(b.start >= a.end for a, b in zip(kernels, kernels[1:]))
    assert len({k.correlation_id for k in kernels}) == 1 and kernels[0].correlation_id != 0
    # Stopped: a later run gives nothing.
    assert sample_mlp.execute() == ACL_SUCCESS
    assert mspti_C.flush_all() == 0
    assert len(kernels) == len(SAMPLE_MLP_OPS)


def test_mstx_monitor_pairs_ranges_and_hands_marks_over(sample_mlp):
    ctypes = importlib.import_module("ctypes")
    lib = os.environ.get("ACLSIM_MSTX_LIB", "libms_tools_ext.so")
    mstx = ctypes.CDLL(lib)
    mstx.mstxRangeStartA.restype = ctypes.c_uint64
    mstx.mstxRangeStartA.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    mstx.mstxRangeEnd.argtypes = [ctypes.c_uint64]
    mstx.mstxMarkA.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    marks, ranges = [], []
    monitor = mspti.MstxMonitor()
    assert monitor.start(marks.append, ranges.append) == mspti.MsptiResult.MSPTI_SUCCESS
    rid = mstx.mstxRangeStartA(b"forward", None)
    assert rid != 0
    assert sample_mlp.execute() == ACL_SUCCESS
    mstx.mstxRangeEnd(rid)
    mstx.mstxMarkA(b"step", None)
    assert monitor.disable_domain("default") == mspti.MsptiResult.MSPTI_SUCCESS
    mstx.mstxMarkA(b"hidden", None)
    assert monitor.enable_domain("default") == mspti.MsptiResult.MSPTI_SUCCESS
    assert monitor.stop() == mspti.MsptiResult.MSPTI_SUCCESS
    assert [m.name for m in marks] == ["step"]
    assert marks[0].domain == "default" and marks[0].object_id.process_id == os.getpid()
    assert len(ranges) == 1
    assert ranges[0].name == "forward" and ranges[0].id == rid
    assert ranges[0].end >= ranges[0].start > 0
