#include "runtime/device/plugin_backend.h"

#include <dlfcn.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

#include "acl/aclsim_backend.h"
#include "runtime/device/plugin_options.h"
#include "runtime/log.h"
#include "runtime/model/graph_writer.h"

namespace aclsim::device {
namespace {

std::string AbiVersion(uint32_t major, uint32_t minor) { return std::to_string(major) + "." + std::to_string(minor); }
std::string HostAbi() { return AbiVersion(ACLSIM_BACKEND_ABI_MAJOR, ACLSIM_BACKEND_ABI_MINOR); }

// The loaded library and its table. Shared by the backend handle (and so by
// every device): the library is unloaded only after the last of them.
struct PluginLibrary {
  PluginLibrary(void* h, std::string p) : handle(h), path(std::move(p)) {}
  ~PluginLibrary() { dlclose(handle); }
  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  void* const handle;
  const std::string path;
  const aclsimBackendApi* api = nullptr;  // static storage inside |handle|
  std::string name;                       // copy of api->name

  Status Error(aclsimBackendStatus code, const char* function) const {
    const char* message = api->last_error();
    std::string text = message != nullptr && *message != '\0'
                           ? std::string(message)
                           : std::string(function) + " failed in backend plugin '" + name + "'";
    return Status(static_cast<ErrorCode>(code), std::move(text));
  }
};

// The plugin's backend object. Shared by PluginBackend and every PluginDevice
// (close_device must precede destroy_backend, whatever order the host frees
// them in); holds the library.
struct BackendHandle {
  BackendHandle(std::shared_ptr<const PluginLibrary> l, aclsimBackend* b) : lib(std::move(l)), backend(b) {}
  ~BackendHandle() { (void)lib->api->destroy_backend(backend); }
  BackendHandle(const BackendHandle&) = delete;
  BackendHandle& operator=(const BackendHandle&) = delete;

  const std::shared_ptr<const PluginLibrary> lib;
  aclsimBackend* const backend;  // owned: destroyed above
};

class PluginDevice final : public Device {
 public:
  PluginDevice(std::shared_ptr<const BackendHandle> backend, aclsimDevice* device, DeviceInfo info)
      : backend_(std::move(backend)), lib_(*backend_->lib), api_(*lib_.api), device_(device), info_(std::move(info)) {}

  ~PluginDevice() override {
    sink_.store(nullptr, std::memory_order_release);  // no callback into a half-destroyed device
    (void)api_.close_device(device_);
  }

  const DeviceInfo& info() const override { return info_; }

  StatusOr<StreamId> CreateStream() override {
    aclsimStreamId id = 0;
    if (auto rc = api_.create_stream(device_, &id); rc != 0) return lib_.Error(rc, "create_stream");
    return StreamId{id};
  }
  Status DestroyStream(StreamId stream) override {
    return Check(api_.destroy_stream(device_, stream), "destroy_stream");
  }
  StatusOr<EventId> CreateEvent() override {
    aclsimEventId id = 0;
    if (auto rc = api_.create_event(device_, &id); rc != 0) return lib_.Error(rc, "create_event");
    return EventId{id};
  }
  Status DestroyEvent(EventId event) override { return Check(api_.destroy_event(device_, event), "destroy_event"); }

  StatusOr<ExecutableId> LoadGraph(const model::Graph& graph) override {
    const std::string json = model::WriteGraphJson(graph);
    aclsimExecutableId exe = 0;
    if (auto rc = api_.load_graph(device_, json.data(), json.size(), &exe); rc != 0) {
      return lib_.Error(rc, "load_graph");
    }
    return ExecutableId{exe};
  }
  Status UnloadGraph(ExecutableId exe) override { return Check(api_.unload_graph(device_, exe), "unload_graph"); }

  StatusOr<std::vector<OpCost>> GetGraphCosts(ExecutableId exe) override {
    size_t count = 0;
    if (auto rc = api_.graph_costs(device_, exe, nullptr, 0, &count); rc != 0) return lib_.Error(rc, "graph_costs");
    aclsimOpCost blank{};
    blank.struct_size = sizeof(aclsimOpCost);
    std::vector<aclsimOpCost> raw(count, blank);
    size_t filled = 0;
    if (count > 0) {
      if (auto rc = api_.graph_costs(device_, exe, raw.data(), raw.size(), &filled); rc != 0) {
        return lib_.Error(rc, "graph_costs");
      }
      if (filled != count) {
        return Status(ErrorCode::kRtInternalError, "backend plugin '" + lib_.name + "': graph_costs reported " +
                                                       std::to_string(count) + " ops, then " + std::to_string(filled));
      }
    }
    std::vector<OpCost> costs(count);
    for (size_t i = 0; i < count; ++i) {
      costs[i] = OpCost{raw[i].flops, raw[i].macs, raw[i].bytes, raw[i].block_dim, raw[i].duration_ns};
    }
    return costs;
  }

