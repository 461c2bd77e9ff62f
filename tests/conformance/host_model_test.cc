// The virtual clock's modelled host side (runtime/host_costs.h,
// docs/time_base.md): with the default configuration every exported time is
// an epoch time, every duration is positive and every host-to-device flow
// runs forward; device work starts no earlier than the host finished
// enqueuing it, so a launch-bound stream shows the host's gaps.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "conformance_util.h"
#include "prof_session_fixture.h"
#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

using nlohmann::json;

// 2024-01-01T00:00:00Z in microseconds: the fixed time origin; no exported
// time is earlier.
constexpr double kEpoch2024Us = 1704067200.0 * 1e6;

bool IsMarker(const json& event) {
  return event.contains("args") && event["args"].value("Task Type", "") == "PROFILER_TRACE_EX";
}

json ReadJson(const std::string& path) {
  std::ifstream in(path);
  return json::parse(in, nullptr, false);
}

// A session of every summary kind over three steps of sample_mlp, each with
// an msproftx range around the launch, with the default host costs.
class HostModelSession : public ProfSession {
 protected:
  std::string RunSteps() {
    LoadedModel model("sample_mlp.json");
    aclrtStream stream = nullptr;
    EXPECT_ACL_OK(aclrtCreateStream(&stream));
    EXPECT_ACL_OK(Init());
    aclprofConfig* config = Config(kAllSummaries);
    EXPECT_ACL_OK(aclprofStart(config));
    RunMarkedSteps(model, stream, 3, "launch");
    EXPECT_ACL_OK(aclprofStop(config));
    EXPECT_ACL_OK(aclprofDestroyConfig(config));
    EXPECT_ACL_OK(aclrtDestroyStream(stream));
    return LastProfDir();
  }
};

TEST_F(HostModelSession, GivenDefaultConfigThenEveryTimelineEventIsAnEpochTimeAndEveryTaskOrCallLasts) {
  const std::string job = RunSteps();
  const json trace = ReadJson(OneOutputFile(job, "msprof", "json"));
  ASSERT_TRUE(trace.is_array());
  size_t complete = 0;
  std::map<std::string, size_t> by_process_kind;
  for (const json& e : trace) {
    if (!e.contains("ts")) continue;
    const double ts = std::stod(e["ts"].get<std::string>());
    EXPECT_GE(ts, kEpoch2024Us) << e.dump();
    if (e.value("ph", "") != "X") continue;
    ++complete;
    // A step marker is a keypoint: one device timestamp, no duration.
    if (IsMarker(e)) continue;
    EXPECT_GT(e["dur"].get<double>(), 0.0) << e.dump();
  }
  EXPECT_GT(complete, 27u);  // 27 ops, and the API calls and ranges besides
}

TEST_F(HostModelSession, GivenDefaultConfigThenEveryHostToDeviceFlowRunsForward) {
  const std::string job = RunSteps();
  const json trace = ReadJson(OneOutputFile(job, "msprof", "json"));
  ASSERT_TRUE(trace.is_array());
  std::map<std::string, double> starts, ends;
  for (const json& e : trace) {
    const std::string ph = e.value("ph", "");
    if (ph != "s" && ph != "f") continue;
    const std::string key = e.value("name", "") + "#" + e["id"].dump();
    (ph == "s" ? starts : ends)[key] = std::stod(e["ts"].get<std::string>());
  }
  ASSERT_FALSE(starts.empty());
  EXPECT_EQ(starts.size(), ends.size());
  for (const auto& [key, start] : starts) {
    ASSERT_EQ(ends.count(key), 1u) << key;
    EXPECT_LT(start, ends[key]) << key << ": the host launch begins before the work it launched";
  }
}

