// Selecting a backend plugin through the public API, as an application sees
// it: ACLSIM_BACKEND (a path or "sim-plugin") or the config's "backend" key.
// Public headers only; each TEST runs in its own process (ACL state and the
// environment are process-global).
#include <stdlib.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "acl/acl.h"
#include "acl/aclsim_ext.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace {

using ::testing::HasSubstr;

std::string RecentErrMsg() {
  const char* msg = aclGetRecentErrMsg();
  return msg == nullptr ? std::string("<null>") : std::string(msg);
}

void SetBackendEnv(const char* value) { ASSERT_EQ(setenv("ACLSIM_BACKEND", value, 1), 0); }

TEST(PluginApi, GivenWrongMajorPluginInEnvWhenAclInitThenFeatureNotSupportedNamingVersions) {
  SetBackendEnv(ACLSIM_TEST_PLUGIN_MAJOR1);
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  std::string msg = RecentErrMsg();
  EXPECT_THAT(msg, HasSubstr(ACLSIM_TEST_PLUGIN_MAJOR1));
  EXPECT_THAT(msg, HasSubstr("implements backend ABI 1.0, but this aclsim implements backend ABI 2.3"));
  EXPECT_THAT(msg, HasSubstr("ACLSIM_BACKEND="));
  // Nothing was initialised: a later aclInit fails the same way, not with "repeat".
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
}

TEST(PluginApi, GivenWrongMajorPluginInEnvWhenFirstRuntimeCallWithoutInitThenSameError) {
  SetBackendEnv(ACLSIM_TEST_PLUGIN_MAJOR1);
  EXPECT_EQ(aclrtSetDevice(0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("backend ABI 2.3"));
}

TEST(PluginApi, GivenMissingPluginPathThenAclInitInvalidParam) {
  SetBackendEnv("/nonexistent/libaclsim_backend_none.so");
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("cannot load backend plugin '/nonexistent/libaclsim_backend_none.so'"));
}

TEST(PluginApi, GivenSimPluginInEnvThenDevicesWorkAndBackendIsSim) {
  SetBackendEnv("sim-plugin");
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS) << RecentErrMsg();
  const char* name = aclsimGetBackendName();
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "sim");
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << RecentErrMsg();
  const char* soc = aclrtGetSocName();
  ASSERT_NE(soc, nullptr);
  EXPECT_STREQ(soc, "Ascend910B2");
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(PluginApi, GivenPluginPathInConfigFileThenItIsLoaded) {
  unsetenv("ACLSIM_BACKEND");
  const std::string config = ::testing::TempDir() + "plugin_api_test_config.json";
  {
    std::ofstream out(config);
    out << R"({"aclsim": {"backend": ")" << ACLSIM_TEST_PLUGIN_OK << R"(", "device_count": 2}})";
  }
  ASSERT_EQ(aclInit(config.c_str()), ACL_SUCCESS) << RecentErrMsg();
  const char* name = aclsimGetBackendName();
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "fake");
  uint32_t count = 0;
  EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  EXPECT_EQ(count, 2u);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  std::remove(config.c_str());
}

TEST(PluginApi, GivenEnvBackendThenItOverridesTheConfigFile) {
  SetBackendEnv(ACLSIM_TEST_PLUGIN_OK);
  const std::string config = ::testing::TempDir() + "plugin_api_test_override.json";
  {
    std::ofstream out(config);
    out << R"({"aclsim": {"backend": "null"}})";
  }
  ASSERT_EQ(aclInit(config.c_str()), ACL_SUCCESS) << RecentErrMsg();
  const char* name = aclsimGetBackendName();
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "fake");
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  std::remove(config.c_str());
}

}  // namespace
