// The device backends built into libascendcl.so.
//
// Each backend's own CMakeLists.txt names its registration function with
// aclsim_register_backend (cmake/AclsimHelpers.cmake); api/CMakeLists.txt
// generates the definitions below from those calls
// (generated/api/src/registered_backends.cc in the build tree), so the
// edge names no backend. "null" is not listed: every BackendRegistry has it.
#ifndef ACLSIM_API_SRC_REGISTERED_BACKENDS_H_
#define ACLSIM_API_SRC_REGISTERED_BACKENDS_H_

#include <vector>

#include "runtime/device/backend.h"

namespace aclsim::api {

struct BackendRegistration {
  const char* name;                                     // the NAME given to aclsim_register_backend
  void (*function)(device::BackendRegistry& registry);  // registers |name|
};

// Every registration, in name order.
const std::vector<BackendRegistration>& RegisteredBackends();

// Calls every registration function on |registry|.
void RegisterBackends(device::BackendRegistry& registry);

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_REGISTERED_BACKENDS_H_
