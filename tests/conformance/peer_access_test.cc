// Peer access between two simulated devices (config device_count 2):
// aclrtDeviceCanAccessPeer, aclrtDeviceEnablePeerAccess,
// aclrtDeviceDisablePeerAccess, aclrtDevicePeerAccessStatus, and a copy
// between the devices' memories.
#include <cstring>
#include <string>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclsimConfig;
using aclsim_conformance::TempFile;

class ConfPeerAccess : public ::testing::Test {
 protected:
  void SetUp() override {
    const aclError ret = aclInit(config_.c_str());
    ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
    ASSERT_ACL_OK(ret);
    uint32_t count = 0;
    ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
    ASSERT_EQ(count, 2u);
  }
  void TearDown() override { (void)aclFinalize(); }

  int32_t Status(int32_t device, int32_t peer) {
    int32_t status = -1;
    EXPECT_ACL_OK(aclrtDevicePeerAccessStatus(device, peer, &status));
    return status;
  }

  TempFile config_{AclsimConfig(R"({"device_count": 2})")};
};

TEST_F(ConfPeerAccess, GivenTwoDevicesWhenCanAccessPeerThenBothWays) {
  int32_t can = -1;
  EXPECT_ACL_OK(aclrtDeviceCanAccessPeer(&can, 0, 1));
  EXPECT_EQ(can, 1);
  can = -1;
  EXPECT_ACL_OK(aclrtDeviceCanAccessPeer(&can, 1, 0));
  EXPECT_EQ(can, 1);
}

TEST_F(ConfPeerAccess, GivenBadIdsWhenCanAccessPeerThenErrors) {
  int32_t can = -1;
  EXPECT_ACL_ERROR(aclrtDeviceCanAccessPeer(&can, 0, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("different devices");
  EXPECT_ACL_ERROR(aclrtDeviceCanAccessPeer(&can, 0, 2), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtDeviceCanAccessPeer(&can, -1, 0), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtDeviceCanAccessPeer(nullptr, 0, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(can, -1);
}

TEST_F(ConfPeerAccess, GivenEnableFromDevice0ThenOnlyThatDirectionIsOn) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_EQ(Status(0, 1), 0);
  EXPECT_ACL_OK(aclrtDeviceEnablePeerAccess(1, 0));
  EXPECT_EQ(Status(0, 1), 1);
  EXPECT_EQ(Status(1, 0), 0);
  EXPECT_ACL_OK(aclrtDeviceEnablePeerAccess(1, 0));  // again: still on
  EXPECT_EQ(Status(0, 1), 1);
  EXPECT_ACL_OK(aclrtDeviceDisablePeerAccess(1));
  EXPECT_EQ(Status(0, 1), 0);
  EXPECT_ACL_OK(aclrtDeviceDisablePeerAccess(1));  // again: still off
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

TEST_F(ConfPeerAccess, GivenGrantWhenDeviceResetThenGrantEnds) {
  ASSERT_ACL_OK(aclrtSetDevice(1));
  ASSERT_ACL_OK(aclrtDeviceEnablePeerAccess(0, 0));
  EXPECT_EQ(Status(1, 0), 1);
  ASSERT_ACL_OK(aclrtResetDeviceForce(1));
  EXPECT_EQ(Status(1, 0), 0);
}

TEST_F(ConfPeerAccess, GivenBadArgumentsWhenEnablePeerAccessThenErrors) {
  EXPECT_ACL_ERROR(aclrtDeviceEnablePeerAccess(1, 0), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_ACL_ERROR(aclrtDeviceDisablePeerAccess(1), ACL_ERROR_RT_CONTEXT_NULL);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_ERROR(aclrtDeviceEnablePeerAccess(1, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("flags must be 0");
  EXPECT_ACL_ERROR(aclrtDeviceEnablePeerAccess(0, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtDeviceEnablePeerAccess(2, 0), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtDeviceDisablePeerAccess(0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(Status(0, 1), 0);
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

TEST_F(ConfPeerAccess, GivenIdsOutOfRangeWhenPeerAccessStatusThenParamInvalid) {
  int32_t status = -1;
  EXPECT_ACL_ERROR(aclrtDevicePeerAccessStatus(0, 2, &status), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtDevicePeerAccessStatus(-1, 0, &status), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtDevicePeerAccessStatus(0, 1, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(status, -1);
}

TEST_F(ConfPeerAccess, GivenPeerAccessWhenCopyDevice0ToDevice1ThenBytesArrive) {
  constexpr size_t kSize = 1024;
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtDeviceEnablePeerAccess(1, 0));
  void* src = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&src, kSize, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
  ASSERT_ACL_OK(aclrtMemset(src, kSize, 103, kSize));
  ASSERT_ACL_OK(aclrtSetDevice(1));
  ASSERT_ACL_OK(aclrtDeviceEnablePeerAccess(0, 0));
  void* dst = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dst, kSize, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
  ASSERT_ACL_OK(aclrtMemset(dst, kSize, 0, kSize));
  ASSERT_ACL_OK(aclrtMemcpy(dst, kSize, src, kSize, ACL_MEMCPY_DEVICE_TO_DEVICE));
  unsigned char host[kSize] = {};
  ASSERT_ACL_OK(aclrtMemcpy(host, kSize, dst, kSize, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host[0], 103);
  EXPECT_EQ(host[kSize - 1], 103);
  EXPECT_ACL_OK(aclrtFree(dst));
  EXPECT_ACL_OK(aclrtResetDeviceForce(1));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtFree(src));
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

}  // namespace
