#include "api/src/global.h"

#include <pthread.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "api/src/registered_backends.h"
#include "runtime/config.h"
#include "runtime/device/c_api/plugin_backend.h"
#include "runtime/log.h"
#include "runtime/prof/command_config.h"
#include "runtime/read_file.h"

namespace aclsim::api {
namespace {

// CANN's log-level convention applies from the first call, even to calls
// (such as the record accessors) that never create the runtime.
const bool g_log_level_from_env = [] {
  if (const char* level = std::getenv("ASCEND_GLOBAL_LOG_LEVEL"); level != nullptr && *level != '\0') {
    int v = std::atoi(level);
    if (v >= 0 && v <= 4) SetLogLevel(static_cast<LogLevel>(v));
  }
  return true;
}();

std::mutex g_mu;
std::shared_ptr<runtime::Runtime> g_runtime;
bool g_initialized = false;
bool g_finalized = false;
// In a child forked while a runtime existed, until it calls aclInit.
bool g_forked_child = false;
// The parent's runtime in such a child: kept reachable (a leak checker does
// not report it) and never destroyed.
std::shared_ptr<runtime::Runtime>* g_abandoned_runtime = nullptr;

// fork(): the parent's g_mu is held across fork, so the child gets it in a
// known state; the child then abandons the parent's runtime (see global.h).
void BeforeFork() { g_mu.lock(); }
void AfterForkInParent() { g_mu.unlock(); }
void AfterForkInChild() {
  if (g_runtime) {
    // Never destroyed: its threads are not in this process and its locks
    // may be held by them. The memory goes with the process.
    g_abandoned_runtime = new std::shared_ptr<runtime::Runtime>(std::move(g_runtime));
    g_forked_child = true;
    g_initialized = false;
    g_finalized = false;
  }
  g_mu.unlock();
}
const bool g_fork_handlers = [] { return ::pthread_atfork(BeforeFork, AfterForkInParent, AfterForkInChild) == 0; }();

Status ForkedChild() {
  return Status(Detail::kNotInitialized,
                "this process is a child forked after aclsim's runtime was created: the parent's devices, models, "
                "streams and subscriptions are not usable here; call aclInit in the child to start a fresh runtime");
}
std::string g_backend_chooser;  // Configuration::backend_chooser of g_runtime

// A backend value that names a shared library rather than a registered name.
bool IsPluginPath(const std::string& backend) {
  return backend.find('/') != std::string::npos ||
         (backend.size() > 3 && backend.compare(backend.size() - 3, 3, ".so") == 0);
}

// The process-wide registry with every backend built in (registered_backends.h).
device::BackendRegistry& Registry() {
  static device::BackendRegistry& registry = []() -> device::BackendRegistry& {
    auto& r = device::BackendRegistry::Global();
    RegisterBackends(r);
    return r;
  }();
  return registry;
}

// The registry that creates |backend|: for a path, a one-entry registry
// (|*plugin_registry|) that loads that plugin (docs/backend_abi.md).
const device::BackendRegistry& RegistryFor(const std::string& backend, device::BackendRegistry* plugin_registry) {
  if (!IsPluginPath(backend)) return Registry();
  plugin_registry->Register(
      backend, [backend](const nlohmann::json& options) { return device::LoadPluginBackend(backend, options); });
  return *plugin_registry;
}

// A configuration file: a regular file of at most kMaxConfigFileBytes, else
// kFileUnusable (runtime/read_file.h).
Status ReadFile(const char* path, std::string* out) {
  return ReadRegularFile(path, kMaxConfigFileBytes, "config", {Detail::kFileUnusable, Detail::kFileUnusable}, out);
}

// The options and where they came from.
struct Configuration {
  runtime::RuntimeOptions options;
  std::string sources;       // the files used, for messages: "ACLSIM_CONFIG=a and b"
  bool backend_env = false;  // ACLSIM_BACKEND chose the backend
  // Who chose the backend when the environment did: "ACLSIM_BACKEND=x" or
  // "ACLSIM_CONFIG=path" (its file names a backend other than the default);
  // empty when the program's own configuration (or the default) does.
  std::string backend_chooser;
  // Command-mode profiling (PROFILER_SAMPLECONFIG, else the aclInit file's
  // "profiler" section), when it turns collection on.
  std::optional<prof::CommandConfig> command;
};

// Defaults, then ASCEND_GLOBAL_LOG_LEVEL and ASCEND_RT_VISIBLE_DEVICES, then the ACLSIM_CONFIG file, then
// the aclInit file, then ACLSIM_BACKEND for the backend alone (later sources
// win).
StatusOr<Configuration> BuildOptions(const char* config_path) {
  Configuration config;
  runtime::RuntimeOptions& options = config.options;
  if (const char* level = std::getenv("ASCEND_GLOBAL_LOG_LEVEL"); level != nullptr && *level != '\0') {
    // Range-checked on the full value (atoi would narrow "4294967298" to 2).
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(level, &end, 10);
    if (errno == 0 && *end == '\0' && v >= 0 && v <= 4) options.log_level = static_cast<LogLevel>(v);
  }
  // Set but empty counts: CANN then sees no device.
  if (const char* visible = std::getenv("ASCEND_RT_VISIBLE_DEVICES"); visible != nullptr) {
    options.visible_devices = visible;
  }
  if (const char* env = std::getenv("ACLSIM_CONFIG"); env != nullptr && *env != '\0') {
    std::string text;
    ACLSIM_RETURN_IF_ERROR(ReadFile(env, &text));
    const std::string default_backend = options.backend;
    Status s = runtime::ApplyConfigJson(text, &options);
    if (!s.ok()) return WithPrefix(s, "ACLSIM_CONFIG=" + std::string(env) + ": ");
    config.sources = "ACLSIM_CONFIG=" + std::string(env);
    if (options.backend != default_backend) config.backend_chooser = config.sources;
  }
  std::string init_text;
  if (config_path != nullptr && *config_path != '\0') {
    ACLSIM_RETURN_IF_ERROR(ReadFile(config_path, &init_text));
    Status s = runtime::ApplyConfigJson(init_text, &options);
    if (!s.ok()) return WithPrefix(s, std::string(config_path) + ": ");
    config.sources += (config.sources.empty() ? "" : " and ") + std::string(config_path);
  }
  const char* sample = std::getenv("PROFILER_SAMPLECONFIG");
  auto command = prof::CommandModeConfig(sample != nullptr ? sample : "", init_text);
  if (!command.ok()) {
    const bool from_file = sample == nullptr || *sample == '\0';
    return from_file ? WithPrefix(command.status(), std::string(config_path) + ": ") : command.status();
  }
  config.command = std::move(command).value();
  const char* backend = std::getenv("ACLSIM_BACKEND");
  config.backend_env = backend != nullptr && *backend != '\0';
  if (config.backend_env) {
    options.backend = backend;
    config.backend_chooser = "ACLSIM_BACKEND=" + options.backend;
  }
  return config;
}

// A failure to create the backend of |config|, attributed to where the
// configuration came from. The backend checks its own options, so a bad
// option (kFileAttrInvalid) or one it does not take (kUnimplemented) gets
// the files' names with its code unchanged.
Status Attributed(const Status& failure, const Configuration& config) {
  const bool option_error =
      failure.detail() == Detail::kFileAttrInvalid || failure.code() == StatusCode::kUnimplemented;
  std::string message = failure.message();
  if (option_error && !config.sources.empty()) message = config.sources + ": " + message;
  if (config.backend_env) {
    return Status(failure.code(), failure.detail(), failure.value(),
                  message + " (backend from ACLSIM_BACKEND=" + config.options.backend + ")");
  }
  // A well-formed value that names no backend, profile or profile file is
  // a bad attribute of the configuration file it came from.
  if (!config.sources.empty() && failure.code() == StatusCode::kInvalidArgument && failure.detail() == Detail::kNone) {
    return Status(Detail::kFileAttrInvalid, config.sources + ": " + message);
  }
  return Status(failure.code(), failure.detail(), failure.value(), std::move(message));
}

// Creates the backend |config| names, outside any runtime (the runtime's own
// is created by Runtime::Create).
StatusOr<std::unique_ptr<device::Backend>> CreateBackend(const Configuration& config) {
  device::BackendRegistry plugin_registry;
  auto backend = RegistryFor(config.options.backend, &plugin_registry)
                     .Create(config.options.backend, config.options.backend_options);
  if (!backend.ok()) return Attributed(backend.status(), config);
  return backend;
}

Status CreateLocked(const char* config_path) {
  ACLSIM_ASSIGN_OR_RETURN(Configuration config, BuildOptions(config_path));
  SetLogLevel(config.options.log_level);
  // Plugin version mismatches fail here, i.e. in aclInit or the first
  // runtime call.
  device::BackendRegistry plugin_registry;
  auto created = runtime::Runtime::Create(config.options, RegistryFor(config.options.backend, &plugin_registry));
  if (!created.ok()) return Attributed(created.status(), config);
  g_runtime = std::move(created).value();
  g_backend_chooser = config.backend_chooser;
  if (config.command) {
    if (Status s = g_runtime->profiler().EnterCommandMode(*config.command); !s.ok()) {
      g_runtime.reset();
      return s;
    }
  }
  LogRun("runtime created: backend '" + config.options.backend + "', " +
         std::to_string(g_runtime->devices().DeviceCount()) + " device(s)" +
         (config_path != nullptr && *config_path != '\0' ? ", configuration " + std::string(config_path) : ""));
  return OkStatus();
}

Status BackendSelection(const std::string& chooser) {
  if (chooser.empty()) return OkStatus();
  return Status(Detail::kOptionUnsupported,
                "the backend is chosen by the environment (" + chooser +
                    "), not by the program's configuration: its \"backend\" key and the default do not apply");
}

}  // namespace

namespace {
// Initial-exec: one load, not a __tls_get_addr call, on every entry point.
__attribute__((tls_model("initial-exec"))) thread_local bool tls_pending_call_charge = false;
}  // namespace

void SetPendingCallCharge(bool pending) { tls_pending_call_charge = pending; }

StatusOr<RuntimeRef> GetRuntime() {
  RuntimeRef ref;
  {
    std::lock_guard<std::mutex> lock(g_mu);
    if (g_forked_child) return ForkedChild();
    if (!g_runtime) ACLSIM_RETURN_IF_ERROR(CreateLocked(nullptr));
    ref = g_runtime;
  }
  if (tls_pending_call_charge) {
    tls_pending_call_charge = false;
    runtime::HostClock& clock = ref->profiler().host_clock();
    clock.Charge(clock.costs().api_call_ns);
  }
  return ref;
}

StatusOr<RuntimeRef> ExistingRuntime() {
  std::lock_guard<std::mutex> lock(g_mu);
  if (g_forked_child) return ForkedChild();
  if (!g_runtime) return Status(Detail::kNotInitialized, "no runtime exists (aclInit or an aclrt call creates it)");
  return RuntimeRef(g_runtime);
}

Status Initialize(const char* config_path) {
  std::lock_guard<std::mutex> lock(g_mu);
  if (g_initialized) return Status(Detail::kAlreadyInitialized, "aclInit was already called");
  g_forked_child = false;  // the child's own runtime from here on
  if (g_runtime) {
    if (config_path != nullptr && *config_path != '\0') {
      Log(LogLevel::kWarning, "aclInit: runtime calls before aclInit already configured aclsim; " +
                                  std::string(config_path) + " is only checked, not applied");
      // Checked as far as creating its backend (which checks its options),
      // then dropped.
      ACLSIM_ASSIGN_OR_RETURN(Configuration config, BuildOptions(config_path));
      ACLSIM_RETURN_IF_ERROR(CreateBackend(config).status());
      // Its profiler section does apply: CANN starts command-mode profiling
      // at aclInit (PROFILER_SAMPLECONFIG applied when the runtime was made).
      const char* sample = std::getenv("PROFILER_SAMPLECONFIG");
      if (config.command && (sample == nullptr || *sample == '\0')) {
        ACLSIM_RETURN_IF_ERROR(g_runtime->profiler().EnterCommandMode(*config.command));
      }
    }
  } else {
    ACLSIM_RETURN_IF_ERROR(CreateLocked(config_path));
  }
  g_initialized = true;
  g_finalized = false;
  return OkStatus();
}

Status Finalize() {
  std::shared_ptr<runtime::Runtime> doomed;
  {
    std::lock_guard<std::mutex> lock(g_mu);
    if (g_forked_child) {
      return Status(Detail::kAlreadyFinalized,
                    "this process is a child forked after aclsim's runtime was created: the parent's runtime is not "
                    "finalized here (nothing of it is usable in the child)");
    }
    if (g_finalized) return Status(Detail::kAlreadyFinalized, "aclFinalize was already called");
    g_finalized = true;
    g_initialized = false;
    doomed = std::move(g_runtime);
  }
  if (!doomed) return OkStatus();
  LogRun("aclFinalize: releasing the runtime");
  // Ending the subscriptions first releases calls waiting for a stalled
  // reader; other calls still running hold references of their own.
  doomed->profiler().Shutdown();
  doomed->host_tasks().Shutdown();  // releases threads waiting in aclrtProcessReport or for a stream's host tasks
  const auto deadline =
      std::chrono::steady_clock::now() + doomed->options().subscription_drain_timeout + std::chrono::seconds(1);
  while (doomed.use_count() > 1 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  if (const long others = doomed.use_count() - 1; others > 0) {
    Log(LogLevel::kWarning, "aclFinalize: " + std::to_string(others) +
                                " calls on other threads are still running; the runtime is released when the last "
                                "of them returns");
  }
  return OkStatus();  // the last reference releases every device, stream, event, model and buffer
}

Status CheckBackendFeature(std::string_view feature) {
  if (feature != kFeatureBackendSelection && !device::IsBackendFeature(feature)) {
    return Status(StatusCode::kInvalidArgument, "'" + std::string(feature) + "' is not a backend feature (known: " +
                                                    std::string(kFeatureBackendSelection) + ", " +
                                                    std::string(device::kFeatureClientDeviceOptions) + ", " +
                                                    std::string(device::kFeatureFreshDeviceClock) + ")");
  }
  std::lock_guard<std::mutex> lock(g_mu);
  if (g_forked_child) return ForkedChild();
  if (g_runtime) {
    if (feature == kFeatureBackendSelection) return BackendSelection(g_backend_chooser);
    return g_runtime->backend().CheckFeature(feature);
  }
  // Before the runtime exists: the backend the configuration would create
  // answers, and is dropped (no runtime is created).
  ACLSIM_ASSIGN_OR_RETURN(Configuration config, BuildOptions(nullptr));
  if (feature == kFeatureBackendSelection) return BackendSelection(config.backend_chooser);
  ACLSIM_ASSIGN_OR_RETURN(std::unique_ptr<device::Backend> backend, CreateBackend(config));
  return backend->CheckFeature(feature);
}

bool IsInitialized() {
  std::lock_guard<std::mutex> lock(g_mu);
  return g_initialized;
}

}  // namespace aclsim::api
