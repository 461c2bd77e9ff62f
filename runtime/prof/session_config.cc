#include "runtime/prof/session_config.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <set>

namespace aclsim::prof {
namespace {

Status BadValue(int32_t type, std::string_view value, const std::string& rule) {
  return Status(Detail::kProfilingConfig, "aclprofSetConfig type " + std::to_string(type) + ": value '" +
                                              std::string(value) + "' is invalid (" + rule + ")");
}

bool ParseUnsigned(std::string_view text, uint64_t* out) {
  if (text.empty() || text.size() > 20) return false;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    uint64_t next = v * 10 + static_cast<uint64_t>(c - '0');
    if (next / 10 != v) return false;
    v = next;
  }
  *out = v;
  return true;
}

Status IntegerIn(int32_t type, std::string_view value, uint64_t lo, uint64_t hi) {
  uint64_t v = 0;
  if (!ParseUnsigned(value, &v) || v < lo || v > hi) {
    return BadValue(type, value, "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return OkStatus();
}

Status ListOf(int32_t type, std::string_view value, const std::set<std::string_view>& allowed) {
  if (value.empty()) return BadValue(type, value, "a comma-separated list");
  size_t pos = 0;
  std::set<std::string_view> seen;
  while (pos <= value.size()) {
    size_t comma = value.find(',', pos);
    std::string_view item = value.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    if (allowed.count(item) == 0 || !seen.insert(item).second) {
      std::string names;
      for (auto a : allowed) names += (names.empty() ? "" : ", ") + std::string(a);
      return BadValue(type, value, "a comma-separated list of distinct items from: " + names);
    }
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return OkStatus();
}

bool IsIdentifierList(std::string_view value) {
  if (value.empty()) return false;
  bool item_started = false;
  for (char c : value) {
    if (c == ',') {
      if (!item_started) return false;
      item_started = false;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') {
      item_started = true;
    } else {
      return false;
    }
  }
  return item_started;
}

}  // namespace

uint64_t RewriteDataTypeConfig(uint64_t v) {
  v |= kAicpuModel;
  if (v & kTaskTime) v |= kTaskTimeL0;
  if (v & (kTaskTimeL2 | kOpAttr)) v |= kTaskTimeL0 | kTaskTime;
  if (v & kTaskTimeL3) v |= kTaskTimeL0 | kTaskTime | kTaskTimeL2;
  if (v & kTaskTimeL0) v |= kTrainingTrace;
  if (v & kApiStats) v = kAclApi | kApiStats;
  return v;
}

StatusOr<SessionConfig> MakeSessionConfig(const uint32_t* device_ids, uint32_t device_nums, int32_t aicore_metrics,
                                          bool aicore_events_given, uint64_t data_type_config, uint32_t device_count) {
  auto fail = [](const std::string& why) {
    return Status(StatusCode::kInvalidArgument, "aclprofCreateConfig: " + why);
  };
  if (device_nums != 0 && device_ids == nullptr) return fail("deviceIdList is NULL but deviceNums is not 0");
  if (aicore_events_given) return fail("aicoreEvents must be NULL");
  if (device_nums > 64) return fail("deviceNums exceeds 64");
  if (device_nums > device_count) {
    return fail("deviceNums " + std::to_string(device_nums) + " exceeds the " + std::to_string(device_count) +
                " devices present");
  }
  if (device_nums == 0 && (data_type_config & kMsproftx) == 0) {
    return fail("an empty device list is only allowed with ACL_PROF_MSPROFTX");
  }
  SessionConfig config;
  std::set<uint32_t> seen;
  for (uint32_t i = 0; i < device_nums; ++i) {
    if (device_ids[i] >= device_count) return fail("device id " + std::to_string(device_ids[i]) + " does not exist");
    if (!seen.insert(device_ids[i]).second) return fail("device id " + std::to_string(device_ids[i]) + " is repeated");
    config.device_ids.push_back(device_ids[i]);
  }
  config.device_ids.push_back(kHostDeviceId);
  config.aicore_metrics = aicore_metrics;
  config.requested_data_types = data_type_config;
  config.data_type_config = RewriteDataTypeConfig(data_type_config);
  return config;
}

Status CheckSessionConfig(const SessionConfig& config) {
  if (config.data_type_config == 0) return Status(StatusCode::kInvalidArgument, "dataTypeConfig is 0");
  if ((config.data_type_config & ~kAcceptedBits) != 0) {
    char bits[32];
    std::snprintf(bits, sizeof(bits), "0x%llx",
                  static_cast<unsigned long long>(config.data_type_config & ~kAcceptedBits));
    return Status(Detail::kProfilingModules, std::string("dataTypeConfig has unsupported bits ") + bits);
  }
  if (config.device_ids.size() > 65) return Status(StatusCode::kInvalidArgument, "more than 65 devices in the config");
  if ((config.data_type_config & kAicoreMetrics) != 0 && config.aicore_metrics != kMetricsNone &&
      (config.aicore_metrics < 0 || config.aicore_metrics > kMaxMetrics)) {
    return Status(StatusCode::kInvalidArgument,
                  "aicoreMetrics " + std::to_string(config.aicore_metrics) + " is not supported on this platform");
  }
  return OkStatus();
}

StatusOr<std::string> NormalizeResultPath(std::string_view path) {
  if (path.empty()) return Status(Detail::kFileUnusable, "result path is empty");
  static constexpr std::string_view kForbidden = "|;&$><`'\"\\!*?{}[]#%^";
  for (char c : path) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F || kForbidden.find(c) != std::string_view::npos) {
      return Status(Detail::kFileUnusable, "result path '" + std::string(path) +
                                               "' contains a forbidden character (control or shell metacharacter)");
    }
  }
  std::string absolute(path);
  if (absolute[0] != '/') {
    char cwd[4096];
    if (getcwd(cwd, sizeof(cwd)) == nullptr) return Status(Detail::kFileUnusable, "cannot resolve a relative path");
    absolute = std::string(cwd) + "/" + absolute;
  }
  while (absolute.size() > 1 && absolute.back() == '/') absolute.pop_back();
  return absolute;
}

Status ValidateSetConfigValue(int32_t type, std::string_view value) {
  switch (type) {
    case 1: {  // ACL_PROF_STORAGE_LIMIT: "<n>MB", 200..4294967295
      uint64_t v = 0;
      if (value.size() < 3 || value.substr(value.size() - 2) != "MB" ||
          !ParseUnsigned(value.substr(0, value.size() - 2), &v) || v < 200 || v > 4294967295ull) {
        return BadValue(type, value, "a size in MB from 200MB to 4294967295MB, e.g. \"500MB\"");
      }
      return OkStatus();
    }
    case 3: return IntegerIn(type, value, 1, 100);  // SYS_HARDWARE_MEM_FREQ
    case 4:                                         // LLC_MODE
      if (value != "read" && value != "write") return BadValue(type, value, "\"read\" or \"write\"");
      return OkStatus();
    case 5: return IntegerIn(type, value, 1, 100);                                  // SYS_IO_FREQ
    case 6: return IntegerIn(type, value, 1, 50);                                   // SYS_INTERCONNECTION_FREQ
    case 7: return IntegerIn(type, value, 1, 100);                                  // DVPP_FREQ
    case 8: return ListOf(type, value, {"cpu", "mem", "network", "disk", "osrt"});  // HOST_SYS
    case 9: return ListOf(type, value, {"cpu", "mem"});                             // HOST_SYS_USAGE
    case 10: return IntegerIn(type, value, 1, 50);                                  // HOST_SYS_USAGE_FREQ
    case 11: return IntegerIn(type, value, 1, 100);                                 // LOW_POWER_FREQ
    case 12:                                                                        // SYS_MEM_SERVICEFLOW
    case 14:                                                                        // OPTYPE filter
      if (!IsIdentifierList(value)) return BadValue(type, value, "a comma-separated list of names");
      return OkStatus();
    case 13: return IntegerIn(type, value, 1, 50);  // SYS_CPU_FREQ
    case 15:                                        // NTS_METRICS
      if (!IsIdentifierList(value)) {
        return Status(StatusCode::kInvalidArgument,
                      "aclprofSetConfig: NTS metrics value '" + std::string(value) + "' is invalid");
      }
      return Status(Detail::kProfilingConfig,
                    "aclprofSetConfig: NTS metrics are not supported on the simulated platform");
    case 16: {  // ACL_PROF_PATH
      auto path = NormalizeResultPath(value);
      if (!path.ok()) return BadValue(type, value, path.status().message());
      return OkStatus();
    }
    default:
      return Status(Detail::kProfilingConfig,
                    "aclprofSetConfig type " + std::to_string(type) + " is not supported on this platform");
  }
}

std::string ProfDirectoryName(uint64_t start_index, int64_t unix_ms, uint32_t pid, uint64_t entropy) {
  time_t seconds = static_cast<time_t>(unix_ms / 1000);
  tm local{};
  localtime_r(&seconds, &local);
  char name[96];
  char letters[9];
  for (int i = 0; i < 8; ++i) {
    letters[i] = static_cast<char>('A' + (entropy % 18));
    entropy /= 18;
  }
  letters[8] = '\0';
  std::snprintf(name, sizeof(name), "PROF_%06llu_%04d%02d%02d%02d%02d%02d%03d_%08u%s",
                static_cast<unsigned long long>(start_index % 999999 + 1), local.tm_year + 1900, local.tm_mon + 1,
                local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec, static_cast<int>(unix_ms % 1000), pid,
                letters);
  return name;
}

}  // namespace aclsim::prof
