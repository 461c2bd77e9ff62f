// The generic C++ → C adapter of the device plugin ABI
// (acl/aclsim_backend.h): serves aclsimBackendGetApi for whatever
// device::Backend the plugin's CreatePluginBackend (plugin_export.h) makes.
// Compiled into each plugin library (an object library, so the exported
// entry point is kept); the library holds its own copy of this code and
// shares no state with the host. Graphs arrive as "aclsim.graph.v1" JSON and
// are parsed with the model loader; completion records are translated into
// aclsimCompletion structs.
#include <algorithm>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "acl/aclsim_backend.h"
#include "runtime/device/backend.h"
#include "runtime/device/plugin_export.h"
#include "runtime/device/plugin_options.h"
#include "runtime/model/graph_loader.h"

struct aclsimBackend {
  std::unique_ptr<aclsim::device::Backend> backend;
};

namespace aclsim::device {
namespace {

thread_local std::string t_last_error;

aclsimBackendStatus Fail(ErrorCode code, std::string message) {
  t_last_error = std::move(message);
  return static_cast<aclsimBackendStatus>(code);
}
aclsimBackendStatus Fail(const Status& status) { return Fail(status.code(), status.message()); }
aclsimBackendStatus NullArg(const char* function, const char* what) {
  return Fail(ErrorCode::kRtParamInvalid, std::string(function) + ": " + what + " is NULL");
}

// Runs |body| (returning aclsimBackendStatus) so that no exception crosses
// the C boundary.
template <typename Body>
aclsimBackendStatus Guard(const char* function, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return Fail(ErrorCode::kRtMemoryAllocation, std::string(function) + ": out of memory");
  } catch (const std::exception& e) {
    return Fail(ErrorCode::kRtInternalError, std::string(function) + ": " + e.what());
  } catch (...) {
    return Fail(ErrorCode::kRtInternalError, std::string(function) + ": unknown exception");
  }
}

// Forwards device records to the host's callback, translated into a
// per-thread buffer (the device delivers outside its lock, so submissions on
// several threads may call this at once).
class SinkAdapter final : public device::CompletionSink {
 public:
  void Set(aclsimCompletionFn fn, void* user) {
    fn_ = fn;
    user_ = user;
  }
  void OnCompletions(const device::CompletionRecord* records, size_t count) override {
    if (count == 0) return;
    thread_local std::vector<aclsimCompletion> buffer;
    buffer.resize(count);
    for (size_t i = 0; i < count; ++i) {
      const device::CompletionRecord& r = records[i];
      aclsimCompletion& c = buffer[i];
      c = aclsimCompletion{};
      c.struct_size = ACLSIM_COMPLETION_STRUCT_SIZE;
      c.device_id = r.device_id;
      c.kind = static_cast<uint32_t>(r.kind);
      c.engine = static_cast<uint32_t>(r.engine);
      c.block_dim = r.block_dim;
      c.model_tag = r.model_tag;
      c.op_index = r.op_index;
      c.host_tid = r.host_tid;
      c.marker_tag = r.marker_tag;
      c.stream_id = r.stream_id;
      c.task_id = r.task_id;
      c.marker_id = r.marker_id;
      c.start_ns = r.start_ns;
      c.end_ns = r.end_ns;
      c.exec_ns = r.exec_ns;
      c.flops = r.flops;
      c.bytes = r.bytes;
    }
    fn_(user_, buffer.data(), count);
  }

 private:
  aclsimCompletionFn fn_ = nullptr;
  void* user_ = nullptr;
};

static_assert(static_cast<uint32_t>(device::TaskKind::kOp) == ACLSIM_COMPLETION_OP);
static_assert(static_cast<uint32_t>(device::TaskKind::kMarker) == ACLSIM_COMPLETION_MARKER);
static_assert(static_cast<uint32_t>(device::TaskKind::kEventRecord) == ACLSIM_COMPLETION_EVENT_RECORD);
static_assert(static_cast<uint32_t>(model::Engine::kAiCore) == ACLSIM_ENGINE_AI_CORE);
static_assert(static_cast<uint32_t>(model::Engine::kAiVector) == ACLSIM_ENGINE_AI_VECTOR);
static_assert(static_cast<uint32_t>(model::Engine::kAiCpu) == ACLSIM_ENGINE_AI_CPU);

}  // namespace
}  // namespace aclsim::device

struct aclsimDevice {
  std::unique_ptr<aclsim::device::Device> device;
  std::mutex sink_mu;  // serialises set_completion_sink
  aclsim::device::SinkAdapter sink;
};

