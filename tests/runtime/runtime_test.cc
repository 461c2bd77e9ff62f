// Tests of runtime::Runtime against the mock backend (tests/testing/):
// device/context/stream/event bookkeeping, the calls it makes on the device
// layer, and the exact error codes it returns.
#include "runtime/runtime.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

#include "runtime/model/graph_loader.h"
#include "tests/testing/mock_device.h"
#include "tests/testing/status_printers.h"

namespace aclsim::runtime {
namespace {

using ::aclsim::testing::MockBackend;
using ::aclsim::testing::MockDevice;
using ::aclsim::testing::RegisterMockBackend;
using ::testing::_;
using ::testing::AllOf;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::InSequence;
using ::testing::Invoke;
using ::testing::NiceMock;
using ::testing::Return;

// x [2,4] float16 (16 bytes) -> y [2,4] float32 (32 bytes).
constexpr char kTinyGraph[] = R"({
  "schema": "aclsim.graph.v1", "name": "tiny",
  "inputs": [ {"name": "x", "dtype": "float16", "shape": [2, 4]} ],
  "outputs": [ "y" ],
  "ops": [ {"name": "cast", "type": "Cast", "inputs": ["x"],
            "outputs": [ {"name": "y", "dtype": "float32", "shape": [2, 4]} ]} ]
})";

model::Graph TinyGraph() {
  auto g = model::LoadGraphFromJson(kTinyGraph);
  EXPECT_TRUE(g.ok()) << g.status().ToString();
  return std::move(g).value();
}

class RuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    RegisterMockBackend(registry_, "mock", &backend_, {&dev0_, &dev1_});
    options_.backend = "mock";
    auto rt = Runtime::Create(options_, registry_);
    ASSERT_TRUE(rt.ok()) << rt.status().ToString();
    rt_ = std::move(rt).value();
  }

  // Declared before rt_: the mocks outlive the runtime's last device calls.
  NiceMock<MockBackend> backend_;
  NiceMock<MockDevice> dev0_;
  NiceMock<MockDevice> dev1_;
  device::BackendRegistry registry_;
  RuntimeOptions options_;
  std::unique_ptr<Runtime> rt_;
};

// ------------------------------------------------------------------ devices

TEST_F(RuntimeTest, GivenMockBackendWhenCreatedThenReportsItsNameAndDeviceCount) {
  EXPECT_EQ(rt_->backend_name(), "mock");
  EXPECT_EQ(rt_->devices().DeviceCount(), 2u);
}

TEST(RuntimeCreate, GivenUnknownBackendWhenCreateThenInvalidParam) {
  device::BackendRegistry registry;
  RuntimeOptions options;
  options.backend = "no_such_backend";
  auto rt = Runtime::Create(options, registry);
  EXPECT_EQ(rt.status().code(), ErrorCode::kInvalidParam);
}

TEST(RuntimeCreate, GivenInvalidOptionsWhenCreateThenInvalidParam) {
  device::BackendRegistry registry;
  RuntimeOptions options;
  options.backend = "null";
  options.backend_options.device_count = 0;
  EXPECT_EQ(Runtime::Create(options, registry).status().code(), ErrorCode::kInvalidParam);
}

TEST_F(RuntimeTest, GivenSetDeviceTwiceWhenCheckedThenDeviceOpenedOnceWithOneDefaultStream) {
  EXPECT_CALL(backend_, OpenDevice(0u)).Times(1);
  EXPECT_CALL(dev0_, CreateStream()).Times(1);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
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

TEST_F(RuntimeTest, GivenOutOfRangeDeviceWhenSetDeviceThenInvalidDeviceId) {
  EXPECT_CALL(backend_, OpenDevice(_)).Times(0);
  EXPECT_EQ(rt_->devices().SetDevice(2).code(), ErrorCode::kRtInvalidDeviceId);
  EXPECT_EQ(rt_->devices().SetDevice(-1).code(), ErrorCode::kRtInvalidDeviceId);
  EXPECT_EQ(rt_->devices().GetDevice().status().code(), ErrorCode::kRtContextNull);
}

TEST_F(RuntimeTest, GivenOpenDeviceFailsWhenSetDeviceThenErrorPropagatesUnchanged) {
  EXPECT_CALL(backend_, OpenDevice(0u)).WillOnce(Invoke([](uint32_t) -> StatusOr<std::unique_ptr<device::Device>> {
    return Status(ErrorCode::kRtNoDevice, "boom");
  }));
  Status s = rt_->devices().SetDevice(0);
  EXPECT_EQ(s.code(), ErrorCode::kRtNoDevice);
  EXPECT_EQ(s.message(), "boom");
}

TEST_F(RuntimeTest, GivenCreateStreamFailsWhenSetDeviceThenErrorPropagatesAndNoContext) {
  EXPECT_CALL(dev0_, CreateStream()).WillOnce(Return(StatusOr<device::StreamId>(Status(ErrorCode::kRtFailure, "x"))));
  EXPECT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kRtFailure);
  EXPECT_EQ(rt_->devices().GetDevice().status().code(), ErrorCode::kRtContextNull);
}

