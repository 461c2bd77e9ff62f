// 2D copies: aclrtMemcpy2d and aclrtMemcpy2dAsync (hicann/runtime
// docs/zh/api_ref/11-03_memory_copy_and_set.md). |height| rows of |width|
// bytes move from src + i*spitch to dst + i*dpitch and nothing between the
// rows is touched; the synchronous copy is host to device or device to host,
// the stream copy also device to device, as one MEMCPY_ASYNC task; each bad
// input returns CANN's code (its acl layer: 100000; its runtime layer's
// bounds and directions: 107000, 207000).
#include <cstring>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

constexpr size_t kWidth = 16;
constexpr size_t kHeight = 8;
constexpr unsigned char kUntouched = 0xEE;

class ConfMemcpy2d : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    ASSERT_ACL_OK(aclrtMalloc(&a_, kDeviceBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMalloc(&b_, kDeviceBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMemset(a_, kDeviceBytes, kUntouched, kDeviceBytes));
    ASSERT_ACL_OK(aclrtMemset(b_, kDeviceBytes, kUntouched, kDeviceBytes));
  }
  void TearDown() override {
    if (a_ != nullptr) (void)aclrtFree(a_);
    if (b_ != nullptr) (void)aclrtFree(b_);
    if (stream_ != nullptr) (void)aclrtDestroyStream(stream_);
    AclDeviceTest::TearDown();
  }

  // A host matrix of kHeight rows of |pitch| bytes: row r holds r*kWidth + c
  // in its first kWidth bytes, kUntouched after them.
  static std::vector<unsigned char> Matrix(size_t pitch) {
    std::vector<unsigned char> m(pitch * kHeight, kUntouched);
    for (size_t r = 0; r < kHeight; ++r) {
      for (size_t c = 0; c < kWidth; ++c) m[r * pitch + c] = static_cast<unsigned char>(r * kWidth + c);
    }
    return m;
  }
  // The bytes of a device buffer.
  static std::vector<unsigned char> Read(const void* device, size_t n) {
    std::vector<unsigned char> out(n, 0);
    EXPECT_ACL_OK(aclrtMemcpy(out.data(), n, device, n, ACL_MEMCPY_DEVICE_TO_HOST));
    return out;
  }

  static constexpr size_t kDeviceBytes = 4096;
  aclrtStream stream_ = nullptr;
  void* a_ = nullptr;
  void* b_ = nullptr;
};

