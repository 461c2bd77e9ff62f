// Clock modes: with "clock": "realtime" synchronisation waits until wall
// time reaches device time; with the default virtual clock it never waits.
// Timing assertions are one-sided lower bounds with generous upper bounds.
#include <chrono>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclsimConfig;
using aclsim_conformance::kClockOriginNs;
using aclsim_conformance::LoadFromString;
using aclsim_conformance::ModelIo;
using aclsim_conformance::NoHostCostsConfig;
using aclsim_conformance::OneOpModel;
using aclsim_conformance::TempFile;
using Clock = std::chrono::steady_clock;

constexpr int64_t kOpNs = 15'000'000;  // 15 ms of device time
constexpr auto kOp = std::chrono::nanoseconds(kOpNs);
constexpr auto kGenerous = std::chrono::seconds(5);

class ConfRealtime : public ::testing::Test {
 protected:
  void SetUp() override {
    const aclError ret = aclInit(config_.c_str());
    ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
    ASSERT_ACL_OK(ret);
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(LoadFromString(OneOpModel("slow", kOpNs), &model_id_));
    ASSERT_ACL_OK(io_.Create(model_id_));
  }
  void TearDown() override {
    io_.Release();
    (void)aclmdlUnload(model_id_);
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }

  TempFile config_{AclsimConfig(R"({"clock": "realtime"})")};
  uint32_t model_id_ = 0;
  ModelIo io_;
};

TEST_F(ConfRealtime, GivenRealtimeClockWhenSynchronizeStreamThenWaitsAtLeastTheDeviceDuration) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  const auto t0 = Clock::now();
  ASSERT_ACL_OK(aclmdlExecuteAsync(model_id_, io_.input(), io_.output(), stream));
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  ASSERT_ACL_OK(aclrtStreamQuery(stream, &status));
  const auto queried = Clock::now();
  if (queried - t0 < kOp) {
    EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  }
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  const auto waited = Clock::now() - t0;
  EXPECT_GE(waited, kOp);
  EXPECT_LT(waited, kGenerous);
  ASSERT_ACL_OK(aclrtStreamQuery(stream, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfRealtime, GivenRealtimeClockWhenExecuteThenReturnsAfterTheDeviceDuration) {
  const auto t0 = Clock::now();
  ASSERT_ACL_OK(aclmdlExecute(model_id_, io_.input(), io_.output()));
  const auto waited = Clock::now() - t0;
  EXPECT_GE(waited, kOp);
  EXPECT_LT(waited, kGenerous);
}

TEST_F(ConfRealtime, GivenRealtimeClockWhenEventsAroundModelThenSynchronizeEventWaitsAndElapsedCoversTheOp) {
  aclrtEvent start = nullptr, end = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&start));
  ASSERT_ACL_OK(aclrtCreateEvent(&end));
  const auto t0 = Clock::now();
  ASSERT_ACL_OK(aclrtRecordEvent(start, nullptr));
  ASSERT_ACL_OK(aclmdlExecuteAsync(model_id_, io_.input(), io_.output(), nullptr));
  ASSERT_ACL_OK(aclrtRecordEvent(end, nullptr));
  aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  ASSERT_ACL_OK(aclrtQueryEventStatus(end, &recorded));
  const auto queried = Clock::now();
  if (queried - t0 < kOp) {
    EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_NOT_READY);
    float ms = 0;
    EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
  }
  ASSERT_ACL_OK(aclrtSynchronizeEvent(end));
  const auto waited = Clock::now() - t0;
  EXPECT_GE(waited, kOp);
  EXPECT_LT(waited, kGenerous);
  ASSERT_ACL_OK(aclrtQueryEventStatus(end, &recorded));
  EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  float ms = 0;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&ms, start, end));
  EXPECT_GE(ms, 15.0f);
  EXPECT_LT(ms, 5000.0f);
  EXPECT_ACL_OK(aclrtDestroyEvent(start));
  EXPECT_ACL_OK(aclrtDestroyEvent(end));
}

TEST_F(ConfRealtime, GivenRealtimeClockWhenSynchronizeDeviceThenWaitsForEveryStream) {
  aclrtStream a = nullptr, b = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&a));
  ASSERT_ACL_OK(aclrtCreateStream(&b));
  const auto t0 = Clock::now();
  ASSERT_ACL_OK(aclmdlExecuteAsync(model_id_, io_.input(), io_.output(), a));
  ASSERT_ACL_OK(aclmdlExecuteAsync(model_id_, io_.input(), io_.output(), b));
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  const auto waited = Clock::now() - t0;
  EXPECT_GE(waited, kOp);
  EXPECT_LT(waited, kGenerous);
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_ACL_OK(aclrtStreamQuery(a, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtStreamQuery(b, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtDestroyStream(a));
  EXPECT_ACL_OK(aclrtDestroyStream(b));
}

// A host function runs when the stream reaches it: in the realtime clock the
// op before it has completed by then, as an event recorded between them shows.
aclrtEventRecordedStatus g_seen_in_host_func = ACL_EVENT_RECORDED_STATUS_NOT_READY;
void QueryEventInHostFunc(void* event) { (void)aclrtQueryEventStatus(event, &g_seen_in_host_func); }

TEST_F(ConfRealtime, GivenRealtimeClockWhenAHostFuncFollowsAnOpThenItRunsAfterTheOpCompleted) {
  aclrtStream stream = nullptr;
  aclrtEvent after_op = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtCreateEvent(&after_op));
  ASSERT_ACL_OK(aclmdlExecuteAsync(model_id_, io_.input(), io_.output(), stream));
  ASSERT_ACL_OK(aclrtRecordEvent(after_op, stream));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream, QueryEventInHostFunc, after_op));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  EXPECT_EQ(g_seen_in_host_func, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtDestroyEvent(after_op));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST(ConfVirtualClock, GivenVirtualClockWhenLongModelSynchronizedThenNoWallClockWait) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");  // the default clock: virtual
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  uint32_t id = 0;
  ASSERT_ACL_OK(LoadFromString(OneOpModel("long", 10'000'000'000), &id));  // 10 s of device time
  ModelIo io;
  ASSERT_ACL_OK(io.Create(id));
  const auto t0 = Clock::now();
  ASSERT_ACL_OK(aclmdlExecute(id, io.input(), io.output()));
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(2));
  uint64_t now = 0;
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &now));
  EXPECT_EQ(now, kClockOriginNs + 10'000'000'000u);
  io.Release();
  EXPECT_ACL_OK(aclmdlUnload(id));
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

}  // namespace