TEST_F(RuntimeTest, GivenSetTwiceWhenResetThenContextLivesUntilCountReachesZero) {
  EXPECT_CALL(backend_, OpenDevice(0u)).Times(1);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);

  EXPECT_CALL(dev0_, DestroyStream(_)).Times(0);
  EXPECT_EQ(rt_->devices().ResetDevice(0, /*force=*/false).code(), ErrorCode::kOk);
  ASSERT_TRUE(rt_->devices().GetDevice().ok());
  EXPECT_EQ(*rt_->devices().GetDevice(), 0);
  ::testing::Mock::VerifyAndClearExpectations(&dev0_);

  EXPECT_CALL(dev0_, DestroyStream(1u)).Times(1);
  EXPECT_EQ(rt_->devices().ResetDevice(0, false).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().GetDevice().status().code(), ErrorCode::kRtContextNull);
  ::testing::Mock::VerifyAndClearExpectations(&dev0_);

  // One reset too many.
  EXPECT_EQ(rt_->devices().ResetDevice(0, false).code(), ErrorCode::kRtContextReleaseError);
}

TEST_F(RuntimeTest, GivenResetDeviceWhenSetAgainThenNewDefaultStreamOnSameOpenDevice) {
  EXPECT_CALL(backend_, OpenDevice(0u)).Times(1);
  EXPECT_CALL(dev0_, CreateStream()).Times(2);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  ASSERT_EQ(rt_->devices().ResetDevice(0, false).code(), ErrorCode::kOk);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto ctx = rt_->devices().GetCurrentContext();
  ASSERT_TRUE(ctx.ok());
  EXPECT_EQ((*ctx)->default_stream()->id(), 2u);
}

TEST_F(RuntimeTest, GivenForceWhenResetDeviceThenReleasedRegardlessOfCount) {
  for (int i = 0; i < 3; ++i) ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().ResetDevice(0, /*force=*/true).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().GetDevice().status().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->devices().ResetDevice(0, false).code(), ErrorCode::kRtContextReleaseError);
}

TEST_F(RuntimeTest, GivenBadDeviceWhenResetDeviceThenExactErrors) {
  EXPECT_EQ(rt_->devices().ResetDevice(2, false).code(), ErrorCode::kRtInvalidDeviceId);
  EXPECT_EQ(rt_->devices().ResetDevice(-1, false).code(), ErrorCode::kRtInvalidDeviceId);
  // In range but never set (never opened, then opened by another call).
  EXPECT_EQ(rt_->devices().ResetDevice(1, false).code(), ErrorCode::kRtContextReleaseError);
  ASSERT_TRUE(rt_->devices().GetDeviceInfo(1).ok());
  EXPECT_EQ(rt_->devices().ResetDevice(1, false).code(), ErrorCode::kRtContextReleaseError);
}

TEST_F(RuntimeTest, GivenNoContextWhenContextCallsThenContextNull) {
  EXPECT_EQ(rt_->devices().GetDevice().status().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->devices().GetCurrentContext().status().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->devices().SynchronizeDevice().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->devices().CreateStream().status().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->devices().CreateEvent().status().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->devices().ResolveStream(nullptr).status().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->devices().SynchronizeStream(nullptr).code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->MallocDevice(16).status().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->LoadModel(TinyGraph()).status().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->devices().SubmitMarker(nullptr, 1, 2).status().code(), ErrorCode::kRtContextNull);
}

