// Model runtime instances made by capture (aclmdlRICapture*): what a
// capturing stream records instead of running, what a capture refuses and
// with which code (hicann/runtime docs/zh/api_ref/15_model_running_instance__management.md
// and its runtime's checks), and replays: the same tasks, timed by the
// device, on the stream they are executed on.
#include <cstring>
#include <fstream>
#include <iterator>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

class ConfModelRI : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    ASSERT_ACL_OK(aclrtCreateStream(&other_));
    ASSERT_ACL_OK(aclrtMalloc(&a_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMalloc(&b_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMallocHost(&host_, kBytes));
  }
  void TearDown() override {
    if (a_ != nullptr) (void)aclrtFree(a_);
    if (b_ != nullptr) (void)aclrtFree(b_);
    if (host_ != nullptr) (void)aclrtFreeHost(host_);
    AclDeviceTest::TearDown();
  }
  std::vector<unsigned char> Read(const void* dev) {
    std::vector<unsigned char> out(kBytes);
    EXPECT_ACL_OK(aclrtMemcpy(out.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST));
    return out;
  }
  // Captures host_ → a_ → b_ on stream_.
  aclmdlRI CaptureCopies(aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL) {
    aclmdlRI ri = nullptr;
    EXPECT_ACL_OK(aclmdlRICaptureBegin(stream_, mode));
    EXPECT_ACL_OK(aclrtMemcpyAsync(a_, kBytes, host_, kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream_));
    EXPECT_ACL_OK(aclrtMemcpyAsync(b_, kBytes, a_, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_));
    EXPECT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
    return ri;
  }

  static constexpr size_t kBytes = 4096;
  aclrtStream stream_ = nullptr;
  aclrtStream other_ = nullptr;
  void* a_ = nullptr;
  void* b_ = nullptr;
  void* host_ = nullptr;
};

TEST_F(ConfModelRI, GivenExternalRecordAndWaitWhileCapturingThenTheyAreCapturedAndReplay) {
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC));
  aclrtStream other = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&other));
  ASSERT_ACL_OK(aclrtRecordEvent(event, other));
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  EXPECT_ACL_OK(aclrtStreamWaitEventWithFlag(stream_, event, 0U, ACL_EVENT_WAIT_EXTERNAL));
  EXPECT_ACL_OK(aclrtRecordEventWithFlag(event, stream_, ACL_EVENT_RECORD_EXTERNAL));
  aclmdlRI ri = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
  EXPECT_ACL_OK(aclmdlRIExecuteAsync(ri, stream_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
  // Outside a capture the external flags are refused.
  EXPECT_ACL_ERROR(aclrtRecordEventWithFlag(event, stream_, ACL_EVENT_RECORD_EXTERNAL), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  EXPECT_ACL_OK(aclrtDestroyStream(other));
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
}

TEST_F(ConfModelRI, GivenCapturedCopiesThenTheyMoveOnlyWhenTheInstanceRuns) {
  std::memset(host_, 0x11, kBytes);
  aclmdlRI ri = CaptureCopies();
  ASSERT_NE(ri, nullptr);
  EXPECT_EQ(Read(b_), std::vector<unsigned char>(kBytes, 0)) << "captured, not run";
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(Read(b_), std::vector<unsigned char>(kBytes, 0x11));
  // Each execution reads the host buffer as it is then.
  std::memset(host_, 0x22, kBytes);
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, other_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(other_));
  EXPECT_EQ(Read(b_), std::vector<unsigned char>(kBytes, 0x22));
  uint32_t id = 0;
  EXPECT_ACL_OK(aclmdlRIGetId(ri, &id));
  EXPECT_GT(id, 0u);
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  EXPECT_ACL_ERROR(aclmdlRIExecuteAsync(ri, stream_), ACL_ERROR_RT_INVALID_HANDLE);
}

TEST_F(ConfModelRI, GivenCaptureInfoThenStatusAndInstanceOfTheCapture) {
  aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
  aclmdlRI ri = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureGetInfo(stream_, &status, &ri));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);
  EXPECT_EQ(ri, nullptr);
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  ASSERT_ACL_OK(aclmdlRICaptureGetInfo(stream_, &status, &ri));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
  EXPECT_NE(ri, nullptr);
  aclmdlRI ended = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &ended));
  EXPECT_EQ(ended, ri);
  ASSERT_ACL_OK(aclmdlRICaptureGetInfo(stream_, &status, nullptr));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
}

