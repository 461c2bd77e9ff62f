// aclInit / aclFinalize, version, recent error message, run mode, SoC name.
#include <cstring>
#include <string>
#include <thread>

#include "conformance_util.h"

namespace {

using aclsim_conformance::ModelPath;
using aclsim_conformance::RecentErrMsg;

TEST(ConfInit, GivenNullConfigWhenInitThenSuccessAndFinalizeSucceeds) {
  EXPECT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfInit, GivenEmptyConfigPathWhenInitThenSuccess) {
  EXPECT_ACL_OK(aclInit(""));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfInit, GivenInitializedWhenInitAgainThenRepeatInitialize) {
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_EQ(ACL_ERROR_REPEAT_INITIALIZE, 100002);
  EXPECT_RECENT_ERR_HAS("aclInit");
  // The failed second call leaves the first initialisation in place.
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfInit, GivenFinalizedWhenFinalizeAgainThenRepeatFinalize) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclFinalize());
  EXPECT_ACL_ERROR(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  EXPECT_EQ(ACL_ERROR_REPEAT_FINALIZE, 100037);
  EXPECT_RECENT_ERR_HAS("aclFinalize");
}

TEST(ConfInit, GivenNoInitWhenFinalizeThenSuccess) {
  // Newest documented behaviour (spec §2 / DESIGN contract 2): 0, not an error.
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfInit, GivenNoInitWhenFinalizeTwiceThenSecondIsRepeatFinalize) {
  EXPECT_ACL_OK(aclFinalize());
  EXPECT_ACL_ERROR(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
}

TEST(ConfInit, GivenFinalizedWhenInitAgainThenSuccessAndRuntimeWorks) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclFinalize());
  ASSERT_ACL_OK(aclInit(nullptr));
  // aclFinalize released the device: the thread has no current context any more.
  int32_t device = -1;
  EXPECT_ACL_ERROR(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtGetDevice(&device));
  EXPECT_EQ(device, 0);
  uint32_t model_id = 0;
  EXPECT_ACL_OK(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &model_id));
  EXPECT_ACL_OK(aclmdlUnload(model_id));
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfInit, GivenFinalizedWhenModelCallThenExecNotInit) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclFinalize());
  uint32_t model_id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &model_id), ACL_ERROR_GE_EXEC_NOT_INIT);
}

TEST(ConfInit, GivenRuntimeCallsBeforeInitThenTheyWorkAndInitSucceedsLater) {
  // As in CANN, aclrt* calls work before aclInit.
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 1u);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclInit(nullptr));
  int32_t device = -1;
  EXPECT_ACL_OK(aclrtGetDevice(&device));
  EXPECT_EQ(device, 0);
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfInit, GivenVersionPointersWhenGetVersionThenHeaderVersion) {
  int32_t major = -1, minor = -1, patch = -1;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_ACL_OK(aclrtGetVersion(&major, &minor, &patch));
  EXPECT_EQ(major, ACL_MAJOR_VERSION);
  EXPECT_EQ(minor, ACL_MINOR_VERSION);
  EXPECT_EQ(patch, ACL_PATCH_VERSION);
  EXPECT_EQ(major, 1);
  EXPECT_EQ(minor, 17);
  EXPECT_EQ(patch, 0);
#pragma GCC diagnostic pop
}

TEST(ConfInit, GivenNullPointerWhenGetVersionThenInvalidParam) {
  int32_t a = 0, b = 0, c = 0;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_ACL_ERROR(aclrtGetVersion(nullptr, &b, &c), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtGetVersion");
  EXPECT_ACL_ERROR(aclrtGetVersion(&a, nullptr, &c), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtGetVersion(&a, &b, nullptr), ACL_ERROR_INVALID_PARAM);
#pragma GCC diagnostic pop
}

TEST(ConfInit, GivenNoFailureYetWhenGetRecentErrMsgThenNull) {
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfInit, GivenFailureWhenGetRecentErrMsgThenMessageNamesFunctionAndReason) {
  EXPECT_ACL_ERROR(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM);
  const std::string msg = RecentErrMsg();
  EXPECT_THAT(msg, ::testing::HasSubstr("aclrtCreateStream"));
  EXPECT_THAT(msg, ::testing::HasSubstr("NULL"));
  EXPECT_THAT(msg, ::testing::HasSubstr("100000"));
}

TEST(ConfInit, GivenFailureOnOtherThreadWhenGetRecentErrMsgThenThisThreadUnaffected) {
  EXPECT_ACL_ERROR(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);
  const std::string mine = RecentErrMsg();
  std::string theirs;
  std::thread t([&theirs] {
    EXPECT_EQ(aclGetRecentErrMsg(), nullptr);  // per thread: nothing failed here yet
    int32_t device = 0;
    EXPECT_ACL_ERROR(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
    theirs = RecentErrMsg();
  });
  t.join();
  EXPECT_EQ(RecentErrMsg(), mine);
  EXPECT_THAT(mine, ::testing::HasSubstr("aclrtGetRunMode"));
  EXPECT_THAT(theirs, ::testing::HasSubstr("context"));
  EXPECT_NE(theirs, mine);
}

TEST(ConfInit, GivenRunModePointerWhenGetRunModeThenHost) {
  aclrtRunMode mode = ACL_DEVICE;
  EXPECT_ACL_OK(aclrtGetRunMode(&mode));
  EXPECT_EQ(mode, ACL_HOST);
}

TEST(ConfInit, GivenNullWhenGetRunModeThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtGetRunMode");
}

TEST(ConfInit, GivenDefaultProfileWhenGetSocNameThenAscend910B2) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ACLSIM_SKIP_WITHOUT_DEVICES();
  const char* soc = aclrtGetSocName();
  ASSERT_NE(soc, nullptr) << RecentErrMsg();
  EXPECT_STREQ(soc, "Ascend910B2");
  ASSERT_ACL_OK(aclrtSetDevice(0));
  soc = aclrtGetSocName();
  ASSERT_NE(soc, nullptr);
  EXPECT_STREQ(soc, "Ascend910B2");
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfInit, GivenBackendWhenGetBackendNameThenSim) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");  // the default backend applies
  const char* name = aclsimGetBackendName();
  ASSERT_NE(name, nullptr) << RecentErrMsg();
  EXPECT_STREQ(name, "sim");
}

}  // namespace
