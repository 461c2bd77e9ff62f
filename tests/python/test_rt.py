"""acl.rt: devices, contexts, streams, events, memory, run mode."""
import pytest

import acl
from conftest import (ACL_ERROR_INVALID_PARAM, ACL_ERROR_RT_CONTEXT_NULL, ACL_ERROR_RT_INTERNAL_ERROR,
                      ACL_ERROR_RT_INVALID_DEVICEID, ACL_ERROR_RT_INVALID_HANDLE, ACL_ERROR_RT_PARAM_INVALID,
                      ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEMCPY_DEVICE_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST,
                      ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_HOST_TO_HOST, ACL_SUCCESS)

ACL_HOST = 1
ACL_STREAM_STATUS_COMPLETE = 0
ACL_EVENT_STATUS_COMPLETE = 0
ACL_EVENT_RECORDED_STATUS_COMPLETE = 1
ACL_EVENT_SYNC = 0x1
ACL_ERROR_RT_CONTEXT_RELEASE_ERROR = 507007  # aclrtResetDevice of a device never set


def test_device_count_device_and_run_mode(acl_init):
    assert acl.rt.get_device_count() == (1, ACL_SUCCESS)
    assert acl.rt.get_device()[1] == ACL_ERROR_RT_CONTEXT_NULL  # no device set yet
    assert acl.rt.set_device(0) == ACL_SUCCESS
    assert acl.rt.get_device() == (0, ACL_SUCCESS)
    assert acl.rt.get_run_mode() == (ACL_HOST, ACL_SUCCESS)
    assert isinstance(acl.rt.get_soc_name(), str)
    assert acl.rt.synchronize_device() == ACL_SUCCESS
    assert acl.rt.reset_device(0) == ACL_SUCCESS


def test_device_errors(acl_init):
    assert acl.rt.set_device(7) == ACL_ERROR_RT_INVALID_DEVICEID
    assert acl.rt.set_device(-1) == ACL_ERROR_RT_INVALID_DEVICEID
    assert acl.rt.reset_device(7) == ACL_ERROR_RT_INVALID_DEVICEID
    assert acl.rt.reset_device(0) == ACL_ERROR_RT_CONTEXT_RELEASE_ERROR
    assert acl.rt.reset_device_force(0) == ACL_ERROR_RT_CONTEXT_RELEASE_ERROR
    assert acl.rt.set_device(0) == ACL_SUCCESS
    assert acl.rt.reset_device_force(0) == ACL_SUCCESS


def test_contexts(device):
    ctx, ret = acl.rt.create_context(0)
    assert ret == ACL_SUCCESS and ctx != 0
    assert acl.rt.set_context(ctx) == ACL_SUCCESS
    assert acl.rt.get_context() == (ctx, ACL_SUCCESS)
    assert acl.rt.destroy_context(ctx) == ACL_SUCCESS
    assert acl.rt.create_context(5)[1] == ACL_ERROR_RT_INVALID_DEVICEID
    assert acl.rt.destroy_context(0) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.set_context(0) == ACL_ERROR_INVALID_PARAM


def test_streams(device):
    stream, ret = acl.rt.create_stream()
    assert ret == ACL_SUCCESS and stream != 0
    assert acl.rt.synchronize_stream(stream) == ACL_SUCCESS
    assert acl.rt.stream_query(stream) == (ACL_STREAM_STATUS_COMPLETE, ACL_SUCCESS)
    assert acl.rt.synchronize_stream(0) == ACL_SUCCESS  # the default stream
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS
    assert acl.rt.destroy_stream(stream) == ACL_ERROR_RT_INVALID_HANDLE
    assert acl.rt.synchronize_stream(stream) == ACL_ERROR_RT_INVALID_HANDLE
    assert acl.rt.stream_query(stream)[1] == ACL_ERROR_RT_INVALID_HANDLE
    assert acl.rt.destroy_stream(0) == ACL_ERROR_INVALID_PARAM


def test_stream_without_context(acl_init):
    assert acl.rt.create_stream() == (0, ACL_ERROR_RT_CONTEXT_NULL)
    assert acl.rt.synchronize_stream(0) == ACL_ERROR_RT_CONTEXT_NULL
    assert acl.rt.create_event() == (0, ACL_ERROR_RT_CONTEXT_NULL)


def test_events(device):
    stream, _ = acl.rt.create_stream()
    start, ret = acl.rt.create_event()
    assert ret == ACL_SUCCESS and start != 0
    end, ret = acl.rt.create_event_with_flag(ACL_EVENT_SYNC)
    assert ret == ACL_SUCCESS and end != 0
    assert acl.rt.record_event(start, stream) == ACL_SUCCESS
    assert acl.rt.record_event(end, stream) == ACL_SUCCESS
    assert acl.rt.stream_wait_event(stream, end) == ACL_SUCCESS
    assert acl.rt.synchronize_event(end) == ACL_SUCCESS
    assert acl.rt.query_event(end) == (ACL_EVENT_STATUS_COMPLETE, ACL_SUCCESS)
    assert acl.rt.query_event_status(end) == (ACL_EVENT_RECORDED_STATUS_COMPLETE, ACL_SUCCESS)
    ms, ret = acl.rt.event_elapsed_time(start, end)
    assert ret == ACL_SUCCESS
    assert isinstance(ms, float) and ms >= 0.0
    assert acl.rt.destroy_event(start) == ACL_SUCCESS
    assert acl.rt.destroy_event(end) == ACL_SUCCESS
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS


