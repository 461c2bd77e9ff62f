// The "sim" backend: simulated Ascend NPUs built from a device profile.
//
// RegisterSimBackend adds the factory to a BackendRegistry. sim/CMakeLists.txt
// names it with aclsim_register_backend, so libascendcl.so's registry calls
// it (docs/architecture.md, "Where to add things"); runtime/ never depends
// on sim/.
#ifndef ACLSIM_SIM_SIM_BACKEND_H_
#define ACLSIM_SIM_SIM_BACKEND_H_

#include <memory>

#include <nlohmann/json_fwd.hpp>

#include "runtime/device/backend.h"
#include "sim/sim_options.h"

namespace aclsim::sim {

// Creates a backend with |options.device_count| devices of one profile,
// each applying |options.faults|; it reports |options.clock_mode| and the
// plan's delivery faults (device::Backend). Options outside their ranges
// (SimOptions::Validate), an unknown profile or an unreadable profile file
// → kInvalidArgument.
StatusOr<std::unique_ptr<device::Backend>> CreateSimBackend(const SimOptions& options);

// The factory of "sim": ParseSimOptions(|options|), then CreateSimBackend.
StatusOr<std::unique_ptr<device::Backend>> CreateSimBackendFromConfig(const nlohmann::json& options);

// Registers CreateSimBackendFromConfig as "sim" in |registry|.
void RegisterSimBackend(device::BackendRegistry& registry);

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_SIM_BACKEND_H_
