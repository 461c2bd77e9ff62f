// aclsim_ext.h, then backend_c_api.h: both must compile in this order
// (header_order_b.cc has the other one).
#include "acl/aclsim_ext.h"
//
#include "aclsim/backend_c_api.h"

namespace aclsim::header_order {

unsigned ExtThenBackend() { return static_cast<unsigned>(ACLSIM_TASK_MARKER) * 10u + ACLSIM_BACKEND_TASK_MARKER; }

}  // namespace aclsim::header_order
