#include "runtime/dump_config.h"

#include <initializer_list>

#include <nlohmann/json.hpp>

namespace aclsim::runtime {

namespace {

Status Invalid(const std::string& what) { return Status(StatusCode::kInvalidArgument, "dump config: " + what); }

// |*out| = the string |key| of |dump| when present; it must be one of |allowed|.
Status OneOf(const nlohmann::json& dump, const char* key, std::initializer_list<const char*> allowed,
             std::string* out) {
  auto it = dump.find(key);
  if (it == dump.end()) return OkStatus();
  if (!it->is_string()) return Invalid(std::string(key) + " must be a string");
  const std::string value = it->get<std::string>();
  for (const char* a : allowed) {
    if (value == a) {
      *out = value;
      return OkStatus();
    }
  }
  std::string names;
  for (const char* a : allowed) names += std::string(names.empty() ? "" : ", ") + a;
  return Invalid(std::string(key) + " \"" + value + "\" is not one of " + names);
}

}  // namespace

StatusOr<DumpConfig> ParseDumpConfig(std::string_view json_text, bool* present) {
  *present = false;
  DumpConfig config;
  if (json_text.find_first_not_of(" \t\r\n") == std::string_view::npos) return config;
  auto doc = nlohmann::json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return Invalid("the file is not a JSON object");
  auto section = doc.find("dump");
  if (section == doc.end()) return config;
  if (!section->is_object()) return Invalid("\"dump\" must be an object");
  *present = true;
  const nlohmann::json& dump = *section;
  if (auto it = dump.find("dump_path"); it != dump.end()) {
    if (!it->is_string()) return Invalid("dump_path must be a string");
    config.path = it->get<std::string>();
  }
  if (auto it = dump.find("dump_list"); it != dump.end()) {
    if (!it->is_array()) return Invalid("dump_list must be an array");
    for (const auto& entry : *it) {
      if (!entry.is_object()) return Invalid("each dump_list entry must be an object");
    }
    config.model_dump = !it->empty();
  }
  std::string op_switch = "off";
  ACLSIM_RETURN_IF_ERROR(OneOf(dump, "dump_op_switch", {"on", "off"}, &op_switch));
  config.op_dump = op_switch == "on";
  ACLSIM_RETURN_IF_ERROR(OneOf(dump, "dump_mode", {"input", "output", "all"}, &config.mode));
  ACLSIM_RETURN_IF_ERROR(OneOf(dump, "dump_data", {"tensor", "stats"}, &config.data));
  ACLSIM_RETURN_IF_ERROR(OneOf(
      dump, "dump_scene",
      {"aic_err_brief_dump", "aic_err_norm_dump", "aic_err_detail_dump", "lite_exception", "watcher"}, &config.scene));
  if (config.scene == "lite_exception") config.scene = "aic_err_brief_dump";
  std::string debug = "off";
  ACLSIM_RETURN_IF_ERROR(OneOf(dump, "dump_debug", {"on", "off"}, &debug));
  config.overflow = debug == "on";

  const bool watcher = config.scene == "watcher";
  if (config.exception_dump() && (config.data_dump() || config.overflow)) {
    return Invalid("exception dump (dump_scene) cannot be combined with model, single-operator or overflow dump");
  }
  if (config.overflow && config.data_dump()) {
    return Invalid("overflow dump (dump_debug) cannot be combined with model or single-operator dump");
  }
  if (watcher && (config.overflow || config.op_dump)) {
    return Invalid("watcher mode cannot be combined with dump_debug or dump_op_switch");
  }
  if ((config.data_dump() || config.overflow || watcher) && config.path.empty()) {
    return Invalid("dump_path is required for model, single-operator, overflow and watcher dump");
  }
  return config;
}

}  // namespace aclsim::runtime
