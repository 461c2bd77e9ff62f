// Virtual memory management: aclrtMemGetAllocationGranularity,
// aclrtMallocPhysical, aclrtReserveMemAddress, aclrtMapMem, aclrtUnmapMem,
// aclrtFreePhysical, aclrtReleaseMemAddress, aclrtMemSetAccess/GetAccess,
// aclrtMemRetainAllocationHandle, aclrtMemGetAllocationPropertiesFromHandle,
// aclrtMemGetAddressRange; and physical memory shared with a second process
// (ipc_peer.cc) through aclrtMemExportToShareableHandle[V2],
// aclrtMemSetPidToShareableHandle and aclrtMemImportFromShareableHandle.
#include <cstring>
#include <string>
#include <vector>

#include "conformance_util.h"
#include "ipc_peer_client.h"

namespace {

using aclsim_conformance::AclDeviceTest;
using aclsim_conformance::Peer;

constexpr size_t kTwoMiB = size_t{2} << 20;

aclrtPhysicalMemProp DeviceProp(aclrtMemAttr attr = ACL_HBM_MEM_NORMAL) {
  aclrtPhysicalMemProp prop{};
  prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
  prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
  prop.memAttr = attr;
  prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = 0;
  return prop;
}

class ConfVirtualMemory : public AclDeviceTest {};

TEST_F(ConfVirtualMemory, GivenPropsThenGranularityByPageKind) {
  aclrtPhysicalMemProp prop = DeviceProp();
  size_t g = 0;
  EXPECT_ACL_OK(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
  EXPECT_EQ(g, kTwoMiB);
  EXPECT_ACL_OK(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &g));
  EXPECT_EQ(g, kTwoMiB);
  prop.memAttr = ACL_HBM_MEM_HUGE1G;
  EXPECT_ACL_OK(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g));
  EXPECT_EQ(g, size_t{1} << 30);
  EXPECT_ACL_ERROR(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF, &g),
                   ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMemGetAllocationGranularity(nullptr, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g),
                   ACL_ERROR_INVALID_PARAM);
  prop.location.type = ACL_MEM_LOCATION_TYPE_HOST;
  EXPECT_ACL_ERROR(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g),
                   ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
}

