// Configuration: the aclInit(configPath) JSON file and the ACLSIM_CONFIG
// environment variable, with the "aclsim" section (backend, device_count,
// device_profile, device_profile_path, clock, seed, jitter, log_level).
#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclsimConfig;
using aclsim_conformance::RecentErrMsg;
using aclsim_conformance::TempFile;

// ------------------------------------------------------------- valid files

TEST(ConfConfig, GivenDeviceCountWhenInitThenThatManyDevices) {
  TempFile config(AclsimConfig(R"({"device_count": 3})"));
  const aclError ret = aclInit(config.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
  ASSERT_ACL_OK(ret);
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 3u);
  EXPECT_ACL_OK(aclrtSetDevice(2));
  EXPECT_ACL_ERROR(aclrtSetDevice(3), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_OK(aclrtResetDevice(2));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfConfig, GivenEveryKeyWithValidValuesWhenInitThenSuccess) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
  TempFile config(AclsimConfig(R"({"backend": "sim", "device_count": 64, "device_profile": "Ascend910B2",
      "device_profile_path": "", "clock": "virtual", "seed": 18446744073709551615, "jitter": 0.5,
      "log_level": "none"})"));
  ASSERT_ACL_OK(aclInit(config.c_str()));
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 64u);
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfConfig, GivenEachLogLevelWhenInitThenSuccess) {
  for (const char* level : {"debug", "info", "warning", "error", "none"}) {
    TempFile config(AclsimConfig(std::string(R"({"log_level": ")") + level + "\"}"));
    EXPECT_ACL_OK(aclInit(config.c_str())) << level;
    EXPECT_ACL_OK(aclFinalize());
  }
}

// ASCEND_GLOBAL_LOG_LEVEL is range-checked on its full value: 2^32 must not
// narrow to 0 (debug); anything but an integer 0…4 is ignored.
TEST(ConfConfig, GivenLogLevelEnvAboveIntRangeWhenInitThenIgnoredNotTruncated) {
  const std::string model = R"({"schema": "aclsim.graph.v1", "name": "m",
      "inputs": [{"name": "x", "dtype": "float16", "shape": [2]}],
      "ops": [{"name": "a", "type": "Relu", "inputs": ["x"], "outputs": [{"name": "y", "dtype": "float16", "shape": [2]}]}],
      "outputs": ["y"]})";
  // Whether the info line of a model load is logged under |level| (to
  // stdout: ASCEND_LOG_PRINT_TO_STDOUT, read at the process's first line).
  EXPECT_EQ(::setenv("ASCEND_LOG_PRINT_TO_STDOUT", "1", 1), 0);
  auto info_logged = [&](const char* level) {
    EXPECT_EQ(::setenv("ASCEND_GLOBAL_LOG_LEVEL", level, 1), 0);
    EXPECT_ACL_OK(aclInit(nullptr));
    EXPECT_ACL_OK(aclrtSetDevice(0));
    uint32_t id = 0;
    ::testing::internal::CaptureStdout();
    EXPECT_ACL_OK(aclsim_conformance::LoadFromString(model, &id));
    const std::string err = ::testing::internal::GetCapturedStdout();
    EXPECT_ACL_OK(aclmdlUnload(id));
    EXPECT_ACL_OK(aclrtResetDevice(0));
    EXPECT_ACL_OK(aclFinalize());
    return err.find("loaded model") != std::string::npos;
  };
  EXPECT_TRUE(info_logged("1"));  // info: the channel works
  EXPECT_FALSE(info_logged("4294967296"));
  EXPECT_FALSE(info_logged("1x"));
  ::unsetenv("ASCEND_GLOBAL_LOG_LEVEL");
}

