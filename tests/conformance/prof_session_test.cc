// Collection sessions (acl_prof.h, spec §2.0, §2.1, §7.1): the HEAD state
// machine of aclprofInit / Start / Stop / Finalize / Warmup, the argument
// checks of aclprofInit, aclprofCreateConfig, aclprofSetConfig and
// aclprofStart, the PROF_* job directory, and the msprof-format files a
// session leaves in mindstudio_profiler_output/.
#include <unistd.h>

#include <cstring>
#include <ctime>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "prof_session_util.h"

namespace aclsim_conformance {
namespace {

constexpr uint64_t kTaskTimeOnly = ACL_PROF_TASK_TIME;
constexpr uint64_t kAllSummaries = ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_MSPROFTX;

class ProfSession : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    if (acl_finalized_) return;
    (void)aclprofFinalize();
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }

  aclError Init() { return Init(dir_.path()); }
  static aclError Init(const std::string& path) { return aclprofInit(path.c_str(), path.size()); }

  // A config of device 0 (the host pseudo-device is added by the library).
  static aclprofConfig* Config(uint64_t types, aclprofAicoreMetrics metrics = ACL_AICORE_NONE) {
    uint32_t devices[] = {0};
    aclprofConfig* config = aclprofCreateConfig(devices, 1, metrics, nullptr, types);
    EXPECT_NE(config, nullptr) << RecentErrMsg();
    return config;
  }

  TempDir dir_;
  bool acl_finalized_ = false;
};

// Rows of op_summary per Device_id.
std::map<std::string, size_t> OpSummaryRowsByDevice(const std::string& job_dir) {
  std::map<std::string, size_t> rows;
  Csv csv = ReadCsv(OneOutputFile(job_dir, "op_summary", "csv"));
  EXPECT_EQ(csv.Column("Device_id"), 0);
  for (size_t i = 0; i < csv.rows.size(); ++i) ++rows[csv.Cell(i, "Device_id")];
  return rows;
}

size_t OpSummaryRows(const std::string& job_dir) {
  size_t n = 0;
  for (const auto& [device, count] : OpSummaryRowsByDevice(job_dir)) n += count;
  return n;
}

// ------------------------------------------------------------ state machine

TEST_F(ProfSession, GivenNoInitWhenStopOrFinalizeThenSuccessAndNothingHappens) {
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_ACL_OK(aclprofStop(nullptr));
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_EQ(LastProfDir(), "");
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenInitTwiceThenRepeatInitializeUntilFinalize) {
  ASSERT_ACL_OK(Init());
  EXPECT_ACL_ERROR(Init(), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_OK(Init());  // the pair may be repeated
  EXPECT_ACL_OK(aclprofFinalize());
}

TEST_F(ProfSession, GivenBadInitArgumentsThenInvalidParam) {
  EXPECT_ACL_ERROR(aclprofInit(nullptr, 4), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofInit(dir_.c_str(), 0), ACL_ERROR_INVALID_PARAM);
  const std::string too_long(4096, 'a');
  EXPECT_ACL_ERROR(aclprofInit(too_long.c_str(), too_long.size()), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofInit(dir_.c_str(), dir_.path().size() - 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofInit(dir_.c_str(), dir_.path().size() + 1), ACL_ERROR_INVALID_PARAM);
  // None of them initialised anything.
  EXPECT_ACL_OK(Init());
}

TEST_F(ProfSession, GivenForbiddenCharactersInInitPathThenInvalidFile) {
  for (const char* name : {"a|b", "a$b", "a;b", "a`b"}) {
    SCOPED_TRACE(name);
    const std::string path = dir_.Sub(name);
    EXPECT_ACL_ERROR(Init(path), ACL_ERROR_INVALID_FILE);
    EXPECT_FALSE(IsDirectory(path));
  }
  EXPECT_ACL_OK(Init());
}

TEST_F(ProfSession, GivenLongestInitPathThenInitAcceptsAndStartFailsWhenDirectoryCannotBeMade) {
  std::string path = dir_.path() + "/";
  path += std::string(4095 - path.size(), 'd');  // one 4000+-character component
  ASSERT_EQ(path.size(), 4095u);
  ASSERT_ACL_OK(Init(path));  // HEAD defers directory creation to Start
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_ERROR(aclprofStart(config), ACL_ERROR_INVALID_FILE);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenActiveSubscriptionWhenInitThenApiConflict) {
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* sub = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), sub));
  EXPECT_ACL_ERROR(Init(), ACL_ERROR_PROF_API_CONFLICT);
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_ERROR(aclprofStart(config), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_ERROR(aclprofStop(config), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_ERROR(aclprofFinalize(), ACL_ERROR_PROF_API_CONFLICT);
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();
  EXPECT_ACL_OK(Init());  // the last unsubscribe left the mode
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(sub));
}

