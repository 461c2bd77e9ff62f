// msprof-format output of a profiling session (spec §7).
//
// WriteSessionOutput writes, into |output_dir| (a job's
// mindstudio_profiler_output/ directory, created if missing), the files
// msprof's export step produces, each named <kind>_<timestamp>.<ext>:
//   op_summary, op_statistic, task_time (always), api_statistic (when
//   ACL_PROF_ACL_API was collected), step_trace (when step markers exist),
//   msprof_tx (when ACL_PROF_MSPROFTX was collected) as CSV;
//   msprof_<timestamp>.json, a Chrome Trace Event timeline;
//   timeline_<timestamp>.svg, a picture of the device lanes.
// Column order and formats follow spec §7; what aclsim cannot fill honestly
// is "N/A". The output depends only on |data| and |timestamp| (byte-identical
// for identical inputs). Errors: kFileWrite with the path.
#ifndef ACLSIM_RUNTIME_PROF_EXPORT_H_
#define ACLSIM_RUNTIME_PROF_EXPORT_H_

#include <string>

#include "runtime/prof/session_data.h"
#include "runtime/status.h"

namespace aclsim::prof {

Status WriteSessionOutput(const SessionData& data, const std::string& output_dir, const std::string& timestamp);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_EXPORT_H_