TEST(ConfConfig, GivenProfileAscend310P3WhenQueriedThenItsSocNameAndMemorySize) {
  TempFile config(AclsimConfig(R"({"device_profile": "Ascend310P3"})"));
  const aclError ret = aclInit(config.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
  ASSERT_ACL_OK(ret);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  const char* soc = aclrtGetSocName();
  ASSERT_NE(soc, nullptr) << RecentErrMsg();
  EXPECT_STREQ(soc, "Ascend310P3");
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMalloc(&p, 24000000001ull, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_RECENT_ERR_HAS("24000000000");
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfConfig, GivenProfileFileWhenInitThenItsSocNameAndPerDeviceMemoryApply) {
  TempFile profile(R"({"schema": "aclsim.device_profile.v1", "name": "Tiny", "soc_name": "TinySoc",
      "memory_bytes": 1048576, "ai_core_count": 2, "vector_core_count": 2, "aicpu_count": 1,
      "memory_bandwidth_bytes_per_s": 1e11,
      "launch_overhead_ns": {"AI_CORE": 1000, "AI_VECTOR": 1000, "AI_CPU": 1000},
      "peak_flops_per_s": {"AI_CORE": {"float16": 1e12}, "AI_VECTOR": {"float16": 1e11},
                           "AI_CPU": {"float32": 1e9}}})");
  TempFile config(
      AclsimConfig(std::string(R"({"device_count": 2, "device_profile_path": ")") + profile.path() + "\"}"));
  const aclError ret = aclInit(config.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
  ASSERT_ACL_OK(ret);
  ASSERT_ACL_OK(aclrtSetDevice(1));
  const char* soc = aclrtGetSocName();
  ASSERT_NE(soc, nullptr) << RecentErrMsg();
  EXPECT_STREQ(soc, "TinySoc");
  // 1 MiB per device, counted per device.
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&a, 600 * 1024, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_ERROR(aclrtMalloc(&b, 600 * 1024, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_RECENT_ERR_HAS("device 1");
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtMalloc(&b, 600 * 1024, ACL_MEM_MALLOC_HUGE_FIRST));
  // Freed memory can be allocated again.
  EXPECT_ACL_OK(aclrtFree(a));
  ASSERT_ACL_OK(aclrtSetDevice(1));
  EXPECT_ACL_OK(aclrtMalloc(&a, 600 * 1024, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_OK(aclrtFree(a));
  EXPECT_ACL_OK(aclrtFree(b));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfConfig, GivenCannKeysWithoutAclsimSectionWhenInitThenIgnored) {
  TempFile config(R"({"dump": {"dump_list": []}, "some_cann_option": 1})");
  ASSERT_ACL_OK(aclInit(config.c_str()));
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 1u);
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfConfig, GivenEmptyOrWhitespaceFileWhenInitThenDefaults) {
  for (const char* text : {"", "  \n\t "}) {
    TempFile config(text);
    EXPECT_ACL_OK(aclInit(config.c_str()));
    uint32_t count = 0;
    EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
    EXPECT_EQ(count, 1u);
    EXPECT_ACL_OK(aclFinalize());
  }
}

TEST(ConfConfig, GivenEmptyAclsimSectionWhenInitThenDefaults) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");  // the default backend applies
  TempFile config(AclsimConfig("{}"));
  ASSERT_ACL_OK(aclInit(config.c_str()));
  EXPECT_STREQ(aclsimGetBackendName(), "sim");
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfConfig, GivenNullBackendWhenQueriedThenNoDevices) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");
  TempFile config(AclsimConfig(R"({"backend": "null"})"));
  ASSERT_ACL_OK(aclInit(config.c_str()));
  EXPECT_STREQ(aclsimGetBackendName(), "null");
  uint32_t count = 99;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 0u);
  EXPECT_ACL_ERROR(aclrtSetDevice(0), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtGetSocName(), nullptr);
  EXPECT_ACL_OK(aclFinalize());
}

// ---------------------------------------------------------- invalid values

struct BadConfig {
  const char* name;
  const char* section;       // the value of "aclsim"
  const char* message_part;  // the recent message names the offending key
  // A feature the case needs beyond the device options (which a backend
  // without them refuses with ACL_ERROR_API_NOT_SUPPORT), or NULL.
  const char* feature = nullptr;
};

void PrintTo(const BadConfig& c, std::ostream* os) { *os << c.name; }

class ConfConfigBadValue : public ::testing::TestWithParam<BadConfig> {};

TEST_P(ConfConfigBadValue, GivenBadValueWhenInitThenFileAttrInvalidAndInitCanBeRetried) {
  const BadConfig& c = GetParam();
  if (c.feature != nullptr) ACLSIM_REQUIRE_BACKEND_FEATURE(c.feature);
  TempFile config(AclsimConfig(c.section));
  const aclError ret = aclInit(config.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
  EXPECT_ACL_ERROR(ret, ACL_ERROR_FILE_ATTR_INVALID) << c.section;
  EXPECT_EQ(ACL_ERROR_FILE_ATTR_INVALID, 100008);
  EXPECT_RECENT_ERR_HAS(c.message_part);
  EXPECT_RECENT_ERR_HAS(config.path());  // the message names the file
  // The failed aclInit did not initialise anything.
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromMem("{}", 2, &id), ACL_ERROR_GE_EXEC_NOT_INIT);
  EXPECT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclFinalize());
}

