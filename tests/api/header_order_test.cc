// The two aclsim extension headers can be included together in either order
// (header_order_a.cc, header_order_b.cc), and their task-kind constants keep
// their values.
#include <gtest/gtest.h>

#include "acl/aclsim_ext.h"
#include "aclsim/backend_c_api.h"

namespace aclsim::header_order {
unsigned ExtThenBackend();
unsigned BackendThenExt();

namespace {

TEST(HeaderOrder, GivenBothExtensionHeadersInEitherOrderThenConstantsKeepTheirValues) {
  EXPECT_EQ(ExtThenBackend(), 11u);
  EXPECT_EQ(BackendThenExt(), 11u);
  EXPECT_EQ(static_cast<int>(ACLSIM_TASK_OP), 0);
  EXPECT_EQ(static_cast<int>(ACLSIM_TASK_MARKER), 1);
  EXPECT_EQ(ACLSIM_BACKEND_TASK_OP, 0u);
  EXPECT_EQ(ACLSIM_BACKEND_TASK_MARKER, 1u);
  EXPECT_EQ(ACLSIM_BACKEND_TASK_EVENT_RECORD, 2u);
}

}  // namespace
}  // namespace aclsim::header_order
