// Tests of runtime::DeviceTable through the Runtime that owns it, against
// the mock backend (tests/testing/): device/context/stream/event bookkeeping,
// the calls it makes on the device layer, and the exact error codes.
#include "runtime/device_table.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

#include "runtime_test_util.h"

namespace aclsim::runtime {
namespace {

using ::aclsim::runtime::testing::RuntimeTest;
using ::aclsim::runtime::testing::TinyGraph;
using ::testing::_;
using ::testing::AllOf;
using ::testing::Field;
using ::testing::InSequence;
using ::testing::Invoke;
using ::testing::Return;

// RuntimeTest's set-up under a suite name of this binary's own (CTest runs
// each suite as one test, so suite names are unique across binaries).
class DeviceTableTest : public RuntimeTest {};

// ------------------------------------------------------------------ devices

TEST_F(DeviceTableTest, GivenMockBackendWhenCreatedThenReportsItsNameAndDeviceCount) {
  EXPECT_EQ(rt_->backend_name(), "mock");
  EXPECT_EQ(rt_->devices().DeviceCount(), 2u);
}

TEST(RuntimeCreate, GivenUnknownBackendWhenCreateThenInvalidParam) {
  device::BackendRegistry registry;
  RuntimeOptions options;
  options.backend = "no_such_backend";
  auto rt = Runtime::Create(options, registry);
  EXPECT_EQ(rt.status().code(), StatusCode::kInvalidArgument);
}

TEST(RuntimeCreate, GivenOptionsTheBackendRejectsWhenCreateThenItsErrorUnchanged) {
  device::BackendRegistry registry;
  nlohmann::json seen;
  registry.Register("strict", [&](const nlohmann::json& o) -> StatusOr<std::unique_ptr<device::Backend>> {
    seen = o;
    return Status(StatusCode::kUnimplemented, "strict takes no device_count");
  });
  RuntimeOptions options;
  options.backend = "strict";
  options.backend_options["device_count"] = 0;
  auto rt = Runtime::Create(options, registry);
  EXPECT_EQ(rt.status().code(), StatusCode::kUnimplemented);
  EXPECT_EQ(rt.status().message(), "strict takes no device_count");
  EXPECT_EQ(seen, options.backend_options);
}

TEST_F(DeviceTableTest, GivenSetDeviceTwiceWhenCheckedThenDeviceOpenedOnceWithOneDefaultStream) {
  EXPECT_CALL(backend_, OpenDevice(0u)).Times(1);
  EXPECT_CALL(dev0_, CreateStream()).Times(1);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto id = rt_->devices().GetDevice();
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(*id, 0);
  auto ctx = rt_->devices().GetCurrentContext();
  ASSERT_TRUE(ctx.ok());
  EXPECT_TRUE((*ctx)->is_primary());
  ASSERT_NE((*ctx)->default_stream(), nullptr);
  EXPECT_EQ((*ctx)->default_stream()->id(), 1u);
  EXPECT_TRUE((*ctx)->default_stream()->is_default());
  EXPECT_EQ((*ctx)->device()->id(), 0);
}

TEST_F(DeviceTableTest, GivenOutOfRangeDeviceWhenSetDeviceThenInvalidDeviceId) {
  EXPECT_CALL(backend_, OpenDevice(_)).Times(0);
  EXPECT_EQ(rt_->devices().SetDevice(2).detail(), Detail::kInvalidDeviceId);
  EXPECT_EQ(rt_->devices().SetDevice(-1).detail(), Detail::kInvalidDeviceId);
  EXPECT_EQ(rt_->devices().GetDevice().status().detail(), Detail::kNoContext);
}

TEST_F(DeviceTableTest, GivenOpenDeviceFailsWhenSetDeviceThenErrorPropagatesUnchanged) {
  EXPECT_CALL(backend_, OpenDevice(0u)).WillOnce(Invoke([](uint32_t) -> StatusOr<std::unique_ptr<device::Device>> {
    return Status(Detail::kNoDevice, "boom");
  }));
  Status s = rt_->devices().SetDevice(0);
  EXPECT_EQ(s.detail(), Detail::kNoDevice);
  EXPECT_EQ(s.message(), "boom");
}

TEST_F(DeviceTableTest, GivenCreateStreamFailsWhenSetDeviceThenErrorPropagatesAndNoContext) {
  EXPECT_CALL(dev0_, CreateStream()).WillOnce(Return(StatusOr<device::StreamId>(Status(StatusCode::kInternal, "x"))));
  EXPECT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kInternal);
  EXPECT_EQ(rt_->devices().GetDevice().status().detail(), Detail::kNoContext);
}

TEST_F(DeviceTableTest, GivenSetTwiceWhenResetThenContextLivesUntilCountReachesZero) {
  EXPECT_CALL(backend_, OpenDevice(0u)).Times(1);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);

