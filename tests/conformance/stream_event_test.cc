// Streams and events: aclrtCreateStream, aclrtDestroyStream,
// aclrtSynchronizeStream, aclrtStreamQuery, aclrtStreamWaitEvent,
// aclrtCreateEvent, aclrtCreateEventWithFlag, aclrtDestroyEvent,
// aclrtRecordEvent, aclrtQueryEvent, aclrtQueryEventStatus,
// aclrtSynchronizeEvent, aclrtEventElapsedTime, aclrtStreamGetId,
// aclrtProfTrace; stream ordering and intra-model parallelism as seen in
// the task trace.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;
using aclsim_conformance::MaxEndNs;
using aclsim_conformance::MinStartNs;
using aclsim_conformance::ModelIo;
using aclsim_conformance::ModelPath;
using aclsim_conformance::RecordsNamed;
using aclsim_conformance::TraceRecords;

class ConfStream : public AclDeviceTest {};
class ConfEvent : public AclDeviceTest {};

// Loads |file| and prepares its datasets.
void LoadModel(const char* file, uint32_t* id, ModelIo* io) {
  ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath(file).c_str(), id));
  ASSERT_ACL_OK(io->Create(*id));
}

// ----------------------------------------------------------------- streams

TEST_F(ConfStream, GivenContextWhenCreateStreamThenUsableAndDestroyable) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_NE(stream, nullptr);
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_ACL_OK(aclrtStreamQuery(stream, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfStream, GivenTwoStreamsWhenCreatedThenDistinctHandles) {
  aclrtStream a = nullptr, b = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&a));
  ASSERT_ACL_OK(aclrtCreateStream(&b));
  EXPECT_NE(a, b);
  EXPECT_ACL_OK(aclrtDestroyStream(a));
  EXPECT_ACL_OK(aclrtDestroyStream(b));
}

TEST_F(ConfStream, GivenNullOutputWhenCreateStreamThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtCreateStream");
}

TEST_F(ConfStream, GivenNoCurrentContextWhenCreateStreamThenContextNull) {
  ASSERT_ACL_OK(aclrtResetDevice(0));
  device_set_ = false;
  aclrtStream stream = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_RECENT_ERR_HAS("aclrtSetDevice");
  EXPECT_EQ(stream, nullptr);
}

TEST_F(ConfStream, GivenNullWhenDestroyStreamThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtDestroyStream");
}

