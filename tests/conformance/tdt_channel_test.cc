// Tensor data transfer channels (acl_tdt.h): data items, datasets, channels
// with and without a capacity, send / receive with timeouts, size queries,
// clean, stop and destroy, with CANN's codes (libacl_tdt_channel.so).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "acl/acl_tdt.h"
#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

// A dataset of one float tensor [1, n] over |values| (borrowed).
acltdtDataset* FloatDataset(std::vector<float>& values) {
  const int64_t dims[] = {1, static_cast<int64_t>(values.size())};
  acltdtDataItem* item =
      acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, values.data(), values.size() * sizeof(float));
  if (item == nullptr) return nullptr;
  acltdtDataset* dataset = acltdtCreateDataset();
  if (dataset == nullptr || acltdtAddDataItem(dataset, item) != ACL_SUCCESS) return nullptr;
  return dataset;
}

void DestroyWithItems(acltdtDataset* dataset) {
  for (size_t i = 0; i < acltdtGetDatasetSize(dataset); ++i) (void)acltdtDestroyDataItem(acltdtGetDataItem(dataset, i));
  (void)acltdtDestroyDataset(dataset);
}

TEST(ConfTdtItem, GivenTensorItemWhenQueriedThenItsTypeShapeAndBytes) {
  float values[6] = {1, 2, 3, 4, 5, 6};
  const int64_t dims[] = {2, 3};
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, values, sizeof(values));
  ASSERT_NE(item, nullptr);
  EXPECT_EQ(acltdtGetTensorTypeFromItem(item), ACL_TENSOR_DATA_TENSOR);
  EXPECT_EQ(acltdtGetDataTypeFromItem(item), ACL_FLOAT);
  EXPECT_EQ(acltdtGetDataAddrFromItem(item), values);  // a created item borrows the bytes
  EXPECT_EQ(acltdtGetDataSizeFromItem(item), 24u);
  ASSERT_EQ(acltdtGetDimNumFromItem(item), 2u);
  int64_t got[3] = {-1, -1, -1};
  EXPECT_ACL_OK(acltdtGetDimsFromItem(item, got, 3));
  EXPECT_EQ(got[0], 2);
  EXPECT_EQ(got[1], 3);
  EXPECT_EQ(got[2], -1);
  EXPECT_ACL_ERROR(acltdtGetDimsFromItem(item, got, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtGetDimsFromItem(item, nullptr, 2), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtGetDimsFromItem(item, got, 0), ACL_ERROR_INVALID_PARAM);
  size_t slice_num = 7, slice_id = 7;
  EXPECT_ACL_OK(acltdtGetSliceInfoFromItem(item, &slice_num, &slice_id));
  EXPECT_EQ(slice_num, 0u);
  EXPECT_EQ(slice_id, 0u);
  EXPECT_ACL_ERROR(acltdtGetSliceInfoFromItem(item, nullptr, &slice_id), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtDestroyDataItem(item));
  EXPECT_ACL_ERROR(acltdtDestroyDataItem(item), ACL_ERROR_INVALID_PARAM);
}

TEST(ConfTdtItem, GivenBadShapeOrMarkerWithDimsWhenCreateThenNull) {
  const int64_t dims[] = {4};
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 1, ACL_FLOAT, nullptr, 0), nullptr);
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 0, ACL_FLOAT, nullptr, 0), nullptr);
  std::vector<int64_t> many(129, 1);
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, many.data(), 129, ACL_FLOAT, nullptr, 0), nullptr);
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, dims, 1, ACL_FLOAT, nullptr, 0), nullptr);
  // A marker has no shape, element type or bytes.
  float x = 1;
  acltdtDataItem* eos = acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, nullptr, 0, ACL_FLOAT, &x, 4);
  ASSERT_NE(eos, nullptr);
  EXPECT_EQ(acltdtGetTensorTypeFromItem(eos), ACL_TENSOR_DATA_END_OF_SEQUENCE);
  EXPECT_EQ(acltdtGetDataTypeFromItem(eos), ACL_DT_UNDEFINED);
  EXPECT_EQ(acltdtGetDataAddrFromItem(eos), nullptr);
  EXPECT_EQ(acltdtGetDataSizeFromItem(eos), 0u);
  EXPECT_EQ(acltdtGetDimNumFromItem(eos), 0u);
  EXPECT_ACL_OK(acltdtDestroyDataItem(eos));
}

