#include "sim/sim_options.h"

#include <nlohmann/json.hpp>

namespace aclsim::sim {
namespace {

using nlohmann::json;

Status AttrError(const std::string& what) { return Status(Detail::kFileAttrInvalid, "config: " + what); }

// Applies one key to |o|; |*known| is false for a key that is no sim option.
Status ApplyKey(const std::string& key, const json& v, SimOptions* o, bool* known) {
  *known = true;
  uint64_t n = 0;
  if (key == "device_count") {
    if (!device::AsNonNegativeInteger(v, &n) || n < 1 || n > 64) {
      return AttrError("device_count must be an integer in [1, 64]");
    }
    o->device_count = static_cast<uint32_t>(n);
  } else if (key == "device_profile") {
    if (!v.is_string() || v.get<std::string>().empty()) return AttrError("device_profile must be a non-empty string");
    o->device_profile = v.get<std::string>();
  } else if (key == "device_profile_path") {
    if (!v.is_string()) return AttrError("device_profile_path must be a string");
    o->device_profile_path = v.get<std::string>();
  } else if (key == "clock") {
    if (v != "virtual" && v != "realtime") return AttrError("clock must be \"virtual\" or \"realtime\"");
    o->clock_mode = v == "realtime" ? device::ClockMode::kRealtime : device::ClockMode::kVirtual;
  } else if (key == "clock_origin_ns") {
    if (!device::AsNonNegativeInteger(v, &n) || n < 1 || n > static_cast<uint64_t>(kMaxClockOriginNs)) {
      return AttrError("clock_origin_ns must be an integer in [1, 2^60]");
    }
    o->clock_origin_ns = static_cast<int64_t>(n);
  } else if (key == "seed") {
    if (!device::AsNonNegativeInteger(v, &o->seed)) return AttrError("seed must be a non-negative integer");
  } else if (key == "jitter") {
    if (!v.is_number() || v.get<double>() < 0.0 || v.get<double>() > 0.5) {
      return AttrError("jitter must be a number in [0, 0.5]");
    }
    o->jitter = v.get<double>();
  } else if (key == "faults") {
    ACLSIM_ASSIGN_OR_RETURN(o->faults, device::ParseFaults(v));
  } else {
    *known = false;
  }
  return OkStatus();
}

}  // namespace

Status SimOptions::Validate() const {
  if (device_count < 1 || device_count > 64) {
    return Status(StatusCode::kInvalidArgument, "config: device_count must be in [1, 64]");
  }
  if (!(jitter >= 0.0 && jitter <= 0.5)) {
    return Status(StatusCode::kInvalidArgument, "config: jitter must be in [0, 0.5]");
  }
  if (clock_origin_ns < 1 || clock_origin_ns > kMaxClockOriginNs) {
    return Status(StatusCode::kInvalidArgument, "config: clock_origin_ns must be in [1, 2^60]");
  }
  if (device_profile.empty() && device_profile_path.empty()) {
    return Status(StatusCode::kInvalidArgument, "config: device_profile must not be empty");
  }
  return OkStatus();
}

StatusOr<SimOptions> ParseSimOptions(const json& options, std::string_view backend) {
  SimOptions o;
  if (options.is_null()) return o;
  if (!options.is_object()) return AttrError("the options of backend '" + std::string(backend) + "' must be an object");
  for (auto it = options.begin(); it != options.end(); ++it) {
    bool known = false;
    ACLSIM_RETURN_IF_ERROR(ApplyKey(it.key(), it.value(), &o, &known));
    if (!known) return device::UnknownBackendOption(backend, it.key());
  }
  return o;
}

}  // namespace aclsim::sim