TEST_F(ConfStream, GivenDestroyedStreamWhenAnyStreamCallThenInvalidHandle) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_ERROR(aclrtDestroyStream(stream), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_RECENT_ERR_HAS("stream");
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream), ACL_ERROR_RT_INVALID_HANDLE);
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_ACL_ERROR(aclrtStreamQuery(stream, &status), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_EQ(status, ACL_STREAM_STATUS_RESERVED);
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  EXPECT_ACL_ERROR(aclrtRecordEvent(event, stream), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtStreamWaitEvent(stream, event), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
}

// aclrtStreamGetId gives the id the task trace (and the exports) show for
// the stream; NULL is the default stream. aclrtProfTrace puts a marker with
// the packed {u64 id; u64 modelId; u16 tagId} of its userdata on it.
TEST_F(ConfStream, GivenProfTraceOnAStreamThenItsMarkerCarriesTheIdTagAndStreamGetIdsId) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  int32_t id = -1, default_id = -1;
  ASSERT_ACL_OK(aclrtStreamGetId(stream, &id));
  ASSERT_ACL_OK(aclrtStreamGetId(nullptr, &default_id));
  EXPECT_GE(id, 0);
  EXPECT_NE(id, default_id);
  ASSERT_ACL_OK(aclsimTraceStart(0));
  unsigned char data[18] = {};
  const uint64_t index = 7;
  const uint16_t tag = 11;
  std::memcpy(data, &index, 8);
  std::memcpy(data + 16, &tag, 2);
  ASSERT_ACL_OK(aclrtProfTrace(data, 18, stream));
  const uint64_t only_id = 9;  // 8 bytes: the rest is zero (tag 0)
  ASSERT_ACL_OK(aclrtProfTrace(const_cast<uint64_t*>(&only_id), 8, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  const auto records = TraceRecords();
  ASSERT_EQ(records.size(), 2u);
  for (const auto& r : records) {
    EXPECT_EQ(r.kind, static_cast<uint32_t>(ACLSIM_TASK_MARKER));
    if (r.markerId == 7) {
      EXPECT_EQ(r.markerTag, 11u);
      EXPECT_EQ(r.streamId, static_cast<uint64_t>(id));
    } else {
      EXPECT_EQ(r.markerId, 9u);
      EXPECT_EQ(r.markerTag, 0u);
      EXPECT_EQ(r.streamId, static_cast<uint64_t>(default_id));
    }
  }
  EXPECT_ACL_OK(aclsimTraceStop());
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_ERROR(aclrtStreamGetId(stream, &id), ACL_ERROR_RT_INVALID_HANDLE);
}

TEST_F(ConfStream, GivenBadArgumentsThenStreamGetIdAndProfTraceRefuseWithTheirCodes) {
  EXPECT_ACL_ERROR(aclrtStreamGetId(nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtStreamGetId");
  unsigned char data[19] = {};
  EXPECT_ACL_ERROR(aclrtProfTrace(nullptr, 18, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtProfTrace(data, 19, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("(0, 18]");
  EXPECT_ACL_ERROR(aclrtProfTrace(data, 0, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtProfTrace(data, -1, nullptr), ACL_ERROR_RT_PARAM_INVALID);
}

TEST_F(ConfStream, GivenNullStreamWhenSynchronizeThenDefaultStreamIsUsed) {
  EXPECT_ACL_OK(aclrtSynchronizeStream(nullptr));
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_ACL_OK(aclrtStreamQuery(nullptr, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
}

TEST_F(ConfStream, GivenNoCurrentContextWhenSynchronizeDefaultStreamThenContextNull) {
  ASSERT_ACL_OK(aclrtResetDevice(0));
  device_set_ = false;
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(nullptr), ACL_ERROR_RT_CONTEXT_NULL);
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_ACL_ERROR(aclrtStreamQuery(nullptr, &status), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(ConfStream, GivenNullStatusWhenStreamQueryThenInvalidParam) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  EXPECT_ACL_ERROR(aclrtStreamQuery(stream, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtStreamQuery");
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfStream, GivenModelQueuedWhenSynchronizeStreamThenStreamCompleteAndClockAdvanced) {
  uint32_t id = 0;
  ModelIo io;
  LoadModel("sample_mlp.json", &id, &io);
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  uint64_t before = 0, after = 0;
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &before));
  ASSERT_ACL_OK(aclmdlExecuteAsync(id, io.input(), io.output(), stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_ACL_OK(aclrtStreamQuery(stream, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &after));
  uint64_t flops = 0, macs = 0, bytes = 0, op_time_ns = 0;
  ASSERT_ACL_OK(aclsimGetModelCost(id, &flops, &macs, &bytes, &op_time_ns));
  // sample_mlp is a chain on one stream: the device clock moves by the sum of op times.
  EXPECT_EQ(after - before, op_time_ns);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfStream, GivenTwoExecutionsOnOneStreamThenSecondStartsAfterFirstEnds) {
  uint32_t id = 0;
  ModelIo io;
  LoadModel("sample_mlp.json", &id, &io);
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclmdlExecuteAsync(id, io.input(), io.output(), stream));
  ASSERT_ACL_OK(aclmdlExecuteAsync(id, io.input(), io.output(), stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  auto records = TraceRecords();
  ASSERT_EQ(records.size(), 18u);  // 9 ops, twice
  std::vector<aclsimTaskRecord> first(records.begin(), records.begin() + 9);
  std::vector<aclsimTaskRecord> second(records.begin() + 9, records.end());
  EXPECT_GE(MinStartNs(second), MaxEndNs(first));
  EXPECT_EQ(MaxEndNs(second) - MinStartNs(second), MaxEndNs(first) - MinStartNs(first));
  EXPECT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfStream, GivenEventRecordedOnOneStreamWhenOtherStreamWaitsThenItsWorkStartsAfterTheEvent) {
  uint32_t id = 0;
  ModelIo io;
  LoadModel("sample_mlp.json", &id, &io);
  aclrtStream producer = nullptr, consumer = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&producer));
  ASSERT_ACL_OK(aclrtCreateStream(&consumer));
  aclrtEvent start = nullptr, done = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&start));
  ASSERT_ACL_OK(aclrtCreateEvent(&done));
  ASSERT_ACL_OK(aclsimTraceStart(0));

  ASSERT_ACL_OK(aclrtRecordEvent(start, producer));
  ASSERT_ACL_OK(aclmdlExecuteAsync(id, io.input(), io.output(), producer));
  ASSERT_ACL_OK(aclrtRecordEvent(done, producer));
  ASSERT_ACL_OK(aclrtStreamWaitEvent(consumer, done));
  ASSERT_ACL_OK(aclmdlExecuteAsync(id, io.input(), io.output(), consumer));
  ASSERT_ACL_OK(aclrtSynchronizeStream(consumer));

  auto records = TraceRecords();
  ASSERT_EQ(records.size(), 18u);
  std::vector<aclsimTaskRecord> first(records.begin(), records.begin() + 9);
  std::vector<aclsimTaskRecord> second(records.begin() + 9, records.end());
  for (const auto& r : first) EXPECT_EQ(r.streamId, first[0].streamId);
  for (const auto& r : second) EXPECT_EQ(r.streamId, second[0].streamId);
  EXPECT_NE(first[0].streamId, second[0].streamId);
  // The event's timestamp is the end of the producer's model.
  float ms = 0;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&ms, start, done));
  const uint64_t event_ns = MinStartNs(first) + static_cast<uint64_t>(std::llround(ms * 1e6));
  EXPECT_EQ(ms, static_cast<float>(static_cast<double>(MaxEndNs(first) - MinStartNs(first)) / 1e6));
  EXPECT_GE(MinStartNs(second), MaxEndNs(first));
  EXPECT_GE(MinStartNs(second) + 1000, event_ns);  // float ms rounding slack only
  EXPECT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclrtDestroyEvent(start));
  EXPECT_ACL_OK(aclrtDestroyEvent(done));
  EXPECT_ACL_OK(aclrtDestroyStream(producer));
  EXPECT_ACL_OK(aclrtDestroyStream(consumer));
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfStream, GivenIndependentStreamsWithoutWaitThenTheirWorkOverlaps) {
  // The model has a single op on 1 core of 48 vector cores: two launches on
  // two streams fit side by side.
  uint32_t id = 0;
  ASSERT_ACL_OK(aclsim_conformance::LoadFromString(aclsim_conformance::OneOpModel("one", 50000), &id));
  ModelIo io;
  ASSERT_ACL_OK(io.Create(id));
  aclrtStream a = nullptr, b = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&a));
  ASSERT_ACL_OK(aclrtCreateStream(&b));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclmdlExecuteAsync(id, io.input(), io.output(), a));
  ASSERT_ACL_OK(aclmdlExecuteAsync(id, io.input(), io.output(), b));
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  auto records = TraceRecords();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].startNs, records[1].startNs);
  EXPECT_EQ(records[0].endNs - records[0].startNs, 50000u);
  EXPECT_EQ(records[1].endNs - records[1].startNs, 50000u);
  uint64_t now = 0;
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &now));
  EXPECT_EQ(now, records[0].endNs);  // both done after 50 us, not 100 us
  EXPECT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclrtDestroyStream(a));
  EXPECT_ACL_OK(aclrtDestroyStream(b));
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfStream, GivenTwoBranchModelWhenExecutedThenBranchesOverlapAndJoinWaitsForBoth) {
  uint32_t id = 0;
  ModelIo io;
  LoadModel("two_branch.json", &id, &io);
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclmdlExecute(id, io.input(), io.output()));
  auto records = TraceRecords();
  ASSERT_EQ(records.size(), 6u);
  auto b0 = RecordsNamed(records, "branch0.matmul");
  auto b0r = RecordsNamed(records, "branch0.relu");
  auto b1 = RecordsNamed(records, "branch1.matmul");
  auto b1g = RecordsNamed(records, "branch1.gelu");
  auto join = RecordsNamed(records, "join");
  auto softmax = RecordsNamed(records, "softmax");
  ASSERT_EQ(b0.size(), 1u);
  ASSERT_EQ(b0r.size(), 1u);
  ASSERT_EQ(b1.size(), 1u);
  ASSERT_EQ(b1g.size(), 1u);
  ASSERT_EQ(join.size(), 1u);
  ASSERT_EQ(softmax.size(), 1u);
  // Explicit duration_ns overrides the cost model.
  EXPECT_EQ(b1g[0].endNs - b1g[0].startNs, 20000u);
  EXPECT_STREQ(b1g[0].engine, "AI_VECTOR_CORE");
  EXPECT_STREQ(b0[0].engine, "AI_CORE");
  EXPECT_STREQ(b0[0].opType, "MatMulV2");
  // Data dependencies inside each branch.
  EXPECT_GE(b0r[0].startNs, b0[0].endNs);
  EXPECT_GE(b1g[0].startNs, b1[0].endNs);
  // The branches run in parallel: their time spans intersect.
  const uint64_t b0_start = b0[0].startNs, b0_end = b0r[0].endNs;
  const uint64_t b1_start = b1[0].startNs, b1_end = b1g[0].endNs;
  EXPECT_LT(b0_start, b1_end);
  EXPECT_LT(b1_start, b0_end);
  // The whole model is shorter than running the ops one after another.
  uint64_t sum = 0;
  for (const auto& r : records) sum += r.endNs - r.startNs;
  EXPECT_LT(MaxEndNs(records) - MinStartNs(records), sum);
  // The join waits for both branches; softmax follows the join.
  EXPECT_GE(join[0].startNs, std::max(b0_end, b1_end));
  EXPECT_GE(softmax[0].startNs, join[0].endNs);
  EXPECT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfStream, GivenThreadsExecutingOnTheirOwnStreamsWhenDoneThenEveryOpIsTracedOnce) {
  uint32_t id = 0;
  ModelIo io;
  LoadModel("sample_mlp.json", &id, &io);
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&ctx));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  constexpr int kThreads = 4;
  constexpr int kRunsPerThread = 25;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      EXPECT_ACL_OK(aclrtSetCurrentContext(ctx));
      aclrtStream stream = nullptr;
      EXPECT_ACL_OK(aclrtCreateStream(&stream));
      for (int i = 0; i < kRunsPerThread; ++i) {
        EXPECT_ACL_OK(aclmdlExecuteAsync(id, io.input(), io.output(), stream));
      }
      EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
      EXPECT_ACL_OK(aclrtDestroyStream(stream));
    });
  }
  for (auto& t : threads) t.join();
  auto records = TraceRecords();
  ASSERT_EQ(records.size(), static_cast<size_t>(kThreads * kRunsPerThread * 9));
  std::vector<uint64_t> task_ids;
  for (const auto& r : records) task_ids.push_back(r.taskId);
  std::sort(task_ids.begin(), task_ids.end());
  EXPECT_EQ(std::adjacent_find(task_ids.begin(), task_ids.end()), task_ids.end());  // unique task ids
  EXPECT_ACL_OK(aclsimTraceStop());
  io.Release();
  EXPECT_ACL_OK(aclmdlUnload(id));
}