  EXPECT_CALL(dev0_, DestroyStream(_)).Times(0);
  EXPECT_EQ(rt_->devices().ResetDevice(0, /*force=*/false).code(), StatusCode::kOk);
  ASSERT_TRUE(rt_->devices().GetDevice().ok());
  EXPECT_EQ(*rt_->devices().GetDevice(), 0);
  ::testing::Mock::VerifyAndClearExpectations(&dev0_);

  EXPECT_CALL(dev0_, DestroyStream(1u)).Times(1);
  EXPECT_EQ(rt_->devices().ResetDevice(0, false).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().GetDevice().status().detail(), Detail::kNoContext);
  ::testing::Mock::VerifyAndClearExpectations(&dev0_);

  // One reset too many.
  EXPECT_EQ(rt_->devices().ResetDevice(0, false).detail(), Detail::kContextInUse);
}

TEST_F(DeviceTableTest, GivenResetDeviceWhenSetAgainThenNewDefaultStreamOnSameOpenDevice) {
  EXPECT_CALL(backend_, OpenDevice(0u)).Times(1);
  EXPECT_CALL(dev0_, CreateStream()).Times(2);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  ASSERT_EQ(rt_->devices().ResetDevice(0, false).code(), StatusCode::kOk);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto ctx = rt_->devices().GetCurrentContext();
  ASSERT_TRUE(ctx.ok());
  EXPECT_EQ((*ctx)->default_stream()->id(), 2u);
}

TEST_F(DeviceTableTest, GivenForceWhenResetDeviceThenReleasedRegardlessOfCount) {
  for (int i = 0; i < 3; ++i) ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().ResetDevice(0, /*force=*/true).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().GetDevice().status().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->devices().ResetDevice(0, false).detail(), Detail::kContextInUse);
}

TEST_F(DeviceTableTest, GivenBadDeviceWhenResetDeviceThenExactErrors) {
  EXPECT_EQ(rt_->devices().ResetDevice(2, false).detail(), Detail::kInvalidDeviceId);
  EXPECT_EQ(rt_->devices().ResetDevice(-1, false).detail(), Detail::kInvalidDeviceId);
  // In range but never set (never opened, then opened by another call).
  EXPECT_EQ(rt_->devices().ResetDevice(1, false).detail(), Detail::kContextInUse);
  ASSERT_TRUE(rt_->devices().GetDeviceInfo(1).ok());
  EXPECT_EQ(rt_->devices().ResetDevice(1, false).detail(), Detail::kContextInUse);
}

TEST_F(DeviceTableTest, GivenNoContextWhenContextCallsThenContextNull) {
  EXPECT_EQ(rt_->devices().GetDevice().status().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->devices().GetCurrentContext().status().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->devices().SynchronizeDevice().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->devices().CreateStream().status().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->devices().CreateEvent().status().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->devices().ResolveStream(nullptr).status().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->devices().SynchronizeStream(nullptr).detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->MallocDevice(16).status().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->LoadModel(TinyGraph()).status().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->devices().SubmitMarker(nullptr, 1, 2, 0).status().detail(), Detail::kNoContext);
}

TEST_F(DeviceTableTest, GivenGetDeviceInfoWhenCalledThenBackendInfoAndNoContextCreated) {
  dev1_.info_value.profile_name = "P1";
  auto info = rt_->devices().GetDeviceInfo(1);
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->profile_name, "P1");
  EXPECT_EQ(rt_->devices().GetDeviceInfo(2).status().detail(), Detail::kInvalidDeviceId);
  EXPECT_EQ(rt_->devices().GetDevice().status().detail(), Detail::kNoContext);
}

// ----------------------------------------------------------------- contexts

