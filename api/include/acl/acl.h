/*
 * aclsim - clean-room umbrella header of the ACL API (acl.h).
 *
 * aclsim implements the Ascend ACL runtime, model and profiling API over a
 * simulated NPU. As in CANN, acl.h only includes the component headers:
 * acl_rt.h (aclInit/aclFinalize, aclrtGetVersion, devices, streams, events,
 * memory; it includes acl_base.h: types, error codes, data buffers, tensor
 * descriptions), acl_op.h (the single-operator API) and acl_mdl.h (models).
 * aclrtGetSocName is declared in acl_base_rt.h, as in CANN. The profiling API
 * is separate: include acl/acl_prof.h; acl_op_compiler.h is included on its
 * own.
 */
#ifndef INC_EXTERNAL_ACL_ACL_H_
#define INC_EXTERNAL_ACL_ACL_H_

#include "acl_mdl.h"
#include "acl_op.h"
#include "acl_rt.h"

#endif /* INC_EXTERNAL_ACL_ACL_H_ */
