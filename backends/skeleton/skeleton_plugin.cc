// The skeleton backend as a device plugin (libaclsim_backend_skeleton.so),
// loaded with ACLSIM_BACKEND=/path/to/libaclsim_backend_skeleton.so.
#include "backends/skeleton/skeleton_backend.h"
#include "runtime/device/c_api/plugin_adapter.h"

namespace {

aclsim::StatusOr<std::unique_ptr<aclsim::device::Backend>> Create(const aclsim::device::BackendOptions& options) {
  aclsim::skeleton::SkeletonOptions skeleton;
  skeleton.device_count = options.device_count;
  return aclsim::skeleton::CreateSkeletonBackend(skeleton);
}

}  // namespace

ACLSIM_DEFINE_BACKEND_PLUGIN("skeleton", Create)
