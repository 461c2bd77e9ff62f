// Devices and contexts: aclrtGetDeviceCount, aclrtSetDevice, aclrtResetDevice,
// aclrtResetDeviceForce, aclrtGetDevice, aclrtSynchronizeDevice,
// aclrtCreateContext, aclrtDestroyContext, aclrtSetCurrentContext,
// aclrtGetCurrentContext.
#include <thread>

#include "conformance_util.h"

namespace {

using aclsim_conformance::RecentErrMsg;

class ConfDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ACLSIM_SKIP_WITHOUT_DEVICES();
  }
  void TearDown() override { (void)aclFinalize(); }
};

TEST_F(ConfDevice, GivenDefaultConfigWhenGetDeviceCountThenOne) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 1u);
}

TEST_F(ConfDevice, GivenNullWhenGetDeviceCountThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtGetDeviceCount");
}

TEST_F(ConfDevice, GivenValidIdWhenSetDeviceThenGetDeviceReturnsIt) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  int32_t device = -1;
  EXPECT_ACL_OK(aclrtGetDevice(&device));
  EXPECT_EQ(device, 0);
  EXPECT_ACL_OK(aclrtResetDevice(0));
}

TEST_F(ConfDevice, GivenNegativeIdWhenSetDeviceThenInvalidDeviceId) {
  EXPECT_ACL_ERROR(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_RECENT_ERR_HAS("-1");
}

TEST_F(ConfDevice, GivenIdEqualToCountWhenSetDeviceThenInvalidDeviceId) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  EXPECT_ACL_ERROR(aclrtSetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_RECENT_ERR_HAS("out of range");
  EXPECT_ACL_ERROR(aclrtSetDevice(64), ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_F(ConfDevice, GivenOutOfRangeIdWhenResetDeviceThenInvalidDeviceId) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  EXPECT_ACL_ERROR(aclrtResetDevice(7), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtResetDevice(-3), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtResetDeviceForce(7), ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_F(ConfDevice, GivenDeviceNeverSetWhenResetDeviceThenContextReleaseError) {
  EXPECT_ACL_ERROR(aclrtResetDevice(0), ACL_ERROR_RT_CONTEXT_RELEASE_ERROR);
  EXPECT_RECENT_ERR_HAS("aclrtSetDevice");
  EXPECT_ACL_ERROR(aclrtResetDeviceForce(0), ACL_ERROR_RT_CONTEXT_RELEASE_ERROR);
}

TEST_F(ConfDevice, GivenDeviceResetWhenResetAgainThenContextReleaseError) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_ERROR(aclrtResetDevice(0), ACL_ERROR_RT_CONTEXT_RELEASE_ERROR);
}

TEST_F(ConfDevice, GivenNoCurrentContextWhenGetDeviceThenContextNull) {
  int32_t device = 42;
  EXPECT_ACL_ERROR(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_RECENT_ERR_HAS("no current context");
  EXPECT_EQ(device, 42);  // untouched on failure
}

TEST_F(ConfDevice, GivenNullWhenGetDeviceThenInvalidParam) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_ERROR(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtGetDevice");
  EXPECT_ACL_OK(aclrtResetDevice(0));
}

TEST_F(ConfDevice, GivenDeviceSetTwiceWhenResetOnceThenStillCurrentAndSecondResetReleases) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtResetDevice(0));
  int32_t device = -1;
  EXPECT_ACL_OK(aclrtGetDevice(&device));
  EXPECT_EQ(device, 0);
  aclrtStream stream = nullptr;
  EXPECT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_ERROR(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  // The default context took its streams with it.
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtDestroyStream(stream), ACL_ERROR_RT_INVALID_HANDLE);
}

TEST_F(ConfDevice, GivenDeviceSetThreeTimesWhenResetDeviceForceThenReleased) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
  int32_t device = -1;
  EXPECT_ACL_ERROR(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_ACL_ERROR(aclrtResetDevice(0), ACL_ERROR_RT_CONTEXT_RELEASE_ERROR);
}

TEST_F(ConfDevice, GivenDeviceSetWhenSynchronizeDeviceThenSuccess) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtSynchronizeDevice());
  EXPECT_ACL_OK(aclrtResetDevice(0));
}

TEST_F(ConfDevice, GivenNoCurrentContextWhenSynchronizeDeviceThenContextNull) {
  EXPECT_ACL_ERROR(aclrtSynchronizeDevice(), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(ConfDevice, GivenDeviceSetOnOneThreadWhenOtherThreadGetsDeviceThenContextNull) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&ctx));
  std::thread t([ctx] {
    int32_t device = -1;
    EXPECT_ACL_ERROR(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
    // Sharing the context makes the device current on this thread too.
    EXPECT_ACL_OK(aclrtSetCurrentContext(ctx));
    EXPECT_ACL_OK(aclrtGetDevice(&device));
    EXPECT_EQ(device, 0);
  });
  t.join();
  EXPECT_ACL_OK(aclrtResetDevice(0));
}

