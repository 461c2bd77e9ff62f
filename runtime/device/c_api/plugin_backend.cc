#include "runtime/device/c_api/plugin_backend.h"

#include <dlfcn.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

#include "aclsim/backend_c_api.h"
#include "nlohmann/json.hpp"
#include "runtime/device/c_api/codec.h"
#include "runtime/device/c_api/host_device.h"
#include "runtime/device/faults.h"
#include "runtime/device/status_codec.h"
#include "runtime/log.h"
#include "runtime/time_limits.h"

namespace aclsim::device {

// The C ABI's codes and details are aclsim::StatusCode and aclsim::Detail.
static_assert(static_cast<int32_t>(StatusCode::kOk) == ACLSIM_BACKEND_OK);
static_assert(static_cast<int32_t>(StatusCode::kCancelled) == ACLSIM_BACKEND_CODE_CANCELLED);
static_assert(static_cast<int32_t>(StatusCode::kUnknown) == ACLSIM_BACKEND_CODE_UNKNOWN);
static_assert(static_cast<int32_t>(StatusCode::kInvalidArgument) == ACLSIM_BACKEND_CODE_INVALID_ARGUMENT);
static_assert(static_cast<int32_t>(StatusCode::kDeadlineExceeded) == ACLSIM_BACKEND_CODE_DEADLINE_EXCEEDED);
static_assert(static_cast<int32_t>(StatusCode::kNotFound) == ACLSIM_BACKEND_CODE_NOT_FOUND);
static_assert(static_cast<int32_t>(StatusCode::kAlreadyExists) == ACLSIM_BACKEND_CODE_ALREADY_EXISTS);
static_assert(static_cast<int32_t>(StatusCode::kPermissionDenied) == ACLSIM_BACKEND_CODE_PERMISSION_DENIED);
static_assert(static_cast<int32_t>(StatusCode::kResourceExhausted) == ACLSIM_BACKEND_CODE_RESOURCE_EXHAUSTED);
static_assert(static_cast<int32_t>(StatusCode::kFailedPrecondition) == ACLSIM_BACKEND_CODE_FAILED_PRECONDITION);
static_assert(static_cast<int32_t>(StatusCode::kAborted) == ACLSIM_BACKEND_CODE_ABORTED);
static_assert(static_cast<int32_t>(StatusCode::kOutOfRange) == ACLSIM_BACKEND_CODE_OUT_OF_RANGE);
static_assert(static_cast<int32_t>(StatusCode::kUnimplemented) == ACLSIM_BACKEND_CODE_UNIMPLEMENTED);
static_assert(static_cast<int32_t>(StatusCode::kInternal) == ACLSIM_BACKEND_CODE_INTERNAL);
static_assert(static_cast<int32_t>(StatusCode::kUnavailable) == ACLSIM_BACKEND_CODE_UNAVAILABLE);
static_assert(static_cast<int32_t>(StatusCode::kDataLoss) == ACLSIM_BACKEND_CODE_DATA_LOSS);
static_assert(static_cast<int32_t>(StatusCode::kUnauthenticated) == ACLSIM_BACKEND_CODE_UNAUTHENTICATED);
static_assert(static_cast<int32_t>(Detail::kNone) == ACLSIM_BACKEND_DETAIL_NONE);
static_assert(static_cast<int32_t>(Detail::kInvalidDeviceId) == ACLSIM_BACKEND_DETAIL_INVALID_DEVICE_ID);
static_assert(static_cast<int32_t>(Detail::kInvalidHandle) == ACLSIM_BACKEND_DETAIL_INVALID_HANDLE);
static_assert(static_cast<int32_t>(Detail::kNoDevice) == ACLSIM_BACKEND_DETAIL_NO_DEVICE);
static_assert(static_cast<int32_t>(Detail::kDeviceLost) == ACLSIM_BACKEND_DETAIL_DEVICE_LOST);
static_assert(static_cast<int32_t>(Detail::kModelDeserialize) == ACLSIM_BACKEND_DETAIL_MODEL_DESERIALIZE);
static_assert(static_cast<int32_t>(Detail::kModelParse) == ACLSIM_BACKEND_DETAIL_MODEL_PARSE);
static_assert(static_cast<int32_t>(Detail::kModelSizeInvalid) == ACLSIM_BACKEND_DETAIL_MODEL_SIZE);
static_assert(static_cast<int32_t>(Detail::kModelMissingAttr) == ACLSIM_BACKEND_DETAIL_MODEL_MISSING_ATTR);
static_assert(static_cast<int32_t>(Detail::kDeviceError) == ACLSIM_BACKEND_DETAIL_DEVICE_ERROR);
static_assert(kMaxStatusCode == ACLSIM_BACKEND_CODE_UNAUTHENTICATED);
static_assert(kMaxDeviceDetail == ACLSIM_BACKEND_DETAIL_DEVICE_ERROR);
static_assert(static_cast<int32_t>(Detail::kFileAttrInvalid) == ACLSIM_BACKEND_DETAIL_OPTION_INVALID);
static_assert(static_cast<int32_t>(Detail::kOptionUnsupported) == ACLSIM_BACKEND_DETAIL_OPTION_UNSUPPORTED);

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

