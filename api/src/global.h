// The process-wide runtime behind the ACL entry points, and the edge where
// configuration is read (aclInit's file, the ACLSIM_CONFIG file,
// ASCEND_GLOBAL_LOG_LEVEL) and turned into RuntimeOptions.
//
// As in CANN, runtime calls (aclrt*) work before aclInit: the first one
// creates the runtime from ACLSIM_CONFIG and defaults. Model calls need
// aclInit (GE's executor is initialised there).
//
// Fork handling: the runtime's threads (subscription writers) and the locks
// other threads held do not exist in a child of fork(). A child forked while
// a runtime exists therefore never uses or destroys the parent's runtime:
// every call that needs the runtime fails with kNotInitialized (100001, or
// 145001 at aclmdl*) saying so, aclFinalize fails with 100037, and exit is
// clean; aclInit in the child starts a fresh runtime of its own. A child
// forked before any runtime exists behaves as a new process.
#ifndef ACLSIM_API_SRC_GLOBAL_H_
#define ACLSIM_API_SRC_GLOBAL_H_

#include <memory>
#include <string_view>

#include "runtime/runtime.h"
#include "runtime/status.h"

namespace aclsim::api {

// The feature of the edge itself (aclsimCheckBackendFeature): the program's
// configuration chooses the backend. Lacking when the environment does —
// ACLSIM_BACKEND is set (it overrides the configuration's "backend" key), or
// the ACLSIM_CONFIG file names a backend other than the default.
inline constexpr std::string_view kFeatureBackendSelection = "backend_selection";

// A reference to the runtime held for the length of one call: aclFinalize
// on another thread cannot free it under the call.
using RuntimeRef = std::shared_ptr<runtime::Runtime>;

// The runtime, created on first use. Fails when the configuration is bad,
// and in a child forked after the runtime existed until the child calls
// aclInit (kNotInitialized; see Fork handling below).
StatusOr<RuntimeRef> GetRuntime();
// The runtime if it exists, never creating one (kNotInitialized otherwise):
// for calls that only record into a running runtime (mstx).
StatusOr<RuntimeRef> ExistingRuntime();
// The host cost of the calling thread's current ACL call (api_call_ns,
// runtime/host_costs.h), set by its ApiScope: the call's first GetRuntime()
// charges it on the runtime it returns, so timing a call takes no second
// look-up of the runtime. Cleared when the call ends without one.
void SetPendingCallCharge(bool pending);
// aclInit / aclFinalize semantics (repeat → 100002 / 100037). Finalize ends
// every subscription within the drain timeout (which releases any thread
// waiting for a stalled reader), then waits up to the drain timeout plus
// one second for calls still running on other threads and releases the
// runtime; a call that runs longer releases it when it returns.
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

// Declares |rt| (runtime::Runtime*, kept alive until the enclosing scope
// ends) or returns the ACL error of a failed runtime creation from the
// enclosing aclError-returning function.
#define ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function)                               \
  auto rt##_or_ = ::aclsim::api::GetRuntime();                                      \
  if (!rt##_or_.ok()) return ::aclsim::api::Convert((function), rt##_or_.status()); \
  ::aclsim::runtime::Runtime* rt = rt##_or_->get()
#define ACLSIM_GET_RUNTIME_OR_RETURN(rt) ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, __func__)

#endif  // ACLSIM_API_SRC_GLOBAL_H_
