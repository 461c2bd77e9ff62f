// Tests of runtime::MemoryRegistry: allocation bookkeeping, capacity, and the
// range and kind checks behind aclrtMemcpy / aclrtMemset.
#include "runtime/memory.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>
#include "tests/testing/status_printers.h"

namespace aclsim::runtime {
namespace {

constexpr uint64_t kCap = 4096;

void* AllocOrDie(MemoryRegistry& reg, MemoryKind kind, int32_t dev, size_t size, uint64_t cap = kCap) {
  auto p = reg.Allocate(kind, dev, size, cap);
  EXPECT_TRUE(p.ok()) << p.status().ToString();
  return p.ok() ? *p : nullptr;
}

TEST(MemoryRegistry, GivenAllocationWhenReturnedThenZeroFilledAlignedAndCounted) {
  MemoryRegistry reg;
  void* p = AllocOrDie(reg, MemoryKind::kDevice, 0, 100);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
  const auto* bytes = static_cast<const unsigned char*>(p);
  for (int i = 0; i < 100; ++i) ASSERT_EQ(bytes[i], 0) << i;
  EXPECT_EQ(reg.DeviceBytesInUse(0), 100u);
  EXPECT_EQ(reg.DeviceBytesInUse(1), 0u);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, p).code(), StatusCode::kOk);
  EXPECT_EQ(reg.DeviceBytesInUse(0), 0u);
}

TEST(MemoryRegistry, GivenZeroSizeWhenAllocateThenInvalidParam) {
  MemoryRegistry reg;
  EXPECT_EQ(reg.Allocate(MemoryKind::kDevice, 0, 0, kCap).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg.Allocate(MemoryKind::kHost, -1, 0, UINT64_MAX).status().code(), StatusCode::kInvalidArgument);
}

TEST(MemoryRegistry, GivenDoubleFreeWhenFreeThenRtParamInvalid) {
  MemoryRegistry reg;
  void* p = AllocOrDie(reg, MemoryKind::kHost, -1, 32, UINT64_MAX);
  ASSERT_EQ(reg.Free(MemoryKind::kHost, p).code(), StatusCode::kOk);
  EXPECT_EQ(reg.Free(MemoryKind::kHost, p).code(), StatusCode::kInvalidArgument);
}

TEST(MemoryRegistry, GivenUnknownOrInteriorPointerWhenFreeThenRtParamInvalid) {
  MemoryRegistry reg;
  int local = 0;
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, &local).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, nullptr).code(), StatusCode::kInvalidArgument);
  void* p = AllocOrDie(reg, MemoryKind::kDevice, 0, 128);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, static_cast<char*>(p) + 8).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, p).code(), StatusCode::kOk);
}

TEST(MemoryRegistry, GivenWrongKindWhenFreeThenRtParamInvalidAndStillAllocated) {
  MemoryRegistry reg;
  void* dev = AllocOrDie(reg, MemoryKind::kDevice, 0, 64);
  void* host = AllocOrDie(reg, MemoryKind::kHost, -1, 64, UINT64_MAX);
  EXPECT_EQ(reg.Free(MemoryKind::kHost, dev).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, host).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg.DeviceBytesInUse(0), 64u);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, dev).code(), StatusCode::kOk);
  EXPECT_EQ(reg.Free(MemoryKind::kHost, host).code(), StatusCode::kOk);
}

