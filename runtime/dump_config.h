// The "dump" section of an ACL configuration (aclInit's file or
// aclmdlSetDump's), as CANN's "Dump configuration" pages describe it:
// dump_path, dump_list (model dump: entries with model_name and layer),
// dump_op_switch (single-operator dump), dump_mode (input, output, all),
// dump_data (tensor, stats), dump_scene (aic_err_brief_dump,
// aic_err_norm_dump, aic_err_detail_dump, lite_exception, watcher) and
// dump_debug (overflow dump). The rules checked are the pages': data dump
// (model or single-operator), overflow dump and watcher mode need
// dump_path; exception dump combines with neither data nor overflow dump;
// overflow dump and watcher mode do not combine with data dump; watcher
// mode does not combine with overflow dump.
#ifndef ACLSIM_RUNTIME_DUMP_CONFIG_H_
#define ACLSIM_RUNTIME_DUMP_CONFIG_H_

#include <string>
#include <string_view>

#include "runtime/status.h"

namespace aclsim::runtime {

struct DumpConfig {
  std::string path;             // dump_path as given ("" when absent)
  bool model_dump = false;      // dump_list names at least one entry
  bool op_dump = false;         // dump_op_switch "on"
  std::string mode = "output";  // dump_mode
  std::string data = "tensor";  // dump_data
  std::string scene;            // dump_scene ("" when absent)
  bool overflow = false;        // dump_debug "on"

  bool data_dump() const { return model_dump || op_dump; }
  // dump_scene is one of the exception-dump scenes (lite_exception is
  // aic_err_brief_dump).
  bool exception_dump() const { return !scene.empty() && scene != "watcher"; }
};

// Parses the JSON text of a configuration file. A file without a "dump"
// object gives an empty DumpConfig and |*present| false. A "dump" section
// that breaks a rule → kInvalidArgument naming it; text that is not a JSON
// object → kInvalidArgument.
StatusOr<DumpConfig> ParseDumpConfig(std::string_view json_text, bool* present);

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_DUMP_CONFIG_H_