TEST_F(ConfModelRI, GivenBadArgumentsThenCannsCodes) {
  aclmdlRI ri = nullptr;
  aclmdlRICaptureStatus status;
  EXPECT_ACL_ERROR(aclmdlRICaptureBegin(nullptr, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_ERROR_INVALID_PARAM);
  // A C program passes any int as the mode (the ABI passes an enum as its int).
  const auto begin_int = reinterpret_cast<aclError (*)(aclrtStream, int32_t)>(&aclmdlRICaptureBegin);
  EXPECT_ACL_ERROR(begin_int(stream_, 3), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(begin_int(stream_, -1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclmdlRICaptureGetInfo(stream_, nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRICaptureGetInfo(nullptr, &status, &ri), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRICaptureEnd(stream_, &ri), ACL_ERROR_RT_STREAM_NOT_CAPTURED);
  EXPECT_ACL_ERROR(aclmdlRICaptureEnd(nullptr, &ri), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRICaptureEnd(stream_, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclmdlRICaptureThreadExchangeMode(nullptr), ACL_ERROR_INVALID_PARAM);
  aclmdlRICaptureMode bad;
  const int32_t five = 5;
  std::memcpy(&bad, &five, sizeof(five));
  EXPECT_ACL_ERROR(aclmdlRICaptureThreadExchangeMode(&bad), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclmdlRIExecuteAsync(nullptr, stream_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRIDestroy(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRIDebugJsonPrint(nullptr, "x.json", 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskGrpBegin(stream_), ACL_ERROR_RT_STREAM_NOT_CAPTURED);
  aclrtTaskGrp group = nullptr;
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskGrpEnd(stream_, &group), ACL_ERROR_RT_STREAM_NOT_CAPTURED);
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskGrpEnd(stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskUpdateBegin(stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  // A capture takes no copy of pageable host memory.
  std::vector<unsigned char> pageable(kBytes);
  ASSERT_ACL_OK(aclmdlRICaptureBegin(other_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(a_, kBytes, pageable.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE, other_),
                   ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(pageable.data(), kBytes, a_, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, other_),
                   ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_ACL_OK(aclmdlRICaptureEnd(other_, &ri));
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  // The default stream does not capture.
  aclrtStream default_stream = nullptr;
  ASSERT_ACL_OK(aclrtCtxGetCurrentDefaultStream(&default_stream));
  EXPECT_ACL_ERROR(aclmdlRICaptureBegin(default_stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED),
                   ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  // Twice on one stream; a group opened twice; ended without one.
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  EXPECT_ACL_ERROR(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_ERROR_RT_STREAM_CAPTURED);
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskGrpEnd(stream_, &group), ACL_ERROR_STREAM_TASK_GROUP_STATUS);
  ASSERT_ACL_OK(aclmdlRICaptureTaskGrpBegin(stream_));
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskGrpBegin(stream_), ACL_ERROR_STREAM_TASK_GROUP_STATUS);
  // Only operator launches go into a group.
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  EXPECT_ACL_ERROR(aclrtResetEvent(nullptr, stream_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclrtResetEvent(event, other_)) << "checked, run (no timing of its own)";
  EXPECT_ACL_ERROR(aclrtRecordEvent(event, stream_), ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT);
  ASSERT_ACL_OK(aclmdlRICaptureTaskGrpEnd(stream_, &group));
  EXPECT_NE(group, nullptr);
  // The execution of an instance still capturing; an update on a capturing stream.
  ASSERT_ACL_OK(aclmdlRICaptureGetInfo(stream_, nullptr, &ri));
  EXPECT_ACL_ERROR(aclmdlRIExecuteAsync(ri, other_), ACL_ERROR_RT_MODEL_CAPTURED);
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskUpdateBegin(stream_, group), ACL_ERROR_RT_STREAM_CAPTURED);
  EXPECT_ACL_ERROR(aclmdlRIExecute(ri, 0), ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
  // An update that ends without one.
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskUpdateEnd(other_), ACL_ERROR_STREAM_TASK_GROUP_STATUS);
  // A captured instance is executed asynchronously only.
  EXPECT_ACL_ERROR(aclmdlRIExecute(ri, -1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclmdlRIDebugJsonPrint(ri, "x.json", 7), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  EXPECT_ACL_ERROR(aclmdlRIDestroy(ri), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskUpdateBegin(other_, group), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
}

TEST_F(ConfModelRI, GivenCapturingStreamThenWhatWouldWaitForItIsRefused) {
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  aclrtStreamStatus status;
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_STREAM_CAPTURED);
  EXPECT_ACL_ERROR(aclrtStreamQuery(stream_, &status), ACL_ERROR_RT_STREAM_CAPTURED);
  EXPECT_ACL_ERROR(aclrtSynchronizeDevice(), ACL_ERROR_RT_STREAM_CAPTURED);
  EXPECT_ACL_ERROR(aclrtDestroyStream(stream_), ACL_ERROR_RT_STREAM_CAPTURED);
  EXPECT_ACL_ERROR(aclrtDestroyStreamForce(stream_), ACL_ERROR_RT_STREAM_CAPTURED);
  aclmdlRI ri = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureGetInfo(stream_, nullptr, &ri));
  EXPECT_ACL_ERROR(aclmdlRIDestroy(ri), ACL_ERROR_RT_MODEL_CAPTURED);
  EXPECT_ACL_ERROR(aclmdlRIExecuteAsync(ri, stream_), ACL_ERROR_RT_STREAM_CAPTURED);
  // Other streams are not held up.
  EXPECT_ACL_OK(aclrtSynchronizeStream(other_));
  // The stream survived the refused destroys: the capture ends normally.
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  EXPECT_ACL_OK(aclrtDestroyStream(stream_));
  EXPECT_ACL_OK(aclrtDestroyStream(other_));
}

TEST_F(ConfModelRI, GivenGlobalCaptureThenSynchronousCopiesNeedRelaxedThreadMode) {
  std::vector<unsigned char> host(kBytes, 3);
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
  EXPECT_ACL_ERROR(aclrtMemcpy(a_, kBytes, host.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
                   ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
  EXPECT_ACL_ERROR(aclrtMemset(a_, kBytes, 0, kBytes), ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
  aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
  ASSERT_ACL_OK(aclmdlRICaptureThreadExchangeMode(&mode));
  EXPECT_EQ(mode, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL) << "a thread starts in GLOBAL";
  EXPECT_ACL_OK(aclrtMemcpy(a_, kBytes, host.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(aclmdlRICaptureThreadExchangeMode(&mode));
  EXPECT_EQ(mode, ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
  // Another thread, in its own GLOBAL mode, is refused too; THREAD_LOCAL lets it.
  std::thread([&] {
    EXPECT_ACL_OK(aclrtSetDevice(0));
    EXPECT_ACL_ERROR(aclrtMemset(a_, kBytes, 0, kBytes), ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    aclmdlRICaptureMode local = ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
    EXPECT_ACL_OK(aclmdlRICaptureThreadExchangeMode(&local));
    EXPECT_ACL_OK(aclrtMemset(a_, kBytes, 0, kBytes));
  }).join();
  aclmdlRI ri = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
  EXPECT_ACL_OK(aclrtMemset(a_, kBytes, 0, kBytes)) << "no capture, no restriction";
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
}

TEST_F(ConfModelRI, GivenThreadLocalCaptureThenOnlyTheCapturingThreadIsRestricted) {
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
  EXPECT_ACL_ERROR(aclrtMemset(a_, kBytes, 0, kBytes), ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
  std::thread([&] {
    EXPECT_ACL_OK(aclrtSetDevice(0));
    EXPECT_ACL_OK(aclrtMemset(a_, kBytes, 0, kBytes));
  }).join();
  aclmdlRI ri = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  // RELAXED restricts no one.
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  EXPECT_ACL_OK(aclrtMemset(a_, kBytes, 0, kBytes));
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
}

TEST_F(ConfModelRI, GivenStrictCaptureEndedOnAnotherThreadThenWrongThreadAndTheCaptureIsGone) {
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
  std::thread([&] {
    EXPECT_ACL_OK(aclrtSetDevice(0));
    aclmdlRI ri = nullptr;
    EXPECT_ACL_ERROR(aclmdlRICaptureEnd(stream_, &ri), ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD);
  }).join();
  aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
  ASSERT_ACL_OK(aclmdlRICaptureGetInfo(stream_, &status, nullptr));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);
  // RELAXED may end anywhere.
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  aclmdlRI ri = nullptr;
  std::thread([&] {
    EXPECT_ACL_OK(aclrtSetDevice(0));
    EXPECT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
  }).join();
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
}

TEST_F(ConfModelRI, GivenEventRecordedInCaptureThenItsWaiterJoinsAndItsQueriesAreRefused) {
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  ASSERT_ACL_OK(aclrtMemsetAsync(a_, kBytes, 0x33, kBytes, stream_));
  ASSERT_ACL_OK(aclrtRecordEvent(event, stream_));
  aclrtEventRecordedStatus recorded;
  EXPECT_ACL_ERROR(aclrtSynchronizeEvent(event), ACL_ERROR_RT_EVENT_CAPTURED);
  EXPECT_ACL_ERROR(aclrtQueryEventStatus(event, &recorded), ACL_ERROR_RT_EVENT_CAPTURED);
  // other_ waits on the captured record: it joins the capture.
  ASSERT_ACL_OK(aclrtStreamWaitEvent(other_, event));
  aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
  aclmdlRI joined = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureGetInfo(other_, &status, &joined));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
  ASSERT_ACL_OK(aclrtMemcpyAsync(b_, kBytes, a_, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, other_));
  aclmdlRI ri = nullptr;
  EXPECT_ACL_ERROR(aclmdlRICaptureEnd(other_, &ri), ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED);
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
  EXPECT_EQ(ri, joined);
  ASSERT_ACL_OK(aclmdlRICaptureGetInfo(other_, &status, nullptr));
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE) << "the joined stream leaves with the capture";
  EXPECT_ACL_OK(aclrtSynchronizeEvent(event)) << "never recorded on the device";
  EXPECT_EQ(Read(b_), std::vector<unsigned char>(kBytes, 0));
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(Read(b_), std::vector<unsigned char>(kBytes, 0x33)) << "both streams' tasks, in capture order";
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
}

TEST_F(ConfModelRI, GivenTaskGroupThenAnUpdateOfTheSameCountReplacesItsTasks) {
  uint32_t model = 0;
  ASSERT_ACL_OK(aclsim_conformance::LoadFromString(aclsim_conformance::OneOpModel("m", 5000), &model));
  aclmdlDataset* in = aclmdlCreateDataset();
  aclmdlDataset* out = aclmdlCreateDataset();
  aclDataBuffer* x = aclCreateDataBuffer(a_, 32);
  aclDataBuffer* y = aclCreateDataBuffer(b_, 32);
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(in, x));
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(out, y));
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  ASSERT_ACL_OK(aclmdlRICaptureTaskGrpBegin(stream_));
  ASSERT_ACL_OK(aclmdlExecuteAsync(model, in, out, stream_));
  aclrtTaskGrp group = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureTaskGrpEnd(stream_, &group));
  EXPECT_ACL_OK(aclmdlExecute(model, in, out)) << "the default stream does not capture";
  aclmdlRI ri = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &ri));
  // Two tasks for a group of one: refused, and the group is free again.
  ASSERT_ACL_OK(aclmdlRICaptureTaskUpdateBegin(other_, group));
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskUpdateBegin(other_, group), ACL_ERROR_STREAM_TASK_GROUP_STATUS);
  ASSERT_ACL_OK(aclmdlExecuteAsync(model, in, out, other_));
  ASSERT_ACL_OK(aclmdlExecuteAsync(model, in, out, other_));
  EXPECT_ACL_ERROR(aclmdlRICaptureTaskUpdateEnd(other_), ACL_ERROR_RT_MODEL_UPDATE_FAILED);
  ASSERT_ACL_OK(aclmdlRICaptureTaskUpdateBegin(other_, group));
  EXPECT_ACL_ERROR(aclrtMemsetAsync(a_, kBytes, 0, kBytes, other_), ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT);
  ASSERT_ACL_OK(aclmdlExecuteAsync(model, in, out, other_));
  EXPECT_ACL_OK(aclmdlRICaptureTaskUpdateEnd(other_));
  EXPECT_ACL_OK(aclmdlRIExecuteAsync(ri, stream_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  (void)aclDestroyDataBuffer(x);
  (void)aclDestroyDataBuffer(y);
  (void)aclmdlDestroyDataset(in);
  (void)aclmdlDestroyDataset(out);
  EXPECT_ACL_OK(aclmdlUnload(model));
}

#ifndef ACLSIM_CONFORMANCE_PORTABLE
std::vector<aclsimTaskRecord> TakeTrace() {
  size_t count = 0;
  uint64_t dropped = 0;
  EXPECT_ACL_OK(aclsimTraceGetCount(&count, &dropped));
  std::vector<aclsimTaskRecord> r(count);
  size_t written = 0;
  EXPECT_ACL_OK(aclsimTraceGetRecords(r.data(), r.size(), &written));
  r.resize(written);
  return r;
}

TEST_F(ConfModelRI, GivenTwoReplaysThenTheSameTasksWithTheSameDeviceDurations) {
  aclmdlRI ri = CaptureCopies();
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlRIGetId(ri, &id));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, stream_));
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  const std::vector<aclsimTaskRecord> r = TakeTrace();
  ASSERT_EQ(r.size(), 4u) << "nothing ran at capture";
  for (size_t i = 0; i < 2; ++i) {
    const aclsimTaskRecord& first = r[i];
    const aclsimTaskRecord& second = r[i + 2];
    EXPECT_STREQ(first.opType, "MEMCPY_ASYNC");
    EXPECT_STREQ(first.opType, second.opType);
    EXPECT_STREQ(first.opName, second.opName);
    // The trace shows the records' tag: the instance's id with the op's
    // ordinal (vendor::GearTag), which exports show as the instance's id.
    const uint32_t tag = 0x40000000u | (static_cast<uint32_t>(i) << 20) | id;
    EXPECT_EQ(first.modelId, tag);
    EXPECT_EQ(second.modelId, tag);
    EXPECT_EQ(first.endNs - first.startNs, second.endNs - second.startNs);
    EXPECT_EQ(first.bytes, kBytes);
  }
  // Ascend910B2: 2 us + 4 KiB over PCIe (63 GB/s), then over HBM; in stream order.
  EXPECT_EQ(r[0].endNs - r[0].startNs, 2000u + 66u);
  EXPECT_EQ(r[1].startNs, r[0].endNs);
  EXPECT_EQ(r[2].startNs, r[1].endNs);
  EXPECT_EQ(r[0].taskId + 2, r[2].taskId);
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
}

TEST_F(ConfModelRI, GivenAnotherStreamThenTheReplayRunsThere) {
  aclmdlRI ri = CaptureCopies();
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclrtMemsetAsync(a_, kBytes, 0, kBytes, other_));
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, other_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(other_));
  const std::vector<aclsimTaskRecord> r = TakeTrace();
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[1].streamId, r[0].streamId);
  EXPECT_EQ(r[2].streamId, r[0].streamId);
  EXPECT_EQ(r[1].startNs, r[0].endNs) << "after the memset already on that stream";
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
}

TEST_F(ConfModelRI, GivenDebugJsonPrintThenTheTasksOfTheInstance) {
  aclmdlRI ri = CaptureCopies();
  aclsim_conformance::TempFile file("");
  ASSERT_ACL_OK(aclmdlRIDebugJsonPrint(ri, file.c_str(), ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY));
  std::ifstream in(file.path());
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("\"taskType\": \"KERNEL\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"opType\": \"MEMCPY_ASYNC\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"traceEvents\""), std::string::npos) << text;
  EXPECT_ACL_ERROR(aclmdlRIDebugJsonPrint(ri, "/nonexistent-dir/ri.json", 0), ACL_ERROR_RT_PARAM_INVALID);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_ACL_OK(aclmdlRIDebugPrint(ri));
#pragma GCC diagnostic pop
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
}
#endif

}  // namespace