TEST_F(DeviceTableTest, GivenSetDeviceOnOneThreadWhenOtherThreadAsksThenItHasNoContext) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  Detail other_before = Detail::kNone;
  StatusCode other_set = StatusCode::kInternal;
  int32_t other_device = -1;
  std::thread t([&] {
    other_before = rt_->devices().GetDevice().status().detail();
    other_set = rt_->devices().SetDevice(1).code();
    auto d = rt_->devices().GetDevice();
    if (d.ok()) other_device = *d;
  });
  t.join();
  EXPECT_EQ(other_before, Detail::kNoContext);
  EXPECT_EQ(other_set, StatusCode::kOk);
  EXPECT_EQ(other_device, 1);
  ASSERT_TRUE(rt_->devices().GetDevice().ok());
  EXPECT_EQ(*rt_->devices().GetDevice(), 0);
}

TEST_F(DeviceTableTest, GivenCreateContextWhenCalledThenItBecomesCurrentWithItsOwnDefaultStream) {
  EXPECT_CALL(dev1_, CreateStream()).Times(1);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto ctx = rt_->devices().CreateContext(1);
  ASSERT_TRUE(ctx.ok());
  EXPECT_FALSE((*ctx)->is_primary());
  EXPECT_EQ((*ctx)->device()->id(), 1);
  ASSERT_TRUE(rt_->devices().GetCurrentContext().ok());
  EXPECT_EQ(*rt_->devices().GetCurrentContext(), *ctx);
  EXPECT_EQ(*rt_->devices().GetDevice(), 1);
  EXPECT_EQ(rt_->devices().CreateContext(2).status().detail(), Detail::kInvalidDeviceId);
}

TEST_F(DeviceTableTest, GivenContextWhenSetCurrentOnAnotherThreadThenThatThreadUsesIt) {
  auto ctx = rt_->devices().CreateContext(1);
  ASSERT_TRUE(ctx.ok());
  Context* seen = nullptr;
  StatusCode set_code = StatusCode::kInternal;
  int32_t device = -1;
  std::thread t([&] {
    set_code = rt_->devices().SetCurrentContext(*ctx).code();
    auto c = rt_->devices().GetCurrentContext();
    if (c.ok()) seen = *c;
    auto d = rt_->devices().GetDevice();
    if (d.ok()) device = *d;
  });
  t.join();
  EXPECT_EQ(set_code, StatusCode::kOk);
  EXPECT_EQ(seen, *ctx);
  EXPECT_EQ(device, 1);
}

TEST_F(DeviceTableTest, GivenDestroyedContextWhenUsedThenInvalidHandleAndNoCurrentContext) {
  auto ctx = rt_->devices().CreateContext(0);
  ASSERT_TRUE(ctx.ok());
  auto stream = rt_->devices().CreateStream();
  ASSERT_TRUE(stream.ok());
  EXPECT_CALL(dev0_, DestroyStream(_)).Times(2);  // its default stream and |stream|
  ASSERT_EQ(rt_->devices().DestroyContext(*ctx).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().GetDevice().status().detail(), Detail::kNoContext);
  EXPECT_EQ(rt_->devices().DestroyContext(*ctx).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().SetCurrentContext(*ctx).detail(), Detail::kInvalidHandle);
  // Streams of a destroyed context are gone too.
  EXPECT_EQ(rt_->devices().SynchronizeStream(*stream).detail(), Detail::kInvalidHandle);
}

TEST_F(DeviceTableTest, GivenPrimaryContextWhenDestroyContextThenParamInvalid) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto ctx = rt_->devices().GetCurrentContext();
  ASSERT_TRUE(ctx.ok());
  EXPECT_EQ(rt_->devices().DestroyContext(*ctx).code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(rt_->devices().GetDevice().ok());
}

TEST_F(DeviceTableTest, GivenUnknownContextWhenSetCurrentThenInvalidHandle) {
  Context* bogus = reinterpret_cast<Context*>(uintptr_t{0x1000});
  EXPECT_EQ(rt_->devices().SetCurrentContext(bogus).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().SetCurrentContext(nullptr).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().DestroyContext(nullptr).detail(), Detail::kInvalidHandle);
}

TEST_F(DeviceTableTest, GivenManyThreadsWhenCreatingAndDestroyingHandlesThenAllSucceed) {
  constexpr int kThreads = 4;
  constexpr int kIterations = 50;
  std::vector<std::thread> threads;
  std::vector<int> failures(kThreads, 0);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      if (!rt_->devices().SetDevice(t % 2).ok()) ++failures[t];
      for (int i = 0; i < kIterations; ++i) {
        auto s = rt_->devices().CreateStream();
        auto e = rt_->devices().CreateEvent();
        if (!s.ok() || !e.ok()) {
          ++failures[t];
          continue;
        }
        if (!rt_->devices().RecordEvent(*e, *s).ok()) ++failures[t];
        if (!rt_->devices().DestroyEvent(*e).ok()) ++failures[t];
        if (!rt_->devices().DestroyStream(*s).ok()) ++failures[t];
      }
      auto d = rt_->devices().GetDevice();
      if (!d.ok() || *d != t % 2) ++failures[t];
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures, std::vector<int>(kThreads, 0));
}