// ------------------------------------------------------------------ events

TEST_F(ConfEvent, GivenContextWhenCreateEventThenNotRecordedAndComplete) {
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  ASSERT_NE(event, nullptr);
  aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  EXPECT_ACL_OK(aclrtQueryEventStatus(event, &recorded));
  EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_COMPLETE);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  aclrtEventStatus status = ACL_EVENT_STATUS_RESERVED;
  EXPECT_ACL_OK(aclrtQueryEvent(event, &status));
  EXPECT_EQ(status, ACL_EVENT_STATUS_COMPLETE);
#pragma GCC diagnostic pop
  EXPECT_ACL_OK(aclrtSynchronizeEvent(event));  // nothing recorded: returns at once
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
}

TEST_F(ConfEvent, GivenValidFlagsWhenCreateEventWithFlagThenSuccess) {
  for (uint32_t flag : {0u, ACL_EVENT_SYNC, ACL_EVENT_TIME_LINE, ACL_EVENT_CAPTURE_STREAM_PROGRESS,
                        ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE}) {
    aclrtEvent event = nullptr;
    EXPECT_ACL_OK(aclrtCreateEventWithFlag(&event, flag)) << "flag " << flag;
    EXPECT_NE(event, nullptr);
    EXPECT_ACL_OK(aclrtDestroyEvent(event));
  }
}

