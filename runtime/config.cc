#include "runtime/config.h"

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
    } else if (key == "subscription_drain_timeout_ms") {
      // Compared in the stored type: a huge unsigned value never wraps into range.
      const bool in_range =
          v.is_number_unsigned()
              ? v.get<uint64_t>() >= 1 && v.get<uint64_t>() <= static_cast<uint64_t>(kMaxDrainTimeoutMs)
              : v.is_number_integer() && v.get<int64_t>() >= 1 && v.get<int64_t>() <= kMaxDrainTimeoutMs;
      if (!in_range) {
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