  // The Status of a failed call |rc| of |function|: the plugin's canonical
  // code and detail mapped per function (status_codec.h), its message.
  Status Error(aclsimBackendStatus rc, const char* function) const {
    aclsimBackendError error{};
    error.struct_size = ACLSIM_BACKEND_ERROR_STRUCT_SIZE;
    api->last_error(&error);
    std::string text = error.message != nullptr && *error.message != '\0'
                           ? std::string(error.message)
                           : std::string(function) + " failed in backend plugin '" + name + "'";
    const int32_t detail = error.code == rc ? error.detail : 0;  // a stale error belongs to another call
    return FromCanonical(function, rc, detail, error.code == rc ? error.value : 0, std::move(text));
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

class PluginDevice final : public capi::CApiDevice {
 public:
  PluginDevice(std::shared_ptr<const BackendHandle> backend, aclsimBackendDevice* device, DeviceInfo info)
      : CApiDevice(*backend->lib->api, device), backend_(std::move(backend)), info_(std::move(info)) {}

  ~PluginDevice() override {
    sink_.store(nullptr, std::memory_order_release);  // no callback into a half-destroyed device
    (void)api_.close_device(device_);
  }

  const DeviceInfo& info() const override { return info_; }

  void SetCompletionSink(CompletionSink* sink) override {
    std::lock_guard<std::mutex> lock(sink_mu_);
    // Detach first: the plugin delivers pending records to the old sink, and
    // afterwards never calls OnRecords, so |sink_| can change safely.
    if (auto rc = api_.set_completion_sink(device_, nullptr, nullptr); rc != 0) {
      Log(LogLevel::kError, Error(rc, "set_completion_sink").message());
    }
    sink_.store(sink, std::memory_order_release);
    if (sink == nullptr) return;
    if (auto rc = api_.set_completion_sink(device_, &PluginDevice::OnRecords, this); rc != 0) {
      Log(LogLevel::kError, Error(rc, "set_completion_sink").message());
    }
  }

 private:
  Status Error(aclsimBackendStatus rc, const char* function) const override {
    return backend_->lib->Error(rc, function);
  }

  // Callbacks of one device may run on several submitting threads at once
  // (docs/backend_abi.md), so the conversion buffer is per thread. Records
  // the host cannot read are counted and reported, never passed on.
  static void OnRecords(void* user, const aclsimBackendCompletion* records, size_t count) {
    auto* self = static_cast<PluginDevice*>(user);
    CompletionSink* sink = self->sink_.load(std::memory_order_acquire);
    if (sink == nullptr || records == nullptr || count == 0) return;
    const size_t stride = records->struct_size;
    if (stride < ACLSIM_BACKEND_COMPLETION_STRUCT_SIZE) {
      self->Unreadable(count, "of struct_size " + std::to_string(stride) + ", below the 2.0 size");
      return;
    }
    thread_local std::vector<CompletionRecord> buffer;
    buffer.resize(count);
    const char* bytes = reinterpret_cast<const char*>(records);
    size_t kept = 0;
    for (size_t i = 0; i < count; ++i) {
      aclsimBackendCompletion c;
      std::memcpy(&c, bytes + i * stride, sizeof(c));  // stride >= 2.0 size == sizeof
      if (capi::FromC(c, &buffer[kept])) ++kept;
    }
    if (kept != count) self->Unreadable(count - kept, "with an unknown kind or engine");
    if (kept > 0) sink->OnCompletions(buffer.data(), kept);
  }

  void Unreadable(size_t n, const std::string& why) {
    const uint64_t total = unreadable_.fetch_add(n, std::memory_order_relaxed) + n;
    Log(LogLevel::kError, "backend plugin '" + backend_->lib->name + "' reported " + std::to_string(n) +
                              " completion record(s) " + why + "; dropped (" + std::to_string(total) +
                              " on this device so far)");
  }

  const std::shared_ptr<const BackendHandle> backend_;  // keeps the plugin backend and library alive
  const DeviceInfo info_;
  std::mutex sink_mu_;  // serialises SetCompletionSink
  std::atomic<CompletionSink*> sink_{nullptr};
  std::atomic<uint64_t> unreadable_{0};  // records dropped because the host cannot read them
};

// What the host itself applies of a plugin backend, as the plugin reports
// it (backend_properties, ABI 2.3): the clock mode (the host clock paces
// realtime devices), the virtual clock origin (where the host clock starts)
// and the delivery faults (the profiler applies them).
struct HostSideProperties {
  ClockMode clock_mode = ClockMode::kVirtual;
  int64_t clock_origin_ns = kDefaultClockOriginNs;
  DeliveryFaults delivery;
};

// Asks the plugin for its properties; a plugin older than 2.3 (or with a
// NULL entry) reports the defaults. A value the host cannot use is kInternal.
StatusOr<HostSideProperties> ReadProperties(const PluginLibrary& lib, aclsimBackend* backend) {
  HostSideProperties host;
  const aclsimBackendApi& api = *lib.api;
  if (api.struct_size < ACLSIM_BACKEND_API_2_3_STRUCT_SIZE || api.backend_properties == nullptr) return host;
  aclsimBackendProperties raw{};
  raw.struct_size = ACLSIM_BACKEND_PROPERTIES_STRUCT_SIZE;
  if (auto rc = api.backend_properties(backend, &raw); rc != 0) return lib.Error(rc, "backend_properties");
  const std::string from = "backend plugin '" + lib.name + "' reported ";
  switch (raw.clock_mode) {
    case ACLSIM_BACKEND_CLOCK_VIRTUAL: host.clock_mode = ClockMode::kVirtual; break;
    case ACLSIM_BACKEND_CLOCK_REALTIME: host.clock_mode = ClockMode::kRealtime; break;
    default: return Status(StatusCode::kInternal, from + "an unknown clock_mode " + std::to_string(raw.clock_mode));
  }
  if (raw.clock_origin_ns < 0 || raw.clock_origin_ns > kMaxClockOriginNs) {
    return Status(StatusCode::kInternal,
                  from + "clock_origin_ns " + std::to_string(raw.clock_origin_ns) + ", outside [0, 2^60]");
  }
  if (raw.clock_origin_ns != 0) host.clock_origin_ns = raw.clock_origin_ns;
  host.delivery.slow_delivery_us = raw.slow_delivery_us;
  host.delivery.corrupt_record = raw.corrupt_record;
  return host;
}

class PluginBackend final : public Backend {
 public:
  PluginBackend(std::shared_ptr<const BackendHandle> handle, uint32_t device_count, const HostSideProperties& host)
      : handle_(std::move(handle)), device_count_(device_count), host_(host) {}

  std::string_view name() const override { return handle_->lib->name; }
  uint32_t DeviceCount() const override { return device_count_; }
  ClockMode clock_mode() const override { return host_.clock_mode; }
  int64_t clock_origin_ns() const override { return host_.clock_origin_ns; }
  DeliveryFaults delivery_faults() const override { return host_.delivery; }
  Status CheckFeature(std::string_view feature) const override {
    const PluginLibrary& lib = *handle_->lib;
    ACLSIM_RETURN_IF_ERROR(Backend::CheckFeature(feature));  // an unknown name, whoever answers
    if (lib.api->struct_size < ACLSIM_BACKEND_API_2_1_STRUCT_SIZE || lib.api->check_feature == nullptr) {
      return OkStatus();  // a 2.0 plugin cannot say: it is taken to have every feature
    }
    const std::string name(feature);
    if (auto rc = lib.api->check_feature(handle_->backend, name.c_str()); rc != 0) {
      return lib.Error(rc, "check_feature");
    }
    return OkStatus();
  }

  StatusOr<std::unique_ptr<Device>> OpenDevice(uint32_t device_id) override {
    const PluginLibrary& lib = *handle_->lib;
    aclsimBackendDevice* device = nullptr;
    if (auto rc = lib.api->open_device(handle_->backend, device_id, &device); rc != 0) {
      return lib.Error(rc, "open_device");
    }
    aclsimBackendDeviceInfo raw{};
    raw.struct_size = ACLSIM_BACKEND_DEVICE_INFO_STRUCT_SIZE;
    DeviceInfo info;
    if (auto rc = lib.api->device_info(device, &raw); rc != 0 || !capi::FromC(raw, &info)) {
      Status error = rc != 0 ? lib.Error(rc, "device_info") : Status(StatusCode::kInternal, "device_info");
      (void)lib.api->close_device(device);
      return error;
    }
    return std::unique_ptr<Device>(new PluginDevice(handle_, device, std::move(info)));
  }

 private:
  const std::shared_ptr<const BackendHandle> handle_;  // shared with every PluginDevice
  const uint32_t device_count_;
  const HostSideProperties host_;
};

Status VersionError(const std::string& path, std::string detail) {
  return Status(Detail::kVersionMismatch, "backend plugin '" + path + "' " + detail);
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
  const std::pair<const char*, bool> backend_functions[] = {
      {"last_error", api.last_error != nullptr},           {"create_backend", api.create_backend != nullptr},
      {"destroy_backend", api.destroy_backend != nullptr}, {"device_count", api.device_count != nullptr},
      {"open_device", api.open_device != nullptr},         {"close_device", api.close_device != nullptr},
  };
  const char* missing = capi::FirstMissingDeviceFunction(api);
  for (const auto& [function, present] : backend_functions) {
    if (!present) missing = function;
  }
  if (missing != nullptr) {
    return VersionError(path, std::string("has a NULL ") + missing + " in its backend ABI " +
                                  AbiVersion(api.abi_major, api.abi_minor) + " function table");
  }
  return OkStatus();
}

}  // namespace

StatusOr<std::unique_ptr<Backend>> LoadPluginBackend(const std::string& path, const nlohmann::json& options) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    return Status(StatusCode::kInvalidArgument,
                  "cannot load backend plugin '" + path + "': " + (why != nullptr ? why : "dlopen failed"));
  }
  auto lib = std::make_shared<PluginLibrary>(handle, path);  // dlclose on every error path below
  dlerror();
  auto get_api = reinterpret_cast<aclsimBackendGetApiFn>(dlsym(handle, "aclsimBackendGetApi"));
  if (get_api == nullptr) {
    const char* why = dlerror();
    return Status(StatusCode::kInvalidArgument, "'" + path +
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

  const std::string options_json = options.is_null() ? std::string("{}") : options.dump();
  aclsimBackend* backend = nullptr;
  if (auto rc = api->create_backend(options_json.data(), options_json.size(), &backend); rc != 0) {
    return lib->Error(rc, "create_backend");
  }
  auto backend_handle = std::make_shared<const BackendHandle>(lib, backend);

  uint32_t device_count = 0;
  if (auto rc = api->device_count(backend, &device_count); rc != 0) return lib->Error(rc, "device_count");
  ACLSIM_ASSIGN_OR_RETURN(const HostSideProperties host, ReadProperties(*lib, backend));
  Log(LogLevel::kInfo, "loaded backend plugin '" + lib->name + "' (backend ABI " +
                           AbiVersion(api->abi_major, api->abi_minor) + ") from " + path + ", " +
                           std::to_string(device_count) + " device(s)");
  return std::unique_ptr<Backend>(new PluginBackend(std::move(backend_handle), device_count, host));
}

}  // namespace aclsim::device
