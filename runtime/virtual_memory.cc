#include "runtime/virtual_memory.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iterator>
#include <string>

#include "runtime/shared_file.h"

namespace aclsim::runtime {
namespace {

// aclrtMemAttr values (acl_rt.h).
constexpr uint32_t kDdrMemNormal = 3;
constexpr uint32_t kDdrMemP2pNormal = 7;
constexpr uint32_t kHbmMemHuge1G = 10;
constexpr uint32_t kHbmMemP2pHuge1G = 11;
constexpr uint32_t kMemHuge1G = 14;
constexpr uint32_t kMemP2pHuge1G = 17;

constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kGiB = size_t{1} << 30;

// Shareable handles: the exporting process (22 bits, Linux's largest pid
// is 2^22), the file's descriptor there (20 bits) and the file's serial.
constexpr int kPidShift = 42;
constexpr int kFdShift = 22;
constexpr uint64_t kSerialMask = (uint64_t{1} << kFdShift) - 1;

uint64_t Shareable(int32_t pid, int fd, uint64_t serial) {
  return (static_cast<uint64_t>(pid) << kPidShift) | (static_cast<uint64_t>(fd) << kFdShift) | (serial & kSerialMask);
}

Status Errno(const char* what) {
  return Status(StatusCode::kInternal, std::string(what) + ": " + std::strerror(errno));
}

Status Invalid(const std::string& what) { return Status(StatusCode::kInvalidArgument, what); }

}  // namespace

size_t VirtualMemory::Granularity(uint32_t mem_attr) {
  switch (mem_attr) {
    case kHbmMemHuge1G:
    case kHbmMemP2pHuge1G:
    case kMemHuge1G:
    case kMemP2pHuge1G: return kGiB;
    case kDdrMemNormal:
    case kDdrMemP2pNormal: return static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    default: return kHugePage;
  }
}

VirtualMemory::~VirtualMemory() {
  for (auto& [base, m] : mappings_) (void)memory_->Unregister(reinterpret_cast<void*>(base));
  for (auto& [base, size] : reservations_) ::munmap(reinterpret_cast<void*>(base), size);
  for (auto& [raw, p] : physical_) {
    UnmapSharedFileHeader(p->header);
    ::close(p->fd);
    if (!p->imported) memory_->Uncharge(p->props.device_id, p->size);
  }
}

StatusOr<void*> VirtualMemory::MallocPhysical(size_t size, const PhysicalProps& props, uint64_t capacity_bytes) {
  const size_t granularity = Granularity(props.mem_attr);
  if (size == 0) return Invalid("size must not be 0");
  if (size > SIZE_MAX - granularity) return Status(Detail::kDeviceMemory, "size is too large");
  const size_t rounded = (size + granularity - 1) / granularity * granularity;
  ACLSIM_RETURN_IF_ERROR(memory_->Charge(props.device_id, rounded, capacity_bytes));
  const int fd = ::memfd_create("aclsim-physical", MFD_CLOEXEC);
  if (fd < 0 || ::ftruncate(fd, static_cast<off_t>(SharedFileHeaderBytes() + rounded)) != 0) {
    const Status failed = Errno("creating physical memory");
    if (fd >= 0) ::close(fd);
    memory_->Uncharge(props.device_id, rounded);
    return failed;
  }
  auto p = std::make_unique<Physical>();
  p->fd = fd;
  p->size = rounded;
  p->props = props;
  std::lock_guard<std::mutex> lock(mu_);
  p->serial = next_serial_++;
  Physical* raw = p.get();
  physical_.emplace(raw, std::move(p));
  return raw;
}

VirtualMemory::Physical* VirtualMemory::FindPhysicalLocked(void* handle) const {
  auto it = physical_.find(static_cast<Physical*>(handle));
  return it == physical_.end() || it->second->freed ? nullptr : it->second.get();
}

void VirtualMemory::DropLocked(Physical* p) {
  UnmapSharedFileHeader(p->header);
  ::close(p->fd);
  if (!p->imported) memory_->Uncharge(p->props.device_id, p->size);
  physical_.erase(p);
}

Status VirtualMemory::FreePhysical(void* handle) {
  std::lock_guard<std::mutex> lock(mu_);
  Physical* p = FindPhysicalLocked(handle);
  if (p == nullptr) return Invalid("handle is not physical memory from aclrtMallocPhysical or an import");
  if (p->mappings > 0) {
    p->freed = true;  // released with its last mapping
    return OkStatus();
  }
  DropLocked(p);
  return OkStatus();
}

StatusOr<void*> VirtualMemory::Reserve(size_t size, void* expect) {
  if (size == 0) return Invalid("size must not be 0");
  if (size > SIZE_MAX / 2) return Status(Detail::kDeviceMemory, "size is too large to reserve");
  const size_t rounded = (size + kHugePage - 1) / kHugePage * kHugePage;
  // Aligned to the device's huge page: reserve one more, trim both ends.
  const size_t span = rounded + kHugePage;
  void* raw = ::mmap(expect, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (raw == MAP_FAILED) return Status(Detail::kDeviceMemory, "reserving " + std::to_string(size) + " bytes failed");
  const uintptr_t start = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t base = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (base > start) ::munmap(raw, base - start);
  if (start + span > base + rounded) ::munmap(reinterpret_cast<void*>(base + rounded), start + span - base - rounded);
  std::lock_guard<std::mutex> lock(mu_);
  reservations_.emplace(base, rounded);
  return reinterpret_cast<void*>(base);
}

Status VirtualMemory::Release(void* ptr) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = reservations_.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == reservations_.end()) return Invalid("virPtr is not an address aclrtReserveMemAddress returned");
  auto m = mappings_.lower_bound(it->first);
  if (m != mappings_.end() && m->first < it->first + it->second) {
    return Invalid("the range is still mapped: call aclrtUnmapMem first");
  }
  ::munmap(ptr, it->second);
  reservations_.erase(it);
  return OkStatus();
}

