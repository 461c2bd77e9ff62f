// Device memory shared between processes: aclrtIpcMemGetExportKey,
// aclrtIpcMemSetImportPid, aclrtIpcMemImportByKey, aclrtIpcMemClose,
// aclrtIpcMemSetAttr, aclrtDeviceGetBareTgid. The second process is
// ipc_peer.cc, a separate program started for each case.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "conformance_util.h"
#include "ipc_peer_client.h"

namespace {

using aclsim_conformance::AclDeviceTest;
using aclsim_conformance::Peer;

class ConfIpcMemory : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtMalloc(&dev_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    const unsigned char bytes[4] = {11, 22, 33, 44};
    ASSERT_ACL_OK(aclrtMemcpy(dev_, kBytes, bytes, 4, ACL_MEMCPY_HOST_TO_DEVICE));
  }
  void TearDown() override {
    if (dev_ != nullptr) (void)aclrtFree(dev_);
    AclDeviceTest::TearDown();
  }
  std::string Export(uint64_t flags) {
    char key[65] = {};
    EXPECT_ACL_OK(aclrtIpcMemGetExportKey(dev_, kBytes, key, sizeof(key), flags));
    return key;
  }
  unsigned char DeviceByte(size_t i) {
    unsigned char b = 0;
    EXPECT_ACL_OK(aclrtMemcpy(&b, 1, static_cast<unsigned char*>(dev_) + i, 1, ACL_MEMCPY_DEVICE_TO_HOST));
    return b;
  }

  static constexpr size_t kBytes = 1 << 20;
  void* dev_ = nullptr;
};

TEST_F(ConfIpcMemory, GivenWhitelistedPeerThenBothProcessesShareTheBytes) {
  const std::string key = Export(ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT);
  EXPECT_EQ(key.rfind("aclsim-", 0), 0u);
  EXPECT_LE(key.size(), 64u);
  Peer peer;
  ASSERT_GT(peer.pid(), 0);
  int32_t pid = peer.pid();
  ASSERT_ACL_OK(aclrtIpcMemSetImportPid(key.c_str(), &pid, 1));
  EXPECT_EQ(peer.Ask(key, "read"), "ok");
  EXPECT_EQ(DeviceByte(4), 55);
  EXPECT_EQ(DeviceByte(5), 66);
  // The bytes written before the export are still there.
  EXPECT_EQ(DeviceByte(0), 11);
  EXPECT_ACL_OK(aclrtIpcMemClose(key.c_str()));
}

TEST_F(ConfIpcMemory, GivenPeerNotOnTheWhitelistThenNoPermission) {
  const std::string key = Export(ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT);
  Peer peer;
  ASSERT_GT(peer.pid(), 0);
  int32_t other = peer.pid() + 100000;
  ASSERT_ACL_OK(aclrtIpcMemSetImportPid(key.c_str(), &other, 1));
  EXPECT_EQ(peer.Ask(key, "denied"), "ok");
  EXPECT_ACL_OK(aclrtIpcMemClose(key.c_str()));
}

TEST_F(ConfIpcMemory, GivenDisabledPidValidationThenAnyProcessImports) {
  const std::string key = Export(ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION);
  Peer peer;
  EXPECT_EQ(peer.Ask(key, "read"), "ok");
  EXPECT_EQ(DeviceByte(4), 55);
  EXPECT_ACL_OK(aclrtIpcMemClose(key.c_str()));
}

TEST_F(ConfIpcMemory, GivenExporterClosedTheKeyThenImportFails) {
  const std::string key = Export(ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION);
  ASSERT_ACL_OK(aclrtIpcMemClose(key.c_str()));
  Peer peer;
  EXPECT_EQ(peer.Ask(key, "gone"), "ok");
  // The exporter's memory is still its own.
  EXPECT_EQ(DeviceByte(1), 22);
}

