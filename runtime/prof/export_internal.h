// Internals of the msprof-format exporter (runtime/prof/export.h), shared by
// its translation units: a buffered output file with allocation-free number
// formatting, and the per-export context (clock offsets, sorted task order).
// Not a public interface: only export*.cc include it.
//
// Everything here is single-threaded and lives for one WriteSessionOutput call.
#ifndef ACLSIM_RUNTIME_PROF_EXPORT_INTERNAL_H_
#define ACLSIM_RUNTIME_PROF_EXPORT_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/prof/session_data.h"
#include "runtime/status.h"
#include "runtime/vendor.h"

namespace aclsim::prof::export_internal {

// Append-only text file with a 1 MiB buffer and POSIX write(2). Write errors
// are latched and reported once by Close() as kFileWrite naming the path.
class OutFile {
 public:
  OutFile() = default;
  ~OutFile();
  OutFile(const OutFile&) = delete;
  OutFile& operator=(const OutFile&) = delete;

  Status Open(const std::string& path);
  Status Close();

  void Put(char c) {
    if (pos_ == kBufferBytes) Flush();
    buf_[pos_++] = c;
  }
  // Short pieces that fit the buffer are copied inline: the row and event
  // writers put many small literals.
  void Put(std::string_view s) {
    if (s.size() <= kBufferBytes / 2 && s.size() <= kBufferBytes - pos_) {
      std::memcpy(buf_.data() + pos_, s.data(), s.size());
      pos_ += s.size();
      return;
    }
    PutSlow(s);
  }
  void U64(uint64_t v);
  void I64(int64_t v);
  // |ns| as microseconds with exactly three decimals ("1234.567", "-0.001").
  void Us3(int64_t ns);
  // A fixed-point double (rounded, |decimals| <= 6); for statistics only.
  void Fixed(double v, int decimals);
  // A CSV cell: quoted (RFC 4180) when it holds ',', '"', CR or LF.
  void CsvCell(std::string_view s);
  // A JSON string literal including the quotes.
  void JsonString(std::string_view s);
  // Text escaped for XML character data / attribute values.
  void Xml(std::string_view s);

 private:
  static constexpr size_t kBufferBytes = 1 << 20;
  void Flush();
  // Put() of a piece that needs a flush first, or a large one (written directly).
  void PutSlow(std::string_view s);
  void Ensure(size_t n) {
    if (kBufferBytes - pos_ < n) Flush();
  }

  int fd_ = -1;
  bool failed_ = false;
  std::string path_;
  std::vector<char> buf_;
  size_t pos_ = 0;
};

// Facts computed once per export and shared by every writer.
struct Context {
  explicit Context(const SessionData& d);

  // Epoch ns of a device time: mapped to the host clock through the
  // device's start pair, then to wall time through the session's time
  // origin, as msprof maps system-counter ticks (spec ascend_devices.md §4.3).
  int64_t ToHost(uint32_t device_id, int64_t device_ns) const {
    return device_id < offset_ns.size() ? device_ns + offset_ns[device_id] : Epoch(device_ns);
  }
  // Epoch ns of a host time.
  int64_t Epoch(int64_t host_ns) const { return host_ns + data.epoch_offset_ns; }
  int64_t HostStart(const TaskRecord& t) const { return ToHost(t.device_id, t.start_ns); }
  int64_t HostEnd(const TaskRecord& t) const { return ToHost(t.device_id, t.end_ns); }
  static bool IsStepMarker(const TaskRecord& t) { return t.is_marker && !vendor::IsTxMarkerTag(t.marker_tag); }

  const SessionData& data;
  std::vector<int64_t> offset_ns;  // by device id: host_start - device_start + epoch offset
  // Indices of data.tasks (ops and markers) ordered by host start, device, task id.
  std::vector<uint32_t> sorted;
  // Public ACL_PROF_TASK_TIME_L0 without ACL_PROF_TASK_TIME: no op details (spec §7.2).
  bool l0_only = false;
};

// One paired step (START and END marker of the same index id on one device).
struct Iteration {
  uint32_t device_id = 0;
  uint64_t index_id = 0;
  uint32_t model_id = UINT32_MAX;  // of its START marker (UINT32_MAX: not a model's step)
  int64_t start_host_ns = 0;
  int64_t end_host_ns = 0;
};
// Iterations ordered by device, then start time (spec §4.2).
std::vector<Iteration> PairIterations(const Context& ctx);

Status WriteTraceJson(const Context& ctx, const std::string& path);
// msprof_tx_<ts>.json: the msproftx part of the timeline, as msprof writes
// it beside msprof_*.json (a subset of it): the MsprofTx process with its
// host events and flow starts, and the device markers with the flow ends.
Status WriteTxTraceJson(const Context& ctx, const std::string& path);
// step_trace_<ts>.json: the Step Trace rows of the timeline on their own, as
// msprof writes them beside msprof_*.json when there are iterations.
Status WriteStepTraceJson(const Context& ctx, const std::string& path);
Status WriteTimelineSvg(const Context& ctx, const std::string& path);

// msprof's name of a msproftx event type (Ascend/msprof MSTX_EVENT_TYPE_TABLE);
// "" for an unknown type.
inline std::string_view TxEventTypeName(uint32_t event_type) {
  switch (static_cast<vendor::TxEventType>(event_type)) {
    case vendor::TxEventType::kMark: return "marker";
    case vendor::TxEventType::kPushPop: return "push/pop";
    case vendor::TxEventType::kStartStop: return "start/end";
    case vendor::TxEventType::kMarkEx: return "marker_ex";
  }
  return "";
}

}  // namespace aclsim::prof::export_internal

#endif  // ACLSIM_RUNTIME_PROF_EXPORT_INTERNAL_H_
