// SessionCollector: the CompletionSink of a collection session. Attached to
// every collected device, it turns completion records into TaskRecords
// (ops resolved to their OpInfo, markers kept as markers) and holds them
// until the session stops.
//
// Thread safety: OnCompletions runs on submitting threads (outside device
// locks); everything is guarded by the collector's own mutex, which never
// calls out.
#ifndef ACLSIM_RUNTIME_PROF_SESSION_COLLECTOR_H_
#define ACLSIM_RUNTIME_PROF_SESSION_COLLECTOR_H_

#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/prof/op_table.h"
#include "runtime/prof/session_data.h"

namespace aclsim::prof {

class SessionCollector final : public device::CompletionSink {
 public:
  // Makes the ops of |model_id| resolvable (the collector keeps |ops|).
  void RegisterModel(uint32_t model_id, OpTableRef ops);
  void OnCompletions(const device::CompletionRecord* records, size_t count) override;
  // Moves out everything collected so far.
  std::vector<TaskRecord> Take();
  size_t size() const;

 private:
  mutable std::mutex mu_;
  std::unordered_map<uint32_t, OpTableRef> models_;
  std::vector<TaskRecord> tasks_;
};

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_SESSION_COLLECTOR_H_
