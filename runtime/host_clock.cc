#include "runtime/host_clock.h"

#include <algorithm>

#include "runtime/time_limits.h"

namespace aclsim::runtime {

void HostClock::AddDevice(device::Device* device) {
  std::lock_guard<std::mutex> lock(mu_);
  devices_.push_back(device);
}

int64_t HostClock::SteadyNs() const {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int64_t HostClock::NowNs() {
  std::lock_guard<std::mutex> lock(mu_);
  return NowLocked();
}

int64_t HostClock::Charge(int64_t cost_ns) {
  std::lock_guard<std::mutex> lock(mu_);
  if (mode_ == device::ClockMode::kRealtime) return NowLocked();
  if (cost_ns <= 0) {
    // A free call takes no time, not even the tick of a reading: with every
    // cost 0 the device timeline is exactly the one without a host model.
    for (device::Device* d : devices_) last_ns_ = std::max(last_ns_, d->Now());
    return last_ns_;
  }
  last_ns_ = AddTimeNs(NowLocked(), cost_ns);
  return last_ns_;
}

int64_t HostClock::ReadyNs(int64_t cost_ns) {
  const int64_t ready = Charge(cost_ns);
  return mode_ == device::ClockMode::kRealtime ? 0 : ready;
}

int64_t HostClock::NowLocked() {
  int64_t now = 0;
  if (mode_ == device::ClockMode::kRealtime) {
    now = SteadyNs();
  } else {
    for (device::Device* d : devices_) now = std::max(now, d->Now());
  }
  last_ns_ = std::max(now, last_ns_ + 1);
  return last_ns_;
}

int64_t HostClock::AnchorNs() {
  std::lock_guard<std::mutex> lock(mu_);
  return mode_ == device::ClockMode::kRealtime ? SteadyNs() : last_ns_ + 1;
}

int64_t HostClock::SyncPointNs(int64_t device_now_ns) {
  std::lock_guard<std::mutex> lock(mu_);
  return mode_ == device::ClockMode::kRealtime ? SteadyNs() : device_now_ns;
}

}  // namespace aclsim::runtime
