// aclsim_backend.h, then aclsim_ext.h: both must compile in this order
// (header_order_a.cc has the other one).
#include "acl/aclsim_backend.h"
//
#include "acl/aclsim_ext.h"

namespace aclsim::header_order {

unsigned BackendThenExt() { return static_cast<unsigned>(ACLSIM_TASK_MARKER) * 10u + ACLSIM_COMPLETION_MARKER; }

}  // namespace aclsim::header_order
