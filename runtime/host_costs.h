// HostCosts: the modelled host side of the virtual clock (docs/time_base.md).
//
// In ClockMode::kVirtual no host time passes by itself, so without a model
// every host record (an ACL API call, an msproftx range, a step) would last
// the clock's 1 ns tick, and device work could start at the very time the
// host call that launched it began. Each cost below is host time a call
// takes: the host clock advances by it (HostClock::Charge), and device work
// launched by the call starts no earlier than the host finished enqueuing it
// (LaunchInfo/MarkerInfo.host_ready_ns, backend ABI 2.2). In
// ClockMode::kRealtime the host's own time passes and the costs are unused.
//
// The defaults are public figures for a CANN host (sources in
// docs/time_base.md); "host_costs" in the "aclsim" section of acl.json
// replaces any of them (runtime/config.h). Zero turns a cost off.
#ifndef ACLSIM_RUNTIME_HOST_COSTS_H_
#define ACLSIM_RUNTIME_HOST_COSTS_H_

#include <cstdint>

namespace aclsim::runtime {

struct HostCosts {
  // Any runtime call timed as an ACL API record (aclrt*, aclmdl* entry points).
  int64_t api_call_ns = 2'000;
  // Enqueuing one model execution (aclmdlExecute, aclmdlExecuteAsync), on top
  // of api_call_ns; the graph's tasks were sent to the device at load time.
  int64_t model_execute_ns = 30'000;
  // Launching one single operator (the second phase of an aclnn call,
  // aclopExecuteV2, a copy or memset task), on top of api_call_ns where the
  // call is an ACL API record.
  int64_t op_launch_ns = 10'000;
  // Enqueuing a marker task (a step tag of aclprofGetStepTimestamp, MarkEx).
  int64_t marker_ns = 2'000;
  // One msproftx call that stamps time (Push, Pop, RangeStart, RangeStop, Mark).
  int64_t tx_ns = 1'000;
};

// Each cost is an integer from 0 to kMaxHostCostNs (1 s).
inline constexpr int64_t kMaxHostCostNs = 1'000'000'000;

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_HOST_COSTS_H_
