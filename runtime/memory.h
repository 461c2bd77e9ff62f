// Host-backed device and host memory, tracked so that copies can be checked.
//
// aclrtMalloc returns host memory standing in for device memory; each
// allocation is recorded with its device and size so aclrtFree/aclrtMemcpy can
// reject unknown pointers and out-of-range copies, and per-device use can be
// held to the profile's memory size. Thread-safe.
#ifndef ACLSIM_RUNTIME_MEMORY_H_
#define ACLSIM_RUNTIME_MEMORY_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "runtime/status.h"

namespace aclsim::runtime {

enum class MemoryKind : uint8_t { kDevice, kHost };
enum class CopyKind : uint8_t {
  kHostToHost = 0,
  kHostToDevice = 1,
  kDeviceToHost = 2,
  kDeviceToDevice = 3,
  kDefault = 4
};

class MemoryRegistry {
 public:
  MemoryRegistry() = default;
  ~MemoryRegistry();
  MemoryRegistry(const MemoryRegistry&) = delete;
  MemoryRegistry& operator=(const MemoryRegistry&) = delete;

  // Allocates |size| bytes (zero-filled, 64-byte aligned). |capacity_bytes|
  // bounds the device's total; exceeding it → kDeviceMemory.
  StatusOr<void*> Allocate(MemoryKind kind, int32_t device_id, size_t size, uint64_t capacity_bytes);
  // Unknown pointer or wrong kind → kInvalidArgument.
  Status Free(MemoryKind kind, void* ptr);
  // Checks that [dst, dst+count) and [src, src+count) lie in memory of the
  // kind |copy| requires, then copies. count > dest_max → kInvalidArgument.
  Status Copy(void* dst, size_t dest_max, const void* src, size_t count, CopyKind copy);
  Status Set(void* dst, size_t max_count, int value, size_t count);
  // Frees the device memory of |device_id|, or everything for -1 (aclFinalize).
  // aclrtResetDevice does not call it: as in CANN, memory stays valid until
  // aclrtFree or aclFinalize.
  void FreeAll(int32_t device_id);
  uint64_t DeviceBytesInUse(int32_t device_id) const;
  // The direction of a copy from |src| to |dst| of |count| bytes as the
  // addresses say (device memory from Allocate, anything else host).
  CopyKind Direction(const void* dst, const void* src, size_t count) const;

 private:
  struct Allocation {
    size_t size;
    MemoryKind kind;
    int32_t device_id;
  };
  // Allocation containing [p, p+n), or nullptr. Requires mu_.
  const Allocation* FindRange(const void* p, size_t n) const;
  // Removes a device allocation from device_bytes_. Requires mu_.
  void Untrack(const Allocation& a);

  mutable std::mutex mu_;
  std::map<uintptr_t, Allocation> allocations_;
  // Bytes of live device allocations per device: Allocate checks the
  // capacity in O(1) instead of summing every allocation.
  std::unordered_map<int32_t, uint64_t> device_bytes_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_MEMORY_H_
