// What a profiling session (aclprofInit/Start/Stop) collects, in one plain
// data structure: the contract between the collectors (runtime/prof/session,
// msproftx) and the exporters that write msprof-format files
// (runtime/prof/export). Nothing here does I/O.
//
// Time domains (never mixed in one field):
//  * device ns — each device's integer virtual clock (TaskRecord times);
//  * host ns   — the session's host clock (ApiRecord, TxRecord host times).
//    In the virtual clock mode the host clock is logical: the device time the
//    host has observed, plus one ns per host event so events stay ordered
//    (the same inputs give the same files). In the realtime mode it is the
//    host's monotonic clock.
// ClockSync links them per device: host_ns = host_start_ns + (device_ns -
// device_start_ns). Host ns map to wall time (epoch ns) as msprof maps
// clock_monotonic_raw through start_info: epoch_ns = host_ns +
// SessionData::epoch_offset_ns. Exporters print epoch µs.
#ifndef ACLSIM_RUNTIME_PROF_SESSION_DATA_H_
#define ACLSIM_RUNTIME_PROF_SESSION_DATA_H_

#include <cstdint>
#include <string>
#include <vector>

namespace aclsim::prof {

// Static facts of one model op, formatted the way op_summary prints them:
// one entry per tensor separated by ';', dims separated by ','
// (e.g. input_shapes "1,3,224,224;64,3,7,7", input_data_types "FLOAT16;FLOAT16").
// Interned for the life of the process.
struct OpInfo {
  std::string name;
  std::string type;
  std::string task_type;  // AI_CORE, AI_VECTOR_CORE, AI_CPU
  std::string input_shapes;
  std::string input_data_types;
  std::string input_formats;
  std::string output_shapes;
  std::string output_data_types;
  std::string output_formats;
  bool compute = true;  // false for copy and memset tasks (not ops: no op_summary row)
};

// One device task seen while the session collected its device.
struct TaskRecord {
  uint32_t device_id = 0;
  uint32_t stream_id = 0;      // device-local stream number (msprof "Stream ID")
  uint64_t task_id = 0;        // device-local task number
  uint32_t model_id = 0;       // 0xFFFFFFFF for markers
  const OpInfo* op = nullptr;  // nullptr for markers
  bool is_marker = false;
  uint64_t marker_id = 0;   // step index id / msproftx mark id
  uint32_t marker_tag = 0;  // 0 step start, 1 step end (any other: end), 11 MarkEx
  uint32_t block_dim = 0;
  uint32_t host_tid = 0;  // launching host thread
  int64_t start_ns = 0;   // device ns
  int64_t end_ns = 0;     // device ns
  int64_t exec_ns = 0;    // duration without launch overhead
  uint64_t flops = 0;
  uint64_t bytes = 0;
};

// One timed host API call (collected when ACL_PROF_ACL_API is on).
struct ApiRecord {
  std::string level;     // "AscendCL"
  std::string name;      // e.g. "aclmdlExecute"
  int64_t start_ns = 0;  // host ns
  int64_t end_ns = 0;    // host ns
  uint32_t tid = 0;
  // For calls that launched device work: the first launched task (device,
  // task id); flow events link the call to it. launched == false otherwise.
  bool launched = false;
  uint32_t device_id = 0;
  uint64_t first_task_id = 0;
};

// One msproftx record (spec §2.4): Mark, Push/Pop, RangeStart/Stop, MarkEx;
// or one mstx marker or range.
struct TxRecord {
  uint32_t pid = 0;
  uint32_t tid = 0;
  uint32_t category = 0;
  uint32_t event_type = 0;  // 0 mark, 1 push/pop, 2 start/stop, 3 MarkEx
  int32_t payload_type = 0;
  uint64_t payload_value = 0;
  int64_t start_ns = 0;  // host ns
  int64_t end_ns = 0;    // host ns
  int32_t message_type = 0;
  std::string message;
  uint64_t domain = 0;
  bool mstx = false;        // from mstx (mstx/ms_tools_ext.h): no category, payload or message type
  std::string domain_name;  // mstx: the domain ("default" for the NULL domain)
  uint64_t mark_id = 0;     // MarkEx and mstx: the event's id (its device markers' TaskRecord.marker_id)
  uint32_t device_tag = 0;  // the tag of its device markers (11 mark, 12 range); 0 = host only
  bool has_device = false;  // its device markers were found: the device times below are set
  uint32_t device_id = 0;
  int64_t device_ns = 0;      // device ns of the (start) marker
  int64_t device_end_ns = 0;  // device ns of a range's end marker (device_tag 12 only)
};

struct ClockSync {
  uint32_t device_id = 0;
  int64_t host_start_ns = 0;
  int64_t device_start_ns = 0;
};

struct DeviceDescription {
  uint32_t device_id = 0;
  std::string soc_name;
  uint32_t ai_core_count = 0;
  uint32_t vector_core_count = 0;
};

struct SessionData {
  uint32_t pid = 0;
  std::string pid_name;           // the process's name (/proc/<pid>/comm), msprof's info.json "pid_name"; "" = unknown
  std::string hostname;           // the collecting host's name (info.json "hostname", HOST_INFO); "" = unknown
  uint64_t data_type_config = 0;  // as passed to aclprofCreateConfig (before internal bits)
  int32_t aicore_metrics = 0xFF;
  std::vector<DeviceDescription> devices;  // collected devices, ascending id
  std::vector<ClockSync> clock_sync;       // one per collected device
  std::vector<TaskRecord> tasks;           // completion order per device
  std::vector<ApiRecord> apis;             // host order
  std::vector<TxRecord> tx;                // host order
  int64_t host_start_ns = 0;               // host ns at Start
  int64_t host_end_ns = 0;                 // host ns at Stop
  int64_t epoch_offset_ns = 0;             // epoch ns - host ns (the session's time origin)
};

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_SESSION_DATA_H_