TEST_F(ProfSession, GivenInitWhenSubscribeThenApiConflict) {
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* sub = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(Init());
  EXPECT_ACL_ERROR(aclprofModelSubscribe(model.id(), sub), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_ERROR(aclprofModelUnSubscribe(model.id()), ACL_ERROR_PROF_API_CONFLICT);
  ASSERT_ACL_OK(aclprofFinalize());
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), sub));
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(sub));
}

TEST_F(ProfSession, GivenNoInitWhenStartThenItInitialisesInTheCurrentDirectory) {
  char cwd[4096] = {};
  ASSERT_NE(getcwd(cwd, sizeof(cwd)), nullptr);
  ASSERT_EQ(chdir(dir_.c_str()), 0);
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_OK(aclprofStart(config));
  const std::string job = LastProfDir();
  EXPECT_EQ(ProfDirsUnder(dir_.path()).size(), 1u);
  EXPECT_EQ(job.substr(0, dir_.path().size() + 1), dir_.path() + "/");
  EXPECT_ACL_ERROR(Init(), ACL_ERROR_REPEAT_INITIALIZE);  // the mode is API_CTRL now
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_FALSE(OutputFiles(job, "op_summary", "csv").empty());
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  ASSERT_EQ(chdir(cwd), 0);
}

TEST_F(ProfSession, GivenRunningSessionWhenStartAgainThenSameDataTypesOkOtherwiseInvalidProfilingConfig) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  aclprofConfig* same = Config(kTaskTimeOnly);
  aclprofConfig* other = Config(kAllSummaries);
  ASSERT_ACL_OK(aclprofStart(config));
  const std::string job = LastProfDir();
  EXPECT_ACL_OK(aclprofStart(config));
  EXPECT_ACL_OK(aclprofStart(same));
  EXPECT_ACL_ERROR(aclprofStart(other), ACL_ERROR_INVALID_PROFILING_CONFIG);
  EXPECT_EQ(LastProfDir(), job);  // no new job directory
  EXPECT_EQ(ProfDirsUnder(dir_.path()).size(), 1u);
  EXPECT_ACL_ERROR(aclprofStop(other), ACL_ERROR_INVALID_PROFILING_CONFIG);
  EXPECT_ACL_OK(aclprofStop(same));    // equal dataTypeConfig is enough
  EXPECT_ACL_OK(aclprofStop(config));  // nothing running any more
  EXPECT_ACL_OK(aclprofFinalize());
  for (auto* c : {config, same, other}) EXPECT_ACL_OK(aclprofDestroyConfig(c));
}

TEST_F(ProfSession, GivenNullConfigThenStartUsesDefaultsAndStopUsesTheRunningConfig) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  ASSERT_ACL_OK(aclprofStart(nullptr));  // HEAD 9.0+: every open device, default switches
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(nullptr));
  const std::string job = LastProfDir();
  EXPECT_TRUE(IsDirectory(job + "/device_0"));
  EXPECT_EQ(OpSummaryRows(job), 9u);
  EXPECT_ACL_OK(aclprofStop(nullptr));  // nothing running any more
}

