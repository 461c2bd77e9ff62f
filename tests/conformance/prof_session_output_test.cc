// What a collection session leaves on disk (acl_prof.h, spec §7.1): the
// PROF_* job directory named as msprof names it, and the msprof-format files
// in its mindstudio_profiler_output/, per data type switch.
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "prof_session_fixture.h"

namespace aclsim_conformance {
namespace {

// --------------------------------------------------------- job directory

TEST_F(ProfSession, GivenStartThenJobDirectoryIsNamedAsMsprofDoesWithHostAndDeviceFolders) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  const time_t before = time(nullptr);
  ASSERT_ACL_OK(aclprofStart(config));
  const std::string job = LastProfDir();
  auto dirs = ProfDirsUnder(dir_.path());
  ASSERT_EQ(dirs.size(), 1u);
  EXPECT_EQ(job, dir_.path() + "/" + dirs[0]);
  std::smatch m;
  ASSERT_TRUE(std::regex_match(dirs[0], m, ProfDirRegex())) << dirs[0];
  EXPECT_EQ(m[1].str(), "000001");
  char pid[16];
  std::snprintf(pid, sizeof(pid), "%08d", static_cast<int>(getpid()));
  EXPECT_EQ(m[3].str(), pid);
  // Local time to the millisecond: YYYYMMDDhhmmss of the Start call (± 2 s).
  tm local{};
  bool matched = false;
  for (time_t t = before - 1; t <= before + 2 && !matched; ++t) {
    localtime_r(&t, &local);
    char stamp[32];
    std::strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &local);
    matched = m[2].str().substr(0, 14) == stamp;
  }
  EXPECT_TRUE(matched) << m[2].str();
  EXPECT_TRUE(IsDirectory(job + "/host"));
  EXPECT_TRUE(IsDirectory(job + "/device_0"));
  EXPECT_FALSE(IsDirectory(OutputDir(job)));  // written at Stop
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_TRUE(IsDirectory(OutputDir(job)));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenSeveralStartsThenCounterIncrementsAcrossStopAndFinalize) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  std::vector<std::string> jobs;
  for (int i = 0; i < 2; ++i) {
    ASSERT_ACL_OK(aclprofStart(config));
    jobs.push_back(LastProfDir());
    ASSERT_ACL_OK(aclprofStop(config));
  }
  ASSERT_ACL_OK(aclprofFinalize());
  ASSERT_ACL_OK(Init());
  ASSERT_ACL_OK(aclprofStart(config));
  jobs.push_back(LastProfDir());
  ASSERT_ACL_OK(aclprofStop(config));
  ASSERT_EQ(ProfDirsUnder(dir_.path()).size(), 3u);
  const char* expected[] = {"000001", "000002", "000003"};
  for (size_t i = 0; i < jobs.size(); ++i) {
    const std::string name = jobs[i].substr(jobs[i].rfind('/') + 1);
    std::smatch m;
    ASSERT_TRUE(std::regex_match(name, m, ProfDirRegex())) << name;
    EXPECT_EQ(m[1].str(), expected[i]);
    EXPECT_EQ(OutputFiles(jobs[i], "op_summary", "csv").size(), 1u);
  }
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

// ------------------------------------------------------------ output files

// Which summary kinds exist in the job's output directory.
std::vector<std::string> Kinds(const std::string& job) {
  std::vector<std::string> kinds;
  const std::pair<const char*, const char*> all[] = {
      {"op_summary", "csv"},    {"op_statistic", "csv"}, {"task_time", "csv"},
      {"api_statistic", "csv"}, {"step_trace", "csv"},   {"msprof_tx", "csv"},
      {"msprof", "json"},       {"timeline", "svg"},     {"step_trace", "json"}};
  for (const auto& [kind, ext] : all) {
    const size_t n = OutputFiles(job, kind, ext).size();
    EXPECT_LE(n, 1u) << kind;
    // The CSV summaries and msprof.json by kind, the other files with their extension.
    const bool by_kind = std::string(ext) == "csv" || std::string(kind) == "msprof";
    if (n == 1) kinds.push_back(by_kind ? std::string(kind) : std::string(kind) + "." + ext);
  }
  return kinds;
}

