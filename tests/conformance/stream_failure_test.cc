// Stream failure modes, bounded synchronisation on the virtual clock,
// aborts and stops (hicann/runtime docs/zh/api_ref/06 and 04), driven by
// the simulator's injected faults (docs/faults.md); stream state callbacks
// and the priority range.
#include <cstdint>
#include <string>
#include <vector>

#include "conformance_util.h"

namespace aclsim_conformance {
namespace {

class ConfStreamFailure : public ::testing::Test {
 protected:
  void SetUp() override { ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options"); }  // faults are one
  void Start(const std::string& faults) {
    config_ =
        std::make_unique<TempFile>(AclsimConfig(std::string("{") + kNoHostCostsKey + R"(, "faults": )" + faults + "}"));
    ASSERT_ACL_OK(aclInit(config_->c_str()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    ASSERT_ACL_OK(aclrtMalloc(&dev_, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
  }
  void TearDown() override {
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }
  aclError Launch() { return aclrtMemsetAsync(dev_, 4096, 1, 4096, stream_); }
  std::unique_ptr<TempFile> config_;
  aclrtStream stream_ = nullptr;
  void* dev_ = nullptr;
};

TEST_F(ConfStreamFailure, GivenStopOnFailureWhenATaskFailsThenLaterTasksAreRefusedAndEverySyncReportsIt) {
  Start(R"({"fail_task": {"task": 1, "error": 507015}})");
  ASSERT_ACL_OK(aclrtSetStreamFailureMode(stream_, ACL_STOP_ON_FAILURE));
  EXPECT_ACL_ERROR(Launch(), ACL_ERROR_RT_AICORE_EXCEPTION);
  EXPECT_ACL_ERROR(Launch(), ACL_ERROR_RT_AICORE_EXCEPTION);  // stopped: no new task
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_AICORE_EXCEPTION);
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_AICORE_EXCEPTION);
  EXPECT_ACL_ERROR(aclrtSynchronizeDevice(), ACL_ERROR_RT_AICORE_EXCEPTION);
  // Another stream is not stopped.
  aclrtStream other = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&other));
  EXPECT_ACL_OK(aclrtMemsetAsync(dev_, 4096, 1, 4096, other));
  EXPECT_ACL_OK(aclrtSynchronizeStream(other));
  // An abort clears the failure.
  EXPECT_ACL_OK(aclrtStreamAbort(stream_));
  EXPECT_ACL_OK(Launch());
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
}

TEST_F(ConfStreamFailure, GivenContinueOnFailureWhenATaskFailsThenOnlyItsSubmissionReportsIt) {
  Start(R"({"fail_task": {"task": 1}})");
  ASSERT_ACL_OK(aclrtSetStreamFailureMode(stream_, ACL_CONTINUE_ON_FAILURE));
  EXPECT_ACL_ERROR(Launch(), ACL_ERROR_RT_MODEL_EXECUTE);
  EXPECT_ACL_OK(Launch());  // the stream goes on
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
}

// A held task fails when it is released: nobody saw its submission fail, so
// the next synchronisation reports it, once.
TEST_F(ConfStreamFailure, GivenHeldTaskThatFailsWhenReleasedThenTheNextSyncReportsItOnce) {
  Start(R"({"fail_task": {"task": 1}})");
  aclrtStream writer = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&writer));
  ASSERT_ACL_OK(aclrtValueWait(dev_, 1, ACL_STREAM_WAIT_VALUE_EQ, stream_));
  EXPECT_ACL_OK(Launch());  // held: not yet a task
  ASSERT_ACL_OK(aclrtValueWrite(dev_, 1, 0, writer));
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_MODEL_EXECUTE);
  EXPECT_RECENT_ERR_HAS("task 1");
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
}

