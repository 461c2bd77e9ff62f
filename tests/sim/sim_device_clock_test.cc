// Tests of sim::SimDevice's virtual clock at its limits (runtime/time_limits.h):
// long chains of the longest durations saturate at kMaxVirtualTimeNs and
// never produce a negative or decreasing time, and one device's saturated
// timeline leaves another device's untouched. The clock starts at its
// configured origin (virtual) or reads the host's steady clock (realtime).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "runtime/model/graph_loader.h"
#include "runtime/time_limits.h"
#include "sim/sim_device.h"
#include "tests/testing/recording_sink.h"
#include "tests/testing/status_printers.h"

namespace aclsim::sim {
namespace {

using device::CompletionRecord;

using aclsim::testing::RecordingSink;

// One Relu of |duration_ns| on one AI core.
model::Graph SingleOp(int64_t duration_ns) {
  auto g = model::LoadGraphFromJson(R"({"schema": "aclsim.graph.v1", "name": "t",
      "inputs": [{"name": "x", "dtype": "float16", "shape": [16]}],
      "ops": [{"name": "op", "type": "Relu", "engine": "AI_CORE", "inputs": ["x"], "block_dim": 1,
               "duration_ns": )" + std::to_string(duration_ns) +
                                    R"(, "outputs": [{"name": "y", "dtype": "float16", "shape": [16]}]}],
      "outputs": ["y"]})");
  EXPECT_TRUE(g.ok()) << g.status().ToString();
  if (!g.ok()) std::abort();
  return std::move(g).value();
}

class SimClockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto p = BuiltinDeviceProfile("Ascend910B2");
    ASSERT_TRUE(p.ok());
    profile_ = std::make_shared<const DeviceProfile>(std::move(p).value());
    dev_ = std::make_unique<SimDevice>(0, profile_, SimOptions{});
    dev_->SetCompletionSink(&sink_);
  }
  device::StreamId NewStream(SimDevice& dev) {
    auto s = dev.CreateStream();
    EXPECT_TRUE(s.ok());
    return *s;
  }
  void SubmitOrDie(SimDevice& dev, device::StreamId s, device::ExecutableId e) {
    auto t = dev.SubmitGraph(s, e, {1, 1234});
    ASSERT_TRUE(t.ok()) << t.status().ToString();
  }

  std::shared_ptr<const DeviceProfile> profile_;
  RecordingSink sink_;
  std::unique_ptr<SimDevice> dev_;
};

// A hand-built graph may carry any duration: it is clamped to
// kMaxTaskDurationNs, so three runs end at the origin + 3 * 2^50 instead of wrapping.
TEST_F(SimClockTest, GivenHandBuiltInt64MaxDurationThenClampedToTheTaskLimit) {
  model::Graph g = SingleOp(1000);
  g.ops[0].duration_ns = INT64_MAX;
  auto exe = dev_->LoadGraph(g);
  ASSERT_TRUE(exe.ok());
  const auto s = NewStream(*dev_);
  for (int i = 0; i < 3; ++i) SubmitOrDie(*dev_, s, *exe);
  const auto records = sink_.records();
  ASSERT_EQ(records.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(records[i].start_ns, kDefaultClockOriginNs + i * kMaxTaskDurationNs);
    EXPECT_EQ(records[i].end_ns, kDefaultClockOriginNs + (i + 1) * kMaxTaskDurationNs);
  }
}

// 8200 runs of the longest op (2^50 ns) add up past 2^63: the timeline
// saturates at kMaxVirtualTimeNs (2^62), never negative, never backwards.
TEST_F(SimClockTest, GivenChainOfLongestDurationsThenTimesSaturateAndNeverDecrease) {
  auto exe = dev_->LoadGraph(SingleOp(kMaxTaskDurationNs));
  ASSERT_TRUE(exe.ok());
  const auto s = NewStream(*dev_);
  for (int i = 0; i < 8200; ++i) SubmitOrDie(*dev_, s, *exe);
  // Another stream of the same device after the saturation: valid times.
  const auto s2 = NewStream(*dev_);
  auto small = dev_->LoadGraph(SingleOp(1000));
  ASSERT_TRUE(small.ok());
  SubmitOrDie(*dev_, s2, *small);
  const auto records = sink_.records();
  ASSERT_EQ(records.size(), 8201u);
  int64_t last_end = 0;
  for (size_t i = 0; i + 1 < records.size(); ++i) {
    ASSERT_GE(records[i].start_ns, last_end) << i;
    ASSERT_GE(records[i].end_ns, records[i].start_ns) << i;
    ASSERT_LE(records[i].end_ns, kMaxVirtualTimeNs) << i;
    last_end = records[i].end_ns;
  }
  EXPECT_EQ(last_end, kMaxVirtualTimeNs);
  EXPECT_GE(records.back().start_ns, kDefaultClockOriginNs);
  EXPECT_GE(records.back().end_ns, records.back().start_ns);
  EXPECT_LE(records.back().end_ns, kMaxVirtualTimeNs);
  EXPECT_LE(dev_->Now(), kMaxVirtualTimeNs);
  // Another device keeps its own timeline.
  RecordingSink other_sink;
  SimDevice other(1, profile_, SimOptions{});
  other.SetCompletionSink(&other_sink);
  auto other_exe = other.LoadGraph(SingleOp(1000));
  ASSERT_TRUE(other_exe.ok());
  SubmitOrDie(other, NewStream(other), *other_exe);
  ASSERT_EQ(other_sink.records().size(), 1u);
  EXPECT_EQ(other_sink.records()[0].start_ns, kDefaultClockOriginNs);
  EXPECT_EQ(other_sink.records()[0].end_ns, kDefaultClockOriginNs + 1000);
  other.SetCompletionSink(nullptr);
  dev_->SetCompletionSink(nullptr);
}

