// Calls the ACL functions and enumerators that acl_base.h / acl_rt.h mark
// deprecated. CANN's ACL_DEPRECATED is empty under clang (clang reports
// __GNUC__ 4), so this compiles with clang -Werror against CANN's headers;
// CMake checks that it does against aclsim's (clang++ -fsyntax-only).
#include <cstdint>

#include "acl/acl.h"

int UsesDeprecatedApis(aclDataBuffer* buffer, aclTensorDesc* desc, aclrtEvent event) {
  int32_t major = 0, minor = 0, patch = 0;
  int ret = aclrtGetVersion(&major, &minor, &patch);
  ret += static_cast<int>(aclGetDataBufferSize(buffer));
  ret += static_cast<int>(aclGetTensorDescDim(desc, 0));
  aclrtEventStatus status = ACL_EVENT_STATUS_NOT_READY;
  ret += aclrtQueryEvent(event, &status);
  return ret + static_cast<int>(ACL_OPT_STRONG_CONSISTENCY);
}
