#include "runtime/host_clock.h"

#include <algorithm>

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
