/*
 * aclsim - clean-room ACL base API (acl_base.h).
 *
 * As in CANN, acl_base.h only includes its parts: acl_base_rt.h (types, error
 * codes, data buffers, logging and attribute queries), acl_base_mdl.h (tensor
 * descriptions) and the runtime and GE error-code headers.
 */
#ifndef INC_EXTERNAL_ACL_ACL_BASE_H_
#define INC_EXTERNAL_ACL_ACL_BASE_H_

#include "acl/acl_base_mdl.h"
#include "acl/acl_base_rt.h"
#include "error_codes/ge_error_codes.h"
#include "error_codes/rt_error_codes.h"

#endif /* INC_EXTERNAL_ACL_ACL_BASE_H_ */
