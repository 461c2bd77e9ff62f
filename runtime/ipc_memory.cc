#include "runtime/ipc_memory.h"

#include "runtime/shared_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <set>

namespace aclsim::runtime {
namespace {

struct ParsedKey {
  int32_t pid = 0;
  int32_t fd = -1;
  uint64_t serial = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
};

bool ParseKey(const std::string& key, ParsedKey* out) {
  char tail = '\0';
  return key.size() <= IpcMemory::kMaxKeyChars &&
         std::sscanf(key.c_str(), "aclsim-%" SCNd32 "-%" SCNd32 "-%" SCNu64 "-%" SCNu64 "-%" SCNu64 "%c", &out->pid,
                     &out->fd, &out->serial, &out->offset, &out->size, &tail) == 5 &&
         out->pid > 0 && out->fd >= 0 && out->size > 0;
}

Status UnknownKey(const std::string& key) {
  return Status(StatusCode::kInvalidArgument, "key \"" + key + "\" names no exported memory");
}

}  // namespace

IpcMemory::~IpcMemory() {
  for (auto& [key, imports] : imports_) {
    for (const Import_& i : imports) (void)memory_->Unmap(i.mapping);
  }
  // Keys of one allocation share one header page: unmap each page once.
  std::set<void*> headers;
  for (auto& [key, e] : exports_) headers.insert(e.header);
  for (void* h : headers) UnmapSharedFileHeader(h);
}

StatusOr<std::string> IpcMemory::Export(const void* ptr, size_t size, bool check_pids) {
  ACLSIM_ASSIGN_OR_RETURN(MemoryRegistry::SharedAllocation shared, memory_->Share(ptr, size, SharedFileHeaderBytes()));
  std::lock_guard<std::mutex> lock(mu_);
  // Keys of one allocation share its file and header.
  Export_ e;
  for (const auto& [k, other] : exports_) {
    if (other.base == shared.base) e = other;
  }
  if (e.header == nullptr) {
    ACLSIM_ASSIGN_OR_RETURN(e.header, InitSharedFileHeader(shared.fd, next_serial_));
    e.serial = next_serial_++;
    e.base = shared.base;
  }
  SetSharedFilePidCheck(e.header, check_pids);
  const uint64_t offset = reinterpret_cast<uintptr_t>(ptr) - shared.base;
  char key[kMaxKeyChars + 1];
  std::snprintf(key, sizeof(key), "aclsim-%d-%d-%" PRIu64 "-%" PRIu64 "-%zu", static_cast<int>(::getpid()), shared.fd,
                e.serial, offset, size);
  exports_.emplace(key, e);  // the same range again keeps its entry
  return std::string(key);
}

Status IpcMemory::SetImportPids(const std::string& key, const int32_t* pids, size_t count) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = exports_.find(key);
  if (it == exports_.end()) {
    return Status(StatusCode::kInvalidArgument, "key \"" + key + "\" was not exported by this process");
  }
  return AddSharedFilePids(it->second.header, pids, count, "key \"" + key + "\"");
}

StatusOr<void*> IpcMemory::Import(const std::string& key, int32_t device_id) {
  ParsedKey k;
  if (!ParseKey(key, &k)) return UnknownKey(key);
  ACLSIM_ASSIGN_OR_RETURN(const int fd,
                          OpenPeerSharedFile(k.pid, k.fd, k.serial, k.offset + k.size, "key \"" + key + "\""));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  const size_t header_bytes = SharedFileHeaderBytes();
  const size_t in_page = static_cast<size_t>(k.offset % header_bytes);
  ACLSIM_ASSIGN_OR_RETURN(void* mapping, memory_->MapShared(fd, header_bytes + (k.offset - in_page),
                                                            in_page + static_cast<size_t>(k.size), device_id));
  std::lock_guard<std::mutex> lock(mu_);
  imports_[key].push_back({mapping, in_page});
  return static_cast<char*>(mapping) + in_page;
}

Status IpcMemory::Close(const std::string& key) {
  std::unique_lock<std::mutex> lock(mu_);
  if (auto it = imports_.find(key); it != imports_.end()) {
    std::vector<Import_> imports = std::move(it->second);
    imports_.erase(it);
    lock.unlock();
    for (const Import_& i : imports) ACLSIM_RETURN_IF_ERROR(memory_->Unmap(i.mapping));
    return OkStatus();
  }
  auto it = exports_.find(key);
  if (it == exports_.end()) return UnknownKey(key);
  const Export_ e = it->second;
  exports_.erase(it);
  const bool last =
      std::none_of(exports_.begin(), exports_.end(), [&](const auto& other) { return other.second.base == e.base; });
  if (!last) return OkStatus();
  UnmapSharedFileHeader(e.header);
  lock.unlock();
  memory_->Unshare(e.base);
  return OkStatus();
}

bool IpcMemory::Exported(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  return exports_.count(key) > 0;
}

}  // namespace aclsim::runtime