TEST_F(ProfSession, GivenRunningSessionWhenStopWithNullThenItStopsAndWrites) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(nullptr));
  EXPECT_EQ(OpSummaryRows(LastProfDir()), 9u);
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenRunningSessionWhenProfFinalizeThenItStopsAndWrites) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kAllSummaries);
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofFinalize());
  const std::string job = LastProfDir();
  EXPECT_EQ(OpSummaryRows(job), 9u);
  EXPECT_EQ(OutputFiles(job, "msprof_tx", "csv").size(), 1u);
  EXPECT_ACL_OK(aclprofStop(config));  // not initialised any more
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenRelativeInitPathThenJobDirectoryIsUnderTheAbsoluteForm) {
  char cwd[4096] = {};
  ASSERT_NE(getcwd(cwd, sizeof(cwd)), nullptr);
  ASSERT_EQ(chdir(dir_.c_str()), 0);
  ASSERT_ACL_OK(aclprofInit("rel/out", 7));
  ASSERT_EQ(chdir(cwd), 0);  // the path was made absolute at Init
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(aclprofStart(config));
  EXPECT_EQ(LastProfDir().substr(0, dir_.path().size() + 9), dir_.path() + "/rel/out/");
  EXPECT_EQ(ProfDirsUnder(dir_.Sub("rel/out")).size(), 1u);
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenFinalizeAndInitWithAnotherPathThenNextJobGoesThere) {
  TempDir other;
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(Init());
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(aclprofStop(config));
  ASSERT_ACL_OK(aclprofFinalize());
  ASSERT_ACL_OK(Init(other.path()));
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(aclprofStop(config));
  EXPECT_EQ(ProfDirsUnder(dir_.path()).size(), 1u);
  EXPECT_EQ(ProfDirsUnder(other.path()).size(), 1u);
  EXPECT_EQ(LastProfDir().substr(0, other.path().size() + 1), other.path() + "/");
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

// ------------------------------------------------------ aclprofCreateConfig

TEST_F(ProfSession, GivenBadCreateConfigArgumentsThenNullWithAMessage) {
  uint32_t zero[] = {0};
  uint32_t one[] = {1};
  uint32_t two[] = {0, 0};
  int dummy = 0;
  const auto* events = reinterpret_cast<const aclprofAicoreEvents*>(&dummy);

  EXPECT_EQ(aclprofCreateConfig(nullptr, 1, ACL_AICORE_NONE, nullptr, kTaskTimeOnly), nullptr);
  EXPECT_RECENT_ERR_HAS("aclprofCreateConfig");
  EXPECT_RECENT_ERR_HAS("deviceIdList");
  EXPECT_EQ(aclprofCreateConfig(zero, 1, ACL_AICORE_NONE, events, kTaskTimeOnly), nullptr);
  EXPECT_RECENT_ERR_HAS("aicoreEvents");
  EXPECT_EQ(aclprofCreateConfig(two, 2, ACL_AICORE_NONE, nullptr, kTaskTimeOnly), nullptr);  // 1 device present
  EXPECT_RECENT_ERR_HAS("exceeds");
  std::vector<uint32_t> many(65, 0);
  EXPECT_EQ(aclprofCreateConfig(many.data(), 65, ACL_AICORE_NONE, nullptr, kTaskTimeOnly), nullptr);
  EXPECT_RECENT_ERR_HAS("aclprofCreateConfig");
  EXPECT_EQ(aclprofCreateConfig(one, 1, ACL_AICORE_NONE, nullptr, kTaskTimeOnly), nullptr);
  EXPECT_RECENT_ERR_HAS("device id 1");
  EXPECT_EQ(aclprofCreateConfig(nullptr, 0, ACL_AICORE_NONE, nullptr, kTaskTimeOnly), nullptr);
  EXPECT_RECENT_ERR_HAS("MSPROFTX");
  EXPECT_EQ(aclprofCreateConfig(zero, 0, ACL_AICORE_NONE, nullptr, ACL_PROF_ACL_API), nullptr);

  // Accepted: an empty list with MSPROFTX; metrics and data types are only
  // checked at Start.
  aclprofConfig* tx_only = aclprofCreateConfig(nullptr, 0, ACL_AICORE_NONE, nullptr, ACL_PROF_MSPROFTX);
  EXPECT_NE(tx_only, nullptr) << RecentErrMsg();
  aclprofConfig* odd = aclprofCreateConfig(zero, 1, static_cast<aclprofAicoreMetrics>(9), nullptr, 1ull << 40);
  EXPECT_NE(odd, nullptr) << RecentErrMsg();
  if (tx_only != nullptr) {
    EXPECT_ACL_OK(aclprofDestroyConfig(tx_only));
  }
  if (odd != nullptr) {
    EXPECT_ACL_OK(aclprofDestroyConfig(odd));
  }
  EXPECT_ACL_ERROR(aclprofDestroyConfig(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ProfSession, GivenMsproftxOnlyConfigWithoutDevicesThenSessionCollectsHostOnly) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = aclprofCreateConfig(nullptr, 0, ACL_AICORE_NONE, nullptr, ACL_PROF_MSPROFTX);
  ASSERT_NE(config, nullptr);
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(config));
  const std::string job = LastProfDir();
  EXPECT_TRUE(IsDirectory(job + "/host"));
  EXPECT_FALSE(IsDirectory(job + "/device_0"));
  EXPECT_EQ(OpSummaryRows(job), 0u);
  EXPECT_EQ(OutputFiles(job, "msprof_tx", "csv").size(), 1u);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenUnsupportedDataTypeBitsWhenStartThenModulesUnsupported) {
  ASSERT_ACL_OK(Init());
  for (uint64_t bits : {0x10000ull, 1ull << 40, 0x400ull, 0x2000000ull}) {
    SCOPED_TRACE(bits);
    aclprofConfig* config = Config(ACL_PROF_TASK_TIME | bits);
    EXPECT_ACL_ERROR(aclprofStart(config), ACL_ERROR_PROF_MODULES_UNSUPPORTED);
    EXPECT_ACL_OK(aclprofDestroyConfig(config));
  }
  EXPECT_EQ(LastProfDir(), "");
  // Every documented switch is accepted.
  aclprofConfig* all =
      Config(ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICPU | ACL_PROF_L2CACHE | ACL_PROF_HCCL_TRACE |
             ACL_PROF_TRAINING_TRACE | ACL_PROF_MSPROFTX | ACL_PROF_RUNTIME_API | ACL_PROF_GE_API_L0 |
             ACL_PROF_TASK_TIME_L0 | ACL_PROF_TASK_MEMORY | ACL_PROF_TASK_TIME_L2 | ACL_PROF_OP_ATTR |
             ACL_PROF_TASK_TIME_L3 | ACL_PROF_GE_API_L1 | ACL_PROF_AICORE_SHAPE);
  EXPECT_ACL_OK(aclprofStart(all));
  EXPECT_ACL_OK(aclprofStop(all));
  EXPECT_ACL_OK(aclprofDestroyConfig(all));
}

TEST_F(ProfSession, GivenRunningSessionWhenStopWithUnsupportedBitsThenModulesUnsupported) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  aclprofConfig* bad = Config(kTaskTimeOnly | 0x10000ull);
  ASSERT_ACL_OK(aclprofStart(config));
  EXPECT_ACL_ERROR(aclprofStop(bad), ACL_ERROR_PROF_MODULES_UNSUPPORTED);
  EXPECT_ACL_OK(aclprofStop(config));
  for (auto* c : {config, bad}) EXPECT_ACL_OK(aclprofDestroyConfig(c));
}