TEST(MemoryRegistry, GivenCapacityWhenExceededThenRtMemoryAllocationPerDevice) {
  MemoryRegistry reg;
  void* a = AllocOrDie(reg, MemoryKind::kDevice, 0, 4000);
  EXPECT_EQ(reg.Allocate(MemoryKind::kDevice, 0, 97, kCap).status().detail(), Detail::kDeviceMemory);
  void* b = AllocOrDie(reg, MemoryKind::kDevice, 0, 96);  // exactly fills 4096
  EXPECT_EQ(reg.DeviceBytesInUse(0), 4096u);
  EXPECT_EQ(reg.Allocate(MemoryKind::kDevice, 0, 1, kCap).status().detail(), Detail::kDeviceMemory);
  // Another device has its own budget; host memory has none.
  void* c = AllocOrDie(reg, MemoryKind::kDevice, 1, 4096);
  void* h = AllocOrDie(reg, MemoryKind::kHost, -1, 8192, UINT64_MAX);
  EXPECT_EQ(reg.Allocate(MemoryKind::kDevice, 2, kCap + 1, kCap).status().detail(), Detail::kDeviceMemory);
  ASSERT_EQ(reg.Free(MemoryKind::kDevice, a).code(), StatusCode::kOk);
  void* d = AllocOrDie(reg, MemoryKind::kDevice, 0, 4000);
  for (void* p : {b, c, d}) EXPECT_EQ(reg.Free(MemoryKind::kDevice, p).code(), StatusCode::kOk);
  EXPECT_EQ(reg.Free(MemoryKind::kHost, h).code(), StatusCode::kOk);
}

TEST(MemoryRegistry, GivenFreeAllForDeviceThenOnlyThatDevicesMemoryReleased) {
  MemoryRegistry reg;
  void* a = AllocOrDie(reg, MemoryKind::kDevice, 0, 64);
  void* b = AllocOrDie(reg, MemoryKind::kDevice, 1, 64);
  void* h = AllocOrDie(reg, MemoryKind::kHost, -1, 64, UINT64_MAX);
  reg.FreeAll(0);
  EXPECT_EQ(reg.DeviceBytesInUse(0), 0u);
  EXPECT_EQ(reg.DeviceBytesInUse(1), 64u);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, a).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, b).code(), StatusCode::kOk);
  EXPECT_EQ(reg.Free(MemoryKind::kHost, h).code(), StatusCode::kOk);
}

// Device use is a running per-device count (Allocate is O(1), not a sum of
// every live allocation): it must follow every Allocate, Free and FreeAll.
TEST(MemoryRegistry, GivenManyLiveAllocationsThenBytesInUseFollowsAllocateFreeAndFreeAll) {
  MemoryRegistry reg;
  constexpr uint64_t kBig = uint64_t{1} << 40;
  std::vector<void*> live;
  for (size_t i = 1; i <= 2000; ++i)
    live.push_back(AllocOrDie(reg, MemoryKind::kDevice, static_cast<int32_t>(i % 2), i, kBig));
  void* h = AllocOrDie(reg, MemoryKind::kHost, -1, 4096, UINT64_MAX);
  EXPECT_EQ(reg.DeviceBytesInUse(0) + reg.DeviceBytesInUse(1), 2000u * 2001u / 2);
  EXPECT_EQ(reg.DeviceBytesInUse(1), 1000u * 1000u);  // the odd sizes 1, 3, ..., 1999
  for (size_t i = 0; i < live.size(); i += 2) ASSERT_EQ(reg.Free(MemoryKind::kDevice, live[i]).code(), StatusCode::kOk);
  EXPECT_EQ(reg.DeviceBytesInUse(1), 0u);
  EXPECT_EQ(reg.DeviceBytesInUse(0), 1000u * 1001u);  // the even sizes 2, 4, ..., 2000
  // The capacity check uses the same count.
  EXPECT_EQ(reg.Allocate(MemoryKind::kDevice, 0, 1, 1000u * 1001u).status().detail(), Detail::kDeviceMemory);
  void* exact = AllocOrDie(reg, MemoryKind::kDevice, 1, 1000u * 1001u, 1000u * 1001u);
  reg.FreeAll(0);
  EXPECT_EQ(reg.DeviceBytesInUse(0), 0u);
  EXPECT_EQ(reg.DeviceBytesInUse(1), 1000u * 1001u);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, exact).code(), StatusCode::kOk);
  EXPECT_EQ(reg.DeviceBytesInUse(1), 0u);
  EXPECT_EQ(reg.Free(MemoryKind::kHost, h).code(), StatusCode::kOk);
}

