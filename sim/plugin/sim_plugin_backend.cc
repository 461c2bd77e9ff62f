#include "sim/plugin/sim_plugin_backend.h"

#include <dlfcn.h>

#include <nlohmann/json.hpp>

#include "runtime/device/c_api/plugin_backend.h"

namespace aclsim::sim {
namespace {

constexpr const char* kSimPluginFile = "libaclsim_backend_sim.so";

const char g_anchor = 0;  // an address inside the library that links this file

}  // namespace

StatusOr<std::string> SimPluginPath() {
  Dl_info info{};
  if (dladdr(&g_anchor, &info) == 0 || info.dli_fname == nullptr || *info.dli_fname == '\0') {
    return Status(StatusCode::kInternal, std::string("backend 'sim-plugin': cannot locate the library holding it ") +
                                             "(libascendcl.so) to find " + kSimPluginFile);
  }
  std::string self = info.dli_fname;
  size_t slash = self.rfind('/');
  return (slash == std::string::npos ? std::string() : self.substr(0, slash + 1)) + kSimPluginFile;
}

void RegisterSimPluginBackend(device::BackendRegistry& registry) {
  registry.Register("sim-plugin", [](const nlohmann::json& options) -> StatusOr<std::unique_ptr<device::Backend>> {
    ACLSIM_ASSIGN_OR_RETURN(std::string path, SimPluginPath());
    return device::LoadPluginBackend(path, options);
  });
}

}  // namespace aclsim::sim