Status VirtualMemory::Map(void* ptr, size_t size, size_t offset, void* handle) {
  if (offset != 0) return Invalid("offset must be 0");
  std::lock_guard<std::mutex> lock(mu_);
  Physical* p = FindPhysicalLocked(handle);
  if (p == nullptr) return Invalid("handle is not physical memory from aclrtMallocPhysical or an import");
  if (size != p->size) {
    return Invalid("size " + std::to_string(size) + " is not the physical memory's " + std::to_string(p->size));
  }
  const uintptr_t addr = reinterpret_cast<uintptr_t>(ptr);
  auto r = reservations_.upper_bound(addr);
  if (r == reservations_.begin()) return Invalid("virPtr is not inside a reservation (aclrtReserveMemAddress)");
  --r;
  if (addr - r->first >= r->second || size > r->second - (addr - r->first)) {
    return Invalid("[virPtr, virPtr + size) is not inside one reservation");
  }
  if ((addr - r->first) % Granularity(p->props.mem_attr) != 0) {
    return Invalid("virPtr is not at a multiple of the granularity from its reservation's start");
  }
  auto next = mappings_.lower_bound(addr);
  const bool overlaps_next = next != mappings_.end() && next->first < addr + size;
  bool overlaps_prev = false;
  if (next != mappings_.begin()) {
    auto prev = std::prev(next);
    overlaps_prev = prev->first + prev->second.size > addr;
  }
  if (overlaps_next || overlaps_prev) return Invalid("the range is already mapped");
  if (::mmap(ptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, p->fd,
             static_cast<off_t>(SharedFileHeaderBytes())) == MAP_FAILED) {
    return Errno("mapping physical memory");
  }
  const Status registered = memory_->Register(ptr, size, p->props.device_id);
  if (!registered.ok()) {
    ::mmap(ptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    return registered;
  }
  mappings_.emplace(addr, Mapping{size, p});
  ++p->mappings;
  return OkStatus();
}

Status VirtualMemory::Unmap(void* ptr) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = mappings_.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == mappings_.end()) return Invalid("virPtr is not the start of a mapping (aclrtMapMem)");
  (void)memory_->Unregister(ptr);
  // Back to reserved, inaccessible addresses.
  ::mmap(ptr, it->second.size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  Physical* p = it->second.physical;
  mappings_.erase(it);
  if (--p->mappings == 0 && p->freed) DropLocked(p);
  return OkStatus();
}

const VirtualMemory::Mapping* VirtualMemory::MappingOfLocked(const void* ptr, uintptr_t* base) const {
  const uintptr_t addr = reinterpret_cast<uintptr_t>(ptr);
  auto it = mappings_.upper_bound(addr);
  if (it == mappings_.begin()) return nullptr;
  --it;
  if (addr - it->first >= it->second.size) return nullptr;
  if (base != nullptr) *base = it->first;
  return &it->second;
}