INSTANTIATE_TEST_SUITE_P(
    Conf, ConfConfigBadValue,
    ::testing::Values(
        BadConfig{"device_count_zero", R"({"device_count": 0})", "device_count"},
        BadConfig{"device_count_above_64", R"({"device_count": 65})", "device_count"},
        BadConfig{"device_count_negative", R"({"device_count": -1})", "device_count"},
        BadConfig{"device_count_string", R"({"device_count": "2"})", "device_count"},
        BadConfig{"device_count_fraction", R"({"device_count": 1.5})", "device_count"},
        BadConfig{"clock_unknown", R"({"clock": "fast"})", "clock"},
        BadConfig{"clock_number", R"({"clock": 1})", "clock"},
        BadConfig{"jitter_above_half", R"({"jitter": 0.6})", "jitter"},
        BadConfig{"jitter_negative", R"({"jitter": -0.1})", "jitter"},
        BadConfig{"jitter_string", R"({"jitter": "0.1"})", "jitter"},
        BadConfig{"seed_negative", R"({"seed": -1})", "seed"}, BadConfig{"seed_string", R"({"seed": "7"})", "seed"},
        BadConfig{"seed_fraction", R"({"seed": 1.5})", "seed"},
        BadConfig{"log_level_unknown", R"({"log_level": "loud"})", "log_level"},
        BadConfig{"log_level_number", R"({"log_level": 3})", "log_level"},
        BadConfig{"backend_empty", R"({"backend": ""})", "backend"},
        BadConfig{"backend_number", R"({"backend": 5})", "backend"},
        BadConfig{"device_profile_empty", R"({"device_profile": ""})", "device_profile"},
        BadConfig{"device_profile_path_number", R"({"device_profile_path": 5})", "device_profile_path"},
        BadConfig{"unknown_key", R"({"devices": 2})", "aclsim.devices"},
        BadConfig{"section_not_object", R"([1, 2])", "aclsim"}, BadConfig{"section_string", R"("sim")", "aclsim"},
        // Well-typed values naming something that does not exist (a backend
        // the environment chose reports these as its own errors).
        BadConfig{"backend_unknown", R"({"backend": "nope"})", "nope", "backend_selection"},
        BadConfig{"device_profile_unknown", R"({"device_profile": "Ascend999"})", "Ascend999", "backend_selection"},
        BadConfig{"device_profile_path_missing", R"({"device_profile_path": "/nonexistent/profile.json"})",
                  "/nonexistent/profile.json", "backend_selection"},
        // A device, not a regular file: refused before any read (no endless read).
        BadConfig{"device_profile_path_dev_zero", R"({"device_profile_path": "/dev/zero"})", "not a regular file",
                  "backend_selection"}),
    [](const ::testing::TestParamInfo<BadConfig>& p) { return std::string(p.param.name); });