  StatusOr<TaskId> SubmitGraph(StreamId stream, ExecutableId exe, const LaunchInfo& launch) override {
    aclsimTaskId task = 0;
    if (auto rc = api_.submit_graph(device_, stream, exe, launch.model_tag, launch.host_tid, &task); rc != 0) {
      return lib_.Error(rc, "submit_graph");
    }
    return TaskId{task};
  }
  StatusOr<TaskId> SubmitMarker(StreamId stream, const MarkerInfo& marker) override {
    aclsimTaskId task = 0;
    if (auto rc = api_.submit_marker(device_, stream, marker.marker_id, marker.tag, marker.host_tid, &task); rc != 0) {
      return lib_.Error(rc, "submit_marker");
    }
    return TaskId{task};
  }
  Status SubmitEventRecord(StreamId stream, EventId event) override {
    return Check(api_.submit_event_record(device_, stream, event), "submit_event_record");
  }
  Status SubmitEventWait(StreamId stream, EventId event) override {
    return Check(api_.submit_event_wait(device_, stream, event), "submit_event_wait");
  }

  Status SynchronizeStream(StreamId stream) override {
    return Check(api_.synchronize_stream(device_, stream), "synchronize_stream");
  }
  StatusOr<bool> QueryStream(StreamId stream) override {
    uint32_t idle = 0;
    if (auto rc = api_.query_stream(device_, stream, &idle); rc != 0) return lib_.Error(rc, "query_stream");
    return idle != 0;
  }
  Status SynchronizeEvent(EventId event) override {
    return Check(api_.synchronize_event(device_, event), "synchronize_event");
  }
  StatusOr<EventState> QueryEvent(EventId event) override {
    aclsimEventState raw{};
    raw.struct_size = sizeof(raw);
    if (auto rc = api_.query_event(device_, event, &raw); rc != 0) return lib_.Error(rc, "query_event");
    EventState state;
    state.recorded = raw.recorded != 0;
    state.complete = raw.complete != 0;
    state.timestamp_ns = raw.timestamp_ns;
    return state;
  }
  Status SynchronizeDevice() override { return Check(api_.synchronize_device(device_), "synchronize_device"); }

  VirtualTimeNs Now() override {
    int64_t now_ns = 0;
    if (auto rc = api_.now(device_, &now_ns); rc != 0) {
      Log(LogLevel::kError, lib_.Error(rc, "now").message());
      return 0;
    }
    return now_ns;
  }

  void SetCompletionSink(CompletionSink* sink) override {
    std::lock_guard<std::mutex> lock(sink_mu_);
    // Detach first: the plugin delivers pending records to the old sink, and
    // afterwards never calls OnRecords, so |sink_| can change safely.
    if (auto rc = api_.set_completion_sink(device_, nullptr, nullptr); rc != 0) {
      Log(LogLevel::kError, lib_.Error(rc, "set_completion_sink").message());
    }
    sink_.store(sink, std::memory_order_release);
    if (sink == nullptr) return;
    if (auto rc = api_.set_completion_sink(device_, &PluginDevice::OnRecords, this); rc != 0) {
      Log(LogLevel::kError, lib_.Error(rc, "set_completion_sink").message());
    }
  }

 private:
  Status Check(aclsimBackendStatus rc, const char* function) const {
    return rc == 0 ? OkStatus() : lib_.Error(rc, function);
  }

  // Callbacks of one device may run on several submitting threads at once
  // (docs/backend_abi.md), so the translation buffer is per thread.
  static void OnRecords(void* user, const aclsimCompletion* records, size_t count) {
    auto* self = static_cast<PluginDevice*>(user);
    CompletionSink* sink = self->sink_.load(std::memory_order_acquire);
    if (sink == nullptr || records == nullptr || count == 0) return;
    const size_t stride = records->struct_size;
    if (stride < ACLSIM_COMPLETION_STRUCT_SIZE) {
      Log(LogLevel::kError, "backend plugin '" + self->lib_.name + "' reported completion records of struct_size " +
                                std::to_string(stride) + ", below the 1.0 size; " + std::to_string(count) +
                                " records dropped");
      return;
    }
    thread_local std::vector<CompletionRecord> buffer;
    buffer.resize(count);
    const char* bytes = reinterpret_cast<const char*>(records);
    for (size_t i = 0; i < count; ++i) {
      aclsimCompletion c;
      std::memcpy(&c, bytes + i * stride, sizeof(c));  // stride >= 1.0 size == sizeof
      CompletionRecord& r = buffer[i];
      r.device_id = c.device_id;
      r.kind = static_cast<TaskKind>(c.kind);
      r.engine = static_cast<model::Engine>(c.engine);
      r.block_dim = c.block_dim;
      r.stream_id = c.stream_id;
      r.task_id = c.task_id;
      r.model_tag = c.model_tag;
      r.op_index = c.op_index;
      r.host_tid = c.host_tid;
      r.marker_tag = c.marker_tag;
      r.marker_id = c.marker_id;
      r.start_ns = c.start_ns;
      r.end_ns = c.end_ns;
      r.exec_ns = c.exec_ns;
      r.flops = c.flops;
      r.bytes = c.bytes;
    }
    sink->OnCompletions(buffer.data(), count);
  }

