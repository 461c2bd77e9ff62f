// The table of single-op entry points that libascendcl.so hands to
// libnnopbase.so (aclnn): launching a planned op on a stream, and turning a
// failure into its aclnnStatus with a message for aclGetRecentErrMsg(). As
// with the other companion tables, the state is libascendcl.so's.
//
// Compatibility: |struct_size| first, entries only appended; the version
// changes when an entry's signature changes.
#ifndef ACLSIM_API_SRC_OP_API_H_
#define ACLSIM_API_SRC_OP_API_H_

#include <cstdint>

namespace aclsim::api {

inline constexpr uint32_t kOpApiVersion = 2;

struct OpApi {
  uint32_t struct_size;
  uint32_t version;
  // Launches |call| (a runtime::OpCall) whose OpCallHash is |hash| on
  // |stream| (an aclrtStream) for aclnn function |api|; returns 0 or the
  // aclnnStatus of the failure, recorded.
  int32_t (*launch)(const char* api, const void* call, uint64_t hash, void* stream);
  // Records a failure of |api| (a Status rebuilt from |code|, |detail| and
  // |message|) and returns its aclnnStatus.
  int32_t (*fail)(const char* api, int32_t code, int32_t detail, const char* message);
};

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_OP_API_H_
