// The plugin-side adapter of the C ABI: the backend-level functions, the
// error state and the completion sink by hand; the device functions are
// generated from runtime/device/device_api.py (plugin_functions.inc).
#include "runtime/device/c_api/plugin_adapter.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "nlohmann/json.hpp"
#include "runtime/device/c_api/codec.h"
#include "runtime/device/status_codec.h"
#include "runtime/model/graph_loader.h"

struct aclsimBackend {
  std::unique_ptr<aclsim::device::Backend> backend;
};

namespace aclsim::device::capi {
namespace {

// The latest failure on this thread, as last_error reports it. Trivially
// destructible on purpose: the host may call in (and fail) while the process
// exits, after this thread's thread_local destructors have run.
struct LastFailure {
  CanonicalStatus status;
  char message[1024];  // NUL-terminated, truncated to fit
};
thread_local LastFailure t_last{};

aclsimBackendStatus Record(const CanonicalStatus& status, std::string_view message) {
  t_last.status = status;
  const size_t n = std::min(message.size(), sizeof(t_last.message) - 1);
  std::memcpy(t_last.message, message.data(), n);
  t_last.message[n] = '\0';
  return static_cast<aclsimBackendStatus>(status.code);
}
aclsimBackendStatus Fail(StatusCode code, const std::string& message) {
  return Record(CanonicalStatus{code, Detail::kNone, 0}, message);
}
aclsimBackendStatus Fail(const Status& status) { return Record(ToCanonical(status), status.message()); }
aclsimBackendStatus NullArg(const char* function, const char* what) {
  return Fail(StatusCode::kInvalidArgument, std::string(function) + ": " + what + " is NULL");
}
aclsimBackendStatus SmallStruct(const char* function, const char* what, uint32_t struct_size) {
  return Fail(StatusCode::kInvalidArgument, std::string(function) + ": " + what + " struct_size " +
                                                std::to_string(struct_size) + " is below the 2.0 size");
}
aclsimBackendStatus BadEnum(const char* function, const char* what) {
  return Fail(StatusCode::kInvalidArgument, std::string(function) + ": " + what + " holds an unknown enum value");
}

// Runs |body| (returning aclsimBackendStatus) so that no exception crosses
// the C boundary.
template <typename Body>
aclsimBackendStatus Guard(const char* function, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return Fail(StatusCode::kResourceExhausted, std::string(function) + ": out of memory");
  } catch (const std::exception& e) {
    return Fail(StatusCode::kInternal, std::string(function) + ": " + e.what());
  } catch (...) {
    return Fail(StatusCode::kInternal, std::string(function) + ": unknown exception");
  }
}

// Stores a StatusOr's value through |out| or reports its error.
template <typename T, typename Out>
aclsimBackendStatus Deliver(StatusOr<T> result, Out* out) {
  if (!result.ok()) return Fail(result.status());
  *out = static_cast<Out>(*result);
  return 0;
}
aclsimBackendStatus Deliver(const Status& status) { return status.ok() ? 0 : Fail(status); }

// Forwards device records to the host's callback, converted into a
// per-thread buffer (the device delivers outside its lock, so submissions on
// several threads may call this at once).
class SinkAdapter final : public CompletionSink {
 public:
  void Set(aclsimBackendCompletionFn fn, void* user) {
    fn_ = fn;
    user_ = user;
  }
  void OnCompletions(const CompletionRecord* records, size_t count) override {
    if (count == 0) return;
    thread_local std::vector<aclsimBackendCompletion> buffer;
    buffer.resize(count);
    for (size_t i = 0; i < count; ++i) {
      buffer[i] = aclsimBackendCompletion{};
      buffer[i].struct_size = ACLSIM_BACKEND_COMPLETION_STRUCT_SIZE;
      ToC(records[i], &buffer[i]);
    }
    fn_(user_, buffer.data(), count);
  }

 private:
  aclsimBackendCompletionFn fn_ = nullptr;
  void* user_ = nullptr;
};
static_assert(sizeof(aclsimBackendCompletion) == ACLSIM_BACKEND_COMPLETION_STRUCT_SIZE, "no tail padding in 2.0");

}  // namespace
}  // namespace aclsim::device::capi

struct aclsimBackendDevice {
  std::unique_ptr<aclsim::device::Device> device;
  std::mutex sink_mu;  // serialises set_completion_sink
  aclsim::device::capi::SinkAdapter sink;
};

