// Error reporting at the ACL edge: Status → aclError, plus the thread's
// recent-error message for aclGetRecentErrMsg() and a log line. None of
// these throws or allocates for the message (edge.h relies on that).
#ifndef ACLSIM_API_SRC_ERROR_H_
#define ACLSIM_API_SRC_ERROR_H_

#include <string>

#include "acl/acl_base.h"
#include "runtime/status.h"

namespace aclsim::api {

// Records |status| (if not OK) for this thread and returns the ACL code
// entry point |function| returns for it.
aclError Convert(const char* function, const Status& status) noexcept;
// Records an invalid-parameter failure of |function| and returns 100000.
aclError InvalidParam(const char* function, const char* what) noexcept;
// Records an argument failure of |function| with |code| and returns it.
aclError Reject(aclError code, const char* function, const char* what) noexcept;
// Records that |function| is not implemented by aclsim; the message points
// to |coverage_page|, the page that lists what is.
void SetNotSupported(const char* function, const char* coverage_page = "docs/api_coverage.md") noexcept;
// Records |message| with |code| for this thread (no return value).
void SetError(aclError code, const std::string& message) noexcept;
// The message of this thread's most recent failure, or nullptr.
const char* RecentErrorMessage() noexcept;
// The code of this thread's most recent failure (ACL_SUCCESS if none since
// the last clear); |clear| resets it (aclrtGetLastError vs. PeekAtLastError).
aclError LastError(bool clear) noexcept;

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_ERROR_H_