// ---------------------------------------------------------- invalid files

TEST(ConfConfig, GivenNotJsonWhenInitThenParseFile) {
  for (const char* text : {"device_count = 2", "{\"aclsim\": {\"device_count\": 2}", "[1, 2, 3]", "42"}) {
    TempFile config(text);
    EXPECT_ACL_ERROR(aclInit(config.c_str()), ACL_ERROR_PARSE_FILE) << text;
    EXPECT_EQ(ACL_ERROR_PARSE_FILE, 100006);
    EXPECT_RECENT_ERR_HAS("JSON");
  }
  EXPECT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfConfig, GivenMissingFileWhenInitThenInvalidFile) {
  EXPECT_ACL_ERROR(aclInit("/nonexistent/acl.json"), ACL_ERROR_INVALID_FILE);
  EXPECT_EQ(ACL_ERROR_INVALID_FILE, 100003);
  EXPECT_RECENT_ERR_HAS("/nonexistent/acl.json");
  EXPECT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclFinalize());
}

// Only regular files are read (runtime/read_file.h): a device would be read
// forever and a FIFO with no writer would block the open.
TEST(ConfConfig, GivenDeviceOrFifoWhenInitThenInvalidFileAndTheCallReturns) {
  aclsim_conformance::TempFifo fifo;
  for (const char* path : {"/dev/zero", fifo.c_str(), "/tmp"}) {
    SCOPED_TRACE(path);
    EXPECT_ACL_ERROR(aclInit(path), ACL_ERROR_INVALID_FILE);
    EXPECT_RECENT_ERR_HAS(path);
    EXPECT_RECENT_ERR_HAS("not a regular file");
  }
  EXPECT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclFinalize());
}

// Configuration files are capped at 16 MiB (docs/differences.md, "Limits").
TEST(ConfConfig, GivenConfigFileAboveCapWhenInitThenInvalidFile) {
  TempFile big(AclsimConfig("{}") + std::string((size_t{16} << 20), ' '));
  EXPECT_ACL_ERROR(aclInit(big.c_str()), ACL_ERROR_INVALID_FILE);
  EXPECT_RECENT_ERR_HAS("larger than");
  EXPECT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfConfig, GivenDeviceProfilePathIsFifoWhenInitThenFileAttrInvalidAndTheCallReturns) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");
  aclsim_conformance::TempFifo fifo;
  TempFile config(AclsimConfig(std::string(R"({"device_profile_path": ")") + fifo.path() + "\"}"));
  EXPECT_ACL_ERROR(aclInit(config.c_str()), ACL_ERROR_FILE_ATTR_INVALID);
  EXPECT_RECENT_ERR_HAS("not a regular file");
  EXPECT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfConfig, GivenRuntimeAlreadyCreatedWhenInitWithConfigThenFileCheckedButNotApplied) {
  uint32_t count = 0;
  ASSERT_ACL_OK(aclrtGetDeviceCount(&count));  // creates the runtime with defaults
  ASSERT_EQ(count, 1u);
  TempFile bad(AclsimConfig(R"({"device_count": 0})"));
  const aclError ret = aclInit(bad.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
  EXPECT_ACL_ERROR(ret, ACL_ERROR_FILE_ATTR_INVALID);
  TempFile good(AclsimConfig(R"({"device_count": 2})"));
  EXPECT_ACL_OK(aclInit(good.c_str()));
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 1u);
  EXPECT_ACL_OK(aclFinalize());
}

// ------------------------------------------------------------ ACLSIM_CONFIG

TEST(ConfConfig, GivenAclsimConfigEnvWhenRuntimeCallsBeforeInitThenEnvApplied) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");  // replaces ACLSIM_CONFIG
  TempFile config(AclsimConfig(R"({"device_count": 3})"));
  ASSERT_EQ(::setenv("ACLSIM_CONFIG", config.c_str(), 1), 0);
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 3u);
  EXPECT_ACL_OK(aclFinalize());
  ::unsetenv("ACLSIM_CONFIG");
}