namespace aclsim::device {
namespace {

const char* LastError() { return t_last_error.c_str(); }

aclsimBackendStatus CreateBackend(const aclsimBackendOptions* options, aclsimBackend** out_backend) {
  return Guard("create_backend", [&] {
    if (options == nullptr) return NullArg("create_backend", "options");
    if (out_backend == nullptr) return NullArg("create_backend", "out_backend");
    if (options->struct_size < ACLSIM_BACKEND_OPTIONS_STRUCT_SIZE) {
      return Fail(ErrorCode::kRtParamInvalid, "create_backend: options struct_size " +
                                                  std::to_string(options->struct_size) + " is below the 1.0 size " +
                                                  std::to_string(ACLSIM_BACKEND_OPTIONS_STRUCT_SIZE));
    }
    if (options->clock_mode > ACLSIM_CLOCK_REALTIME) {
      return Fail(ErrorCode::kRtParamInvalid,
                  "create_backend: unknown clock_mode " + std::to_string(options->clock_mode));
    }
    auto json_options = PluginOptionsFromAbiV1(*options);
    if (!json_options.ok()) return Fail(json_options.status());
    auto backend = CreatePluginBackend(*json_options);
    if (!backend.ok()) return Fail(backend.status());
    *out_backend = new aclsimBackend{std::move(backend).value()};
    return aclsimBackendStatus{0};
  });
}

aclsimBackendStatus DestroyBackend(aclsimBackend* backend) {
  delete backend;
  return 0;
}

aclsimBackendStatus DeviceCount(aclsimBackend* backend, uint32_t* out_count) {
  if (backend == nullptr) return NullArg("device_count", "backend");
  if (out_count == nullptr) return NullArg("device_count", "out_count");
  *out_count = backend->backend->DeviceCount();
  return 0;
}

aclsimBackendStatus OpenDevice(aclsimBackend* backend, uint32_t device_id, aclsimDevice** out_device) {
  return Guard("open_device", [&] {
    if (backend == nullptr) return NullArg("open_device", "backend");
    if (out_device == nullptr) return NullArg("open_device", "out_device");
    auto opened = backend->backend->OpenDevice(device_id);
    if (!opened.ok()) return Fail(opened.status());
    auto dev = std::make_unique<aclsimDevice>();
    dev->device = std::move(opened).value();
    *out_device = dev.release();
    return aclsimBackendStatus{0};
  });
}

aclsimBackendStatus CloseDevice(aclsimDevice* device) {
  if (device == nullptr) return 0;
  return Guard("close_device", [&] {
    device->device->SetCompletionSink(nullptr);  // delivers what is pending
    (void)device->device->SynchronizeDevice();
    delete device;
    return aclsimBackendStatus{0};
  });
}

void CopyName(const std::string& from, char (&to)[64]) {
  size_t n = std::min(from.size(), sizeof(to) - 1);
  std::memcpy(to, from.data(), n);
  to[n] = '\0';
}

aclsimBackendStatus DeviceInfo(aclsimDevice* device, aclsimDeviceInfo* out_info) {
  if (device == nullptr) return NullArg("device_info", "device");
  if (out_info == nullptr) return NullArg("device_info", "out_info");
  if (out_info->struct_size < ACLSIM_DEVICE_INFO_STRUCT_SIZE) {
    return Fail(ErrorCode::kRtParamInvalid, "device_info: out_info struct_size " +
                                                std::to_string(out_info->struct_size) + " is below the 1.0 size");
  }
  const device::DeviceInfo& info = device->device->info();
  CopyName(info.profile_name, out_info->profile_name);
  CopyName(info.soc_name, out_info->soc_name);
  out_info->memory_bytes = info.memory_bytes;
  out_info->ai_core_count = info.ai_core_count;
  out_info->vector_core_count = info.vector_core_count;
  out_info->aicpu_count = info.aicpu_count;
  return 0;
}

// Stores a StatusOr's value through |out| or reports its error.
template <typename T, typename Out>
aclsimBackendStatus Deliver(StatusOr<T> result, Out* out) {
  if (!result.ok()) return Fail(result.status());
  *out = static_cast<Out>(*result);
  return 0;
}
aclsimBackendStatus Deliver(const Status& status) { return status.ok() ? 0 : Fail(status); }

aclsimBackendStatus CreateStream(aclsimDevice* device, aclsimStreamId* out_stream) {
  return Guard("create_stream", [&] {
    if (device == nullptr) return NullArg("create_stream", "device");
    if (out_stream == nullptr) return NullArg("create_stream", "out_stream");
    return Deliver(device->device->CreateStream(), out_stream);
  });
}

aclsimBackendStatus DestroyStream(aclsimDevice* device, aclsimStreamId stream) {
  return Guard("destroy_stream", [&] {
    if (device == nullptr) return NullArg("destroy_stream", "device");
    return Deliver(device->device->DestroyStream(stream));
  });
}

aclsimBackendStatus CreateEvent(aclsimDevice* device, aclsimEventId* out_event) {
  return Guard("create_event", [&] {
    if (device == nullptr) return NullArg("create_event", "device");
    if (out_event == nullptr) return NullArg("create_event", "out_event");
    return Deliver(device->device->CreateEvent(), out_event);
  });
}

aclsimBackendStatus DestroyEvent(aclsimDevice* device, aclsimEventId event) {
  return Guard("destroy_event", [&] {
    if (device == nullptr) return NullArg("destroy_event", "device");
    return Deliver(device->device->DestroyEvent(event));
  });
}

aclsimBackendStatus LoadGraph(aclsimDevice* device, const char* json, size_t len, aclsimExecutableId* out_exe) {
  return Guard("load_graph", [&] {
    if (device == nullptr) return NullArg("load_graph", "device");
    if (json == nullptr) return NullArg("load_graph", "json");
    if (out_exe == nullptr) return NullArg("load_graph", "out_exe");
    auto graph = model::LoadGraphFromJson(std::string_view(json, len));
    if (!graph.ok()) return Fail(graph.status());
    return Deliver(device->device->LoadGraph(*graph), out_exe);
  });
}

aclsimBackendStatus UnloadGraph(aclsimDevice* device, aclsimExecutableId exe) {
  return Guard("unload_graph", [&] {
    if (device == nullptr) return NullArg("unload_graph", "device");
    return Deliver(device->device->UnloadGraph(exe));
  });
}

aclsimBackendStatus GraphCosts(aclsimDevice* device, aclsimExecutableId exe, aclsimOpCost* out_costs, size_t capacity,
                               size_t* out_count) {
  return Guard("graph_costs", [&] {
    if (device == nullptr) return NullArg("graph_costs", "device");
    if (out_count == nullptr) return NullArg("graph_costs", "out_count");
    if (capacity > 0 && out_costs == nullptr) return NullArg("graph_costs", "out_costs");
    if (capacity > 0 && out_costs->struct_size < ACLSIM_OP_COST_STRUCT_SIZE) {
      return Fail(ErrorCode::kRtParamInvalid, "graph_costs: out_costs struct_size " +
                                                  std::to_string(out_costs->struct_size) + " is below the 1.0 size");
    }
    auto costs = device->device->GetGraphCosts(exe);
    if (!costs.ok()) return Fail(costs.status());
    const size_t stride = capacity > 0 ? out_costs->struct_size : 0;
    const size_t n = std::min(capacity, costs->size());
    for (size_t i = 0; i < n; ++i) {
      auto* c = reinterpret_cast<aclsimOpCost*>(reinterpret_cast<char*>(out_costs) + i * stride);
      const device::OpCost& from = (*costs)[i];
      c->block_dim = from.block_dim;
      c->flops = from.flops;
      c->macs = from.macs;
      c->bytes = from.bytes;
      c->duration_ns = from.duration_ns;
    }
    *out_count = costs->size();
    return aclsimBackendStatus{0};
  });
}

aclsimBackendStatus SubmitGraph(aclsimDevice* device, aclsimStreamId stream, aclsimExecutableId exe, uint32_t model_tag,
                                uint32_t host_tid, aclsimTaskId* out_first_task) {
  return Guard("submit_graph", [&] {
    if (device == nullptr) return NullArg("submit_graph", "device");
    if (out_first_task == nullptr) return NullArg("submit_graph", "out_first_task");
    device::LaunchInfo launch;
    launch.model_tag = model_tag;
    launch.host_tid = host_tid;
    return Deliver(device->device->SubmitGraph(stream, exe, launch), out_first_task);
  });
}

aclsimBackendStatus SubmitMarker(aclsimDevice* device, aclsimStreamId stream, uint64_t marker_id, uint32_t tag,
                                 uint32_t host_tid, aclsimTaskId* out_task) {
  return Guard("submit_marker", [&] {
    if (device == nullptr) return NullArg("submit_marker", "device");
    if (out_task == nullptr) return NullArg("submit_marker", "out_task");
    device::MarkerInfo marker;
    marker.marker_id = marker_id;
    marker.tag = tag;
    marker.host_tid = host_tid;
    return Deliver(device->device->SubmitMarker(stream, marker), out_task);
  });
}

aclsimBackendStatus SubmitEventRecord(aclsimDevice* device, aclsimStreamId stream, aclsimEventId event) {
  return Guard("submit_event_record", [&] {
    if (device == nullptr) return NullArg("submit_event_record", "device");
    return Deliver(device->device->SubmitEventRecord(stream, event));
  });
}

aclsimBackendStatus SubmitEventWait(aclsimDevice* device, aclsimStreamId stream, aclsimEventId event) {
  return Guard("submit_event_wait", [&] {
    if (device == nullptr) return NullArg("submit_event_wait", "device");
    return Deliver(device->device->SubmitEventWait(stream, event));
  });
}

aclsimBackendStatus SynchronizeStream(aclsimDevice* device, aclsimStreamId stream) {
  return Guard("synchronize_stream", [&] {
    if (device == nullptr) return NullArg("synchronize_stream", "device");
    return Deliver(device->device->SynchronizeStream(stream));
  });
}

aclsimBackendStatus QueryStream(aclsimDevice* device, aclsimStreamId stream, uint32_t* out_idle) {
  return Guard("query_stream", [&] {
    if (device == nullptr) return NullArg("query_stream", "device");
    if (out_idle == nullptr) return NullArg("query_stream", "out_idle");
    return Deliver(device->device->QueryStream(stream), out_idle);
  });
}

aclsimBackendStatus SynchronizeEvent(aclsimDevice* device, aclsimEventId event) {
  return Guard("synchronize_event", [&] {
    if (device == nullptr) return NullArg("synchronize_event", "device");
    return Deliver(device->device->SynchronizeEvent(event));
  });
}

aclsimBackendStatus QueryEvent(aclsimDevice* device, aclsimEventId event, aclsimEventState* out_state) {
  return Guard("query_event", [&] {
    if (device == nullptr) return NullArg("query_event", "device");
    if (out_state == nullptr) return NullArg("query_event", "out_state");
    if (out_state->struct_size < ACLSIM_EVENT_STATE_STRUCT_SIZE) {
      return Fail(ErrorCode::kRtParamInvalid, "query_event: out_state struct_size " +
                                                  std::to_string(out_state->struct_size) + " is below the 1.0 size");
    }
    auto state = device->device->QueryEvent(event);
    if (!state.ok()) return Fail(state.status());
    out_state->recorded = state->recorded ? 1 : 0;
    out_state->complete = state->complete ? 1 : 0;
    out_state->timestamp_ns = state->timestamp_ns;
    return aclsimBackendStatus{0};
  });
}

aclsimBackendStatus SynchronizeDevice(aclsimDevice* device) {
  return Guard("synchronize_device", [&] {
    if (device == nullptr) return NullArg("synchronize_device", "device");
    return Deliver(device->device->SynchronizeDevice());
  });
}

aclsimBackendStatus Now(aclsimDevice* device, int64_t* out_ns) {
  if (device == nullptr) return NullArg("now", "device");
  if (out_ns == nullptr) return NullArg("now", "out_ns");
  *out_ns = device->device->Now();
  return 0;
}

aclsimBackendStatus SetCompletionSink(aclsimDevice* device, aclsimCompletionFn fn, void* user) {
  return Guard("set_completion_sink", [&] {
    if (device == nullptr) return NullArg("set_completion_sink", "device");
    std::lock_guard<std::mutex> lock(device->sink_mu);
    // Detaching first delivers pending records to the previous callback.
    device->device->SetCompletionSink(nullptr);
    device->sink.Set(fn, user);
    if (fn != nullptr) device->device->SetCompletionSink(&device->sink);
    return aclsimBackendStatus{0};
  });
}

constexpr aclsimBackendApi kApi = {
    ACLSIM_BACKEND_API_STRUCT_SIZE,
    ACLSIM_BACKEND_ABI_MAJOR,
    ACLSIM_BACKEND_ABI_MINOR,
    "sim",
    LastError,
    CreateBackend,
    DestroyBackend,
    DeviceCount,
    OpenDevice,
    CloseDevice,
    DeviceInfo,
    CreateStream,
    DestroyStream,
    CreateEvent,
    DestroyEvent,
    LoadGraph,
    UnloadGraph,
    GraphCosts,
    SubmitGraph,
    SubmitMarker,
    SubmitEventRecord,
    SubmitEventWait,
    SynchronizeStream,
    QueryStream,
    SynchronizeEvent,
    QueryEvent,
    SynchronizeDevice,
    Now,
    SetCompletionSink,
};

}  // namespace
}  // namespace aclsim::device

extern "C" ACLSIM_BACKEND_EXPORT const aclsimBackendApi* aclsimBackendGetApi(uint32_t host_abi_major) {
  return host_abi_major == ACLSIM_BACKEND_ABI_MAJOR ? &aclsim::device::kApi : nullptr;
}
