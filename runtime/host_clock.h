// HostClock: the host-side clock of collection sessions, msproftx stamps and
// ACL API timing (runtime/prof/session_data.h describes the time domains).
//
// In ClockMode::kRealtime it is the host's steady (monotonic) clock, the
// clock realtime devices follow. In ClockMode::kVirtual it is logical: the
// latest device time the host has observed on any opened device, so host
// records line up with the device work they launched, and never earlier than
// the virtual clocks' origin (runtime/time_limits.h), so it never reads 0
// either. Either way NowNs() is strictly increasing.
//
// Thread safety: thread-safe; its mutex is a leaf apart from the devices'
// Now(), which it calls with the mutex held (lock order: host clock →
// backend device lock).
#ifndef ACLSIM_RUNTIME_HOST_CLOCK_H_
#define ACLSIM_RUNTIME_HOST_CLOCK_H_

#include <chrono>
#include <cstdint>
#include <mutex>
#include <vector>

#include "runtime/device/backend.h"

namespace aclsim::runtime {

class HostClock {
 public:
  // |origin_ns|: the virtual mode's first reading (the backend's virtual
  // clock origin); unused in the realtime mode.
  HostClock(device::ClockMode mode, int64_t origin_ns) : mode_(mode), last_ns_(origin_ns - 1) {}

  // Makes |device| part of the logical clock; borrowed, must outlive the clock.
  void AddDevice(device::Device* device);
  // Host time now (strictly increasing across calls).
  int64_t NowNs();
  // The host time paired with a device joining a session at |device_now_ns|
  // (the virtual mode has one time base, so the pair is equal).
  int64_t SyncPointNs(int64_t device_now_ns);
  // The clock's reading without advancing it: the steady clock (realtime),
  // the latest reading, or the origin before any (virtual).
  int64_t AnchorNs();

 private:
  int64_t SteadyNs() const;

  const device::ClockMode mode_;
  std::mutex mu_;
  std::vector<device::Device*> devices_;
  int64_t last_ns_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_HOST_CLOCK_H_
