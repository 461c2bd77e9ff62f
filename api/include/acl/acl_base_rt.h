/*
 * aclsim - compatibility name for the runtime half of the ACL base API.
 *
 * Recent CANN releases split acl_base.h into acl_base_rt.h and
 * acl_base_mdl.h. aclsim keeps all of it in acl_base.h; this file only
 * forwards so that code including the newer name still builds.
 */
#ifndef ACLSIM_ACL_BASE_RT_H_
#define ACLSIM_ACL_BASE_RT_H_

#include "acl_base.h"

#endif /* ACLSIM_ACL_BASE_RT_H_ */
