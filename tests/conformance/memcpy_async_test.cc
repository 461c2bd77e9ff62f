// Stream copies and memsets: aclrtMemcpyAsync, aclrtMemsetAsync,
// aclrtMallocAlign32. Data copied in comes back out unchanged through
// host-to-device, device-to-device and device-to-host copies; each copy is
// a task on its stream (MEMCPY_ASYNC / MEMSET_ASYNC) in stream order; and
// each bad input returns CANN's code.
#include <cstring>
#include <numeric>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

class ConfMemcpyAsync : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    ASSERT_ACL_OK(aclrtMalloc(&a_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMallocAlign32(&b_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  }
  void TearDown() override {
    if (a_ != nullptr) (void)aclrtFree(a_);
    if (b_ != nullptr) (void)aclrtFree(b_);
    if (stream_ != nullptr) (void)aclrtDestroyStream(stream_);
    AclDeviceTest::TearDown();
  }

  static constexpr size_t kBytes = 1 << 20;
  aclrtStream stream_ = nullptr;
  void* a_ = nullptr;
  void* b_ = nullptr;
};

TEST_F(ConfMemcpyAsync, GivenDataCopiedInThenItComesBackOutUnchanged) {
  std::vector<unsigned char> in(kBytes);
  std::iota(in.begin(), in.end(), static_cast<unsigned char>(7));
  std::vector<unsigned char> out(kBytes, 0);
  ASSERT_ACL_OK(aclrtMemcpyAsync(a_, kBytes, in.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream_));
  ASSERT_ACL_OK(aclrtMemcpyAsync(b_, kBytes, a_, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_));
  ASSERT_ACL_OK(aclrtMemcpyAsync(out.data(), kBytes, b_, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(out, in);
  // ACL_MEMCPY_DEFAULT takes the direction from the addresses.
  std::vector<unsigned char> again(kBytes, 0);
  ASSERT_ACL_OK(aclrtMemcpyAsync(again.data(), kBytes, b_, kBytes, ACL_MEMCPY_DEFAULT, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(again, in);
}

TEST_F(ConfMemcpyAsync, GivenMemsetAsyncThenTheBytesAreSet) {
  ASSERT_ACL_OK(aclrtMemsetAsync(a_, kBytes, 0x5A, 1000, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  std::vector<unsigned char> out(1001, 0);
  ASSERT_ACL_OK(aclrtMemcpy(out.data(), out.size(), a_, out.size(), ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(std::vector<unsigned char>(out.begin(), out.begin() + 1000), std::vector<unsigned char>(1000, 0x5A));
  EXPECT_EQ(out[1000], 0) << "one past count is untouched";
}

TEST_F(ConfMemcpyAsync, GivenBadInputsThenCannsCodes) {
  std::vector<unsigned char> host(64);
  // Zero bytes: success before any other check, even with NULL pointers.
  EXPECT_ACL_OK(aclrtMemcpyAsync(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE, stream_));
  EXPECT_ACL_OK(aclrtMemsetAsync(nullptr, 0, 0, 0, stream_));
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(nullptr, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE, stream_),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(a_, 64, host.data(), 64, static_cast<aclrtMemcpyKind>(6), stream_),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(a_, 32, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE, stream_),
                   ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("exceeds destMax");
  EXPECT_ACL_ERROR(aclrtMemsetAsync(a_, 32, 0, 64, stream_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtMemsetAsync(nullptr, 64, 0, 64, stream_), ACL_ERROR_INVALID_PARAM);
  std::vector<unsigned char> other(64);
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(other.data(), 64, host.data(), 64, ACL_MEMCPY_HOST_TO_HOST, stream_),
                   ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  // A "device" address that is not device memory.
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(other.data(), 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE, stream_),
                   ACL_ERROR_RT_PARAM_INVALID);
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMallocAlign32(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtMallocAlign32(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(b_) % 32, 0u);
}

#ifndef ACLSIM_CONFORMANCE_PORTABLE
TEST_F(ConfMemcpyAsync, GivenCopiesThenTheyAreTimedTasksInStreamOrder) {
  std::vector<unsigned char> host(kBytes);
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclrtMemcpyAsync(a_, kBytes, host.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream_));
  ASSERT_ACL_OK(aclrtMemcpyAsync(b_, kBytes, a_, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_));
  ASSERT_ACL_OK(aclrtMemsetAsync(a_, kBytes, 0, kBytes, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  size_t count = 0;
  uint64_t dropped = 0;
  ASSERT_ACL_OK(aclsimTraceGetCount(&count, &dropped));
  std::vector<aclsimTaskRecord> r(count);
  size_t written = 0;
  ASSERT_ACL_OK(aclsimTraceGetRecords(r.data(), r.size(), &written));
  ASSERT_EQ(written, 3u);
  EXPECT_STREQ(r[0].opType, "MEMCPY_ASYNC");
  EXPECT_STREQ(r[2].opType, "MEMSET_ASYNC");
  for (const auto& t : r) EXPECT_EQ(t.bytes, kBytes);
  // Ascend910B2: 2 us + 1 MiB over PCIe 5.0 x16 (63 GB/s); over HBM
  // (1.6 TB/s) read and written; written once.
  EXPECT_EQ(r[0].endNs - r[0].startNs, 2000u + 16645u);
  EXPECT_EQ(r[1].endNs - r[1].startNs, 2000u + 1311u);
  EXPECT_EQ(r[2].endNs - r[2].startNs, 2000u + 656u);
  EXPECT_EQ(r[1].startNs, r[0].endNs);
  EXPECT_EQ(r[2].startNs, r[1].endNs);
}
#endif

}  // namespace
