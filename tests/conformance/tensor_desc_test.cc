// The tensor-description family (acl_base.h) beyond create/get: shape and
// value ranges, storage and origin format and shape, the unknown rank,
// by-index access, the dynamic-input name; GE's answers for NULL and bad
// indexes (hicann/ge api/acl/acl_model/types/tensor_desc_internal_om2.cpp).
// Public headers only.
#include <gtest/gtest.h>

#include <cstdint>

#include "conformance_util.h"

namespace {

TEST(ConfTensorDesc, GivenShapeRangesThenEachDimsRangeReadsBack) {
  const int64_t dims[] = {-1, 3, -1};
  aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT16, 3, dims, ACL_FORMAT_ND);
  ASSERT_NE(desc, nullptr);
  int64_t ranges[3][ACL_TENSOR_SHAPE_RANGE_NUM] = {{1, 8}, {3, 3}, {16, 512}};
  ASSERT_ACL_OK(aclSetTensorShapeRange(desc, 3, ranges));
  int64_t r[2] = {0, 0};
  ASSERT_ACL_OK(aclGetTensorDescDimRange(desc, 2, 2, r));
  EXPECT_EQ(r[0], 16);
  EXPECT_EQ(r[1], 512);
  EXPECT_ACL_ERROR(aclGetTensorDescDimRange(desc, 3, 2, r), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclGetTensorDescDimRange(desc, 0, 1, r), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclGetTensorDescDimRange(desc, 0, 2, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclSetTensorShapeRange(nullptr, 3, ranges), ACL_ERROR_INVALID_PARAM);
  int64_t values[1][ACL_TENSOR_VALUE_RANGE_NUM] = {{0, 255}};
  EXPECT_ACL_OK(aclSetTensorValueRange(desc, 1, values));
  // A dim of -1: no element count, no size.
  EXPECT_EQ(aclGetTensorDescElementCount(desc), 0u);
  EXPECT_EQ(aclGetTensorDescSize(desc), 0u);
  aclDestroyTensorDesc(desc);
}

TEST(ConfTensorDesc, GivenOriginAndStorageSettersThenTheGettersReturnTheOrigin) {
  const int64_t dims[] = {1, 16, 16, 3};
  aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT, 4, dims, ACL_FORMAT_NHWC);
  ASSERT_NE(desc, nullptr);
  const int64_t origin[] = {1, 3, 16, 16};
  ASSERT_ACL_OK(aclSetTensorOriginShape(desc, 4, origin));
  ASSERT_ACL_OK(aclSetTensorOriginFormat(desc, ACL_FORMAT_NCHW));
  EXPECT_EQ(aclGetTensorDescFormat(desc), ACL_FORMAT_NCHW);
  int64_t d1 = 0;
  ASSERT_ACL_OK(aclGetTensorDescDimV2(desc, 1, &d1));
  EXPECT_EQ(d1, 3);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  const int64_t storage[] = {1, 1, 16, 16, 16};
  EXPECT_ACL_OK(aclSetTensorStorageShape(desc, 5, storage));
  EXPECT_ACL_OK(aclSetTensorStorageFormat(desc, ACL_FORMAT_NC1HWC0));
  EXPECT_ACL_OK(aclSetTensorStorageFormat(nullptr, ACL_FORMAT_NC1HWC0));  // GE answers 0
  EXPECT_ACL_ERROR(aclSetTensorStorageShape(desc, 0, nullptr), ACL_ERROR_INVALID_PARAM);
#pragma GCC diagnostic pop
  EXPECT_EQ(aclGetTensorDescNumDims(desc), 4u);
  EXPECT_EQ(aclGetTensorDescFormat(desc), ACL_FORMAT_NCHW);
  EXPECT_ACL_ERROR(aclSetTensorOriginShape(desc, 4, nullptr), ACL_ERROR_INVALID_PARAM);
  aclDestroyTensorDesc(desc);
}

TEST(ConfTensorDesc, GivenUnknownRankOrIndexOrNameThenGesAnswers) {
  const int64_t unknown[] = {-2};
  aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT16, 1, unknown, ACL_FORMAT_ND);
  ASSERT_NE(desc, nullptr);
  EXPECT_EQ(aclGetTensorDescNumDims(desc), ACL_UNKNOWN_RANK);
  EXPECT_EQ(aclGetTensorDescByIndex(desc, 0), desc);
  EXPECT_EQ(aclGetTensorDescByIndex(desc, 1), nullptr);
  EXPECT_EQ(aclGetTensorDescByIndex(nullptr, 0), nullptr);
  EXPECT_EQ(aclGetTensorDescAddress(desc), nullptr);
  EXPECT_ACL_OK(aclSetTensorDynamicInput(desc, "x"));
  EXPECT_ACL_ERROR(aclSetTensorDynamicInput(desc, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclGetTensorDescNumDims(nullptr), 0u);
  aclDestroyTensorDesc(desc);
}

}  // namespace
