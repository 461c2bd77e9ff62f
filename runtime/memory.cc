#include "runtime/memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>

#include "runtime/float16.h"

namespace aclsim::runtime {
namespace {

size_t PageBytes() {
  static const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  return page;
}

size_t RoundToPages(size_t size) { return (size + PageBytes() - 1) / PageBytes() * PageBytes(); }

}  // namespace

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
  if (kind == MemoryKind::kDevice) {
    // Whole pages of its own mapping (zero-filled), so that Share can move
    // it onto a memory file in place.
    const size_t mapped = RoundToPages(size);
    void* p = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      return Status(Detail::kDeviceMemory, "host mapping of " + std::to_string(size) + " bytes failed");
    }
    Allocation a{size, kind, device_id};
    a.mapped_bytes = mapped;
    allocations_.emplace(reinterpret_cast<uintptr_t>(p), a);
    device_bytes_[device_id] += size;
    return p;
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
  if (it->second.imported) {
    return Status(StatusCode::kInvalidArgument,
                  "the pointer is another process's memory (aclrtIpcMemImportByKey): release it with aclrtIpcMemClose");
  }
  if (it->second.external) {
    return Status(StatusCode::kInvalidArgument,
                  "the pointer is mapped with aclrtMapMem: release it with aclrtUnmapMem");
  }
  Untrack(it->second);
  Release(it->first, it->second);
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
  if (offset > it->second.size) return nullptr;
  if (n <= it->second.size - offset) return &it->second;
  // Mappings of one reservation (aclrtMapMem) that follow each other are
  // one range of device memory, as the addresses a program computes say.
  const Allocation* first = &it->second;
  if (!first->external) return nullptr;
  size_t left = n - (it->second.size - offset);
  for (uintptr_t end = it->first + it->second.size; left > 0;) {
    ++it;
    if (it == allocations_.end() || it->first != end || !it->second.external) return nullptr;
    left -= std::min(left, it->second.size);
    end = it->first + it->second.size;
  }
  return first;
}

Status MemoryRegistry::Copy(void* dst, size_t dest_max, const void* src, size_t count, CopyKind copy) {
  if (count > dest_max) {
    return Status(StatusCode::kInvalidArgument,
                  "copy of " + std::to_string(count) + " bytes exceeds destMax " + std::to_string(dest_max));
  }
  if (dst == src) return OkStatus();
  {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_RETURN_IF_ERROR(CheckCopyRanges(dst, count, src, count, copy));
  }
  std::memmove(dst, src, count);
  return OkStatus();
}

Status MemoryRegistry::CheckCopyRanges(const void* dst, size_t dst_n, const void* src, size_t src_n,
                                       CopyKind copy) const {
  auto is_device = [&](const void* p, size_t n) {
    const Allocation* a = FindRange(p, n);
    return a != nullptr && a->kind == MemoryKind::kDevice;
  };
  const bool dst_device = copy == CopyKind::kHostToDevice || copy == CopyKind::kDeviceToDevice;
  const bool src_device = copy == CopyKind::kDeviceToHost || copy == CopyKind::kDeviceToDevice;
  if (dst_device && !is_device(dst, dst_n)) {
    return Status(StatusCode::kInvalidArgument, "destination range is not inside device memory from aclrtMalloc");
  }
  if (src_device && !is_device(src, src_n)) {
    return Status(StatusCode::kInvalidArgument, "source range is not inside device memory from aclrtMalloc");
  }
  return OkStatus();
}

size_t Copy2D::Span(size_t pitch) const {
  if (height == 0) return 0;
  const size_t rows = height - 1;
  if (rows != 0 && pitch > (SIZE_MAX - width) / rows) return SIZE_MAX;
  return rows * pitch + width;
}

