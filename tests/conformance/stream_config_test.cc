// Streams created with a configuration: aclrtCreateStreamWithConfig,
// aclrtStreamGetPriority, aclrtStreamGetFlags, aclrtDestroyStreamForce.
#include <cstddef>

#include "conformance_util.h"

namespace {

class ConfStreamConfig : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ACLSIM_SKIP_WITHOUT_DEVICES();
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }
};

TEST_F(ConfStreamConfig, GivenFastFlagsWhenCreateStreamWithConfigThenPriorityAndFlagsReadBack) {
  aclrtStream stream = nullptr;
  const uint32_t flags = ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC;
  ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&stream, 3, flags));
  ASSERT_NE(stream, nullptr);
  uint32_t priority = 99;
  uint32_t got = 99;
  EXPECT_ACL_OK(aclrtStreamGetPriority(stream, &priority));
  EXPECT_ACL_OK(aclrtStreamGetFlags(stream, &got));
  EXPECT_EQ(priority, 3u);
  EXPECT_EQ(got, 0x3u);
  // An ordinary stream: work runs and synchronises.
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_OK(aclrtMemsetAsync(dev, 64, 7, 64, stream));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
  unsigned char host[64] = {};
  EXPECT_ACL_OK(aclrtMemcpy(host, 64, dev, 64, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host[63], 7);
  EXPECT_ACL_OK(aclrtFree(dev));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfStreamConfig, GivenHugeOrUnknownFlagWhenCreateStreamWithConfigThenOrdinaryStream) {
  aclrtStream huge = nullptr;
  ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&huge, 0, ACL_STREAM_HUGE));
  uint32_t flags = 0;
  EXPECT_ACL_OK(aclrtStreamGetFlags(huge, &flags));
  EXPECT_EQ(flags, ACL_STREAM_HUGE);
  aclrtStream other = nullptr;
  ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&other, 0, 0x100));
  EXPECT_ACL_OK(aclrtSynchronizeStream(other));
  EXPECT_ACL_OK(aclrtDestroyStream(other));
  EXPECT_ACL_OK(aclrtDestroyStream(huge));
}

TEST_F(ConfStreamConfig, GivenUnsimulatedFlagWhenCreateStreamWithConfigThenNotSupportNamingIt) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  aclrtStream stream = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateStreamWithConfig(&stream, 0, ACL_STREAM_FAST_LAUNCH | ACL_STREAM_CPU_SCHEDULE),
                   ACL_ERROR_API_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("ACL_STREAM_CPU_SCHEDULE");
  EXPECT_ACL_ERROR(aclrtCreateStreamWithConfig(&stream, 0, ACL_STREAM_DEVICE_USE_ONLY), ACL_ERROR_API_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("ACL_STREAM_DEVICE_USE_ONLY");
  EXPECT_EQ(stream, nullptr);
}

TEST_F(ConfStreamConfig, GivenBadArgumentsWhenCreateStreamWithConfigThenErrors) {
  EXPECT_ACL_ERROR(aclrtCreateStreamWithConfig(nullptr, 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtCreateStreamWithConfig");
  ASSERT_ACL_OK(aclrtResetDeviceForce(0));
  aclrtStream stream = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateStreamWithConfig(&stream, 0, 0), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(ConfStreamConfig, GivenDefaultAndPlainStreamsWhenGetPriorityAndFlagsThenZero) {
  aclrtStream plain = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&plain));
  for (aclrtStream s : {static_cast<aclrtStream>(nullptr), plain}) {
    uint32_t priority = 99;
    uint32_t flags = 99;
    EXPECT_ACL_OK(aclrtStreamGetPriority(s, &priority));
    EXPECT_ACL_OK(aclrtStreamGetFlags(s, &flags));
    EXPECT_EQ(priority, 0u);
    EXPECT_EQ(flags, 0u);
  }
  EXPECT_ACL_OK(aclrtDestroyStream(plain));
}

TEST_F(ConfStreamConfig, GivenBadArgumentsWhenGetPriorityOrFlagsThenErrors) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  EXPECT_ACL_ERROR(aclrtStreamGetPriority(stream, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtStreamGetFlags(stream, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  uint32_t value = 0;
  EXPECT_ACL_ERROR(aclrtStreamGetPriority(stream, &value), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtStreamGetFlags(stream, &value), ACL_ERROR_RT_INVALID_HANDLE);
}

TEST_F(ConfStreamConfig, GivenPendingWorkWhenDestroyStreamForceThenStreamIsGone) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&stream, 0, ACL_STREAM_FAST_LAUNCH));
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMemsetAsync(dev, 4096, 1, 4096, stream));
  EXPECT_ACL_OK(aclrtDestroyStreamForce(stream));
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtDestroyStreamForce(stream), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_OK(aclrtFree(dev));
}

TEST_F(ConfStreamConfig, GivenDefaultOrNullStreamWhenDestroyStreamForceThenErrors) {
  EXPECT_ACL_ERROR(aclrtDestroyStreamForce(nullptr), ACL_ERROR_INVALID_PARAM);
  aclrtStream primary = nullptr;
  ASSERT_ACL_OK(aclrtCtxGetCurrentDefaultStream(&primary));
  EXPECT_ACL_ERROR(aclrtDestroyStreamForce(primary), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("default stream");
}

}  // namespace

namespace {

// CANN's stream configuration types (its aclrtCreateStreamConfigHandle family
// is not exported by its Linux libacl_rt.so, nor by aclsim's): the layout
// and the attribute values programs that look the functions up rely on.
TEST(ConfStreamConfigTypes, GivenHeaderThenCannsAttributeValuesAndHandleLayout) {
  EXPECT_EQ(static_cast<int>(ACL_RT_STREAM_WORK_ADDR_PTR), 0);
  EXPECT_EQ(static_cast<int>(ACL_RT_STREAM_WORK_SIZE), 1);
  EXPECT_EQ(static_cast<int>(ACL_RT_STREAM_FLAG), 2);
  EXPECT_EQ(static_cast<int>(ACL_RT_STREAM_PRIORITY), 3);
  EXPECT_EQ(offsetof(aclrtStreamConfigHandle, workptr), 0u);
  EXPECT_EQ(offsetof(aclrtStreamConfigHandle, workSize), sizeof(void*));
  EXPECT_EQ(offsetof(aclrtStreamConfigHandle, flag), sizeof(void*) + sizeof(size_t));
  EXPECT_EQ(offsetof(aclrtStreamConfigHandle, priority), sizeof(void*) + 2 * sizeof(size_t));
}

}  // namespace
