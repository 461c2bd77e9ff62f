// examples/train_loop as a user runs it, and its session as msprof's files
// show it: one step_trace row per iteration, every launched op in
// op_summary (model id 4294967295, the single-op id) inside its
// iteration's START..END, in stream order behind the markers.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "prof_session_util.h"

namespace {

using aclsim_conformance::Csv;
using aclsim_conformance::OneOutputFile;
using aclsim_conformance::ProfDirsUnder;
using aclsim_conformance::ReadCsv;

constexpr int kIterations = 4;
constexpr size_t kOpsPerIteration = 17;

// A microsecond cell ("1704067200000210.140", msprof's three decimals, a
// trailing tab allowed) as exact nanoseconds: a double cannot hold an epoch
// time to the nanosecond.
int64_t Ns(const std::string& cell) {
  const size_t dot = cell.find('.');
  int64_t ns = std::stoll(cell.substr(0, dot)) * 1000;
  if (dot == std::string::npos) return ns;
  int64_t scale = 100;
  for (size_t i = dot + 1; i < cell.size() && scale > 0 && cell[i] >= '0' && cell[i] <= '9'; ++i, scale /= 10) {
    ns += (cell[i] - '0') * scale;
  }
  return ns;
}

// Runs the example; its standard output.
std::string RunExample(const std::string& output) {
  const std::string cmd = std::string(ACLSIM_TRAIN_LOOP) + " --iterations " + std::to_string(kIterations) +
                          " --batch 16 --output " + output;
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[512];
  while (p != nullptr && std::fgets(buf, sizeof(buf), p) != nullptr) out += buf;
  EXPECT_EQ(p != nullptr ? pclose(p) : -1, 0) << out;
  return out;
}

TEST(TrainLoop, GivenStepMarkedAclnnLoopThenStepTraceAndOpSummaryPlaceEveryOpInItsIteration) {
  const std::string base = ::testing::TempDir() + "/train_loop_" + std::to_string(getpid());
  const std::string out = RunExample(base);
  EXPECT_NE(out.find("4 iterations, 68 ops launched"), std::string::npos) << out;
  auto dirs = ProfDirsUnder(base);
  ASSERT_EQ(dirs.size(), 1u);
  const std::string job = base + "/" + dirs[0];

  Csv steps = ReadCsv(OneOutputFile(job, "step_trace", "csv"));
  ASSERT_EQ(steps.rows.size(), static_cast<size_t>(kIterations));
  std::vector<int64_t> begin, end;
  for (size_t i = 0; i < steps.rows.size(); ++i) {
    EXPECT_EQ(steps.Cell(i, "Iteration ID"), std::to_string(i + 1));
    end.push_back(Ns(steps.Cell(i, "Iteration End(us)")));
    begin.push_back(end.back() - Ns(steps.Cell(i, "Iteration Time(us)")));
    EXPECT_GT(end.back(), begin.back());
    if (i > 0) {
      EXPECT_GE(begin[i], end[i - 1]);
    }
  }

  Csv ops = ReadCsv(OneOutputFile(job, "op_summary", "csv"));
  ASSERT_EQ(ops.rows.size(), kIterations * kOpsPerIteration);
  int64_t prev_end = 0;
  for (size_t i = 0; i < ops.rows.size(); ++i) {
    const size_t iteration = i / kOpsPerIteration;
    EXPECT_EQ(ops.Cell(i, "Model ID"), "4294967295");
    EXPECT_EQ(ops.Cell(i, "Op Name").rfind("aclnn", 0), 0u) << ops.Cell(i, "Op Name");
    const int64_t start = Ns(ops.Cell(i, "Task Start Time(us)"));
    const int64_t stop = start + Ns(ops.Cell(i, "Task Duration(us)"));
    EXPECT_GE(start, begin[iteration]) << "op " << i;
    EXPECT_LE(stop, end[iteration]) << "op " << i;
    EXPECT_GE(start, prev_end) << "stream order, op " << i;
    prev_end = stop;
  }
  EXPECT_EQ(ops.Cell(0, "Op Name"), "aclnnMm_MatMulCommon_MatMulV2");
  EXPECT_EQ(ops.Cell(0, "Input Shapes"), "16,784;784,512");
  EXPECT_EQ(ops.Cell(kOpsPerIteration - 1, "Op Name"), "aclnnApplyAdamWV2_ApplyAdamWV2AiCore_ApplyAdamWV2");

  // The batch copies are tasks (task_time: no kernel name, MEMCPY_ASYNC),
  // not ops: each starts its iteration, before the first op.
  Csv tasks = ReadCsv(OneOutputFile(job, "task_time", "csv"));
  std::vector<int64_t> copies;
  for (size_t i = 0; i < tasks.rows.size(); ++i) {
    if (tasks.Cell(i, "kernel_type") != "MEMCPY_ASYNC") continue;
    EXPECT_EQ(tasks.Cell(i, "kernel_name"), "N/A");
    copies.push_back(Ns(tasks.Cell(i, "task_start(us)")));
  }
  ASSERT_EQ(copies.size(), static_cast<size_t>(kIterations));
  for (size_t it = 0; it < copies.size(); ++it) {
    EXPECT_GE(copies[it], begin[it]);
    EXPECT_LE(copies[it], Ns(ops.Cell(it * kOpsPerIteration, "Task Start Time(us)")));
  }
}

}  // namespace
