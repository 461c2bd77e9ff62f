// Runtime configuration: the options struct and its JSON form.
//
// Configuration is data. The api/ edge reads the aclInit(configPath) file and
// the file named by ACLSIM_CONFIG, and hands their text to ApplyConfigJson;
// nothing below api/ reads the environment. The JSON form is CANN's acl.json
// with an extra "aclsim" object (other top-level keys are CANN's and ignored):
//
//   { "aclsim": { "backend": "sim", "log_level": "error",
//                 "device_count": 2, "device_profile": "Ascend910B2", ... } }
//
// The runtime owns five keys of it, "backend", "log_level", "time_origin",
// "host_costs" and "subscription_drain_timeout_ms", and checks them here. Every other key is an option of the selected
// backend: it is kept, unchecked, in |backend_options| and handed to that backend's factory, which parses and validates
// its own (device::BackendFactory; the simulator's keys are in sim/sim_options.h, the remote client's in
// remote/client/remote_options.h).
#ifndef ACLSIM_RUNTIME_CONFIG_H_
#define ACLSIM_RUNTIME_CONFIG_H_

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "runtime/host_costs.h"
#include "runtime/log.h"
#include "runtime/status.h"

namespace aclsim::runtime {

struct RuntimeOptions {
  std::string backend = "sim";
  // The backend's options: the "aclsim" keys other than the two above.
  nlohmann::json backend_options = nlohmann::json::object();
  LogLevel log_level = LogLevel::kError;
  // ASCEND_RT_VISIBLE_DEVICES as the environment gave it (std::nullopt:
  // unset): the backend devices the program sees (runtime/visible_devices.h).
  std::optional<std::string> visible_devices;
  // How long ending a subscription (aclprofModelUnSubscribe, aclmdlUnload,
  // aclFinalize, a lost device) waits for its reader to take the queued
  // records before counting them as dropped (runtime/prof/subscription.h).
  std::chrono::milliseconds subscription_drain_timeout{5000};
  // "time_origin": where the exported timelines' epoch time comes from.
  // kFixed (default): the host clock's origin is kFixedEpochOriginNs
  // (runtime/profiler.h), so the same program gives the same files;
  // kWall: the wall clock at aclInit, to mix with a framework's own events.
  // (A shared device clock already past the origin when the first device
  // opens takes the origin's place: Profiler's constructor.)
  enum class TimeOrigin { kFixed, kWall };
  TimeOrigin time_origin = TimeOrigin::kFixed;
  // "host_costs": the virtual clock's modelled host side, an object whose
  // keys (api_call_ns, model_execute_ns, marker_ns, tx_ns) replace the
  // defaults of runtime/host_costs.h.
  HostCosts host_costs;
};

// Range of "subscription_drain_timeout_ms": 1 ms to one day.
inline constexpr int64_t kMaxDrainTimeoutMs = 86'400'000;

// Applies the "aclsim" section of |json_text| on top of |options|: the
// runtime's keys replace their values, every other key replaces (or adds)
// that key of |backend_options|. An empty text or a document without
// "aclsim" changes nothing; on error nothing changes.
// Errors: not JSON → kFileParse; "aclsim" not an object, or "backend" /
// "log_level" with a wrong type or value, "subscription_drain_timeout_ms"
// not an integer in [1, kMaxDrainTimeoutMs], "host_costs" not an object of
// known keys with integers in [0, kMaxHostCostNs] → kFileAttrInvalid.
Status ApplyConfigJson(std::string_view json_text, RuntimeOptions* options);

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_CONFIG_H_
