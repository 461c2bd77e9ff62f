// The "sim" backend as a device plugin (libaclsim_backend_sim.so): the
// generic C ABI adapter (runtime/device/c_api/plugin_adapter.h) over the same
// sim::CreateSimBackendFromConfig that libascendcl.so links in, so the plugin
// path and the in-process path produce identical records. Only
// aclsimBackendGetApi is exported (cmake/backend_plugin.map).
#include "runtime/device/c_api/plugin_adapter.h"
#include "sim/sim_backend.h"

ACLSIM_DEFINE_BACKEND_PLUGIN("sim", aclsim::sim::CreateSimBackendFromConfig)
