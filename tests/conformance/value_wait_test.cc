// Stream memory operations (hicann/runtime docs/zh/api_ref/11-09):
// aclrtValueWrite and aclrtValueWait, their comparisons, their order on the
// device clock and their argument checks.
#include <cstdint>
#include <thread>

#include "conformance_util.h"

namespace {

class ConfValueWait : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ACLSIM_SKIP_WITHOUT_DEVICES();
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtMalloc(&value_, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtCreateStream(&a_));
    ASSERT_ACL_OK(aclrtCreateStream(&b_));
  }
  void TearDown() override {
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }
  void Store(uint64_t v) { ASSERT_ACL_OK(aclrtMemcpy(value_, 8, &v, 8, ACL_MEMCPY_HOST_TO_DEVICE)); }
  aclrtStreamStatus Status(aclrtStream s) {
    aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
    EXPECT_ACL_OK(aclrtStreamQuery(s, &status));
    return status;
  }
  uint64_t Timestamp(aclrtEvent e) {
    uint64_t ts = 0;
    EXPECT_ACL_OK(aclrtEventGetTimestamp(e, &ts));
    return ts;
  }
  void* value_ = nullptr;
  aclrtStream a_ = nullptr;
  aclrtStream b_ = nullptr;
};

TEST_F(ConfValueWait, GivenSatisfiedValueWhenValueWaitThenStreamRunsOn) {
  Store(100);
  EXPECT_ACL_OK(aclrtValueWait(value_, 100, ACL_STREAM_WAIT_VALUE_EQ, a_));
  EXPECT_EQ(Status(a_), ACL_STREAM_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtSynchronizeStream(a_));
}

