/* aclnn/aclnn_base.h: aclnn's initialisation, and the header every aclnn
 * operator header includes (written clean-room from CANN's public aclnn
 * documentation; names and prototypes are CANN's). */
#ifndef ACLSIM_ACLNN_ACLNN_BASE_H_
#define ACLSIM_ACLNN_ACLNN_BASE_H_

/* As CANN's: <cstdint> and <cstdlib> (their C forms in C). */
#ifdef __cplusplus
#include <cstdint>
#include <cstdlib>
#else
#include <stdint.h>
#include <stdlib.h>
#endif

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* configPath may be NULL; aclInit also initialises aclnn, and calling both is
 * not an error. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* configPath);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLSIM_ACLNN_ACLNN_BASE_H_ */