TEST_F(HostModelSession, GivenDefaultConfigThenApiStatisticAndStepTimesArePositive) {
  const std::string job = RunSteps();
  Csv api = ReadCsv(OneOutputFile(job, "api_statistic", "csv"));
  ASSERT_FALSE(api.rows.empty());
  for (size_t i = 0; i < api.rows.size(); ++i) {
    EXPECT_GT(std::stod(api.Cell(i, "Min(us)")), 0.0) << api.Cell(i, "API Name");
  }
  Csv steps = ReadCsv(OneOutputFile(job, "step_trace", "csv"));
  ASSERT_EQ(steps.rows.size(), 3u);
  for (size_t i = 0; i < steps.rows.size(); ++i) {
    EXPECT_GT(std::stod(steps.Cell(i, "Iteration Time(us)")), 0.0) << i;
  }
}

#ifndef ACLSIM_CONFORMANCE_PORTABLE
// Host costs that dwarf a short op: the stream is launch-bound.
class HostModelTimeline : public ::testing::Test {
 protected:
  // The host costs are the client's own (runtime/host_costs.h): this runs
  // on every backend, the remote device server's included.
  void Start(int64_t op_ns) {
    ASSERT_ACL_OK(aclInit(config_.c_str()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(LoadFromString(OneOpModel("op", op_ns), &id_));
    ASSERT_ACL_OK(io_.Create(id_));
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
  }
  void TearDown() override {
    io_.Release();
    if (stream_ != nullptr) (void)aclrtDestroyStream(stream_);
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  // Two back-to-back launches; their op records.
  std::vector<aclsimTaskRecord> TwoLaunches() {
    EXPECT_ACL_OK(aclsimTraceStart(0));
    EXPECT_ACL_OK(aclmdlExecuteAsync(id_, io_.input(), io_.output(), stream_));
    EXPECT_ACL_OK(aclmdlExecuteAsync(id_, io_.input(), io_.output(), stream_));
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
    auto records = TraceRecords();
    EXPECT_ACL_OK(aclsimTraceStop());
    return records;
  }

  static constexpr int64_t kApiNs = 1'000;
  static constexpr int64_t kExecuteNs = 1'000'000;
  TempFile config_{AclsimConfig(R"({"host_costs": {"api_call_ns": 1000, "model_execute_ns": 1000000}})")};
  uint32_t id_ = 0;
  ModelIo io_;
  aclrtStream stream_ = nullptr;
};

TEST_F(HostModelTimeline, GivenOpsShorterThanTheLaunchCostThenTheDeviceWaitsForTheHost) {
  Start(50'000);  // 50 us of device time per launch, 1 ms of host time
  const auto records = TwoLaunches();
  ASSERT_EQ(records.size(), 2u);
  // The second launch is ready one api call and one enqueue after the first
  // (plus the clock's 1 ns per reading, twice): the device idles between.
  EXPECT_EQ(records[1].startNs - records[0].startNs, static_cast<uint64_t>(kApiNs + kExecuteNs + 2));
  EXPECT_EQ(records[0].endNs - records[0].startNs, 50'000u);
  EXPECT_GT(records[1].startNs, records[0].endNs);
}

TEST_F(HostModelTimeline, GivenOpsLongerThanTheLaunchCostThenTheStreamQueuesThemBackToBack) {
  Start(10'000'000);  // 10 ms per launch: device-bound
  const auto records = TwoLaunches();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1].startNs, records[0].endNs);
}

TEST_F(HostModelTimeline, GivenTheLaunchingCallThenTheDeviceClockPassedItsHostCosts) {
  Start(50'000);
  uint64_t before = 0, after = 0;
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &before));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclmdlExecuteAsync(id_, io_.input(), io_.output(), stream_));
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &after));
  const auto records = TraceRecords();
  ASSERT_ACL_OK(aclsimTraceStop());
  ASSERT_EQ(records.size(), 1u);
  // The op starts once the host is done enqueuing; the device saw the host there.
  EXPECT_GE(records[0].startNs, before + kApiNs + kExecuteNs);
  EXPECT_EQ(after, records[0].startNs);
}
#endif  // ACLSIM_CONFORMANCE_PORTABLE

}  // namespace
}  // namespace aclsim_conformance
