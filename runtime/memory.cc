#include "runtime/memory.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace aclsim::runtime {

MemoryRegistry::~MemoryRegistry() { FreeAll(-1); }

StatusOr<void*> MemoryRegistry::Allocate(MemoryKind kind, int32_t device_id, size_t size, uint64_t capacity_bytes) {
  if (size == 0) return Status(StatusCode::kInvalidArgument, "allocation size must be > 0");
  std::lock_guard<std::mutex> lock(mu_);
  if (kind == MemoryKind::kDevice) {
    auto found = device_bytes_.find(device_id);
    const uint64_t used = found == device_bytes_.end() ? 0 : found->second;
    if (size > capacity_bytes || used > capacity_bytes - size) {
      return Status(Detail::kDeviceMemory, "device " + std::to_string(device_id) + " memory exhausted: " +
                                               std::to_string(used) + " bytes in use, " + std::to_string(size) +
                                               " requested, capacity " + std::to_string(capacity_bytes));
    }
  }
  if (size > SIZE_MAX - 63) {
    return Status(Detail::kDeviceMemory, "host allocation of " + std::to_string(size) + " bytes failed");
  }
  size_t rounded = (size + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, rounded);
  if (p == nullptr) {
    return Status(Detail::kDeviceMemory, "host allocation of " + std::to_string(size) + " bytes failed");
  }
  std::memset(p, 0, rounded);
  allocations_.emplace(reinterpret_cast<uintptr_t>(p), Allocation{size, kind, device_id});
  if (kind == MemoryKind::kDevice) device_bytes_[device_id] += size;
  return p;
}

Status MemoryRegistry::Free(MemoryKind kind, void* ptr) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = allocations_.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == allocations_.end() || it->second.kind != kind) {
    return Status(StatusCode::kInvalidArgument, std::string("pointer was not returned by ") +
                                                    (kind == MemoryKind::kDevice ? "aclrtMalloc" : "aclrtMallocHost") +
                                                    " or was already freed");
  }
  Untrack(it->second);
  std::free(ptr);
  allocations_.erase(it);
  return OkStatus();
}

const MemoryRegistry::Allocation* MemoryRegistry::FindRange(const void* p, size_t n) const {
  auto addr = reinterpret_cast<uintptr_t>(p);
  auto it = allocations_.upper_bound(addr);
  if (it == allocations_.begin()) return nullptr;
  --it;
  // addr >= it->first; compare lengths so that no sum can wrap.
  const uintptr_t offset = addr - it->first;
  if (offset > it->second.size || n > it->second.size - offset) return nullptr;
  return &it->second;
}

Status MemoryRegistry::Copy(void* dst, size_t dest_max, const void* src, size_t count, CopyKind copy) {
  if (count > dest_max) {
    return Status(StatusCode::kInvalidArgument,
                  "copy of " + std::to_string(count) + " bytes exceeds destMax " + std::to_string(dest_max));
  }
  if (dst == src) return OkStatus();
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto is_device = [&](const void* p) {
      const Allocation* a = FindRange(p, count);
      return a != nullptr && a->kind == MemoryKind::kDevice;
    };
    bool dst_device = copy == CopyKind::kHostToDevice || copy == CopyKind::kDeviceToDevice;
    bool src_device = copy == CopyKind::kDeviceToHost || copy == CopyKind::kDeviceToDevice;
    if (dst_device && !is_device(dst)) {
      return Status(StatusCode::kInvalidArgument, "destination range is not inside device memory from aclrtMalloc");
    }
    if (src_device && !is_device(src)) {
      return Status(StatusCode::kInvalidArgument, "source range is not inside device memory from aclrtMalloc");
    }
  }
  std::memmove(dst, src, count);
  return OkStatus();
}

CopyKind MemoryRegistry::Direction(const void* dst, const void* src, size_t count) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto on_device = [&](const void* p) {
    const Allocation* a = FindRange(p, count);
    return a != nullptr && a->kind == MemoryKind::kDevice;
  };
  const bool d = on_device(dst);
  const bool s = on_device(src);
  if (d && s) return CopyKind::kDeviceToDevice;
  if (d) return CopyKind::kHostToDevice;
  return s ? CopyKind::kDeviceToHost : CopyKind::kHostToHost;
}

Status MemoryRegistry::Set(void* dst, size_t max_count, int value, size_t count) {
  if (count > max_count) {
    return Status(StatusCode::kInvalidArgument,
                  "memset of " + std::to_string(count) + " bytes exceeds maxCount " + std::to_string(max_count));
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (FindRange(dst, count) == nullptr) {
      return Status(StatusCode::kInvalidArgument, "memset range is not inside memory from aclrtMalloc/aclrtMallocHost");
    }
  }
  std::memset(dst, value, count);
  return OkStatus();
}

void MemoryRegistry::FreeAll(int32_t device_id) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto it = allocations_.begin(); it != allocations_.end();) {
    if (device_id < 0 || (it->second.kind == MemoryKind::kDevice && it->second.device_id == device_id)) {
      Untrack(it->second);
      std::free(reinterpret_cast<void*>(it->first));
      it = allocations_.erase(it);
    } else {
      ++it;
    }
  }
}

uint64_t MemoryRegistry::DeviceBytesInUse(int32_t device_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = device_bytes_.find(device_id);
  return it == device_bytes_.end() ? 0 : it->second;
}

void MemoryRegistry::Untrack(const Allocation& a) {
  if (a.kind != MemoryKind::kDevice) return;
  auto it = device_bytes_.find(a.device_id);
  if (it == device_bytes_.end()) return;
  it->second -= a.size;
  if (it->second == 0) device_bytes_.erase(it);
}

}  // namespace aclsim::runtime
