// Memory files that another process of the host maps (IPC memory,
// runtime/ipc_memory.h, and shareable physical memory,
// runtime/virtual_memory.h; docs/ipc.md): a header page, then the bytes.
// The header holds a magic, the file's serial (so that a reused descriptor
// number is not mistaken for the file), whether importers must be
// whitelisted, and the whitelist, which the exporter writes and importers
// read through their own shared mappings of the page.
#ifndef ACLSIM_RUNTIME_SHARED_FILE_H_
#define ACLSIM_RUNTIME_SHARED_FILE_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "runtime/status.h"

namespace aclsim::runtime {

// Whitelisted processes per file.
inline constexpr size_t kMaxSharedFilePids = 1000;

// The header's size: one page.
size_t SharedFileHeaderBytes();

// Maps the header page of |fd| (a file at least that long) and writes a
// fresh header: |serial|, no whitelist, the check on. The exporter keeps
// the returned page until it unmaps it with UnmapSharedFileHeader.
StatusOr<void*> InitSharedFileHeader(int fd, uint64_t serial);
void UnmapSharedFileHeader(void* header);
void SetSharedFilePidCheck(void* header, bool check_pids);
// Adds |pids| (duplicates once); past kMaxSharedFilePids ResourceExhausted.
Status AddSharedFilePids(void* header, const int32_t* pids, size_t count, const std::string& what);

// A memory file (at least |min_bytes| long after its header) that process
// |pid| holds as descriptor |fd|, opened through /proc/<pid>/fd, checked
// for the magic and |serial|, and for this process on the whitelist when
// the exporter asked for the check. Returns the open descriptor (the caller
// closes it). InvalidArgument naming |what| when there is no such file,
// PermissionDenied when this process is not whitelisted.
StatusOr<int> OpenPeerSharedFile(int32_t pid, int32_t fd, uint64_t serial, uint64_t min_bytes, const std::string& what);

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_SHARED_FILE_H_
