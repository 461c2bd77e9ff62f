// The "sim" backend's options: the keys of the configuration's "aclsim"
// object that configure simulated devices (README.md, "Configuration").
//
//   device_count         1…64 devices (default 1)
//   device_profile       a built-in profile name (default "Ascend910B2")
//   device_profile_path  a profile JSON file; wins over the name ("" = none)
//   clock                "virtual" (default) or "realtime"
//   clock_origin_ns      where a virtual device clock starts, 1…2^60 ns
//                        (default kDefaultClockOriginNs, runtime/time_limits.h);
//                        a realtime device clock follows the host's
//                        monotonic clock instead
//   seed, jitter         seeded relative jitter of op durations, 0…0.5
//   faults               fault injection (docs/faults.md), parsed here into
//                        the FaultPlan the devices apply
//
// aclsim-device-server fills the same struct from its command line.
#ifndef ACLSIM_SIM_SIM_OPTIONS_H_
#define ACLSIM_SIM_SIM_OPTIONS_H_

#include <cstdint>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "runtime/device/backend.h"
#include "runtime/device/faults.h"
#include "runtime/status.h"
#include "runtime/time_limits.h"

namespace aclsim::sim {

struct SimOptions {
  uint32_t device_count = 1;
  std::string device_profile = "Ascend910B2";  // built-in name
  std::string device_profile_path;             // a profile JSON file; wins over the name
  device::ClockMode clock_mode = device::ClockMode::kVirtual;
  int64_t clock_origin_ns = kDefaultClockOriginNs;  // virtual mode: the clock's first reading
  uint64_t seed = 0;
  double jitter = 0.0;  // relative +- jitter of op durations, [0, 0.5]
  device::FaultPlan faults;

  // Ranges of a struct filled by code (the server's flags, tests):
  // device_count outside [1, 64], jitter outside [0, 0.5] (or NaN),
  // clock_origin_ns outside [1, kMaxClockOriginNs], or neither a profile
  // name nor a path → kInvalidArgument.
  Status Validate() const;
};

// Parses the backend options object (device::BackendFactory) of "sim" (and
// of the simulator built as a plugin). A key with a wrong type or value →
// kFileAttrInvalid naming it ("config: device_count must be ..."); a key
// that is no option of |backend| (default "sim") → kFileAttrInvalid
// naming the backend and the key. Profiles are looked up when the backend
// is created (CreateSimBackend), not here.
StatusOr<SimOptions> ParseSimOptions(const nlohmann::json& options, std::string_view backend = "sim");

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_SIM_OPTIONS_H_
