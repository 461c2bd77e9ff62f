// Command-mode profiling configuration: the "profiler" section of the
// aclInit configuration file (acl.json) and the PROFILER_SAMPLECONFIG
// environment variable msprof sets for the application it launches. Pure
// parsing and validation, no state.
//
// Behaviour follows CANN's collector (hicann/runtime src/dfx/msprof/
// collector/dvvp: msprof/engine/src/prof_acl_mgr.cpp MsprofInitAclJson and
// its whitelist, task_handle/src/prof_params_adapter.cpp CheckJsonConfig,
// common/validation/param_validation.cpp; message/prof_params.h for the
// environment's keys):
//  * every key of the section must be known and its value valid, even with
//    "switch" off; an unknown key or a bad value fails aclInit with 100000;
//  * "switch": "on" turns collection on; off or missing collects nothing;
//  * on/off keys take exactly the strings "on" or "off"; frequency keys take
//    JSON integers in their ranges; "task_time" takes on/off/l0/l1/l2
//    ("task_trace", its older name, is accepted the same way);
//  * defaults: ascendcl on, task_time on (level 1), runtime_api on (it
//    names host calls aclsim does not time separately), aic_metrics
//    PipeUtilization; everything else off.
// PROFILER_SAMPLECONFIG wins over the file's section.
#ifndef ACLSIM_RUNTIME_PROF_COMMAND_CONFIG_H_
#define ACLSIM_RUNTIME_PROF_COMMAND_CONFIG_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "runtime/prof/session_config.h"
#include "runtime/status.h"

namespace aclsim::prof {

struct CommandConfig {
  std::string source;     // where it came from, for messages ("acl.json profiler section", ...)
  std::string output;     // the PROF_* base directory as given ("" = the default)
  SessionConfig session;  // data types and metrics; device_ids empty: every device the process opens
  std::map<int32_t, std::string> set_config;  // the aclprofSetConfig equivalents (storage limit, frequencies)
};

// The "profiler" object of an aclInit file, as JSON text. nullopt when it
// validates but "switch" is not "on". Errors: kInvalidArgument naming the
// key and what is wrong.
StatusOr<std::optional<CommandConfig>> ParseAclJsonProfiler(std::string_view section_json);

// The value of PROFILER_SAMPLECONFIG (msprof's flat JSON of collection
// parameters: result_dir, acl, taskTime, msproftx, ai_core_metrics, ...).
// Errors: kInvalidArgument when it is not a JSON object or a value has the
// wrong type.
StatusOr<CommandConfig> ParseSampleConfig(std::string_view env_json);

// The command-mode configuration of a process: PROFILER_SAMPLECONFIG's
// (|sample_config|, when not empty) else the "profiler" section of the
// aclInit file's text (|init_file|, when it has a non-empty one); nullopt
// when neither turns collection on.
StatusOr<std::optional<CommandConfig>> CommandModeConfig(std::string_view sample_config, std::string_view init_file);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_COMMAND_CONFIG_H_