TEST_F(ConfVirtualMemory, GivenReserveMallocMapThenContiguousDeviceMemoryAcrossHandles) {
  const aclrtPhysicalMemProp prop = DeviceProp();
  aclrtDrvMemHandle a = nullptr, b = nullptr;
  // Sizes round up to the granularity.
  ASSERT_ACL_OK(aclrtMallocPhysical(&a, 4096, &prop, 0));
  ASSERT_ACL_OK(aclrtMallocPhysical(&b, kTwoMiB, &prop, 0));
  void* va = nullptr;
  ASSERT_ACL_OK(aclrtReserveMemAddress(&va, 2 * kTwoMiB, 0, nullptr, 0));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(va) % kTwoMiB, 0u);
  auto* bytes = static_cast<unsigned char*>(va);
  ASSERT_ACL_OK(aclrtMapMem(va, kTwoMiB, 0, a, 0));
  ASSERT_ACL_OK(aclrtMapMem(bytes + kTwoMiB, kTwoMiB, 0, b, 0));
  // One copy across the two physical blocks.
  std::vector<unsigned char> host(16, 7);
  ASSERT_ACL_OK(aclrtMemcpy(bytes + kTwoMiB - 8, 16, host.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(aclrtMemset(bytes + kTwoMiB - 8, 4, 9, 4));
  std::vector<unsigned char> back(16);
  ASSERT_ACL_OK(aclrtMemcpy(back.data(), 16, bytes + kTwoMiB - 8, 16, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(back, std::vector<unsigned char>({9, 9, 9, 9, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}));
  // Past the last mapping is not device memory.
  EXPECT_ACL_ERROR(aclrtMemcpy(back.data(), 16, bytes + 2 * kTwoMiB - 8, 16, ACL_MEMCPY_DEVICE_TO_HOST),
                   ACL_ERROR_RT_PARAM_INVALID);
  void* base = nullptr;
  size_t size = 0;
  ASSERT_ACL_OK(aclrtMemGetAddressRange(bytes + kTwoMiB + 5, &base, &size));
  EXPECT_EQ(base, bytes + kTwoMiB);
  EXPECT_EQ(size, kTwoMiB);
  aclrtDrvMemHandle found = nullptr;
  ASSERT_ACL_OK(aclrtMemRetainAllocationHandle(bytes + 100, &found));
  EXPECT_EQ(found, a);
  aclrtPhysicalMemProp got{};
  ASSERT_ACL_OK(aclrtMemGetAllocationPropertiesFromHandle(b, &got));
  EXPECT_EQ(got.memAttr, ACL_HBM_MEM_NORMAL);
  EXPECT_EQ(got.location.type, ACL_MEM_LOCATION_TYPE_DEVICE);
  // Mapped memory is not aclrtFree's.
  EXPECT_ACL_ERROR(aclrtFree(va), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("aclrtUnmapMem");
  // Still mapped: the reservation cannot go yet.
  EXPECT_ACL_ERROR(aclrtReleaseMemAddress(va), ACL_ERROR_RT_PARAM_INVALID);
  // Freed while mapped: released with the mapping, the bytes stay until then.
  EXPECT_ACL_OK(aclrtFreePhysical(a));
  ASSERT_ACL_OK(aclrtMemcpy(back.data(), 1, bytes + kTwoMiB - 8, 1, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(back[0], 9);
  EXPECT_ACL_OK(aclrtUnmapMem(va));
  EXPECT_ACL_ERROR(aclrtFreePhysical(a), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMemcpy(back.data(), 1, va, 1, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtUnmapMem(bytes + kTwoMiB));
  EXPECT_ACL_OK(aclrtFreePhysical(b));
  EXPECT_ACL_OK(aclrtReleaseMemAddress(va));
}

TEST_F(ConfVirtualMemory, GivenAccessDescThenFlagsReadBack) {
  const aclrtPhysicalMemProp prop = DeviceProp();
  aclrtDrvMemHandle h = nullptr;
  ASSERT_ACL_OK(aclrtMallocPhysical(&h, kTwoMiB, &prop, 0));
  void* va = nullptr;
  ASSERT_ACL_OK(aclrtReserveMemAddress(&va, kTwoMiB, 0, nullptr, 0));
  ASSERT_ACL_OK(aclrtMapMem(va, kTwoMiB, 0, h, 0));
  aclrtMemLocation location{};
  uint64_t flag = 0;
  ASSERT_ACL_OK(aclrtMemGetAccess(va, &location, &flag));
  EXPECT_EQ(flag, static_cast<uint64_t>(ACL_RT_MEM_ACCESS_FLAGS_READWRITE));
  aclrtMemAccessDesc desc{};
  desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READ;
  desc.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  desc.location.id = 0;
  ASSERT_ACL_OK(aclrtMemSetAccess(va, kTwoMiB, &desc, 1));
  ASSERT_ACL_OK(aclrtMemGetAccess(static_cast<char*>(va) + 64, &location, &flag));
  EXPECT_EQ(flag, static_cast<uint64_t>(ACL_RT_MEM_ACCESS_FLAGS_READ));
  EXPECT_EQ(location.type, ACL_MEM_LOCATION_TYPE_DEVICE);
  EXPECT_EQ(location.id, 0u);
  EXPECT_ACL_ERROR(aclrtMemSetAccess(va, kTwoMiB, &desc, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMemSetAccess(va, kTwoMiB + 1, &desc, 1), ACL_ERROR_RT_PARAM_INVALID);
  desc.location.id = 9;
  EXPECT_ACL_ERROR(aclrtMemSetAccess(va, kTwoMiB, &desc, 1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_OK(aclrtUnmapMem(va));
  EXPECT_ACL_ERROR(aclrtMemGetAccess(va, &location, &flag), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtFreePhysical(h));
  EXPECT_ACL_OK(aclrtReleaseMemAddress(va));
}

TEST_F(ConfVirtualMemory, GivenBadArgumentsThenErrorsAndNothingChanges) {
  aclrtPhysicalMemProp prop = DeviceProp();
  aclrtDrvMemHandle h = nullptr;
  EXPECT_ACL_ERROR(aclrtMallocPhysical(nullptr, kTwoMiB, &prop, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtMallocPhysical(&h, kTwoMiB, nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtMallocPhysical(&h, 0, &prop, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMallocPhysical(&h, kTwoMiB, &prop, 1), ACL_ERROR_RT_PARAM_INVALID);
  // More than the device's 64 GiB.
  EXPECT_ACL_ERROR(aclrtMallocPhysical(&h, size_t{65} << 30, &prop, 0), ACL_ERROR_RT_MEMORY_ALLOCATION);
  prop.location.id = 9;
  EXPECT_ACL_ERROR(aclrtMallocPhysical(&h, kTwoMiB, &prop, 0), ACL_ERROR_RT_INVALID_DEVICEID);
  prop = DeviceProp();
  void* va = nullptr;
  EXPECT_ACL_ERROR(aclrtReserveMemAddress(nullptr, kTwoMiB, 0, nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtReserveMemAddress(&va, 0, 0, nullptr, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtReserveMemAddress(&va, kTwoMiB, 64, nullptr, 0), ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_ACL_OK(aclrtMallocPhysical(&h, kTwoMiB, &prop, 0));
  ASSERT_ACL_OK(aclrtReserveMemAddress(&va, 4 * kTwoMiB, 0, nullptr, 0));
  auto* bytes = static_cast<unsigned char*>(va);
  EXPECT_ACL_ERROR(aclrtMapMem(va, kTwoMiB * 2, 0, h, 0), ACL_ERROR_RT_PARAM_INVALID);        // not the handle's size
  EXPECT_ACL_ERROR(aclrtMapMem(va, kTwoMiB, 4096, h, 0), ACL_ERROR_RT_PARAM_INVALID);         // offset
  EXPECT_ACL_ERROR(aclrtMapMem(bytes + 4096, kTwoMiB, 0, h, 0), ACL_ERROR_RT_PARAM_INVALID);  // unaligned
  EXPECT_ACL_ERROR(aclrtMapMem(bytes + 3 * kTwoMiB + kTwoMiB, kTwoMiB, 0, h, 0), ACL_ERROR_RT_PARAM_INVALID);
  std::vector<unsigned char> host(64);
  EXPECT_ACL_ERROR(aclrtMapMem(host.data(), kTwoMiB, 0, h, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMapMem(va, kTwoMiB, 0, h, 1), ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_ACL_OK(aclrtMapMem(bytes + kTwoMiB, kTwoMiB, 0, h, 0));
  EXPECT_ACL_ERROR(aclrtMapMem(bytes + kTwoMiB, kTwoMiB, 0, h, 0), ACL_ERROR_RT_PARAM_INVALID);  // mapped
  EXPECT_ACL_ERROR(aclrtUnmapMem(va), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtReleaseMemAddress(bytes + kTwoMiB), ACL_ERROR_RT_PARAM_INVALID);
  int not_a_handle = 0;
  EXPECT_ACL_ERROR(aclrtFreePhysical(&not_a_handle), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMemGetAddressRange(host.data(), nullptr, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtUnmapMem(bytes + kTwoMiB));
  EXPECT_ACL_OK(aclrtFreePhysical(h));
  EXPECT_ACL_OK(aclrtReleaseMemAddress(va));
  EXPECT_ACL_ERROR(aclrtReleaseMemAddress(va), ACL_ERROR_RT_PARAM_INVALID);
}

// ---------------------------------------------------- two processes

class ConfShareablePhysical : public ConfVirtualMemory {
 protected:
  void SetUp() override {
    ConfVirtualMemory::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    const aclrtPhysicalMemProp prop = DeviceProp();
    ASSERT_ACL_OK(aclrtMallocPhysical(&handle_, kTwoMiB, &prop, 0));
    ASSERT_ACL_OK(aclrtReserveMemAddress(&va_, kTwoMiB, 0, nullptr, 0));
    ASSERT_ACL_OK(aclrtMapMem(va_, kTwoMiB, 0, handle_, 0));
    const unsigned char bytes[4] = {11, 22, 33, 44};
    ASSERT_ACL_OK(aclrtMemcpy(va_, kTwoMiB, bytes, 4, ACL_MEMCPY_HOST_TO_DEVICE));
  }
  void TearDown() override {
    if (va_ != nullptr) {
      (void)aclrtUnmapMem(va_);
      (void)aclrtReleaseMemAddress(va_);
    }
    if (handle_ != nullptr) (void)aclrtFreePhysical(handle_);
    ConfVirtualMemory::TearDown();
  }
  unsigned char Byte(size_t i) {
    unsigned char b = 0;
    EXPECT_ACL_OK(aclrtMemcpy(&b, 1, static_cast<unsigned char*>(va_) + i, 1, ACL_MEMCPY_DEVICE_TO_HOST));
    return b;
  }

  aclrtDrvMemHandle handle_ = nullptr;
  void* va_ = nullptr;
};

TEST_F(ConfShareablePhysical, GivenWhitelistedPeerThenItMapsTheSameBytes) {
  uint64_t shareable = 0;
  ASSERT_ACL_OK(aclrtMemExportToShareableHandle(handle_, ACL_MEM_HANDLE_TYPE_NONE, 0, &shareable));
  uint64_t again = 0;
  ASSERT_ACL_OK(aclrtMemExportToShareableHandle(handle_, ACL_MEM_HANDLE_TYPE_NONE, 0, &again));
  EXPECT_EQ(again, shareable);
  Peer peer;
  ASSERT_GT(peer.pid(), 0);
  int32_t pid = peer.pid();
  ASSERT_ACL_OK(aclrtMemSetPidToShareableHandle(shareable, &pid, 1));
  EXPECT_EQ(peer.Ask(std::to_string(shareable), "physical"), "ok");
  EXPECT_EQ(Byte(4), 55);
  EXPECT_EQ(Byte(5), 66);
}

TEST_F(ConfShareablePhysical, GivenPeerNotWhitelistedThenNoPermission) {
  uint64_t shareable = 0;
  ASSERT_ACL_OK(aclrtMemExportToShareableHandle(handle_, ACL_MEM_HANDLE_TYPE_NONE, 0, &shareable));
  Peer peer;
  EXPECT_EQ(peer.Ask(std::to_string(shareable), "physical-denied"), "ok");
}

TEST_F(ConfShareablePhysical, GivenV2WithoutPidValidationThenAnyPeerImports) {
  uint64_t shareable = 0;
  ASSERT_ACL_OK(aclrtMemExportToShareableHandleV2(handle_, ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION,
                                                  ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT, &shareable));
  Peer peer;
  EXPECT_EQ(peer.Ask(std::to_string(shareable), "physical"), "ok");
  EXPECT_EQ(Byte(4), 55);
  aclrtMemFabricHandle fabric{};
  EXPECT_ACL_ERROR(aclrtMemExportToShareableHandleV2(handle_, 0, ACL_MEM_SHARE_HANDLE_TYPE_FABRIC, &fabric),
                   ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
}

TEST_F(ConfShareablePhysical, GivenBadSharingArgumentsThenErrors) {
  uint64_t shareable = 0;
  EXPECT_ACL_ERROR(aclrtMemExportToShareableHandle(handle_, ACL_MEM_HANDLE_TYPE_NONE, 2, &shareable),
                   ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMemExportToShareableHandle(handle_, ACL_MEM_HANDLE_TYPE_NONE, 0, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclrtMemExportToShareableHandle(handle_, ACL_MEM_HANDLE_TYPE_NONE, 0, &shareable));
  int32_t pid = 1;
  EXPECT_ACL_ERROR(aclrtMemSetPidToShareableHandle(shareable, &pid, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMemSetPidToShareableHandle(shareable + 1, &pid, 1), ACL_ERROR_RT_PARAM_INVALID);
  aclrtDrvMemHandle imported = nullptr;
  // Importing in the exporting process is refused, as CANN documents.
  EXPECT_ACL_ERROR(aclrtMemImportFromShareableHandle(shareable, 0, &imported), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("another");
  EXPECT_ACL_ERROR(aclrtMemImportFromShareableHandle(shareable, 9, &imported), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtMemImportFromShareableHandle(1, 0, &imported), ACL_ERROR_RT_PARAM_INVALID);
}

}  // namespace
