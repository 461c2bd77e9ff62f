// In-process notifies (hicann/runtime docs/zh/api_ref/08): create, record,
// wait-and-reset, ids, batch reset, and the inter-process calls aclsim
// does not simulate.
#include <cstdint>

#include "conformance_util.h"

namespace {

class ConfNotify : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ACLSIM_SKIP_WITHOUT_DEVICES();
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtCreateStream(&a_));
    ASSERT_ACL_OK(aclrtCreateStream(&b_));
    ASSERT_ACL_OK(aclrtCreateNotify(&notify_, ACL_NOTIFY_DEFAULT));
  }
  void TearDown() override {
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }
  aclrtStreamStatus Status(aclrtStream s) {
    aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
    EXPECT_ACL_OK(aclrtStreamQuery(s, &status));
    return status;
  }
  aclrtStream a_ = nullptr;
  aclrtStream b_ = nullptr;
  aclrtNotify notify_ = nullptr;
};

TEST_F(ConfNotify, GivenNotifiesThenIdsCountFromZeroInCreationOrder) {
  aclrtNotify second = nullptr;
  ASSERT_ACL_OK(aclrtCreateNotify(&second, ACL_NOTIFY_DEVICE_USE_ONLY));
  uint32_t id0 = 99;
  uint32_t id1 = 99;
  EXPECT_ACL_OK(aclrtGetNotifyId(notify_, &id0));
  EXPECT_ACL_OK(aclrtGetNotifyId(second, &id1));
  EXPECT_EQ(id0, 0u);
  EXPECT_EQ(id1, 1u);
  EXPECT_ACL_OK(aclrtDestroyNotify(second));
  EXPECT_ACL_ERROR(aclrtGetNotifyId(second, &id1), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtDestroyNotify(second), ACL_ERROR_RT_INVALID_HANDLE);
}

TEST_F(ConfNotify, GivenRecordBeforeWaitThenWaitPassesAndResets) {
  ASSERT_ACL_OK(aclrtRecordNotify(notify_, a_));
  ASSERT_ACL_OK(aclrtWaitAndResetNotify(notify_, b_, 0));
  EXPECT_EQ(Status(b_), ACL_STREAM_STATUS_COMPLETE);
  // Reset by the wait: a second wait is held until the next record.
  ASSERT_ACL_OK(aclrtWaitAndResetNotify(notify_, b_, 0));
  EXPECT_EQ(Status(b_), ACL_STREAM_STATUS_NOT_READY);
  ASSERT_ACL_OK(aclrtRecordNotify(notify_, a_));
  EXPECT_EQ(Status(b_), ACL_STREAM_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtSynchronizeDevice());
}

TEST_F(ConfNotify, GivenWaitBeforeRecordThenHeldWorkStartsAfterTheRecord) {
  aclrtEvent after_wait = nullptr;
  aclrtEvent after_record = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&after_wait));
  ASSERT_ACL_OK(aclrtCreateEvent(&after_record));
  ASSERT_ACL_OK(aclrtWaitAndResetNotify(notify_, b_, 0));
  ASSERT_ACL_OK(aclrtRecordEvent(after_wait, b_));
  EXPECT_EQ(Status(b_), ACL_STREAM_STATUS_NOT_READY);
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 1 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMemsetAsync(dev, 1 << 20, 1, 1 << 20, a_));
  ASSERT_ACL_OK(aclrtRecordNotify(notify_, a_));
  ASSERT_ACL_OK(aclrtRecordEvent(after_record, a_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(b_));
  uint64_t wait_ts = 0;
  uint64_t record_ts = 0;
  EXPECT_ACL_OK(aclrtEventGetTimestamp(after_wait, &wait_ts));
  EXPECT_ACL_OK(aclrtEventGetTimestamp(after_record, &record_ts));
  EXPECT_EQ(wait_ts, record_ts);
  EXPECT_ACL_OK(aclrtFree(dev));
}

TEST_F(ConfNotify, GivenBatchResetThenARecordedNotifyHoldsTheNextWait) {
  ASSERT_ACL_OK(aclrtRecordNotify(notify_, a_));
  aclrtNotify list[] = {notify_};
  EXPECT_ACL_OK(aclrtNotifyBatchReset(list, 1));
  ASSERT_ACL_OK(aclrtWaitAndResetNotify(notify_, b_, 0));
  EXPECT_EQ(Status(b_), ACL_STREAM_STATUS_NOT_READY);
  EXPECT_ACL_OK(aclrtStreamAbort(b_));
  EXPECT_ACL_ERROR(aclrtNotifyBatchReset(nullptr, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtNotifyBatchReset(list, 0), ACL_ERROR_INVALID_PARAM);
  aclrtNotify bad[] = {notify_, reinterpret_cast<aclrtNotify>(0x10)};
  EXPECT_ACL_ERROR(aclrtNotifyBatchReset(bad, 2), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_RECENT_ERR_HAS("notifies[1]");
}

TEST_F(ConfNotify, GivenBadArgumentsThenExactCodes) {
  aclrtNotify n = nullptr;
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclrtCreateNotify(nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtCreateNotify(&n, 2), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtDestroyNotify(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtRecordNotify(nullptr, a_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtWaitAndResetNotify(nullptr, a_, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtGetNotifyId(nullptr, &id), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtGetNotifyId(notify_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtRecordNotify(reinterpret_cast<aclrtNotify>(0x10), a_), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtRecordNotify(notify_, reinterpret_cast<aclrtStream>(0x10)), ACL_ERROR_RT_INVALID_HANDLE);
}

TEST_F(ConfNotify, GivenInterProcessCallsThenNotSupported) {
  ACLSIM_SIM_ONLY();  // an aclsim choice (tests/conformance/portable/README.md)
  char key[65] = {};
  EXPECT_ACL_ERROR(aclrtNotifyGetExportKey(notify_, key, sizeof(key), ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT),
                   ACL_ERROR_API_NOT_SUPPORT);
  aclrtNotify imported = nullptr;
  EXPECT_ACL_ERROR(aclrtNotifyImportByKey(&imported, key, ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT),
                   ACL_ERROR_API_NOT_SUPPORT);
  int32_t pid = 1;
  EXPECT_ACL_ERROR(aclrtNotifySetImportPid(notify_, &pid, 1), ACL_ERROR_API_NOT_SUPPORT);
}

}  // namespace