// Spec §2.1 (HEAD): Stop returns 0 only when not initialised or, for a NULL
// config, when nothing runs; a given config then gets Start's precheck.
TEST_F(ProfSession, GivenInitWithNothingRunningWhenStopWithUnsupportedBitsThenModulesUnsupported) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* bad = Config(kTaskTimeOnly | 0x10000ull);
  EXPECT_ACL_ERROR(aclprofStop(bad), ACL_ERROR_PROF_MODULES_UNSUPPORTED);
  EXPECT_ACL_OK(aclprofStop(nullptr));
  EXPECT_ACL_OK(aclprofDestroyConfig(bad));
}

TEST_F(ProfSession, GivenAicoreMetricsOutOfRangeWhenStartThenInvalidParam) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* bad = Config(ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS, static_cast<aclprofAicoreMetrics>(9));
  EXPECT_ACL_ERROR(aclprofStart(bad), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(LastProfDir(), "");
  // Without the AICORE_METRICS switch the metric is not looked at.
  aclprofConfig* ignored = Config(ACL_PROF_TASK_TIME, static_cast<aclprofAicoreMetrics>(9));
  EXPECT_ACL_OK(aclprofStart(ignored));
  EXPECT_ACL_OK(aclprofStop(ignored));
  aclprofConfig* good = Config(ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS, ACL_AICORE_MEMORY_ACCESS);
  EXPECT_ACL_OK(aclprofStart(good));
  EXPECT_ACL_OK(aclprofStop(good));
  for (auto* c : {bad, ignored, good}) EXPECT_ACL_OK(aclprofDestroyConfig(c));
}