  const std::shared_ptr<const BackendHandle> backend_;  // keeps the plugin backend and library alive
  const PluginLibrary& lib_;                            // owned through |backend_|
  const aclsimBackendApi& api_;
  aclsimDevice* const device_;  // owned: closed in the destructor
  const DeviceInfo info_;
  std::mutex sink_mu_;  // serialises SetCompletionSink
  std::atomic<CompletionSink*> sink_{nullptr};
};
static_assert(sizeof(aclsimCompletion) == ACLSIM_COMPLETION_STRUCT_SIZE, "no tail padding in the 1.0 record");

class PluginBackend final : public Backend {
 public:
  PluginBackend(std::shared_ptr<const BackendHandle> handle, uint32_t device_count, const PluginOptionsV1& options)
      : handle_(std::move(handle)),
        device_count_(device_count),
        clock_mode_(options.clock_mode),
        delivery_(options.delivery) {}

  std::string_view name() const override { return handle_->lib->name; }
  uint32_t DeviceCount() const override { return device_count_; }
  ClockMode clock_mode() const override { return clock_mode_; }
  DeliveryFaults delivery_faults() const override { return delivery_; }

  StatusOr<std::unique_ptr<Device>> OpenDevice(uint32_t device_id) override {
    const PluginLibrary& lib = *handle_->lib;
    aclsimDevice* device = nullptr;
    if (auto rc = lib.api->open_device(handle_->backend, device_id, &device); rc != 0) {
      return lib.Error(rc, "open_device");
    }
    aclsimDeviceInfo raw{};
    raw.struct_size = sizeof(raw);
    if (auto rc = lib.api->device_info(device, &raw); rc != 0) {
      Status error = lib.Error(rc, "device_info");
      (void)lib.api->close_device(device);
      return error;
    }
    DeviceInfo info;
    info.profile_name = std::string(raw.profile_name, strnlen(raw.profile_name, sizeof(raw.profile_name)));
    info.soc_name = std::string(raw.soc_name, strnlen(raw.soc_name, sizeof(raw.soc_name)));
    info.memory_bytes = raw.memory_bytes;
    info.ai_core_count = raw.ai_core_count;
    info.vector_core_count = raw.vector_core_count;
    info.aicpu_count = raw.aicpu_count;
    return std::unique_ptr<Device>(new PluginDevice(handle_, device, std::move(info)));
  }

