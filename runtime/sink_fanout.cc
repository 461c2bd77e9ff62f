// SinkFanout (runtime/device_table.h): one device's completion records to
// every attached sink.
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <utility>
#include <vector>

#include "runtime/device_table.h"

namespace aclsim::runtime {

void SinkFanout::OnCompletions(const device::CompletionRecord* records, size_t count) {
  std::shared_ptr<const SlotList> slots;
  {
    std::lock_guard<std::mutex> lock(mu_);
    slots = slots_;
  }
  thread_local std::vector<device::CompletionRecord> renumbered;
  if (renumber_) {
    renumbered.assign(records, records + count);
    for (device::CompletionRecord& r : renumbered) r.device_id = user_id_;
    records = renumbered.data();
  }
  for (const auto& slot : *slots) {
    std::shared_lock<std::shared_mutex> in_use(slot->in_use);
    if (slot->attached) slot->sink->OnCompletions(records, count);
  }
}

size_t SinkFanout::Add(device::CompletionSink* sink) {
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& slot : *slots_) {
    if (slot->sink == sink) return slots_->size();
  }
  auto next = std::make_shared<SlotList>(*slots_);
  auto slot = std::make_shared<Slot>();
  slot->sink = sink;
  next->push_back(std::move(slot));
  slots_ = std::move(next);
  return slots_->size();
}

size_t SinkFanout::size() {
  std::lock_guard<std::mutex> lock(mu_);
  return slots_->size();
}

size_t SinkFanout::Remove(device::CompletionSink* sink) {
  std::shared_ptr<Slot> removed;
  size_t remaining = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto next = std::make_shared<SlotList>();
    for (const auto& slot : *slots_) {
      if (slot->sink == sink) {
        removed = slot;
      } else {
        next->push_back(slot);
      }
    }
    slots_ = std::move(next);
    remaining = slots_->size();
  }
  if (removed) {
    // Waits for deliveries that took the old list and are inside |sink|;
    // later ones see it detached.
    std::unique_lock<std::shared_mutex> in_use(removed->in_use);
    removed->attached = false;
  }
  return remaining;
}

}  // namespace aclsim::runtime
