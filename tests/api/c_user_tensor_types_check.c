/* acl_prof.h's ACL_PROF_TENSOR_INFO_DEFINED escape, used as CANN documents
 * it: the includer defines the three tensor-info types itself (here as
 * anonymous structs, which a forward typedef in the header would clash
 * with) and the header skips its own. Compiled as C99 and C11; building is
 * the test. */
#include <stdint.h>

#define ACL_PROF_TENSOR_INFO_DEFINED
typedef struct {
  uint32_t type;
  uint32_t format;
  uint32_t dataType;
  uint32_t shapeDim;
  uint32_t shape[8];
} aclprofTensor;
typedef struct {
  uint64_t opNameId;
  uint64_t opTypeId;
  uint32_t resv;
  uint32_t tensorNum;
  uint32_t kernelType;
  uint32_t blockNums;
  void* stream;
  aclprofTensor* tensors;
} aclprofTensorInfo;
typedef struct {
  uint16_t version;
  uint16_t size;
  uint32_t messageType;
  union {
    aclprofTensorInfo* tensorInfo;
  } message;
} aclprofEventAttributes;

#include "acl/acl_prof.h"

/* The header's prototypes take the includer's types. */
aclError aclsim_c_push_user_attributes(aclprofEventAttributes* attr) { return aclprofRangePushEx(attr); }
