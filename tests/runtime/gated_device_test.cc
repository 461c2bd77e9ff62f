// GatedDevice (runtime/gated_device.h): what reaches the backend, and in
// which order, while a stream is held by a value or notify wait.
#include "runtime/gated_device.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <utility>

#include "tests/testing/mock_device.h"
#include "tests/testing/status_printers.h"

#define ASSERT_OK(expr)                     \
  do {                                      \
    const ::aclsim::Status ok_ = (expr);    \
    ASSERT_TRUE(ok_.ok()) << ok_.message(); \
  } while (0)
#define EXPECT_OK(expr)                     \
  do {                                      \
    const ::aclsim::Status ok_ = (expr);    \
    EXPECT_TRUE(ok_.ok()) << ok_.message(); \
  } while (0)

namespace aclsim::runtime {
namespace {

using ::testing::_;
using ::testing::InSequence;
using ::testing::NiceMock;
using ::testing::Return;

class GatedDeviceTest : public ::testing::Test {
 protected:
  GatedDeviceTest() {
    auto mock = std::make_unique<NiceMock<testing::MockDevice>>();
    mock_ = mock.get();
    gated_ = std::make_unique<GatedDevice>(std::move(mock));
    a_ = *gated_->CreateStream();
    b_ = *gated_->CreateStream();
  }
  Status Wait(device::StreamId s, uint64_t want, bool polled = false) {
    return gated_->ValueWait(
        s, 0x1000, want, ValueCompare::kEq, [this]() -> StatusOr<uint64_t> { return memory_.load(); }, polled);
  }
  Status Write(device::StreamId s, uint64_t v) {
    return gated_->ValueWrite(s, 0x1000, v, [this, v] {
      memory_ = v;
      return OkStatus();
    });
  }
  NiceMock<testing::MockDevice>* mock_ = nullptr;  // owned by gated_
  std::unique_ptr<GatedDevice> gated_;
  device::StreamId a_ = 0;
  device::StreamId b_ = 0;
  std::atomic<uint64_t> memory_{0};  // the poller reads it from its thread
};

TEST(ValueSatisfies, GivenEachComparisonThenCannsDefinition) {
  EXPECT_TRUE(ValueSatisfies(5, 5, ValueCompare::kGeq));
  EXPECT_TRUE(ValueSatisfies(1, ~uint64_t{0}, ValueCompare::kGeq));  // (int64_t)(1 - (2^64 - 1)) = 2 >= 0
  EXPECT_FALSE(ValueSatisfies(4, 5, ValueCompare::kGeq));
  EXPECT_TRUE(ValueSatisfies(7, 7, ValueCompare::kEq));
  EXPECT_FALSE(ValueSatisfies(7, 8, ValueCompare::kEq));
  EXPECT_TRUE(ValueSatisfies(6, 2, ValueCompare::kAnd));
  EXPECT_FALSE(ValueSatisfies(5, 2, ValueCompare::kAnd));
  EXPECT_TRUE(ValueSatisfies(1, 2, ValueCompare::kNor));
  EXPECT_FALSE(ValueSatisfies(~uint64_t{0}, 0, ValueCompare::kNor));
}

TEST_F(GatedDeviceTest, GivenHeldStreamThenItsWorkReachesTheBackendOnlyAfterTheWritesRecord) {
  ASSERT_OK(Wait(a_, 9));
  {
    InSequence order;
    EXPECT_CALL(*mock_, SubmitEventRecord(b_, _));  // the write's record
    EXPECT_CALL(*mock_, SubmitEventWait(a_, _));    // the held stream waits for it
    EXPECT_CALL(*mock_, SubmitGraph(a_, 3u, _));    // then its held work
    EXPECT_CALL(*mock_, SubmitEventRecord(a_, 77u));
  }
  auto task = gated_->SubmitGraph(a_, 3, device::LaunchInfo{});
  ASSERT_OK(task.status());
  EXPECT_EQ(*task, 0u);  // queued: no task id yet
  ASSERT_OK(gated_->SubmitEventRecord(a_, 77));
  EXPECT_FALSE(*gated_->QueryStream(a_));
  device::EventState pending = *gated_->QueryEvent(77);
  EXPECT_TRUE(pending.recorded);
  EXPECT_FALSE(pending.complete);
  ASSERT_OK(Write(b_, 9));
  EXPECT_TRUE(*gated_->QueryStream(a_));
  EXPECT_OK(gated_->AwaitStream(a_, std::chrono::milliseconds(0)));
}

TEST_F(GatedDeviceTest, GivenPolledValueWaitWhenMemoryIsWrittenOutsideAnyStreamThenThePollerReleasesIt) {
  ASSERT_OK(Wait(a_, 5, /*polled=*/true));
  // No write of this device precedes the release: nothing to wait for.
  EXPECT_CALL(*mock_, SubmitEventWait(a_, _)).Times(0);
  EXPECT_CALL(*mock_, SubmitEventRecord(a_, 77u));
  ASSERT_OK(gated_->SubmitEventRecord(a_, 77));
  memory_ = 4;  // not what the wait wants: still held
  EXPECT_EQ(gated_->AwaitStream(a_, std::chrono::milliseconds(20)).detail(), Detail::kStreamNotComplete);
  EXPECT_FALSE(*gated_->QueryStream(a_));
  memory_ = 5;  // as another process writes it
  EXPECT_OK(gated_->AwaitStream(a_, std::nullopt));
  EXPECT_TRUE(*gated_->QueryStream(a_));
}

TEST_F(GatedDeviceTest, GivenPolledValueWaitWhenTheDeviceGoesThenThePollerStopsAndHeldWorkNeverRuns) {
  ASSERT_OK(Wait(a_, 5, /*polled=*/true));
  EXPECT_CALL(*mock_, SubmitEventRecord(a_, 77u)).Times(0);
  ASSERT_OK(gated_->SubmitEventRecord(a_, 77));
  gated_.reset();  // joins the poller; the mock checks Times(0) as it is destroyed
}

TEST_F(GatedDeviceTest, GivenHeldStreamWhenBoundedAwaitThenStreamNotComplete) {
  ASSERT_OK(Wait(a_, 1));
  Status s = gated_->AwaitStream(a_, std::chrono::milliseconds(0));
  EXPECT_EQ(s.detail(), Detail::kStreamNotComplete);
  EXPECT_EQ(gated_->AwaitDevice(std::chrono::milliseconds(0)).detail(), Detail::kStreamNotComplete);
  EXPECT_OK(gated_->AwaitStream(b_, std::chrono::milliseconds(0)));
}

TEST_F(GatedDeviceTest, GivenNotifyThenOneRecordReleasesOneWaiterInStreamOrder) {
  const uint32_t n = *gated_->CreateNotify();
  const device::StreamId c = *gated_->CreateStream();
  ASSERT_OK(gated_->WaitAndResetNotify(b_, n));
  ASSERT_OK(gated_->WaitAndResetNotify(c, n));
  ASSERT_OK(gated_->RecordNotify(a_, n));
  EXPECT_OK(gated_->AwaitStream(b_, std::chrono::milliseconds(0)));  // the lower stream id first
  EXPECT_EQ(gated_->AwaitStream(c, std::chrono::milliseconds(0)).detail(), Detail::kStreamNotComplete);
  ASSERT_OK(gated_->RecordNotify(a_, n));
  EXPECT_OK(gated_->AwaitStream(c, std::chrono::milliseconds(0)));
  EXPECT_EQ(gated_->RecordNotify(a_, n + 1).detail(), Detail::kInvalidHandle);
}

TEST_F(GatedDeviceTest, GivenStopOnFailureWhenATaskFailsThenLaterSubmissionsAreRefused) {
  ASSERT_OK(gated_->SetStopOnFailure(a_, true));
  EXPECT_CALL(*mock_, SubmitGraph(a_, _, _))
      .WillOnce(Return(StatusOr<device::TaskId>(Status::DeviceError(507015, "injected"))));
  EXPECT_EQ(gated_->SubmitGraph(a_, 1, device::LaunchInfo{}).status().value(), 507015);
  EXPECT_EQ(gated_->SubmitGraph(a_, 1, device::LaunchInfo{}).status().value(), 507015);  // not submitted
  EXPECT_EQ(gated_->SynchronizeStream(a_).value(), 507015);
  EXPECT_EQ(gated_->SynchronizeStream(a_).value(), 507015);
  ASSERT_OK(gated_->AbortStream(a_));
  EXPECT_OK(gated_->SynchronizeStream(a_));
}

}  // namespace
}  // namespace aclsim::runtime
