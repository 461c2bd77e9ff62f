// aclsim_ext.h, then aclsim_backend.h: both must compile in this order
// (header_order_b.cc has the other one).
#include "acl/aclsim_ext.h"
//
#include "acl/aclsim_backend.h"

namespace aclsim::header_order {

unsigned ExtThenBackend() { return static_cast<unsigned>(ACLSIM_TASK_MARKER) * 10u + ACLSIM_COMPLETION_MARKER; }

}  // namespace aclsim::header_order