TEST_F(ConfEvent, GivenUnknownFlagBitsWhenCreateEventWithFlagThenInvalidParam) {
  aclrtEvent event = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateEventWithFlag(&event, 0x4u), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtCreateEventWithFlag");
  EXPECT_ACL_ERROR(aclrtCreateEventWithFlag(&event, 0x80000000u), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(event, nullptr);
}

TEST_F(ConfEvent, GivenNullOutputWhenCreateEventThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtCreateEvent(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtCreateEvent");
  EXPECT_ACL_ERROR(aclrtCreateEventWithFlag(nullptr, ACL_EVENT_SYNC), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfEvent, GivenNoCurrentContextWhenCreateEventThenContextNull) {
  ASSERT_ACL_OK(aclrtResetDevice(0));
  device_set_ = false;
  aclrtEvent event = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateEvent(&event), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_ACL_ERROR(aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(ConfEvent, GivenNullEventWhenEventCallsThenInvalidParam) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  EXPECT_ACL_ERROR(aclrtDestroyEvent(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtDestroyEvent");
  EXPECT_ACL_ERROR(aclrtRecordEvent(nullptr, stream), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtRecordEvent");
  EXPECT_ACL_ERROR(aclrtStreamWaitEvent(stream, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtStreamWaitEvent");
  EXPECT_ACL_ERROR(aclrtSynchronizeEvent(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtSynchronizeEvent");
  aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  EXPECT_ACL_ERROR(aclrtQueryEventStatus(nullptr, &recorded), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtQueryEventStatus");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  aclrtEventStatus status = ACL_EVENT_STATUS_RESERVED;
  EXPECT_ACL_ERROR(aclrtQueryEvent(nullptr, &status), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtQueryEvent");
#pragma GCC diagnostic pop
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfEvent, GivenNullStatusWhenQueryEventThenInvalidParam) {
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  EXPECT_ACL_ERROR(aclrtQueryEventStatus(event, nullptr), ACL_ERROR_INVALID_PARAM);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_ACL_ERROR(aclrtQueryEvent(event, nullptr), ACL_ERROR_INVALID_PARAM);
#pragma GCC diagnostic pop
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
}

TEST_F(ConfEvent, GivenDestroyedEventWhenAnyEventCallThenInvalidHandle) {
  aclrtEvent event = nullptr, other = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  ASSERT_ACL_OK(aclrtCreateEvent(&other));
  ASSERT_ACL_OK(aclrtRecordEvent(other, nullptr));
  ASSERT_ACL_OK(aclrtDestroyEvent(event));
  EXPECT_ACL_ERROR(aclrtDestroyEvent(event), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_RECENT_ERR_HAS("event");
  EXPECT_ACL_ERROR(aclrtRecordEvent(event, nullptr), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtStreamWaitEvent(nullptr, event), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtSynchronizeEvent(event), ACL_ERROR_RT_INVALID_HANDLE);
  aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  EXPECT_ACL_ERROR(aclrtQueryEventStatus(event, &recorded), ACL_ERROR_RT_INVALID_HANDLE);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  aclrtEventStatus status = ACL_EVENT_STATUS_RESERVED;
  EXPECT_ACL_ERROR(aclrtQueryEvent(event, &status), ACL_ERROR_RT_INVALID_HANDLE);
#pragma GCC diagnostic pop
  float ms = -1;
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, event, other), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, other, event), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_EQ(ms, -1.0f);
  EXPECT_ACL_OK(aclrtDestroyEvent(other));
}

TEST_F(ConfEvent, GivenRecordedOnDefaultStreamWhenSynchronizedThenComplete) {
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  ASSERT_ACL_OK(aclrtRecordEvent(event, nullptr));
  EXPECT_ACL_OK(aclrtSynchronizeEvent(event));
  aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  EXPECT_ACL_OK(aclrtQueryEventStatus(event, &recorded));
  EXPECT_EQ(recorded, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
}

TEST_F(ConfEvent, GivenEventsAroundModelExecutionWhenElapsedTimeThenEqualsDeviceTimeOfOps) {
  uint32_t id = 0;
  ModelIo io;
  LoadModel("sample_mlp.json", &id, &io);
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  aclrtEvent start = nullptr, end = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&start));
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&end, ACL_EVENT_TIME_LINE));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclrtRecordEvent(start, stream));
  ASSERT_ACL_OK(aclmdlExecuteAsync(id, io.input(), io.output(), stream));
  ASSERT_ACL_OK(aclrtRecordEvent(end, stream));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(end));

  auto records = TraceRecords();
  ASSERT_EQ(records.size(), 9u);
  uint64_t busy_ns = 0;
  for (const auto& r : records) busy_ns += r.endNs - r.startNs;
  const uint64_t span_ns = MaxEndNs(records) - MinStartNs(records);
  uint64_t flops = 0, macs = 0, bytes = 0, op_time_ns = 0;
  ASSERT_ACL_OK(aclsimGetModelCost(id, &flops, &macs, &bytes, &op_time_ns));
  EXPECT_EQ(busy_ns, op_time_ns);
  EXPECT_EQ(span_ns, op_time_ns);     // a chain: no gaps, no overlap
  EXPECT_GT(op_time_ns, 9u * 5000u);  // every op pays at least the launch overhead

  float ms = -1;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&ms, start, end));
  EXPECT_EQ(ms, static_cast<float>(static_cast<double>(span_ns) / 1e6));
  EXPECT_NEAR(ms, static_cast<double>(op_time_ns) / 1e6, 1e-6);
  // Reversed order gives the negative interval.
  float reversed = 0;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&reversed, end, start));
  EXPECT_EQ(reversed, -ms);

  EXPECT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclrtDestroyEvent(start));
  EXPECT_ACL_OK(aclrtDestroyEvent(end));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfEvent, GivenSameEventTwiceWhenElapsedTimeThenZero) {
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  ASSERT_ACL_OK(aclrtRecordEvent(event, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(event));
  float ms = -1;
  EXPECT_ACL_OK(aclrtEventElapsedTime(&ms, event, event));
  EXPECT_EQ(ms, 0.0f);
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
}

TEST_F(ConfEvent, GivenNullArgumentWhenElapsedTimeThenInvalidParam) {
  aclrtEvent a = nullptr, b = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&a));
  ASSERT_ACL_OK(aclrtCreateEvent(&b));
  float ms = 0;
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(nullptr, a, b), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtEventElapsedTime");
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, nullptr, b), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, a, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclrtDestroyEvent(a));
  EXPECT_ACL_OK(aclrtDestroyEvent(b));
}