Status MemoryRegistry::CopyRows(const Copy2D& copy, CopyKind kind) {
  if (copy.width == 0 || copy.height == 0) return OkStatus();
  const size_t dst_span = copy.dst_span();
  const size_t src_span = copy.src_span();
  if (dst_span == SIZE_MAX || src_span == SIZE_MAX) {
    return Status(StatusCode::kInvalidArgument, "the rows of the 2D copy span more than the address space");
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_RETURN_IF_ERROR(CheckCopyRanges(copy.dst, dst_span, copy.src, src_span, kind));
  }
  auto* dst = static_cast<unsigned char*>(copy.dst);
  const auto* src = static_cast<const unsigned char*>(copy.src);
  for (size_t row = 0; row < copy.height; ++row) {
    std::memmove(dst + row * copy.dpitch, src + row * copy.spitch, copy.width);
  }
  return OkStatus();
}

bool MemoryRegistry::IsDeviceRange(const void* p, size_t n, int32_t device_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  const Allocation* a = FindRange(p, n);
  return a != nullptr && a->kind == MemoryKind::kDevice && a->device_id == device_id;
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

bool MemoryRegistry::IsPinnedHost(const void* p, size_t n) const {
  std::lock_guard<std::mutex> lock(mu_);
  const Allocation* a = FindRange(p, n);
  return a != nullptr && a->kind == MemoryKind::kHost;
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

namespace {

template <typename T>
T ReduceApply(ReduceOp op, T a, T b) {
  switch (op) {
    case ReduceOp::kSum: return a + b;
    case ReduceOp::kMax: return a < b ? b : a;
    case ReduceOp::kMin: return b < a ? b : a;
  }
  return a;
}

template <typename T>
void ReduceInts(void* dst, const void* src, size_t n, ReduceOp op) {
  using U = std::make_unsigned_t<T>;
  for (size_t i = 0; i < n; ++i) {
    T a, b;
    std::memcpy(&a, static_cast<const char*>(dst) + i * sizeof(T), sizeof(T));
    std::memcpy(&b, static_cast<const char*>(src) + i * sizeof(T), sizeof(T));
    // Sums wrap (two's complement), computed unsigned so that no overflow is undefined.
    T r = op == ReduceOp::kSum ? static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)))
                               : ReduceApply(op, a, b);
    std::memcpy(static_cast<char*>(dst) + i * sizeof(T), &r, sizeof(T));
  }
}

template <float (*ToFloat)(uint16_t), uint16_t (*FromFloat)(float)>
void ReduceHalves(void* dst, const void* src, size_t n, ReduceOp op) {
  for (size_t i = 0; i < n; ++i) {
    uint16_t a, b;
    std::memcpy(&a, static_cast<const char*>(dst) + i * 2, 2);
    std::memcpy(&b, static_cast<const char*>(src) + i * 2, 2);
    const uint16_t r = FromFloat(ReduceApply(op, ToFloat(a), ToFloat(b)));
    std::memcpy(static_cast<char*>(dst) + i * 2, &r, 2);
  }
}

}  // namespace

size_t ReduceTypeSize(ReduceType type) {
  switch (type) {
    case ReduceType::kInt8: return 1;
    case ReduceType::kInt16:
    case ReduceType::kFloat16:
    case ReduceType::kBfloat16: return 2;
    case ReduceType::kInt32:
    case ReduceType::kFloat32: return 4;
  }
  return 1;
}

