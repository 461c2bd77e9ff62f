// The one place a Status becomes an ACL number.
//
// Inside aclsim a failure is a canonical code with an optional Detail
// (runtime/status.h). CANN returns different numbers for the same condition
// at different entry points, so the number is chosen here, once, from one
// table keyed by entry point: rows for one entry point or for a family of
// them ("aclrt*": the runtime layer answers a bad argument with 107000,
// "aclmdl*": the model layer answers an unloaded model with 145003), then
// one default per detail and per canonical code. A number the device
// reported (Detail::kDeviceError) is returned as it is.
//
// tests/api/error_table_test.cc pins every row against the codes traced on
// CANN (docs/differences.md).
#ifndef ACLSIM_API_SRC_ERROR_TABLE_H_
#define ACLSIM_API_SRC_ERROR_TABLE_H_

#include <string_view>

#include "acl/acl_base.h"
#include "runtime/status.h"

namespace aclsim::api {

// CANN's internal PROFILING_FAILED, which msproftx entry points return.
inline constexpr aclError kProfilingFailed = -1;

// The aclError entry point |function| returns for |status| (ACL_SUCCESS for
// an OK status).
aclError AclCodeFor(std::string_view function, const Status& status) noexcept;

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_ERROR_TABLE_H_