TEST(ConfTdtItem, GivenNullItemOrDatasetWhenQueriedThenCannsFailureValues) {
  EXPECT_EQ(acltdtGetTensorTypeFromItem(nullptr), ACL_TENSOR_DATA_UNDEFINED);
  EXPECT_EQ(acltdtGetDataTypeFromItem(nullptr), ACL_DT_UNDEFINED);
  EXPECT_EQ(acltdtGetDataAddrFromItem(nullptr), nullptr);
  EXPECT_EQ(acltdtGetDataSizeFromItem(nullptr), 0u);
  EXPECT_EQ(acltdtGetDimNumFromItem(nullptr), 0u);
  EXPECT_EQ(acltdtGetDatasetSize(nullptr), 0u);
  EXPECT_EQ(acltdtGetDatasetName(nullptr), nullptr);
  EXPECT_EQ(acltdtGetDataItem(nullptr, 0), nullptr);
  EXPECT_ACL_ERROR(acltdtDestroyDataItem(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtDestroyDataset(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtAddDataItem(nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST(ConfTdtDataset, GivenItemsWhenAddedThenListedInOrderAndNameEmpty) {
  acltdtDataset* ds = acltdtCreateDataset();
  ASSERT_NE(ds, nullptr);
  EXPECT_STREQ(acltdtGetDatasetName(ds), "");
  acltdtDataItem* a = acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, nullptr, 0, ACL_DT_UNDEFINED, nullptr, 0);
  acltdtDataItem* b = acltdtCreateDataItem(ACL_TENSOR_DATA_ABNORMAL, nullptr, 0, ACL_DT_UNDEFINED, nullptr, 0);
  EXPECT_ACL_OK(acltdtAddDataItem(ds, a));
  EXPECT_ACL_OK(acltdtAddDataItem(ds, b));
  EXPECT_ACL_ERROR(acltdtAddDataItem(ds, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(acltdtGetDatasetSize(ds), 2u);
  EXPECT_EQ(acltdtGetDataItem(ds, 0), a);
  EXPECT_EQ(acltdtGetDataItem(ds, 1), b);
  EXPECT_EQ(acltdtGetDataItem(ds, 2), nullptr);
  DestroyWithItems(ds);
}

class ConfTdtChannel : public AclDeviceTest {};

TEST_F(ConfTdtChannel, GivenCapacityChannelWhenSendAndReceiveThenBytesShapeAndSizesTravelIntact) {
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "conf_channel", 2);
  ASSERT_NE(ch, nullptr);
  std::vector<float> values = {1.5F, -2.0F, 3.25F, 4.0F};
  acltdtDataset* sent = FloatDataset(values);
  ASSERT_NE(sent, nullptr);
  ASSERT_ACL_OK(acltdtSendTensor(ch, sent, 1000));
  values[0] = 99.0F;  // the channel holds a copy
  size_t size = 9;
  EXPECT_ACL_OK(acltdtQueryChannelSize(ch, &size));
  EXPECT_EQ(size, 1u);

  acltdtDataset* got = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtReceiveTensor(ch, got, 1000));
  ASSERT_EQ(acltdtGetDatasetSize(got), 1u);
  acltdtDataItem* item = acltdtGetDataItem(got, 0);
  EXPECT_EQ(acltdtGetTensorTypeFromItem(item), ACL_TENSOR_DATA_TENSOR);
  EXPECT_EQ(acltdtGetDataTypeFromItem(item), ACL_FLOAT);
  ASSERT_EQ(acltdtGetDataSizeFromItem(item), 16u);
  const float* data = static_cast<const float*>(acltdtGetDataAddrFromItem(item));
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data[0], 1.5F);
  EXPECT_EQ(data[1], -2.0F);
  EXPECT_EQ(data[2], 3.25F);
  EXPECT_EQ(data[3], 4.0F);
  int64_t dims[2] = {};
  EXPECT_ACL_OK(acltdtGetDimsFromItem(item, dims, 2));
  EXPECT_EQ(dims[0], 1);
  EXPECT_EQ(dims[1], 4);
  EXPECT_ACL_OK(acltdtQueryChannelSize(ch, &size));
  EXPECT_EQ(size, 0u);
  // A received dataset owns its items: it takes no more.
  acltdtDataItem* extra =
      acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, nullptr, 0, ACL_DT_UNDEFINED, nullptr, 0);
  EXPECT_ACL_ERROR(acltdtAddDataItem(got, extra), ACL_ERROR_FEATURE_UNSUPPORTED);
  EXPECT_ACL_OK(acltdtDestroyDataItem(extra));
  EXPECT_ACL_OK(acltdtDestroyDataset(got));  // and its items with it

  EXPECT_ACL_OK(acltdtCleanChannel(ch));
  EXPECT_ACL_OK(acltdtStopChannel(ch));
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
  DestroyWithItems(sent);
}

TEST_F(ConfTdtChannel, GivenFullChannelWhenSendWithTimeoutThenQueueFullAndEmptyReceiveQueueEmpty) {
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "conf_full", 2);
  ASSERT_NE(ch, nullptr);
  std::vector<float> v = {1, 2};
  acltdtDataset* ds = FloatDataset(v);
  EXPECT_ACL_OK(acltdtSendTensor(ch, ds, 0));
  EXPECT_ACL_OK(acltdtSendTensor(ch, ds, 0));
  EXPECT_ACL_ERROR(acltdtSendTensor(ch, ds, 0), ACL_ERROR_RT_QUEUE_FULL);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_ACL_ERROR(acltdtSendTensor(ch, ds, 50), ACL_ERROR_RT_QUEUE_FULL);
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(50));
  size_t size = 0;
  EXPECT_ACL_OK(acltdtQueryChannelSize(ch, &size));
  EXPECT_EQ(size, 2u);
  EXPECT_ACL_OK(acltdtCleanChannel(ch));
  EXPECT_ACL_OK(acltdtQueryChannelSize(ch, &size));
  EXPECT_EQ(size, 0u);
  acltdtDataset* got = acltdtCreateDataset();
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch, got, 0), ACL_ERROR_RT_QUEUE_EMPTY);
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch, got, 20), ACL_ERROR_RT_QUEUE_EMPTY);
  EXPECT_EQ(acltdtGetDatasetSize(got), 0u);
  EXPECT_ACL_OK(acltdtDestroyDataset(got));
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
  DestroyWithItems(ds);
}

