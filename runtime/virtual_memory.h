// Virtual memory management (aclrtReserveMemAddress, aclrtMallocPhysical,
// aclrtMapMem, ...; docs/virtual_memory.md) and the sharing of physical
// memory between processes (aclrtMemExportToShareableHandle, ...).
//
// Physical memory is a memory file (runtime/shared_file.h: a header page,
// then the bytes), charged against its device's capacity. A reservation is
// an inaccessible address range; mapping puts a physical file's bytes at an
// address of it and registers them as device memory (MemoryRegistry), so
// every copy, memset and launch sees them. A shareable handle names the
// exporting process, the file's descriptor there and its serial; an
// importing process opens the descriptor through /proc (whitelist checked)
// and gets a physical handle of its own onto the same bytes.
//
// Thread-safe; calls the memory registry with its own mutex held (lock
// order: virtual memory → memory registry).
#ifndef ACLSIM_RUNTIME_VIRTUAL_MEMORY_H_
#define ACLSIM_RUNTIME_VIRTUAL_MEMORY_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "runtime/memory.h"
#include "runtime/status.h"

namespace aclsim::runtime {

// What aclrtMallocPhysical was given (aclrtPhysicalMemProp's fields).
struct PhysicalProps {
  uint32_t handle_type = 0;
  uint32_t allocation_type = 0;
  uint32_t mem_attr = 0;
  uint32_t location_type = 1;  // ACL_MEM_LOCATION_TYPE_DEVICE
  int32_t device_id = 0;
};

class VirtualMemory {
 public:
  explicit VirtualMemory(MemoryRegistry* memory) : memory_(memory) {}
  ~VirtualMemory();
  VirtualMemory(const VirtualMemory&) = delete;
  VirtualMemory& operator=(const VirtualMemory&) = delete;

  // The allocation granularity of memory of attribute |mem_attr|
  // (aclrtMemAttr): 1 GiB for the HUGE1G kinds, the host page for host
  // normal memory, 2 MiB (a device's huge page) for the rest.
  static size_t Granularity(uint32_t mem_attr);

  // |size| is rounded up to the granularity; |capacity_bytes| is the
  // device's memory. Returns the handle.
  StatusOr<void*> MallocPhysical(size_t size, const PhysicalProps& props, uint64_t capacity_bytes);
  // A handle still mapped is freed when its last mapping goes.
  Status FreePhysical(void* handle);
  StatusOr<void*> Reserve(size_t size, void* expect);
  // Every mapping inside must be unmapped first.
  Status Release(void* base);
  // [ptr, ptr+size) inside one reservation, at a multiple of the
  // granularity from its start, unmapped; size the handle's; offset 0.
  Status Map(void* ptr, size_t size, size_t offset, void* handle);
  Status Unmap(void* ptr);
  // The access flags (aclrtMemAccessFlags) of mapped memory: kept and
  // reported, not enforced.
  Status SetAccess(void* ptr, size_t size, uint32_t flags);
  StatusOr<std::pair<uint32_t, int32_t>> GetAccess(void* ptr) const;  // flags, device id
  StatusOr<void*> HandleOf(void* ptr) const;
  StatusOr<PhysicalProps> PropsOf(void* handle) const;

  // Sharing. Export returns the shareable handle (the same for a handle
  // exported again); Import refuses a handle this process exported.
  StatusOr<uint64_t> Export(void* handle, bool check_pids);
  Status SetPids(uint64_t shareable, const int32_t* pids, size_t count);
  StatusOr<void*> Import(uint64_t shareable, int32_t device_id);

 private:
  struct Physical {
    int fd = -1;
    size_t size = 0;
    PhysicalProps props;
    bool imported = false;
    bool freed = false;  // FreePhysical came while mapped
    int mappings = 0;
    uint64_t serial = 0;     // of its file
    uint64_t shareable = 0;  // once exported
    void* header = nullptr;  // the file's header page, once exported
  };
  struct Mapping {
    size_t size = 0;
    Physical* physical = nullptr;
    uint32_t access = 3;  // ACL_RT_MEM_ACCESS_FLAGS_READWRITE
  };
  // Require mu_.
  Physical* FindPhysicalLocked(void* handle) const;
  const Mapping* MappingOfLocked(const void* ptr, uintptr_t* base) const;
  void DropLocked(Physical* p);

  MemoryRegistry* const memory_;  // borrowed (the Runtime's)
  mutable std::mutex mu_;
  uint64_t next_serial_ = 1;
  std::map<Physical*, std::unique_ptr<Physical>> physical_;
  std::map<uintptr_t, size_t> reservations_;
  std::map<uintptr_t, Mapping> mappings_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_VIRTUAL_MEMORY_H_