TEST_F(SimClockTest, GivenClockOriginWhenCreatedThenTheClockAndTheFirstTaskStartThere) {
  SimOptions options;
  options.clock_origin_ns = 123'456'789;
  SimDevice dev(0, profile_, options);
  EXPECT_EQ(dev.Now(), 123'456'789);
  RecordingSink sink;
  dev.SetCompletionSink(&sink);
  auto exe = dev.LoadGraph(SingleOp(1000));
  ASSERT_TRUE(exe.ok());
  SubmitOrDie(dev, NewStream(dev), *exe);
  dev.SetCompletionSink(nullptr);
  ASSERT_EQ(sink.records().size(), 1u);
  EXPECT_EQ(sink.records()[0].start_ns, 123'456'789);
  EXPECT_EQ(sink.records()[0].end_ns, 123'457'789);
}

TEST_F(SimClockTest, GivenRealtimeClockThenItReadsTheHostSteadyClock) {
  SimOptions options;
  options.clock_mode = device::ClockMode::kRealtime;
  options.clock_origin_ns = 5;  // the virtual mode's: not used
  const auto steady_ns = [] {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  };
  const int64_t before = steady_ns();
  SimDevice dev(0, profile_, options);
  const int64_t now = dev.Now();
  const int64_t after = steady_ns();
  EXPECT_GE(now, before);
  EXPECT_LE(now, after);
}

// ABI 2.2: a submission's host_ready_ns is where the host finished enqueuing
// it; no op starts earlier, the device clock moves there, and an earlier
// ready time never moves anything back.
TEST_F(SimClockTest, GivenHostReadyTimesThenWorkStartsNoEarlierAndTheClockFollowsTheHost) {
  SimOptions options;
  options.clock_origin_ns = 1'000'000;
  SimDevice dev(0, profile_, options);
  RecordingSink sink;
  dev.SetCompletionSink(&sink);
  auto exe = dev.LoadGraph(SingleOp(1000));
  ASSERT_TRUE(exe.ok());
  const device::StreamId s = NewStream(dev);
  ASSERT_TRUE(dev.SubmitGraph(s, *exe, {1, 1, 1'050'000}).ok());  // the device idles until the host is done
  EXPECT_EQ(dev.Now(), 1'050'000);
  ASSERT_TRUE(dev.SubmitGraph(s, *exe, {1, 1, 1'050'500}).ok());  // ready before the stream is: queued
  ASSERT_TRUE(dev.SubmitMarker(s, {7, 7, 1, 1'040'000}).ok());    // earlier than the clock: at the stream's end
  ASSERT_TRUE(dev.SubmitMarker(NewStream(dev), {8, 8, 1, 1'090'000}).ok());
  ASSERT_TRUE(dev.SubmitGraph(s, *exe, {1, 1, 0}).ok());  // 0: no constraint beyond what the device saw
  dev.SetCompletionSink(nullptr);
  const auto& r = sink.records();
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r[0].start_ns, 1'050'000);
  EXPECT_EQ(r[1].start_ns, 1'051'000);
  EXPECT_EQ(r[2].start_ns, 1'052'000);
  EXPECT_EQ(r[3].start_ns, 1'090'000);
  EXPECT_EQ(r[4].start_ns, 1'090'000);  // the host horizon moved to the last ready time
  EXPECT_EQ(dev.Now(), 1'090'000);
}

}  // namespace
}  // namespace aclsim::sim
