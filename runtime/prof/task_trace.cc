#include "runtime/prof/task_trace.h"

#include <algorithm>

namespace aclsim::runtime {

void TaskTrace::OnCompletions(const device::CompletionRecord* records, size_t count) {
  std::lock_guard<std::mutex> lock(mu_);
  size_t room = capacity_ > records_.size() ? capacity_ - records_.size() : 0;
  size_t take = std::min(room, count);
  records_.insert(records_.end(), records, records + take);
  dropped_ += count - take;
}

std::vector<device::CompletionRecord> TaskTrace::Snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  return records_;
}

size_t TaskTrace::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return records_.size();
}

uint64_t TaskTrace::dropped() const {
  std::lock_guard<std::mutex> lock(mu_);
  return dropped_;
}

void TaskTrace::Clear() {
  std::lock_guard<std::mutex> lock(mu_);
  records_.clear();
  dropped_ = 0;
}

}  // namespace aclsim::runtime
