// The raw data of a collection: what a session collected, persisted under
// its PROF_* job so that the msprof-format output can be regenerated from
// it later (`msprof --export`), byte for byte. The format is aclsim's own,
// versioned and documented in docs/raw_data.md; CANN's raw data (binary
// device streams) is not reproduced.
//
// Files (each one self-describing and checked: magic, format version, kind,
// record count, payload size and CRC-32C of the payload):
//   host/data/aclsim.meta.raw      session scalars, devices, clock pairs, the
//                                  export timestamp
//   host/data/aclsim.ops.raw       the op descriptions tasks refer to
//   host/data/aclsim.api.raw       timed host API records
//   host/data/aclsim.tx.raw        msproftx and mstx records
//   device_<id>/data/aclsim.task.raw.<id>   the device's tasks
//
// ParseRawFile/ReadRawData reject truncated, corrupt, foreign or newer files
// with kDataLoss and a message naming the file and what is wrong; no input
// makes them crash, hang or allocate more than the input's size justifies
// (fuzzed: tests/fuzz/raw_data_fuzz.cc).
#ifndef ACLSIM_RUNTIME_PROF_RAW_DATA_H_
#define ACLSIM_RUNTIME_PROF_RAW_DATA_H_

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

#include "runtime/prof/session_data.h"
#include "runtime/status.h"

namespace aclsim::prof {

inline constexpr uint32_t kRawFormatVersion = 2;        // what WriteRawData writes
inline constexpr uint32_t kRawFormatOldestVersion = 1;  // the oldest ReadRawData reads

enum class RawKind : uint32_t { kMeta = 1, kOps = 2, kApi = 3, kTx = 4, kTasks = 5 };

// A session read back: the data, and the op descriptions its tasks point to
// (owned here; a deque, so the pointers stay put).
struct RawSession {
  SessionData data;
  std::string timestamp;  // of the output files' names
  std::deque<OpInfo> ops;
};

// Writes the raw files of |data| under |job_dir| (whose host/data and
// device_<id>/data directories exist or are created). kFileWrite on failure.
Status WriteRawData(const SessionData& data, const std::string& timestamp, const std::string& job_dir);

// Reads the raw files under |job_dir|. kFileUnusable when the job has no
// raw data (not a PROF_* job of aclsim, or one written before raw data
// existed); kDataLoss when a file is damaged.
StatusOr<RawSession> ReadRawData(const std::string& job_dir);

// Parses one file's bytes of kind |kind| into |session| (appending), as
// ReadRawData does for each file; |name| appears in error messages.
// Tasks refer to ops by index, so the ops file comes first.
Status ParseRawFile(std::string_view bytes, RawKind kind, std::string_view name, RawSession* session);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_RAW_DATA_H_
