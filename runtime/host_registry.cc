#include "runtime/host_registry.h"

#include <unistd.h>

#include <iterator>
#include <string>

namespace aclsim::runtime {

Status HostRegistry::Register(void* ptr, uint64_t size, bool mapped, bool pinned) {
  const uintptr_t addr = reinterpret_cast<uintptr_t>(ptr);
  const auto page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  if (addr % page != 0) {
    return Status(StatusCode::kInvalidArgument, "ptr must be aligned to the " + std::to_string(page) + "-byte page");
  }
  if (size > UINTPTR_MAX - addr) return Status(StatusCode::kInvalidArgument, "[ptr, ptr + size) wraps around");
  std::lock_guard<std::mutex> lock(mu_);
  auto next = ranges_.lower_bound(addr);
  const bool overlaps_next = next != ranges_.end() && next->first < addr + size;
  const bool overlaps_prev = next != ranges_.begin() && std::prev(next)->first + std::prev(next)->second.size > addr;
  if (overlaps_next || overlaps_prev) {
    return Status(StatusCode::kAlreadyExists, "the memory range has already been registered");
  }
  ranges_.emplace(addr, Range{size, mapped, pinned});
  return OkStatus();
}

StatusOr<void*> HostRegistry::DevicePointer(void* ptr) const {
  const uintptr_t addr = reinterpret_cast<uintptr_t>(ptr);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = ranges_.upper_bound(addr);
  if (it != ranges_.begin()) {
    --it;
    if (addr - it->first < it->second.size && it->second.mapped) return ptr;
  }
  return Status(StatusCode::kNotFound,
                "the host pointer has not been registered for device memory mapping (ACL_HOST_REG_MAPPED)");
}

Status HostRegistry::Unregister(void* ptr) {
  std::lock_guard<std::mutex> lock(mu_);
  if (ranges_.erase(reinterpret_cast<uintptr_t>(ptr)) == 0) {
    return Status(StatusCode::kNotFound, "the host pointer does not start a registered range");
  }
  return OkStatus();
}

}  // namespace aclsim::runtime
