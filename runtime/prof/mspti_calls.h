// MSPTI's records of a timed host call: the API records (one per API kind
// the call belongs to) and the MEMORY, MEMCPY or MEMSET record of a memory
// call, built here from what the ACL edge measured (api/src/api_trace.h,
// api/src/mspti_bridge.cc) and appended to the collector. The edge keeps
// the callbacks, the correlation ids and the thread's call depth.
#ifndef ACLSIM_RUNTIME_PROF_MSPTI_CALLS_H_
#define ACLSIM_RUNTIME_PROF_MSPTI_CALLS_H_

#include <cstdint>

#include "runtime/prof/mspti_collector.h"

namespace aclsim::prof::mspti {

// What a memory call adds to its API record: a MEMORY, MEMCPY or MEMSET
// activity (kind 0: none).
struct MemoryActivity {
  uint32_t kind = 0;       // kMemory, kMemcpy or kMemset
  uint32_t operation = 0;  // MEMORY: 0 allocation, 1 release
  uint32_t copy_kind = 0;  // MEMCPY: msptiActivityMemcpyKind
  uint32_t value = 0;      // MEMSET: the value
  uint64_t address = 0;    // MEMORY
  uint64_t bytes = 0;
  uint32_t device_id = 0xFFFFFFFFu;
  uint32_t stream_id = 0xFFFFFFFFu;
  bool is_async = false;
};

// The API kinds a call's record is written under.
enum class CallFamily {
  kAcl,      // API_ACL
  kRuntime,  // API_ACL and API_RUNTIME (the runtime's own calls)
  kNode,     // API and API_NODE (an operator's launch)
};

// One timed call, on the records' time base (epoch ns, before the client
// clock's offset). |name| has static storage.
struct TimedCall {
  const char* name = nullptr;
  CallFamily family = CallFamily::kAcl;
  uint64_t correlation_id = 0;
  int64_t start_ns = 0;
  int64_t end_ns = 0;
  uint32_t thread_id = 0;
};

// Appends |call|'s API records (those of its family whose kinds are on) and
// |memory|'s record to |collector|, the times moved onto the client's
// timestamp callback's clock when one is registered. Thread-safe; may
// allocate (an exception is the caller's to catch).
void RecordCall(Collector& collector, TimedCall call, const MemoryActivity& memory);

}  // namespace aclsim::prof::mspti

#endif  // ACLSIM_RUNTIME_PROF_MSPTI_CALLS_H_