// ------------------------------------------------------- aclprofSetConfig

aclError SetConfig(aclprofConfigType type, const std::string& value) {
  return aclprofSetConfig(type, value.c_str(), value.size());
}

TEST_F(ProfSession, GivenBadSetConfigArgumentsThenInvalidParam) {
  EXPECT_ACL_ERROR(SetConfig(ACL_PROF_ARGS_MIN, "500MB"), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(SetConfig(ACL_PROF_ARGS_MAX, "500MB"), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(SetConfig(static_cast<aclprofConfigType>(-1), "500MB"), ACL_ERROR_INVALID_PARAM);
  const std::string long_value(257, '1');
  EXPECT_ACL_ERROR(SetConfig(ACL_PROF_STORAGE_LIMIT, long_value), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, nullptr, 5), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, "500MB", 4), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, "500MB", 6), ACL_ERROR_INVALID_PARAM);
  // 256 is still a valid length (the value itself is then judged).
  const std::string path = dir_.path() + "/" + std::string(256 - dir_.path().size() - 1, 'p');
  ASSERT_EQ(path.size(), 256u);
  EXPECT_ACL_OK(SetConfig(ACL_PROF_PATH, path));
}

TEST_F(ProfSession, GivenSetConfigValuesThenEachTypeAppliesItsRule) {
  struct Case {
    aclprofConfigType type;
    const char* value;
    aclError expected;
  };
  const Case cases[] = {
      {ACL_PROF_STORAGE_LIMIT, "500MB", ACL_SUCCESS},
      {ACL_PROF_STORAGE_LIMIT, "200MB", ACL_SUCCESS},
      {ACL_PROF_STORAGE_LIMIT, "4294967295MB", ACL_SUCCESS},
      {ACL_PROF_STORAGE_LIMIT, "100MB", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_STORAGE_LIMIT, "199MB", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_STORAGE_LIMIT, "4294967296MB", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_STORAGE_LIMIT, "500", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_STORAGE_LIMIT, "abc", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_SYS_HARDWARE_MEM_FREQ, "15", ACL_SUCCESS},
      {ACL_PROF_SYS_HARDWARE_MEM_FREQ, "1", ACL_SUCCESS},
      {ACL_PROF_SYS_HARDWARE_MEM_FREQ, "100", ACL_SUCCESS},
      {ACL_PROF_SYS_HARDWARE_MEM_FREQ, "0", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_SYS_HARDWARE_MEM_FREQ, "101", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_SYS_HARDWARE_MEM_FREQ, "x", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_SYS_HARDWARE_MEM_FREQ, "", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_LLC_MODE, "read", ACL_SUCCESS},
      {ACL_PROF_LLC_MODE, "write", ACL_SUCCESS},
      {ACL_PROF_LLC_MODE, "both", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_SYS_IO_FREQ, "100", ACL_SUCCESS},
      {ACL_PROF_SYS_IO_FREQ, "101", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_SYS_INTERCONNECTION_FREQ, "50", ACL_SUCCESS},
      {ACL_PROF_SYS_INTERCONNECTION_FREQ, "51", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_DVPP_FREQ, "1", ACL_SUCCESS},
      {ACL_PROF_DVPP_FREQ, "0", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_HOST_SYS, "cpu,mem", ACL_SUCCESS},
      {ACL_PROF_HOST_SYS, "cpu", ACL_SUCCESS},
      {ACL_PROF_HOST_SYS, "gpu", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_HOST_SYS, "cpu,", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_HOST_SYS_USAGE, "cpu,mem", ACL_SUCCESS},
      {ACL_PROF_HOST_SYS_USAGE, "disk", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_HOST_SYS_USAGE_FREQ, "50", ACL_SUCCESS},
      {ACL_PROF_HOST_SYS_USAGE_FREQ, "51", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_LOW_POWER_FREQ, "100", ACL_SUCCESS},
      {ACL_PROF_LOW_POWER_FREQ, "-1", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_SYS_CPU_FREQ, "50", ACL_SUCCESS},
      {ACL_PROF_SYS_CPU_FREQ, "51", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_PATH, "a|b", ACL_ERROR_INVALID_PROFILING_CONFIG},
      {ACL_PROF_NTS_METRICS, "!!", ACL_ERROR_INVALID_PARAM},
      {ACL_PROF_NTS_METRICS, "a b", ACL_ERROR_INVALID_PARAM},
      {static_cast<aclprofConfigType>(2), "1", ACL_ERROR_INVALID_PROFILING_CONFIG},  // unused value
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::to_string(c.type) + " = \"" + c.value + "\"");
    if (c.expected == ACL_SUCCESS) {
      EXPECT_ACL_OK(SetConfig(c.type, c.value));
    } else {
      EXPECT_ACL_ERROR(SetConfig(c.type, c.value), c.expected);
    }
  }
  // Before and after aclprofInit alike, and repeatedly.
  ASSERT_ACL_OK(Init());
  EXPECT_ACL_OK(SetConfig(ACL_PROF_STORAGE_LIMIT, "500MB"));
  EXPECT_ACL_ERROR(SetConfig(ACL_PROF_STORAGE_LIMIT, "100MB"), ACL_ERROR_INVALID_PROFILING_CONFIG);
}

