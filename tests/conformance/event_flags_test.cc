// Flagged events (hicann/runtime docs/zh/api_ref/07): aclrtCreateEventExWithFlag,
// aclrtRecordEventWithFlag, aclrtStreamWaitEventWithFlag / WithTimeout,
// aclrtResetEvent, aclrtEventGetTimestamp, aclrtGetEventId,
// aclrtSynchronizeEventWithTimeout and aclrtQueryEventWaitStatus.
#include <cstdint>

#include "conformance_util.h"

namespace {

class ConfEventFlags : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ACLSIM_SKIP_WITHOUT_DEVICES();
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
  }
  void TearDown() override {
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }
  aclrtStream stream_ = nullptr;
};

TEST_F(ConfEventFlags, GivenTwoRecordsThenTimestampsInMicrosecondsMatchElapsedTime) {
  aclrtEvent start = nullptr;
  aclrtEvent end = nullptr;
  ASSERT_ACL_OK(aclrtCreateEventExWithFlag(&start, ACL_EVENT_TIME_LINE));
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&end, ACL_EVENT_TIME_LINE | ACL_EVENT_SYNC));
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 64 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtRecordEventWithFlag(start, stream_, ACL_EVENT_RECORD_DEFAULT));
  ASSERT_ACL_OK(aclrtMemsetAsync(dev, 64 << 20, 0, 64 << 20, stream_));
  ASSERT_ACL_OK(aclrtRecordEvent(end, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  uint64_t t0 = 0;
  uint64_t t1 = 0;
  ASSERT_ACL_OK(aclrtEventGetTimestamp(start, &t0));
  ASSERT_ACL_OK(aclrtEventGetTimestamp(end, &t1));
  float ms = 0;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&ms, start, end));
  EXPECT_GT(t1, t0);
  EXPECT_NEAR(static_cast<double>(t1 - t0), static_cast<double>(ms) * 1000.0, 1.0);
  EXPECT_ACL_OK(aclrtFree(dev));
}

