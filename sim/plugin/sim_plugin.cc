// The "sim" backend as a device plugin (libaclsim_backend_sim.so): the
// generic adapter of runtime/device/plugin_export.cc over the same
// sim::CreateSimBackendFromConfig that libascendcl.so links in, so the
// plugin path and the in-process path produce identical records. Only
// aclsimBackendGetApi is exported (sim_plugin.map).
#include "runtime/device/plugin_export.h"
#include "sim/sim_backend.h"

namespace aclsim::device {

StatusOr<std::unique_ptr<Backend>> CreatePluginBackend(const nlohmann::json& options) {
  return sim::CreateSimBackendFromConfig(options);
}

}  // namespace aclsim::device
