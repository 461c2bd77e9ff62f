// Values in the public headers that CANN programs compare against: pinned at
// compile time, so a drift fails the build. The expected numbers are CANN's
// (hicann/runtime include/external/acl/error_codes/rt_error_codes.h, tags
// v9.1.0 and v9.2.0-beta.1); the headers themselves are aclsim's own.
#include <gtest/gtest.h>

#include "acl/acl.h"

namespace {

// ---- rt_error_codes.h: the codes added after CANN 9.0, and the one that moved
static_assert(ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC == 107041, "rt code drift");
static_assert(ACL_ERROR_RT_SYMBOL_NOT_FOUND == 107042, "CANN 9.1.0 moved SYMBOL_NOT_FOUND to 107042");
static_assert(ACL_ERROR_RT_INVALID_SYMBOL == 107043, "rt code drift");
static_assert(ACL_ERROR_RT_INVALID_DEVICE_FUNCTION == 107044, "rt code drift");
static_assert(ACL_ERROR_RT_SUB_ACLGRAPH_IS_CAPTURING == 107045, "rt code drift");
static_assert(ACL_ERROR_RT_TIMEOUT == 207020, "rt code drift");
static_assert(ACL_ERROR_RT_LINK_TYPE_NOT_SUPPORTED == 207021, "rt code drift");
static_assert(ACL_ERROR_RT_L3_PORT_ERROR == 507914, "rt code drift");
static_assert(ACL_ERROR_RT_CCU_TIMEOUT == 507915, "507915 is CCU_TIMEOUT, not SYMBOL_NOT_FOUND");
static_assert(ACL_ERROR_RT_CCU_EXCEPTION == 507916, "rt code drift");

TEST(HeaderValues, GivenRtErrorCodesThenTheyAreCannsValues) {
  // The same numbers at run time, for a readable failure report.
  EXPECT_EQ(ACL_ERROR_RT_SYMBOL_NOT_FOUND, 107042);
  EXPECT_EQ(ACL_ERROR_RT_INVALID_SYMBOL, 107043);
  EXPECT_EQ(ACL_ERROR_RT_INVALID_DEVICE_FUNCTION, 107044);
  EXPECT_EQ(ACL_ERROR_RT_SUB_ACLGRAPH_IS_CAPTURING, 107045);
  EXPECT_EQ(ACL_ERROR_RT_LINK_TYPE_NOT_SUPPORTED, 207021);
  EXPECT_EQ(ACL_ERROR_RT_CCU_TIMEOUT, 507915);
  EXPECT_EQ(ACL_ERROR_RT_CCU_EXCEPTION, 507916);
}

}  // namespace