TEST_F(RuntimeTest, GivenGetDeviceInfoWhenCalledThenBackendInfoAndNoContextCreated) {
  dev1_.info_value.profile_name = "P1";
  auto info = rt_->devices().GetDeviceInfo(1);
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->profile_name, "P1");
  EXPECT_EQ(rt_->devices().GetDeviceInfo(2).status().code(), ErrorCode::kRtInvalidDeviceId);
  EXPECT_EQ(rt_->devices().GetDevice().status().code(), ErrorCode::kRtContextNull);
}

// ----------------------------------------------------------------- contexts

TEST_F(RuntimeTest, GivenSetDeviceOnOneThreadWhenOtherThreadAsksThenItHasNoContext) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  ErrorCode other_before = ErrorCode::kOk;
  ErrorCode other_set = ErrorCode::kInternalError;
  int32_t other_device = -1;
  std::thread t([&] {
    other_before = rt_->devices().GetDevice().status().code();
    other_set = rt_->devices().SetDevice(1).code();
    auto d = rt_->devices().GetDevice();
    if (d.ok()) other_device = *d;
  });
  t.join();
  EXPECT_EQ(other_before, ErrorCode::kRtContextNull);
  EXPECT_EQ(other_set, ErrorCode::kOk);
  EXPECT_EQ(other_device, 1);
  ASSERT_TRUE(rt_->devices().GetDevice().ok());
  EXPECT_EQ(*rt_->devices().GetDevice(), 0);
}

TEST_F(RuntimeTest, GivenCreateContextWhenCalledThenItBecomesCurrentWithItsOwnDefaultStream) {
  EXPECT_CALL(dev1_, CreateStream()).Times(1);
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto ctx = rt_->devices().CreateContext(1);
  ASSERT_TRUE(ctx.ok());
  EXPECT_FALSE((*ctx)->is_primary());
  EXPECT_EQ((*ctx)->device()->id(), 1);
  ASSERT_TRUE(rt_->devices().GetCurrentContext().ok());
  EXPECT_EQ(*rt_->devices().GetCurrentContext(), *ctx);
  EXPECT_EQ(*rt_->devices().GetDevice(), 1);
  EXPECT_EQ(rt_->devices().CreateContext(2).status().code(), ErrorCode::kRtInvalidDeviceId);
}

TEST_F(RuntimeTest, GivenContextWhenSetCurrentOnAnotherThreadThenThatThreadUsesIt) {
  auto ctx = rt_->devices().CreateContext(1);
  ASSERT_TRUE(ctx.ok());
  Context* seen = nullptr;
  ErrorCode set_code = ErrorCode::kInternalError;
  int32_t device = -1;
  std::thread t([&] {
    set_code = rt_->devices().SetCurrentContext(*ctx).code();
    auto c = rt_->devices().GetCurrentContext();
    if (c.ok()) seen = *c;
    auto d = rt_->devices().GetDevice();
    if (d.ok()) device = *d;
  });
  t.join();
  EXPECT_EQ(set_code, ErrorCode::kOk);
  EXPECT_EQ(seen, *ctx);
  EXPECT_EQ(device, 1);
}

TEST_F(RuntimeTest, GivenDestroyedContextWhenUsedThenInvalidHandleAndNoCurrentContext) {
  auto ctx = rt_->devices().CreateContext(0);
  ASSERT_TRUE(ctx.ok());
  auto stream = rt_->devices().CreateStream();
  ASSERT_TRUE(stream.ok());
  EXPECT_CALL(dev0_, DestroyStream(_)).Times(2);  // its default stream and |stream|
  ASSERT_EQ(rt_->devices().DestroyContext(*ctx).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().GetDevice().status().code(), ErrorCode::kRtContextNull);
  EXPECT_EQ(rt_->devices().DestroyContext(*ctx).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().SetCurrentContext(*ctx).code(), ErrorCode::kRtInvalidHandle);
  // Streams of a destroyed context are gone too.
  EXPECT_EQ(rt_->devices().SynchronizeStream(*stream).code(), ErrorCode::kRtInvalidHandle);
}

