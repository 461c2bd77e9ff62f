#include "runtime/prof/command_config.h"

#include <nlohmann/json.hpp>

#include <set>
#include <sstream>
#include <vector>

namespace aclsim::prof {
namespace {

using Json = nlohmann::json;

constexpr uint64_t kAicpu = 0x8;
constexpr uint64_t kL2Cache = 0x10;
constexpr uint64_t kHcclTrace = 0x20;
constexpr uint64_t kRuntimeApi = 0x100;
constexpr uint64_t kGeApiL0 = 0x200;
constexpr uint64_t kTaskMemory = 0x1000;
constexpr uint64_t kGeApiL1 = 0x01000000;
constexpr int32_t kPipeUtilization = 1;

Status Bad(const std::string& source, const std::string& what) {
  return Status(StatusCode::kInvalidArgument, source + ": " + what);
}

// The AI Core metric names of acl.json and msprof (aclprofAicoreMetrics).
std::optional<int32_t> MetricsOf(const std::string& name) {
  static const std::map<std::string, int32_t> kNames = {
      {"ArithmeticUtilization", 0}, {"PipeUtilization", 1}, {"Memory", 2},  {"MemoryL0", 3},
      {"ResourceConflictRatio", 4}, {"MemoryUB", 5},        {"L2Cache", 6}, {"MemoryAccess", 8}};
  auto it = kNames.find(name);
  if (it == kNames.end()) return std::nullopt;
  return it->second;
}

// task_time levels → data-type bits; nullopt for a bad level.
std::optional<uint64_t> TaskTimeBits(const std::string& level) {
  if (level == "off") return 0;
  if (level == "on" || level == "l1") return kTaskTime;
  if (level == "l0") return kTaskTimeL0;
  if (level == "l2") return kTaskTime | kTaskTimeL2;
  return std::nullopt;
}

// The acl.json keys that are aclprofSetConfig types (spec §1.3), by kind.
struct SetConfigKey {
  int32_t type;
  bool integer;  // a JSON integer (frequencies); else a string
};
const std::map<std::string, SetConfigKey>& SetConfigKeys() {
  static const std::map<std::string, SetConfigKey> kKeys = {
      {"storage_limit", {1, false}},
      {"sys_hardware_mem_freq", {3, true}},
      {"llc_profiling", {4, false}},
      {"sys_io_sampling_freq", {5, true}},
      {"sys_interconnection_freq", {6, true}},
      {"dvpp_freq", {7, true}},
      {"host_sys", {8, false}},
      {"host_sys_usage", {9, false}},
      {"host_sys_usage_freq", {10, true}},
      {"sys_lp_freq", {11, true}},
      {"sys_mem_serviceflow", {12, false}},
      {"sys_cpu_freq", {13, true}},
      {"optype", {14, false}},
  };
  return kKeys;
}

// The on/off switches and the data-type bit each sets (0: accepted, not
// collected by aclsim).
const std::map<std::string, uint64_t>& Switches() {
  static const std::map<std::string, uint64_t> kSwitches = {
      {"switch", 0},    {"ascendcl", kAclApi},  {"runtime_api", kRuntimeApi}, {"aicpu", kAicpu},
      {"l2", kL2Cache}, {"hccl", kHcclTrace},   {"msproftx", kMsproftx},      {"task_memory", kTaskMemory},
      {"task_tsfw", 0}, {"instr_profiling", 0},
  };
  return kSwitches;
}

Status Finish(CommandConfig* c, uint64_t bits) {
  c->session.requested_data_types = bits | kAicoreMetrics;  // command mode profiles the AI Core task-based
  c->session.data_type_config = RewriteDataTypeConfig(c->session.requested_data_types);
  return OkStatus();
}

}  // namespace

StatusOr<std::optional<CommandConfig>> ParseAclJsonProfiler(std::string_view section_json) {
  const std::string source = "acl.json \"profiler\"";
  Json j = Json::parse(section_json, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Bad(source, "the section is not a JSON object");
  CommandConfig c;
  c.source = source;
  c.session.aicore_metrics = kPipeUtilization;
  std::map<std::string, bool> on = {{"ascendcl", true}, {"runtime_api", true}};
  uint64_t task_bits = kTaskTime;
  uint64_t ge_bits = 0;
  for (const auto& [key, value] : j.items()) {
    if (Switches().count(key) != 0) {
      if (!value.is_string() || (value != "on" && value != "off")) {
        return Bad(source, "\"" + key + "\" must be \"on\" or \"off\", not " + value.dump());
      }
      on[key] = value == "on";
    } else if (key == "output") {
      if (!value.is_string()) return Bad(source, "\"output\" must be a string");
      c.output = value.get<std::string>();
    } else if (key == "task_time" || key == "task_trace") {
      const auto bits = value.is_string() ? TaskTimeBits(value.get<std::string>()) : std::nullopt;
      if (!bits) return Bad(source, "\"" + key + "\" must be one of on, off, l0, l1, l2, not " + value.dump());
      task_bits = *bits;
    } else if (key == "ge_api") {
      if (!value.is_string() || (value != "off" && value != "l0" && value != "l1")) {
        return Bad(source, "\"ge_api\" must be one of off, l0, l1, not " + value.dump());
      }
      ge_bits = value == "l0" ? kGeApiL0 : value == "l1" ? kGeApiL1 : 0;
    } else if (key == "aic_metrics") {
      const auto metrics = value.is_string() ? MetricsOf(value.get<std::string>()) : std::nullopt;
      if (!metrics) return Bad(source, "\"aic_metrics\" " + value.dump() + " is not an AI Core metric group");
      c.session.aicore_metrics = *metrics;
    } else if (key == "instr_profiling_freq") {
      if (!value.is_number_integer() || value.get<int64_t>() < 300 || value.get<int64_t>() > 30000) {
        return Bad(source, "\"instr_profiling_freq\" must be an integer in 300..30000, not " + value.dump());
      }
    } else if (auto it = SetConfigKeys().find(key); it != SetConfigKeys().end()) {
      if (it->second.integer ? !value.is_number_integer() : !value.is_string()) {
        return Bad(source, "\"" + key + "\" must be " + (it->second.integer ? "an integer" : "a string") + ", not " +
                               value.dump());
      }
      const std::string text = value.is_string() ? value.get<std::string>() : std::to_string(value.get<int64_t>());
      if (Status s = ValidateSetConfigValue(it->second.type, text); !s.ok()) {
        return Bad(source, "\"" + key + "\": " + std::string(s.message()));
      }
      c.set_config[it->second.type] = text;
    } else {
      return Bad(source, "unknown key \"" + key + "\"");
    }
  }
  if (!on["switch"]) return std::optional<CommandConfig>();
  uint64_t bits = task_bits | ge_bits;
  for (const auto& [key, bit] : Switches()) {
    if (on[key]) bits |= bit;
  }
  ACLSIM_RETURN_IF_ERROR(Finish(&c, bits));
  return std::optional<CommandConfig>(std::move(c));
}

StatusOr<CommandConfig> ParseSampleConfig(std::string_view env_json) {
  const std::string source = "PROFILER_SAMPLECONFIG";
  Json j = Json::parse(env_json, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Bad(source, "not a JSON object");
  CommandConfig c;
  c.source = source;
  c.session.aicore_metrics = kPipeUtilization;
  auto text = [&](const char* key, std::string* out) -> Status {
    if (!j.contains(key)) return OkStatus();
    if (!j[key].is_string()) return Bad(source, std::string("\"") + key + "\" must be a string");
    *out = j[key].get<std::string>();
    return OkStatus();
  };
  std::string acl = "on", runtime_api = "off", task_time = "on", msproftx = "off", aicpu = "off", l2 = "off";
  std::string hccl = "off", task_memory = "off", metrics, devices, storage;
  ACLSIM_RETURN_IF_ERROR(text("result_dir", &c.output));
  ACLSIM_RETURN_IF_ERROR(text("acl", &acl));
  ACLSIM_RETURN_IF_ERROR(text("runtimeApi", &runtime_api));
  ACLSIM_RETURN_IF_ERROR(text("taskTime", &task_time));
  ACLSIM_RETURN_IF_ERROR(text("msproftx", &msproftx));
  ACLSIM_RETURN_IF_ERROR(text("aicpuTrace", &aicpu));
  ACLSIM_RETURN_IF_ERROR(text("l2CacheTaskProfiling", &l2));
  ACLSIM_RETURN_IF_ERROR(text("hcclTrace", &hccl));
  ACLSIM_RETURN_IF_ERROR(text("taskMemory", &task_memory));
  ACLSIM_RETURN_IF_ERROR(text("ai_core_metrics", &metrics));
  ACLSIM_RETURN_IF_ERROR(text("devices", &devices));
  ACLSIM_RETURN_IF_ERROR(text("storageLimit", &storage));
  const auto task_bits = TaskTimeBits(task_time == "level1" ? "l1" : task_time == "level0" ? "l0" : task_time);
  if (!task_bits) return Bad(source, "\"taskTime\" \"" + task_time + "\" is not a task-time level");
  uint64_t bits = *task_bits;
  const std::pair<const std::string*, uint64_t> switches[] = {
      {&acl, kAclApi}, {&runtime_api, kRuntimeApi}, {&msproftx, kMsproftx},     {&aicpu, kAicpu},
      {&l2, kL2Cache}, {&hccl, kHcclTrace},         {&task_memory, kTaskMemory}};
  for (const auto& [value, bit] : switches) {
    if (*value == "on") bits |= bit;
  }
  if (!metrics.empty()) {
    const auto m = MetricsOf(metrics);
    if (!m) return Bad(source, "\"ai_core_metrics\" \"" + metrics + "\" is not an AI Core metric group");
    c.session.aicore_metrics = *m;
  }
  if (!devices.empty() && devices != "all") {
    std::stringstream list(devices);
    std::string id;
    while (std::getline(list, id, ',')) {
      if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos || id.size() > 2) {
        return Bad(source, "\"devices\" \"" + devices + "\" is not \"all\" or a list of device ids");
      }
      c.session.device_ids.push_back(static_cast<uint32_t>(std::stoul(id)));
    }
  }
  if (!storage.empty()) {
    if (Status s = ValidateSetConfigValue(1, storage); !s.ok()) {
      return Bad(source, "\"storageLimit\": " + std::string(s.message()));
    }
    c.set_config[1] = storage;
  }
  ACLSIM_RETURN_IF_ERROR(Finish(&c, bits));
  return c;
}

StatusOr<std::optional<CommandConfig>> CommandModeConfig(std::string_view sample_config, std::string_view init_file) {
  if (!sample_config.empty()) {
    ACLSIM_ASSIGN_OR_RETURN(CommandConfig c, ParseSampleConfig(sample_config));
    return std::optional<CommandConfig>(std::move(c));
  }
  if (init_file.empty()) return std::optional<CommandConfig>();
  Json j = Json::parse(init_file, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("profiler")) return std::optional<CommandConfig>();
  const Json& section = j["profiler"];
  if (section.is_object() && section.empty()) return std::optional<CommandConfig>();
  return ParseAclJsonProfiler(section.dump());
}

}  // namespace aclsim::prof
