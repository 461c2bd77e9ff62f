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
// The virtual mode models the host side (runtime/host_costs.h): Charge()
// advances the clock by a call's host cost, and ReadyNs() is the host time a
// submission tells its device (LaunchInfo/MarkerInfo.host_ready_ns). The
// virtual host is one timeline: calls of several threads take their costs
// one after another.
//
// Thread safety: thread-safe. Charge() is lock-free (virtual mode); the
// mutex is a leaf apart from the devices' Now(), which it calls with the
// mutex held (lock order: host clock → backend device lock).
#ifndef ACLSIM_RUNTIME_HOST_CLOCK_H_
#define ACLSIM_RUNTIME_HOST_CLOCK_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/host_costs.h"

namespace aclsim::runtime {

class HostClock {
 public:
  // |origin_ns|: the virtual mode's first reading (the backend's virtual
  // clock origin); unused in the realtime mode.
  // |host_observed_ns| (borrowed; DeviceTable::host_observed_ns()) is the
  // latest device time the host has seen at a wait: charges start no
  // earlier.
  HostClock(device::ClockMode mode, int64_t origin_ns, const HostCosts& costs,
            const std::atomic<int64_t>& host_observed_ns)
      : mode_(mode), costs_(costs), host_observed_ns_(host_observed_ns), last_ns_(origin_ns - 1) {}

  const HostCosts& costs() const { return costs_; }
  // True in the virtual mode: the host side is modelled and Charge() moves the clock.
  bool modelled() const { return mode_ == device::ClockMode::kVirtual; }

  // Makes |device| part of the logical clock; borrowed, must outlive the clock.
  void AddDevice(device::Device* device);
  // Host time now (strictly increasing across calls).
  int64_t NowNs();
  // The host spends |cost_ns| from now (virtual mode): returns the time it is
  // done, which later readings do not precede; a cost of 0 returns the
  // latest time without advancing it. The realtime mode returns NowNs():
  // real time passes by itself.
  int64_t Charge(int64_t cost_ns);
  // Charges |cost_ns| and returns the time a submission made now is ready
  // for its device: the charged time (virtual mode), or 0, no constraint
  // (realtime mode: the host's own clock already orders it, and a remote
  // device's clock need not be this host's).
  int64_t ReadyNs(int64_t cost_ns);
  // The host time paired with a device joining a session at |device_now_ns|
  // (the virtual mode has one time base, so the pair is equal).
  int64_t SyncPointNs(int64_t device_now_ns);
  // The clock's reading without advancing it: the steady clock (realtime),
  // the latest reading, or the origin before any (virtual).
  int64_t AnchorNs();

 private:
  int64_t SteadyNs() const;

  int64_t NowLocked();
  // Moves the clock to max(last + 1, |floor|) + |cost_ns| (to max(last,
  // |floor|) for a free call) and returns it; lock-free.
  int64_t AdvanceTo(int64_t floor, int64_t cost_ns);

  const device::ClockMode mode_;
  const HostCosts costs_;
  const std::atomic<int64_t>& host_observed_ns_;
  std::mutex mu_;
  std::vector<device::Device*> devices_;
  std::atomic<int64_t> last_ns_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_HOST_CLOCK_H_
