#include "runtime/host_clock.h"

#include <algorithm>
#include <limits>

#include "runtime/time_limits.h"

namespace aclsim::runtime {
namespace {
constexpr int64_t kNoFloor = std::numeric_limits<int64_t>::min();
}  // namespace

void HostClock::AddDevice(device::Device* device) {
  std::lock_guard<std::mutex> lock(mu_);
  devices_.push_back(device);
}

int64_t HostClock::SteadyNs() const {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int64_t HostClock::AdvanceTo(int64_t floor, int64_t cost_ns) {
  int64_t old = last_ns_.load(std::memory_order_relaxed);
  while (true) {
    // A free call takes no time, not even the tick of a reading: with every
    // cost 0 the device timeline is exactly the one without a host model.
    const int64_t next = cost_ns <= 0 ? std::max(old, floor) : AddTimeNs(std::max(old + 1, floor), cost_ns);
    if (next == old || last_ns_.compare_exchange_weak(old, next, std::memory_order_relaxed)) return next;
  }
}

int64_t HostClock::NowNs() {
  std::lock_guard<std::mutex> lock(mu_);
  return NowLocked();
}

int64_t HostClock::Charge(int64_t cost_ns) {
  if (mode_ == device::ClockMode::kRealtime) {
    std::lock_guard<std::mutex> lock(mu_);
    return NowLocked();
  }
  return AdvanceTo(host_observed_ns_.load(std::memory_order_acquire), cost_ns);
}

int64_t HostClock::ReadyNs(int64_t cost_ns) {
  const int64_t ready = Charge(cost_ns);
  return mode_ == device::ClockMode::kRealtime ? 0 : ready;
}

int64_t HostClock::NowLocked() {
  int64_t now = kNoFloor;
  if (mode_ == device::ClockMode::kRealtime) {
    now = SteadyNs();
  } else {
    for (device::Device* d : devices_) now = std::max(now, d->Now());
  }
  // Strictly increasing: a reading is at least one tick after the last.
  int64_t old = last_ns_.load(std::memory_order_relaxed);
  while (true) {
    const int64_t next = std::max(now, old + 1);
    if (last_ns_.compare_exchange_weak(old, next, std::memory_order_relaxed)) return next;
  }
}

int64_t HostClock::AnchorNs() {
  std::lock_guard<std::mutex> lock(mu_);
  return mode_ == device::ClockMode::kRealtime ? SteadyNs() : last_ns_.load(std::memory_order_relaxed) + 1;
}

int64_t HostClock::SyncPointNs(int64_t device_now_ns) {
  std::lock_guard<std::mutex> lock(mu_);
  return mode_ == device::ClockMode::kRealtime ? SteadyNs() : device_now_ns;
}

}  // namespace aclsim::runtime
