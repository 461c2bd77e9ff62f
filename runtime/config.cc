#include "runtime/config.h"

#include <nlohmann/json.hpp>

#include "runtime/device/faults.h"

namespace aclsim::runtime {
namespace {

Status AttrError(const std::string& what) { return Status(ErrorCode::kFileAttrInvalid, "config: " + what); }

}  // namespace

Status ApplyConfigJson(std::string_view json_text, RuntimeOptions* options) {
  if (json_text.find_first_not_of(" \t\r\n") == std::string_view::npos) return OkStatus();
  auto doc = nlohmann::json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    return Status(ErrorCode::kParseFile, "config: not a JSON object");
  }
  auto section = doc.find("aclsim");
  if (section == doc.end()) return OkStatus();
  if (!section->is_object()) return AttrError("\"aclsim\" must be an object");
  RuntimeOptions next = *options;
  auto& b = next.backend_options;
  for (auto it = section->begin(); it != section->end(); ++it) {
    const std::string& key = it.key();
    const auto& v = it.value();
    if (key == "backend") {
      if (!v.is_string() || v.get<std::string>().empty()) return AttrError("backend must be a non-empty string");
      next.backend = v.get<std::string>();
    } else if (key == "device_count") {
      if (!v.is_number_unsigned() || v.get<uint64_t>() < 1 || v.get<uint64_t>() > 64) {
        return AttrError("device_count must be an integer in [1, 64]");
      }
      b.device_count = v.get<uint32_t>();
    } else if (key == "device_profile") {
      if (!v.is_string() || v.get<std::string>().empty()) return AttrError("device_profile must be a non-empty string");
      b.device_profile = v.get<std::string>();
    } else if (key == "device_profile_path") {
      if (!v.is_string()) return AttrError("device_profile_path must be a string");
      b.device_profile_path = v.get<std::string>();
    } else if (key == "clock") {
      if (v == "virtual") {
        b.clock_mode = device::ClockMode::kVirtual;
      } else if (v == "realtime") {
        b.clock_mode = device::ClockMode::kRealtime;
      } else {
        return AttrError("clock must be \"virtual\" or \"realtime\"");
      }
    } else if (key == "seed") {
      if (!v.is_number_unsigned()) return AttrError("seed must be a non-negative integer");
      b.seed = v.get<uint64_t>();
    } else if (key == "jitter") {
      if (!v.is_number() || v.get<double>() < 0.0 || v.get<double>() > 0.5) {
        return AttrError("jitter must be a number in [0, 0.5]");
      }
      b.jitter = v.get<double>();
    } else if (key == "endpoint") {
      if (!v.is_string()) return AttrError("endpoint must be a string (unix:/path or tcp:host:port)");
      b.endpoint = v.get<std::string>();
    } else if (key == "faults") {
      if (!v.is_object()) return AttrError("faults must be an object (docs/faults.md)");
      auto plan = device::ParseFaults(v.dump());
      if (!plan.ok()) return plan.status();
      b.faults_json = v.dump();
    } else if (key == "log_level") {
      static constexpr std::pair<const char*, LogLevel> kLevels[] = {{"debug", LogLevel::kDebug},
                                                                     {"info", LogLevel::kInfo},
                                                                     {"warning", LogLevel::kWarning},
                                                                     {"error", LogLevel::kError},
                                                                     {"none", LogLevel::kNone}};
      bool found = false;
      for (const auto& [name, level] : kLevels) {
        if (v == name) {
          next.log_level = level;
          found = true;
        }
      }
      if (!found) return AttrError("log_level must be debug, info, warning, error or none");
    } else {
      return AttrError("unknown key \"aclsim." + key + "\"");
    }
  }
  *options = std::move(next);
  return OkStatus();
}

}  // namespace aclsim::runtime
