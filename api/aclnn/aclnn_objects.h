// The aclnn data objects of aclnn/acl_meta.h as libnnopbase.so holds them:
// plain descriptions (the runtime's OpTensor and the op checker's values),
// each created and destroyed through a live-handle registry, so that a
// destroyed or never-created handle is refused with 161002 instead of read.
#ifndef ACLSIM_API_ACLNN_ACLNN_OBJECTS_H_
#define ACLSIM_API_ACLNN_ACLNN_OBJECTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "runtime/ops/op_def.h"
#include "runtime/single_op.h"

namespace aclsim::aclnn {
// The aclnn return codes both libraries give (CANN's ACLNN_ERR_PARAM_NULLPTR
// and ACLNN_ERR_PARAM_INVALID).
inline constexpr aclnnStatus kNullptr = 161001;
inline constexpr aclnnStatus kInvalid = 161002;
}  // namespace aclsim::aclnn

struct aclTensor {
  aclsim::runtime::OpTensor desc;  // view shape, data type, format
  std::vector<int64_t> strides;
  int64_t offset = 0;
  std::vector<int64_t> storage;
  void* data = nullptr;
};

struct aclScalar {
  aclsim::ops::OpScalar value;
};

struct aclIntArray {
  std::vector<int64_t> values;
};

struct aclFloatArray {
  std::vector<double> values;
};

struct aclBoolArray {
  std::vector<int64_t> values;  // 0 or 1
};

// Owns its tensors: aclDestroyTensorList destroys them too, as CANN's does.
struct aclTensorList {
  std::vector<const aclTensor*> tensors;
  std::vector<const aclsim::runtime::OpTensor*> descs;  // the tensors' descriptions, in order
};

struct aclScalarList {
  std::vector<aclsim::ops::OpScalar> values;
};

// What the first phase planned, for the second.
struct aclOpExecutor {
  size_t op_index = 0;
  aclsim::runtime::OpCall call;
  uint64_t hash = 0;  // OpCallHash(call), computed once
  uint64_t workspace_bytes = 0;
  bool repeatable = false;
};

#endif  // ACLSIM_API_ACLNN_ACLNN_OBJECTS_H_