Status VirtualMemory::SetAccess(void* ptr, size_t size, uint32_t flags) {
  std::lock_guard<std::mutex> lock(mu_);
  uintptr_t base = 0;
  const Mapping* m = MappingOfLocked(ptr, &base);
  const uintptr_t addr = reinterpret_cast<uintptr_t>(ptr);
  if (m == nullptr || size > m->size - (addr - base)) return Invalid("[virPtr, virPtr + size) is not mapped memory");
  mappings_.at(base).access = flags;
  return OkStatus();
}

StatusOr<std::pair<uint32_t, int32_t>> VirtualMemory::GetAccess(void* ptr) const {
  std::lock_guard<std::mutex> lock(mu_);
  const Mapping* m = MappingOfLocked(ptr, nullptr);
  if (m == nullptr) return Invalid("virPtr is not mapped memory (aclrtMapMem)");
  return std::make_pair(m->access, m->physical->props.device_id);
}

StatusOr<void*> VirtualMemory::HandleOf(void* ptr) const {
  std::lock_guard<std::mutex> lock(mu_);
  const Mapping* m = MappingOfLocked(ptr, nullptr);
  if (m == nullptr) return Invalid("virPtr is not mapped memory (aclrtMapMem)");
  return static_cast<void*>(m->physical);
}

StatusOr<PhysicalProps> VirtualMemory::PropsOf(void* handle) const {
  std::lock_guard<std::mutex> lock(mu_);
  const Physical* p = FindPhysicalLocked(handle);
  if (p == nullptr) return Invalid("handle is not physical memory from aclrtMallocPhysical or an import");
  return p->props;
}

StatusOr<uint64_t> VirtualMemory::Export(void* handle, bool check_pids) {
  std::lock_guard<std::mutex> lock(mu_);
  Physical* p = FindPhysicalLocked(handle);
  if (p == nullptr) return Invalid("handle is not physical memory from aclrtMallocPhysical");
  if (p->imported) return Invalid("handle was imported: only the process that allocated it exports it");
  if (p->header == nullptr) {
    ACLSIM_ASSIGN_OR_RETURN(p->header, InitSharedFileHeader(p->fd, p->serial & kSerialMask));
    p->shareable = Shareable(static_cast<int32_t>(::getpid()), p->fd, p->serial);
  }
  SetSharedFilePidCheck(p->header, check_pids);
  return p->shareable;
}

Status VirtualMemory::SetPids(uint64_t shareable, const int32_t* pids, size_t count) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [raw, p] : physical_) {
    if (p->header != nullptr && p->shareable == shareable && !p->freed) {
      return AddSharedFilePids(p->header, pids, count, "shareable handle " + std::to_string(shareable));
    }
  }
  return Invalid("shareable handle " + std::to_string(shareable) + " was not exported by this process");
}

StatusOr<void*> VirtualMemory::Import(uint64_t shareable, int32_t device_id) {
  const auto pid = static_cast<int32_t>(shareable >> kPidShift);
  const auto fd = static_cast<int32_t>((shareable >> kFdShift) & ((uint64_t{1} << (kPidShift - kFdShift)) - 1));
  const std::string what = "shareable handle " + std::to_string(shareable);
  if (pid == static_cast<int32_t>(::getpid())) {
    return Invalid(what + " was exported by this process: import it in another one");
  }
  if (pid <= 0) return Invalid(what + " names no exported memory");
  ACLSIM_ASSIGN_OR_RETURN(const int opened, OpenPeerSharedFile(pid, fd, shareable & kSerialMask, 0, what));
  struct stat st {};
  if (::fstat(opened, &st) != 0) {
    ::close(opened);
    return Errno("reading the physical memory's size");
  }
  auto p = std::make_unique<Physical>();
  p->fd = opened;
  p->size = static_cast<size_t>(st.st_size) - SharedFileHeaderBytes();
  p->props.device_id = device_id;
  p->props.mem_attr = 0;
  p->imported = true;
  std::lock_guard<std::mutex> lock(mu_);
  p->serial = next_serial_++;
  Physical* raw = p.get();
  physical_.emplace(raw, std::move(p));
  return raw;
}

}  // namespace aclsim::runtime