TEST(ConfConfig, GivenAclsimConfigEnvAndInitFileWhenInitThenInitFileWins) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");  // replaces ACLSIM_CONFIG
  TempFile env_config(AclsimConfig(R"({"device_count": 3, "device_profile": "Ascend310P3"})"));
  TempFile init_config(AclsimConfig(R"({"device_count": 2})"));
  ASSERT_EQ(::setenv("ACLSIM_CONFIG", env_config.c_str(), 1), 0);
  ASSERT_ACL_OK(aclInit(init_config.c_str()));
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 2u);
  // Keys the aclInit file does not set keep the environment's value.
  const char* soc = aclrtGetSocName();
  ASSERT_NE(soc, nullptr);
  EXPECT_STREQ(soc, "Ascend310P3");
  EXPECT_ACL_OK(aclFinalize());
  ::unsetenv("ACLSIM_CONFIG");
}

TEST(ConfConfig, GivenAclsimConfigEnvWithBadValueWhenAnyCallThenFileAttrInvalidNamingTheVariable) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");  // replaces ACLSIM_CONFIG
  TempFile config(AclsimConfig(R"({"jitter": 2})"));
  ASSERT_EQ(::setenv("ACLSIM_CONFIG", config.c_str(), 1), 0);
  uint32_t count = 0;
  EXPECT_ACL_ERROR(aclrtGetDeviceCount(&count), ACL_ERROR_FILE_ATTR_INVALID);
  EXPECT_RECENT_ERR_HAS("ACLSIM_CONFIG");
  EXPECT_RECENT_ERR_HAS("jitter");
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_FILE_ATTR_INVALID);
  EXPECT_ACL_ERROR(aclrtSetDevice(0), ACL_ERROR_FILE_ATTR_INVALID);
  EXPECT_EQ(aclrtGetSocName(), nullptr);
  EXPECT_EQ(aclsimGetBackendName(), nullptr);
  ::unsetenv("ACLSIM_CONFIG");
}

TEST(ConfConfig, GivenAclsimConfigEnvNamingMissingFileWhenInitThenInvalidFile) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");  // replaces ACLSIM_CONFIG
  ASSERT_EQ(::setenv("ACLSIM_CONFIG", "/nonexistent/aclsim_env.json", 1), 0);
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_INVALID_FILE);
  EXPECT_RECENT_ERR_HAS("/nonexistent/aclsim_env.json");
  ::unsetenv("ACLSIM_CONFIG");
}

TEST(ConfConfig, GivenAclsimConfigEnvNamingDeviceOrFifoWhenInitThenInvalidFileAndTheCallReturns) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");  // replaces ACLSIM_CONFIG
  aclsim_conformance::TempFifo fifo;
  for (const char* path : {"/dev/zero", fifo.c_str()}) {
    SCOPED_TRACE(path);
    ASSERT_EQ(::setenv("ACLSIM_CONFIG", path, 1), 0);
    EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_INVALID_FILE);
    EXPECT_RECENT_ERR_HAS("not a regular file");
    uint32_t count = 0;
    EXPECT_ACL_ERROR(aclrtGetDeviceCount(&count), ACL_ERROR_INVALID_FILE);
  }
  ::unsetenv("ACLSIM_CONFIG");
}

TEST(ConfConfig, GivenAclsimConfigEnvNotJsonWhenInitThenParseFile) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");  // replaces ACLSIM_CONFIG
  TempFile config("not json at all");
  ASSERT_EQ(::setenv("ACLSIM_CONFIG", config.c_str(), 1), 0);
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_PARSE_FILE);
  EXPECT_RECENT_ERR_HAS("ACLSIM_CONFIG");
  ::unsetenv("ACLSIM_CONFIG");
}

}  // namespace
