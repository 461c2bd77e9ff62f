// InstanceTable (runtime/model_ri.h): which stream records, and CANN's
// rule for the calls a capture's modes refuse, over every combination of
// the context's captures, the thread's own and its exchange mode.
#include "runtime/model_ri.h"

#include <gtest/gtest.h>

namespace aclsim::runtime {
namespace {

uint32_t Tag(uint32_t, uint32_t ordinal, const ModelRef&) { return ordinal; }

RiTask Op() {
  RiTask t;
  t.kind = RiTask::Kind::kOp;
  return t;
}

class InstanceTableTest : public ::testing::Test {
 protected:
  // |thread| begins a capture of |mode| on a stream of its own.
  void Begin(uint32_t thread, CaptureMode mode) {
    streams_.push_back(std::make_unique<Stream>());
    ASSERT_TRUE(table_.BeginCapture(streams_.back().get(), next_id_++, &device_, &context_, mode, thread, false).ok());
  }
  bool Refused(uint32_t thread) {
    const Status s = table_.CheckUnsafeCall(&context_, thread, "aclrtMemcpy");
    if (!s.ok()) {
      EXPECT_EQ(s.detail(), Detail::kCaptureModeRefused);
    }
    return !s.ok();
  }

  InstanceTable table_;
  DeviceState device_;
  Context context_;
  std::vector<std::unique_ptr<Stream>> streams_;
  uint32_t next_id_ = 1;
};

TEST_F(InstanceTableTest, GivenNoCaptureThenNothingIsRefused) { EXPECT_FALSE(Refused(1)); }

TEST_F(InstanceTableTest, GivenGlobalCaptureThenGlobalThreadsAreRefusedAndRelaxedOnesNot) {
  Begin(1, CaptureMode::kGlobal);
  EXPECT_TRUE(Refused(1));
  EXPECT_TRUE(Refused(2)) << "GLOBAL binds every thread in GLOBAL exchange mode";
  EXPECT_EQ(table_.ExchangeMode(2, CaptureMode::kThreadLocal), CaptureMode::kGlobal);
  EXPECT_FALSE(Refused(2)) << "another thread in THREAD_LOCAL";
  EXPECT_EQ(table_.ExchangeMode(1, CaptureMode::kThreadLocal), CaptureMode::kGlobal);
  EXPECT_TRUE(Refused(1)) << "the capturing thread in THREAD_LOCAL";
  EXPECT_EQ(table_.ExchangeMode(1, CaptureMode::kRelaxed), CaptureMode::kThreadLocal);
  EXPECT_FALSE(Refused(1));
}

TEST_F(InstanceTableTest, GivenThreadLocalCaptureThenOnlyItsThreadIsRefused) {
  Begin(1, CaptureMode::kThreadLocal);
  EXPECT_TRUE(Refused(1));
  EXPECT_FALSE(Refused(2));
  (void)table_.ExchangeMode(2, CaptureMode::kThreadLocal);
  EXPECT_FALSE(Refused(2));
}

TEST_F(InstanceTableTest, GivenRelaxedCaptureThenNoOneIsRefused) {
  Begin(1, CaptureMode::kRelaxed);
  EXPECT_FALSE(Refused(1));
  EXPECT_FALSE(Refused(2));
  (void)table_.ExchangeMode(1, CaptureMode::kThreadLocal);
  EXPECT_FALSE(Refused(1));
}

TEST_F(InstanceTableTest, GivenCaptureEndedThenTheModesAreReleased) {
  Begin(1, CaptureMode::kGlobal);
  EXPECT_TRUE(table_.MayRecord());
  auto ri = table_.EndCapture(streams_.back().get(), 1, Tag);
  ASSERT_TRUE(ri.ok());
  EXPECT_FALSE(table_.MayRecord());
  EXPECT_FALSE(Refused(1));
  EXPECT_FALSE(Refused(2));
}

TEST_F(InstanceTableTest, GivenStreamsThenTasksAreRecordedRunOrRefused) {
  Stream idle;
  auto run = table_.Record(&idle, Op());
  ASSERT_TRUE(run.ok());
  EXPECT_FALSE(*run);
  RiTask label;
  label.kind = RiTask::Kind::kSetLabel;
  EXPECT_EQ(table_.Record(&idle, label).status().code(), StatusCode::kInvalidArgument);

  Begin(1, CaptureMode::kRelaxed);
  Stream* capturing = streams_.back().get();
  auto recorded = table_.Record(capturing, Op());
  ASSERT_TRUE(recorded.ok());
  EXPECT_TRUE(*recorded);
  EXPECT_EQ(table_.Record(capturing, label).status().code(), StatusCode::kInvalidArgument);
  auto ri = table_.EndCapture(capturing, 1, Tag);
  ASSERT_TRUE(ri.ok());
  auto program = table_.Program(*ri);
  ASSERT_TRUE(program.ok());
  ASSERT_EQ((*program)->streams.size(), 1u);
  EXPECT_EQ((*program)->streams[0].size(), 1u);

  auto built = table_.CreateBuilt(next_id_++, &device_, &context_);
  ASSERT_TRUE(built.ok());
  Stream bound;
  ASSERT_TRUE(table_.Bind(*built, &bound, true).ok());
  EXPECT_TRUE(*table_.Record(&bound, label));
  ASSERT_TRUE(table_.EndBuild(*built, Tag).ok());
  EXPECT_EQ(table_.Record(&bound, Op()).status().detail(), Detail::kStreamBoundToModel);
  ASSERT_TRUE(table_.Unbind(*built, &bound).ok());
  EXPECT_FALSE(*table_.Record(&bound, Op()));
  std::vector<void*> memory;
  std::vector<uint32_t> ids;
  EXPECT_TRUE(table_.Destroy(*ri, &memory, &ids).ok());
  EXPECT_TRUE(table_.Destroy(*built, &memory, &ids).ok());
  EXPECT_EQ(table_.Destroy(*built, &memory, &ids).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(ids, (std::vector<uint32_t>{1, 2}));
  EXPECT_TRUE(memory.empty()) << "no condition handle";
}

}  // namespace
}  // namespace aclsim::runtime
