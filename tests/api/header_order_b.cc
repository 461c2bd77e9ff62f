// backend_c_api.h, then aclsim_ext.h: both must compile in this order
// (header_order_a.cc has the other one).
#include "aclsim/backend_c_api.h"
//
#include "acl/aclsim_ext.h"

namespace aclsim::header_order {

unsigned BackendThenExt() { return static_cast<unsigned>(ACLSIM_TASK_MARKER) * 10u + ACLSIM_BACKEND_TASK_MARKER; }

}  // namespace aclsim::header_order
