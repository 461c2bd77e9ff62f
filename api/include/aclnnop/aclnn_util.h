/* aclnnop/aclnn_util.h: the export macro of the aclnn operator headers, as
 * CANN's op headers use it (written from CANN's public op documentation). */
#ifndef ACLSIM_ACLNNOP_ACLNN_UTIL_H_
#define ACLSIM_ACLNNOP_ACLNN_UTIL_H_

#ifndef ACLNN_API
#define ACLNN_API __attribute__((visibility("default")))
#endif

#endif /* ACLSIM_ACLNNOP_ACLNN_UTIL_H_ */
