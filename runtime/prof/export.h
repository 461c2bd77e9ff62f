// msprof-format output of a profiling session (spec §7).
//
// WriteSessionOutput writes, into |output_dir| (a job's
// mindstudio_profiler_output/ directory, created if missing), the files
// msprof's export step produces, each named <kind>_<timestamp>.<ext>:
//   op_summary, op_statistic, task_time (always), api_statistic (when
//   ACL_PROF_ACL_API was collected), step_trace (when step markers exist),
//   msprof_tx (when ACL_PROF_MSPROFTX was collected) as CSV, and as JSON
//   (the timeline's msproftx part) when there are msproftx records;
//   msprof_<timestamp>.json, a Chrome Trace Event timeline;
//   timeline_<timestamp>.svg, a picture of the device lanes;
//   README.txt, what each of the CSV and JSON files written holds.
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

// msprof_<timestamp>.db (written at the top of the PROF_* job, where msprof
// writes it): the same collection in msprof's SQLite schema — STRING_IDS,
// SESSION_TIME_INFO, NPU_INFO, HOST_INFO, TASK (every task and marker),
// COMPUTE_TASK_INFO (the op_summary rows), CANN_API, MSTX_EVENTS, the enum
// tables and META_DATA (export_db.cc cites the schema). Replaces |path|.
// Errors: kFileWrite with the path and SQLite's message.
Status WriteSessionDb(const SessionData& data, const std::string& path);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_EXPORT_H_