namespace aclsim::device::capi {
namespace {

// The library's backend: set by the first GetBackendApi call.
struct PluginIdentity {
  std::once_flag once;
  const char* name = "";
  BackendFactory factory;
};
PluginIdentity& Identity() {
  static PluginIdentity identity;
  return identity;
}

aclsimBackendStatus SetSink(aclsimBackendDevice* device, aclsimBackendCompletionFn fn, void* user) {
  return Guard("set_completion_sink", [&] {
    std::lock_guard<std::mutex> lock(device->sink_mu);
    // Detaching first delivers pending records to the previous callback.
    device->device->SetCompletionSink(nullptr);
    device->sink.Set(fn, user);
    if (fn != nullptr) device->device->SetCompletionSink(&device->sink);
    return aclsimBackendStatus{0};
  });
}

#include "runtime/device/c_api/plugin_functions.inc"  // NOLINT: the generated device functions

void LastError(aclsimBackendError* out) {
  if (out == nullptr || out->struct_size < ACLSIM_BACKEND_ERROR_STRUCT_SIZE) return;
  out->code = static_cast<int32_t>(t_last.status.code);
  out->detail = static_cast<int32_t>(t_last.status.detail);
  out->value = t_last.status.value;
  out->message = t_last.message;
}

aclsimBackendStatus CreateBackend(const char* options_json, size_t len, aclsimBackend** out_backend) {
  return Guard("create_backend", [&] {
    if (options_json == nullptr && len > 0) return NullArg("create_backend", "options_json");
    if (out_backend == nullptr) return NullArg("create_backend", "out_backend");
    nlohmann::json options = len == 0 ? nlohmann::json::object()
                                      : nlohmann::json::parse(std::string_view(options_json, len), nullptr, false);
    if (!options.is_object()) {
      return Fail(StatusCode::kInvalidArgument, "create_backend: the options are not a JSON object");
    }
    auto backend = Identity().factory(options);
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

aclsimBackendStatus OpenDevice(aclsimBackend* backend, uint32_t device_id, aclsimBackendDevice** out_device) {
  return Guard("open_device", [&] {
    if (backend == nullptr) return NullArg("open_device", "backend");
    if (out_device == nullptr) return NullArg("open_device", "out_device");
    auto opened = backend->backend->OpenDevice(device_id);
    if (!opened.ok()) return Fail(opened.status());
    auto dev = std::make_unique<aclsimBackendDevice>();
    dev->device = std::move(opened).value();
    *out_device = dev.release();
    return aclsimBackendStatus{0};
  });
}

aclsimBackendStatus CloseDevice(aclsimBackendDevice* device) {
  if (device == nullptr) return 0;
  return Guard("close_device", [&] {
    device->device->SetCompletionSink(nullptr);  // delivers what is pending
    (void)device->device->SynchronizeDevice();
    delete device;
    return aclsimBackendStatus{0};
  });
}

aclsimBackendStatus CheckFeature(aclsimBackend* backend, const char* feature) {
  return Guard("check_feature", [&] {
    if (backend == nullptr) return NullArg("check_feature", "backend");
    if (feature == nullptr) return NullArg("check_feature", "feature");
    const Status s = backend->backend->CheckFeature(feature);
    return s.ok() ? aclsimBackendStatus{0} : Fail(s);
  });
}

aclsimBackendStatus BackendProperties(aclsimBackend* backend, aclsimBackendProperties* out) {
  return Guard("backend_properties", [&] {
    if (backend == nullptr) return NullArg("backend_properties", "backend");
    if (out == nullptr) return NullArg("backend_properties", "out_properties");
    if (out->struct_size < ACLSIM_BACKEND_PROPERTIES_STRUCT_SIZE) {
      return Fail(StatusCode::kInvalidArgument, "backend_properties: out_properties struct_size " +
                                                    std::to_string(out->struct_size) + " is below the 2.3 size");
    }
    const Backend& b = *backend->backend;
    const DeliveryFaults delivery = b.delivery_faults();
    out->clock_mode =
        b.clock_mode() == ClockMode::kRealtime ? ACLSIM_BACKEND_CLOCK_REALTIME : ACLSIM_BACKEND_CLOCK_VIRTUAL;
    out->clock_origin_ns = b.clock_origin_ns();
    out->slow_delivery_us = delivery.slow_delivery_us;
    out->corrupt_record = delivery.corrupt_record;
    return aclsimBackendStatus{0};
  });
}

aclsimBackendApi MakeApi(const char* name) {
  aclsimBackendApi api{};
  api.struct_size = ACLSIM_BACKEND_API_2_3_STRUCT_SIZE;
  api.abi_major = ACLSIM_BACKEND_ABI_MAJOR;
  api.abi_minor = ACLSIM_BACKEND_ABI_MINOR;
  api.name = name;
  api.last_error = &LastError;
  api.create_backend = &CreateBackend;
  api.destroy_backend = &DestroyBackend;
  api.device_count = &DeviceCount;
  api.open_device = &OpenDevice;
  api.close_device = &CloseDevice;
  SetDeviceFunctions(&api);
  api.check_feature = &CheckFeature;
  api.backend_properties = &BackendProperties;
  return api;
}

}  // namespace

const aclsimBackendApi* GetBackendApi(const char* name, BackendFactory factory, uint32_t /*host_abi_major*/) {
  PluginIdentity& identity = Identity();
  std::call_once(identity.once, [&] {
    identity.name = name;
    identity.factory = std::move(factory);
  });
  static const aclsimBackendApi api = MakeApi(identity.name);
  // A host of another major gets our table too: it reads only the frozen
  // prefix and names both versions in its error.
  return &api;
}

}  // namespace aclsim::device::capi
