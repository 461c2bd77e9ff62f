// Collection-session configuration (aclprofCreateConfig, aclprofSetConfig,
// aclprofInit path rules): pure validation and rewriting functions of spec
// §1.1, §1.3 and §2.1, with no state of their own.
#ifndef ACLSIM_RUNTIME_PROF_SESSION_CONFIG_H_
#define ACLSIM_RUNTIME_PROF_SESSION_CONFIG_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/status.h"

namespace aclsim::prof {

inline constexpr uint32_t kHostDeviceId = 64;
inline constexpr uint64_t kAclApi = 0x1;
inline constexpr uint64_t kTaskTime = 0x2;
inline constexpr uint64_t kAicoreMetrics = 0x4;
inline constexpr uint64_t kTrainingTrace = 0x40;
inline constexpr uint64_t kMsproftx = 0x80;
inline constexpr uint64_t kTaskTimeL0 = 0x800;
inline constexpr uint64_t kTaskTimeL2 = 0x2000;
inline constexpr uint64_t kOpAttr = 0x4000;
inline constexpr uint64_t kTaskTimeL3 = 0x8000;
inline constexpr uint64_t kApiStats = 0x400000000ull;
inline constexpr uint64_t kAicpuModel = 0x4000000000000000ull;
// Bits aclprofStart/Stop accept (PROF_SWITCH_SUPPORT, release build).
inline constexpr uint64_t kAcceptedBits = 0x4000000C0100FBFFull;
inline constexpr int32_t kMetricsNone = 0xFF;
inline constexpr int32_t kMaxMetrics = 8;  // ACL_AICORE_MEMORY_ACCESS

// What aclprofCreateConfig stores: device list with the host pseudo-device
// 64 appended, the metrics, and the rewritten dataTypeConfig.
struct SessionConfig {
  std::vector<uint32_t> device_ids;  // includes kHostDeviceId
  int32_t aicore_metrics = kMetricsNone;
  uint64_t data_type_config = 0;      // rewritten (RewriteDataTypeConfig)
  uint64_t requested_data_types = 0;  // as the caller passed it
};

// The HEAD rewrite of spec §2.1 (aclprofCreateConfig).
uint64_t RewriteDataTypeConfig(uint64_t requested);

// aclprofCreateConfig's checks; on failure the message says why (the API
// returns NULL). |device_count| is the number of devices present.
StatusOr<SessionConfig> MakeSessionConfig(const uint32_t* device_ids, uint32_t device_nums, int32_t aicore_metrics,
                                          bool aicore_events_given, uint64_t data_type_config, uint32_t device_count);

// Start/Stop config precheck: data types non-zero, only accepted bits
// (else kProfilingModules), at most 65 devices, supported metrics.
Status CheckSessionConfig(const SessionConfig& config);

// aclprofInit / ACL_PROF_PATH path rules: 1 ≤ length < 4096 and no control
// or shell metacharacters. Relative paths are made absolute. Errors:
// kFileUnusable for forbidden characters or an empty result.
StatusOr<std::string> NormalizeResultPath(std::string_view path);

// aclprofSetConfig value rules per config type (spec §1.3). Errors:
// kProfilingConfig for a bad value (kInvalidArgument for NTS metrics).
Status ValidateSetConfigValue(int32_t config_type, std::string_view value);

// PROF_<NNNNNN>_<YYYYMMDDhhmmssmmm>_<PPPPPPPP><XXXXXXXX> (spec §7.1):
// |start_index| counts Starts in the process from 0; the 8 letters A..R are
// derived from |entropy|.
std::string ProfDirectoryName(uint64_t start_index, int64_t unix_ms, uint32_t pid, uint64_t entropy);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_SESSION_CONFIG_H_
