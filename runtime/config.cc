#include "runtime/config.h"

#include <algorithm>
#include <iterator>

namespace aclsim::runtime {
namespace {

Status AttrError(const std::string& what) { return Status(Detail::kFileAttrInvalid, "config: " + what); }

Status ApplyLogLevel(const nlohmann::json& v, LogLevel* out) {
  static constexpr std::pair<const char*, LogLevel> kLevels[] = {{"debug", LogLevel::kDebug},
                                                                 {"info", LogLevel::kInfo},
                                                                 {"warning", LogLevel::kWarning},
                                                                 {"error", LogLevel::kError},
                                                                 {"none", LogLevel::kNone}};
  for (const auto& [name, level] : kLevels) {
    if (v == name) {
      *out = level;
      return OkStatus();
    }
  }
  return AttrError("log_level must be debug, info, warning, error or none");
}

// An integer in [lo, hi], compared in its stored type: a huge unsigned value
// never wraps into range.
bool IntegerIn(const nlohmann::json& v, int64_t lo, int64_t hi) {
  if (v.is_number_unsigned())
    return v.get<uint64_t>() >= static_cast<uint64_t>(lo) && v.get<uint64_t>() <= static_cast<uint64_t>(hi);
  return v.is_number_integer() && v.get<int64_t>() >= lo && v.get<int64_t>() <= hi;
}

Status ApplyHostCosts(const nlohmann::json& v, HostCosts* out) {
  if (!v.is_object()) return AttrError("host_costs must be an object");
  HostCosts next = *out;
  static constexpr std::pair<const char*, int64_t HostCosts::*> kKeys[] = {
      {"api_call_ns", &HostCosts::api_call_ns},
      {"model_execute_ns", &HostCosts::model_execute_ns},
      {"op_launch_ns", &HostCosts::op_launch_ns},
      {"marker_ns", &HostCosts::marker_ns},
      {"tx_ns", &HostCosts::tx_ns}};
  for (auto item = v.begin(); item != v.end(); ++item) {
    const std::string& key = item.key();
    const nlohmann::json& value = item.value();
    auto it = std::find_if(std::begin(kKeys), std::end(kKeys), [&](const auto& k) { return key == k.first; });
    if (it == std::end(kKeys)) {
      return AttrError("host_costs." + key +
                       " is not a host cost (api_call_ns, model_execute_ns, op_launch_ns, marker_ns, tx_ns)");
    }
    if (!IntegerIn(value, 0, kMaxHostCostNs)) {
      return AttrError("host_costs." + key + " must be an integer from 0 to " + std::to_string(kMaxHostCostNs));
    }
    next.*(it->second) = value.get<int64_t>();
  }
  *out = next;
  return OkStatus();
}

}  // namespace

Status ApplyConfigJson(std::string_view json_text, RuntimeOptions* options) {
  if (json_text.find_first_not_of(" \t\r\n") == std::string_view::npos) return OkStatus();
  auto doc = nlohmann::json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    return Status(Detail::kFileParse, "config: not a JSON object");
  }
  auto section = doc.find("aclsim");
  if (section == doc.end()) return OkStatus();
  if (!section->is_object()) return AttrError("\"aclsim\" must be an object");
  RuntimeOptions next = *options;
  for (auto it = section->begin(); it != section->end(); ++it) {
    const std::string& key = it.key();
    const auto& v = it.value();
    if (key == "backend") {
      if (!v.is_string() || v.get<std::string>().empty()) return AttrError("backend must be a non-empty string");
      next.backend = v.get<std::string>();
    } else if (key == "log_level") {
      ACLSIM_RETURN_IF_ERROR(ApplyLogLevel(v, &next.log_level));
    } else if (key == "time_origin") {
      if (v != "fixed" && v != "wall") return AttrError("time_origin must be \"fixed\" or \"wall\"");
      next.time_origin = v == "wall" ? RuntimeOptions::TimeOrigin::kWall : RuntimeOptions::TimeOrigin::kFixed;
    } else if (key == "host_costs") {
      ACLSIM_RETURN_IF_ERROR(ApplyHostCosts(v, &next.host_costs));
    } else if (key == "subscription_drain_timeout_ms") {
      if (!IntegerIn(v, 1, kMaxDrainTimeoutMs)) {
        return AttrError("subscription_drain_timeout_ms must be an integer from 1 to " +
                         std::to_string(kMaxDrainTimeoutMs));
      }
      next.subscription_drain_timeout = std::chrono::milliseconds(v.get<int64_t>());
    } else {
      next.backend_options[key] = v;  // the backend's to check (device::BackendFactory)
    }
  }
  *options = std::move(next);
  return OkStatus();
}

}  // namespace aclsim::runtime