TEST_F(RuntimeTest, GivenPrimaryContextWhenDestroyContextThenParamInvalid) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto ctx = rt_->devices().GetCurrentContext();
  ASSERT_TRUE(ctx.ok());
  EXPECT_EQ(rt_->devices().DestroyContext(*ctx).code(), ErrorCode::kRtParamInvalid);
  EXPECT_TRUE(rt_->devices().GetDevice().ok());
}

TEST_F(RuntimeTest, GivenUnknownContextWhenSetCurrentThenInvalidHandle) {
  Context* bogus = reinterpret_cast<Context*>(uintptr_t{0x1000});
  EXPECT_EQ(rt_->devices().SetCurrentContext(bogus).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().SetCurrentContext(nullptr).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().DestroyContext(nullptr).code(), ErrorCode::kRtInvalidHandle);
}

TEST_F(RuntimeTest, GivenManyThreadsWhenCreatingAndDestroyingHandlesThenAllSucceed) {
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

TEST_F(RuntimeTest, GivenStreamsWhenUsedThenCallsCarryTheBackendStreamIds) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);  // default stream = backend id 1
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
  EXPECT_EQ(rt_->devices().SynchronizeStream(*s3).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().SynchronizeStream(nullptr).code(), ErrorCode::kOk);
  auto idle = rt_->devices().QueryStream(*s2);
  ASSERT_TRUE(idle.ok());
  EXPECT_FALSE(*idle);
  auto task = rt_->devices().SubmitMarker(*s3, 77, 5);
  ASSERT_TRUE(task.ok());
  EXPECT_EQ(*task, 42u);
  EXPECT_EQ(rt_->devices().DestroyStream(*s2).code(), ErrorCode::kOk);
  auto resolved = rt_->devices().ResolveStream(nullptr);
  ASSERT_TRUE(resolved.ok());
  EXPECT_EQ((*resolved)->id(), 1u);
}

TEST_F(RuntimeTest, GivenDestroyedStreamWhenUsedThenInvalidHandle) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto s = rt_->devices().CreateStream();
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(rt_->devices().DestroyStream(*s).code(), ErrorCode::kOk);
  EXPECT_CALL(dev0_, SynchronizeStream(_)).Times(0);
  EXPECT_EQ(rt_->devices().DestroyStream(*s).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().SynchronizeStream(*s).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().QueryStream(*s).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().ResolveStream(*s).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().SubmitMarker(*s, 1, 1).status().code(), ErrorCode::kRtInvalidHandle);
}

TEST_F(RuntimeTest, GivenDefaultStreamWhenDestroyStreamThenParamInvalid) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  Stream* def = *rt_->devices().ResolveStream(nullptr);
  EXPECT_CALL(dev0_, DestroyStream(_)).Times(0);
  EXPECT_EQ(rt_->devices().DestroyStream(def).code(), ErrorCode::kRtParamInvalid);
}

TEST_F(RuntimeTest, GivenBackendStreamErrorsWhenCalledThenPropagatedUnchanged) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  EXPECT_CALL(dev0_, CreateStream())
      .WillOnce(Return(StatusOr<device::StreamId>(Status(ErrorCode::kRtFeatureNotSupport, "no more"))));
  EXPECT_EQ(rt_->devices().CreateStream().status().code(), ErrorCode::kRtFeatureNotSupport);
  EXPECT_CALL(dev0_, SynchronizeStream(1u)).WillOnce(Return(Status(ErrorCode::kRtStreamNotComplete, "x")));
  EXPECT_EQ(rt_->devices().SynchronizeStream(nullptr).code(), ErrorCode::kRtStreamNotComplete);
  EXPECT_CALL(dev0_, SynchronizeDevice()).WillOnce(Return(Status(ErrorCode::kRtInternalError, "y")));
  EXPECT_EQ(rt_->devices().SynchronizeDevice().code(), ErrorCode::kRtInternalError);
  ::testing::Mock::VerifyAndClearExpectations(&dev0_);  // the destructor synchronises too
}

// ------------------------------------------------------------------- events

TEST_F(RuntimeTest, GivenEventWhenRecordAndWaitThenBackendGetsStreamAndEventIds) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
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
  EXPECT_EQ(rt_->devices().RecordEvent(*e, *s).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().RecordEvent(*e, nullptr).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(nullptr, *e).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(*s, *e).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().SynchronizeEvent(*e).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().DestroyEvent(*e).code(), ErrorCode::kOk);
}

