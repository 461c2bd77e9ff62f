// Events shared between processes: aclrtCreateEventExWithFlag with
// ACL_EVENT_IPC, aclrtIpcGetEventHandle, aclrtIpcOpenEventHandle, records
// and waits of either process, and the calls that refuse an IPC event
// (hicann/runtime docs/zh/api_ref/07_event_management.md; CANN's runtime,
// src/runtime/api/impl/api_error.cc). The second process is ipc_peer.cc.
#include <cstdint>
#include <cstdio>
#include <string>

#include "conformance_util.h"
#include "ipc_peer_client.h"

namespace {

using aclsim_conformance::AclDeviceTest;
using aclsim_conformance::Peer;

class ConfIpcEvent : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateEventExWithFlag(&event_, ACL_EVENT_IPC));
    ASSERT_ACL_OK(aclrtCreateStream(&held_));
    ASSERT_ACL_OK(aclrtCreateStream(&other_));
    ASSERT_ACL_OK(aclrtMalloc(&flag_, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMemset(flag_, 64, 0, 64));
  }
  void TearDown() override {
    if (flag_ != nullptr) (void)aclrtFree(flag_);
    AclDeviceTest::TearDown();
  }
  aclrtEventRecordedStatus Status(aclrtEvent e) {
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    EXPECT_ACL_OK(aclrtQueryEventStatus(e, &status));
    return status;
  }
  // Holds |held_| until ReleaseHeld: a stream memory wait on flag_.
  void Hold() { ASSERT_ACL_OK(aclrtValueWait(flag_, 1, ACL_STREAM_WAIT_VALUE_EQ, held_)); }
  void ReleaseHeld() { ASSERT_ACL_OK(aclrtValueWrite(flag_, 1, 0, other_)); }
  std::string HandleHex() {
    aclrtIpcEventHandle handle{};
    EXPECT_ACL_OK(aclrtIpcGetEventHandle(event_, &handle));
    std::string hex;
    char digits[3];
    for (char c : handle.reserved) {
      std::snprintf(digits, sizeof(digits), "%02x", static_cast<unsigned char>(c));
      hex += digits;
    }
    return hex;
  }

  aclrtEvent event_ = nullptr;
  aclrtStream held_ = nullptr;
  aclrtStream other_ = nullptr;
  aclrtStream waiting_ = nullptr;
  void* flag_ = nullptr;
};

