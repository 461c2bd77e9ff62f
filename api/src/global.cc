#include "api/src/global.h"

#include <dlfcn.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>

#include "remote/client/remote_backend.h"
#include "runtime/config.h"
#include "runtime/device/c_api/plugin_backend.h"
#include "runtime/log.h"
#include "sim/sim_backend.h"

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
std::unique_ptr<runtime::Runtime> g_runtime;
bool g_initialized = false;
bool g_finalized = false;

// The in-tree simulator built as a plugin sits next to libascendcl.so.
constexpr const char* kSimPluginFile = "libaclsim_backend_sim.so";

StatusOr<std::string> SimPluginPath() {
  Dl_info info{};
  if (dladdr(&g_mu, &info) == 0 || info.dli_fname == nullptr || *info.dli_fname == '\0') {
    return Status(ErrorCode::kFailure,
                  "backend 'sim-plugin': cannot locate libascendcl.so to find " + std::string(kSimPluginFile));
  }
  std::string self = info.dli_fname;
  size_t slash = self.rfind('/');
  return (slash == std::string::npos ? std::string() : self.substr(0, slash + 1)) + kSimPluginFile;
}

// A backend value that names a shared library rather than a registered name.
bool IsPluginPath(const std::string& backend) {
  return backend.find('/') != std::string::npos ||
         (backend.size() > 3 && backend.compare(backend.size() - 3, 3, ".so") == 0);
}

device::BackendRegistry& Registry() {
  static device::BackendRegistry& registry = []() -> device::BackendRegistry& {
    auto& r = device::BackendRegistry::Global();
    sim::RegisterSimBackend(r);
    remote::RegisterRemoteBackend(r);
    r.Register("sim-plugin", [](const device::BackendOptions& options) -> StatusOr<std::unique_ptr<device::Backend>> {
      ACLSIM_ASSIGN_OR_RETURN(std::string path, SimPluginPath());
      return device::LoadPluginBackend(path, options);
    });
    return r;
  }();
  return registry;
}

Status ReadFile(const char* path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(ErrorCode::kInvalidFile, std::string("cannot read config file '") + path + "'");
  std::ostringstream buf;
  buf << in.rdbuf();
  *out = buf.str();
  return OkStatus();
}

// Defaults, then ASCEND_GLOBAL_LOG_LEVEL, then the ACLSIM_CONFIG file, then
// the aclInit file, then ACLSIM_BACKEND for the backend alone (later sources
// win). |out_sources| names the files used; |out_backend_env| is set when
// ACLSIM_BACKEND chose the backend.
StatusOr<runtime::RuntimeOptions> BuildOptions(const char* config_path, std::string* out_sources = nullptr,
                                               bool* out_backend_env = nullptr) {
  runtime::RuntimeOptions options;
  std::string sources;
  if (const char* level = std::getenv("ASCEND_GLOBAL_LOG_LEVEL"); level != nullptr && *level != '\0') {
    int v = std::atoi(level);
    if (v >= 0 && v <= 4) options.log_level = static_cast<LogLevel>(v);
  }
  if (const char* env = std::getenv("ACLSIM_CONFIG"); env != nullptr && *env != '\0') {
    std::string text;
    ACLSIM_RETURN_IF_ERROR(ReadFile(env, &text));
    Status s = runtime::ApplyConfigJson(text, &options);
    if (!s.ok()) return Status(s.code(), "ACLSIM_CONFIG=" + std::string(env) + ": " + s.message());
    sources = "ACLSIM_CONFIG=" + std::string(env);
  }
  if (config_path != nullptr && *config_path != '\0') {
    std::string text;
    ACLSIM_RETURN_IF_ERROR(ReadFile(config_path, &text));
    Status s = runtime::ApplyConfigJson(text, &options);
    if (!s.ok()) return Status(s.code(), std::string(config_path) + ": " + s.message());
    sources += (sources.empty() ? "" : " and ") + std::string(config_path);
  }
  const char* backend = std::getenv("ACLSIM_BACKEND");
  const bool backend_env = backend != nullptr && *backend != '\0';
  if (backend_env) options.backend = backend;
  if (out_sources != nullptr) *out_sources = sources;
  if (out_backend_env != nullptr) *out_backend_env = backend_env;
  return options;
}

Status CreateLocked(const char* config_path) {
  std::string sources;
  bool backend_env = false;
  ACLSIM_ASSIGN_OR_RETURN(runtime::RuntimeOptions options, BuildOptions(config_path, &sources, &backend_env));
  SetLogLevel(options.log_level);
  // A backend given as a path is a plugin: a one-entry registry loads it
  // (docs/backend_abi.md). Version mismatches fail here, i.e. in aclInit or
  // the first runtime call.
  device::BackendRegistry plugin_registry;
  if (IsPluginPath(options.backend)) {
    const std::string path = options.backend;
    plugin_registry.Register(path, [path](const device::BackendOptions& backend_options) {
      return device::LoadPluginBackend(path, backend_options);
    });
  }
  auto created = runtime::Runtime::Create(options, IsPluginPath(options.backend) ? plugin_registry : Registry());
  if (!created.ok()) {
    if (backend_env) {
      return Status(created.status().code(),
                    created.status().message() + " (backend from ACLSIM_BACKEND=" + options.backend + ")");
    }
    // A well-formed value that names no backend, profile or profile file is
    // a bad attribute of the configuration file it came from.
    if (!sources.empty() && created.status().code() == ErrorCode::kInvalidParam) {
      return Status(ErrorCode::kFileAttrInvalid, sources + ": " + created.status().message());
    }
    return created.status();
  }
  g_runtime = std::move(created).value();
  return OkStatus();
}

}  // namespace

StatusOr<runtime::Runtime*> GetRuntime() {
  std::lock_guard<std::mutex> lock(g_mu);
  if (!g_runtime) ACLSIM_RETURN_IF_ERROR(CreateLocked(nullptr));
  return g_runtime.get();
}

Status Initialize(const char* config_path) {
  std::lock_guard<std::mutex> lock(g_mu);
  if (g_initialized) return Status(ErrorCode::kRepeatInitialize, "aclInit was already called");
  if (g_runtime) {
    if (config_path != nullptr && *config_path != '\0') {
      Log(LogLevel::kWarning, "aclInit: runtime calls before aclInit already configured aclsim; " +
                                  std::string(config_path) + " is only checked, not applied");
      auto options = BuildOptions(config_path);
      if (!options.ok()) return options.status();
    }
  } else {
    ACLSIM_RETURN_IF_ERROR(CreateLocked(config_path));
  }
  g_initialized = true;
  g_finalized = false;
  return OkStatus();
}

Status Finalize() {
  std::unique_ptr<runtime::Runtime> doomed;
  {
    std::lock_guard<std::mutex> lock(g_mu);
    if (g_finalized) return Status(ErrorCode::kRepeatFinalize, "aclFinalize was already called");
    g_finalized = true;
    g_initialized = false;
    doomed = std::move(g_runtime);
  }
  return OkStatus();  // |doomed| releases every device, stream, event, model and buffer
}

bool IsInitialized() {
  std::lock_guard<std::mutex> lock(g_mu);
  return g_initialized;
}

}  // namespace aclsim::api