TEST_F(RuntimeTest, GivenBackendEventErrorsWhenRecordOrWaitThenPropagatedUnchanged) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto e = rt_->devices().CreateEvent();
  ASSERT_TRUE(e.ok());
  EXPECT_CALL(dev0_, SubmitEventRecord(_, _)).WillOnce(Return(Status(ErrorCode::kRtFailure, "r")));
  EXPECT_CALL(dev0_, SubmitEventWait(_, _)).WillOnce(Return(Status(ErrorCode::kRtInternalError, "w")));
  EXPECT_EQ(rt_->devices().RecordEvent(*e, nullptr).code(), ErrorCode::kRtFailure);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(nullptr, *e).code(), ErrorCode::kRtInternalError);
  EXPECT_CALL(dev0_, CreateEvent()).WillOnce(Return(StatusOr<device::EventId>(Status(ErrorCode::kRtFailure, "c"))));
  EXPECT_EQ(rt_->devices().CreateEvent().status().code(), ErrorCode::kRtFailure);
}

TEST_F(RuntimeTest, GivenEventOnOtherDeviceWhenRecordOrWaitThenStreamContextError) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto e0 = rt_->devices().CreateEvent();
  ASSERT_TRUE(e0.ok());
  ASSERT_EQ(rt_->devices().SetDevice(1).code(), ErrorCode::kOk);
  auto s1 = rt_->devices().CreateStream();
  ASSERT_TRUE(s1.ok());
  EXPECT_CALL(dev0_, SubmitEventRecord(_, _)).Times(0);
  EXPECT_CALL(dev1_, SubmitEventRecord(_, _)).Times(0);
  EXPECT_CALL(dev0_, SubmitEventWait(_, _)).Times(0);
  EXPECT_CALL(dev1_, SubmitEventWait(_, _)).Times(0);
  EXPECT_EQ(rt_->devices().RecordEvent(*e0, nullptr).code(), ErrorCode::kRtStreamContext);
  EXPECT_EQ(rt_->devices().RecordEvent(*e0, *s1).code(), ErrorCode::kRtStreamContext);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(nullptr, *e0).code(), ErrorCode::kRtStreamContext);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(*s1, *e0).code(), ErrorCode::kRtStreamContext);
}

TEST_F(RuntimeTest, GivenDestroyedEventWhenUsedThenInvalidHandle) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto e = rt_->devices().CreateEvent();
  auto ok_event = rt_->devices().CreateEvent();
  ASSERT_TRUE(e.ok() && ok_event.ok());
  ASSERT_EQ(rt_->devices().DestroyEvent(*e).code(), ErrorCode::kOk);
  EXPECT_CALL(dev0_, SubmitEventRecord(_, _)).Times(0);
  EXPECT_EQ(rt_->devices().DestroyEvent(*e).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().RecordEvent(*e, nullptr).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(nullptr, *e).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().SynchronizeEvent(*e).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().QueryEvent(*e).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().EventElapsedTime(*e, *ok_event).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().EventElapsedTime(*ok_event, *e).status().code(), ErrorCode::kRtInvalidHandle);
}

TEST_F(RuntimeTest, GivenValidEventWhenRecordOnDestroyedStreamThenInvalidHandle) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto e = rt_->devices().CreateEvent();
  auto s = rt_->devices().CreateStream();
  ASSERT_TRUE(e.ok() && s.ok());
  ASSERT_EQ(rt_->devices().DestroyStream(*s).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->devices().RecordEvent(*e, *s).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(rt_->devices().StreamWaitEvent(*s, *e).code(), ErrorCode::kRtInvalidHandle);
}

device::EventState State(bool recorded, bool complete, device::VirtualTimeNs ts) {
  device::EventState s;
  s.recorded = recorded;
  s.complete = complete;
  s.timestamp_ns = ts;
  return s;
}

