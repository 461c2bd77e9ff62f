// The time base across the shipped JSON models and both clock modes, on whichever
// backend the suite runs against (the in-process simulator, the plugin, the
// remote device server): no op record, step marker or exported time is 0;
// records end after they start; every exported time is an epoch time. And
// with the fixed time origin the exported files are the same bytes in two
// runs, process and thread ids aside (docs/time_base.md).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "conformance_util.h"
#include "prof_session_util.h"
#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

using nlohmann::json;

// 2024-01-01T00:00:00Z in microseconds: the fixed time origin; no exported
// time is earlier, in either origin.
constexpr double kEpoch2024Us = 1704067200.0 * 1e6;

struct Model {
  const char* file;
  size_t ops;
};
constexpr Model kModels[] = {
    {"sample_mlp.json", 9}, {"two_branch.json", 6}, {"resnet50.json", 174}, {"bert_base.json", 296}};

constexpr int kSteps = 2;

// Under an initialized runtime with device 0 set: the op records of kSteps
// executions of |model| through a subscription.
std::vector<Decoded> Subscribe(LoadedModel& model) {
  PipeReader reader;
  aclprofSubscribeConfig* sub = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  const aclError ret = aclprofModelSubscribe(model.id(), sub);
  EXPECT_ACL_OK(ret);
  if (ret != ACL_SUCCESS) {  // nothing will close the write end
    close(reader.write_fd);
    reader.write_fd = -1;
  }
  for (int i = 0; i < kSteps && ret == ACL_SUCCESS; ++i) EXPECT_ACL_OK(model.Execute());
  if (ret == ACL_SUCCESS) {
    EXPECT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  }
  reader.Join();
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(sub));
  return DecodeAll(reader.bytes);
}

// Then a collection session of every summary kind over kSteps steps, each
// marked with aclprofGetStepTimestamp and wrapped in an msproftx range; the
// PROF_* directory it wrote.
std::string Profile(LoadedModel& model, const TempDir& dir) {
  aclrtStream stream = nullptr;
  EXPECT_ACL_OK(aclrtCreateStream(&stream));
  EXPECT_ACL_OK(aclprofInit(dir.c_str(), dir.path().size()));
  uint32_t devices[] = {0};
  aclprofConfig* config = aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr,
                                              ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_MSPROFTX);
  EXPECT_ACL_OK(aclprofStart(config));
  RunMarkedSteps(model, stream, kSteps, "step");
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
  return LastProfDir();
}

double Number(const json& v) { return v.is_string() ? std::stod(v.get<std::string>()) : v.get<double>(); }

void ExpectEpochTimeline(const std::string& job) {
  std::ifstream in(OneOutputFile(job, "msprof", "json"));
  const json trace = json::parse(in, nullptr, false);
  ASSERT_TRUE(trace.is_array());
  size_t timed = 0;
  for (const json& e : trace) {
    if (!e.contains("ts")) continue;
    ++timed;
    EXPECT_GE(Number(e["ts"]), kEpoch2024Us) << e.dump();
    // Every task and call lasts; a step marker is a keypoint (no duration).
    const bool marker = e.contains("args") && e["args"].value("Task Type", "") == "PROFILER_TRACE_EX";
    if (e.value("ph", "") == "X" && !marker) {
      EXPECT_GT(Number(e["dur"]), 0.0) << e.dump();
    }
  }
  EXPECT_GT(timed, 0u);
}

void ExpectEpochCsvColumn(const std::string& job, const std::string& kind, const std::string& column, size_t rows) {
  const Csv csv = ReadCsv(OneOutputFile(job, kind, "csv"));
  ASSERT_EQ(csv.rows.size(), rows) << kind;
  for (size_t i = 0; i < csv.rows.size(); ++i) {
    EXPECT_GE(std::stod(csv.Cell(i, column)), kEpoch2024Us) << kind << " row " << i << " " << column;
  }
}

class TimeBaseSweep : public ::testing::TestWithParam<std::tuple<Model, const char*>> {
 protected:
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
};

