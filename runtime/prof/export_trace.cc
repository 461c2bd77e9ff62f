// msprof_<ts>.json: Chrome Trace Event array in msprof's conventions (spec
// §7.6; Ascend/msprof timeline/*_assembler.cpp, json_trace/trace_event.cpp):
// string "ts" in µs, numeric "dur" in µs, pid = (pid << 10) | (layer << 5) |
// device (31 = host), layer sort indices MsprofTx 6, CANN 7, Ascend Hardware 13.
// One event per line, written in a fixed order so output is byte-stable.
#include <algorithm>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/prof/export_internal.h"

namespace aclsim::prof::export_internal {
namespace {

constexpr uint32_t kHostDevice = 31;
constexpr uint32_t kLayerMsproftx = 6;
constexpr uint32_t kLayerCann = 7;
constexpr uint32_t kLayerAscendHw = 13;
constexpr uint32_t kMinStepTid = 65536;  // msprof stream ids are 16-bit; keep clear of them

uint64_t FormatPid(uint32_t pid, uint32_t layer, uint32_t device) {
  return (static_cast<uint64_t>(pid) << 10) | (static_cast<uint64_t>(layer) << 5) | (device & 31u);
}

uint64_t TaskKey(uint32_t device, uint64_t id) { return (static_cast<uint64_t>(device) << 56) ^ id; }

class TraceWriter {
 public:
  explicit TraceWriter(OutFile& f) : f_(f) {}

  void Begin() {
    f_.Put(first_ ? "[\n{" : ",\n{");
    first_ = false;
  }
  void Finish() { f_.Put(first_ ? "[]\n" : "\n]\n"); }

  // {"name":..,"pid":..,"tid":..,  (caller continues)
  void Head(std::string_view name, uint64_t pid, uint64_t tid) {
    Begin();
    f_.Put("\"name\":");
    f_.JsonString(name);
    f_.Put(",\"pid\":");
    f_.U64(pid);
    f_.Put(",\"tid\":");
    f_.U64(tid);
  }
  void MetaName(const char* kind, uint64_t pid, uint64_t tid, std::string_view value) {
    Head(kind, pid, tid);
    f_.Put(",\"ph\":\"M\",\"args\":{\"name\":");
    f_.JsonString(value);
    f_.Put("}}");
  }
  void MetaLabels(uint64_t pid, std::string_view labels) {
    Head("process_labels", pid, 0);
    f_.Put(",\"ph\":\"M\",\"args\":{\"labels\":");
    f_.JsonString(labels);
    f_.Put("}}");
  }
  void MetaSort(const char* kind, uint64_t pid, uint64_t tid, uint64_t index) {
    Head(kind, pid, tid);
    f_.Put(",\"ph\":\"M\",\"args\":{\"sort_index\":");
    f_.U64(index);
    f_.Put("}}");
  }
  void Process(uint64_t pid, std::string_view name, std::string_view labels, uint32_t sort_index) {
    MetaName("process_name", pid, 0, name);
    MetaLabels(pid, labels);
    MetaSort("process_sort_index", pid, 0, sort_index);
  }
  void Thread(uint64_t pid, uint64_t tid, std::string_view name) {
    MetaName("thread_name", pid, tid, name);
    MetaSort("thread_sort_index", pid, tid, tid);
  }
  // "ts":"..","dur":..,"ph":"X","args":{   (caller writes args and "}}")
  void Complete(std::string_view name, uint64_t pid, uint64_t tid, int64_t start_ns, int64_t dur_ns) {
    Head(name, pid, tid);
    f_.Put(",\"ts\":\"");
    f_.Us3(start_ns);
    f_.Put("\",\"dur\":");
    f_.Us3(dur_ns);
    f_.Put(",\"ph\":\"X\",\"args\":{");
  }
  void Flow(std::string_view cat, uint64_t id, bool start, uint64_t pid, uint64_t tid, int64_t ts_ns) {
    std::string name(cat);
    if (cat == "MsTx") name.push_back('_');
    name.append(std::to_string(id));
    Head(name, pid, tid);
    f_.Put(start ? ",\"ph\":\"s\",\"cat\":" : ",\"ph\":\"f\",\"cat\":");
    f_.JsonString(cat);
    f_.Put(",\"id\":\"");
    f_.U64(id);
    f_.Put("\",\"ts\":\"");
    f_.Us3(ts_ns);
    f_.Put(start ? "\"}" : "\",\"bp\":\"e\"}");
  }
  OutFile& out() { return f_; }

