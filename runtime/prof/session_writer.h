// SessionWriter: the files of one collection session on disk.
//
// Lays out the PROF_* job directory CANN creates under the result path
// (host/data, device_<id>/data) and writes the job's own small files —
// sample.json (the session's configuration), host/end_info (record counts)
// and device_<id>/info.json.<id> (the collected device) — as JSON through
// nlohmann-json, then the raw data (prof/raw_data.h: host/data and
// device_<id>/data) and the msprof-format summaries and timeline
// (prof/export.h) under mindstudio_profiler_output/.
//
// Stateless apart from the job directory it was made for; the caller (the
// profiler) owns the session data and calls these without holding a lock.
#ifndef ACLSIM_RUNTIME_PROF_SESSION_WRITER_H_
#define ACLSIM_RUNTIME_PROF_SESSION_WRITER_H_

#include <cstdint>
#include <map>
#include <string>

#include "runtime/prof/session_config.h"
#include "runtime/prof/session_data.h"
#include "runtime/status.h"

namespace aclsim::prof {

// Creates |path| and its parents (mode 0750); fails with kFileUnusable when
// it cannot, or when the result is not a writable directory.
Status MakeDirectories(const std::string& path);

// The facts of this process and host a collection records: its pid, its
// name (/proc/<pid>/comm, info.json's pid_name) and the host's name.
void FillProcessFacts(SessionData* data);

class SessionWriter {
 public:
  // Creates a fresh PROF_* directory (with host/data) under |base|, named for
  // the process-wide |start_index|-th Start.
  static StatusOr<SessionWriter> Create(const std::string& base, uint64_t start_index);
  explicit SessionWriter(std::string job_dir) : job_dir_(std::move(job_dir)) {}

  const std::string& job_dir() const { return job_dir_; }

  // device_<id>/data for a device that joined the session.
  Status AddDevice(uint32_t device_id) const;
  // sample.json: the requested data types, metrics, devices and every
  // aclprofSetConfig value.
  Status WriteSample(const SessionConfig& config, const std::map<int32_t, std::string>& set_config) const;
  // host/end_info, device_<id>/info.json.<id>, the raw data and the msprof
  // output.
  Status WriteResults(const SessionData& data) const;

 private:
  std::string job_dir_;
};

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_SESSION_WRITER_H_
