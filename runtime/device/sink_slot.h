// CompletionSinkSlot: the completion sink of one device, for backends that
// deliver records outside their device lock.
//
// A backend computes a submission's records under its lock, then hands them
// to the sink after releasing it, so a sink that blocks (a subscription whose
// reader stopped reading) holds up only the thread whose records it is
// taking, never another caller of the device. The slot makes that safe:
// Acquire() pins the current sink for one delivery, and Set() returns only
// once every delivery still holding the previous sink has finished, which is
// what Device::SetCompletionSink promises its caller.
//
// Thread safety: all methods are thread-safe. Acquire() may be called with
// the backend's device lock held; Set() must not be (it waits for deliveries
// that run without that lock). Lock order: device lock → slot mutex.
#ifndef ACLSIM_RUNTIME_DEVICE_SINK_SLOT_H_
#define ACLSIM_RUNTIME_DEVICE_SINK_SLOT_H_

#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "runtime/device/backend.h"

namespace aclsim::device {

class CompletionSinkSlot {
 public:
  // One pinned delivery: |sink| (nullptr when none is set) stays valid until
  // the Delivery is released or destroyed.
  class Delivery {
   public:
    Delivery() = default;
    Delivery(Delivery&& other) noexcept : slot_(other.slot_), sink_(other.sink_), epoch_(other.epoch_) {
      other.slot_ = nullptr;
      other.sink_ = nullptr;
    }
    Delivery& operator=(Delivery&& other) noexcept {
      if (this != &other) {
        Release();
        slot_ = other.slot_;
        sink_ = other.sink_;
        epoch_ = other.epoch_;
        other.slot_ = nullptr;
        other.sink_ = nullptr;
      }
      return *this;
    }
    Delivery(const Delivery&) = delete;
    Delivery& operator=(const Delivery&) = delete;
    ~Delivery() { Release(); }

    CompletionSink* sink() const { return sink_; }
    void Deliver(const CompletionRecord* records, size_t count) const {
      if (sink_ != nullptr && count != 0) sink_->OnCompletions(records, count);
    }
    void Release() {
      if (slot_ != nullptr) slot_->Unpin(epoch_);
      slot_ = nullptr;
      sink_ = nullptr;
    }

   private:
    friend class CompletionSinkSlot;
    Delivery(CompletionSinkSlot* slot, CompletionSink* sink, uint64_t epoch)
        : slot_(slot), sink_(sink), epoch_(epoch) {}
    CompletionSinkSlot* slot_ = nullptr;  // borrowed: the slot outlives its deliveries
    CompletionSink* sink_ = nullptr;
    uint64_t epoch_ = 0;
  };

  // Pins the current sink for one delivery. Without a sink the Delivery is
  // empty and pins nothing.
  Delivery Acquire() {
    std::lock_guard<std::mutex> lock(mu_);
    if (sink_ == nullptr) return Delivery();
    ++in_flight_[epoch_ & 1];
    return Delivery(this, sink_, epoch_);
  }

  // Replaces the sink. New deliveries use |sink| at once; returns after the
  // deliveries pinned to the previous sink have finished.
  void Set(CompletionSink* sink) {
    std::lock_guard<std::mutex> serial(set_mu_);
    std::unique_lock<std::mutex> lock(mu_);
    const uint64_t old_epoch = epoch_++;
    sink_ = sink;
    drained_.wait(lock, [&] { return in_flight_[old_epoch & 1] == 0; });
  }

 private:
  void Unpin(uint64_t epoch) {
    std::lock_guard<std::mutex> lock(mu_);
    if (--in_flight_[epoch & 1] == 0) drained_.notify_all();
  }

  std::mutex set_mu_;  // serialises Set(): at most two epochs are ever pinned
  std::mutex mu_;
  std::condition_variable drained_;
  CompletionSink* sink_ = nullptr;  // borrowed (Device::SetCompletionSink contract)
  uint64_t epoch_ = 0;
  uint64_t in_flight_[2] = {0, 0};  // pinned deliveries per epoch parity
};

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_SINK_SLOT_H_
