// Making a device plugin from a C++ backend: the plugin-side adapter of the
// C ABI (<aclsim/backend_c_api.h>).
//
// A plugin library (a MODULE library loaded by name or path,
// docs/backend_abi.md) links the aclsim::plugin_adapter object library,
// which implements the whole C table over a device::Backend, and names its
// backend factory once, like PJRT's CreatePjrtApi:
//
//   ACLSIM_DEFINE_BACKEND_PLUGIN("sim", aclsim::sim::CreateSimBackend)
//
// which defines the exported aclsimBackendGetApi. The library holds its own
// copy of the adapter and shares no state with the host. Graphs arrive as
// "aclsim.graph.v1" JSON and are parsed with the model loader; statuses
// leave as canonical codes (runtime/device/status_codec.h).
#ifndef ACLSIM_RUNTIME_DEVICE_C_API_PLUGIN_ADAPTER_H_
#define ACLSIM_RUNTIME_DEVICE_C_API_PLUGIN_ADAPTER_H_

#include <cstdint>

#include "aclsim/backend_c_api.h"
#include "runtime/device/backend.h"

namespace aclsim::device::capi {

// The table for |name| over |factory| if |host_abi_major| is ours, else our
// own table (the host then reports both versions). Thread-safe; the first
// call fixes the name and factory for the life of the library.
const aclsimBackendApi* GetBackendApi(const char* name, BackendFactory factory, uint32_t host_abi_major);

}  // namespace aclsim::device::capi

// Defines the plugin's exported entry point for the backend |factory|.
#define ACLSIM_DEFINE_BACKEND_PLUGIN(name, factory)                                                       \
  extern "C" ACLSIM_BACKEND_EXPORT const aclsimBackendApi* aclsimBackendGetApi(uint32_t host_abi_major) { \
    return ::aclsim::device::capi::GetBackendApi(name, factory, host_abi_major);                          \
  }

#endif  // ACLSIM_RUNTIME_DEVICE_C_API_PLUGIN_ADAPTER_H_
