// Tests of sim::SimDevice: exact virtual times for graphs, streams, markers,
// events and the host horizon; completion records; seeded determinism; and
// the realtime clock mode.
#include "sim/sim_device.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "runtime/model/graph_loader.h"
#include "sim/cost_model.h"
#include "tests/testing/recording_sink.h"
#include "tests/testing/status_printers.h"

namespace aclsim::sim {
namespace {

using device::CompletionRecord;
using device::TaskKind;

using aclsim::testing::RecordingSink;

// Where a fresh virtual device clock starts (SimOptions::clock_origin_ns).
constexpr int64_t kT0 = kDefaultClockOriginNs;

std::shared_ptr<const DeviceProfile> Profile910() {
  auto p = BuiltinDeviceProfile("Ascend910B2");
  EXPECT_TRUE(p.ok()) << p.status().ToString();
  return std::make_shared<const DeviceProfile>(std::move(p).value());
}

std::unique_ptr<SimDevice> MakeDevice(SimOptions options = {}, uint32_t id = 0) {
  return std::make_unique<SimDevice>(id, Profile910(), options);
}

model::Graph Load(const std::string& text) {
  auto g = model::LoadGraphFromJson(text);
  EXPECT_TRUE(g.ok()) << g.status().ToString();
  if (!g.ok()) std::abort();  // every graph here is meant to be valid
  return std::move(g).value();
}

// An op JSON object: |name| of |type| on |engine| reading |inputs| (a JSON
// array text), explicit duration and block_dim, on intra-graph |stream|.
std::string Op(const std::string& name, const std::string& inputs, int64_t duration_ns, int block_dim, int stream = 0,
               const std::string& engine = "AI_CORE", const std::string& type = "Relu") {
  return R"({"name": ")" + name + R"(", "type": ")" + type + R"(", "engine": ")" + engine + R"(", "inputs": )" +
         inputs + R"(, "duration_ns": )" + std::to_string(duration_ns) + R"(, "block_dim": )" +
         std::to_string(block_dim) + R"(, "stream": )" + std::to_string(stream) + R"(, "outputs": [{"name": ")" + name +
         R"(.out", "dtype": "float16", "shape": [16]}]})";
}

std::string GraphJson(const std::string& ops, const std::string& outputs) {
  return R"({"schema": "aclsim.graph.v1", "name": "t",
             "inputs": [{"name": "x", "dtype": "float16", "shape": [16]}],
             "ops": [)" +
         ops + R"(], "outputs": )" + outputs + "}";
}

// a(1000) -> b(2000) -> c(500), one AI core each, on one stream.
model::Graph ChainGraph() {
  return Load(GraphJson(
      Op("a", R"(["x"])", 1000, 1) + "," + Op("b", R"(["a.out"])", 2000, 1) + "," + Op("c", R"(["b.out"])", 500, 1),
      R"(["c.out"])"));
}

// One op of |duration_ns| on |block_dim| cores of |engine|.
model::Graph SingleOp(int64_t duration_ns, int block_dim, const std::string& engine = "AI_CORE") {
  return Load(GraphJson(Op("op", R"(["x"])", duration_ns, block_dim, 0, engine), R"(["op.out"])"));
}

struct Span {
  int64_t start;
  int64_t end;
  bool operator==(const Span& o) const { return start == o.start && end == o.end; }
};
std::ostream& operator<<(std::ostream& os, const Span& s) { return os << "[" << s.start << ", " << s.end << "]"; }

// The spans of |stream|'s records, in ns from the clock origin (kT0).
std::vector<Span> Spans(const std::vector<CompletionRecord>& records, device::StreamId stream) {
  std::vector<Span> spans;
  for (const auto& r : records) {
    if (r.stream_id == stream) spans.push_back({r.start_ns - kT0, r.end_ns - kT0});  // from the clock origin
  }
  return spans;
}

class SimDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dev_ = MakeDevice();
    dev_->SetCompletionSink(&sink_);
  }
  device::StreamId NewStream() {
    auto s = dev_->CreateStream();
    EXPECT_TRUE(s.ok());
    return *s;
  }
  device::ExecutableId LoadOrDie(const model::Graph& g) {
    auto e = dev_->LoadGraph(g);
    EXPECT_TRUE(e.ok()) << e.status().ToString();
    return *e;
  }
  device::TaskId Submit(device::StreamId s, device::ExecutableId e, uint32_t tag = 1) {
    auto t = dev_->SubmitGraph(s, e, {tag, 1234});
    EXPECT_TRUE(t.ok()) << t.status().ToString();
    return t.ok() ? *t : 0;
  }

  RecordingSink sink_;  // outlives dev_
  std::unique_ptr<SimDevice> dev_;
};

TEST_F(SimDeviceTest, GivenDeviceThenInfoFromProfile) {
  const auto& info = dev_->info();
  EXPECT_EQ(info.profile_name, "Ascend910B2");
  EXPECT_EQ(info.soc_name, "Ascend910B2");
  EXPECT_EQ(info.memory_bytes, 68'719'476'736u);
  EXPECT_EQ(info.ai_core_count, 24u);
  EXPECT_EQ(info.vector_core_count, 48u);
  EXPECT_EQ(info.aicpu_count, 4u);
  EXPECT_EQ(dev_->Now(), kT0);
}

TEST_F(SimDeviceTest, GivenChainGraphOnOneStreamThenExactBackToBackTimes) {
  auto s = NewStream();
  auto exe = LoadOrDie(ChainGraph());
  Submit(s, exe);
  EXPECT_EQ(Spans(sink_.records(), s), (std::vector<Span>{{0, 1000}, {1000, 3000}, {3000, 3500}}));
  // Virtual mode: nothing has been observed by the host yet.
  EXPECT_EQ(dev_->Now(), kT0);
}

TEST_F(SimDeviceTest, GivenTwoSubmissionsOnOneStreamThenSecondStartsWhenFirstEnds) {
  auto s = NewStream();
  auto exe = LoadOrDie(ChainGraph());
  Submit(s, exe);
  Submit(s, exe);
  EXPECT_EQ(Spans(sink_.records(), s),
            (std::vector<Span>{{0, 1000}, {1000, 3000}, {3000, 3500}, {3500, 4500}, {4500, 6500}, {6500, 7000}}));
}

TEST_F(SimDeviceTest, GivenCostModelGraphThenRecordDurationEqualsGraphCost) {
  auto g = Load(R"({"schema": "aclsim.graph.v1", "name": "mm",
      "inputs": [{"name": "a", "dtype": "float16", "shape": [1024, 1024]}],
      "weights": [{"name": "b", "dtype": "float16", "shape": [1024, 1024]}],
      "ops": [{"name": "mm", "type": "MatMulV2", "inputs": ["a", "b"],
               "outputs": [{"name": "y", "dtype": "float16", "shape": [1024, 1024]}]}],
      "outputs": ["y"]})");
  auto s = NewStream();
  auto exe = LoadOrDie(g);
  auto costs = dev_->GetGraphCosts(exe);
  ASSERT_TRUE(costs.ok());
  ASSERT_EQ(costs->size(), 1u);
  // The device's cost is the cost model's on its profile (sim/cost_model.h).
  const auto profile = sim::BuiltinDeviceProfile("Ascend910B2");
  ASSERT_TRUE(profile.ok());
  const sim::CostModel cm(*profile);
  const sim::OpWork work = sim::ComputeOpWork(g, g.ops[0]);
  const sim::CostBreakdown expected = cm.Cost(g.ops[0], work, cm.BlockDim(g.ops[0], work));
  ASSERT_GT(expected.duration_ns, 0);
  EXPECT_EQ((*costs)[0].duration_ns, expected.duration_ns);
  EXPECT_EQ((*costs)[0].macs, 1'073'741'824u);
  EXPECT_EQ((*costs)[0].flops, 2'147'483'648u);
  EXPECT_EQ((*costs)[0].bytes, 6'291'456u);
  EXPECT_EQ((*costs)[0].block_dim, 24u);  // 32 tiles of 128x256 on 24 cores
  Submit(s, exe);
  EXPECT_EQ(Spans(sink_.records(), s), (std::vector<Span>{{0, expected.duration_ns}}));
  EXPECT_EQ(sink_.records()[0].exec_ns, expected.work_ns);  // the duration without its floor
  EXPECT_LE(expected.work_ns, expected.duration_ns);
}

TEST_F(SimDeviceTest, GivenTwoStreamsWithRoomOnCoresThenTheyOverlap) {
  auto s1 = NewStream();
  auto s2 = NewStream();
  auto half = LoadOrDie(SingleOp(1000, 12));
  Submit(s1, half);
  Submit(s2, half);
  EXPECT_EQ(Spans(sink_.records(), s1), (std::vector<Span>{{0, 1000}}));
  EXPECT_EQ(Spans(sink_.records(), s2), (std::vector<Span>{{0, 1000}}));
  // A third stream finds all 24 cores busy until 1000.
  auto s3 = NewStream();
  Submit(s3, half);
  EXPECT_EQ(Spans(sink_.records(), s3), (std::vector<Span>{{1000, 2000}}));
}

TEST_F(SimDeviceTest, GivenOpsNeedingAllCoresOnTwoStreamsThenSerialised) {
  auto s1 = NewStream();
  auto s2 = NewStream();
  auto full = LoadOrDie(SingleOp(1000, 24));
  Submit(s1, full);
  Submit(s2, full);
  EXPECT_EQ(Spans(sink_.records(), s1), (std::vector<Span>{{0, 1000}}));
  EXPECT_EQ(Spans(sink_.records(), s2), (std::vector<Span>{{1000, 2000}}));
}

TEST_F(SimDeviceTest, GivenDifferentEnginesThenTheirCoresAreIndependent) {
  auto s1 = NewStream();
  auto s2 = NewStream();
  Submit(s1, LoadOrDie(SingleOp(1000, 24, "AI_CORE")));
  Submit(s2, LoadOrDie(SingleOp(700, 48, "AI_VECTOR")));
  EXPECT_EQ(Spans(sink_.records(), s2), (std::vector<Span>{{0, 700}}));
}

TEST_F(SimDeviceTest, GivenIntraGraphBranchesOnStreams0And1ThenBranchesOverlapAndJoinWaits) {
  // a on branch 0 (1000), b on branch 1 (2500), join on branch 0 reads both.
  auto g = Load(GraphJson(Op("a", R"(["x"])", 1000, 1, 0) + "," + Op("b", R"(["x"])", 2500, 1, 1) + "," +
                              Op("join", R"(["a.out", "b.out"])", 100, 1, 0),
                          R"(["join.out"])"));
  ASSERT_EQ(g.stream_count, 2u);
  auto s = NewStream();
  auto exe = LoadOrDie(g);
  Submit(s, exe);
  Submit(s, exe);  // the next execution starts after the whole graph
  EXPECT_EQ(Spans(sink_.records(), s),
            (std::vector<Span>{{0, 1000}, {0, 2500}, {2500, 2600}, {2600, 3600}, {2600, 5100}, {5100, 5200}}));
}

TEST_F(SimDeviceTest, GivenBranchEndingLastThenStreamContinuesAfterIt) {
  // Branch 1 ends after branch 0's last op and nothing joins it.
  auto g =
      Load(GraphJson(Op("a", R"(["x"])", 1000, 1, 0) + "," + Op("b", R"(["x"])", 4000, 1, 1), R"(["a.out", "b.out"])"));
  auto s = NewStream();
  Submit(s, LoadOrDie(g));
  auto m = dev_->SubmitMarker(s, {9, 0, 1});
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(sink_.records().back().start_ns, kT0 + 4000);
}

TEST_F(SimDeviceTest, GivenShippedTwoBranchModelThenBranchesStartTogetherAndJoinAfterBoth) {
  const char* env = std::getenv("ACLSIM_MODELS_DIR");
  std::string dir = (env != nullptr && *env != '\0') ? env : ACLSIM_SOURCE_MODELS_DIR;
  auto g = model::LoadGraphFromFile(dir + "/two_branch.json");
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  auto s = NewStream();
  Submit(s, LoadOrDie(*g));
  // Records by op: branch0.matmul, .relu, branch1.matmul, .gelu, join, softmax.
  auto records = sink_.records();
  ASSERT_EQ(records.size(), 6u);
  std::vector<CompletionRecord> r(6);
  for (const auto& rec : records) r.at(rec.op_index) = rec;
  EXPECT_EQ(r[0].start_ns, kT0);
  EXPECT_EQ(r[1].start_ns, r[0].end_ns);
  EXPECT_EQ(r[3].end_ns - r[3].start_ns, 20000);  // explicit duration_ns
  // branch1.gelu waits for its MatMul and for 32 of the 48 vector cores.
  EXPECT_EQ(r[1].block_dim + r[3].block_dim, 64u);
  EXPECT_EQ(r[3].start_ns, std::max(r[2].end_ns, r[1].end_ns));
  EXPECT_EQ(r[4].start_ns, std::max(r[1].end_ns, r[3].end_ns));
  EXPECT_EQ(r[5].start_ns, r[4].end_ns);
  // Each 64x1024x1024 MatMul is 4 output tiles of 128x256: 4 of the 24
  // cores each, so the two branches start together.
  EXPECT_EQ(r[2].start_ns, kT0);
  EXPECT_EQ(r[0].block_dim, 4u);
}

TEST_F(SimDeviceTest, GivenMarkerThenTimestampIsWhenStreamReachesItBeforeLaterWork) {
  auto s = NewStream();
  auto other = NewStream();
  auto exe = LoadOrDie(ChainGraph());
  auto m0 = dev_->SubmitMarker(s, {100, 7, 55});
  Submit(s, exe);
  auto m1 = dev_->SubmitMarker(s, {101, 7, 55});
  Submit(s, exe);
  auto m_other = dev_->SubmitMarker(other, {200, 8, 56});
  ASSERT_TRUE(m0.ok() && m1.ok() && m_other.ok());
  auto r = sink_.records();
  ASSERT_EQ(r.size(), 9u);
  EXPECT_EQ(r[0].kind, TaskKind::kMarker);
  EXPECT_EQ(r[0].start_ns, kT0);
  EXPECT_EQ(r[0].end_ns, kT0);
  EXPECT_EQ(r[4].kind, TaskKind::kMarker);
  EXPECT_EQ(r[4].marker_id, 101u);
  EXPECT_EQ(r[4].marker_tag, 7u);
  EXPECT_EQ(r[4].host_tid, 55u);
  EXPECT_EQ(r[4].model_tag, 0xFFFFFFFFu);
  EXPECT_EQ(r[4].task_id, *m1);
  EXPECT_EQ(r[4].start_ns, kT0 + 3500);
  EXPECT_EQ(r[4].end_ns, kT0 + 3500);
  EXPECT_EQ(r[5].start_ns, kT0 + 3500);  // the work after the marker starts no earlier
  // A marker on an idle stream is not held back by another stream's work.
  EXPECT_EQ(r[8].stream_id, other);
  EXPECT_EQ(r[8].start_ns, kT0);
}

TEST_F(SimDeviceTest, GivenEventRecordedOnOneStreamWhenAnotherWaitsThenItsWorkStartsAfterTheRecord) {
  auto s1 = NewStream();
  auto s2 = NewStream();
  auto s3 = NewStream();
  auto e = dev_->CreateEvent();
  ASSERT_TRUE(e.ok());
  auto chain = LoadOrDie(ChainGraph());
  auto one = LoadOrDie(SingleOp(100, 1));
  Submit(s1, chain);  // ends at 3500
  ASSERT_EQ(dev_->SubmitEventRecord(s1, *e).code(), StatusCode::kOk);
  auto st = dev_->QueryEvent(*e);
  ASSERT_TRUE(st.ok());
  EXPECT_TRUE(st->recorded);
  EXPECT_TRUE(st->complete);  // virtual clock: everything submitted is complete
  EXPECT_EQ(st->timestamp_ns, kT0 + 3500);
  ASSERT_EQ(dev_->SubmitEventWait(s2, *e).code(), StatusCode::kOk);
  Submit(s2, one);
  Submit(s3, one);  // no wait: free cores, starts at 0
  EXPECT_EQ(Spans(sink_.records(), s2), (std::vector<Span>{{3500, 3600}}));
  EXPECT_EQ(Spans(sink_.records(), s3), (std::vector<Span>{{0, 100}}));
}

TEST_F(SimDeviceTest, GivenNeverRecordedEventWhenWaitedThenNoEffect) {
  auto s = NewStream();
  auto e = dev_->CreateEvent();
  ASSERT_TRUE(e.ok());
  auto st = dev_->QueryEvent(*e);
  ASSERT_TRUE(st.ok());
  EXPECT_FALSE(st->recorded);
  ASSERT_EQ(dev_->SubmitEventWait(s, *e).code(), StatusCode::kOk);
  ASSERT_EQ(dev_->SynchronizeEvent(*e).code(), StatusCode::kOk);
  Submit(s, LoadOrDie(SingleOp(100, 1)));
  EXPECT_EQ(Spans(sink_.records(), s), (std::vector<Span>{{0, 100}}));
}

TEST_F(SimDeviceTest, GivenEventRecordedTwiceThenWaitUsesLatestRecord) {
  auto s1 = NewStream();
  auto s2 = NewStream();
  auto e = dev_->CreateEvent();
  ASSERT_TRUE(e.ok());
  auto chain = LoadOrDie(ChainGraph());
  ASSERT_EQ(dev_->SubmitEventRecord(s1, *e).code(), StatusCode::kOk);  // at 0
  Submit(s1, chain);
  ASSERT_EQ(dev_->SubmitEventRecord(s1, *e).code(), StatusCode::kOk);  // at 3500
  ASSERT_EQ(dev_->SubmitEventWait(s2, *e).code(), StatusCode::kOk);
  Submit(s2, LoadOrDie(SingleOp(100, 1)));
  EXPECT_EQ(Spans(sink_.records(), s2), (std::vector<Span>{{3500, 3600}}));
}

TEST_F(SimDeviceTest, GivenSynchronizeStreamThenLaterWorkOnOtherStreamsStartsNoEarlier) {
  auto s1 = NewStream();
  auto s2 = NewStream();  // created before the synchronisation, idle
  auto one = LoadOrDie(SingleOp(100, 1));
  Submit(s1, LoadOrDie(ChainGraph()));
  ASSERT_EQ(dev_->SynchronizeStream(s1).code(), StatusCode::kOk);
  EXPECT_EQ(dev_->Now(), kT0 + 3500);
  Submit(s2, one);
  auto s3 = NewStream();  // created after
  Submit(s3, one);
  ASSERT_TRUE(dev_->SubmitMarker(s2, {1, 0, 0}).ok());
  EXPECT_EQ(Spans(sink_.records(), s2), (std::vector<Span>{{3500, 3600}, {3600, 3600}}));
  EXPECT_EQ(Spans(sink_.records(), s3), (std::vector<Span>{{3500, 3600}}));
}

TEST_F(SimDeviceTest, GivenSynchronizeEventOrDeviceThenHostHorizonMoves) {
  auto s1 = NewStream();
  auto s2 = NewStream();
  auto e = dev_->CreateEvent();
  ASSERT_TRUE(e.ok());
  auto chain = LoadOrDie(ChainGraph());
  Submit(s1, chain);  // ends 3500
  ASSERT_EQ(dev_->SubmitEventRecord(s1, *e).code(), StatusCode::kOk);
  Submit(s1, chain);  // ends 7000
  ASSERT_EQ(dev_->SynchronizeEvent(*e).code(), StatusCode::kOk);
  EXPECT_EQ(dev_->Now(), kT0 + 3500);
  ASSERT_EQ(dev_->SynchronizeDevice().code(), StatusCode::kOk);
  EXPECT_EQ(dev_->Now(), kT0 + 7000);
  auto idle = dev_->QueryStream(s2);
  ASSERT_TRUE(idle.ok());
  EXPECT_TRUE(*idle);
}

TEST_F(SimDeviceTest, GivenCompletionSinkThenEveryRecordFieldFilled) {
  auto dev = MakeDevice({}, /*id=*/3);
  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  auto s = dev->CreateStream();
  ASSERT_TRUE(s.ok());
  auto g = Load(GraphJson(
      Op("a", R"(["x"])", 1000, 2, 0, "AI_CORE", "Relu") + "," + Op("b", R"(["a.out"])", 500, 3, 0, "AI_VECTOR", "Add"),
      R"(["b.out"])"));
  auto exe = dev->LoadGraph(g);
  ASSERT_TRUE(exe.ok());
  auto costs = dev->GetGraphCosts(*exe);
  ASSERT_TRUE(costs.ok());
  auto first = dev->SubmitGraph(*s, *exe, {/*model_tag=*/42, /*host_tid=*/777});
  auto second = dev->SubmitGraph(*s, *exe, {43, 778});
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(*second, *first + 2);
  auto r = sink.records();
  ASSERT_EQ(r.size(), 4u);
  for (size_t i = 0; i < r.size(); ++i) {
    SCOPED_TRACE(i);
    const size_t op = i % 2;
    EXPECT_EQ(r[i].device_id, 3u);
    EXPECT_EQ(r[i].kind, TaskKind::kOp);
    EXPECT_EQ(r[i].stream_id, *s);
    EXPECT_EQ(r[i].task_id, *first + i);
    EXPECT_EQ(r[i].op_index, op);
    EXPECT_EQ(r[i].model_tag, i < 2 ? 42u : 43u);
    EXPECT_EQ(r[i].host_tid, i < 2 ? 777u : 778u);
    EXPECT_EQ(r[i].engine, op == 0 ? model::Engine::kAiCore : model::Engine::kAiVector);
    EXPECT_EQ(r[i].block_dim, op == 0 ? 2u : 3u);
    EXPECT_EQ(r[i].flops, (*costs)[op].flops);
    EXPECT_EQ(r[i].bytes, (*costs)[op].bytes);
  }
  // a: Relu of 16 float16 elements; b: Add of 16 elements (one input here).
  EXPECT_EQ(r[0].flops, 16u);
  EXPECT_EQ(r[0].bytes, 64u);
  EXPECT_EQ(r[1].flops, 16u);
  EXPECT_EQ(r[1].bytes, 64u);
  EXPECT_EQ(r[0].start_ns, kT0);
  EXPECT_EQ(r[0].end_ns, kT0 + 1000);
  EXPECT_EQ(r[3].end_ns, kT0 + 3000);
  // Explicit durations below the launch overhead leave no execution time.
  EXPECT_EQ(r[0].exec_ns, 0);
  EXPECT_EQ(r[1].exec_ns, 0);
}

TEST_F(SimDeviceTest, GivenNoSinkThenNothingDeliveredAndClearingStopsDelivery) {
  auto s = NewStream();
  auto exe = LoadOrDie(SingleOp(100, 1));
  Submit(s, exe);
  dev_->SetCompletionSink(nullptr);
  Submit(s, exe);
  EXPECT_EQ(sink_.records().size(), 1u);
}

TEST_F(SimDeviceTest, GivenUnknownIdsThenInvalidHandle) {
  auto exe = LoadOrDie(SingleOp(100, 1));
  auto s = NewStream();
  auto e = dev_->CreateEvent();
  ASSERT_TRUE(e.ok());
  const device::StreamId bad_stream = 999;
  const device::EventId bad_event = 999;
  EXPECT_EQ(dev_->SubmitGraph(bad_stream, exe, {}).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->SubmitGraph(s, 999, {}).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->SubmitMarker(bad_stream, {}).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->SubmitEventRecord(bad_stream, *e).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->SubmitEventRecord(s, bad_event).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->SubmitEventWait(bad_stream, *e).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->SubmitEventWait(s, bad_event).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->SynchronizeStream(bad_stream).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->QueryStream(bad_stream).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->DestroyStream(bad_stream).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->SynchronizeEvent(bad_event).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->QueryEvent(bad_event).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->DestroyEvent(bad_event).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->UnloadGraph(999).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->GetGraphCosts(999).status().detail(), Detail::kInvalidHandle);
}

TEST_F(SimDeviceTest, GivenDestroyedHandlesThenInvalidHandle) {
  auto exe = LoadOrDie(SingleOp(100, 1));
  auto s = NewStream();
  auto e = dev_->CreateEvent();
  ASSERT_TRUE(e.ok());
  ASSERT_EQ(dev_->DestroyStream(s).code(), StatusCode::kOk);
  ASSERT_EQ(dev_->DestroyEvent(*e).code(), StatusCode::kOk);
  ASSERT_EQ(dev_->UnloadGraph(exe).code(), StatusCode::kOk);
  EXPECT_EQ(dev_->DestroyStream(s).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->DestroyEvent(*e).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev_->UnloadGraph(exe).detail(), Detail::kInvalidHandle);
  auto s2 = NewStream();
  EXPECT_NE(s2, s);  // ids are not reused
  EXPECT_EQ(dev_->SubmitGraph(s2, exe, {}).status().detail(), Detail::kInvalidHandle);
}

// ------------------------------------------------------------ determinism

std::vector<CompletionRecord> RunWorkload(uint64_t seed, double jitter) {
  SimOptions options;
  options.seed = seed;
  options.jitter = jitter;
  auto dev = MakeDevice(options);
  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  auto s1 = *dev->CreateStream();
  auto s2 = *dev->CreateStream();
  auto chain = *dev->LoadGraph(ChainGraph());
  auto wide = *dev->LoadGraph(SingleOp(10'000, 16));
  for (int i = 0; i < 20; ++i) {
    (void)dev->SubmitGraph(s1, chain, {1, 10});
    (void)dev->SubmitGraph(s2, wide, {2, 11});
    (void)dev->SubmitMarker(s1, {static_cast<uint64_t>(i), 0, 10});
  }
  dev->SetCompletionSink(nullptr);
  return sink.records();
}

bool SameRecord(const CompletionRecord& a, const CompletionRecord& b) {
  return a.device_id == b.device_id && a.kind == b.kind && a.engine == b.engine && a.block_dim == b.block_dim &&
         a.stream_id == b.stream_id && a.task_id == b.task_id && a.model_tag == b.model_tag &&
         a.op_index == b.op_index && a.host_tid == b.host_tid && a.marker_tag == b.marker_tag &&
         a.marker_id == b.marker_id && a.start_ns == b.start_ns && a.end_ns == b.end_ns && a.exec_ns == b.exec_ns &&
         a.flops == b.flops && a.bytes == b.bytes;
}

TEST(SimDeviceDeterminism, GivenSameSeedAndJitterThenIdenticalRecords) {
  auto a = RunWorkload(42, 0.2);
  auto b = RunWorkload(42, 0.2);
  ASSERT_EQ(a.size(), 100u);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(SameRecord(a[i], b[i])) << i;
}

TEST(SimDeviceDeterminism, GivenDifferentSeedThenDifferentTimes) {
  auto a = RunWorkload(42, 0.2);
  auto b = RunWorkload(43, 0.2);
  ASSERT_EQ(a.size(), b.size());
  size_t differing = 0;
  for (size_t i = 0; i < a.size(); ++i) differing += SameRecord(a[i], b[i]) ? 0 : 1;
  EXPECT_GT(differing, a.size() / 2);
}

TEST(SimDeviceDeterminism, GivenJitterThenDurationsStayWithinTheRelativeBound) {
  auto nominal = RunWorkload(7, 0.0);
  auto jittered = RunWorkload(7, 0.2);
  ASSERT_EQ(nominal.size(), jittered.size());
  size_t changed = 0;
  for (size_t i = 0; i < nominal.size(); ++i) {
    const int64_t d0 = nominal[i].end_ns - nominal[i].start_ns;
    const int64_t d1 = jittered[i].end_ns - jittered[i].start_ns;
    EXPECT_GE(d1, static_cast<int64_t>(d0 * 0.8) - 1) << i;
    EXPECT_LE(d1, static_cast<int64_t>(d0 * 1.2) + 1) << i;
    changed += d0 != d1 ? 1 : 0;
  }
  EXPECT_GT(changed, 0u);
}

TEST(SimDeviceDeterminism, GivenSameSeedOnDifferentDevicesThenDifferentJitterStreams) {
  SimOptions options;
  options.seed = 5;
  options.jitter = 0.3;
  std::vector<int64_t> ends[2];
  for (uint32_t id = 0; id < 2; ++id) {
    auto dev = MakeDevice(options, id);
    RecordingSink sink;
    dev->SetCompletionSink(&sink);
    auto s = *dev->CreateStream();
    (void)dev->SubmitGraph(s, *dev->LoadGraph(ChainGraph()), {});
    dev->SetCompletionSink(nullptr);
    for (const auto& r : sink.records()) ends[id].push_back(r.end_ns);
  }
  EXPECT_NE(ends[0], ends[1]);
}

// --------------------------------------------------------------- realtime

TEST(SimDeviceRealtime, GivenRealtimeClockWhenSynchronizeStreamThenWaitsForTheWork) {
  SimOptions options;
  options.clock_mode = device::ClockMode::kRealtime;
  auto dev = MakeDevice(options);
  const int64_t origin = dev->Now();  // the host's steady clock when the device was made
  EXPECT_GT(origin, 0);
  auto s = *dev->CreateStream();
  auto exe = *dev->LoadGraph(SingleOp(50'000'000, 1));  // 50 ms
  auto e = *dev->CreateEvent();
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_TRUE(dev->SubmitGraph(s, exe, {}).ok());
  ASSERT_EQ(dev->SubmitEventRecord(s, e).code(), StatusCode::kOk);
  auto busy = dev->QueryStream(s);
  ASSERT_TRUE(busy.ok());
  EXPECT_FALSE(*busy);
  auto pending = dev->QueryEvent(e);
  ASSERT_TRUE(pending.ok());
  EXPECT_TRUE(pending->recorded);
  EXPECT_FALSE(pending->complete);
  ASSERT_EQ(dev->SynchronizeStream(s).code(), StatusCode::kOk);
  const auto elapsed = std::chrono::steady_clock::now() - t0;
  EXPECT_GE(elapsed, std::chrono::milliseconds(49));
  EXPECT_LT(elapsed, std::chrono::seconds(5));
  auto idle = dev->QueryStream(s);
  ASSERT_TRUE(idle.ok());
  EXPECT_TRUE(*idle);
  auto done = dev->QueryEvent(e);
  ASSERT_TRUE(done.ok());
  EXPECT_TRUE(done->complete);
  EXPECT_GE(dev->Now(), origin + 50'000'000);
}

TEST(SimDeviceRealtime, GivenRealtimeClockThenNewWorkStartsNoEarlierThanWallClock) {
  SimOptions options;
  options.clock_mode = device::ClockMode::kRealtime;
  auto dev = MakeDevice(options);
  const int64_t origin = dev->Now();  // the host's steady clock when the device was made
  EXPECT_GT(origin, 0);
  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  auto s = *dev->CreateStream();
  auto exe = *dev->LoadGraph(SingleOp(1000, 1));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(dev->SubmitGraph(s, exe, {}).ok());
  dev->SetCompletionSink(nullptr);
  auto r = sink.records();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_GE(r[0].start_ns, origin + 20'000'000);
}

}  // namespace
}  // namespace aclsim::sim
