// Collection-session configuration (acl_prof.h, spec §2.0, §2.1): the
// argument checks of aclprofCreateConfig, aclprofSetConfig and aclprofStart,
// and the toolchain queries (supported features, device callback).
#include <string>
#include <vector>

#include "prof_session_fixture.h"

namespace aclsim_conformance {
namespace {

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

// The spec (§3) documents a second destroy as a double free in CANN;
// aclsim refuses it.
TEST_F(ProfSession, GivenDestroyedConfigWhenDestroyedAgainThenInvalidParam) {
  uint32_t zero[] = {0};
  aclprofConfig* config = aclprofCreateConfig(zero, 1, ACL_AICORE_NONE, nullptr, kTaskTimeOnly);
  ASSERT_NE(config, nullptr) << RecentErrMsg();
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  EXPECT_ACL_ERROR(aclprofDestroyConfig(config), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclprofDestroyConfig");
  EXPECT_RECENT_ERR_HAS("already destroyed");
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
    EXPECT_STREQ(bytes + 144, "It not support feature: ATTR!");  // infoLog
    EXPECT_STREQ(bytes + 272 + 96, "1");
    EXPECT_STREQ(bytes + 272 + 144, "It not support feature: AICORE_SHAPE!");
    // No field of either record is empty (MindSpore's FormatFeatureList throws on one).
    for (size_t r = 0; r < size; ++r) {
      for (size_t offset : {8, 80, 96, 112, 128, 144}) EXPECT_NE(bytes[r * 272 + offset], '\0') << r << " " << offset;
    }
  }
}

TEST_F(ProfSession, GivenRegisterDeviceCallbackThenSuccess) { EXPECT_EQ(aclprofRegisterDeviceCallback(), 0); }

}  // namespace
}  // namespace aclsim_conformance
