// Command-mode profiling (spec §2.0 CMD): the "profiler" section of the
// aclInit file, or PROFILER_SAMPLECONFIG (which wins), collects from the
// first device open to aclFinalize into a PROF_* job under its output;
// meanwhile the aclprof session and subscription calls fail with
// ACL_ERROR_PROF_ALREADY_RUN. A section with an unknown key or a bad value
// fails aclInit with 100000, whatever its "switch" says.
#include <stdlib.h>

#include <fstream>
#include <string>

#include "mstx/ms_tools_ext.h"
#include "prof_session_util.h"

namespace aclsim_conformance {
namespace {

class ProfCommandMode : public ::testing::Test {
 protected:
  void TearDown() override {
    (void)aclFinalize();
    unsetenv("PROFILER_SAMPLECONFIG");
  }
  // An aclInit file holding |profiler| as its "profiler" section.
  std::string InitFile(const std::string& profiler) {
    const std::string path = dir_.path() + "/acl.json";
    std::ofstream(path) << "{\"profiler\": " << profiler << "}";
    return path;
  }
  std::string Out() const { return dir_.path() + "/out"; }

  TempDir dir_;
};

// One model execution and an mstx mark on device 0, then aclFinalize.
void RunWork() {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  {
    LoadedModel model("sample_mlp.json");
    aclrtStream stream = nullptr;
    ASSERT_ACL_OK(aclrtCreateStream(&stream));
    mstxMarkA("in command mode", stream);
    ASSERT_ACL_OK(model.ExecuteAsync(stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    ASSERT_ACL_OK(aclrtDestroyStream(stream));
  }
  ASSERT_ACL_OK(aclrtResetDevice(0));
  ASSERT_ACL_OK(aclFinalize());
}

TEST_F(ProfCommandMode, GivenAclJsonProfilerOnThenAJobIsWrittenAtFinalizeAndTheApiIsRefused) {
  ASSERT_ACL_OK(aclInit(InitFile("{\"switch\": \"on\", \"output\": \"" + Out() +
                                 "\", \"msproftx\": \"on\", \"aic_metrics\": \"PipeUtilization\"}")
                            .c_str()));
  EXPECT_ACL_ERROR(aclprofInit(dir_.c_str(), dir_.path().size()), ACL_ERROR_PROF_ALREADY_RUN);
  EXPECT_RECENT_ERR_HAS("command line");
  uint32_t devices[] = {0};
  aclprofConfig* config = aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
  ASSERT_NE(config, nullptr);
  EXPECT_ACL_ERROR(aclprofStart(config), ACL_ERROR_PROF_ALREADY_RUN);
  EXPECT_ACL_ERROR(aclprofStop(config), ACL_ERROR_PROF_ALREADY_RUN);
  EXPECT_ACL_ERROR(aclprofFinalize(), ACL_ERROR_PROF_ALREADY_RUN);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  RunWork();

  const auto jobs = ProfDirsUnder(Out());
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].rfind("PROF_000001_", 0), 0u) << jobs[0];  // no Start before it in this process
  const std::string job = Out() + "/" + jobs[0];
  const Csv ops = ReadCsv(OneOutputFile(job, "op_summary", "csv"));
  EXPECT_EQ(ops.rows.size(), 9u);  // sample_mlp's ops
  const Csv tx = ReadCsv(OneOutputFile(job, "msprof_tx", "csv"));
  ASSERT_EQ(tx.rows.size(), 1u);
  EXPECT_EQ(tx.Cell(0, "message"), "in command mode");
  EXPECT_TRUE(IsDirectory(job + "/device_0"));
  // ascendcl is on by default in command mode.
  EXPECT_FALSE(OutputFiles(job, "api_statistic", "csv").empty());
}

TEST_F(ProfCommandMode, GivenSwitchOffThenNothingIsCollectedAndTheApiWorks) {
  ASSERT_ACL_OK(aclInit(InitFile("{\"switch\": \"off\", \"output\": \"" + Out() + "\"}").c_str()));
  EXPECT_ACL_OK(aclprofInit(dir_.c_str(), dir_.path().size()));
  EXPECT_ACL_OK(aclprofFinalize());
  RunWork();
  EXPECT_TRUE(ProfDirsUnder(Out()).empty());
}

TEST_F(ProfCommandMode, GivenAnUnknownKeyOrABadValueThenAclInitFailsWithInvalidParamEvenWhenOff) {
  const std::string bad[] = {
      "{\"switch\": \"off\", \"bogus\": \"on\"}",                 // unknown key, checked before the switch
      "{\"switch\": \"on\", \"ascendcl\": \"yes\"}",              // on/off only
      "{\"switch\": \"On\"}",                                     // case-sensitive
      "{\"switch\": \"on\", \"task_time\": \"l5\"}",              // not a level
      "{\"switch\": \"on\", \"sys_hardware_mem_freq\": \"50\"}",  // a frequency is an integer
      "{\"switch\": \"on\", \"sys_hardware_mem_freq\": 101}",     // 1..100
      "{\"switch\": \"on\", \"aic_metrics\": \"Cycles\"}",        // not a metric group
      "[1, 2]",                                                   // not an object
  };
  for (const std::string& section : bad) {
    SCOPED_TRACE(section);
    EXPECT_ACL_ERROR(aclInit(InitFile(section).c_str()), ACL_ERROR_INVALID_PARAM);
    EXPECT_RECENT_ERR_HAS("profiler");
  }
  // Every key CANN documents, valid: accepted.
  ASSERT_ACL_OK(aclInit(InitFile("{\"switch\": \"off\", \"output\": \"/tmp\", \"storage_limit\": \"500MB\", "
                                 "\"ascendcl\": \"on\", \"runtime_api\": \"off\", \"task_time\": \"l1\", "
                                 "\"ge_api\": \"l0\", \"task_memory\": \"on\", \"aicpu\": \"on\", \"hccl\": \"off\", "
                                 "\"l2\": \"off\", \"msproftx\": \"on\", \"aic_metrics\": \"Memory\", "
                                 "\"sys_hardware_mem_freq\": 50, \"sys_io_sampling_freq\": 100, "
                                 "\"sys_interconnection_freq\": 50, \"dvpp_freq\": 50, \"host_sys\": \"cpu,mem\", "
                                 "\"host_sys_usage\": \"cpu\", \"host_sys_usage_freq\": 10}")
                            .c_str()));
}

TEST_F(ProfCommandMode, GivenProfilerSampleConfigThenItCollectsAndWinsOverTheFile) {
  ASSERT_EQ(
      setenv(
          "PROFILER_SAMPLECONFIG",
          ("{\"result_dir\": \"" + Out() + "\", \"acl\": \"off\", \"taskTime\": \"on\", \"msproftx\": \"on\"}").c_str(),
          1),
      0);
  ASSERT_ACL_OK(aclInit(InitFile("{\"switch\": \"off\"}").c_str()));
  EXPECT_ACL_ERROR(aclprofInit(dir_.c_str(), dir_.path().size()), ACL_ERROR_PROF_ALREADY_RUN);
  RunWork();
  const auto jobs = ProfDirsUnder(Out());
  ASSERT_EQ(jobs.size(), 1u);
  const std::string job = Out() + "/" + jobs[0];
  EXPECT_EQ(ReadCsv(OneOutputFile(job, "op_summary", "csv")).rows.size(), 9u);
  EXPECT_TRUE(OutputFiles(job, "api_statistic", "csv").empty());  // "acl": "off"
}

TEST_F(ProfCommandMode, GivenABadProfilerSampleConfigThenAclInitFailsWithInvalidParam) {
  ASSERT_EQ(setenv("PROFILER_SAMPLECONFIG", "{\"taskTime\": \"sometimes\"}", 1), 0);
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("PROFILER_SAMPLECONFIG");
}

}  // namespace
}  // namespace aclsim_conformance
