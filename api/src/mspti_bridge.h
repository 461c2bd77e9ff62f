// MSPTI's host-side record sources inside libascendcl.so: timed ACL calls
// (API records and runtime callbacks, through ApiScope), device memory
// calls (MEMORY, MEMCPY, MEMSET) and mstx markers. docs/mspti.md says which
// call gives which record.
#ifndef ACLSIM_API_SRC_MSPTI_BRIDGE_H_
#define ACLSIM_API_SRC_MSPTI_BRIDGE_H_

#include <cstdint>

#include "runtime/prof/mspti_calls.h"

namespace aclsim::api::mspti {

// What a memory call adds to its API record (built into MSPTI's records in
// runtime/prof/mspti_calls.h).
using MemoryActivity = prof::mspti::MemoryActivity;

// True when MSPTI wants a call timed: an API kind is on, a memory kind is
// on, or a subscriber enabled the call's runtime callback |cbid| (0: the
// call has none). One or two relaxed loads when MSPTI is idle.
bool CallWanted(uint32_t cbid) noexcept;
// At the entry of the call |name| (static storage): a new correlation id for
// the thread (with its external correlation records) and the ENTER callback
// |cbid|. Returns the id.
uint64_t Enter(const char* name, uint32_t cbid) noexcept;
// At the call's exit: its API records (epoch ns), the memory activity if
// any, then the EXIT callback.
void Exit(const char* name, uint32_t cbid, uint64_t correlation_id, int64_t start_ns, int64_t end_ns, uint32_t tid,
          const MemoryActivity& memory) noexcept;
// Device memory freed by aclrtFree: the size it was allocated with (0 if unknown).
void NoteAllocation(uint64_t address, uint64_t bytes) noexcept;
uint64_t TakeAllocation(uint64_t address) noexcept;

}  // namespace aclsim::api::mspti

#endif  // ACLSIM_API_SRC_MSPTI_BRIDGE_H_
