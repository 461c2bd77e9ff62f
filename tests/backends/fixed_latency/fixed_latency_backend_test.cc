// The fixed-latency backend: exact times and task ids of a two-stream
// scenario with an event wait and markers, the device clock moved by
// synchronisation, invalid-handle errors, and option validation.
#include "backends/fixed_latency/fixed_latency_backend.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <vector>

#include "runtime/model/graph.h"
#include "runtime/time_limits.h"
#include "tests/testing/recording_sink.h"

namespace aclsim::fixed_latency {
namespace {

using device::CompletionRecord;
using device::TaskKind;

using aclsim::testing::RecordingSink;

// The device clock starts at the default origin (Backend::clock_origin_ns).
constexpr int64_t kO = kDefaultClockOriginNs;

// Three ops: AI_CORE with block_dim 8, then two AI_VECTOR ops (default block_dim).
model::Graph ThreeOps() {
  model::Graph graph;
  graph.name = "three";
  for (int i = 0; i < 3; ++i) {
    model::Op op;
    op.name = "op" + std::to_string(i);
    op.type = i == 0 ? "MatMulV2" : "Relu";
    op.engine = i == 0 ? model::Engine::kAiCore : model::Engine::kAiVector;
    if (i == 0) op.block_dim = 8;
    op.duration_ns = 12345;  // ignored: every op takes op_ns
    graph.ops.push_back(op);
  }
  return graph;
}

std::unique_ptr<device::Device> OpenDevice(int64_t op_ns) {
  FixedLatencyOptions options;
  options.op_ns = op_ns;
  auto backend = CreateFixedLatencyBackend(options);
  EXPECT_TRUE(backend.ok());
  EXPECT_EQ((*backend)->name(), "fixed_latency");
  auto dev = (*backend)->OpenDevice(0);
  EXPECT_TRUE(dev.ok());
  return std::move(dev).value();
}

void ExpectRecord(const CompletionRecord& r, TaskKind kind, uint64_t stream, uint64_t task, int64_t start,
                  int64_t end) {
  EXPECT_EQ(r.kind, kind) << "task " << task;
  EXPECT_EQ(r.stream_id, stream) << "task " << task;
  EXPECT_EQ(r.task_id, task);
  EXPECT_EQ(r.start_ns, start) << "task " << task;
  EXPECT_EQ(r.end_ns, end) << "task " << task;
}

TEST(FixedLatencyBackend, GivenTwoStreamsAnEventWaitAndMarkersThenExactTimesAndIds) {
  auto dev = OpenDevice(100);
  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  const device::StreamId s1 = *dev->CreateStream(), s2 = *dev->CreateStream();
  const device::EventId e = *dev->CreateEvent();
  const device::ExecutableId exe = *dev->LoadGraph(ThreeOps());
  EXPECT_EQ(s1, 1u);
  EXPECT_EQ(s2, 2u);
  EXPECT_EQ(e, 1u);
  EXPECT_EQ(exe, 1u);

  EXPECT_EQ(*dev->SubmitGraph(s1, exe, device::LaunchInfo{7, 5}), 1u);  // ops 1-3 at 0..300 on s1
  ASSERT_TRUE(dev->SubmitEventRecord(s1, e).ok());                      // e = 300
  EXPECT_EQ(*dev->SubmitMarker(s2, device::MarkerInfo{42, 3, 6}), 4u);  // s2 is still at 0
  ASSERT_TRUE(dev->SubmitEventWait(s2, e).ok());                        // s2 moves to 300
  EXPECT_EQ(*dev->SubmitMarker(s2, device::MarkerInfo{43, 4, 6}), 5u);
  EXPECT_EQ(*dev->SubmitGraph(s2, exe, device::LaunchInfo{7, 6}), 6u);  // ops 6-8 at 300..600 on s2

  ASSERT_EQ(sink.records().size(), 8u);
  const auto r = sink.records();
  ExpectRecord(r[0], TaskKind::kOp, s1, 1, kO + 0, kO + 100);
  ExpectRecord(r[1], TaskKind::kOp, s1, 2, kO + 100, kO + 200);
  ExpectRecord(r[2], TaskKind::kOp, s1, 3, kO + 200, kO + 300);
  ExpectRecord(r[3], TaskKind::kMarker, s2, 4, kO + 0, kO + 0);
  ExpectRecord(r[4], TaskKind::kMarker, s2, 5, kO + 300, kO + 300);
  ExpectRecord(r[5], TaskKind::kOp, s2, 6, kO + 300, kO + 400);
  ExpectRecord(r[6], TaskKind::kOp, s2, 7, kO + 400, kO + 500);
  ExpectRecord(r[7], TaskKind::kOp, s2, 8, kO + 500, kO + 600);
  EXPECT_EQ(r[0].engine, model::Engine::kAiCore);
  EXPECT_EQ(r[0].block_dim, 8u);
  EXPECT_EQ(r[1].engine, model::Engine::kAiVector);
  EXPECT_EQ(r[1].block_dim, 1u);
  EXPECT_EQ(r[0].model_tag, 7u);
  EXPECT_EQ(r[0].host_tid, 5u);
  EXPECT_EQ(r[2].op_index, 2u);
  EXPECT_EQ(r[2].exec_ns, 100);
  EXPECT_EQ(r[3].marker_id, 42u);
  EXPECT_EQ(r[3].marker_tag, 3u);
  EXPECT_EQ(r[3].model_tag, 0xFFFFFFFFu);
  EXPECT_EQ(r[5].host_tid, 6u);

  auto costs = dev->GetGraphCosts(exe);
  ASSERT_TRUE(costs.ok());
  ASSERT_EQ(costs->size(), 3u);
  EXPECT_EQ((*costs)[0].duration_ns, 100);
  EXPECT_EQ((*costs)[0].block_dim, 8u);
  EXPECT_EQ((*costs)[2].flops, 0u);
}

TEST(FixedLatencyBackend, GivenSynchronisationThenTheDeviceClockMovesAndLaterWorkStartsAfterIt) {
  auto dev = OpenDevice(100);
  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  const device::StreamId s1 = *dev->CreateStream(), s2 = *dev->CreateStream();
  const device::EventId e = *dev->CreateEvent(), never = *dev->CreateEvent();
  const device::ExecutableId exe = *dev->LoadGraph(ThreeOps());
  ASSERT_TRUE(dev->SubmitGraph(s1, exe, device::LaunchInfo{}).ok());  // s1 at 300
  ASSERT_TRUE(dev->SubmitEventRecord(s1, e).ok());
  ASSERT_TRUE(dev->SubmitGraph(s1, exe, device::LaunchInfo{}).ok());  // s1 at 600
  EXPECT_EQ(dev->Now(), kO + 0);
  EXPECT_TRUE(*dev->QueryStream(s1));
  auto state = dev->QueryEvent(e);
  ASSERT_TRUE(state.ok());
  EXPECT_TRUE(state->recorded);
  EXPECT_TRUE(state->complete);
  EXPECT_EQ(state->timestamp_ns, kO + 300);
  auto unrecorded = dev->QueryEvent(never);
  EXPECT_FALSE(unrecorded->recorded);
  EXPECT_TRUE(unrecorded->complete);

  ASSERT_TRUE(dev->SynchronizeEvent(never).ok());  // never recorded: returns at once
  EXPECT_EQ(dev->Now(), kO + 0);
  ASSERT_TRUE(dev->SynchronizeEvent(e).ok());
  EXPECT_EQ(dev->Now(), kO + 300);
  ASSERT_TRUE(dev->SynchronizeStream(s2).ok());  // an idle stream does not move the clock back
  EXPECT_EQ(dev->Now(), kO + 300);
  EXPECT_EQ(*dev->SubmitMarker(s2, device::MarkerInfo{}), 7u);  // at the clock, not at s2's 0
  EXPECT_EQ(sink.records().back().start_ns, kO + 300);
  ASSERT_TRUE(dev->SynchronizeDevice().ok());
  EXPECT_EQ(dev->Now(), kO + 600);
  const device::StreamId s3 = *dev->CreateStream();
  EXPECT_EQ(*dev->SubmitGraph(s3, exe, device::LaunchInfo{}), 8u);
  EXPECT_EQ(sink.records().back().start_ns, kO + 800);
  ASSERT_TRUE(dev->DestroyStream(s3).ok());  // waits for s3's work
  EXPECT_EQ(dev->Now(), kO + 900);

  dev->SetCompletionSink(nullptr);  // without a sink, task ids still advance
  EXPECT_EQ(*dev->SubmitMarker(s1, device::MarkerInfo{}), 11u);
  EXPECT_EQ(sink.records().size(), 10u);
}

TEST(FixedLatencyBackend, GivenHostReadyTimesThenNoTaskStartsBeforeTheHostEnqueuedIt) {
  auto dev = OpenDevice(100);
  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  const device::StreamId s1 = *dev->CreateStream(), s2 = *dev->CreateStream();
  const device::ExecutableId exe = *dev->LoadGraph(ThreeOps());
  ASSERT_TRUE(dev->SubmitGraph(s1, exe, device::LaunchInfo{1, 1, kO + 5'000}).ok());  // ops at +5000..+5300
  EXPECT_EQ(dev->Now(), kO + 5'000);                                                  // the host was there
  ASSERT_TRUE(dev->SubmitGraph(s1, exe, device::LaunchInfo{1, 1, kO + 5'100}).ok());  // queued behind: +5300
  ASSERT_TRUE(dev->SubmitMarker(s2, device::MarkerInfo{9, 9, 9, kO + 7'000}).ok());
  ASSERT_TRUE(dev->SubmitMarker(s2, device::MarkerInfo{9, 9, 9, kO + 6'000}).ok());  // never back in time
  ASSERT_EQ(sink.records().size(), 8u);
  const auto r = sink.records();
  ExpectRecord(r[0], TaskKind::kOp, s1, 1, kO + 5'000, kO + 5'100);
  ExpectRecord(r[3], TaskKind::kOp, s1, 4, kO + 5'300, kO + 5'400);
  ExpectRecord(r[6], TaskKind::kMarker, s2, 7, kO + 7'000, kO + 7'000);
  ExpectRecord(r[7], TaskKind::kMarker, s2, 8, kO + 7'000, kO + 7'000);
}

TEST(FixedLatencyBackend, GivenUnknownIdsThenInvalidHandleAndNoTaskIdIsUsed) {
  auto dev = OpenDevice(1000);
  const device::StreamId s = *dev->CreateStream(), gone = *dev->CreateStream();
  const device::EventId e = *dev->CreateEvent();
  const device::ExecutableId exe = *dev->LoadGraph(ThreeOps()), unloaded = *dev->LoadGraph(ThreeOps());
  ASSERT_TRUE(dev->DestroyStream(gone).ok());
  ASSERT_TRUE(dev->UnloadGraph(unloaded).ok());
  constexpr uint64_t kNone = 99;
  const auto invalid = Detail::kInvalidHandle;
  EXPECT_EQ(dev->DestroyStream(gone).detail(), invalid);
  EXPECT_EQ(dev->DestroyEvent(kNone).detail(), invalid);
  EXPECT_EQ(dev->UnloadGraph(unloaded).detail(), invalid);
  EXPECT_EQ(dev->GetGraphCosts(kNone).status().detail(), invalid);
  EXPECT_EQ(dev->SubmitGraph(gone, exe, device::LaunchInfo{}).status().detail(), invalid);
  EXPECT_EQ(dev->SubmitGraph(s, unloaded, device::LaunchInfo{}).status().detail(), invalid);
  EXPECT_EQ(dev->SubmitMarker(kNone, device::MarkerInfo{}).status().detail(), invalid);
  EXPECT_EQ(dev->SubmitEventRecord(kNone, e).detail(), invalid);
  EXPECT_EQ(dev->SubmitEventRecord(s, kNone).detail(), invalid);
  EXPECT_EQ(dev->SubmitEventWait(kNone, e).detail(), invalid);
  EXPECT_EQ(dev->SubmitEventWait(s, kNone).detail(), invalid);
  EXPECT_EQ(dev->SynchronizeStream(kNone).detail(), invalid);
  EXPECT_EQ(dev->QueryStream(kNone).status().detail(), invalid);
  EXPECT_EQ(dev->SynchronizeEvent(kNone).detail(), invalid);
  EXPECT_EQ(dev->QueryEvent(kNone).status().detail(), invalid);
  EXPECT_EQ(dev->SubmitGraph(s, exe, device::LaunchInfo{}).value(), 1u);  // the failures used no task id
  EXPECT_EQ(dev->Now(), kO + 0);
}

TEST(FixedLatencyBackend, GivenOptionsOutOfRangeOrUnsupportedThenErrors) {
  FixedLatencyOptions options;
  for (int64_t bad : {int64_t{0}, int64_t{-1}, int64_t{1'000'000'000'001}}) {
    options.op_ns = bad;
    EXPECT_EQ(CreateFixedLatencyBackend(options).status().code(), StatusCode::kInvalidArgument) << bad;
  }
  options.op_ns = 1;
  options.device_count = 0;
  EXPECT_EQ(CreateFixedLatencyBackend(options).status().code(), StatusCode::kInvalidArgument);
  options.device_count = 65;
  EXPECT_EQ(CreateFixedLatencyBackend(options).status().code(), StatusCode::kInvalidArgument);
  options.device_count = 2;
  auto backend = CreateFixedLatencyBackend(options);
  ASSERT_TRUE(backend.ok());
  EXPECT_TRUE((*backend)->OpenDevice(1).ok());
  EXPECT_EQ((*backend)->OpenDevice(2).status().detail(), Detail::kInvalidDeviceId);

  using nlohmann::json;
  auto parsed = ParseFixedLatencyOptions(json{{"device_count", 3}, {"op_ns", 250}, {"clock", "virtual"}});
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  EXPECT_EQ(parsed->device_count, 3u);
  EXPECT_EQ(parsed->op_ns, 250);
  auto host_faults = ParseFixedLatencyOptions(
      json::parse(R"({"faults": {"corrupt_record": {"index": 2}, "slow_delivery": {"write_delay_us": 1}}})"));
  ASSERT_TRUE(host_faults.ok()) << host_faults.status().ToString();  // the host applies these
  EXPECT_EQ(host_faults->delivery.corrupt_record, 2u);
  EXPECT_EQ(host_faults->delivery.slow_delivery_us, 1u);
  EXPECT_EQ(ParseFixedLatencyOptions(json::parse(R"({"faults": {"fail_task": {"task": 2}}})")).status().detail(),
            Detail::kOptionUnsupported);
  EXPECT_EQ(ParseFixedLatencyOptions(json{{"jitter", 0.1}}).status().detail(), Detail::kOptionUnsupported);
  EXPECT_EQ(ParseFixedLatencyOptions(json{{"clock", "realtime"}}).status().detail(), Detail::kOptionUnsupported);
  EXPECT_EQ(ParseFixedLatencyOptions(json{{"seed", 1}}).status().detail(), Detail::kOptionUnsupported);
  EXPECT_EQ(ParseFixedLatencyOptions(json{{"op_ns", "fast"}}).status().detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(ParseFixedLatencyOptions(json{{"bogus", 1}}).status().detail(), Detail::kFileAttrInvalid);
}

// Ranges are checked before narrowing: 2^32 + 5 devices is not 5 (nor
// clamped to UINT32_MAX and refused later with another code).
TEST(FixedLatencyBackend, GivenDeviceCountAboveUint32ThenFileAttrInvalidNotTruncated) {
  using nlohmann::json;
  for (uint64_t bad : {(uint64_t{1} << 32) + 5, uint64_t{65}, uint64_t{0}}) {
    auto parsed = ParseFixedLatencyOptions(json{{"device_count", bad}});
    EXPECT_EQ(parsed.status().detail(), Detail::kFileAttrInvalid) << bad;
  }
  auto ok = ParseFixedLatencyOptions(json{{"device_count", 64}});
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  EXPECT_EQ(ok->device_count, 64u);
}

}  // namespace
}  // namespace aclsim::fixed_latency
