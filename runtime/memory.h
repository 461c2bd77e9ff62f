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
#include <utility>
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

// An SDMA reduction (aclrtReduceAsync): dst[i] = dst[i] op src[i] over the
// elements of |type|. The element types are those CANN's aclrtReduceAsync
// page lists for Atlas A2/A3 products.
enum class ReduceOp : uint8_t { kSum, kMax, kMin };
enum class ReduceType : uint8_t { kInt8, kInt16, kInt32, kFloat16, kFloat32, kBfloat16 };
size_t ReduceTypeSize(ReduceType type);

// A 2D copy (aclrtMemcpy2d, aclrtMemcpy2dAsync): |height| rows of |width|
// bytes, row i from src + i*spitch to dst + i*dpitch.
struct Copy2D {
  void* dst = nullptr;
  size_t dpitch = 0;
  const void* src = nullptr;
  size_t spitch = 0;
  size_t width = 0;
  size_t height = 0;
  // The bytes the rows span from dst (dst_span) and from src (src_span):
  // (height - 1) * pitch + width, or SIZE_MAX when that overflows.
  size_t dst_span() const { return Span(dpitch); }
  size_t src_span() const { return Span(spitch); }

 private:
  size_t Span(size_t pitch) const;
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
  // Checks that the spans of |copy|'s rows lie in memory of the kind |kind|
  // requires, as Copy does, then copies row by row (kInvalidArgument when a
  // span overflows or lies outside such memory; no byte moves then).
  Status CopyRows(const Copy2D& copy, CopyKind kind);
  // Checks that [dst, dst+count) and [src, src+count) lie in device memory
  // of |device_id| and that count is a whole number of elements, then
  // reduces src into dst (float types through float arithmetic, rounded to
  // nearest even; integers wrap). Else kInvalidArgument.
  Status Reduce(void* dst, const void* src, size_t count, ReduceOp op, ReduceType type, int32_t device_id);
  // Sharing device memory between processes (runtime/ipc_memory.h). Device
  // memory lives in whole pages of its own mapping, so an allocation can be
  // moved, in place, onto a memory file another process maps: Share puts the
  // allocation holding [ptr, ptr+size) into a file of |header_bytes| (a
  // multiple of the page size) followed by its bytes, once, and returns the
  // file (the registry keeps it open until the allocation is freed or
  // Unshare) and the allocation's base. MapShared maps |size| bytes of such
  // a file from |offset| and registers them as device memory of |device_id|
  // that aclrtFree refuses; Unmap releases such a mapping.
  struct SharedAllocation {
    int fd = -1;
    uintptr_t base = 0;
    size_t size = 0;  // the allocation's bytes (the file holds them rounded to pages)
  };
  StatusOr<SharedAllocation> Share(const void* ptr, size_t size, size_t header_bytes);
  // Closes the file of the allocation at |base| (importers that have mapped it keep their mapping).
  void Unshare(uintptr_t base);
  StatusOr<void*> MapShared(int fd, size_t offset, size_t size, int32_t device_id);
  Status Unmap(void* ptr);

  // Virtual memory management (runtime/virtual_memory.h). Register puts a
  // mapping its owner keeps, [ptr, ptr+size), in the registry as device
  // memory of |device_id| (aclrtFree refuses it); Unregister takes it out.
  // Charge counts |bytes| of physical memory against the device's capacity
  // (kDeviceMemory past it), Uncharge gives them back.
  Status Register(void* ptr, size_t size, int32_t device_id);
  Status Unregister(void* ptr);
  Status Charge(int32_t device_id, uint64_t bytes, uint64_t capacity_bytes);
  void Uncharge(int32_t device_id, uint64_t bytes);
  // The allocation or mapping holding |ptr| (aclrtMemGetAddressRange):
  // its base and size; InvalidArgument when |ptr| is in none.
  StatusOr<std::pair<void*, size_t>> AddressRange(const void* ptr) const;
  // Whether |ptr| is in host memory from aclrtMallocHost (pinned memory).
  bool IsHostAllocation(const void* ptr) const;

  // Frees the device memory of |device_id|, or everything for -1 (aclFinalize).
  // aclrtResetDevice does not call it: as in CANN, memory stays valid until
  // aclrtFree or aclFinalize.
  void FreeAll(int32_t device_id);
  uint64_t DeviceBytesInUse(int32_t device_id) const;
  // Whether [p, p+n) lies inside one device allocation of |device_id|.
  bool IsDeviceRange(const void* p, size_t n, int32_t device_id) const;
  // The direction of a copy from |src| to |dst| of |count| bytes as the
  // addresses say (device memory from Allocate, anything else host).
  CopyKind Direction(const void* dst, const void* src, size_t count) const;
  // [p, p+n) lies in host memory of Allocate (aclrtMallocHost), not pageable memory.
  bool IsPinnedHost(const void* p, size_t n) const;

 private:
  struct Allocation {
    size_t size;
    MemoryKind kind;
    int32_t device_id;
    size_t mapped_bytes = 0;  // device memory: its own mapping of whole pages
    int shared_fd = -1;       // Share's file, while open
    bool imported = false;    // MapShared's: another process's memory
    bool external = false;    // Register's: the owner maps and unmaps it
  };
  // Releases what |a| at |base| holds (memory, mapping, file). Requires mu_.
  static void Release(uintptr_t base, const Allocation& a);
  // Allocation containing [p, p+n) (or the first of adjacent registered
  // mappings that together do), or nullptr. Requires mu_.
  const Allocation* FindRange(const void* p, size_t n) const;
  // Whether [dst, dst+dst_n) and [src, src+src_n) lie in device memory where
  // |copy| puts them: OK, or kInvalidArgument naming the side. Requires mu_.
  Status CheckCopyRanges(const void* dst, size_t dst_n, const void* src, size_t src_n, CopyKind copy) const;
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
