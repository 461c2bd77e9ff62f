#include "runtime/shared_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace aclsim::runtime {
namespace {

constexpr char kMagic[8] = {'A', 'C', 'L', 'S', 'I', 'M', 'S', 'F'};

struct Header {
  char magic[8];
  uint64_t serial;
  uint32_t check_pids;
  uint32_t pid_count;
  int32_t pids[kMaxSharedFilePids];
};
static_assert(sizeof(Header) <= 4096, "the header fits the smallest page");

}  // namespace

size_t SharedFileHeaderBytes() {
  static const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  return page;
}

StatusOr<void*> InitSharedFileHeader(int fd, uint64_t serial) {
  void* page = ::mmap(nullptr, SharedFileHeaderBytes(), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (page == MAP_FAILED) {
    return Status(StatusCode::kInternal, std::string("mapping a memory file failed: ") + std::strerror(errno));
  }
  auto* h = static_cast<Header*>(page);
  std::memcpy(h->magic, kMagic, sizeof(kMagic));
  h->serial = serial;
  h->check_pids = 1;
  h->pid_count = 0;
  return page;
}

void UnmapSharedFileHeader(void* header) {
  if (header != nullptr) ::munmap(header, SharedFileHeaderBytes());
}

void SetSharedFilePidCheck(void* header, bool check_pids) {
  static_cast<Header*>(header)->check_pids = check_pids ? 1 : 0;
}

Status AddSharedFilePids(void* header, const int32_t* pids, size_t count, const std::string& what) {
  auto* h = static_cast<Header*>(header);
  for (size_t i = 0; i < count; ++i) {
    int32_t* end = h->pids + h->pid_count;
    if (std::find(h->pids, end, pids[i]) != end) continue;
    if (h->pid_count == kMaxSharedFilePids) {
      return Status(StatusCode::kResourceExhausted,
                    "the whitelist of " + what + " is full (" + std::to_string(kMaxSharedFilePids) + " processes)");
    }
    h->pids[h->pid_count] = pids[i];
    ++h->pid_count;
  }
  return OkStatus();
}

StatusOr<int> OpenPeerSharedFile(int32_t pid, int32_t fd, uint64_t serial, uint64_t min_bytes,
                                 const std::string& what) {
  const std::string path = "/proc/" + std::to_string(pid) + "/fd/" + std::to_string(fd);
  const int opened = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (opened < 0) {
    return Status(StatusCode::kInvalidArgument, what + " names no exported memory (" + path + ": " +
                                                    std::strerror(errno) + "): the exporter released it or exited");
  }
  const size_t header_bytes = SharedFileHeaderBytes();
  struct stat st {};
  void* page = MAP_FAILED;
  if (::fstat(opened, &st) == 0 && static_cast<uint64_t>(st.st_size) >= header_bytes &&
      static_cast<uint64_t>(st.st_size) - header_bytes >= min_bytes) {
    page = ::mmap(nullptr, header_bytes, PROT_READ, MAP_SHARED, opened, 0);
  }
  if (page == MAP_FAILED) {
    ::close(opened);
    return Status(StatusCode::kInvalidArgument, what + " names no exported memory");
  }
  const auto* h = static_cast<const Header*>(page);
  const bool ours = std::memcmp(h->magic, kMagic, sizeof(kMagic)) == 0 && h->serial == serial;
  const int32_t self = static_cast<int32_t>(::getpid());
  bool allowed = h->check_pids == 0;
  const uint32_t n = std::min<uint32_t>(h->pid_count, kMaxSharedFilePids);
  for (uint32_t i = 0; i < n && !allowed; ++i) allowed = h->pids[i] == self;
  ::munmap(page, header_bytes);
  if (!ours || !allowed) ::close(opened);
  if (!ours) return Status(StatusCode::kInvalidArgument, what + " names no exported memory");
  if (!allowed) {
    return Status(StatusCode::kPermissionDenied,
                  "process " + std::to_string(self) + " is not on the whitelist of " + what);
  }
  return opened;
}

}  // namespace aclsim::runtime