TEST_F(ConfEvent, GivenUnrecordedEventWhenElapsedTimeThenRuntimeInternalError) {
  aclrtEvent a = nullptr, b = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&a));
  ASSERT_ACL_OK(aclrtCreateEvent(&b));
  ASSERT_ACL_OK(aclrtRecordEvent(a, nullptr));
  float ms = -1;
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, a, b), ACL_ERROR_RT_INTERNAL_ERROR);
  EXPECT_RECENT_ERR_HAS("recorded");
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, b, a), ACL_ERROR_RT_INTERNAL_ERROR);
  EXPECT_EQ(ms, -1.0f);
  EXPECT_ACL_OK(aclrtDestroyEvent(a));
  EXPECT_ACL_OK(aclrtDestroyEvent(b));
}

TEST_F(ConfEvent, GivenWaitOnNeverRecordedEventThenNoOp) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  EXPECT_ACL_OK(aclrtStreamWaitEvent(stream, event));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfEvent, GivenNullStreamWhenWaitEventThenDefaultStreamWaits) {
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  ASSERT_ACL_OK(aclrtRecordEvent(event, nullptr));
  EXPECT_ACL_OK(aclrtStreamWaitEvent(nullptr, event));
  EXPECT_ACL_OK(aclrtSynchronizeStream(nullptr));
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
}

}  // namespace