TEST_F(ConfIpcEvent, GivenNoRecordThenCompleteAndWaitsPass) {
  EXPECT_EQ(Status(event_), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtStreamWaitEvent(other_, event_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(other_));
  EXPECT_ACL_OK(aclrtSynchronizeEvent(event_));
  EXPECT_ACL_OK(aclrtDestroyEvent(event_));
}

TEST_F(ConfIpcEvent, GivenHeldRecordThenNotReadyUntilItsStreamRuns) {
  Hold();
  ASSERT_ACL_OK(aclrtRecordEvent(event_, held_));
  EXPECT_EQ(Status(event_), ACL_EVENT_RECORDED_STATUS_NOT_READY);
  EXPECT_ACL_ERROR(aclrtSynchronizeEventWithTimeout(event_, 5), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
  EXPECT_RECENT_ERR_HAS("IPC event");
  // A wait taken now is for that record: the waiting stream is held too.
  ASSERT_ACL_OK(aclrtCreateStream(&waiting_));
  ASSERT_ACL_OK(aclrtStreamWaitEvent(waiting_, event_));
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_ACL_OK(aclrtStreamQuery(waiting_, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  ReleaseHeld();
  EXPECT_ACL_OK(aclrtSynchronizeStream(waiting_));
  EXPECT_EQ(Status(event_), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtSynchronizeEventWithTimeout(event_, 5));
}

TEST_F(ConfIpcEvent, GivenHandleOpenedInTheSameProcessThenBothEventsShareTheRecords) {
  aclrtIpcEventHandle handle{};
  ASSERT_ACL_OK(aclrtIpcGetEventHandle(event_, &handle));
  aclrtEvent opened = nullptr;
  ASSERT_ACL_OK(aclrtIpcOpenEventHandle(handle, &opened));
  EXPECT_NE(opened, event_);
  Hold();
  ASSERT_ACL_OK(aclrtRecordEvent(opened, held_));
  EXPECT_EQ(Status(event_), ACL_EVENT_RECORDED_STATUS_NOT_READY);
  ReleaseHeld();
  EXPECT_ACL_OK(aclrtSynchronizeEvent(event_));
  EXPECT_EQ(Status(opened), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  // The opened event exports the same handle.
  aclrtIpcEventHandle again{};
  ASSERT_ACL_OK(aclrtIpcGetEventHandle(opened, &again));
  EXPECT_EQ(std::string(handle.reserved, sizeof(handle.reserved)), std::string(again.reserved, sizeof(again.reserved)));
  EXPECT_ACL_OK(aclrtDestroyEvent(opened));
  EXPECT_ACL_OK(aclrtDestroyEvent(event_));
}

TEST_F(ConfIpcEvent, GivenPeerWaitingForAHeldRecordThenItRunsOnceTheRecordIsReached) {
  Hold();
  ASSERT_ACL_OK(aclrtRecordEvent(event_, held_));
  Peer peer;
  ASSERT_GT(peer.pid(), 0);
  EXPECT_EQ(peer.Ask(HandleHex(), "event"), "pending");
  // The peer's stream waits for this process's record, still held here.
  EXPECT_EQ(peer.Say("go"), "held");
  ReleaseHeld();
  EXPECT_EQ(peer.Answer(), "ok");
  // The peer recorded the event after its wait: that record is the latest.
  EXPECT_EQ(Status(event_), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtStreamWaitEvent(other_, event_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(other_));
}

TEST_F(ConfIpcEvent, GivenDestroyedEventThenItsHandleNoLongerOpens) {
  const std::string hex = HandleHex();
  ASSERT_ACL_OK(aclrtDestroyEvent(event_));
  event_ = nullptr;
  Peer peer;
  EXPECT_EQ(peer.Ask(hex, "event-gone"), "ok");
}

TEST_F(ConfIpcEvent, GivenBytesThatAreNoHandleThenParamInvalid) {
  aclrtIpcEventHandle handle{};
  for (char& c : handle.reserved) c = 'x';
  aclrtEvent opened = nullptr;
  EXPECT_ACL_ERROR(aclrtIpcOpenEventHandle(handle, &opened), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(opened, nullptr);
  EXPECT_ACL_ERROR(aclrtIpcOpenEventHandle(handle, nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfIpcEvent, GivenBadArgumentsThenExactCodes) {
  aclrtIpcEventHandle handle{};
  EXPECT_ACL_ERROR(aclrtIpcGetEventHandle(event_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtIpcGetEventHandle(nullptr, &handle), ACL_ERROR_INVALID_PARAM);
  // Only an ACL_EVENT_IPC event has a handle.
  aclrtEvent plain = nullptr;
  ASSERT_ACL_OK(aclrtCreateEventExWithFlag(&plain, ACL_EVENT_SYNC));
  EXPECT_ACL_ERROR(aclrtIpcGetEventHandle(plain, &handle), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("ACL_EVENT_IPC");
  // ACL_EVENT_IPC is used alone.
  aclrtEvent combined = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateEventExWithFlag(&combined, ACL_EVENT_IPC | ACL_EVENT_SYNC), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtCreateEventExWithFlag(&combined, ACL_EVENT_IPC | ACL_EVENT_TIME_LINE),
                   ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(combined, nullptr);
}

TEST_F(ConfIpcEvent, GivenCallsThatRefuseAnIpcEventThenFeatureNotSupported) {
  aclrtEvent plain = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&plain));
  ASSERT_ACL_OK(aclrtRecordEvent(plain, other_));
  ASSERT_ACL_OK(aclrtRecordEvent(event_, other_));
  EXPECT_ACL_ERROR(aclrtResetEvent(event_, other_), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("aclrtResetEvent");
  aclrtEventStatus status = ACL_EVENT_STATUS_RESERVED;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // aclrtQueryEvent is deprecated, still exported
  EXPECT_ACL_ERROR(aclrtQueryEvent(event_, &status), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
#pragma GCC diagnostic pop
  aclrtEventWaitStatus wait_status = ACL_EVENT_WAIT_STATUS_RESERVED;
  EXPECT_ACL_ERROR(aclrtQueryEventWaitStatus(event_, &wait_status), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  float ms = 0;
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, plain, event_), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, event_, plain), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  uint64_t timestamp = 0;
  EXPECT_ACL_ERROR(aclrtEventGetTimestamp(event_, &timestamp), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclrtGetEventId(event_, &id), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("aclrtGetEventId");
  EXPECT_ACL_OK(aclrtDestroyEvent(plain));
}

TEST_F(ConfIpcEvent, GivenCapturingStreamThenRecordAndWaitAreRefused) {
  ASSERT_ACL_OK(aclmdlRICaptureBegin(other_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  EXPECT_ACL_ERROR(aclrtRecordEvent(event_, other_), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("captured");
  EXPECT_ACL_ERROR(aclrtStreamWaitEvent(other_, event_), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  aclmdlRI ri = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureEnd(other_, &ri));
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
}

// Atlas inference (310P) and training (910A) products have no IPC events.
TEST(ConfIpcEventProfile, GivenAscend310P3ThenCreateAndOpenAreNotSupported) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
  aclsim_conformance::TempFile config(aclsim_conformance::AclsimConfig(R"({"device_profile": "Ascend310P3"})"));
  const aclError init = aclInit(config.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(init, "client_device_options");
  ASSERT_ACL_OK(init);
  ACLSIM_SKIP_WITHOUT_DEVICES();
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtEvent event = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateEventExWithFlag(&event, ACL_EVENT_IPC), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("Ascend310P3");
  aclrtIpcEventHandle handle{};
  EXPECT_ACL_ERROR(aclrtIpcOpenEventHandle(handle, &event), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  (void)aclrtResetDeviceForce(0);
  (void)aclFinalize();
}

}  // namespace