TEST_F(ProfSession, GivenTaskTimeOnlyWithoutMarkersThenTheFiveBaseFilesAndOneRowPerOp) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(model.Execute());  // before Start: not collected
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(config));
  ASSERT_ACL_OK(model.Execute());  // after Stop: not collected
  const std::string job = LastProfDir();
  EXPECT_THAT(Kinds(job), ::testing::ElementsAre("op_summary", "op_statistic", "task_time", "msprof", "timeline.svg"));
  EXPECT_EQ(ListDir(OutputDir(job)).size(), 6u);  // and README.txt
  const auto readme = ReadLines(OutputDir(job) + "/README.txt");
  ASSERT_EQ(readme.size(), 8u);  // two titled sections, each ending in a blank line: 1 timeline file, 3 summaries
  EXPECT_EQ(readme[0], "Timeline file description:");
  EXPECT_THAT(readme[1], ::testing::StartsWith("1.msprof.json:"));
  EXPECT_EQ(readme[3], "Summary file description:");
  EXPECT_THAT(readme[4], ::testing::StartsWith("1.op_statistic.csv:"));
  auto lines = ReadLines(OneOutputFile(job, "op_summary", "csv"));
  EXPECT_EQ(lines.size(), 1u + 18u);  // header + 2 × 9 ops
  EXPECT_THAT(lines[0], ::testing::StartsWith("Device_id,"));
  auto rows = OpSummaryRowsByDevice(job);
  EXPECT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows["0"], 18u);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenAclApiMsproftxAndStepMarkersThenAllNineFiles) {
  LoadedModel model("sample_mlp.json");
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kAllSummaries);
  ASSERT_ACL_OK(aclprofStart(config));
  for (int i = 0; i < 3; ++i) {
    aclprofStepInfo* step = aclprofCreateStepInfo();
    ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, stream));
    ASSERT_ACL_OK(model.ExecuteAsync(stream));
    ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_END, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    aclprofDestroyStepInfo(step);
  }
  ASSERT_ACL_OK(aclprofStop(config));
  const std::string job = LastProfDir();
  EXPECT_THAT(Kinds(job),
              ::testing::ElementsAre("op_summary", "op_statistic", "task_time", "api_statistic", "step_trace",
                                     "msprof_tx", "msprof", "timeline.svg", "step_trace.json"));
  EXPECT_EQ(ListDir(OutputDir(job)).size(), 10u);  // and README.txt
  EXPECT_EQ(OpSummaryRows(job), 27u);              // markers are not ops
  Csv steps = ReadCsv(OneOutputFile(job, "step_trace", "csv"));
  EXPECT_EQ(steps.rows.size(), 3u);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ProfSession, GivenStepMarkersWithoutAclApiOrMsproftxThenStepTraceButNoApiOrTxFiles) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(aclprofStart(config));
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr));
  ASSERT_ACL_OK(aclprofStop(config));
  aclprofDestroyStepInfo(step);
  EXPECT_THAT(Kinds(LastProfDir()), ::testing::ElementsAre("op_summary", "op_statistic", "task_time", "step_trace",
                                                           "msprof", "timeline.svg", "step_trace.json"));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenAclApiWithoutMsproftxThenApiStatisticButNoTxFile) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(ACL_PROF_ACL_API | ACL_PROF_TASK_TIME);
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(config));
  EXPECT_THAT(Kinds(LastProfDir()), ::testing::ElementsAre("op_summary", "op_statistic", "task_time", "api_statistic",
                                                           "msprof", "timeline.svg"));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenAsyncWorkStillQueuedWhenStopThenNothingIsLost) {
  LoadedModel model("sample_mlp.json");
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclprofStart(config));
  for (int i = 0; i < 5; ++i) ASSERT_ACL_OK(model.ExecuteAsync(stream));
  ASSERT_ACL_OK(aclprofStop(config));  // no synchronisation before it
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  EXPECT_EQ(TraceOps().size(), 45u);
  EXPECT_EQ(OpSummaryRows(LastProfDir()), 45u);
  EXPECT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ProfSession, GivenRunningSessionWhenAclFinalizeThenFilesAreStillWritten) {
  // Reachable from a static (no leak report): its handles die with aclFinalize.
  static LoadedModel* model = nullptr;
  model = new LoadedModel("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kAllSummaries);
  ASSERT_ACL_OK(aclprofStart(config));
  const std::string job = LastProfDir();
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(model->ExecuteAsync(stream));
  ASSERT_ACL_OK(aclprofDestroyConfig(config));
  // No aclprofStop / aclprofFinalize / unload: aclFinalize ends everything.
  ASSERT_ACL_OK(aclFinalize());
  acl_finalized_ = true;
  EXPECT_THAT(Kinds(job), ::testing::ElementsAre("op_summary", "op_statistic", "task_time", "api_statistic",
                                                 "msprof_tx", "msprof", "timeline.svg"));
  EXPECT_EQ(OpSummaryRows(job), 9u);
}

}  // namespace
}  // namespace aclsim_conformance
