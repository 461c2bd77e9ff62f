// Memory: aclrtMalloc, aclrtMallocCached, aclrtFree, aclrtMallocHost,
// aclrtFreeHost, aclrtMemcpy, aclrtMemset, aclrtMemFlush, aclrtMemInvalidate.
#include <cstring>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

class ConfMemory : public AclDeviceTest {};

TEST_F(ConfMemory, GivenEveryPolicyWhenMallocThenZeroedMemoryFreeable) {
  for (aclrtMemMallocPolicy policy :
       {ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_HUGE_ONLY, ACL_MEM_MALLOC_NORMAL_ONLY}) {
    void* p = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&p, 1000, policy));
    ASSERT_NE(p, nullptr);
    std::vector<unsigned char> host(1000, 0xAB);
    ASSERT_ACL_OK(aclrtMemcpy(host.data(), host.size(), p, 1000, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_EQ(host, std::vector<unsigned char>(1000, 0));
    EXPECT_ACL_OK(aclrtFree(p));
  }
}

TEST_F(ConfMemory, GivenNullPointerWhenMallocThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtMalloc");
}

TEST_F(ConfMemory, GivenZeroSizeWhenMallocThenInvalidParam) {
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("size");
  EXPECT_EQ(p, nullptr);
}

TEST_F(ConfMemory, GivenMoreThanDeviceMemoryWhenMallocThenMemoryAllocation) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  void* p = nullptr;
  // The default profile (Ascend910B2) has 64 GiB.
  EXPECT_ACL_ERROR(aclrtMalloc(&p, (size_t{64} << 30) + 1, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_RECENT_ERR_HAS("memory");
  EXPECT_EQ(p, nullptr);
}

TEST_F(ConfMemory, GivenAllocationsWhenGetMemInfoThenTotalIsTheDevicesAndFreeDropsByWhatIsHeld) {
  ACLSIM_SIM_ONLY();  // a simulator fact: the default profile's 64 GiB, one pool
  size_t free_before = 0, total = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free_before, &total));
  EXPECT_EQ(total, size_t{64} << 30);
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, size_t{1} << 20, ACL_MEM_MALLOC_HUGE_FIRST));
  size_t free_after = 0, total_after = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free_after, &total_after));  // every attr reports the one pool
  EXPECT_EQ(total_after, total);
  EXPECT_EQ(free_before - free_after, size_t{1} << 20);
  ASSERT_ACL_OK(aclrtFree(p));
}

TEST_F(ConfMemory, GivenBadArgumentsWhenGetMemInfoThenInvalidParam) {
  size_t free_bytes = 0, total = 0;
  EXPECT_ACL_ERROR(aclrtGetMemInfo(ACL_HBM_MEM, nullptr, &total), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtGetMemInfo(static_cast<aclrtMemAttr>(99), &free_bytes, &total), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfMemory, GivenNoCurrentContextWhenMallocThenContextNull) {
  ASSERT_ACL_OK(aclrtResetDevice(0));
  device_set_ = false;
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(ConfMemory, GivenNullWhenFreeThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtFree");
}

TEST_F(ConfMemory, GivenFreedPointerWhenFreeAgainThenRtParamInvalid) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtFree(p));
  EXPECT_ACL_ERROR(aclrtFree(p), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("aclrtMalloc");
}

TEST_F(ConfMemory, GivenHostPointerWhenFreeThenRtParamInvalid) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  void* host = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&host, 64));
  EXPECT_ACL_ERROR(aclrtFree(host), ACL_ERROR_RT_PARAM_INVALID);
  int on_stack = 0;
  EXPECT_ACL_ERROR(aclrtFree(&on_stack), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtFreeHost(host));
}

TEST_F(ConfMemory, GivenSizeWhenMallocHostThenWritableZeroedMemory) {
  void* host = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&host, 256));
  ASSERT_NE(host, nullptr);
  EXPECT_EQ(static_cast<unsigned char*>(host)[255], 0);
  std::memset(host, 0x5A, 256);
  EXPECT_EQ(static_cast<unsigned char*>(host)[255], 0x5A);
  EXPECT_ACL_OK(aclrtFreeHost(host));
}

TEST_F(ConfMemory, GivenNoContextWhenMallocHostThenSuccess) {
  ASSERT_ACL_OK(aclrtResetDevice(0));
  device_set_ = false;
  void* host = nullptr;
  EXPECT_ACL_OK(aclrtMallocHost(&host, 16));
  EXPECT_ACL_OK(aclrtFreeHost(host));
}

