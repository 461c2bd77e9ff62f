// Collection sessions on two devices (acl_prof.h, spec §2.0): device lists of
// aclprofCreateConfig, devices opened after aclprofStart, devices left out.
#include <string>

#include "prof_session_fixture.h"

namespace aclsim_conformance {
namespace {

// ------------------------------------------------------------- two devices

class ProfSessionTwoDevices : public ProfSession {
 protected:
  void SetUp() override {
    const aclError ret = aclInit(config_.c_str());
    ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
    ASSERT_ACL_OK(ret);
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

}  // namespace
}  // namespace aclsim_conformance