// ------------------------------------------------------------------ streams

TEST_F(DeviceTableTest, GivenStreamsWhenUsedThenCallsCarryTheBackendStreamIds) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);  // default stream = backend id 1
  auto s2 = rt_->devices().CreateStream();
  auto s3 = rt_->devices().CreateStream();
  ASSERT_TRUE(s2.ok() && s3.ok());
  EXPECT_EQ((*s2)->id(), 2u);
  EXPECT_EQ((*s3)->id(), 3u);
  EXPECT_FALSE((*s2)->is_default());

  EXPECT_CALL(dev0_, SynchronizeStream(3u)).WillOnce(Return(Status()));
  EXPECT_CALL(dev0_, SynchronizeStream(1u)).WillOnce(Return(Status()));
  EXPECT_CALL(dev0_, QueryStream(2u)).WillOnce(Return(StatusOr<bool>(false)));
  EXPECT_CALL(dev0_, DestroyStream(2u)).WillOnce(Return(Status()));
  EXPECT_CALL(dev0_,
              SubmitMarker(3u, AllOf(Field(&device::MarkerInfo::marker_id, 77u), Field(&device::MarkerInfo::tag, 5u),
                                     Field(&device::MarkerInfo::host_tid, CurrentThreadId()))))
      .WillOnce(Return(StatusOr<device::TaskId>(device::TaskId{42})));
  EXPECT_EQ(rt_->devices().SynchronizeStream(*s3).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().SynchronizeStream(nullptr).code(), StatusCode::kOk);
  auto idle = rt_->devices().QueryStream(*s2);
  ASSERT_TRUE(idle.ok());
  EXPECT_FALSE(*idle);
  auto task = rt_->devices().SubmitMarker(*s3, 77, 5, 0);
  ASSERT_TRUE(task.ok());
  EXPECT_EQ(*task, 42u);
  EXPECT_EQ(rt_->devices().DestroyStream(*s2).code(), StatusCode::kOk);
  auto resolved = rt_->devices().ResolveStream(nullptr);
  ASSERT_TRUE(resolved.ok());
  EXPECT_EQ((*resolved)->id(), 1u);
}

TEST_F(DeviceTableTest, GivenDestroyedStreamWhenUsedThenInvalidHandle) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto s = rt_->devices().CreateStream();
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(rt_->devices().DestroyStream(*s).code(), StatusCode::kOk);
  EXPECT_CALL(dev0_, SynchronizeStream(_)).Times(0);
  EXPECT_EQ(rt_->devices().DestroyStream(*s).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().SynchronizeStream(*s).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().QueryStream(*s).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().ResolveStream(*s).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().SubmitMarker(*s, 1, 1, 0).status().detail(), Detail::kInvalidHandle);
}

TEST_F(DeviceTableTest, GivenDefaultStreamWhenDestroyStreamThenParamInvalid) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  Stream* def = *rt_->devices().ResolveStream(nullptr);
  EXPECT_CALL(dev0_, DestroyStream(_)).Times(0);
  EXPECT_EQ(rt_->devices().DestroyStream(def).code(), StatusCode::kInvalidArgument);
}

TEST_F(DeviceTableTest, GivenBackendStreamErrorsWhenCalledThenPropagatedUnchanged) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  EXPECT_CALL(dev0_, CreateStream())
      .WillOnce(Return(StatusOr<device::StreamId>(Status(StatusCode::kUnimplemented, "no more"))));
  EXPECT_EQ(rt_->devices().CreateStream().status().code(), StatusCode::kUnimplemented);
  EXPECT_CALL(dev0_, SynchronizeStream(1u)).WillOnce(Return(Status(Detail::kStreamNotComplete, "x")));
  EXPECT_EQ(rt_->devices().SynchronizeStream(nullptr).detail(), Detail::kStreamNotComplete);
  EXPECT_CALL(dev0_, SynchronizeDevice()).WillOnce(Return(Status(StatusCode::kInternal, "y")));
  EXPECT_EQ(rt_->devices().SynchronizeDevice().code(), StatusCode::kInternal);
  ::testing::Mock::VerifyAndClearExpectations(&dev0_);  // the destructor synchronises too
}