Status MemoryRegistry::Reduce(void* dst, const void* src, size_t count, ReduceOp op, ReduceType type,
                              int32_t device_id) {
  const size_t size = ReduceTypeSize(type);
  if (count % size != 0) {
    return Status(StatusCode::kInvalidArgument, "count " + std::to_string(count) + " is not a whole number of " +
                                                    std::to_string(size) + "-byte elements");
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto on_device = [&](const void* p) {
      const Allocation* a = FindRange(p, count);
      return a != nullptr && a->kind == MemoryKind::kDevice && a->device_id == device_id;
    };
    if (!on_device(dst)) {
      return Status(StatusCode::kInvalidArgument, "dst range is not inside device memory of the stream's device");
    }
    if (!on_device(src)) {
      return Status(StatusCode::kInvalidArgument, "src range is not inside device memory of the stream's device");
    }
  }
  const size_t n = count / size;
  switch (type) {
    case ReduceType::kInt8: ReduceInts<int8_t>(dst, src, n, op); break;
    case ReduceType::kInt16: ReduceInts<int16_t>(dst, src, n, op); break;
    case ReduceType::kInt32: ReduceInts<int32_t>(dst, src, n, op); break;
    case ReduceType::kFloat32:
      for (size_t i = 0; i < n; ++i) {
        float a, b;
        std::memcpy(&a, static_cast<const char*>(dst) + i * 4, 4);
        std::memcpy(&b, static_cast<const char*>(src) + i * 4, 4);
        const float r = ReduceApply(op, a, b);
        std::memcpy(static_cast<char*>(dst) + i * 4, &r, 4);
      }
      break;
    case ReduceType::kFloat16: ReduceHalves<HalfToFloat, FloatToHalf>(dst, src, n, op); break;
    case ReduceType::kBfloat16: ReduceHalves<Bf16ToFloat, FloatToBf16>(dst, src, n, op); break;
  }
  return OkStatus();
}

void MemoryRegistry::FreeAll(int32_t device_id) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto it = allocations_.begin(); it != allocations_.end();) {
    if (device_id < 0 || (it->second.kind == MemoryKind::kDevice && it->second.device_id == device_id)) {
      Untrack(it->second);
      Release(it->first, it->second);
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

void MemoryRegistry::Release(uintptr_t base, const Allocation& a) {
  if (a.external) return;  // its owner unmaps it
  if (a.shared_fd >= 0) ::close(a.shared_fd);
  if (a.mapped_bytes > 0) {
    ::munmap(reinterpret_cast<void*>(base), a.mapped_bytes);
  } else {
    std::free(reinterpret_cast<void*>(base));
  }
}

StatusOr<MemoryRegistry::SharedAllocation> MemoryRegistry::Share(const void* ptr, size_t size, size_t header_bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = allocations_.upper_bound(reinterpret_cast<uintptr_t>(ptr));
  const Allocation* found = FindRange(ptr, size);
  if (found == nullptr || found->kind != MemoryKind::kDevice || found->imported || found->external) {
    return Status(StatusCode::kInvalidArgument, "[devPtr, devPtr + size) is not inside device memory from aclrtMalloc");
  }
  --it;  // the allocation FindRange found
  Allocation& a = it->second;
  if (a.shared_fd < 0) {
    const int fd = ::memfd_create("aclsim-ipc", MFD_CLOEXEC);
    if (fd < 0) return Status(StatusCode::kInternal, std::string("memfd_create failed: ") + std::strerror(errno));
    auto fail = [&](const char* what) {
      const std::string reason = std::string(what) + " failed: " + std::strerror(errno);
      ::close(fd);
      return Status(StatusCode::kInternal, reason);
    };
    if (::ftruncate(fd, static_cast<off_t>(header_bytes + a.mapped_bytes)) != 0) return fail("ftruncate");
    void* base = reinterpret_cast<void*>(it->first);
    // The bytes move to the file, then the file replaces the pages in place.
    if (::pwrite(fd, base, a.mapped_bytes, static_cast<off_t>(header_bytes)) != static_cast<ssize_t>(a.mapped_bytes)) {
      return fail("writing the memory file");
    }
    if (::mmap(base, a.mapped_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
               static_cast<off_t>(header_bytes)) == MAP_FAILED) {
      return fail("mapping the memory file");
    }
    a.shared_fd = fd;
  }
  return SharedAllocation{a.shared_fd, it->first, a.size};
}

void MemoryRegistry::Unshare(uintptr_t base) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = allocations_.find(base);
  if (it == allocations_.end() || it->second.shared_fd < 0) return;
  ::close(it->second.shared_fd);
  it->second.shared_fd = -1;
}

StatusOr<void*> MemoryRegistry::MapShared(int fd, size_t offset, size_t size, int32_t device_id) {
  const size_t mapped = RoundToPages(size);
  void* p = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_SHARED, fd, static_cast<off_t>(offset));
  if (p == MAP_FAILED) return Status(StatusCode::kInternal, std::string("mapping failed: ") + std::strerror(errno));
  std::lock_guard<std::mutex> lock(mu_);
  Allocation a{size, MemoryKind::kDevice, device_id};
  a.mapped_bytes = mapped;
  a.imported = true;
  allocations_.emplace(reinterpret_cast<uintptr_t>(p), a);
  return p;
}

