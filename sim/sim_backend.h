// The "sim" backend: simulated Ascend NPUs built from a device profile.
//
// RegisterSimBackend adds the factory to a BackendRegistry; the api/ layer
// calls it for the global registry (the registration-module pattern), so
// runtime/ never depends on sim/.
#ifndef ACLSIM_SIM_SIM_BACKEND_H_
#define ACLSIM_SIM_SIM_BACKEND_H_

#include <memory>

#include "runtime/device/backend.h"

namespace aclsim::sim {

// Creates a backend with |options.device_count| devices of one profile.
// Unknown profile or unreadable profile file → kInvalidParam.
StatusOr<std::unique_ptr<device::Backend>> CreateSimBackend(const device::BackendOptions& options);

// Registers CreateSimBackend as "sim" in |registry|.
void RegisterSimBackend(device::BackendRegistry& registry);

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_SIM_BACKEND_H_