// ------------------------------------------------------------------- events

TEST_F(DeviceTableTest, GivenEventWhenRecordAndWaitThenBackendGetsStreamAndEventIds) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto s = rt_->devices().CreateStream();  // backend id 2
  auto e = rt_->devices().CreateEvent();   // backend id 1
  ASSERT_TRUE(s.ok() && e.ok());
  EXPECT_EQ((*e)->id(), 1u);
  {
    InSequence seq;
    EXPECT_CALL(dev0_, SubmitEventRecord(2u, 1u)).WillOnce(Return(Status()));
    EXPECT_CALL(dev0_, SubmitEventRecord(1u, 1u)).WillOnce(Return(Status()));
    EXPECT_CALL(dev0_, SubmitEventWait(1u, 1u)).WillOnce(Return(Status()));
    EXPECT_CALL(dev0_, SubmitEventWait(2u, 1u)).WillOnce(Return(Status()));
    EXPECT_CALL(dev0_, SynchronizeEvent(1u)).WillOnce(Return(Status()));
    EXPECT_CALL(dev0_, DestroyEvent(1u)).WillOnce(Return(Status()));
  }
  EXPECT_EQ(rt_->devices().RecordEvent(*e, *s).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().RecordEvent(*e, nullptr).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(nullptr, *e).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(*s, *e).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().SynchronizeEvent(*e).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().DestroyEvent(*e).code(), StatusCode::kOk);
}

TEST_F(DeviceTableTest, GivenBackendEventErrorsWhenRecordOrWaitThenPropagatedUnchanged) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto e = rt_->devices().CreateEvent();
  ASSERT_TRUE(e.ok());
  EXPECT_CALL(dev0_, SubmitEventRecord(_, _)).WillOnce(Return(Status(StatusCode::kInternal, "r")));
  EXPECT_CALL(dev0_, SubmitEventWait(_, _)).WillOnce(Return(Status(StatusCode::kInternal, "w")));
  EXPECT_EQ(rt_->devices().RecordEvent(*e, nullptr).code(), StatusCode::kInternal);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(nullptr, *e).code(), StatusCode::kInternal);
  EXPECT_CALL(dev0_, CreateEvent()).WillOnce(Return(StatusOr<device::EventId>(Status(StatusCode::kInternal, "c"))));
  EXPECT_EQ(rt_->devices().CreateEvent().status().code(), StatusCode::kInternal);
}

TEST_F(DeviceTableTest, GivenEventOnOtherDeviceWhenRecordOrWaitThenStreamContextError) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto e0 = rt_->devices().CreateEvent();
  ASSERT_TRUE(e0.ok());
  ASSERT_EQ(rt_->devices().SetDevice(1).code(), StatusCode::kOk);
  auto s1 = rt_->devices().CreateStream();
  ASSERT_TRUE(s1.ok());
  EXPECT_CALL(dev0_, SubmitEventRecord(_, _)).Times(0);
  EXPECT_CALL(dev1_, SubmitEventRecord(_, _)).Times(0);
  EXPECT_CALL(dev0_, SubmitEventWait(_, _)).Times(0);
  EXPECT_CALL(dev1_, SubmitEventWait(_, _)).Times(0);
  EXPECT_EQ(rt_->devices().RecordEvent(*e0, nullptr).detail(), Detail::kStreamOfOtherContext);
  EXPECT_EQ(rt_->devices().RecordEvent(*e0, *s1).detail(), Detail::kStreamOfOtherContext);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(nullptr, *e0).detail(), Detail::kStreamOfOtherContext);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(*s1, *e0).detail(), Detail::kStreamOfOtherContext);
}

TEST_F(DeviceTableTest, GivenDestroyedEventWhenUsedThenInvalidHandle) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto e = rt_->devices().CreateEvent();
  auto ok_event = rt_->devices().CreateEvent();
  ASSERT_TRUE(e.ok() && ok_event.ok());
  ASSERT_EQ(rt_->devices().DestroyEvent(*e).code(), StatusCode::kOk);
  EXPECT_CALL(dev0_, SubmitEventRecord(_, _)).Times(0);
  EXPECT_EQ(rt_->devices().DestroyEvent(*e).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().RecordEvent(*e, nullptr).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(nullptr, *e).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().SynchronizeEvent(*e).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().QueryEvent(*e).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().EventElapsedTime(*e, *ok_event).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().EventElapsedTime(*ok_event, *e).status().detail(), Detail::kInvalidHandle);
}