 private:
  const std::shared_ptr<const BackendHandle> handle_;  // shared with every PluginDevice
  const uint32_t device_count_;
  const ClockMode clock_mode_;
  const DeliveryFaults delivery_;
};

Status VersionError(const std::string& path, std::string detail) {
  return Status(ErrorCode::kRtFeatureNotSupport, "backend plugin '" + path + "' " + detail);
}

// Checks the negotiated table; |api| is non-null.
Status CheckApi(const std::string& path, const aclsimBackendApi& api) {
  if (api.struct_size < ACLSIM_BACKEND_API_HEADER_SIZE) {
    return VersionError(path, "returned a function table of struct_size " + std::to_string(api.struct_size) +
                                  ", too small to hold a version (this aclsim implements backend ABI " + HostAbi() +
                                  ")");
  }
  if (api.abi_major != ACLSIM_BACKEND_ABI_MAJOR) {
    return VersionError(path, "implements backend ABI " + AbiVersion(api.abi_major, api.abi_minor) +
                                  ", but this aclsim implements backend ABI " + HostAbi() +
                                  ": the major versions must match");
  }
  if (api.struct_size < ACLSIM_BACKEND_API_STRUCT_SIZE) {
    return VersionError(path, "claims backend ABI " + AbiVersion(api.abi_major, api.abi_minor) +
                                  " but its function table has struct_size " + std::to_string(api.struct_size) +
                                  ", smaller than the " + AbiVersion(ACLSIM_BACKEND_ABI_MAJOR, 0) + " table (" +
                                  std::to_string(ACLSIM_BACKEND_API_STRUCT_SIZE) + " bytes)");
  }
#define ACLSIM_PLUGIN_FN_(f) \
  { #f, api.f != nullptr }
  const std::pair<const char*, bool> functions[] = {
      ACLSIM_PLUGIN_FN_(last_error),          ACLSIM_PLUGIN_FN_(create_backend),
      ACLSIM_PLUGIN_FN_(destroy_backend),     ACLSIM_PLUGIN_FN_(device_count),
      ACLSIM_PLUGIN_FN_(open_device),         ACLSIM_PLUGIN_FN_(close_device),
      ACLSIM_PLUGIN_FN_(device_info),         ACLSIM_PLUGIN_FN_(create_stream),
      ACLSIM_PLUGIN_FN_(destroy_stream),      ACLSIM_PLUGIN_FN_(create_event),
      ACLSIM_PLUGIN_FN_(destroy_event),       ACLSIM_PLUGIN_FN_(load_graph),
      ACLSIM_PLUGIN_FN_(unload_graph),        ACLSIM_PLUGIN_FN_(graph_costs),
      ACLSIM_PLUGIN_FN_(submit_graph),        ACLSIM_PLUGIN_FN_(submit_marker),
      ACLSIM_PLUGIN_FN_(submit_event_record), ACLSIM_PLUGIN_FN_(submit_event_wait),
      ACLSIM_PLUGIN_FN_(synchronize_stream),  ACLSIM_PLUGIN_FN_(query_stream),
      ACLSIM_PLUGIN_FN_(synchronize_event),   ACLSIM_PLUGIN_FN_(query_event),
      ACLSIM_PLUGIN_FN_(synchronize_device),  ACLSIM_PLUGIN_FN_(now),
      ACLSIM_PLUGIN_FN_(set_completion_sink),
  };
#undef ACLSIM_PLUGIN_FN_
  for (const auto& [function, present] : functions) {
    if (!present) {
      return VersionError(path, std::string("has a NULL ") + function + " in its backend ABI " +
                                    AbiVersion(api.abi_major, api.abi_minor) + " function table");
    }
  }
  return OkStatus();
}

}  // namespace

StatusOr<std::unique_ptr<Backend>> LoadPluginBackend(const std::string& path, const nlohmann::json& options) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    return Status(ErrorCode::kInvalidParam,
                  "cannot load backend plugin '" + path + "': " + (why != nullptr ? why : "dlopen failed"));
  }
  auto lib = std::make_shared<PluginLibrary>(handle, path);  // dlclose on every error path below
  dlerror();
  auto get_api = reinterpret_cast<aclsimBackendGetApiFn>(dlsym(handle, "aclsimBackendGetApi"));
  if (get_api == nullptr) {
    const char* why = dlerror();
    return Status(ErrorCode::kInvalidParam, "'" + path +
                                                "' is not an aclsim backend plugin: it does not export "
                                                "aclsimBackendGetApi (" +
                                                (why != nullptr ? why : "symbol is NULL") + ")");
  }
  const aclsimBackendApi* api = get_api(ACLSIM_BACKEND_ABI_MAJOR);
  if (api == nullptr) {
    return VersionError(path, "offers no function table for backend ABI major " +
                                  std::to_string(ACLSIM_BACKEND_ABI_MAJOR) + " (this aclsim implements backend ABI " +
                                  HostAbi() + ")");
  }
  ACLSIM_RETURN_IF_ERROR(CheckApi(path, *api));
  lib->api = api;
  lib->name = api->name != nullptr && *api->name != '\0' ? api->name : path;

  ACLSIM_ASSIGN_OR_RETURN(PluginOptionsV1 abi_options, PluginOptionsToAbiV1(lib->name, options));
  const aclsimBackendOptions raw = abi_options.Raw();
  aclsimBackend* backend = nullptr;
  if (auto rc = api->create_backend(&raw, &backend); rc != 0) return lib->Error(rc, "create_backend");
  auto backend_handle = std::make_shared<const BackendHandle>(lib, backend);

  uint32_t device_count = 0;
  if (auto rc = api->device_count(backend, &device_count); rc != 0) return lib->Error(rc, "device_count");
  Log(LogLevel::kInfo, "loaded backend plugin '" + lib->name + "' (backend ABI " +
                           AbiVersion(api->abi_major, api->abi_minor) + ") from " + path + ", " +
                           std::to_string(device_count) + " device(s)");
  return std::unique_ptr<Backend>(new PluginBackend(std::move(backend_handle), device_count, abi_options));
}

}  // namespace aclsim::device