TEST_F(ConfValueWait, GivenUnsatisfiedWaitWhenOtherStreamWritesThenHeldWorkRunsAfterTheWrite) {
  aclrtEvent after_wait = nullptr;
  aclrtEvent after_write = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&after_wait));
  ASSERT_ACL_OK(aclrtCreateEvent(&after_write));
  ASSERT_ACL_OK(aclrtValueWait(value_, 7, ACL_STREAM_WAIT_VALUE_EQ, a_));
  ASSERT_ACL_OK(aclrtRecordEvent(after_wait, a_));
  EXPECT_EQ(Status(a_), ACL_STREAM_STATUS_NOT_READY);
  aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  EXPECT_ACL_OK(aclrtQueryEventStatus(after_wait, &recorded));
  EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  // A bounded wait on the held stream runs out (507046).
  EXPECT_ACL_ERROR(aclrtSynchronizeStreamWithTimeout(a_, 1), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
  EXPECT_ACL_ERROR(aclrtSynchronizeEventWithTimeout(after_wait, 1), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
  // A write of another value does not release it; the one it waits for does.
  char host[64] = {};
  ASSERT_ACL_OK(aclrtMemcpyAsync(value_, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE, b_));  // B is busy first
  ASSERT_ACL_OK(aclrtValueWrite(value_, 6, 0, b_));
  EXPECT_EQ(Status(a_), ACL_STREAM_STATUS_NOT_READY);
  ASSERT_ACL_OK(aclrtValueWrite(value_, 7, 0, b_));
  ASSERT_ACL_OK(aclrtRecordEvent(after_write, b_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(a_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(b_));
  uint64_t v = 0;
  ASSERT_ACL_OK(aclrtMemcpy(&v, 8, value_, 8, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(v, 7u);
  // Stream A's record is where B's write was: no earlier.
  EXPECT_EQ(Timestamp(after_wait), Timestamp(after_write));
  EXPECT_ACL_OK(aclrtDestroyEvent(after_wait));
  EXPECT_ACL_OK(aclrtDestroyEvent(after_write));
}

TEST_F(ConfValueWait, GivenEachComparisonThenTheStreamIsHeldExactlyWhenItFails) {
  struct Case {
    uint64_t stored;
    uint64_t value;
    uint32_t flag;
    bool passes;
  };
  const Case cases[] = {
      {5, 5, ACL_STREAM_WAIT_VALUE_GEQ, true},      {4, 5, ACL_STREAM_WAIT_VALUE_GEQ, false},
      {6, 5, ACL_STREAM_WAIT_VALUE_GEQ, true},      {5, 6, ACL_STREAM_WAIT_VALUE_EQ, false},
      {6, 2, ACL_STREAM_WAIT_VALUE_AND, true},      {5, 2, ACL_STREAM_WAIT_VALUE_AND, false},
      {~0ull, 0, ACL_STREAM_WAIT_VALUE_NOR, false}, {1, 2, ACL_STREAM_WAIT_VALUE_NOR, true},
  };
  for (const Case& c : cases) {
    aclrtStream s = nullptr;
    ASSERT_ACL_OK(aclrtCreateStream(&s));
    Store(c.stored);
    ASSERT_ACL_OK(aclrtValueWait(value_, c.value, c.flag, s));
    EXPECT_EQ(Status(s), c.passes ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY)
        << "stored " << c.stored << " value " << c.value << " flag " << c.flag;
    EXPECT_ACL_OK(aclrtDestroyStreamForce(s));
  }
}

TEST_F(ConfValueWait, GivenWaitingThreadWhenAnotherThreadWritesThenSynchronizeReturns) {
  std::thread waiter([&] {
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtValueWait(value_, 100, ACL_STREAM_WAIT_VALUE_EQ, a_));
    EXPECT_ACL_OK(aclrtSynchronizeStream(a_));  // returns once the write below is made
  });
  std::thread writer([&] {
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtValueWrite(value_, 100, 0, b_));
    EXPECT_ACL_OK(aclrtSynchronizeStream(b_));
  });
  writer.join();
  waiter.join();
  EXPECT_ACL_OK(aclrtSynchronizeDevice());
}

TEST_F(ConfValueWait, GivenHeldStreamWhenAbortedThenItsHeldWorkIsDropped) {
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  ASSERT_ACL_OK(aclrtValueWait(value_, 1, ACL_STREAM_WAIT_VALUE_EQ, a_));
  ASSERT_ACL_OK(aclrtRecordEvent(e, a_));
  EXPECT_ACL_OK(aclrtStreamAbort(a_));
  EXPECT_EQ(Status(a_), ACL_STREAM_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtSynchronizeStream(a_));
  uint64_t ts = 0;
  EXPECT_ACL_ERROR(aclrtEventGetTimestamp(e, &ts), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);  // never recorded
  ASSERT_ACL_OK(aclrtValueWrite(value_, 1, 0, b_));  // nothing is waiting any more
  EXPECT_ACL_OK(aclrtSynchronizeDevice());
  EXPECT_ACL_OK(aclrtDestroyEvent(e));
}

// CANN lets an event be destroyed before its record completes.
TEST_F(ConfValueWait, GivenEventDestroyedWhileItsRecordIsHeldThenTheReleasedStreamStillSucceeds) {
  aclrtEvent e = nullptr;
  aclrtEvent reset = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&reset, ACL_EVENT_SYNC));
  ASSERT_ACL_OK(aclrtValueWait(value_, 2, ACL_STREAM_WAIT_VALUE_EQ, a_));
  ASSERT_ACL_OK(aclrtRecordEvent(e, a_));
  ASSERT_ACL_OK(aclrtRecordEvent(reset, a_));
  EXPECT_ACL_OK(aclrtDestroyEvent(e));
  EXPECT_ACL_OK(aclrtResetEvent(reset, b_));
  ASSERT_ACL_OK(aclrtValueWrite(value_, 2, 0, b_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(a_));
  EXPECT_ACL_OK(aclrtDestroyEvent(reset));
}

TEST_F(ConfValueWait, GivenBadArgumentsThenExactCodes) {
  EXPECT_ACL_ERROR(aclrtValueWrite(nullptr, 1, 0, a_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtValueWait(nullptr, 1, 0, a_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtValueWrite(value_, 1, 1, a_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("flag");
  EXPECT_ACL_ERROR(aclrtValueWait(value_, 1, 4, a_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtValueWrite(static_cast<char*>(value_) + 4, 1, 0, a_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("aligned");
  uint64_t host = 0;
  EXPECT_ACL_ERROR(aclrtValueWrite(&host, 1, 0, a_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtValueWait(&host, 1, 0, a_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtValueWrite(static_cast<char*>(value_) + 64, 1, 0, a_), ACL_ERROR_RT_PARAM_INVALID);
  // NULL is the default stream.
  EXPECT_ACL_OK(aclrtValueWrite(value_, 3, 0, nullptr));
  EXPECT_ACL_OK(aclrtValueWait(value_, 3, ACL_STREAM_WAIT_VALUE_EQ, nullptr));
  EXPECT_ACL_OK(aclrtSynchronizeStream(nullptr));
}

}  // namespace