TEST_P(TimeBaseSweep, GivenShippedModelThenNoRecordMarkerOrExportedTimeIsZero) {
  const Model model = std::get<0>(GetParam());
  const std::string clock = std::get<1>(GetParam());
  TempFile config(AclsimConfig(R"({"clock": ")" + clock + R"("})"));
  const aclError init = aclInit(clock == "virtual" ? nullptr : config.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(init, "client_device_options");
  ASSERT_ACL_OK(init);
  ACLSIM_SKIP_WITHOUT_DEVICES();
  ASSERT_ACL_OK(aclrtSetDevice(0));
  LoadedModel loaded(model.file);
  const std::vector<Decoded> records = Subscribe(loaded);
  TempDir dir;
  const std::string job = Profile(loaded, dir);

  ASSERT_EQ(records.size(), model.ops * kSteps);
  for (const Decoded& r : records) {
    EXPECT_GT(r.start, 0u) << r.name;
    EXPECT_GT(r.end, r.start) << r.name;
    EXPECT_EQ(r.duration, r.end - r.start) << r.name;
  }
  ExpectEpochTimeline(job);
  ExpectEpochCsvColumn(job, "op_summary", "Task Start Time(us)", model.ops * kSteps);
  // The step markers: both ends of every step are epoch times, the step lasts.
  const Csv steps = ReadCsv(OneOutputFile(job, "step_trace", "csv"));
  ASSERT_EQ(steps.rows.size(), static_cast<size_t>(kSteps));
  for (size_t i = 0; i < steps.rows.size(); ++i) {
    EXPECT_GE(std::stod(steps.Cell(i, "Iteration End(us)")), kEpoch2024Us) << i;
    EXPECT_GT(std::stod(steps.Cell(i, "Iteration Time(us)")), 0.0) << i;
  }
}

std::string SweepName(const ::testing::TestParamInfo<TimeBaseSweep::ParamType>& info) {
  std::string name = std::get<0>(info.param).file;
  name = name.substr(0, name.find('.'));
  name.erase(std::remove(name.begin(), name.end(), '_'), name.end());
  return name + "_" + std::get<1>(info.param);
}

INSTANTIATE_TEST_SUITE_P(ModelsAndClocks, TimeBaseSweep,
                         ::testing::Combine(::testing::ValuesIn(kModels), ::testing::Values("virtual", "realtime")),
                         SweepName);

// |text| with the cells of CSV columns that hold process or thread ids
// replaced.
std::string MaskIdColumns(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  std::vector<bool> masked;
  while (std::getline(in, line)) {
    std::vector<std::string> cells = SplitCsv(line);
    if (masked.empty()) {
      for (const std::string& c : cells)
        masked.push_back(c == "pid" || c == "tid" || c == "Process ID" || c == "Thread ID");
    } else {
      for (size_t i = 0; i < cells.size() && i < masked.size(); ++i) {
        if (masked[i]) cells[i] = "ID";
      }
    }
    for (size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + cells[i];
    out += "\n";
  }
  return out;
}

// A timeline with its process and thread ids replaced.
std::string JsonIdsMasked(std::string text, pid_t pid) {
  static const std::regex kPidTid(R"re("(pid|tid)":"?[0-9]+"?)re");
  text = std::regex_replace(text, kPidTid, "\"$1\":ID");
  // The thread's name, its sort key and the API events' "Thread Id".
  const std::regex thread("(\"Thread |\"Thread Id\":|\"sort_index\":)" + std::to_string(pid) + "(?![0-9])");
  return std::regex_replace(text, thread, "$1ID");
}

// Every file of mindstudio_profiler_output by its kind (the name up to the
// timestamp), with process and thread ids replaced: what must repeat. The
// workload ran on the main thread of process |pid|: the timeline names its
// thread and sorts by its id.
std::map<std::string, std::string> OutputsWithoutIds(const std::string& job, pid_t pid) {
  static const std::regex kTimestamp("_[0-9]{14}");
  std::map<std::string, std::string> out;
  for (const std::string& name : ListDir(OutputDir(job))) {
    std::ifstream in(OutputDir(job) + "/" + name, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const std::string kind = std::regex_replace(name, kTimestamp, "");
    const bool csv = kind.size() > 4 && kind.compare(kind.size() - 4, 4, ".csv") == 0;
    out[kind] = csv ? MaskIdColumns(text.str()) : JsonIdsMasked(text.str(), pid);
  }
  return out;
}

#ifndef ACLSIM_CONFORMANCE_PORTABLE
// Runs the profiled workload in a child process (a fresh process: step
// index ids and model ids start over) writing under |dir|; its pid.
pid_t ProfileInChild(const TempDir& dir) {
  const pid_t pid = ::fork();
  EXPECT_GE(pid, 0);
  if (pid < 0) return pid;
  if (pid == 0) {
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) ::_exit(3);
    {
      LoadedModel model("two_branch.json");
      (void)Profile(model, dir);
    }
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
    ::_exit(::testing::Test::HasFailure() ? 1 : 0);
  }
  int status = 0;
  EXPECT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
  return pid;
}

TEST(TimeBaseDeterminism, GivenFixedOriginWhenRunInTwoProcessesThenTheExportedFilesAreTheSameBytes) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  TempDir dirs[2];
  std::map<std::string, std::string> outputs[2];
  for (int i = 0; i < 2; ++i) {
    const pid_t pid = ProfileInChild(dirs[i]);
    const std::vector<std::string> jobs = ProfDirsUnder(dirs[i].path());
    ASSERT_EQ(jobs.size(), 1u);
    outputs[i] = OutputsWithoutIds(dirs[i].path() + "/" + jobs[0], pid);
  }
  // msprof json, op_summary, op_statistic, api_statistic, step_trace,
  // task_time, msprof_tx, the timeline page.
  ASSERT_GE(outputs[0].size(), 7u);
  ASSERT_EQ(outputs[0].size(), outputs[1].size());
  for (const auto& [kind, bytes] : outputs[0]) {
    ASSERT_EQ(outputs[1].count(kind), 1u) << kind;
    EXPECT_EQ(bytes, outputs[1][kind]) << kind;
  }
}
#endif  // ACLSIM_CONFORMANCE_PORTABLE

}  // namespace
}  // namespace aclsim_conformance
