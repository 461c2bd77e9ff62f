// Device backends loaded from shared libraries (the plugin ABI).
//
// A plugin is a shared library exporting aclsimBackendGetApi, the C ABI of
// <aclsim/backend_c_api.h> (versioned, struct_size-first, append-only;
// docs/backend_abi.md). LoadPluginBackend loads one and wraps its function
// table as a device::Backend whose Devices forward every call across the ABI
// (capi::CApiDevice, generated): graphs cross as "aclsim.graph.v1" JSON,
// completion records are converted by the generated codec, and a failing
// call becomes a Status whose code is chosen from the plugin's canonical
// code, detail and the function that failed (device/status_codec.h), with
// the plugin's last_error message.
//
// The api/ edge decides when a backend is a plugin (a "sim-plugin" name, or a
// value that is a path) and where it lives; this layer takes the path it is
// given and never reads the environment.
#ifndef ACLSIM_RUNTIME_DEVICE_C_API_PLUGIN_BACKEND_H_
#define ACLSIM_RUNTIME_DEVICE_C_API_PLUGIN_BACKEND_H_

#include <memory>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "runtime/device/backend.h"
#include "runtime/status.h"

namespace aclsim::device {

// Loads the plugin at |path| (dlopen RTLD_NOW | RTLD_LOCAL; a name without a
// '/' is searched as dlopen searches), negotiates the ABI version and creates
// a backend from |options| (the backend's options object, backend.h) through
// the plugin's create_backend, as JSON text. The returned Backend reports
// the clock mode, clock origin and delivery faults the plugin gives through
// backend_properties (ABI 2.3; a 2.0-2.2 plugin: the defaults); the host
// applies those and reads none of |options| itself.
//
// The library stays loaded while the returned Backend or any Device opened
// from it is alive (they share ownership of it); Devices may outlive the
// Backend. Thread safety: as device::Backend / device::Device.
//
// Errors:
//   kInvalidArgument       |path| cannot be loaded (missing, not a shared
//                          library, unresolved symbols: dlerror() is quoted)
//                          or does not export aclsimBackendGetApi.
//   kVersionMismatch       version mismatch: the plugin offers no
//                          table for this host's ABI major, its abi_major
//                          differs (the message names both versions), its
//                          table is smaller than the 2.0 table, or a 2.0
//                          function pointer is NULL.
//   create_backend failed  its canonical code and detail (status_codec.h);
//                          UNIMPLEMENTED there is kOptionUnsupported
//                          (message: the plugin's last_error).
//   backend_properties     its code and message when the call fails;
//                          kInternal naming the value when the plugin reports
//                          an unknown clock mode or a clock origin outside
//                          [0, 2^60].
StatusOr<std::unique_ptr<Backend>> LoadPluginBackend(const std::string& path, const nlohmann::json& options);

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_C_API_PLUGIN_BACKEND_H_