// Sizes near SIZE_MAX must not wrap: the 64-byte rounding of the host
// allocation, and the capacity sum of a device allocation.
TEST(MemoryRegistry, GivenSizeNearSizeMaxWhenAllocateThenRtMemoryAllocation) {
  MemoryRegistry reg;
  EXPECT_EQ(reg.Allocate(MemoryKind::kHost, -1, SIZE_MAX, UINT64_MAX).status().detail(), Detail::kDeviceMemory);
  EXPECT_EQ(reg.Allocate(MemoryKind::kHost, -1, SIZE_MAX - 62, UINT64_MAX).status().detail(), Detail::kDeviceMemory);
  void* a = AllocOrDie(reg, MemoryKind::kDevice, 0, 64, UINT64_MAX);
  EXPECT_EQ(reg.Allocate(MemoryKind::kDevice, 0, UINT64_MAX - 10, UINT64_MAX).status().detail(), Detail::kDeviceMemory);
  EXPECT_EQ(reg.DeviceBytesInUse(0), 64u);
  EXPECT_EQ(reg.Free(MemoryKind::kDevice, a).code(), StatusCode::kOk);
}

class MemoryCopyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dev_a_ = static_cast<char*>(AllocOrDie(reg_, MemoryKind::kDevice, 0, 128));
    dev_b_ = static_cast<char*>(AllocOrDie(reg_, MemoryKind::kDevice, 0, 128));
    host_ = static_cast<char*>(AllocOrDie(reg_, MemoryKind::kHost, -1, 128, UINT64_MAX));
    for (int i = 0; i < 128; ++i) plain_[i] = static_cast<char>(i);
  }
  MemoryRegistry reg_;
  char* dev_a_ = nullptr;
  char* dev_b_ = nullptr;
  char* host_ = nullptr;
  char plain_[128];
};

TEST_F(MemoryCopyTest, GivenEveryKindWithValidRangesWhenCopyThenBytesMoved) {
  ASSERT_EQ(reg_.Copy(dev_a_, 128, plain_, 128, CopyKind::kHostToDevice).code(), StatusCode::kOk);
  EXPECT_EQ(std::memcmp(dev_a_, plain_, 128), 0);
  ASSERT_EQ(reg_.Copy(dev_b_ + 64, 64, dev_a_, 64, CopyKind::kDeviceToDevice).code(), StatusCode::kOk);
  EXPECT_EQ(std::memcmp(dev_b_ + 64, plain_, 64), 0);
  char out[128] = {};
  ASSERT_EQ(reg_.Copy(out, sizeof(out), dev_b_ + 64, 64, CopyKind::kDeviceToHost).code(), StatusCode::kOk);
  EXPECT_EQ(std::memcmp(out, plain_, 64), 0);
  ASSERT_EQ(reg_.Copy(host_, 128, plain_ + 1, 100, CopyKind::kHostToHost).code(), StatusCode::kOk);
  EXPECT_EQ(host_[0], 1);
  EXPECT_EQ(reg_.Copy(host_, 128, dev_a_, 16, CopyKind::kDefault).code(), StatusCode::kOk);
}

TEST_F(MemoryCopyTest, GivenCountAboveDestMaxWhenCopyThenRtParamInvalid) {
  EXPECT_EQ(reg_.Copy(dev_a_, 16, plain_, 17, CopyKind::kHostToDevice).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg_.Copy(host_, 0, plain_, 1, CopyKind::kHostToHost).code(), StatusCode::kInvalidArgument);
  // Checked before anything else, including dst == src.
  EXPECT_EQ(reg_.Copy(dev_a_, 1, dev_a_, 2, CopyKind::kDeviceToDevice).code(), StatusCode::kInvalidArgument);
}