TEST_F(RuntimeTest, GivenEventsNotRecordedWhenElapsedTimeThenRtInternalError) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto a = rt_->devices().CreateEvent();  // id 1
  auto b = rt_->devices().CreateEvent();  // id 2
  ASSERT_TRUE(a.ok() && b.ok());
  // Default mock state: never recorded.
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().code(), ErrorCode::kRtInternalError);
  // Only the start recorded.
  ON_CALL(dev0_, QueryEvent(1u)).WillByDefault(Return(StatusOr<device::EventState>(State(true, true, 100))));
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().code(), ErrorCode::kRtInternalError);
  EXPECT_EQ(rt_->devices().EventElapsedTime(*b, *a).status().code(), ErrorCode::kRtInternalError);
}

TEST_F(RuntimeTest, GivenRecordedButIncompleteEventWhenElapsedTimeThenTimestampInvalid) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto a = rt_->devices().CreateEvent();
  auto b = rt_->devices().CreateEvent();
  ASSERT_TRUE(a.ok() && b.ok());
  ON_CALL(dev0_, QueryEvent(1u)).WillByDefault(Return(StatusOr<device::EventState>(State(true, true, 100))));
  ON_CALL(dev0_, QueryEvent(2u)).WillByDefault(Return(StatusOr<device::EventState>(State(true, false, 200))));
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().code(), ErrorCode::kRtEventTimestampInvalid);
}

TEST_F(RuntimeTest, GivenTwoCompleteEventsWhenElapsedTimeThenMillisecondsBetweenTimestamps) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
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

TEST_F(RuntimeTest, GivenQueryEventFailsWhenElapsedTimeThenErrorPropagatesUnchanged) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto a = rt_->devices().CreateEvent();
  auto b = rt_->devices().CreateEvent();
  ASSERT_TRUE(a.ok() && b.ok());
  ON_CALL(dev0_, QueryEvent(2u))
      .WillByDefault(Return(StatusOr<device::EventState>(Status(ErrorCode::kRtFailure, "q"))));
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().code(), ErrorCode::kRtFailure);
  EXPECT_EQ(rt_->devices().QueryEvent(*b).status().code(), ErrorCode::kRtFailure);
}

TEST_F(RuntimeTest, GivenEventsOnDifferentDevicesWhenElapsedTimeThenParamInvalid) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  auto a = rt_->devices().CreateEvent();
  ASSERT_EQ(rt_->devices().SetDevice(1).code(), ErrorCode::kOk);
  auto b = rt_->devices().CreateEvent();
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(rt_->devices().EventElapsedTime(*a, *b).status().code(), ErrorCode::kRtParamInvalid);
}

// ------------------------------------------------------------------- memory

TEST_F(RuntimeTest, GivenDeviceMemoryWhenAllocatedThenBoundedByDeviceInfoCapacity) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);  // mock capacity: 1 MiB
  auto p = rt_->MallocDevice(1 << 20);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(rt_->MallocDevice(1).status().code(), ErrorCode::kRtMemoryAllocation);
  EXPECT_EQ(rt_->FreeDevice(*p).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->FreeDevice(*p).code(), ErrorCode::kRtParamInvalid);
}

// ------------------------------------------------------------------- models

class RuntimeModelTest : public RuntimeTest {
 protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
    EXPECT_CALL(dev0_, LoadGraph(_)).WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{7})));
    auto id = rt_->LoadModel(TinyGraph());
    ASSERT_TRUE(id.ok()) << id.status().ToString();
    model_id_ = *id;
    ::testing::Mock::VerifyAndClearExpectations(&dev0_);
  }

  uint32_t model_id_ = 0;
  std::vector<char> in_buf_ = std::vector<char>(16);
  std::vector<char> out_buf_ = std::vector<char>(32);
  std::vector<BufferView> Inputs() const { return {{in_buf_.data(), in_buf_.size()}}; }
  std::vector<BufferView> Outputs() const { return {{out_buf_.data(), out_buf_.size()}}; }
};

TEST_F(RuntimeModelTest, GivenLoadedModelWhenDescribedThenSizesFromGraph) {
  EXPECT_EQ(model_id_, 1u);
  auto desc = rt_->models().Describe(model_id_);
  ASSERT_TRUE(desc.ok());
  EXPECT_EQ(desc->name, "tiny");
  ASSERT_EQ(desc->inputs.size(), 1u);
  ASSERT_EQ(desc->outputs.size(), 1u);
  EXPECT_EQ(desc->inputs[0].size_bytes, 16u);
  EXPECT_EQ(desc->outputs[0].size_bytes, 32u);
  EXPECT_EQ(rt_->models().Describe(99).status().code(), ErrorCode::kGeExecModelIdInvalid);
  auto op = rt_->models().GetOp(model_id_, 0);
  ASSERT_TRUE(op.ok());
  EXPECT_EQ(op->first, "cast");
  EXPECT_EQ(op->second, "Cast");
  EXPECT_EQ(rt_->models().GetOp(model_id_, 1).status().code(), ErrorCode::kInvalidParam);
}

