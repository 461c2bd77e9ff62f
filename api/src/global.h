// The process-wide runtime behind the ACL entry points, and the edge where
// configuration is read (aclInit's file, the ACLSIM_CONFIG file,
// ASCEND_GLOBAL_LOG_LEVEL) and turned into RuntimeOptions.
//
// As in CANN, runtime calls (aclrt*) work before aclInit: the first one
// creates the runtime from ACLSIM_CONFIG and defaults. Model calls need
// aclInit (GE's executor is initialised there).
#ifndef ACLSIM_API_SRC_GLOBAL_H_
#define ACLSIM_API_SRC_GLOBAL_H_

#include <string_view>

#include "runtime/runtime.h"
#include "runtime/status.h"

namespace aclsim::api {

// The feature of the edge itself (aclsimCheckBackendFeature): the program's
// configuration chooses the backend. Lacking when the environment does —
// ACLSIM_BACKEND is set (it overrides the configuration's "backend" key), or
// the ACLSIM_CONFIG file names a backend other than the default.
inline constexpr std::string_view kFeatureBackendSelection = "backend_selection";

// The runtime, created on first use. Fails when the configuration is bad.
StatusOr<runtime::Runtime*> GetRuntime();
// aclInit / aclFinalize semantics (repeat → 100002 / 100037).
Status Initialize(const char* config_path);
Status Finalize();
bool IsInitialized();
// aclsimCheckBackendFeature: kFeatureBackendSelection, or one of the
// device::kFeature* names asked of the runtime's backend — before the
// runtime exists, of the backend the configuration would create (created,
// asked and dropped; a failure to create it is returned). Lacking →
// kUnimplemented with the reason; another name → kInvalidArgument.
Status CheckBackendFeature(std::string_view feature);

}  // namespace aclsim::api

// Declares |rt| (runtime::Runtime*) or returns the ACL error of a failed
// runtime creation from the enclosing aclError-returning function.
#define ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function)                               \
  auto rt##_or_ = ::aclsim::api::GetRuntime();                                      \
  if (!rt##_or_.ok()) return ::aclsim::api::Convert((function), rt##_or_.status()); \
  ::aclsim::runtime::Runtime* rt = *rt##_or_
#define ACLSIM_GET_RUNTIME_OR_RETURN(rt) ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, __func__)

#endif  // ACLSIM_API_SRC_GLOBAL_H_
