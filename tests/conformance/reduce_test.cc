// Built-in SDMA reduction (aclrtReduceAsync): results computed in device
// memory in stream order, CANN's codes for its checks.
#include <cstdint>
#include <cstring>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

class ConfReduce : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
  }
  void TearDown() override {
    for (void* p : buffers_) (void)aclrtFree(p);
    if (stream_ != nullptr) (void)aclrtDestroyStream(stream_);
    AclDeviceTest::TearDown();
  }
  template <typename T>
  void* Device(const std::vector<T>& values) {
    void* p = nullptr;
    const size_t size = values.size() * sizeof(T);
    EXPECT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_ACL_OK(aclrtMemcpy(p, size, values.data(), size, ACL_MEMCPY_HOST_TO_DEVICE));
    buffers_.push_back(p);
    return p;
  }
  template <typename T>
  std::vector<T> Host(const void* p, size_t n) {
    std::vector<T> out(n);
    EXPECT_ACL_OK(aclrtMemcpy(out.data(), n * sizeof(T), p, n * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST));
    return out;
  }
  template <typename T>
  std::vector<T> Reduce(const std::vector<T>& dst, const std::vector<T>& src, aclrtReduceKind kind, aclDataType type) {
    void* d = Device(dst);
    void* s = Device(src);
    EXPECT_ACL_OK(aclrtReduceAsync(d, s, dst.size() * sizeof(T), kind, type, stream_, nullptr));
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
    return Host<T>(d, dst.size());
  }

  aclrtStream stream_ = nullptr;
  std::vector<void*> buffers_;
};

TEST_F(ConfReduce, GivenFloatsWhenSumMaxMinThenElementwiseResultInDst) {
  const std::vector<float> a = {1.0f, -2.0f, 3.5f, 4.0f};
  const std::vector<float> b = {1.0f, 2.0f, -3.0f, 0.25f};
  EXPECT_EQ(Reduce(a, b, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT), (std::vector<float>{2.0f, 0.0f, 0.5f, 4.25f}));
  EXPECT_EQ(Reduce(a, b, ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX, ACL_FLOAT), (std::vector<float>{1.0f, 2.0f, 3.5f, 4.0f}));
  EXPECT_EQ(Reduce(a, b, ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN, ACL_FLOAT), (std::vector<float>{1.0f, -2.0f, -3.0f, 0.25f}));
}

TEST_F(ConfReduce, GivenIntegersWhenSumThenTwosComplementWrap) {
  EXPECT_EQ(Reduce<int8_t>({100, -100, 5}, {100, -100, -7}, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_INT8),
            (std::vector<int8_t>{-56, 56, -2}));
  EXPECT_EQ(Reduce<int16_t>({30000, -3}, {10000, 9}, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_INT16),
            (std::vector<int16_t>{-25536, 6}));
  EXPECT_EQ(Reduce<int32_t>({INT32_MAX, 7}, {1, -9}, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_INT32),
            (std::vector<int32_t>{INT32_MIN, -2}));
  EXPECT_EQ(Reduce<int32_t>({5, -5}, {-6, 6}, ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX, ACL_INT32),
            (std::vector<int32_t>{5, 6}));
  EXPECT_EQ(Reduce<int16_t>({5, -5}, {-6, 6}, ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN, ACL_INT16),
            (std::vector<int16_t>{-6, -5}));
}

TEST_F(ConfReduce, GivenHalfAndBfloatWhenSumThenRoundedToNearestEven) {
  // float16: 1.0 = 0x3C00, 2.0 = 0x4000, 3.0 = 0x4200; 2048 + 1 rounds to
  // 2048 (0x6800, ties to even); 65504 + 65504 overflows to +inf (0x7C00).
  EXPECT_EQ(Reduce<uint16_t>({0x3C00, 0x6800, 0x7BFF}, {0x4000, 0x3C00, 0x7BFF}, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                             ACL_FLOAT16),
            (std::vector<uint16_t>{0x4200, 0x6800, 0x7C00}));
  // bfloat16: 1.0 = 0x3F80, 2.0 = 0x4000, 3.0 = 0x4040; 256 + 1 rounds to 256
  // (0x4380); max(-1, 0.5) = 0.5 (0x3F00).
  EXPECT_EQ(Reduce<uint16_t>({0x3F80, 0x4380}, {0x4000, 0x3F80}, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_BF16),
            (std::vector<uint16_t>{0x4040, 0x4380}));
  EXPECT_EQ(Reduce<uint16_t>({0xBF80}, {0x3F00}, ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX, ACL_BF16),
            (std::vector<uint16_t>{0x3F00}));
}

TEST_F(ConfReduce, GivenCopyThenReduceOnOneStreamWhenSynchronizedThenReduceSawTheCopy) {
  std::vector<float> ones(8, 1.0f), threes(8, 3.0f);
  void* dst = Device(ones);
  void* src = Device(ones);
  void* staged = Device(threes);
  ASSERT_ACL_OK(aclrtMemcpyAsync(src, 32, staged, 32, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_));
  ASSERT_ACL_OK(aclrtReduceAsync(dst, src, 32, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, nullptr));
  ASSERT_ACL_OK(aclrtReduceAsync(dst, src, 32, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(Host<float>(dst, 8), std::vector<float>(8, 7.0f));
}

TEST_F(ConfReduce, GivenBadArgumentsThenInvalidParam) {
  void* d = Device(std::vector<float>(4, 0.0f));
  void* s = Device(std::vector<float>(4, 0.0f));
  EXPECT_ACL_ERROR(aclrtReduceAsync(nullptr, s, 16, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("dst");
  EXPECT_ACL_ERROR(aclrtReduceAsync(d, nullptr, 16, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  int reserve = 0;
  EXPECT_ACL_ERROR(aclrtReduceAsync(d, s, 16, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, &reserve),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("reserve");
  EXPECT_ACL_ERROR(aclrtReduceAsync(d, s, 16, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_INT64, stream_, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("type");
  EXPECT_ACL_ERROR(aclrtReduceAsync(d, s, 16, static_cast<aclrtReduceKind>(3), ACL_FLOAT, stream_, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("kind");
  EXPECT_ACL_ERROR(aclrtReduceAsync(d, s, 16, ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL, ACL_FLOAT, stream_, nullptr),
                   ACL_ERROR_API_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("EQUAL");
}

TEST_F(ConfReduce, GivenRangeOutsideDeviceMemoryThenRuntimeParamInvalidAndDstUnchanged) {
  ACLSIM_SIM_ONLY();  // the simulator's range checks of host-backed device memory
  void* d = Device(std::vector<float>(4, 1.0f));
  void* s = Device(std::vector<float>(4, 1.0f));
  std::vector<float> host(4, 1.0f);
  EXPECT_ACL_ERROR(aclrtReduceAsync(d, s, 32, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, nullptr),
                   ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtReduceAsync(d, host.data(), 16, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, nullptr),
                   ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtReduceAsync(d, s, 6, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream_, nullptr),
                   ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(Host<float>(d, 4), std::vector<float>(4, 1.0f));
}

}  // namespace