TEST_F(ProfSession, GivenProfPathSetBeforeStartThenJobDirectoryIsUnderIt) {
  TempDir other;
  const std::string target = other.Sub("nested/out");
  ASSERT_ACL_OK(Init());
  ASSERT_ACL_OK(SetConfig(ACL_PROF_PATH, target));
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(aclprofStart(config));
  const std::string job = LastProfDir();
  EXPECT_EQ(job.substr(0, target.size() + 1), target + "/");
  EXPECT_EQ(ProfDirsUnder(target).size(), 1u);
  EXPECT_TRUE(ProfDirsUnder(dir_.path()).empty());
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_EQ(OutputFiles(job, "op_summary", "csv").size(), 1u);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

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
      {"op_summary", "csv"}, {"op_statistic", "csv"}, {"task_time", "csv"}, {"api_statistic", "csv"},
      {"step_trace", "csv"}, {"msprof_tx", "csv"},    {"msprof", "json"},   {"timeline", "svg"}};
  for (const auto& [kind, ext] : all) {
    const size_t n = OutputFiles(job, kind, ext).size();
    EXPECT_LE(n, 1u) << kind;
    if (n == 1) kinds.push_back(kind);
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
  EXPECT_THAT(Kinds(job), ::testing::ElementsAre("op_summary", "op_statistic", "task_time", "msprof", "timeline"));
  EXPECT_EQ(ListDir(OutputDir(job)).size(), 5u);
  auto lines = ReadLines(OneOutputFile(job, "op_summary", "csv"));
  EXPECT_EQ(lines.size(), 1u + 18u);  // header + 2 × 9 ops
  EXPECT_THAT(lines[0], ::testing::StartsWith("Device_id,"));
  auto rows = OpSummaryRowsByDevice(job);
  EXPECT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows["0"], 18u);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenAclApiMsproftxAndStepMarkersThenAllEightFiles) {
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
  EXPECT_THAT(Kinds(job), ::testing::ElementsAre("op_summary", "op_statistic", "task_time", "api_statistic",
                                                 "step_trace", "msprof_tx", "msprof", "timeline"));
  EXPECT_EQ(ListDir(OutputDir(job)).size(), 8u);
  EXPECT_EQ(OpSummaryRows(job), 27u);  // markers are not ops
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
  EXPECT_THAT(Kinds(LastProfDir()),
              ::testing::ElementsAre("op_summary", "op_statistic", "task_time", "step_trace", "msprof", "timeline"));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenAclApiWithoutMsproftxThenApiStatisticButNoTxFile) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(ACL_PROF_ACL_API | ACL_PROF_TASK_TIME);
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(config));
  EXPECT_THAT(Kinds(LastProfDir()),
              ::testing::ElementsAre("op_summary", "op_statistic", "task_time", "api_statistic", "msprof", "timeline"));
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
                                                 "msprof_tx", "msprof", "timeline"));
  EXPECT_EQ(OpSummaryRows(job), 9u);
}

