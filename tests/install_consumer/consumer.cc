// Links the installed libraries through find_package(aclsim) and makes one
// call into each: prints "consumer: ok" when both answer as documented.
#include <cstdio>

#include "acl/acl.h"
#include "acl/acl_prof.h"

int main() {
  size_t desc_size = 0;
  uint32_t count = 0;
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtGetDeviceCount(&count) != ACL_SUCCESS || count == 0 ||
      aclprofGetOpDescSize(&desc_size) != ACL_SUCCESS || desc_size != 80 || aclFinalize() != ACL_SUCCESS) {
    std::printf("consumer: failed\n");
    return 1;
  }
  std::printf("consumer: ok (%u device(s), ProfOpDesc %zu bytes)\n", count, desc_size);
  return 0;
}
