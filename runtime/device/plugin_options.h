// Backend options across backend ABI 1.0, whose create_backend takes the
// fixed struct aclsimBackendOptions (acl/aclsim_backend.h) rather than the
// backend's JSON options object (device::BackendFactory).
//
// These two conversions are the only place that maps one to the other: the
// host fills the struct from the options (PluginOptionsToAbiV1, in
// LoadPluginBackend) and the plugin side rebuilds the options object from it
// (PluginOptionsFromAbiV1, in plugin_export.cc's create_backend), so a
// plugin's factory sees the same JSON options an in-process backend does.
// A later ABI that passes the options as JSON text replaces both.
#ifndef ACLSIM_RUNTIME_DEVICE_PLUGIN_OPTIONS_H_
#define ACLSIM_RUNTIME_DEVICE_PLUGIN_OPTIONS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "acl/aclsim_backend.h"
#include "runtime/device/backend.h"
#include "runtime/device/faults.h"
#include "runtime/status.h"

namespace aclsim::device {

// The 1.0 struct's fields, with the strings it borrows.
struct PluginOptionsV1 {
  uint32_t device_count = 1;
  std::string device_profile = "Ascend910B2";
  std::string device_profile_path;
  ClockMode clock_mode = ClockMode::kVirtual;
  uint64_t seed = 0;
  double jitter = 0.0;
  std::string endpoint;
  std::string faults_json;  // "" = no "faults" key
  // What the host itself needs of them (a 1.0 plugin cannot report it): the
  // delivery faults of "faults", applied by the host's profiler.
  DeliveryFaults delivery;

  // The struct for create_backend; it points into this object.
  aclsimBackendOptions Raw() const;
};

// Host side. Reads the keys the 1.0 struct carries (device_count,
// device_profile, device_profile_path, clock, seed, jitter, endpoint,
// faults; an absent key takes the default above). Ranges are the plugin's to
// check. A value the struct cannot carry (wrong type, a clock other than
// "virtual"/"realtime", a faults section that is not valid, docs/faults.md)
// → kFileAttrInvalid naming the key; any other key → kFileAttrInvalid
// (UnknownBackendOption) naming |backend|.
StatusOr<PluginOptionsV1> PluginOptionsToAbiV1(std::string_view backend, const nlohmann::json& options);

// Plugin side: the options object of |raw| — device_count, device_profile,
// clock, seed and jitter always; device_profile_path, endpoint and faults
// when set. A faults_json that is not JSON → kFileAttrInvalid.
StatusOr<nlohmann::json> PluginOptionsFromAbiV1(const aclsimBackendOptions& raw);

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_PLUGIN_OPTIONS_H_