// ------------------------------------------------------------- two devices

class ProfSessionTwoDevices : public ProfSession {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(config_.c_str()));
    uint32_t count = 0;
    ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
    ASSERT_EQ(count, 2u);
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclprofFinalize();
    (void)aclrtResetDevice(1);
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }

  TempFile config_{AclsimConfig(R"({"device_count": 2})")};
};

TEST_F(ProfSessionTwoDevices, GivenDuplicateDeviceIdsThenCreateConfigReturnsNull) {
  uint32_t dup[] = {1, 1};
  EXPECT_EQ(aclprofCreateConfig(dup, 2, ACL_AICORE_NONE, nullptr, kTaskTimeOnly), nullptr);
  EXPECT_RECENT_ERR_HAS("repeated");
  uint32_t three[] = {0, 1, 2};
  EXPECT_EQ(aclprofCreateConfig(three, 3, ACL_AICORE_NONE, nullptr, kTaskTimeOnly), nullptr);
  EXPECT_RECENT_ERR_HAS("aclprofCreateConfig");
  uint32_t both[] = {1, 0};
  aclprofConfig* config = aclprofCreateConfig(both, 2, ACL_AICORE_NONE, nullptr, kTaskTimeOnly);
  ASSERT_NE(config, nullptr) << RecentErrMsg();
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSessionTwoDevices, GivenDeviceInConfigOpenedAfterStartThenItJoinsTheCollection) {
  LoadedModel on0("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  uint32_t devices[] = {0, 1};
  aclprofConfig* config = aclprofCreateConfig(devices, 2, ACL_AICORE_NONE, nullptr, kTaskTimeOnly);
  ASSERT_NE(config, nullptr) << RecentErrMsg();
  ASSERT_ACL_OK(aclprofStart(config));
  const std::string job = LastProfDir();
  EXPECT_TRUE(IsDirectory(job + "/device_0"));
  EXPECT_FALSE(IsDirectory(job + "/device_1"));  // not opened yet
  ASSERT_ACL_OK(on0.Execute());
  ASSERT_ACL_OK(aclrtSetDevice(1));
  EXPECT_TRUE(IsDirectory(job + "/device_1"));
  {
    LoadedModel on1("two_branch.json");
    ASSERT_ACL_OK(on1.Execute());
    ASSERT_ACL_OK(on1.Execute());
  }
  ASSERT_ACL_OK(aclprofStop(config));
  auto rows = OpSummaryRowsByDevice(job);
  EXPECT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows["0"], 9u);
  EXPECT_EQ(rows["1"], 12u);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSessionTwoDevices, GivenDeviceNotInConfigThenItsOpsAreNotCollected) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);  // device 0 only
  ASSERT_ACL_OK(aclprofStart(config));
  const std::string job = LastProfDir();
  LoadedModel on0("sample_mlp.json");
  ASSERT_ACL_OK(on0.Execute());
  ASSERT_ACL_OK(aclrtSetDevice(1));
  {
    LoadedModel on1("two_branch.json");
    ASSERT_ACL_OK(on1.Execute());
  }
  ASSERT_ACL_OK(aclprofStop(config));
  EXPECT_FALSE(IsDirectory(job + "/device_1"));
  auto rows = OpSummaryRowsByDevice(job);
  EXPECT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows["0"], 9u);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