def test_event_errors(device):
    assert acl.rt.create_event_with_flag(0x80000000)[1] == ACL_ERROR_INVALID_PARAM
    assert acl.rt.destroy_event(0) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.record_event(0, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.stream_wait_event(0, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.synchronize_event(0) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.query_event(0)[1] == ACL_ERROR_INVALID_PARAM
    assert acl.rt.query_event_status(0)[1] == ACL_ERROR_INVALID_PARAM
    assert acl.rt.event_elapsed_time(0, 0) == (0.0, ACL_ERROR_INVALID_PARAM)
    a, _ = acl.rt.create_event()
    b, _ = acl.rt.create_event()
    assert acl.rt.event_elapsed_time(a, b)[1] == ACL_ERROR_RT_INTERNAL_ERROR  # never recorded
    assert acl.rt.destroy_event(a) == ACL_SUCCESS
    assert acl.rt.destroy_event(a) == ACL_ERROR_RT_INVALID_HANDLE
    assert acl.rt.synchronize_event(a) == ACL_ERROR_RT_INVALID_HANDLE
    assert acl.rt.destroy_event(b) == ACL_SUCCESS


def test_memory_round_trip(device):
    data = bytes(range(64))
    dev, ret = acl.rt.malloc(64, ACL_MEM_MALLOC_HUGE_FIRST)
    assert ret == ACL_SUCCESS and dev != 0
    host, ret = acl.rt.malloc_host(64)
    assert ret == ACL_SUCCESS and host != 0
    src = acl.util.bytes_to_ptr(data)
    assert acl.rt.memcpy(dev, 64, src, 64, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS
    assert acl.rt.memcpy(host, 64, dev, 64, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS
    assert acl.util.ptr_to_bytes(host, 64) == data
    dev2, _ = acl.rt.malloc(64, ACL_MEM_MALLOC_HUGE_FIRST)
    assert acl.rt.memcpy(dev2, 64, dev, 64, ACL_MEMCPY_DEVICE_TO_DEVICE) == ACL_SUCCESS
    assert acl.rt.memset(dev2, 64, 0x5A, 16) == ACL_SUCCESS
    assert acl.rt.memcpy(host, 64, dev2, 64, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS
    assert acl.util.ptr_to_bytes(host, 64) == b"\x5a" * 16 + data[16:]
    out = bytes(8)
    assert acl.rt.memcpy(acl.util.bytes_to_ptr(out), 8, host, 8, ACL_MEMCPY_HOST_TO_HOST) == ACL_SUCCESS
    assert out == b"\x5a" * 8  # bytes_to_ptr memory is writable from C, as in pyACL
    for p in (dev, dev2):
        assert acl.rt.free(p) == ACL_SUCCESS
    assert acl.rt.free_host(host) == ACL_SUCCESS


def test_memory_errors(device):
    assert acl.rt.malloc(0, ACL_MEM_MALLOC_HUGE_FIRST) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.rt.malloc_host(0) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.rt.free(0) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.free_host(0) == ACL_ERROR_INVALID_PARAM
    dev, _ = acl.rt.malloc(32, ACL_MEM_MALLOC_HUGE_FIRST)
    src = acl.util.bytes_to_ptr(bytes(64))
    assert acl.rt.memcpy(dev, 32, src, 64, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_ERROR_RT_PARAM_INVALID
    assert acl.rt.memcpy(dev, 32, src, 0, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS  # count 0: success first
    assert acl.rt.memcpy(0, 32, src, 8, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.memcpy(dev, 32, src, 8, 99) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.memset(0, 8, 0, 8) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.free(dev) == ACL_SUCCESS
    assert acl.rt.free(dev) == ACL_ERROR_RT_PARAM_INVALID


@pytest.mark.parametrize("call", [
    lambda: acl.rt.set_device("0"),
    lambda: acl.rt.set_device(2 ** 31),
    lambda: acl.rt.create_context(),
    lambda: acl.rt.synchronize_stream("s"),
    lambda: acl.rt.record_event(1),
    lambda: acl.rt.event_elapsed_time(1.0, 2),
    lambda: acl.rt.malloc(64),
    lambda: acl.rt.malloc(-1, 0),
    lambda: acl.rt.memcpy(1, 2, 3, 4),
    lambda: acl.rt.memset(1, 2, "x", 4),
    lambda: acl.rt.free(None),
])
def test_argument_errors(call):
    with pytest.raises(TypeError, match=r"acl\.rt\.\w+ args parse failed"):
        call()