TEST_F(ConfMemory, GivenBadArgumentsWhenMallocHostThenInvalidParam) {
  void* host = nullptr;
  EXPECT_ACL_ERROR(aclrtMallocHost(nullptr, 16), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtMallocHost");
  EXPECT_ACL_ERROR(aclrtMallocHost(&host, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(host, nullptr);
}

TEST_F(ConfMemory, GivenBadPointerWhenFreeHostThenError) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  EXPECT_ACL_ERROR(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtFreeHost");
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_ERROR(aclrtFreeHost(dev), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("aclrtMallocHost");
  void* host = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&host, 64));
  ASSERT_ACL_OK(aclrtFreeHost(host));
  EXPECT_ACL_ERROR(aclrtFreeHost(host), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtFree(dev));
}

TEST_F(ConfMemory, GivenDataWhenCopiedThroughDeviceThenRoundTripsExactly) {
  std::vector<unsigned char> src(4096), back(4096, 0);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i * 7 + 3);
  void* d1 = nullptr;
  void* d2 = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d1, src.size(), ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMalloc(&d2, src.size(), ACL_MEM_MALLOC_NORMAL_ONLY));
  EXPECT_ACL_OK(aclrtMemcpy(d1, src.size(), src.data(), src.size(), ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_ACL_OK(aclrtMemcpy(d2, src.size(), d1, src.size(), ACL_MEMCPY_DEVICE_TO_DEVICE));
  EXPECT_ACL_OK(aclrtMemcpy(back.data(), back.size(), d2, src.size(), ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(back, src);
  std::vector<unsigned char> h2h(4096, 0);
  EXPECT_ACL_OK(aclrtMemcpy(h2h.data(), h2h.size(), src.data(), src.size(), ACL_MEMCPY_HOST_TO_HOST));
  EXPECT_EQ(h2h, src);
  std::vector<unsigned char> dflt(4096, 0);
  EXPECT_ACL_OK(aclrtMemcpy(dflt.data(), dflt.size(), d1, src.size(), ACL_MEMCPY_DEFAULT));
  EXPECT_EQ(dflt, src);
  EXPECT_ACL_OK(aclrtFree(d1));
  EXPECT_ACL_OK(aclrtFree(d2));
}

TEST_F(ConfMemory, GivenPartialRangeInsideAllocationWhenMemcpyThenSuccess) {
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 128, ACL_MEM_MALLOC_HUGE_FIRST));
  const char text[] = "0123456789";
  auto* mid = static_cast<char*>(d) + 100;
  EXPECT_ACL_OK(aclrtMemcpy(mid, 28, text, 10, ACL_MEMCPY_HOST_TO_DEVICE));
  char back[10] = {};
  EXPECT_ACL_OK(aclrtMemcpy(back, sizeof(back), mid, 10, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(std::memcmp(back, text, 10), 0);
  EXPECT_ACL_OK(aclrtFree(d));
}

TEST_F(ConfMemory, GivenZeroCountWhenMemcpyThenSuccessEvenWithNullPointers) {
  EXPECT_ACL_OK(aclrtMemcpy(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE));
}

TEST_F(ConfMemory, GivenNullPointerWhenMemcpyThenInvalidParam) {
  char buf[8] = {};
  EXPECT_ACL_ERROR(aclrtMemcpy(nullptr, 8, buf, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtMemcpy");
  EXPECT_ACL_ERROR(aclrtMemcpy(buf, 8, nullptr, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfMemory, GivenUnknownKindWhenMemcpyThenInvalidParam) {
  char a[8] = {}, b[8] = {};
  EXPECT_ACL_ERROR(aclrtMemcpy(a, 8, b, 8, static_cast<aclrtMemcpyKind>(99)), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtMemcpyKind");
  EXPECT_ACL_ERROR(aclrtMemcpy(a, 8, b, 8, static_cast<aclrtMemcpyKind>(-1)), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfMemory, GivenCountAboveDestMaxWhenMemcpyThenRtParamInvalid) {
  // CANN: the runtime rejects count > destMax (rtMemcpy → 107000).
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  char src[64] = {};
  EXPECT_ACL_ERROR(aclrtMemcpy(d, 32, src, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("destMax");
  EXPECT_ACL_OK(aclrtFree(d));
}

TEST_F(ConfMemory, GivenHostMemoryForDeviceSideWhenMemcpyThenRtParamInvalid) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  char host_a[64] = {}, host_b[64] = {};
  EXPECT_ACL_ERROR(aclrtMemcpy(host_a, 64, host_b, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("destination");
  EXPECT_ACL_ERROR(aclrtMemcpy(host_a, 64, host_b, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("source");
  EXPECT_ACL_ERROR(aclrtMemcpy(host_a, 64, host_b, 64, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
}

TEST_F(ConfMemory, GivenCopyRunningPastAllocationEndWhenMemcpyThenRtParamInvalid) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  char src[128] = {};
  EXPECT_ACL_ERROR(aclrtMemcpy(d, 128, src, 128, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMemcpy(static_cast<char*>(d) + 32, 64, src, 64, ACL_MEMCPY_HOST_TO_DEVICE),
                   ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtFree(d));
}

TEST_F(ConfMemory, GivenFreedDeviceMemoryWhenMemcpyThenRtParamInvalid) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtFree(d));
  char src[64] = {};
  EXPECT_ACL_ERROR(aclrtMemcpy(d, 64, src, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
}

TEST_F(ConfMemory, GivenDeviceAndHostMemoryWhenMemsetThenBytesFilled) {
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 100, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_OK(aclrtMemset(d, 100, 0x1FF, 60));  // only the low byte is written
  std::vector<unsigned char> back(100, 0xEE);
  ASSERT_ACL_OK(aclrtMemcpy(back.data(), back.size(), d, 100, ACL_MEMCPY_DEVICE_TO_HOST));
  for (size_t i = 0; i < 60; ++i) ASSERT_EQ(back[i], 0xFF) << i;
  for (size_t i = 60; i < 100; ++i) ASSERT_EQ(back[i], 0x00) << i;
  void* host = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&host, 16));
  EXPECT_ACL_OK(aclrtMemset(host, 16, 7, 16));
  EXPECT_EQ(static_cast<unsigned char*>(host)[15], 7);
  EXPECT_ACL_OK(aclrtFreeHost(host));
  EXPECT_ACL_OK(aclrtFree(d));
}

TEST_F(ConfMemory, GivenZeroCountWhenMemsetThenSuccess) { EXPECT_ACL_OK(aclrtMemset(nullptr, 0, 0, 0)); }

TEST_F(ConfMemory, GivenNullWhenMemsetThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtMemset(nullptr, 16, 0, 16), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtMemset");
}

TEST_F(ConfMemory, GivenCountAboveMaxCountWhenMemsetThenRtParamInvalid) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_ERROR(aclrtMemset(d, 32, 0, 64), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("maxCount");
  EXPECT_ACL_OK(aclrtFree(d));
}

TEST_F(ConfMemory, GivenUnregisteredMemoryWhenMemsetThenRtParamInvalid) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  char local[16] = {};
  EXPECT_ACL_ERROR(aclrtMemset(local, 16, 1, 16), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(local[0], 0);
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_ERROR(aclrtMemset(static_cast<char*>(d) + 32, 64, 1, 64), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtFree(d));
}

TEST_F(ConfMemory, GivenMallocCachedThenMemoryAsAclrtMallocs) {
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMallocCached(&p, 1000, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_NE(p, nullptr);
  std::vector<unsigned char> in(1000, 0x3C);
  ASSERT_ACL_OK(aclrtMemcpy(p, 1000, in.data(), 1000, ACL_MEMCPY_HOST_TO_DEVICE));
  std::vector<unsigned char> out(1000, 0);
  ASSERT_ACL_OK(aclrtMemcpy(out.data(), 1000, p, 1000, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(out, in);
  // Flushing and invalidating leave the bytes as they are (nothing is cached
  // between host and simulated device).
  EXPECT_ACL_OK(aclrtMemFlush(p, 1000));
  EXPECT_ACL_OK(aclrtMemInvalidate(p, 1000));
  ASSERT_ACL_OK(aclrtMemcpy(out.data(), 1000, p, 1000, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(out, in);
  EXPECT_ACL_OK(aclrtFree(p));
  EXPECT_ACL_ERROR(aclrtMallocCached(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  void* q = nullptr;
  EXPECT_ACL_ERROR(aclrtMallocCached(&q, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(q, nullptr);
}

TEST_F(ConfMemory, GivenBadArgumentsWhenFlushOrInvalidateThenCannsCodes) {
  int x = 0;
  EXPECT_ACL_ERROR(aclrtMemFlush(nullptr, 64), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtMemFlush(&x, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("size is 0");
  EXPECT_ACL_ERROR(aclrtMemInvalidate(nullptr, 64), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtMemInvalidate(&x, 0), ACL_ERROR_INVALID_PARAM);
  // CANN checks no range, only that the thread has a context.
  ASSERT_ACL_OK(aclrtResetDevice(0));
  device_set_ = false;
  EXPECT_ACL_ERROR(aclrtMemFlush(&x, sizeof(x)), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_ACL_ERROR(aclrtMemInvalidate(&x, sizeof(x)), ACL_ERROR_RT_CONTEXT_NULL);
}

}  // namespace
