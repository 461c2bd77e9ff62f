// Device memory shared between processes (aclrtIpcMem*, docs/ipc.md).
//
// Exporting moves the allocation, in place, onto a memory file
// (MemoryRegistry::Share): a header page, then the allocation's bytes. The
// key names the exporting process, the file's descriptor there and the
// range: "aclsim-<pid>-<fd>-<serial>-<offset>-<size>". An importer opens the
// exporter's descriptor through /proc/<pid>/fd, checks the header
// (runtime/shared_file.h: its serial, and its process id against the
// whitelist unless the export disabled the check) and maps the range, so both processes read and write
// the same bytes. The exporter must live until every importer has imported.
//
// Thread-safe; the table's mutex is taken after the memory registry's
// never: it calls the registry without holding its own lock.
#ifndef ACLSIM_RUNTIME_IPC_MEMORY_H_
#define ACLSIM_RUNTIME_IPC_MEMORY_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/memory.h"
#include "runtime/status.h"

namespace aclsim::runtime {

class IpcMemory {
 public:
  // The longest key, without its NUL (CANN's keys are 64 characters).
  static constexpr size_t kMaxKeyChars = 64;
  explicit IpcMemory(MemoryRegistry* memory) : memory_(memory) {}
  ~IpcMemory();
  IpcMemory(const IpcMemory&) = delete;
  IpcMemory& operator=(const IpcMemory&) = delete;

  // [ptr, ptr+size) must lie in device memory from aclrtMalloc
  // (InvalidArgument). |check_pids|: importers must be whitelisted.
  StatusOr<std::string> Export(const void* ptr, size_t size, bool check_pids);
  // Adds |pids| to the whitelist of a key this process exported
  // (InvalidArgument for another key, ResourceExhausted past
  // kMaxSharedFilePids).
  Status SetImportPids(const std::string& key, const int32_t* pids, size_t count);
  // Maps the key's memory as device memory of |device_id|. InvalidArgument
  // for a key that names no live export; PermissionDenied when this process
  // is not on the whitelist.
  StatusOr<void*> Import(const std::string& key, int32_t device_id);
  // An importer unmaps the key's memory; the exporter stops further imports
  // (its memory stays valid until aclrtFree). InvalidArgument for a key this
  // process neither exported nor imported.
  Status Close(const std::string& key);
  // Whether |key| is one this process exported and has not closed.
  bool Exported(const std::string& key) const;

 private:
  struct Export_ {
    uintptr_t base = 0;      // the allocation
    uint64_t serial = 0;     // its file's
    void* header = nullptr;  // the file's header page, mapped shared (shared_file.h)
  };
  struct Import_ {
    void* mapping = nullptr;  // the page-aligned mapping
    size_t offset_in_page = 0;
  };

  MemoryRegistry* const memory_;  // borrowed (the Runtime's)
  mutable std::mutex mu_;
  uint64_t next_serial_ = 1;
  std::map<std::string, Export_> exports_;
  std::map<std::string, std::vector<Import_>> imports_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_IPC_MEMORY_H_
