// The C ABI's layout as a C compiler sees it (c_header_check.c) equals what
// C++ sees.
#include <gtest/gtest.h>

#include <cstddef>

#include "aclsim/backend_c_api.h"

extern "C" {
size_t aclsim_c_completion_size(void);
size_t aclsim_c_api_size(void);
size_t aclsim_c_device_info_offset(void);
}

namespace {

TEST(BackendCApi, GivenCAndCxxCompilersThenStructLayoutsAgree) {
  EXPECT_EQ(aclsim_c_completion_size(), size_t{ACLSIM_BACKEND_COMPLETION_STRUCT_SIZE});
  EXPECT_EQ(aclsim_c_completion_size(), 104u);
  EXPECT_EQ(aclsim_c_api_size(), size_t{ACLSIM_BACKEND_API_STRUCT_SIZE});
  EXPECT_EQ(aclsim_c_device_info_offset(), offsetof(aclsimBackendDeviceInfo, memory_bytes));
  EXPECT_EQ(ACLSIM_BACKEND_ABI_MAJOR, 2);
}

}  // namespace
