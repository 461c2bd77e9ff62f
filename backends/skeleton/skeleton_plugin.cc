// The skeleton backend as a device plugin (libaclsim_backend_skeleton.so),
// loaded with ACLSIM_BACKEND=/path/to/libaclsim_backend_skeleton.so.
#include <nlohmann/json.hpp>

#include "backends/skeleton/skeleton_backend.h"
#include "runtime/device/c_api/plugin_adapter.h"

namespace {

aclsim::StatusOr<std::unique_ptr<aclsim::device::Backend>> Create(const nlohmann::json& options) {
  ACLSIM_ASSIGN_OR_RETURN(aclsim::skeleton::SkeletonOptions skeleton, aclsim::skeleton::ParseSkeletonOptions(options));
  return aclsim::skeleton::CreateSkeletonBackend(skeleton);
}

}  // namespace

ACLSIM_DEFINE_BACKEND_PLUGIN("skeleton", Create)