TEST_F(RuntimeModelTest, GivenSynchronousExecuteThenSubmitGraphWithModelTagThenSynchronizeStream) {
  InSequence seq;
  EXPECT_CALL(dev0_, SubmitGraph(1u, 7u,
                                 AllOf(Field(&device::LaunchInfo::model_tag, model_id_),
                                       Field(&device::LaunchInfo::host_tid, CurrentThreadId()))))
      .WillOnce(Return(StatusOr<device::TaskId>(device::TaskId{100})));
  EXPECT_CALL(dev0_, SynchronizeStream(1u)).WillOnce(Return(Status()));
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, /*synchronous=*/true).code(), ErrorCode::kOk);
}

TEST_F(RuntimeModelTest, GivenAsyncExecuteOnStreamThenSubmitGraphOnThatStreamAndNoSync) {
  auto s = rt_->devices().CreateStream();  // backend id 2
  ASSERT_TRUE(s.ok());
  EXPECT_CALL(dev0_, SubmitGraph(2u, 7u, Field(&device::LaunchInfo::model_tag, model_id_)))
      .WillOnce(Return(StatusOr<device::TaskId>(device::TaskId{1})));
  EXPECT_CALL(dev0_, SynchronizeStream(_)).Times(0);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), *s, /*synchronous=*/false).code(), ErrorCode::kOk);
}

TEST_F(RuntimeModelTest, GivenLargerBuffersWhenExecuteThenAccepted) {
  std::vector<char> big_in(64), big_out(64);
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(1);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, {{big_in.data(), 64}}, {{big_out.data(), 64}}, nullptr, false).code(),
            ErrorCode::kOk);
}

TEST_F(RuntimeModelTest, GivenBadDatasetsWhenExecuteThenInvalidParamAndNothingSubmitted) {
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_CALL(dev0_, SynchronizeStream(_)).Times(0);
  // Buffer counts.
  EXPECT_EQ(rt_->ExecuteModel(model_id_, {}, Outputs(), nullptr, true).code(), ErrorCode::kInvalidParam);
  auto two_in = Inputs();
  two_in.push_back(two_in[0]);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, two_in, Outputs(), nullptr, true).code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), {}, nullptr, true).code(), ErrorCode::kInvalidParam);
  // Buffer sizes: one byte short, and NULL data.
  Status s = rt_->ExecuteModel(model_id_, {{in_buf_.data(), 15}}, Outputs(), nullptr, true);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("needs 16"));
  EXPECT_EQ(rt_->ExecuteModel(model_id_, {{nullptr, 16}}, Outputs(), nullptr, true).code(), ErrorCode::kInvalidParam);
  s = rt_->ExecuteModel(model_id_, Inputs(), {{out_buf_.data(), 31}}, nullptr, true);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("needs 32"));
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), {{nullptr, 32}}, nullptr, true).code(), ErrorCode::kInvalidParam);
}

TEST_F(RuntimeModelTest, GivenUnknownModelIdWhenExecuteThenGeExecModelIdInvalid) {
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_EQ(rt_->ExecuteModel(model_id_ + 1, Inputs(), Outputs(), nullptr, true).code(),
            ErrorCode::kGeExecModelIdInvalid);
  EXPECT_EQ(rt_->ExecuteModel(0, Inputs(), Outputs(), nullptr, true).code(), ErrorCode::kGeExecModelIdInvalid);
}

TEST_F(RuntimeModelTest, GivenUnloadedModelWhenExecuteThenGeExecModelIdInvalid) {
  EXPECT_CALL(dev0_, UnloadGraph(7u)).WillOnce(Return(Status()));
  ASSERT_EQ(rt_->UnloadModel(model_id_).code(), ErrorCode::kOk);
  EXPECT_EQ(rt_->UnloadModel(model_id_).code(), ErrorCode::kGeExecModelIdInvalid);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, true).code(), ErrorCode::kGeExecModelIdInvalid);
}