TEST_F(ConfMemcpy2d, GivenRowsCopiedInAndOutThenOnlyTheRowsMove) {
  const std::vector<unsigned char> in = Matrix(24);
  ASSERT_ACL_OK(aclrtMemcpy2d(a_, 32, in.data(), 24, kWidth, kHeight, ACL_MEMCPY_HOST_TO_DEVICE));
  // On the device: rows of 32 bytes, the last 16 of each untouched.
  const std::vector<unsigned char> device = Read(a_, 32 * kHeight + 1);
  for (size_t r = 0; r < kHeight; ++r) {
    for (size_t c = 0; c < 32; ++c) {
      const unsigned char want = c < kWidth ? static_cast<unsigned char>(r * kWidth + c) : kUntouched;
      ASSERT_EQ(device[r * 32 + c], want) << "row " << r << " byte " << c;
    }
  }
  EXPECT_EQ(device[32 * kHeight], kUntouched) << "past the last row";
  // Back out to a host matrix of its own pitch: the same rows.
  std::vector<unsigned char> out(20 * kHeight, kUntouched);
  ASSERT_ACL_OK(aclrtMemcpy2d(out.data(), 20, a_, 32, kWidth, kHeight, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(out, Matrix(20));
  // ACL_MEMCPY_DEFAULT takes the direction from the addresses.
  std::vector<unsigned char> again(20 * kHeight, kUntouched);
  ASSERT_ACL_OK(aclrtMemcpy2d(again.data(), 20, a_, 32, kWidth, kHeight, ACL_MEMCPY_DEFAULT));
  EXPECT_EQ(again, Matrix(20));
}

TEST_F(ConfMemcpy2d, GivenStreamCopiesThenRowsGoInAcrossAndOutInStreamOrder) {
  const std::vector<unsigned char> in = Matrix(kWidth);
  ASSERT_ACL_OK(aclrtMemcpy2dAsync(a_, 48, in.data(), kWidth, kWidth, kHeight, ACL_MEMCPY_HOST_TO_DEVICE, stream_));
  ASSERT_ACL_OK(aclrtMemcpy2dAsync(b_, 64, a_, 48, kWidth, kHeight, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_));
  std::vector<unsigned char> out(40 * kHeight, kUntouched);
  ASSERT_ACL_OK(aclrtMemcpy2dAsync(out.data(), 40, b_, 64, kWidth, kHeight, ACL_MEMCPY_DEVICE_TO_HOST, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(out, Matrix(40));
  const std::vector<unsigned char> device = Read(b_, 64 * kHeight);
  for (size_t r = 0; r < kHeight; ++r) {
    EXPECT_EQ(device[r * 64 + kWidth], kUntouched) << "row " << r << " past its width";
  }
  std::vector<unsigned char> again(40 * kHeight, kUntouched);
  ASSERT_ACL_OK(aclrtMemcpy2dAsync(again.data(), 40, b_, 64, kWidth, kHeight, ACL_MEMCPY_DEFAULT, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(again, Matrix(40));
}

TEST_F(ConfMemcpy2d, GivenBadInputsThenCannsCodes) {
  std::vector<unsigned char> host(4096);
  std::vector<unsigned char> other(4096);
  for (const bool async : {false, true}) {
    SCOPED_TRACE(async ? "aclrtMemcpy2dAsync" : "aclrtMemcpy2d");
    auto copy = [&](void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                    aclrtMemcpyKind kind) {
      return async ? aclrtMemcpy2dAsync(dst, dpitch, src, spitch, width, height, kind, stream_)
                   : aclrtMemcpy2d(dst, dpitch, src, spitch, width, height, kind);
    };
    // A zero width or height: success before any other check.
    EXPECT_ACL_OK(copy(nullptr, 0, nullptr, 0, 0, kHeight, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ACL_OK(copy(nullptr, 0, nullptr, 0, kWidth, 0, ACL_MEMCPY_HOST_TO_DEVICE));
    EXPECT_ACL_ERROR(copy(nullptr, 32, host.data(), 32, kWidth, kHeight, ACL_MEMCPY_HOST_TO_DEVICE),
                     ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_ERROR(copy(a_, 32, nullptr, 32, kWidth, kHeight, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_ERROR(copy(a_, 32, host.data(), 8, kWidth, kHeight, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_RECENT_ERR_HAS("width must not exceed spitch or dpitch");
    EXPECT_ACL_ERROR(copy(a_, 8, host.data(), 32, kWidth, kHeight, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_ERROR(copy(other.data(), 32, host.data(), 32, kWidth, kHeight, ACL_MEMCPY_HOST_TO_HOST),
                     ACL_ERROR_INVALID_PARAM);
    // The runtime's bounds: 5 * 1024 * 1024 rows, 5000000 bytes a row.
    EXPECT_ACL_ERROR(copy(a_, 32, host.data(), 32, kWidth, 5242881, ACL_MEMCPY_HOST_TO_DEVICE),
                     ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_ACL_ERROR(copy(a_, 5000001, host.data(), 5000001, 5000001, 1, ACL_MEMCPY_HOST_TO_DEVICE),
                     ACL_ERROR_RT_PARAM_INVALID);
    // Rows that run past the device allocation: nothing moves.
    EXPECT_ACL_ERROR(copy(a_, 1024, host.data(), 16, kWidth, kHeight, ACL_MEMCPY_HOST_TO_DEVICE),
                     ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_RECENT_ERR_HAS("destination range is not inside device memory");
    EXPECT_EQ(Read(a_, 1)[0], kUntouched);
    // A "device" address that is not device memory.
    EXPECT_ACL_ERROR(copy(other.data(), 32, host.data(), 32, kWidth, kHeight, ACL_MEMCPY_HOST_TO_DEVICE),
                     ACL_ERROR_RT_PARAM_INVALID);
    // Host to host by the addresses.
    EXPECT_ACL_ERROR(copy(other.data(), 32, host.data(), 32, kWidth, kHeight, ACL_MEMCPY_DEFAULT),
                     ACL_ERROR_RT_PARAM_INVALID);
  }
  // The synchronous copy has no device-to-device form.
  EXPECT_ACL_ERROR(aclrtMemcpy2d(b_, 32, a_, 32, kWidth, kHeight, ACL_MEMCPY_DEVICE_TO_DEVICE),
                   ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_ACL_ERROR(aclrtMemcpy2d(b_, 32, a_, 32, kWidth, kHeight, ACL_MEMCPY_DEFAULT), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(Read(b_, 1)[0], kUntouched);
}

#ifndef ACLSIM_CONFORMANCE_PORTABLE
TEST_F(ConfMemcpy2d, GivenAStreamCopyThenOneTaskOfWidthTimesHeightBytes) {
  const std::vector<unsigned char> in = Matrix(kWidth);
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclrtMemcpy2dAsync(a_, 48, in.data(), kWidth, kWidth, kHeight, ACL_MEMCPY_HOST_TO_DEVICE, stream_));
  ASSERT_ACL_OK(aclrtMemcpy2dAsync(b_, 64, a_, 48, kWidth, kHeight, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  size_t count = 0;
  uint64_t dropped = 0;
  ASSERT_ACL_OK(aclsimTraceGetCount(&count, &dropped));
  std::vector<aclsimTaskRecord> r(count);
  size_t written = 0;
  ASSERT_ACL_OK(aclsimTraceGetRecords(r.data(), r.size(), &written));
  ASSERT_EQ(written, 2u);
  for (const auto& t : r) {
    EXPECT_STREQ(t.opType, "MEMCPY_ASYNC");
    EXPECT_EQ(t.bytes, kWidth * kHeight);
  }
  EXPECT_EQ(r[1].startNs, r[0].endNs);
}
#endif

}  // namespace
