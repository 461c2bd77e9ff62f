// The official profiling sample flow end to end: the built example
// profile_model (Init, CreateConfig, SetConfig, Start, step markers, stamps,
// Stop, Finalize) run as a separate process on models/sample_mlp.json, in its
// default and --all-switches modes, into a temporary --output directory.
#include <sys/wait.h>

#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include "prof_session_util.h"

namespace aclsim_conformance {
namespace {

struct RunResult {
  int exit_code = -1;
  std::string output;
};

// Runs |command| through the shell, capturing stdout and stderr.
RunResult RunCommand(const std::string& command) {
  RunResult result;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) {
    ADD_FAILURE() << "popen failed: " << command;
    return result;
  }
  char buf[4096];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof(buf), pipe)) > 0) result.output.append(buf, n);
  const int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// |tx_timeline|: the flow records msproftx events, so msprof_tx_*.json is written too.
void RunSample(const std::vector<std::string>& extra_args, bool tx_timeline) {
#ifndef ACLSIM_PROFILE_MODEL_BIN
  (void)extra_args;
  (void)tx_timeline;
  GTEST_SKIP() << "examples are not built (ACLSIM_BUILD_EXAMPLES=OFF)";
#else
  TempDir out;
  const std::string output = out.Sub("prof out");  // a space, quoted below; created by the sample
  std::string command = std::string("'") + ACLSIM_PROFILE_MODEL_BIN + "' '" + ModelPath("sample_mlp.json") +
                        "' --iterations 3 --output '" + output + "'";
  for (const auto& a : extra_args) command += " " + a;
  RunResult run = RunCommand(command);
  ASSERT_EQ(run.exit_code, 0) << command << "\n" << run.output;

  auto dirs = ProfDirsUnder(output);
  ASSERT_EQ(dirs.size(), 1u) << run.output;
  EXPECT_TRUE(std::regex_match(dirs[0], ProfDirRegex())) << dirs[0];
  const std::string job = output + "/" + dirs[0];
  EXPECT_NE(run.output.find(job), std::string::npos) << run.output;  // it says where
  EXPECT_TRUE(IsDirectory(job + "/host"));
  EXPECT_TRUE(IsDirectory(job + "/device_0"));

  std::vector<std::pair<const char*, const char*> > expected = {
      {"op_summary", "csv"}, {"op_statistic", "csv"}, {"task_time", "csv"}, {"api_statistic", "csv"},
      {"step_trace", "csv"}, {"msprof_tx", "csv"},    {"msprof", "json"},   {"timeline", "svg"}};
  if (tx_timeline) expected.emplace_back("msprof_tx", "json");
  expected.emplace_back("step_trace", "json");
  for (const auto& [kind, ext] : expected) {
    SCOPED_TRACE(kind);
    const std::string file = OneOutputFile(job, kind, ext);
    if (file.empty()) continue;
    const std::string name = file.substr(file.rfind('/') + 1);
    EXPECT_NE(run.output.find(name), std::string::npos) << "the sample lists " << name;
  }
  EXPECT_EQ(ListDir(OutputDir(job)).size(), expected.size() + 1);  // and README.txt
  // 3 iterations of the 9-op model, one step_trace row per iteration.
  Csv ops = ReadCsv(OneOutputFile(job, "op_summary", "csv"));
  EXPECT_EQ(ops.rows.size(), 27u);
  Csv steps = ReadCsv(OneOutputFile(job, "step_trace", "csv"));
  EXPECT_EQ(steps.rows.size(), 3u);
#endif
}

TEST(ProfSample, GivenDefaultSampleFlowThenExitZeroAndAllSummaries) { RunSample({}, /*tx_timeline=*/true); }

TEST(ProfSample, GivenAllSwitchesSampleFlowThenExitZeroAndAllSummaries) {
  RunSample({"--all-switches"}, /*tx_timeline=*/false);
}

TEST(ProfSample, GivenDefaultSampleFlowThenTxRowsComeFromItsStamps) {
#ifndef ACLSIM_PROFILE_MODEL_BIN
  GTEST_SKIP() << "examples are not built (ACLSIM_BUILD_EXAMPLES=OFF)";
#else
  TempDir out;
  RunResult run = RunCommand(std::string("'") + ACLSIM_PROFILE_MODEL_BIN + "' '" + ModelPath("sample_mlp.json") +
                             "' --iterations 2 --output '" + out.path() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  auto dirs = ProfDirsUnder(out.path());
  ASSERT_EQ(dirs.size(), 1u);
  Csv tx = ReadCsv(OneOutputFile(out.path() + "/" + dirs[0], "msprof_tx", "csv"));
  // Per iteration: Mark, two Pops, MarkEx, RangeStop.
  ASSERT_EQ(tx.rows.size(), 10u);
  size_t marker_ex = 0;
  for (size_t i = 0; i < tx.rows.size(); ++i) {
    if (tx.Cell(i, "event_type") != "marker_ex") continue;
    ++marker_ex;
    EXPECT_EQ(tx.Cell(i, "message"), "after execute");
    EXPECT_EQ(tx.Cell(i, "Device_id"), "0");
    EXPECT_NE(tx.Cell(i, "Device Start_time(us)"), "N/A");
  }
  EXPECT_EQ(marker_ex, 2u);
#endif
}

TEST(ProfSample, GivenBadArgumentsThenUsageAndExitTwo) {
#ifndef ACLSIM_PROFILE_MODEL_BIN
  GTEST_SKIP() << "examples are not built (ACLSIM_BUILD_EXAMPLES=OFF)";
#else
  RunResult run = RunCommand(std::string("'") + ACLSIM_PROFILE_MODEL_BIN + "'");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("usage"), std::string::npos) << run.output;
#endif
}

}  // namespace
}  // namespace aclsim_conformance
