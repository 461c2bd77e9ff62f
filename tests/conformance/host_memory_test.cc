// Host memory registered for the device (aclrtHostRegister,
// aclrtHostRegisterV2, aclrtHostGetDevicePointer, aclrtHostUnregister) and
// managed memory (aclrtMemAllocManaged).
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

// Page-aligned pageable host memory.
class PageableBuffer {
 public:
  explicit PageableBuffer(size_t size) : size_(size) {
    void* p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ptr_ = p == MAP_FAILED ? nullptr : p;
  }
  ~PageableBuffer() {
    if (ptr_ != nullptr) ::munmap(ptr_, size_);
  }
  PageableBuffer(const PageableBuffer&) = delete;
  PageableBuffer& operator=(const PageableBuffer&) = delete;
  void* get() const { return ptr_; }

 private:
  void* ptr_ = nullptr;
  size_t size_ = 0;
};

class ConfHostMemory : public AclDeviceTest {};

TEST_F(ConfHostMemory, GivenMappedRegistrationThenDevicePointerUntilUnregistered) {
  PageableBuffer buffer(8192);
  ASSERT_NE(buffer.get(), nullptr);
  ASSERT_ACL_OK(aclrtHostRegisterV2(buffer.get(), 8192, ACL_HOST_REG_MAPPED | ACL_HOST_REG_PINNED));
  void* device = nullptr;
  ASSERT_ACL_OK(aclrtHostGetDevicePointer(buffer.get(), &device, 0));
  EXPECT_EQ(device, buffer.get());
  // Inside the range as well.
  ASSERT_ACL_OK(aclrtHostGetDevicePointer(static_cast<char*>(buffer.get()) + 100, &device, 0));
  EXPECT_EQ(device, static_cast<char*>(buffer.get()) + 100);
  // Overlapping ranges are refused.
  EXPECT_ACL_ERROR(aclrtHostRegisterV2(static_cast<char*>(buffer.get()) + 4096, 4096, ACL_HOST_REG_MAPPED),
                   ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
  ASSERT_ACL_OK(aclrtHostUnregister(buffer.get()));
  EXPECT_ACL_ERROR(aclrtHostGetDevicePointer(buffer.get(), &device, 0), ACL_ERROR_HOST_MEMORY_NOT_REGISTERED);
  EXPECT_ACL_ERROR(aclrtHostUnregister(buffer.get()), ACL_ERROR_HOST_MEMORY_NOT_REGISTERED);
}

TEST_F(ConfHostMemory, GivenPinnedOnlyRegistrationThenNoDevicePointer) {
  PageableBuffer buffer(4096);
  ASSERT_ACL_OK(aclrtHostRegisterV2(buffer.get(), 4096, ACL_HOST_REG_PINNED));
  void* device = nullptr;
  EXPECT_ACL_ERROR(aclrtHostGetDevicePointer(buffer.get(), &device, 0), ACL_ERROR_HOST_MEMORY_NOT_REGISTERED);
  EXPECT_ACL_OK(aclrtHostUnregister(buffer.get()));
}

TEST_F(ConfHostMemory, GivenV1RegistrationThenDevicePointerReturnedAtOnce) {
  PageableBuffer buffer(4096);
  void* device = nullptr;
  ASSERT_ACL_OK(aclrtHostRegister(buffer.get(), 4096, ACL_HOST_REGISTER_MAPPED, &device));
  EXPECT_EQ(device, buffer.get());
  EXPECT_ACL_ERROR(aclrtHostRegister(buffer.get(), 4096, ACL_HOST_REGISTER_IOMEMORY, &device),
                   ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_ACL_OK(aclrtHostUnregister(buffer.get()));
}

TEST_F(ConfHostMemory, GivenBadArgumentsThenErrors) {
  PageableBuffer buffer(8192);
  char* p = static_cast<char*>(buffer.get());
  EXPECT_ACL_ERROR(aclrtHostRegisterV2(nullptr, 4096, ACL_HOST_REG_MAPPED), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtHostRegisterV2(p, 0, ACL_HOST_REG_MAPPED), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtHostRegisterV2(p, 4096, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtHostRegisterV2(p, 4096, 0x1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtHostRegisterV2(p, 4096, ACL_HOST_REG_READONLY), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_ACL_ERROR(aclrtHostRegisterV2(p + 8, 4096, ACL_HOST_REG_MAPPED), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("page");
  void* pinned = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&pinned, 4096));
  EXPECT_ACL_ERROR(aclrtHostRegisterV2(pinned, 4096, ACL_HOST_REG_PINNED), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("aclrtMallocHost");
  EXPECT_ACL_OK(aclrtFreeHost(pinned));
  void* device = nullptr;
  EXPECT_ACL_ERROR(aclrtHostGetDevicePointer(p, &device, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtHostGetDevicePointer(nullptr, &device, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtHostUnregister(nullptr), ACL_ERROR_INVALID_PARAM);
  // Nothing was registered by the failures.
  EXPECT_ACL_OK(aclrtHostRegisterV2(p, 8192, ACL_HOST_REG_MAPPED));
  EXPECT_ACL_OK(aclrtHostUnregister(p));
}

TEST_F(ConfHostMemory, GivenManagedMemoryThenHostAndDeviceSeeTheSameBytes) {
  void* managed = nullptr;
  ASSERT_ACL_OK(aclrtMemAllocManaged(&managed, 256, ACL_RT_MEM_ATTACH_GLOBAL));
  auto* bytes = static_cast<unsigned char*>(managed);
  EXPECT_EQ(bytes[0], 0);  // zero-filled, written by the host directly
  bytes[3] = 42;
  std::vector<unsigned char> host(4);
  ASSERT_ACL_OK(aclrtMemcpy(host.data(), 4, managed, 4, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host[3], 42);
  const unsigned char seven = 7;
  ASSERT_ACL_OK(aclrtMemcpy(bytes + 10, 1, &seven, 1, ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_EQ(bytes[10], 7);
  size_t free_bytes = 0, total = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total));
  EXPECT_EQ(total - free_bytes, 256u);
  EXPECT_ACL_OK(aclrtFree(managed));
  EXPECT_ACL_ERROR(aclrtMemAllocManaged(&managed, 256, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtMemAllocManaged(&managed, 0, ACL_RT_MEM_ATTACH_GLOBAL), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtMemAllocManaged(nullptr, 256, ACL_RT_MEM_ATTACH_GLOBAL), ACL_ERROR_INVALID_PARAM);
}

}  // namespace