 private:
  OutFile& f_;
  bool first_ = true;
};

std::string MarkerName(const TaskRecord& t) {
  if (t.marker_tag == 11) return "MarkEx " + std::to_string(t.marker_id);
  return (t.marker_tag == 0 ? "Step Start " : "Step End ") + std::to_string(t.marker_id);
}

}  // namespace

Status WriteTraceJson(const Context& ctx, const std::string& path) {
  const SessionData& d = ctx.data;
  const uint64_t cann_pid = FormatPid(d.pid, kLayerCann, kHostDevice);
  const uint64_t tx_pid = FormatPid(d.pid, kLayerMsproftx, kHostDevice);

  // Host launch -> first device task (HostToDevice flows), numbered from 1 in host order.
  std::unordered_map<uint64_t, uint32_t> launch_by_task;  // task key -> api index
  for (size_t i = 0; i < d.apis.size(); ++i) {
    if (d.apis[i].launched)
      launch_by_task.try_emplace(TaskKey(d.apis[i].device_id, d.apis[i].first_task_id), static_cast<uint32_t>(i));
  }
  std::vector<int64_t> api_target(d.apis.size(), -1);
  // MarkEx markers, for the MsTx flows from their host records.
  std::unordered_map<uint64_t, uint32_t> markex_by_id;
  std::set<std::pair<uint32_t, uint32_t>> streams;
  std::set<uint32_t> devices;
  for (const DeviceDescription& dd : d.devices) devices.insert(dd.device_id);
  for (size_t i = 0; i < d.tasks.size(); ++i) {
    const TaskRecord& t = d.tasks[i];
    streams.emplace(t.device_id, t.stream_id);
    devices.insert(t.device_id);
    if (!launch_by_task.empty()) {
      auto it = launch_by_task.find(TaskKey(t.device_id, t.task_id));
      if (it != launch_by_task.end() && api_target[it->second] < 0) api_target[it->second] = static_cast<int64_t>(i);
    }
    if (t.is_marker && t.marker_tag == 11) markex_by_id.try_emplace(TaskKey(t.device_id, t.marker_id), i);
  }
  std::unordered_map<uint32_t, uint64_t> flow_of_task;  // task index -> flow id
  std::vector<uint64_t> api_flow(d.apis.size(), 0);
  uint64_t next_flow = 1;
  for (size_t i = 0; i < d.apis.size(); ++i) {
    if (api_target[i] < 0) continue;
    if (flow_of_task.try_emplace(static_cast<uint32_t>(api_target[i]), next_flow).second) api_flow[i] = next_flow++;
  }
  std::unordered_map<uint32_t, uint64_t> markex_flow_of_task;
  for (const TxRecord& r : d.tx) {
    if (!r.has_device) continue;
    auto it = markex_by_id.find(TaskKey(r.device_id, r.mark_id));
    if (it != markex_by_id.end()) markex_flow_of_task.try_emplace(it->second, r.mark_id);
  }

  const std::vector<Iteration> iters = PairIterations(ctx);
  std::unordered_map<uint32_t, uint32_t> step_tid;  // device -> tid of its step row
  for (const Iteration& it : iters) step_tid[it.device_id] = kMinStepTid;
  for (const auto& [dev, stream] : streams) {
    auto it = step_tid.find(dev);
    if (it != step_tid.end()) it->second = std::max(it->second, stream + 1);
  }

  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  TraceWriter w(f);

  // Metadata.
  if (!d.apis.empty()) {
    w.Process(cann_pid, "CANN", "CPU", kLayerCann);
    std::set<uint32_t> tids;
    for (const ApiRecord& a : d.apis) tids.insert(a.tid);
    for (uint32_t tid : tids) w.Thread(cann_pid, tid, "Thread " + std::to_string(tid));
  }
  if (!d.tx.empty()) {
    w.Process(tx_pid, "MsprofTx", "CPU", kLayerMsproftx);
    std::set<uint32_t> tids;
    for (const TxRecord& r : d.tx) tids.insert(r.tid);
    for (uint32_t tid : tids) w.Thread(tx_pid, tid, "Thread " + std::to_string(tid));
  }
  for (uint32_t dev : devices) {
    const uint64_t pid = FormatPid(d.pid, kLayerAscendHw, dev);
    w.Process(pid, "Ascend Hardware", "NPU " + std::to_string(dev), kLayerAscendHw);
    for (auto it = streams.lower_bound({dev, 0}); it != streams.end() && it->first == dev; ++it) {
      w.Thread(pid, it->second, "Stream " + std::to_string(it->second));
    }
    auto st = step_tid.find(dev);
    if (st != step_tid.end()) w.Thread(pid, st->second, "Step Trace(Model ID:4294967295)");
  }

  // Host API calls (CANN / AscendCL) and the starts of their launch flows.
  for (size_t i = 0; i < d.apis.size(); ++i) {
    const ApiRecord& a = d.apis[i];
    const std::string level = a.level.empty() ? "Api" : a.level;
    w.Complete(level + "@" + a.name, cann_pid, a.tid, a.start_ns, a.end_ns - a.start_ns);
    f.Put("\"Thread Id\":");
    f.U64(a.tid);
    f.Put(",\"level\":");
    f.JsonString(level == "AscendCL" ? "acl" : level);
    f.Put(",\"connection_id\":");
    f.U64(api_flow[i]);
    f.Put("}}");
    if (api_flow[i] != 0) w.Flow("HostToDevice", api_flow[i], true, cann_pid, a.tid, a.start_ns);
  }

  // msproftx records.
  for (const TxRecord& r : d.tx) {
    w.Complete(r.message, tx_pid, r.tid, r.start_ns, r.end_ns - r.start_ns);
    const char* type = r.event_type == 0   ? "marker"
                       : r.event_type == 1 ? "push/pop"
                       : r.event_type == 2 ? "start/end"
                       : r.event_type == 3 ? "marker_ex"
                                           : "";
    if (r.event_type == 3) {
      f.Put("\"event_type\":\"marker_ex\",\"domain\":\"");
      f.U64(r.domain);
      f.Put("\"}}");
      if (r.has_device && markex_by_id.count(TaskKey(r.device_id, r.mark_id)) != 0) {
        w.Flow("MsTx", r.mark_id, true, tx_pid, r.tid, r.start_ns);
      }
    } else {
      f.Put("\"Category\":\"");
      f.U64(r.category);
      f.Put("\",\"Payload_type\":");
      f.I64(r.payload_type);
      f.Put(",\"Payload_value\":");
      f.U64(r.payload_value);
      f.Put(",\"Message_type\":");
      f.I64(r.message_type);
      f.Put(",\"event_type\":");
      f.JsonString(type);
      f.Put("}}");
    }
  }

  // Device tasks, one row per stream, with the ends of the flows.
  for (uint32_t i : ctx.sorted) {
    const TaskRecord& t = d.tasks[i];
    const uint64_t pid = FormatPid(d.pid, kLayerAscendHw, t.device_id);
    const int64_t start = ctx.HostStart(t);
    uint64_t conn = 0;
    if (!flow_of_task.empty()) {
      auto it = flow_of_task.find(i);
      if (it != flow_of_task.end()) conn = it->second;
    }
    if (t.is_marker) {
      w.Complete(MarkerName(t), pid, t.stream_id, start, t.end_ns - t.start_ns);
    } else {
      w.Complete(t.op != nullptr && !t.op->name.empty() ? std::string_view(t.op->name) : "N/A", pid, t.stream_id, start,
                 t.end_ns - t.start_ns);
    }
    f.Put("\"Model Id\":");
    f.U64(t.model_id);
    f.Put(",\"Task Type\":");
    if (t.is_marker) {
      f.Put("\"PROFILER_TRACE_EX\"");
    } else {
      f.JsonString(t.op != nullptr && !t.op->task_type.empty() ? std::string_view(t.op->task_type) : "N/A");
    }
    f.Put(",\"Physic Stream Id\":");
    f.U64(t.stream_id);
    f.Put(",\"Task Id\":");
    f.U64(t.task_id);
    f.Put(",\"Batch Id\":0,\"Subtask Id\":4294967295,\"connection_id\":");
    f.U64(conn);
    if (t.is_marker) {
      f.Put(",\"Index Id\":");
      f.U64(t.marker_id);
      f.Put(",\"Tag Id\":");
      f.U64(t.marker_tag);
    }
    f.Put("}}");
    if (conn != 0) w.Flow("HostToDevice", conn, false, pid, t.stream_id, start);
    if (t.is_marker && t.marker_tag == 11 && !markex_flow_of_task.empty()) {
      auto it = markex_flow_of_task.find(i);
      if (it != markex_flow_of_task.end()) w.Flow("MsTx", it->second, false, pid, t.stream_id, start);
    }
  }

  // Iterations (Step Trace row of each device).
  for (const Iteration& it : iters) {
    const uint64_t pid = FormatPid(d.pid, kLayerAscendHw, it.device_id);
    w.Complete("Iteration " + std::to_string(it.index_id), pid, step_tid[it.device_id], it.start_host_ns,
               it.end_host_ns - it.start_host_ns);
    f.Put("\"Iteration ID\":");
    f.U64(it.index_id);
    f.Put(",\"FP Start\":\"N/A\",\"BP End\":\"N/A\",\"Iteration End\":\"");
    f.Us3(it.end_host_ns);
    f.Put("\",\"Iteration Time(us)\":");
    f.Us3(it.end_host_ns - it.start_host_ns);
    f.Put("}}");
  }

  w.Finish();
  return f.Close();
}

}  // namespace aclsim::prof::export_internal