TEST_F(DeviceTableTest, GivenValidEventWhenRecordOnDestroyedStreamThenInvalidHandle) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto e = rt_->devices().CreateEvent();
  auto s = rt_->devices().CreateStream();
  ASSERT_TRUE(e.ok() && s.ok());
  ASSERT_EQ(rt_->devices().DestroyStream(*s).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->devices().RecordEvent(*e, *s).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(*s, *e).detail(), Detail::kInvalidHandle);
}

device::EventState State(bool recorded, bool complete, device::VirtualTimeNs ts) {
  device::EventState s;
  s.recorded = recorded;
  s.complete = complete;
  s.timestamp_ns = ts;
  return s;
}

TEST_F(DeviceTableTest, GivenEventsNotRecordedWhenElapsedTimeThenRtInternalError) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto a = rt_->devices().CreateEvent();  // id 1
  auto b = rt_->devices().CreateEvent();  // id 2
  ASSERT_TRUE(a.ok() && b.ok());
  // Default mock state: never recorded.
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().code(), StatusCode::kInternal);
  // Only the start recorded.
  ON_CALL(dev0_, QueryEvent(1u)).WillByDefault(Return(StatusOr<device::EventState>(State(true, true, 100))));
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().code(), StatusCode::kInternal);
  EXPECT_EQ(rt_->devices().EventElapsedTime(*b, *a).status().code(), StatusCode::kInternal);
}

TEST_F(DeviceTableTest, GivenRecordedButIncompleteEventWhenElapsedTimeThenTimestampInvalid) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto a = rt_->devices().CreateEvent();
  auto b = rt_->devices().CreateEvent();
  ASSERT_TRUE(a.ok() && b.ok());
  ON_CALL(dev0_, QueryEvent(1u)).WillByDefault(Return(StatusOr<device::EventState>(State(true, true, 100))));
  ON_CALL(dev0_, QueryEvent(2u)).WillByDefault(Return(StatusOr<device::EventState>(State(true, false, 200))));
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().detail(), Detail::kEventNotRecorded);
}

TEST_F(DeviceTableTest, GivenTwoCompleteEventsWhenElapsedTimeThenMillisecondsBetweenTimestamps) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto a = rt_->devices().CreateEvent();
  auto b = rt_->devices().CreateEvent();
  ASSERT_TRUE(a.ok() && b.ok());
  ON_CALL(dev0_, QueryEvent(1u)).WillByDefault(Return(StatusOr<device::EventState>(State(true, true, 1'000'000))));
  ON_CALL(dev0_, QueryEvent(2u)).WillByDefault(Return(StatusOr<device::EventState>(State(true, true, 3'500'000))));
  auto ms = rt_->devices().EventElapsedTime(*a, *b);
  ASSERT_TRUE(ms.ok()) << ms.status().ToString();
  EXPECT_FLOAT_EQ(*ms, 2.5f);
  auto neg = rt_->devices().EventElapsedTime(*b, *a);
  ASSERT_TRUE(neg.ok());
  EXPECT_FLOAT_EQ(*neg, -2.5f);
}

TEST_F(DeviceTableTest, GivenQueryEventFailsWhenElapsedTimeThenErrorPropagatesUnchanged) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto a = rt_->devices().CreateEvent();
  auto b = rt_->devices().CreateEvent();
  ASSERT_TRUE(a.ok() && b.ok());
  ON_CALL(dev0_, QueryEvent(2u))
      .WillByDefault(Return(StatusOr<device::EventState>(Status(StatusCode::kInternal, "q"))));
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().code(), StatusCode::kInternal);
  EXPECT_EQ(rt_->devices().QueryEvent(*b).status().code(), StatusCode::kInternal);
}

TEST_F(DeviceTableTest, GivenEventsOnDifferentDevicesWhenElapsedTimeThenParamInvalid) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  auto a = rt_->devices().CreateEvent();
  ASSERT_EQ(rt_->devices().SetDevice(1).code(), StatusCode::kOk);
  auto b = rt_->devices().CreateEvent();
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().code(), StatusCode::kInvalidArgument);
}

// ------------------------------------------------------------------- memory

}  // namespace
}  // namespace aclsim::runtime