// ---------------------------------------------------------------- contexts

class ConfContext : public ConfDevice {};

TEST_F(ConfContext, GivenValidDeviceWhenCreateContextThenItBecomesCurrent) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  ASSERT_NE(ctx, nullptr);
  aclrtContext current = nullptr;
  EXPECT_ACL_OK(aclrtGetCurrentContext(&current));
  EXPECT_EQ(current, ctx);
  int32_t device = -1;
  EXPECT_ACL_OK(aclrtGetDevice(&device));
  EXPECT_EQ(device, 0);
  // Streams and events work in a created context without aclrtSetDevice.
  aclrtStream stream = nullptr;
  EXPECT_ACL_OK(aclrtCreateStream(&stream));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_OK(aclrtDestroyContext(ctx));
}

TEST_F(ConfContext, GivenNullOutputWhenCreateContextThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtCreateContext(nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtCreateContext");
}

TEST_F(ConfContext, GivenBadDeviceWhenCreateContextThenInvalidDeviceId) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  aclrtContext ctx = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateContext(&ctx, 1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtCreateContext(&ctx, -1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(ctx, nullptr);
}

TEST_F(ConfContext, GivenNullWhenDestroyContextThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtDestroyContext(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtDestroyContext");
}

TEST_F(ConfContext, GivenDestroyedContextWhenDestroyAgainThenInvalidHandle) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
  EXPECT_ACL_ERROR(aclrtDestroyContext(ctx), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_EQ(ACL_ERROR_RT_INVALID_HANDLE, 107017);
  EXPECT_RECENT_ERR_HAS("context");
}

TEST_F(ConfContext, GivenDestroyedContextWhenSetCurrentThenInvalidHandle) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
  EXPECT_ACL_ERROR(aclrtSetCurrentContext(ctx), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_RECENT_ERR_HAS("destroyed");
}

TEST_F(ConfContext, GivenCurrentContextDestroyedWhenGetCurrentThenContextNull) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
  aclrtContext current = nullptr;
  EXPECT_ACL_ERROR(aclrtGetCurrentContext(&current), ACL_ERROR_RT_CONTEXT_NULL);
  aclrtStream stream = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(ConfContext, GivenContextDestroyedWhenUsingItsStreamThenInvalidHandle) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtDestroyContext(ctx));
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream), ACL_ERROR_RT_INVALID_HANDLE);
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_ACL_ERROR(aclrtStreamQuery(stream, &status), ACL_ERROR_RT_INVALID_HANDLE);
}

TEST_F(ConfContext, GivenNullWhenSetCurrentContextThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtSetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtSetCurrentContext");
}

TEST_F(ConfContext, GivenNullWhenGetCurrentContextThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtGetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtGetCurrentContext");
}

TEST_F(ConfContext, GivenNoContextWhenGetCurrentContextThenContextNull) {
  aclrtContext current = nullptr;
  EXPECT_ACL_ERROR(aclrtGetCurrentContext(&current), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(current, nullptr);
}

TEST_F(ConfContext, GivenDefaultContextWhenDestroyContextThenParamInvalid) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtContext primary = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&primary));
  EXPECT_ACL_ERROR(aclrtDestroyContext(primary), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("aclrtResetDevice");
  // Still usable afterwards.
  EXPECT_ACL_OK(aclrtSetCurrentContext(primary));
  EXPECT_ACL_OK(aclrtResetDevice(0));
}

TEST_F(ConfContext, GivenTwoContextsWhenSwitchingThenCurrentFollowsAndStreamsStayInTheirContext) {
  aclrtContext a = nullptr, b = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&a, 0));
  aclrtStream sa = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&sa));
  ASSERT_ACL_OK(aclrtCreateContext(&b, 0));
  EXPECT_NE(a, b);
  aclrtContext current = nullptr;
  EXPECT_ACL_OK(aclrtGetCurrentContext(&current));
  EXPECT_EQ(current, b);
  EXPECT_ACL_OK(aclrtSetCurrentContext(a));
  EXPECT_ACL_OK(aclrtGetCurrentContext(&current));
  EXPECT_EQ(current, a);
  // Destroying b leaves a's stream alone.
  EXPECT_ACL_OK(aclrtDestroyContext(b));
  EXPECT_ACL_OK(aclrtSynchronizeStream(sa));
  EXPECT_ACL_OK(aclrtDestroyStream(sa));
  EXPECT_ACL_OK(aclrtDestroyContext(a));
}

TEST_F(ConfContext, GivenDeviceSetWhenGetCurrentContextThenDefaultContextNotNull) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtContext first = nullptr, second = nullptr;
  EXPECT_ACL_OK(aclrtGetCurrentContext(&first));
  EXPECT_NE(first, nullptr);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtGetCurrentContext(&second));
  EXPECT_EQ(first, second);  // one default context per device
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

}  // namespace