TEST_F(MemoryCopyTest, GivenRangeOutsideDeviceAllocationWhenCopyThenRtParamInvalid) {
  // Destination runs one byte past the allocation.
  EXPECT_EQ(reg_.Copy(dev_a_ + 1, 128, plain_, 128, CopyKind::kHostToDevice).code(), StatusCode::kInvalidArgument);
  // Source runs one byte past the allocation.
  char out[256];
  EXPECT_EQ(reg_.Copy(out, sizeof(out), dev_a_, 129, CopyKind::kDeviceToHost).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg_.Copy(dev_b_, 128, dev_a_ + 64, 65, CopyKind::kDeviceToDevice).code(), StatusCode::kInvalidArgument);
}

TEST_F(MemoryCopyTest, GivenWrongKindForPointersWhenCopyThenRtParamInvalid) {
  char out[128];
  // Host-to-device into plain host memory / into aclrtMallocHost memory.
  EXPECT_EQ(reg_.Copy(out, 128, plain_, 16, CopyKind::kHostToDevice).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg_.Copy(host_, 128, plain_, 16, CopyKind::kHostToDevice).code(), StatusCode::kInvalidArgument);
  // Device-to-host from non-device memory.
  EXPECT_EQ(reg_.Copy(out, 128, plain_, 16, CopyKind::kDeviceToHost).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg_.Copy(out, 128, host_, 16, CopyKind::kDeviceToHost).code(), StatusCode::kInvalidArgument);
  // Device-to-device with either side on the host.
  EXPECT_EQ(reg_.Copy(dev_a_, 128, host_, 16, CopyKind::kDeviceToDevice).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg_.Copy(host_, 128, dev_a_, 16, CopyKind::kDeviceToDevice).code(), StatusCode::kInvalidArgument);
}

TEST_F(MemoryCopyTest, GivenFreedDeviceMemoryWhenCopyThenRtParamInvalid) {
  ASSERT_EQ(reg_.Free(MemoryKind::kDevice, dev_b_).code(), StatusCode::kOk);
  EXPECT_EQ(reg_.Copy(dev_b_, 16, plain_, 16, CopyKind::kHostToDevice).code(), StatusCode::kInvalidArgument);
}

TEST_F(MemoryCopyTest, GivenSetInsideAllocationThenBytesWrittenAndBoundsChecked) {
  ASSERT_EQ(reg_.Set(dev_a_ + 8, 120, 0xAB, 120).code(), StatusCode::kOk);
  EXPECT_EQ(static_cast<unsigned char>(dev_a_[7]), 0u);
  EXPECT_EQ(static_cast<unsigned char>(dev_a_[8]), 0xABu);
  EXPECT_EQ(static_cast<unsigned char>(dev_a_[127]), 0xABu);
  ASSERT_EQ(reg_.Set(host_, 128, 7, 128).code(), StatusCode::kOk);
  EXPECT_EQ(host_[127], 7);
  // count > maxCount.
  EXPECT_EQ(reg_.Set(dev_a_, 4, 1, 5).code(), StatusCode::kInvalidArgument);
  // Past the end of the allocation.
  EXPECT_EQ(reg_.Set(dev_a_ + 8, 128, 1, 121).code(), StatusCode::kInvalidArgument);
  // Not memory from the registry.
  EXPECT_EQ(reg_.Set(plain_, 128, 1, 4).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(plain_[0], 0);
}

// A count whose end address wraps around must not pass the range check
// (it used to: addr + count overflowed, and the memset ran off the heap).
TEST_F(MemoryCopyTest, GivenCountThatWrapsTheAddressSpaceThenRtParamInvalid) {
  const size_t huge = SIZE_MAX - 8;
  EXPECT_EQ(reg_.Set(dev_a_, SIZE_MAX, 0, huge).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg_.Copy(dev_a_, SIZE_MAX, host_, huge, CopyKind::kHostToDevice).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(reg_.Copy(host_, SIZE_MAX, dev_a_ + 1, huge, CopyKind::kDeviceToHost).code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace aclsim::runtime