TEST_F(ConfTdtChannel, GivenBadArgumentsWhenChannelCallsThenCannsCodes) {
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, nullptr, 2), nullptr);
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "zero", 0), nullptr);
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, std::string(128, 'n').c_str(), 2), nullptr);
  EXPECT_EQ(acltdtCreateChannel(0, nullptr), nullptr);
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "conf_bad", 1);
  ASSERT_NE(ch, nullptr);
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "conf_bad", 1), nullptr);  // the name is taken
  acltdtDataset* ds = acltdtCreateDataset();
  size_t size = 0;
  EXPECT_ACL_ERROR(acltdtSendTensor(nullptr, ds, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtSendTensor(ch, nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtReceiveTensor(nullptr, ds, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch, nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtQueryChannelSize(ch, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtQueryChannelSize(nullptr, &size), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtStopChannel(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtCleanChannel(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtDestroyChannel(nullptr), ACL_ERROR_INVALID_PARAM);
  // A dataset with items of its own is no receive target.
  acltdtDataItem* eos = acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, nullptr, 0, ACL_DT_UNDEFINED, nullptr, 0);
  EXPECT_ACL_OK(acltdtAddDataItem(ds, eos));
  EXPECT_ACL_OK(acltdtSendTensor(ch, ds, 0));
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch, ds, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
  // A destroyed (closed) channel is no channel.
  EXPECT_ACL_ERROR(acltdtSendTensor(ch, ds, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtQueryChannelSize(ch, &size), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtDestroyChannel(ch), ACL_ERROR_INVALID_PARAM);
  DestroyWithItems(ds);
}

TEST_F(ConfTdtChannel, GivenMarkersAndSeveralItemsWhenSentThenReceivedInOrder) {
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "conf_markers", 4);
  ASSERT_NE(ch, nullptr);
  int32_t ints[3] = {7, 8, 9};
  const int64_t dims[] = {3};
  acltdtDataset* ds = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtAddDataItem(ds, acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_INT32, ints, 12)));
  ASSERT_ACL_OK(acltdtAddDataItem(
      ds, acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, nullptr, 0, ACL_DT_UNDEFINED, nullptr, 0)));
  ASSERT_ACL_OK(acltdtSendTensor(ch, ds, -1));
  acltdtDataset* got = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtReceiveTensor(ch, got, -1));
  ASSERT_EQ(acltdtGetDatasetSize(got), 2u);
  acltdtDataItem* t = acltdtGetDataItem(got, 0);
  EXPECT_EQ(acltdtGetDataTypeFromItem(t), ACL_INT32);
  ASSERT_EQ(acltdtGetDataSizeFromItem(t), 12u);
  EXPECT_EQ(static_cast<const int32_t*>(acltdtGetDataAddrFromItem(t))[2], 9);
  EXPECT_EQ(acltdtGetTensorTypeFromItem(acltdtGetDataItem(got, 1)), ACL_TENSOR_DATA_END_OF_SEQUENCE);
  // A second receive into the same dataset replaces its items.
  ASSERT_ACL_OK(acltdtSendTensor(ch, ds, -1));
  ASSERT_ACL_OK(acltdtReceiveTensor(ch, got, -1));
  EXPECT_EQ(acltdtGetDatasetSize(got), 2u);
  EXPECT_ACL_OK(acltdtDestroyDataset(got));
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
  DestroyWithItems(ds);
}

