// Datasets: aclmdlCreateDataset, aclmdlDestroyDataset, aclmdlAddDatasetBuffer,
// aclmdlGetDatasetNumBuffers, aclmdlGetDatasetBuffer. None needs aclInit.
#include "conformance_util.h"

namespace {

TEST(ConfDataset, GivenNewDatasetWhenQueriedThenEmpty) {
  aclmdlDataset* ds = aclmdlCreateDataset();
  ASSERT_NE(ds, nullptr);
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(ds), 0u);
  EXPECT_EQ(aclmdlGetDatasetBuffer(ds, 0), nullptr);
  EXPECT_ACL_OK(aclmdlDestroyDataset(ds));
}

TEST(ConfDataset, GivenBuffersAddedWhenQueriedThenSameBuffersInOrder) {
  char a[4], b[8], c[16];
  aclDataBuffer* ba = aclCreateDataBuffer(a, sizeof(a));
  aclDataBuffer* bb = aclCreateDataBuffer(b, sizeof(b));
  aclDataBuffer* bc = aclCreateDataBuffer(c, sizeof(c));
  aclmdlDataset* ds = aclmdlCreateDataset();
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(ds, ba));
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(ds, bb));
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(ds, bc));
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(ds), 3u);
  EXPECT_EQ(aclmdlGetDatasetBuffer(ds, 0), ba);
  EXPECT_EQ(aclmdlGetDatasetBuffer(ds, 1), bb);
  EXPECT_EQ(aclmdlGetDatasetBuffer(ds, 2), bc);
  EXPECT_EQ(aclmdlGetDatasetBuffer(ds, 3), nullptr);
  EXPECT_EQ(aclGetDataBufferAddr(aclmdlGetDatasetBuffer(ds, 1)), b);
  EXPECT_EQ(aclGetDataBufferSizeV2(aclmdlGetDatasetBuffer(ds, 2)), 16u);
  // The dataset borrows its buffers: destroying it leaves them alive.
  EXPECT_ACL_OK(aclmdlDestroyDataset(ds));
  EXPECT_EQ(aclGetDataBufferAddr(ba), a);
  EXPECT_ACL_OK(aclDestroyDataBuffer(ba));
  EXPECT_ACL_OK(aclDestroyDataBuffer(bb));
  EXPECT_ACL_OK(aclDestroyDataBuffer(bc));
}

TEST(ConfDataset, GivenSameBufferTwiceWhenAddedThenCountedTwice) {
  char a[4];
  aclDataBuffer* b = aclCreateDataBuffer(a, sizeof(a));
  aclmdlDataset* ds = aclmdlCreateDataset();
  EXPECT_ACL_OK(aclmdlAddDatasetBuffer(ds, b));
  EXPECT_ACL_OK(aclmdlAddDatasetBuffer(ds, b));
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(ds), 2u);
  EXPECT_ACL_OK(aclmdlDestroyDataset(ds));
  EXPECT_ACL_OK(aclDestroyDataBuffer(b));
}

TEST(ConfDataset, GivenNullArgumentsWhenAddDatasetBufferThenInvalidParam) {
  char a[4];
  aclDataBuffer* b = aclCreateDataBuffer(a, sizeof(a));
  aclmdlDataset* ds = aclmdlCreateDataset();
  EXPECT_ACL_ERROR(aclmdlAddDatasetBuffer(nullptr, b), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlAddDatasetBuffer");
  EXPECT_ACL_ERROR(aclmdlAddDatasetBuffer(ds, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(ds), 0u);
  EXPECT_ACL_OK(aclmdlDestroyDataset(ds));
  EXPECT_ACL_OK(aclDestroyDataBuffer(b));
}

TEST(ConfDataset, GivenNullWhenDestroyDatasetThenInvalidParam) {
  EXPECT_ACL_ERROR(aclmdlDestroyDataset(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlDestroyDataset");
}

// CANN leaves a second destroy undefined (a double free); aclsim refuses it.
TEST(ConfDataset, GivenDestroyedDatasetWhenDestroyedAgainThenInvalidParam) {
  ACLSIM_SIM_ONLY();
  aclmdlDataset* ds = aclmdlCreateDataset();
  ASSERT_NE(ds, nullptr);
  EXPECT_ACL_OK(aclmdlDestroyDataset(ds));
  EXPECT_ACL_ERROR(aclmdlDestroyDataset(ds), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlDestroyDataset");
  EXPECT_RECENT_ERR_HAS("already destroyed");
}

TEST(ConfDataset, GivenNullDatasetWhenQueriedThenZeroAndNull) {
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(nullptr), 0u);
  EXPECT_EQ(aclmdlGetDatasetBuffer(nullptr, 0), nullptr);
}

}  // namespace
