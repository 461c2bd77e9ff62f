// A CompletionSink that keeps every record it is given, for device tests.
#ifndef ACLSIM_TESTS_TESTING_RECORDING_SINK_H_
#define ACLSIM_TESTS_TESTING_RECORDING_SINK_H_

#include <cstddef>
#include <mutex>
#include <vector>

#include "runtime/device/backend.h"

namespace aclsim::testing {

// Thread-safe: a device may deliver from its own threads.
class RecordingSink final : public device::CompletionSink {
 public:
  void OnCompletions(const device::CompletionRecord* records, size_t count) override {
    std::lock_guard<std::mutex> lock(mu_);
    records_.insert(records_.end(), records, records + count);
  }
  // A copy of everything delivered so far, in delivery order.
  std::vector<device::CompletionRecord> records() const {
    std::lock_guard<std::mutex> lock(mu_);
    return records_;
  }

 private:
  mutable std::mutex mu_;
  std::vector<device::CompletionRecord> records_;
};

}  // namespace aclsim::testing

#endif  // ACLSIM_TESTS_TESTING_RECORDING_SINK_H_