TEST_F(ConfIpcMemory, GivenImportInTheSameProcessThenTheSameBytes) {
  const std::string key = Export(ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION);
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtIpcMemImportByKey(&p, key.c_str(), ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS));
  ASSERT_NE(p, dev_);
  unsigned char b = 0;
  ASSERT_ACL_OK(aclrtMemcpy(&b, 1, static_cast<unsigned char*>(p) + 2, 1, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(b, 33);
  b = 99;
  ASSERT_ACL_OK(aclrtMemcpy(p, 1, &b, 1, ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_EQ(DeviceByte(0), 99);
  EXPECT_ACL_ERROR(aclrtFree(p), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("aclrtIpcMemClose");
  EXPECT_ACL_OK(aclrtIpcMemClose(key.c_str()));  // the import
  EXPECT_ACL_OK(aclrtIpcMemClose(key.c_str()));  // the export
  EXPECT_ACL_ERROR(aclrtIpcMemClose(key.c_str()), ACL_ERROR_RT_PARAM_INVALID);
}

TEST_F(ConfIpcMemory, GivenBadArgumentsThenErrorsAndNothingExported) {
  char key[65] = {};
  std::vector<unsigned char> host(64);
  EXPECT_ACL_ERROR(aclrtIpcMemGetExportKey(nullptr, 64, key, 65, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtIpcMemGetExportKey(dev_, 64, nullptr, 65, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtIpcMemGetExportKey(dev_, 0, key, 65, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtIpcMemGetExportKey(dev_, 64, key, 0, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtIpcMemGetExportKey(dev_, 64, key, 65, 2), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtIpcMemGetExportKey(host.data(), 64, key, 65, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtIpcMemGetExportKey(dev_, kBytes + 1, key, 65, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtIpcMemGetExportKey(dev_, 64, key, 8, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("len");
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtIpcMemImportByKey(nullptr, "aclsim-1-2-3-0-64", 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtIpcMemImportByKey(&p, nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtIpcMemImportByKey(&p, "not-a-key", 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtIpcMemImportByKey(&p, "aclsim-1-2-3-0-64", 2), ACL_ERROR_RT_PARAM_INVALID);
  int32_t pid = 1;
  EXPECT_ACL_ERROR(aclrtIpcMemSetImportPid("not-a-key", &pid, 1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtIpcMemSetImportPid(nullptr, &pid, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtIpcMemClose(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtIpcMemClose("not-a-key"), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtDeviceGetBareTgid(nullptr), ACL_ERROR_INVALID_PARAM);
  // A key exported after the failures works, and its whitelist checks its arguments.
  const std::string good = Export(0);
  EXPECT_ACL_ERROR(aclrtIpcMemSetImportPid(good.c_str(), &pid, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtIpcMemSetImportPid(good.c_str(), nullptr, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(
      aclrtIpcMemSetAttr(good.c_str(), ACL_RT_IPC_MEM_ATTR_ACCESS_LINK, ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_HCCS));
  EXPECT_ACL_ERROR(aclrtIpcMemSetAttr(good.c_str(), ACL_RT_IPC_MEM_ATTR_ACCESS_LINK, 4), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtIpcMemSetAttr("not-a-key", ACL_RT_IPC_MEM_ATTR_ACCESS_LINK, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtIpcMemClose(good.c_str()));
}

TEST_F(ConfIpcMemory, GivenBareTgidThenTheProcessId) {
  int32_t pid = 0;
  EXPECT_ACL_OK(aclrtDeviceGetBareTgid(&pid));
  EXPECT_EQ(pid, static_cast<int32_t>(::getpid()));
}

TEST_F(ConfIpcMemory, GivenExportedMemoryFreedThenImportFails) {
  const std::string key = Export(ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION);
  ASSERT_ACL_OK(aclrtFree(dev_));
  dev_ = nullptr;
  Peer peer;
  EXPECT_EQ(peer.Ask(key, "gone"), "ok");
  EXPECT_ACL_OK(aclrtIpcMemClose(key.c_str()));
}

}  // namespace
