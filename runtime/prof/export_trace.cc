// msprof_<ts>.json: Chrome Trace Event array in msprof's conventions (spec
// §7.6; Ascend/msprof timeline/*_assembler.cpp, json_trace/trace_event.cpp):
// string "ts" in µs, numeric "dur" in µs, pid = (pid << 10) | (layer << 5) |
// device (31 = host), layer sort indices as current msprof numbers them
// (json_trace/include/meta_data_event.h ProcessSortIndex): MsprofTx 6,
// CANN 7, Ascend Hardware 14, Overlap Analysis 31.
// One event per line, written in a fixed order so output is byte-stable.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/prof/export_format.h"
#include "runtime/prof/export_internal.h"

namespace aclsim::prof::export_internal {
namespace {

constexpr uint32_t kHostDevice = 31;
constexpr uint32_t kLayerMsproftx = 6;
constexpr uint32_t kLayerCann = 7;
constexpr uint32_t kLayerAscendHw = 14;
constexpr uint32_t kLayerOverlap = 31;
constexpr const char* kRows[] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
constexpr uint32_t kStepTidOffset = 70000;  // SORT_INDEX_OFFSET, Ascend/msprof utils/common_constant.h
constexpr const char* kIterationCat = "Iteration Time";

// The msproftx layer's process is named after the application, as current
// msprof names it (msprof_tx_assembler.cpp: info.json's pid_name; "NA" when
// the collection could not tell).
std::string_view TxProcessName(const SessionData& d) {
  return d.pid_name.empty() ? std::string_view("NA") : std::string_view(d.pid_name);
}

// The Step Trace row of a model's iterations: msprof's tid is the model id
// plus 70000 in 32-bit arithmetic (step_trace_assembler.cpp), so the steps
// of aclprofGetStepTimestamp (model id 0xFFFFFFFF) are on tid 69999.
uint32_t StepTid(uint32_t model_id) { return model_id + kStepTidOffset; }

std::string StepRowName(uint32_t model_id) { return "Step Trace(Model ID:" + std::to_string(model_id) + ")"; }

uint64_t FormatPid(uint32_t pid, uint32_t layer, uint32_t device) {
  return (static_cast<uint64_t>(pid) << 10) | (static_cast<uint64_t>(layer) << 5) | (device & 31u);
}

uint64_t TaskKey(uint32_t device, uint64_t id) { return (static_cast<uint64_t>(device) << 56) ^ id; }

std::string MarkerName(const TaskRecord& t) {
  if (t.marker_tag == vendor::kMarkExTag) return "MarkEx " + std::to_string(t.marker_id);
  if (t.marker_tag == vendor::kMstxRangeTag) return "Range " + std::to_string(t.marker_id);
  return (t.marker_tag == 0 ? "Step Start " : "Step End ") + std::to_string(t.marker_id);
}

// What the events need to know about each other, worked out before any is
// written: pids, the rows (device streams, step rows) and the flow ids.
struct TraceLayout {
  uint64_t cann_pid = 0;
  uint64_t tx_pid = 0;
  std::set<std::pair<uint32_t, uint32_t>> streams;  // (device, stream)
  std::set<uint32_t> devices;
  std::vector<uint64_t> api_flow;                              // by api index; 0 = no HostToDevice flow
  std::unordered_map<uint32_t, uint64_t> flow_of_task;         // task index -> HostToDevice flow id
  std::unordered_map<uint64_t, uint32_t> markex_by_id;         // TaskKey(device, marker id) -> task index
  std::unordered_map<uint32_t, uint64_t> markex_flow_of_task;  // task index -> MsTx flow id
  std::vector<Iteration> iters;
  std::set<std::pair<uint32_t, uint32_t>> step_rows;  // (device, model id) with iterations
};

// Rows and MarkEx markers of the tasks; returns, by api index, the index of
// the first device task the api launched (-1 = none).
std::vector<int64_t> IndexTasks(const SessionData& d, TraceLayout* l) {
  // Host launch -> first device task (HostToDevice flows).
  std::unordered_map<uint64_t, uint32_t> launch_by_task;  // task key -> api index
  for (size_t i = 0; i < d.apis.size(); ++i) {
    if (d.apis[i].launched)
      launch_by_task.try_emplace(TaskKey(d.apis[i].device_id, d.apis[i].first_task_id), static_cast<uint32_t>(i));
  }
  std::vector<int64_t> api_target(d.apis.size(), -1);
  for (const DeviceDescription& dd : d.devices) l->devices.insert(dd.device_id);
  for (size_t i = 0; i < d.tasks.size(); ++i) {
    const TaskRecord& t = d.tasks[i];
    l->streams.emplace(t.device_id, t.stream_id);
    l->devices.insert(t.device_id);
    if (!launch_by_task.empty()) {
      auto it = launch_by_task.find(TaskKey(t.device_id, t.task_id));
      if (it != launch_by_task.end() && api_target[it->second] < 0) api_target[it->second] = static_cast<int64_t>(i);
    }
    if (t.is_marker && vendor::IsTxMarkerTag(t.marker_tag))
      l->markex_by_id.try_emplace(TaskKey(t.device_id, t.marker_id), i);
  }
  return api_target;
}

// HostToDevice flows numbered from 1 in host order (one per device task),
// and MsTx flows from the host records of MarkEx markers.
void NumberFlows(const SessionData& d, const std::vector<int64_t>& api_target, TraceLayout* l) {
  l->api_flow.assign(d.apis.size(), 0);
  uint64_t next_flow = 1;
  for (size_t i = 0; i < d.apis.size(); ++i) {
    if (api_target[i] < 0) continue;
    if (l->flow_of_task.try_emplace(static_cast<uint32_t>(api_target[i]), next_flow).second) {
      l->api_flow[i] = next_flow++;
    }
  }
  for (const TxRecord& r : d.tx) {
    if (!r.has_device) continue;
    auto it = l->markex_by_id.find(TaskKey(r.device_id, r.mark_id));
    if (it != l->markex_by_id.end()) l->markex_flow_of_task.try_emplace(it->second, r.mark_id);
  }
}

TraceLayout PlanTrace(const Context& ctx) {
  const SessionData& d = ctx.data;
  TraceLayout l;
  l.cann_pid = FormatPid(d.pid, kLayerCann, kHostDevice);
  l.tx_pid = FormatPid(d.pid, kLayerMsproftx, kHostDevice);
  NumberFlows(d, IndexTasks(d, &l), &l);
  l.iters = PairIterations(ctx);
  for (const Iteration& it : l.iters) l.step_rows.emplace(it.device_id, it.model_id);
  return l;
}

void WriteMetadata(const SessionData& d, const TraceLayout& l, TraceEvents& w) {
  if (!d.apis.empty()) {
    w.Process(l.cann_pid, "CANN", "CPU", kLayerCann);
    std::set<uint32_t> tids;
    for (const ApiRecord& a : d.apis) tids.insert(a.tid);
    for (uint32_t tid : tids) w.Thread(l.cann_pid, tid, "Thread " + std::to_string(tid));
  }
  if (!d.tx.empty()) {
    w.Process(l.tx_pid, TxProcessName(d), "CPU", kLayerMsproftx);
    std::set<uint32_t> tids;
    for (const TxRecord& r : d.tx) tids.insert(r.tid);
    for (uint32_t tid : tids) w.Thread(l.tx_pid, tid, "Thread " + std::to_string(tid));
  }
  for (uint32_t dev : l.devices) {
    const uint64_t pid = FormatPid(d.pid, kLayerAscendHw, dev);
    w.Process(pid, "Ascend Hardware", "NPU " + std::to_string(dev), kLayerAscendHw);
    for (auto it = l.streams.lower_bound({dev, 0}); it != l.streams.end() && it->first == dev; ++it) {
      w.Thread(pid, it->second, "Stream " + std::to_string(it->second));
    }
    for (auto it = l.step_rows.lower_bound({dev, 0}); it != l.step_rows.end() && it->first == dev; ++it) {
      w.Thread(pid, StepTid(it->second), StepRowName(it->second));
    }
  }
  // Overlap Analysis of each device with tasks (WriteOverlapEvents).
  std::set<uint32_t> with_tasks;
  for (const TaskRecord& t : d.tasks) with_tasks.insert(t.device_id);
  for (uint32_t dev : with_tasks) {
    const uint64_t pid = FormatPid(d.pid, kLayerOverlap, dev);
    w.Process(pid, "Overlap Analysis", "NPU " + std::to_string(dev), kLayerOverlap);
    for (uint64_t tid = 0; tid < 4; ++tid) w.Thread(pid, tid, kRows[tid]);
  }
}

// Host API calls (CANN / AscendCL) and the starts of their launch flows.
void WriteApiEvents(const SessionData& d, const TraceLayout& l, TraceEvents& w) {
  for (size_t i = 0; i < d.apis.size(); ++i) {
    const ApiRecord& a = d.apis[i];
    const std::string level = a.level.empty() ? "Api" : a.level;
    w.Complete(level + "@" + a.name, l.cann_pid, a.tid, a.start_ns + d.epoch_offset_ns, a.end_ns - a.start_ns);
    w.ArgU64("Thread Id", a.tid)
        .ArgString("level", level == "AscendCL" ? "acl" : level)
        .ArgU64("connection_id", l.api_flow[i])
        .EndArgs();
    if (l.api_flow[i] != 0)
      w.Flow("HostToDevice", l.api_flow[i], true, l.cann_pid, a.tid, a.start_ns + d.epoch_offset_ns);
  }
}

// msproftx records, with the starts of the MsTx flows of MarkEx.
void WriteTxEvents(const SessionData& d, const TraceLayout& l, TraceEvents& w) {
  for (const TxRecord& r : d.tx) {
    w.Complete(r.message, l.tx_pid, r.tid, r.start_ns + d.epoch_offset_ns, r.end_ns - r.start_ns);
    const std::string_view type = TxEventTypeName(r.event_type);
    if (r.mstx || r.event_type == static_cast<uint32_t>(vendor::TxEventType::kMarkEx)) {
      w.ArgString("event_type", type);
      if (r.mstx) {
        w.ArgString("domain", r.domain_name);
      } else {
        w.ArgQuotedU64("domain", r.domain);
      }
      w.EndArgs();
      if (r.has_device && l.markex_by_id.count(TaskKey(r.device_id, r.mark_id)) != 0) {
        w.Flow("MsTx", r.mark_id, true, l.tx_pid, r.tid, r.start_ns + d.epoch_offset_ns);
      }
    } else {
      w.ArgQuotedU64("Category", r.category)
          .ArgI64("Payload_type", r.payload_type)
          .ArgU64("Payload_value", r.payload_value)
          .ArgI64("Message_type", r.message_type)
          .ArgString("event_type", type)
          .EndArgs();
    }
  }
}

// Device tasks, one row per stream, with the ends of the flows; with
// |tx_markers_only|, only the msproftx/mstx device markers.
void WriteTaskEvents(const Context& ctx, const TraceLayout& l, TraceEvents& w, bool tx_markers_only = false) {
  const SessionData& d = ctx.data;
  for (uint32_t i : ctx.sorted) {
    const TaskRecord& t = d.tasks[i];
    if (tx_markers_only && !(t.is_marker && vendor::IsTxMarkerTag(t.marker_tag))) continue;
    const uint64_t pid = FormatPid(d.pid, kLayerAscendHw, t.device_id);
    const int64_t start = ctx.HostStart(t);
    uint64_t conn = 0;
    if (!l.flow_of_task.empty()) {
      auto it = l.flow_of_task.find(i);
      if (it != l.flow_of_task.end()) conn = it->second;
    }
    if (t.is_marker) {
      w.Complete(MarkerName(t), pid, t.stream_id, start, t.end_ns - t.start_ns);
    } else {
      // A copy has no op name: its event is named by its task type, as msprof names it.
      const std::string_view name = t.op == nullptr       ? std::string_view("N/A")
                                    : !t.op->name.empty() ? std::string_view(t.op->name)
                                                          : std::string_view(t.op->task_type);
      w.Complete(name, pid, t.stream_id, start, t.end_ns - t.start_ns);
    }
    w.ArgU64("Model Id", t.model_id);
    if (t.is_marker) {
      w.ArgRaw("Task Type", "\"PROFILER_TRACE_EX\"");
    } else {
      w.ArgString("Task Type", t.op != nullptr && !t.op->task_type.empty() ? std::string_view(t.op->task_type) : "N/A");
    }
    w.ArgU64("Physic Stream Id", t.stream_id)
        .ArgU64("Task Id", t.task_id)
        .ArgRaw("Batch Id", "0")
        .ArgRaw("Subtask Id", "4294967295")
        .ArgU64("connection_id", conn);
    if (t.is_marker) w.ArgU64("Index Id", t.marker_id).ArgU64("Tag Id", t.marker_tag);
    w.EndArgs();
    if (conn != 0) w.Flow("HostToDevice", conn, false, pid, t.stream_id, start);
    if (t.is_marker && vendor::IsTxMarkerTag(t.marker_tag) && !l.markex_flow_of_task.empty()) {
      auto it = l.markex_flow_of_task.find(i);
      if (it != l.markex_flow_of_task.end()) w.Flow("MsTx", it->second, false, pid, t.stream_id, start);
    }
  }
}

// Overlap Analysis, one process per device with tasks, as msprof's
// overlap_analysis_assembler writes it (Ascend/msprof analysis/csrc/
// application/timeline/overlap_analysis_assembler.cpp and
// overlap_analysis_processor.cpp): "Computing" (tid 0) is the union of the
// device's compute tasks; "Free" (tid 3) what the span from its first task's
// start to its last task's end leaves of it. aclsim simulates no
// collective communication, so "Communication" (1) and "Communication(Not
// Overlapped)" (2) have no events.
void WriteOverlapEvents(const Context& ctx, TraceEvents& w) {
  const SessionData& d = ctx.data;
  std::map<uint32_t, std::vector<std::pair<int64_t, int64_t>>> compute;  // device -> [start, end) epoch ns
  std::map<uint32_t, std::pair<int64_t, int64_t>> span;                  // device -> first start, last end
  for (const TaskRecord& t : d.tasks) {
    const int64_t start = ctx.HostStart(t), end = ctx.HostEnd(t);
    auto [it, added] = span.try_emplace(t.device_id, start, end);
    if (!added) it->second = {std::min(it->second.first, start), std::max(it->second.second, end)};
    if (!t.is_marker && t.op != nullptr && t.op->compute && end > start) compute[t.device_id].emplace_back(start, end);
  }
  for (const auto& [dev, extent] : span) {
    const uint64_t pid = FormatPid(d.pid, kLayerOverlap, dev);
    auto& sections = compute[dev];
    std::sort(sections.begin(), sections.end());
    std::vector<std::pair<int64_t, int64_t>> merged;
    for (const auto& s : sections) {
      if (!merged.empty() && s.first <= merged.back().second) {
        merged.back().second = std::max(merged.back().second, s.second);
      } else {
        merged.push_back(s);
      }
    }
    int64_t cursor = extent.first;
    for (const auto& [start, end] : merged) {
      if (start > cursor) {
        w.Complete(kRows[3], pid, 3, cursor, start - cursor);
        w.EndArgs();
      }
      w.Complete(kRows[0], pid, 0, start, end - start);
      w.EndArgs();
      cursor = std::max(cursor, end);
    }
    if (extent.second > cursor) {
      w.Complete(kRows[3], pid, 3, cursor, extent.second - cursor);
      w.EndArgs();
    }
  }
}

// Iterations (Step Trace row of each device).
void WriteIterationEvents(const SessionData& d, const TraceLayout& l, TraceEvents& w) {
  for (const Iteration& it : l.iters) {
    const uint64_t pid = FormatPid(d.pid, kLayerAscendHw, it.device_id);
    w.Complete("Iteration " + std::to_string(it.index_id), pid, StepTid(it.model_id), it.start_host_ns,
               it.end_host_ns - it.start_host_ns, kIterationCat);
    w.ArgU64("Iteration ID", it.index_id)
        .ArgRaw("FP Start", "\"N/A\"")
        .ArgRaw("BP End", "\"N/A\"")
        .ArgQuotedUs3("Iteration End", it.end_host_ns)
        .ArgUs3("Iteration Time(us)", it.end_host_ns - it.start_host_ns)
        .EndArgs();
  }
}

}  // namespace

Status WriteTxTraceJson(const Context& ctx, const std::string& path) {
  const SessionData& d = ctx.data;
  const TraceLayout layout = PlanTrace(ctx);
  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  TraceEvents w(f);
  w.Process(layout.tx_pid, TxProcessName(d), "CPU", kLayerMsproftx);
  std::set<uint32_t> tids;
  for (const TxRecord& r : d.tx) tids.insert(r.tid);
  for (uint32_t tid : tids) w.Thread(layout.tx_pid, tid, "Thread " + std::to_string(tid));
  std::set<std::pair<uint32_t, uint32_t>> rows;  // (device, stream) of the device markers
  for (const TaskRecord& t : d.tasks) {
    if (t.is_marker && vendor::IsTxMarkerTag(t.marker_tag)) rows.emplace(t.device_id, t.stream_id);
  }
  uint32_t last_device = UINT32_MAX;
  for (const auto& [dev, stream] : rows) {
    const uint64_t pid = FormatPid(d.pid, kLayerAscendHw, dev);
    if (dev != last_device) w.Process(pid, "Ascend Hardware", "NPU " + std::to_string(dev), kLayerAscendHw);
    last_device = dev;
    w.Thread(pid, stream, "Stream " + std::to_string(stream));
  }
  WriteTxEvents(d, layout, w);
  WriteTaskEvents(ctx, layout, w, /*tx_markers_only=*/true);
  w.Finish();
  return f.Close();
}

Status WriteStepTraceJson(const Context& ctx, const std::string& path) {
  const SessionData& d = ctx.data;
  TraceLayout layout;
  layout.iters = PairIterations(ctx);
  for (const Iteration& it : layout.iters) layout.step_rows.emplace(it.device_id, it.model_id);
  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  TraceEvents w(f);
  uint32_t last_device = UINT32_MAX;
  for (const auto& [dev, model] : layout.step_rows) {
    const uint64_t pid = FormatPid(d.pid, kLayerAscendHw, dev);
    if (dev != last_device) w.Process(pid, "Ascend Hardware", "NPU " + std::to_string(dev), kLayerAscendHw);
    last_device = dev;
    w.Thread(pid, StepTid(model), StepRowName(model));
  }
  WriteIterationEvents(d, layout, w);
  w.Finish();
  return f.Close();
}

Status WriteTraceJson(const Context& ctx, const std::string& path) {
  const TraceLayout layout = PlanTrace(ctx);
  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  TraceEvents w(f);
  WriteMetadata(ctx.data, layout, w);
  WriteApiEvents(ctx.data, layout, w);
  WriteTxEvents(ctx.data, layout, w);
  WriteTaskEvents(ctx, layout, w);
  WriteIterationEvents(ctx.data, layout, w);
  WriteOverlapEvents(ctx, w);
  w.Finish();
  return f.Close();
}

}  // namespace aclsim::prof::export_internal