TEST_F(RuntimeModelTest, GivenSubmitGraphFailsWhenExecuteThenErrorPropagatesAndNoSync) {
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _))
      .WillOnce(Return(StatusOr<device::TaskId>(Status(ErrorCode::kRtModelExecute, "sub"))));
  EXPECT_CALL(dev0_, SynchronizeStream(_)).Times(0);
  Status s = rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, true);
  EXPECT_EQ(s.code(), ErrorCode::kRtModelExecute);
  EXPECT_EQ(s.message(), "sub");
}

TEST_F(RuntimeModelTest, GivenSynchronizeFailsWhenExecuteSynchronouslyThenErrorPropagates) {
  EXPECT_CALL(dev0_, SynchronizeStream(1u)).WillOnce(Return(Status(ErrorCode::kRtStreamNotComplete, "sync")));
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, true).code(), ErrorCode::kRtStreamNotComplete);
}

TEST_F(RuntimeModelTest, GivenStreamOfOtherDeviceWhenExecuteThenStreamContextError) {
  ASSERT_EQ(rt_->devices().SetDevice(1).code(), ErrorCode::kOk);
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_CALL(dev1_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, true).code(), ErrorCode::kRtStreamContext);
}

TEST_F(RuntimeModelTest, GivenDestroyedStreamWhenExecuteThenInvalidHandle) {
  auto s = rt_->devices().CreateStream();
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(rt_->devices().DestroyStream(*s).code(), ErrorCode::kOk);
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), *s, true).code(), ErrorCode::kRtInvalidHandle);
}

TEST_F(RuntimeTest, GivenLoadGraphFailsWhenLoadModelThenErrorPropagatesUnchanged) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), ErrorCode::kOk);
  EXPECT_CALL(dev0_, LoadGraph(_))
      .WillOnce(Return(StatusOr<device::ExecutableId>(Status(ErrorCode::kRtMemoryAllocation, "full"))));
  EXPECT_EQ(rt_->LoadModel(TinyGraph()).status().code(), ErrorCode::kRtMemoryAllocation);
  EXPECT_EQ(rt_->models().Describe(1).status().code(), ErrorCode::kGeExecModelIdInvalid);
}

TEST_F(RuntimeModelTest, GivenModelCostsWhenLoadedThenFromBackendOnceForItsExecutable) {
  std::vector<device::OpCost> costs(1);
  costs[0].flops = 123;
  EXPECT_CALL(dev0_, LoadGraph(_)).WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{8})));
  EXPECT_CALL(dev0_, GetGraphCosts(8u)).WillOnce(Return(StatusOr<std::vector<device::OpCost>>(costs)));
  auto id = rt_->LoadModel(TinyGraph());
  ASSERT_TRUE(id.ok()) << id.status().ToString();
  // Asked twice, computed once: the op table holds the costs from the load.
  for (int i = 0; i < 2; ++i) {
    auto got = rt_->models().Costs(*id);
    ASSERT_TRUE(got.ok());
    ASSERT_EQ(got->size(), 1u);
    EXPECT_EQ((*got)[0].flops, 123u);
  }
  EXPECT_EQ(rt_->models().Costs(99).status().code(), ErrorCode::kGeExecModelIdInvalid);
}

TEST_F(RuntimeModelTest, GivenBackendWithoutCostsWhenLoadedThenLoadSucceedsAndCostsReportItsError) {
  EXPECT_CALL(dev0_, LoadGraph(_)).WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{9})));
  EXPECT_CALL(dev0_, GetGraphCosts(9u))
      .WillOnce(Return(StatusOr<std::vector<device::OpCost>>(Status(ErrorCode::kRtFailure, "no costs here"))));
  auto id = rt_->LoadModel(TinyGraph());
  ASSERT_TRUE(id.ok()) << id.status().ToString();
  auto got = rt_->models().Costs(*id);
  EXPECT_EQ(got.status().code(), ErrorCode::kRtFailure);
  EXPECT_EQ(got.status().message(), "no costs here");
}

}  // namespace
}  // namespace aclsim::runtime
