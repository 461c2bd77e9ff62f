// Building a device plugin: what a plugin library defines.
//
// A plugin (a MODULE library loaded by name or path, docs/backend_abi.md)
// links the aclsim::plugin_export object library, which implements the whole
// C ABI of acl/aclsim_backend.h over a device::Backend, and defines the one
// function below to make its backend. sim/plugin/sim_plugin.cc is the
// example: three lines that return the simulator.
#ifndef ACLSIM_RUNTIME_DEVICE_PLUGIN_EXPORT_H_
#define ACLSIM_RUNTIME_DEVICE_PLUGIN_EXPORT_H_

#include <memory>

#include <nlohmann/json_fwd.hpp>

#include "runtime/device/backend.h"
#include "runtime/status.h"

namespace aclsim::device {

// Defined by the plugin library: makes its backend for the host's
// create_backend call from the backend's options object (backend.h; rebuilt
// from the ABI's struct by PluginOptionsFromAbiV1). Errors become the call's
// status and last_error.
StatusOr<std::unique_ptr<Backend>> CreatePluginBackend(const nlohmann::json& options);

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_PLUGIN_EXPORT_H_
