// What the generated aclnn functions of libopapi.so call: one generic first
// phase and one generic second phase, exported by libnnopbase.so (which
// holds the tensors, executors and op definitions). Not for applications.
#ifndef ACLSIM_API_ACLNN_OPAPI_TABLE_H_
#define ACLSIM_API_ACLNN_OPAPI_TABLE_H_

#include <cstddef>
#include <cstdint>

#include "aclnn/acl_meta.h"

// One argument of a first phase, as its kind (ops::ArgKind) stores it:
// pointers (tensors, lists, scalars, arrays, strings) in p, integers and
// data types in i, floating values in f, booleans in b.
union aclsimOpArg {
  const void* p;
  int64_t i;
  double f;
  bool b;
};

extern "C" {
// The first phase of op |op_index| (its row of api/aclnn/aclnn_ops.py).
ACL_FUNC_VISIBILITY aclnnStatus aclsimInternalOpPrepare(size_t op_index, const aclsimOpArg* args, size_t count,
                                                        uint64_t* workspaceSize, aclOpExecutor** executor);
// The second phase of op |op_index|.
ACL_FUNC_VISIBILITY aclnnStatus aclsimInternalOpLaunch(size_t op_index, void* workspace, uint64_t workspaceSize,
                                                       aclOpExecutor* executor, aclrtStream stream);
}

namespace aclsim::aclnn {

inline aclnnStatus Prepare(size_t op_index, const aclsimOpArg* args, size_t count, uint64_t* workspace_size,
                           aclOpExecutor** executor) {
  return aclsimInternalOpPrepare(op_index, args, count, workspace_size, executor);
}

inline aclnnStatus Launch(size_t op_index, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                          aclrtStream stream) {
  return aclsimInternalOpLaunch(op_index, workspace, workspace_size, executor, stream);
}

}  // namespace aclsim::aclnn

#endif  // ACLSIM_API_ACLNN_OPAPI_TABLE_H_
