// The process-wide runtime behind the ACL entry points, and the edge where
// configuration is read (aclInit's file, the ACLSIM_CONFIG file,
// ASCEND_GLOBAL_LOG_LEVEL) and turned into RuntimeOptions.
//
// As in CANN, runtime calls (aclrt*) work before aclInit: the first one
// creates the runtime from ACLSIM_CONFIG and defaults. Model calls need
// aclInit (GE's executor is initialised there).
#ifndef ACLSIM_API_SRC_GLOBAL_H_
#define ACLSIM_API_SRC_GLOBAL_H_

#include "runtime/runtime.h"
#include "runtime/status.h"

namespace aclsim::api {

// The runtime, created on first use. Fails when the configuration is bad.
StatusOr<runtime::Runtime*> GetRuntime();
// aclInit / aclFinalize semantics (repeat → 100002 / 100037).
Status Initialize(const char* config_path);
Status Finalize();
bool IsInitialized();

}  // namespace aclsim::api

// Declares |rt| (runtime::Runtime*) or returns the ACL error of a failed
// runtime creation from the enclosing aclError-returning function.
#define ACLSIM_GET_RUNTIME_OR_RETURN(rt)                                \
  auto rt##_or_ = ::aclsim::api::GetRuntime();                          \
  if (!rt##_or_.ok()) return ::aclsim::api::Convert(rt##_or_.status()); \
  ::aclsim::runtime::Runtime* rt = *rt##_or_

#endif  // ACLSIM_API_SRC_GLOBAL_H_