Status MemoryRegistry::Unmap(void* ptr) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = allocations_.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == allocations_.end() || !it->second.imported) {
    return Status(StatusCode::kInvalidArgument, "not a mapping of another process's memory");
  }
  Release(it->first, it->second);
  allocations_.erase(it);
  return OkStatus();
}

Status MemoryRegistry::Register(void* ptr, size_t size, int32_t device_id) {
  std::lock_guard<std::mutex> lock(mu_);
  Allocation a{size, MemoryKind::kDevice, device_id};
  a.external = true;
  if (!allocations_.emplace(reinterpret_cast<uintptr_t>(ptr), a).second) {
    return Status(StatusCode::kInvalidArgument, "the range is already device memory");
  }
  return OkStatus();
}

Status MemoryRegistry::Unregister(void* ptr) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = allocations_.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == allocations_.end() || !it->second.external) {
    return Status(StatusCode::kInvalidArgument, "not a registered mapping");
  }
  allocations_.erase(it);
  return OkStatus();
}

Status MemoryRegistry::Charge(int32_t device_id, uint64_t bytes, uint64_t capacity_bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  auto found = device_bytes_.find(device_id);
  const uint64_t used = found == device_bytes_.end() ? 0 : found->second;
  if (bytes > capacity_bytes || used > capacity_bytes - bytes) {
    return Status(Detail::kDeviceMemory, "device " + std::to_string(device_id) + " memory exhausted: " +
                                             std::to_string(used) + " bytes in use, " + std::to_string(bytes) +
                                             " requested, capacity " + std::to_string(capacity_bytes));
  }
  device_bytes_[device_id] += bytes;
  return OkStatus();
}

void MemoryRegistry::Uncharge(int32_t device_id, uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  Untrack(Allocation{static_cast<size_t>(bytes), MemoryKind::kDevice, device_id});
}

StatusOr<std::pair<void*, size_t>> MemoryRegistry::AddressRange(const void* ptr) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = allocations_.upper_bound(reinterpret_cast<uintptr_t>(ptr));
  if (it != allocations_.begin()) {
    --it;
    if (reinterpret_cast<uintptr_t>(ptr) - it->first < it->second.size) {
      return std::make_pair(reinterpret_cast<void*>(it->first), it->second.size);
    }
  }
  return Status(StatusCode::kInvalidArgument, "the address is in no memory from aclrtMalloc or aclrtMapMem");
}

bool MemoryRegistry::IsHostAllocation(const void* ptr) const {
  std::lock_guard<std::mutex> lock(mu_);
  const Allocation* a = FindRange(ptr, 1);
  return a != nullptr && a->kind == MemoryKind::kHost;
}

void MemoryRegistry::Untrack(const Allocation& a) {
  // Imported and registered ranges were never counted (physical memory is
  // charged on its own).
  if (a.kind != MemoryKind::kDevice || a.imported || a.external) return;
  auto it = device_bytes_.find(a.device_id);
  if (it == device_bytes_.end()) return;
  it->second -= a.size;
  if (it->second == 0) device_bytes_.erase(it);
}

}  // namespace aclsim::runtime
