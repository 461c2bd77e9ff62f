#include "runtime/device/plugin_options.h"

#include <limits>

namespace aclsim::device {
namespace {

using nlohmann::json;

Status NotCarried(const std::string& key, const char* what) {
  return Status(ErrorCode::kFileAttrInvalid, "config: " + key + " must be " + what);
}

Status ReadString(const std::string& key, const json& v, std::string* out) {
  if (!v.is_string()) return NotCarried(key, "a string");
  *out = v.get<std::string>();
  return OkStatus();
}

// Reads one key of the 1.0 struct; |*known| is false for any other key.
Status ReadKey(const std::string& key, const json& v, PluginOptionsV1* o, bool* known) {
  *known = true;
  uint64_t n = 0;
  if (key == "device_count") {
    if (!AsNonNegativeInteger(v, &n) || n > std::numeric_limits<uint32_t>::max()) {
      return NotCarried(key, "an unsigned 32-bit integer");
    }
    o->device_count = static_cast<uint32_t>(n);
  } else if (key == "device_profile") {
    return ReadString(key, v, &o->device_profile);
  } else if (key == "device_profile_path") {
    return ReadString(key, v, &o->device_profile_path);
  } else if (key == "endpoint") {
    return ReadString(key, v, &o->endpoint);
  } else if (key == "clock") {
    if (v != "virtual" && v != "realtime") return NotCarried(key, "\"virtual\" or \"realtime\"");
    o->clock_mode = v == "realtime" ? ClockMode::kRealtime : ClockMode::kVirtual;
  } else if (key == "seed") {
    if (!AsNonNegativeInteger(v, &o->seed)) return NotCarried(key, "a non-negative integer");
  } else if (key == "jitter") {
    if (!v.is_number()) return NotCarried(key, "a number");
    o->jitter = v.get<double>();
  } else {
    *known = false;
  }
  return OkStatus();
}

}  // namespace

aclsimBackendOptions PluginOptionsV1::Raw() const {
  aclsimBackendOptions raw{};
  raw.struct_size = sizeof(raw);
  raw.device_count = device_count;
  raw.device_profile = device_profile.c_str();
  raw.device_profile_path = device_profile_path.c_str();
  raw.clock_mode = clock_mode == ClockMode::kRealtime ? ACLSIM_CLOCK_REALTIME : ACLSIM_CLOCK_VIRTUAL;
  raw.seed = seed;
  raw.jitter = jitter;
  raw.endpoint = endpoint.c_str();
  raw.faults_json = faults_json.c_str();
  return raw;
}

StatusOr<PluginOptionsV1> PluginOptionsToAbiV1(std::string_view backend, const json& options) {
  PluginOptionsV1 o;
  if (options.is_null()) return o;
  if (!options.is_object()) return Status(ErrorCode::kFileAttrInvalid, "config: \"aclsim\" must be an object");
  for (auto it = options.begin(); it != options.end(); ++it) {
    if (it.key() == "faults") {
      ACLSIM_ASSIGN_OR_RETURN(FaultPlan plan, ParseFaults(it.value()));
      o.delivery = plan.delivery;
      o.faults_json = it.value().dump();
      continue;
    }
    bool known = false;
    ACLSIM_RETURN_IF_ERROR(ReadKey(it.key(), it.value(), &o, &known));
    if (!known) return UnknownBackendOption(backend, it.key());
  }
  return o;
}

StatusOr<json> PluginOptionsFromAbiV1(const aclsimBackendOptions& raw) {
  auto str = [](const char* s) { return s == nullptr ? std::string() : std::string(s); };
  json options = json::object();
  options["device_count"] = raw.device_count;
  options["device_profile"] = str(raw.device_profile);
  options["clock"] = raw.clock_mode == ACLSIM_CLOCK_REALTIME ? "realtime" : "virtual";
  options["seed"] = raw.seed;
  options["jitter"] = raw.jitter;
  if (!str(raw.device_profile_path).empty()) options["device_profile_path"] = str(raw.device_profile_path);
  if (!str(raw.endpoint).empty()) options["endpoint"] = str(raw.endpoint);
  if (const std::string faults = str(raw.faults_json); !faults.empty()) {
    json parsed = json::parse(faults, nullptr, false);
    if (parsed.is_discarded()) return Status(ErrorCode::kFileAttrInvalid, "config: faults_json is not JSON");
    options["faults"] = std::move(parsed);
  }
  return options;
}

}  // namespace aclsim::device
