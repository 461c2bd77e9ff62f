// The "sim-plugin" backend: the simulator loaded through the plugin ABI
// (docs/backend_abi.md) from libaclsim_backend_sim.so, which the build puts
// next to libascendcl.so. sim/plugin/CMakeLists.txt names
// RegisterSimPluginBackend with aclsim_register_backend.
#ifndef ACLSIM_SIM_PLUGIN_SIM_PLUGIN_BACKEND_H_
#define ACLSIM_SIM_PLUGIN_SIM_PLUGIN_BACKEND_H_

#include <string>

#include "runtime/device/backend.h"
#include "runtime/status.h"

namespace aclsim::sim {

// libaclsim_backend_sim.so in the directory of the shared library (or
// executable) this code is linked into, found with dladdr. kInternal when
// that file cannot be located.
StatusOr<std::string> SimPluginPath();

// Registers "sim-plugin" in |registry|: device::LoadPluginBackend of
// SimPluginPath() with the backend's options.
void RegisterSimPluginBackend(device::BackendRegistry& registry);

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_PLUGIN_SIM_PLUGIN_BACKEND_H_
