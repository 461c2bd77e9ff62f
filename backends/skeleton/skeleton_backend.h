// The skeleton backend: a complete device backend in which every device
// method answers "unimplemented". Copy this folder to start a backend of
// your own (README.md); it compiles, registers, loads as a plugin and runs
// the conformance suite from the first minute, and each method you
// implement turns skipped or failing conformance tests into passing ones.
//
// Options (the "aclsim" configuration keys besides "backend"):
//   device_count  devices the backend reports, [1, 64], default 1
// Anything else is refused with kFileAttrInvalid naming the key
// (device::UnknownBackendOption), as every backend does.
#ifndef ACLSIM_BACKENDS_SKELETON_SKELETON_BACKEND_H_
#define ACLSIM_BACKENDS_SKELETON_SKELETON_BACKEND_H_

#include <memory>

#include <nlohmann/json_fwd.hpp>

#include "runtime/device/backend.h"

namespace aclsim::skeleton {

struct SkeletonOptions {
  uint32_t device_count = 1;
};

// Parses the backend's options object (device::BackendFactory). A wrong
// type, an out-of-range value or an unknown key → kFileAttrInvalid.
StatusOr<SkeletonOptions> ParseSkeletonOptions(const nlohmann::json& options);

// Creates the backend. Invalid options → kInvalidArgument.
StatusOr<std::unique_ptr<device::Backend>> CreateSkeletonBackend(const SkeletonOptions& options);

// Registers the backend as "skeleton" (backends/skeleton/CMakeLists.txt).
void RegisterSkeletonBackend(device::BackendRegistry& registry);

}  // namespace aclsim::skeleton

#endif  // ACLSIM_BACKENDS_SKELETON_SKELETON_BACKEND_H_
