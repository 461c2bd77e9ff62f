// TaskTrace: an in-memory log of completed tasks, for aclsim's own tools.
//
// When tracing is on, the runtime attaches a TaskTrace to every open device
// as its CompletionSink. It keeps up to |capacity| records and counts the
// ones that did not fit (never dropped silently: the count is exposed through
// aclsim_ext.h). Thread-safe.
#ifndef ACLSIM_RUNTIME_PROF_TASK_TRACE_H_
#define ACLSIM_RUNTIME_PROF_TASK_TRACE_H_

#include <cstdint>
#include <mutex>
#include <vector>

#include "runtime/device/backend.h"

namespace aclsim::runtime {

class TaskTrace final : public device::CompletionSink {
 public:
  explicit TaskTrace(size_t capacity) : capacity_(capacity) {}

  void OnCompletions(const device::CompletionRecord* records, size_t count) override;

  std::vector<device::CompletionRecord> Snapshot() const;
  size_t size() const;
  uint64_t dropped() const;
  void Clear();

 private:
  const size_t capacity_;
  mutable std::mutex mu_;
  std::vector<device::CompletionRecord> records_;
  uint64_t dropped_ = 0;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_PROF_TASK_TRACE_H_