TEST_F(ConfTdtChannel, GivenDeviceMemoryTensorWhenSentThenItsBytesArrive) {
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 8, ACL_MEM_MALLOC_HUGE_FIRST));
  const int32_t host[2] = {-5, 6};
  ASSERT_ACL_OK(aclrtMemcpy(dev, 8, host, 8, ACL_MEMCPY_HOST_TO_DEVICE));
  const int64_t dims[] = {2};
  acltdtDataset* ds = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtAddDataItem(ds, acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_INT32, dev, 8)));
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "conf_device", 1);
  ASSERT_NE(ch, nullptr);
  ASSERT_ACL_OK(acltdtSendTensor(ch, ds, 0));
  acltdtDataset* got = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtReceiveTensor(ch, got, 0));
  const auto* data = static_cast<const int32_t*>(acltdtGetDataAddrFromItem(acltdtGetDataItem(got, 0)));
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data[0], -5);
  EXPECT_EQ(data[1], 6);
  EXPECT_ACL_OK(acltdtDestroyDataset(got));
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
  DestroyWithItems(ds);
  EXPECT_ACL_OK(aclrtFree(dev));
}

TEST_F(ConfTdtChannel, GivenChannelWithoutCapacityWhenUsedThenTdtProcessRules) {
  acltdtChannelHandle* ch = acltdtCreateChannel(0, "conf_plain");
  ASSERT_NE(ch, nullptr);
  std::vector<float> v = {3};
  acltdtDataset* ds = FloatDataset(v);
  size_t size = 0;
  EXPECT_ACL_ERROR(acltdtSendTensor(ch, ds, 0), ACL_ERROR_INVALID_PARAM);  // only -1
  EXPECT_ACL_ERROR(acltdtQueryChannelSize(ch, &size), ACL_ERROR_FEATURE_UNSUPPORTED);
  EXPECT_ACL_ERROR(acltdtCleanChannel(ch), ACL_ERROR_FEATURE_UNSUPPORTED);
  EXPECT_ACL_OK(acltdtSendTensor(ch, ds, -1));
  acltdtDataset* got = acltdtCreateDataset();
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch, got, 10), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(acltdtReceiveTensor(ch, got, -1));
  EXPECT_EQ(static_cast<const float*>(acltdtGetDataAddrFromItem(acltdtGetDataItem(got, 0)))[0], 3.0F);
  EXPECT_ACL_OK(acltdtDestroyDataset(got));
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
  DestroyWithItems(ds);
}

TEST_F(ConfTdtChannel, GivenReceiverBlockedForeverWhenStopThenItFailsAndLaterCallsFail) {
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "conf_stop", 1);
  ASSERT_NE(ch, nullptr);
  std::atomic<aclError> ret{ACL_SUCCESS};
  std::thread receiver([&] {
    acltdtDataset* got = acltdtCreateDataset();
    ret = acltdtReceiveTensor(ch, got, -1);
    (void)acltdtDestroyDataset(got);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_ACL_OK(acltdtStopChannel(ch));
  receiver.join();
  EXPECT_EQ(ret.load(), ACL_ERROR_FAILURE);
  std::vector<float> v = {1};
  acltdtDataset* ds = FloatDataset(v);
  EXPECT_ACL_ERROR(acltdtSendTensor(ch, ds, 0), ACL_ERROR_FAILURE);
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
  DestroyWithItems(ds);
}

TEST_F(ConfTdtChannel, GivenConcurrentSenderAndReceiverWhenManyDatasetsThenAllArriveInOrder) {
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "conf_stress", 3);
  ASSERT_NE(ch, nullptr);
  constexpr int kRounds = 500;
  std::thread sender([&] {
    for (int i = 0; i < kRounds; ++i) {
      std::vector<float> v = {static_cast<float>(i)};
      acltdtDataset* ds = FloatDataset(v);
      if (acltdtSendTensor(ch, ds, -1) != ACL_SUCCESS) ADD_FAILURE() << "send " << i;
      DestroyWithItems(ds);
    }
  });
  acltdtDataset* got = acltdtCreateDataset();
  int in_order = 0;
  for (int i = 0; i < kRounds; ++i) {
    if (acltdtReceiveTensor(ch, got, 5000) != ACL_SUCCESS) break;
    const auto* f = static_cast<const float*>(acltdtGetDataAddrFromItem(acltdtGetDataItem(got, 0)));
    if (f != nullptr && *f == static_cast<float>(i)) ++in_order;
  }
  sender.join();
  EXPECT_EQ(in_order, kRounds);
  EXPECT_ACL_OK(acltdtDestroyDataset(got));
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
}

}  // namespace