// ------------------------------------------------------------------ warmup

TEST_F(ProfSession, GivenWarmupThenNullIsInvalidBeforeInitNotRunAfterStartConflict) {
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_ERROR(aclprofWarmup(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofWarmup(config), ACL_ERROR_PROF_NOT_RUN);
  ASSERT_ACL_OK(Init());
  EXPECT_ACL_ERROR(aclprofWarmup(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclprofWarmup(config));
  EXPECT_ACL_OK(aclprofStart(config));
  EXPECT_ACL_ERROR(aclprofWarmup(config), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_EQ(OutputFiles(LastProfDir(), "op_summary", "csv").size(), 1u);
  EXPECT_ACL_OK(aclprofWarmup(config));  // stopped: may warm up again
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_ERROR(aclprofWarmup(config), ACL_ERROR_PROF_NOT_RUN);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenWarmupWithUnsupportedBitsThenModulesUnsupported) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(ACL_PROF_TASK_TIME | 0x10000ull);
  EXPECT_ACL_ERROR(aclprofWarmup(config), ACL_ERROR_PROF_MODULES_UNSUPPORTED);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

// ------------------------------------------------------ toolchain extras

TEST_F(ProfSession, GivenGetSupportedFeaturesThenBadPointersAreInvalidParam) {
  for (auto* get : {&aclprofGetSupportedFeatures, &aclprofGetSupportedFeaturesV2}) {
    size_t size = 0;
    void* data = nullptr;
    int placeholder = 0;
    void* not_null = &placeholder;
    EXPECT_ACL_ERROR(get(nullptr, &data), ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_ERROR(get(&size, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_ERROR(get(&size, &not_null), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(not_null, &placeholder);
  }
}

TEST_F(ProfSession, GivenGetSupportedFeaturesThenTwoRecordsOf272BytesNamedAttrAndAicoreShape) {
  for (auto* get : {&aclprofGetSupportedFeatures, &aclprofGetSupportedFeaturesV2}) {
    size_t size = 0;
    void* data = nullptr;
    ASSERT_EQ(get(&size, &data), ACL_SUCCESS) << RecentErrMsg();
    ASSERT_EQ(size, 2u);
    ASSERT_NE(data, nullptr);
    const char* bytes = static_cast<const char*>(data);
    EXPECT_STREQ(bytes + 8, "ATTR");
    EXPECT_STREQ(bytes + 272 + 8, "AICORE_SHAPE");
    // Embedded FeatureInfo: vptr at 72, compatibility at 80, version at 96,
    // affected component at 112, its version at 128.
    EXPECT_STREQ(bytes + 80, "1");
    EXPECT_STREQ(bytes + 96, "2");
    EXPECT_STREQ(bytes + 112, "all");
    EXPECT_STREQ(bytes + 128, "all");
    EXPECT_STREQ(bytes + 272 + 96, "1");
  }
}

TEST_F(ProfSession, GivenRegisterDeviceCallbackThenSuccess) { EXPECT_EQ(aclprofRegisterDeviceCallback(), 0); }

}  // namespace
}  // namespace aclsim_conformance