TEST_F(ConfEventFlags, GivenNeverRecordedEventThenTimestampInvalid) {
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  uint64_t ts = 0;
  EXPECT_ACL_ERROR(aclrtEventGetTimestamp(e, &ts), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
  EXPECT_ACL_ERROR(aclrtEventGetTimestamp(e, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtEventGetTimestamp(nullptr, &ts), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfEventFlags, GivenFlagsWhenCreatingThenUnknownBitsAndIpcRejected) {
  aclrtEvent e = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateEventExWithFlag(nullptr, ACL_EVENT_SYNC), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtCreateEventExWithFlag(&e, 0x80), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtCreateEventWithFlag(&e, ACL_EVENT_IPC), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclrtCreateEventWithFlag(&e, ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_EXTERNAL));
  EXPECT_ACL_OK(aclrtDestroyEvent(e));
  EXPECT_ACL_OK(aclrtCreateEventExWithFlag(&e, ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS));
  EXPECT_ACL_OK(aclrtDestroyEvent(e));
}

TEST_F(ConfEventFlags, GivenSyncEventWhenResetThenItIsNeverRecordedAgain) {
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&e, ACL_EVENT_SYNC));
  ASSERT_ACL_OK(aclrtRecordEvent(e, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  uint64_t ts = 0;
  EXPECT_ACL_OK(aclrtEventGetTimestamp(e, &ts));
  EXPECT_ACL_OK(aclrtResetEvent(e, stream_));
  EXPECT_ACL_ERROR(aclrtEventGetTimestamp(e, &ts), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  EXPECT_ACL_OK(aclrtQueryEventStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtStreamWaitEvent(stream_, e));  // a never-recorded event: no wait
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
}

TEST_F(ConfEventFlags, GivenEventsThatCannotBeResetThenParamInvalid) {
  aclrtEvent plain = nullptr;
  aclrtEvent timeline = nullptr;
  aclrtEvent ex = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&plain));
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&timeline, ACL_EVENT_TIME_LINE));
  ASSERT_ACL_OK(aclrtCreateEventExWithFlag(&ex, ACL_EVENT_SYNC));
  EXPECT_ACL_OK(aclrtResetEvent(plain, stream_));  // as CANN's stream/2_multi_stream sample does
  aclrtEvent external = nullptr;
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&external, ACL_EVENT_EXTERNAL));
  EXPECT_ACL_OK(aclrtResetEvent(external, stream_));  // as CANN's model_ri/1_model_update sample does
  EXPECT_ACL_OK(aclrtDestroyEvent(external));
  EXPECT_ACL_ERROR(aclrtResetEvent(timeline, stream_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("ACL_EVENT_SYNC");
  EXPECT_ACL_ERROR(aclrtResetEvent(ex, stream_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtResetEvent(nullptr, stream_), ACL_ERROR_INVALID_PARAM);
  // An ex event has no aclrtQueryEvent and no wait status.
  aclrtEventStatus status = ACL_EVENT_STATUS_RESERVED;
  aclrtEventWaitStatus wait = ACL_EVENT_WAIT_STATUS_RESERVED;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_ACL_ERROR(aclrtQueryEvent(ex, &status), ACL_ERROR_RT_PARAM_INVALID);
#pragma GCC diagnostic pop
  EXPECT_ACL_ERROR(aclrtQueryEventWaitStatus(ex, &wait), ACL_ERROR_RT_PARAM_INVALID);
}

TEST_F(ConfEventFlags, GivenExternalFlagsOutsideCaptureThenParamInvalid) {
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEventExWithFlag(&e, ACL_EVENT_SYNC));
  EXPECT_ACL_ERROR(aclrtRecordEventWithFlag(e, stream_, ACL_EVENT_RECORD_EXTERNAL), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("captured");
  EXPECT_ACL_ERROR(aclrtRecordEventWithFlag(e, stream_, 2), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtStreamWaitEventWithFlag(stream_, e, 0, ACL_EVENT_WAIT_EXTERNAL), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtStreamWaitEventWithFlag(stream_, e, 1, ACL_EVENT_WAIT_EXTERNAL), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtStreamWaitEventWithFlag(stream_, e, 0, 2), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtStreamWaitEventWithTimeout(stream_, e, -1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtRecordEventWithFlag(nullptr, stream_, 0), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfEventFlags, GivenWaitOnOtherStreamThenWaitStatusAndOrderFollowTheRecord) {
  aclrtStream other = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&other));
  aclrtEvent e = nullptr;
  aclrtEvent after = nullptr;
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&e, ACL_EVENT_SYNC));
  ASSERT_ACL_OK(aclrtCreateEvent(&after));
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 16 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMemsetAsync(dev, 16 << 20, 0, 16 << 20, stream_));
  ASSERT_ACL_OK(aclrtRecordEvent(e, stream_));
  ASSERT_ACL_OK(aclrtStreamWaitEventWithFlag(other, e, 5, ACL_EVENT_WAIT_DEFAULT));
  ASSERT_ACL_OK(aclrtStreamWaitEventWithTimeout(other, e, 0));
  ASSERT_ACL_OK(aclrtRecordEvent(after, other));
  EXPECT_ACL_OK(aclrtSynchronizeEventWithTimeout(after, -1));
  aclrtEventWaitStatus wait = ACL_EVENT_WAIT_STATUS_RESERVED;
  EXPECT_ACL_OK(aclrtQueryEventWaitStatus(e, &wait));
  EXPECT_EQ(wait, ACL_EVENT_WAIT_STATUS_COMPLETE);
  uint64_t t_record = 0;
  uint64_t t_after = 0;
  EXPECT_ACL_OK(aclrtEventGetTimestamp(e, &t_record));
  EXPECT_ACL_OK(aclrtEventGetTimestamp(after, &t_after));
  EXPECT_EQ(t_after, t_record);
  uint32_t id_e = 0;
  uint32_t id_after = 0;
  EXPECT_ACL_OK(aclrtGetEventId(e, &id_e));
  EXPECT_ACL_OK(aclrtGetEventId(after, &id_after));
  EXPECT_NE(id_e, id_after);
  EXPECT_ACL_ERROR(aclrtGetEventId(e, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclrtFree(dev));
}

TEST_F(ConfEventFlags, GivenBadTimeoutsThenParamInvalid) {
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  EXPECT_ACL_ERROR(aclrtSynchronizeEventWithTimeout(e, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtSynchronizeEventWithTimeout(e, -2), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtSynchronizeEventWithTimeout(nullptr, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclrtSynchronizeEventWithTimeout(e, 1));  // never recorded: nothing to wait for
  EXPECT_ACL_ERROR(aclrtSynchronizeStreamWithTimeout(stream_, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtSynchronizeDeviceWithTimeout(-5), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtSynchronizeStreamWithTimeout(stream_, -1));
  EXPECT_ACL_OK(aclrtSynchronizeDeviceWithTimeout(1000));
}

}  // namespace
