// acl.rt: devices, contexts, streams, events and memory (spec §5), one
// pybind11 function per aclrt* call, in the conventions of acl_module.cc.
#include <pybind11/pybind11.h>

#include <cstdint>

#include "acl/acl.h"
#include "module_common.h"

namespace aclsim::python {
namespace {

// Devices, run mode and SoC name.
void DefRtDevices(py::module_& rt) {
  Def(rt, "set_device", &aclrtSetDevice, "set_device(device_id) -> ret.", py::arg("device_id"));
  Def(rt, "reset_device", &aclrtResetDevice, "reset_device(device_id) -> ret.", py::arg("device_id"), NoGil());
  Def(rt, "reset_device_force", &aclrtResetDeviceForce, "reset_device_force(device_id) -> ret.", py::arg("device_id"),
      NoGil());
  Def(
      rt, "get_device",
      []() {
        int32_t id = 0;
        aclError ret = aclrtGetDevice(&id);
        return py::make_tuple(id, ret);
      },
      "get_device() -> (device_id, ret).");
  Def(
      rt, "get_device_count",
      []() {
        uint32_t count = 0;
        aclError ret = aclrtGetDeviceCount(&count);
        return py::make_tuple(count, ret);
      },
      "get_device_count() -> (count, ret).");
  Def(rt, "synchronize_device", &aclrtSynchronizeDevice, "synchronize_device() -> ret (releases the GIL).", NoGil());
  Def(
      rt, "get_run_mode",
      []() {
        aclrtRunMode mode = ACL_HOST;
        aclError ret = aclrtGetRunMode(&mode);
        return py::make_tuple(static_cast<int>(mode), ret);
      },
      "get_run_mode() -> (run_mode, ret).");
  Def(
      rt, "get_soc_name",
      []() -> py::object {
        const char* name = aclrtGetSocName();
        return name ? py::object(py::str(name)) : py::object(py::none());
      },
      "get_soc_name() -> str or None.");
}

// Contexts.
void DefRtContexts(py::module_& rt) {
  Def(
      rt, "create_context",
      [](int32_t device_id) {
        aclrtContext ctx = nullptr;
        aclError ret = aclrtCreateContext(&ctx, device_id);
        return py::make_tuple(Addr(ctx), ret);
      },
      "create_context(device_id) -> (context, ret).", py::arg("device_id"));
  Def(
      rt, "destroy_context", [](Handle ctx) { return aclrtDestroyContext(Ptr<void>(ctx)); },
      "destroy_context(context) -> ret.", py::arg("context"), NoGil());
  Def(
      rt, "set_context", [](Handle ctx) { return aclrtSetCurrentContext(Ptr<void>(ctx)); },
      "set_context(context) -> ret.", py::arg("context"));
  Def(
      rt, "get_context",
      []() {
        aclrtContext ctx = nullptr;
        aclError ret = aclrtGetCurrentContext(&ctx);
        return py::make_tuple(Addr(ctx), ret);
      },
      "get_context() -> (context, ret).");
}

// Streams.
void DefRtStreams(py::module_& rt) {
  Def(
      rt, "create_stream",
      []() {
        aclrtStream stream = nullptr;
        aclError ret = aclrtCreateStream(&stream);
        return py::make_tuple(Addr(stream), ret);
      },
      "create_stream() -> (stream, ret).");
  Def(
      rt, "destroy_stream", [](Handle stream) { return aclrtDestroyStream(Ptr<void>(stream)); },
      "destroy_stream(stream) -> ret.", py::arg("stream"), NoGil());
  Def(
      rt, "synchronize_stream", [](Handle stream) { return aclrtSynchronizeStream(Ptr<void>(stream)); },
      "synchronize_stream(stream) -> ret (releases the GIL).", py::arg("stream"), NoGil());
  Def(
      rt, "stream_query",
      [](Handle stream) {
        aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
        aclError ret = aclrtStreamQuery(Ptr<void>(stream), &status);
        return py::make_tuple(static_cast<int>(status), ret);
      },
      "stream_query(stream) -> (status, ret).", py::arg("stream"));
  Def(
      rt, "stream_wait_event",
      [](Handle stream, Handle event) { return aclrtStreamWaitEvent(Ptr<void>(stream), Ptr<void>(event)); },
      "stream_wait_event(stream, event) -> ret.", py::arg("stream"), py::arg("event"));
}

// Events.
void DefRtEvents(py::module_& rt) {
  Def(
      rt, "create_event",
      []() {
        aclrtEvent event = nullptr;
        aclError ret = aclrtCreateEvent(&event);
        return py::make_tuple(Addr(event), ret);
      },
      "create_event() -> (event, ret).");
  Def(
      rt, "create_event_with_flag",
      [](uint32_t flag) {
        aclrtEvent event = nullptr;
        aclError ret = aclrtCreateEventWithFlag(&event, flag);
        return py::make_tuple(Addr(event), ret);
      },
      "create_event_with_flag(flag) -> (event, ret).", py::arg("flag"));
  Def(
      rt, "destroy_event", [](Handle event) { return aclrtDestroyEvent(Ptr<void>(event)); },
      "destroy_event(event) -> ret.", py::arg("event"));
  Def(
      rt, "record_event",
      [](Handle event, Handle stream) { return aclrtRecordEvent(Ptr<void>(event), Ptr<void>(stream)); },
      "record_event(event, stream) -> ret.", py::arg("event"), py::arg("stream"));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  Def(
      rt, "query_event",
      [](Handle event) {
        aclrtEventStatus status = ACL_EVENT_STATUS_RESERVED;
        aclError ret = aclrtQueryEvent(Ptr<void>(event), &status);
        return py::make_tuple(static_cast<int>(status), ret);
      },
      "query_event(event) -> (status, ret) (deprecated in CANN).", py::arg("event"));
#pragma GCC diagnostic pop
  Def(
      rt, "query_event_status",
      [](Handle event) {
        aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
        aclError ret = aclrtQueryEventStatus(Ptr<void>(event), &status);
        return py::make_tuple(static_cast<int>(status), ret);
      },
      "query_event_status(event) -> (status, ret).", py::arg("event"));
  Def(
      rt, "synchronize_event", [](Handle event) { return aclrtSynchronizeEvent(Ptr<void>(event)); },
      "synchronize_event(event) -> ret (releases the GIL).", py::arg("event"), NoGil());
  Def(
      rt, "event_elapsed_time",
      [](Handle start, Handle end) {
        float ms = 0.0f;
        aclError ret = aclrtEventElapsedTime(&ms, Ptr<void>(start), Ptr<void>(end));
        return py::make_tuple(ms, ret);
      },
      "event_elapsed_time(start_event, end_event) -> (ms, ret).", py::arg("start"), py::arg("end"));
}

// Device and host memory.
void DefRtMemory(py::module_& rt) {
  Def(
      rt, "malloc",
      [](size_t size, int policy) {
        void* p = nullptr;
        aclError ret = aclrtMalloc(&p, size, static_cast<aclrtMemMallocPolicy>(policy));
        return py::make_tuple(Addr(p), ret);
      },
      "malloc(size, policy) -> (dev_ptr, ret).", py::arg("size"), py::arg("policy"));
  Def(
      rt, "malloc_host",
      [](size_t size) {
        void* p = nullptr;
        aclError ret = aclrtMallocHost(&p, size);
        return py::make_tuple(Addr(p), ret);
      },
      "malloc_host(size) -> (host_ptr, ret).", py::arg("size"));
  Def(
      rt, "free", [](Handle p) { return aclrtFree(Ptr<void>(p)); }, "free(dev_ptr) -> ret.", py::arg("dev_ptr"));
  Def(
      rt, "free_host", [](Handle p) { return aclrtFreeHost(Ptr<void>(p)); }, "free_host(host_ptr) -> ret.",
      py::arg("host_ptr"));
  Def(
      rt, "memcpy",
      [](Handle dst, size_t dest_max, Handle src, size_t count, int kind) {
        return aclrtMemcpy(Ptr<void>(dst), dest_max, Ptr<const void>(src), count, static_cast<aclrtMemcpyKind>(kind));
      },
      "memcpy(dst, dest_max, src, count, kind) -> ret (releases the GIL).", py::arg("dst"), py::arg("dest_max"),
      py::arg("src"), py::arg("count"), py::arg("kind"), NoGil());
  Def(
      rt, "memset",
      [](Handle p, size_t max_count, int32_t value, size_t count) {
        return aclrtMemset(Ptr<void>(p), max_count, value, count);
      },
      "memset(dev_ptr, max_count, value, count) -> ret.", py::arg("dev_ptr"), py::arg("max_count"), py::arg("value"),
      py::arg("count"), NoGil());
  Def(
      rt, "memcpy_async",
      [](Handle dst, size_t dest_max, Handle src, size_t count, int kind, Handle stream) {
        return aclrtMemcpyAsync(Ptr<void>(dst), dest_max, Ptr<const void>(src), count,
                                static_cast<aclrtMemcpyKind>(kind), Ptr<void>(stream));
      },
      "memcpy_async(dst, dest_max, src, count, kind, stream) -> ret.", py::arg("dst"), py::arg("dest_max"),
      py::arg("src"), py::arg("count"), py::arg("kind"), py::arg("stream"), NoGil());
  Def(
      rt, "memset_async",
      [](Handle p, size_t max_count, int32_t value, size_t count, Handle stream) {
        return aclrtMemsetAsync(Ptr<void>(p), max_count, value, count, Ptr<void>(stream));
      },
      "memset_async(dev_ptr, max_count, value, count, stream) -> ret.", py::arg("dev_ptr"), py::arg("max_count"),
      py::arg("value"), py::arg("count"), py::arg("stream"), NoGil());
  Def(
      rt, "malloc_align32",
      [](size_t size, int policy) {
        void* p = nullptr;
        aclError ret = aclrtMallocAlign32(&p, size, static_cast<aclrtMemMallocPolicy>(policy));
        return py::make_tuple(Addr(p), ret);
      },
      "malloc_align32(size, policy) -> (dev_ptr, ret).", py::arg("size"), py::arg("policy"));
  Def(
      rt, "get_mem_info",
      [](int attr) {
        size_t free = 0;
        size_t total = 0;
        aclError ret = aclrtGetMemInfo(static_cast<aclrtMemAttr>(attr), &free, &total);
        return py::make_tuple(free, total, ret);
      },
      "get_mem_info(attr) -> (free, total, ret).", py::arg("attr"));
}

// The device-id translations: logical, user (visible) and physical ids.
template <aclError (*F)(int32_t, int32_t*)>
void DefIdMap(py::module_& rt, const char* name, const char* doc) {
  Def(
      rt, name,
      [](int32_t id) {
        int32_t out = 0;
        aclError ret = F(id, &out);
        return py::make_tuple(out, ret);
      },
      doc, py::arg("device_id"));
}

void DefRtDeviceIds(py::module_& rt) {
  DefIdMap<&aclrtGetLogicDevIdByUserDevId>(rt, "get_logic_dev_id_by_user_dev_id",
                                           "get_logic_dev_id_by_user_dev_id(user_dev_id) -> (logic_dev_id, ret).");
  DefIdMap<&aclrtGetUserDevIdByLogicDevId>(rt, "get_user_dev_id_by_logic_dev_id",
                                           "get_user_dev_id_by_logic_dev_id(logic_dev_id) -> (user_dev_id, ret).");
  DefIdMap<&aclrtGetLogicDevIdByPhyDevId>(rt, "get_logic_dev_id_by_phy_dev_id",
                                          "get_logic_dev_id_by_phy_dev_id(phy_dev_id) -> (logic_dev_id, ret).");
  DefIdMap<&aclrtGetPhyDevIdByLogicDevId>(rt, "get_phy_dev_id_by_logic_dev_id",
                                          "get_phy_dev_id_by_logic_dev_id(logic_dev_id) -> (phy_dev_id, ret).");
  Def(
      rt, "stream_get_id",
      [](Handle stream) {
        int32_t id = 0;
        aclError ret = aclrtStreamGetId(Ptr<void>(stream), &id);
        return py::make_tuple(id, ret);
      },
      "stream_get_id(stream) -> (stream_id, ret).", py::arg("stream"));
}

}  // namespace

void DefRt(py::module_& rt) {
  DefRtDeviceIds(rt);
  DefRtDevices(rt);
  DefRtContexts(rt);
  DefRtStreams(rt);
  DefRtEvents(rt);
  DefRtMemory(rt);
}

}  // namespace aclsim::python