TEST_F(ConfStreamFailure, GivenBadModeThenParamInvalid) {
  Start("{}");
  EXPECT_ACL_ERROR(aclrtSetStreamFailureMode(stream_, 2), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtSetStreamFailureMode(reinterpret_cast<aclrtStream>(0x10), ACL_STOP_ON_FAILURE),
                   ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_OK(aclrtSetStreamFailureMode(nullptr, ACL_STOP_ON_FAILURE));  // the default stream
}

// The stalled task ends 5 ms of device time after the host's present: each
// 1 ms bound that passes moves the host on by 1 ms, until the rest of the
// work is within the bound.
TEST_F(ConfStreamFailure, GivenStalledTaskWhenSyncWithTimeoutThenTimeoutsUntilTheDeviceTimeIsNear) {
  Start(R"({"stall": {"task": 1, "ns": 5000000}})");
  ASSERT_ACL_OK(Launch());
  int timeouts = 0;
  aclError ret = ACL_SUCCESS;
  while ((ret = aclrtSynchronizeStreamWithTimeout(stream_, 1)) == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT && timeouts < 100) {
    ++timeouts;
  }
  EXPECT_ACL_OK(ret);
  EXPECT_EQ(timeouts, 5);
  ASSERT_ACL_OK(Launch());  // task 2: no stall
  EXPECT_ACL_OK(aclrtSynchronizeDeviceWithTimeout(1));
}

TEST_F(ConfStreamFailure, GivenStalledTaskWhenEventSyncWithTimeoutThenTimeout) {
  Start(R"({"stall": {"task": 1, "ns": 5000000}})");
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  ASSERT_ACL_OK(Launch());
  ASSERT_ACL_OK(aclrtRecordEvent(e, stream_));
  EXPECT_ACL_ERROR(aclrtSynchronizeEventWithTimeout(e, 1), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
  EXPECT_ACL_ERROR(aclrtSynchronizeDeviceWithTimeout(2), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
  EXPECT_ACL_OK(aclrtSynchronizeEventWithTimeout(e, 10));
}

class ConfStreamState : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ACLSIM_SKIP_WITHOUT_DEVICES();
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }
};

struct Seen {
  std::vector<std::pair<aclrtStream, aclrtStreamState>> calls;
};

void Record(aclrtStream stream, aclrtStreamState state, void* args) {
  static_cast<Seen*>(args)->calls.emplace_back(stream, state);
}

TEST_F(ConfStreamState, GivenRegisteredCallbackThenCreateAndDestroyAreReported) {
  Seen seen;
  ASSERT_ACL_OK(aclrtRegStreamStateCallback("conf", Record, &seen));
  EXPECT_ACL_ERROR(aclrtRegStreamStateCallback("conf", Record, &seen), ACL_ERROR_RT_PARAM_INVALID);
  aclrtStream s = nullptr;
  aclrtStream t = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&t, 0, 0));
  EXPECT_ACL_OK(aclrtDestroyStream(s));
  EXPECT_ACL_OK(aclrtDestroyStreamForce(t));
  ASSERT_EQ(seen.calls.size(), 4u);
  EXPECT_EQ(seen.calls[0], std::make_pair(s, ACL_RT_STREAM_STATE_CREATE_POST));
  EXPECT_EQ(seen.calls[1], std::make_pair(t, ACL_RT_STREAM_STATE_CREATE_POST));
  EXPECT_EQ(seen.calls[2], std::make_pair(s, ACL_RT_STREAM_STATE_DESTROY_PRE));
  EXPECT_EQ(seen.calls[3], std::make_pair(t, ACL_RT_STREAM_STATE_DESTROY_PRE));
  ASSERT_ACL_OK(aclrtRegStreamStateCallback("conf", nullptr, nullptr));  // unregister
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  EXPECT_EQ(seen.calls.size(), 4u);
  EXPECT_ACL_ERROR(aclrtRegStreamStateCallback(nullptr, Record, &seen), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtRegStreamStateCallback("", Record, &seen), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfStreamState, GivenPriorityRangeAndStopThenValuesAndCodes) {
  int32_t least = -1;
  int32_t greatest = -1;
  ASSERT_ACL_OK(aclrtDeviceGetStreamPriorityRange(&least, &greatest));
  EXPECT_EQ(least, 7);
  EXPECT_EQ(greatest, 0);
  EXPECT_ACL_ERROR(aclrtDeviceGetStreamPriorityRange(nullptr, &greatest), ACL_ERROR_INVALID_PARAM);
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  EXPECT_ACL_OK(aclrtStreamStop(s));
  EXPECT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_ACL_ERROR(aclrtStreamStop(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtStreamStop(reinterpret_cast<aclrtStream>(0x10)), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtStreamAbort(reinterpret_cast<aclrtStream>(0x10)), ACL_ERROR_RT_INVALID_HANDLE);
}

}  // namespace
}  // namespace aclsim_conformance
