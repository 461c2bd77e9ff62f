// msprof text export (spec §7): the CSV summaries live here; the trace JSON
// and the SVG picture are in export_trace.cc / export_svg.cc.
//
// Output is streamed row by row through OutFile: memory is O(tasks) for one
// index vector plus small per-group tables, never O(bytes written).
#include "runtime/prof/export.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <string_view>
#include <system_error>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/prof/export_format.h"
#include "runtime/prof/export_internal.h"

namespace aclsim::prof {
namespace {

using export_internal::Context;
using export_internal::CsvRow;
using export_internal::OutFile;
using export_internal::TxEventTypeName;

constexpr std::string_view kNa = "N/A";
constexpr uint64_t kAclApiBit = 0x1;
constexpr uint64_t kMsproftxBit = 0x80;

// Device marker task type as the runtime names rtProfilerTraceEx tasks.
constexpr std::string_view kMarkerTaskType = "PROFILER_TRACE_EX";

std::string PathOf(const std::string& dir, const char* kind, const std::string& ts, const char* ext) {
  std::string p = dir;
  if (!p.empty() && p.back() != '/') p.push_back('/');
  p.append(kind).append("_").append(ts).append(ext);
  return p;
}

std::string_view OrNa(const std::string& s) { return s.empty() ? kNa : std::string_view(s); }

Status WriteOpSummary(const Context& ctx, const std::string& path) {
  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  f.Put(
      "Device_id,Model ID,Task ID,Stream ID,Op Name,OP Type,OP State,Task Type,Task Start Time(us),"
      "Task Duration(us),Task Wait Time(us),Block Num,Mix Block Num,HF32 Eligible,Input Shapes,"
      "Input Data Types,Input Formats,Output Shapes,Output Data Types,Output Formats,Context ID\n");
  std::unordered_map<uint64_t, int64_t> prev_end;  // (device << 32 | stream) -> host end ns
  for (uint32_t i : ctx.sorted) {
    const TaskRecord& t = ctx.data.tasks[i];
    if (t.is_marker || (t.op != nullptr && !t.op->compute)) continue;
    const int64_t start = ctx.HostStart(t);
    const int64_t end = ctx.HostEnd(t);
    const uint64_t key = (static_cast<uint64_t>(t.device_id) << 32) | t.stream_id;
    auto [it, first] = prev_end.try_emplace(key, end);
    const int64_t wait = first ? 0 : std::max<int64_t>(0, start - it->second);
    if (!first) it->second = std::max(it->second, end);

    static const OpInfo kUnknown{};
    const OpInfo& op = t.op != nullptr ? *t.op : kUnknown;
    const bool details = !ctx.l0_only && t.op != nullptr;
    CsvRow row(f);
    row.U64(t.device_id).U64(t.model_id).U64(t.task_id).U64(t.stream_id);
    row.Text(OrNa(op.name)).Text(details ? OrNa(op.type) : kNa);
    row.Na();  // OP State: static/dynamic shape is not modelled
    row.Text(details ? OrNa(op.task_type) : kNa);
    row.Us3Tab(start).Us3(end - start).Us3(wait).U64(details ? t.block_dim : 0);
    row.Raw("0").Na();  // Mix Block Num, HF32 Eligible
    if (details) {
      row.Text(op.input_shapes).Text(op.input_data_types).Text(op.input_formats);
      row.Text(op.output_shapes).Text(op.output_data_types).Text(op.output_formats);
    } else {
      row.Na().Na().Na().Na().Na().Na();
    }
    row.Na();  // Context ID: no FFTS+ subtasks
    row.End();
  }
  return f.Close();
}

Status WriteOpStatistic(const Context& ctx, const std::string& path) {
  struct Stat {
    std::string_view core_type;
    uint64_t count = 0;
    int64_t total_ns = 0;
    int64_t min_ns = INT64_MAX;
    int64_t max_ns = INT64_MIN;
  };
  std::map<std::pair<uint32_t, std::string_view>, Stat> stats;
  std::map<uint32_t, int64_t> device_total_ns;
  for (const TaskRecord& t : ctx.data.tasks) {
    if (t.is_marker || (t.op != nullptr && !t.op->compute)) continue;
    const bool details = !ctx.l0_only && t.op != nullptr;
    const std::string_view type = details ? OrNa(t.op->type) : kNa;
    Stat& s = stats[{t.device_id, type}];
    if (s.count == 0) s.core_type = details ? OrNa(t.op->task_type) : kNa;
    const int64_t dur = t.end_ns - t.start_ns;
    ++s.count;
    s.total_ns += dur;
    s.min_ns = std::min(s.min_ns, dur);
    s.max_ns = std::max(s.max_ns, dur);
    device_total_ns[t.device_id] += dur;
  }
  std::vector<const std::pair<const std::pair<uint32_t, std::string_view>, Stat>*> rows;
  rows.reserve(stats.size());
  for (const auto& kv : stats) rows.push_back(&kv);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto* a, const auto* b) { return a->second.total_ns > b->second.total_ns; });

  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  f.Put("Device_id,OP Type,Core Type,Count,Total Time(us),Min Time(us),Avg Time(us),Max Time(us),Ratio(%)\n");
  for (const auto* row : rows) {
    const Stat& s = row->second;
    const int64_t dev_total = device_total_ns[row->first.first];
    CsvRow(f)
        .U64(row->first.first)
        .Text(row->first.second)
        .Text(s.core_type)
        .U64(s.count)
        .Us3(s.total_ns)
        .Us3(s.min_ns)
        .Fixed(static_cast<double>(s.total_ns) / static_cast<double>(s.count) / 1000.0, 3)
        .Us3(s.max_ns)
        .Fixed(dev_total > 0 ? 100.0 * static_cast<double>(s.total_ns) / static_cast<double>(dev_total) : 0.0, 3)
        .End();
  }
  return f.Close();
}

Status WriteTaskTime(const Context& ctx, const std::string& path) {
  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  f.Put("Device_id,kernel_name,kernel_type,stream_id,task_id,task_time(us),task_start(us),task_stop(us)\n");
  for (uint32_t i : ctx.sorted) {
    const TaskRecord& t = ctx.data.tasks[i];
    const int64_t start = ctx.HostStart(t);
    const int64_t end = ctx.HostEnd(t);
    CsvRow row(f);
    row.U64(t.device_id);
    if (t.is_marker) {
      row.Na().Raw(kMarkerTaskType);
    } else {
      row.Text(t.op != nullptr ? OrNa(t.op->name) : kNa);
      row.Text(!ctx.l0_only && t.op != nullptr ? OrNa(t.op->task_type) : kNa);
    }
    row.U64(t.stream_id).U64(t.task_id).Us3(end - start).Us3Tab(start).Us3Tab(end).End();
  }
  return f.Close();
}

Status WriteApiStatistic(const Context& ctx, const std::string& path) {
  struct Stat {  // Welford's running variance over µs durations
    uint64_t count = 0;
    int64_t total_ns = 0;
    int64_t min_ns = INT64_MAX;
    int64_t max_ns = INT64_MIN;
    double mean_us = 0.0;
    double m2 = 0.0;
  };
  std::map<std::pair<std::string_view, std::string_view>, Stat> stats;
  for (const ApiRecord& a : ctx.data.apis) {
    Stat& s = stats[{a.level, a.name}];
    const int64_t dur = a.end_ns - a.start_ns;
    ++s.count;
    s.total_ns += dur;
    s.min_ns = std::min(s.min_ns, dur);
    s.max_ns = std::max(s.max_ns, dur);
    const double x = static_cast<double>(dur) / 1000.0;
    const double delta = x - s.mean_us;
    s.mean_us += delta / static_cast<double>(s.count);
    s.m2 += delta * (x - s.mean_us);
  }
  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  f.Put("Device_id,Level,API Name,Time(us),Count,Avg(us),Min(us),Max(us),Variance\n");
  for (const auto& [key, s] : stats) {
    CsvRow(f)
        .Raw("host")
        .Text(key.first.empty() ? kNa : key.first)
        .Text(key.second)
        .Us3(s.total_ns)
        .U64(s.count)
        .Fixed(static_cast<double>(s.total_ns) / static_cast<double>(s.count) / 1000.0, 3)
        .Us3(s.min_ns)
        .Us3(s.max_ns)
        .Fixed(s.m2 / static_cast<double>(s.count), 3)  // population variance, µs²
        .End();
  }
  return f.Close();
}

Status WriteStepTrace(const Context& ctx, const std::string& path) {
  const std::vector<export_internal::Iteration> iters = export_internal::PairIterations(ctx);
  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  f.Put(
      "Device_id,Iteration ID,FP Start(us),BP End(us),Iteration End(us),Iteration Time(us),"
      "FP to BP Time(us),Iteration Refresh(us),Data Aug Bound(us),Model ID\n");
  for (size_t i = 0; i < iters.size(); ++i) {
    const auto& it = iters[i];
    CsvRow row(f);
    row.U64(it.device_id).U64(it.index_id);
    row.Na().Na();  // FP Start, BP End
    row.Us3(it.end_host_ns).Us3(it.end_host_ns - it.start_host_ns);
    row.Na().Na();  // FP to BP Time, Iteration Refresh
    // Data Aug Bound: the gap since the device's previous iteration.
    if (i > 0 && iters[i - 1].device_id == it.device_id) {
      row.Us3(it.start_host_ns - iters[i - 1].end_host_ns);
    } else {
      row.Na();
    }
    row.Na().End();  // Model ID
  }
  return f.Close();
}

Status WriteMsprofTx(const Context& ctx, const std::string& path) {
  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  f.Put(
      "Device_id,pid,tid,category,event_type,payload_type,payload_value,Start_time(us),End_time(us),"
      "message_type,message,domain,Device Start_time(us),Device End_time(us)\n");
  for (const TxRecord& r : ctx.data.tx) {
    CsvRow row(f);
    if (r.has_device) {
      row.U64(r.device_id);
    } else {
      row.Raw("host");
    }
    if (r.mstx) {
      // mstx rows have no category, payload or message type (msprof prints N/A).
      row.U64(r.pid).U64(r.tid).Na().Text(TxEventTypeName(r.event_type));
      row.Na().Na().Us3(ctx.Epoch(r.start_ns)).Us3(ctx.Epoch(r.end_ns));
      row.Na().Text(r.message).Text(r.domain_name);
    } else {
      row.U64(r.pid).U64(r.tid).U64(r.category).Text(TxEventTypeName(r.event_type));
      row.I64(r.payload_type).U64(r.payload_value).Us3(ctx.Epoch(r.start_ns)).Us3(ctx.Epoch(r.end_ns));
      row.I64(r.message_type).Text(r.message).U64(r.domain);
    }
    if (r.has_device) {
      const int64_t end_ns = r.device_tag == vendor::kMstxRangeTag ? r.device_end_ns : r.device_ns;
      row.Us3(ctx.ToHost(r.device_id, r.device_ns)).Us3(ctx.ToHost(r.device_id, end_ns));
    } else {
      row.Na().Na();
    }
    row.End();
  }
  return f.Close();
}

// README.txt: what each exported file holds, as msprof writes one beside
// its exports (Ascend/msprof msinterface/msprof_output_summary.py; the
// descriptions are aclsim's own). Lists the files written, timeline files
// first, each section numbered from 1 in name order.
Status WriteReadme(const std::string& dir, const std::vector<std::string>& kinds_json,
                   const std::vector<std::string>& kinds_csv) {
  static const std::map<std::string, std::string> kAbout = {
      {"msprof",
       "Timeline report: the CANN layer (host API calls), the MsprofTx layer (msproftx and mstx events), "
       "the Ascend Hardware layer (device tasks per stream, step markers and iterations) and the Overlap "
       "Analysis layer (Computing and Free per device; Communication rows are empty in aclsim)."},
      {"msprof_tx", "The msproftx and mstx events of the timeline, with their device markers."},
      {"op_summary", "One row per operator execution: type, task type, times, shapes, formats and data types."},
      {"op_statistic", "Per operator type: count and total, average, minimum and maximum time."},
      {"task_time", "One row per device task, copies and memsets included."},
      {"api_statistic", "Per host API: count and total, average, minimum and maximum time, and variance."},
      {"step_trace", "One row per iteration: its end and duration, from the step markers."},
      {"step_trace.json", "The Step Trace rows of the timeline: one event per iteration, by device and model."},
  };
  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(dir + "/README.txt"));
  const std::pair<const char*, const std::vector<std::string>*> sections[] = {
      {"Timeline file description:\n", &kinds_json}, {"Summary file description:\n", &kinds_csv}};
  for (const auto& [title, kinds] : sections) {
    f.Put(title);
    std::vector<std::string> sorted = *kinds;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < sorted.size(); ++i) {
      const std::string ext = kinds == &kinds_json ? ".json" : ".csv";
      auto about = kAbout.find(sorted[i] + ext);
      if (about == kAbout.end()) about = kAbout.find(sorted[i]);
      f.Put(std::to_string(i + 1) + "." + sorted[i] + ext + ":" + (about == kAbout.end() ? "" : about->second) + "\n");
    }
    f.Put("\n");
  }
  return f.Close();
}

}  // namespace

Status WriteSessionOutput(const SessionData& data, const std::string& output_dir, const std::string& timestamp) {
  if (output_dir.empty()) return Status(Detail::kFileWrite, "empty output directory");
  std::error_code ec;
  std::filesystem::create_directories(output_dir, ec);
  if (ec || !std::filesystem::is_directory(output_dir, ec)) {
    return Status(Detail::kFileWrite, "cannot create directory " + output_dir + ": " + ec.message());
  }
  if (data.tasks.size() > UINT32_MAX) return Status(Detail::kFileWrite, "too many tasks to export");

  const Context ctx(data);
  std::vector<std::string> csv = {"op_summary", "op_statistic", "task_time"};
  std::vector<std::string> json = {"msprof"};
  ACLSIM_RETURN_IF_ERROR(WriteOpSummary(ctx, PathOf(output_dir, "op_summary", timestamp, ".csv")));
  ACLSIM_RETURN_IF_ERROR(WriteOpStatistic(ctx, PathOf(output_dir, "op_statistic", timestamp, ".csv")));
  ACLSIM_RETURN_IF_ERROR(WriteTaskTime(ctx, PathOf(output_dir, "task_time", timestamp, ".csv")));
  if (data.data_type_config & kAclApiBit) {
    ACLSIM_RETURN_IF_ERROR(WriteApiStatistic(ctx, PathOf(output_dir, "api_statistic", timestamp, ".csv")));
    csv.push_back("api_statistic");
  }
  const bool has_steps =
      std::any_of(data.tasks.begin(), data.tasks.end(), [](const TaskRecord& t) { return Context::IsStepMarker(t); });
  if (has_steps) {
    ACLSIM_RETURN_IF_ERROR(WriteStepTrace(ctx, PathOf(output_dir, "step_trace", timestamp, ".csv")));
    csv.push_back("step_trace");
    if (!export_internal::PairIterations(ctx).empty()) {
      ACLSIM_RETURN_IF_ERROR(
          export_internal::WriteStepTraceJson(ctx, PathOf(output_dir, "step_trace", timestamp, ".json")));
      json.push_back("step_trace");
    }
  }
  if (data.data_type_config & kMsproftxBit) {
    ACLSIM_RETURN_IF_ERROR(WriteMsprofTx(ctx, PathOf(output_dir, "msprof_tx", timestamp, ".csv")));
    csv.push_back("msprof_tx");
    if (!data.tx.empty()) {
      ACLSIM_RETURN_IF_ERROR(
          export_internal::WriteTxTraceJson(ctx, PathOf(output_dir, "msprof_tx", timestamp, ".json")));
      json.push_back("msprof_tx");
    }
  }
  ACLSIM_RETURN_IF_ERROR(WriteReadme(output_dir, json, csv));
  ACLSIM_RETURN_IF_ERROR(export_internal::WriteTraceJson(ctx, PathOf(output_dir, "msprof", timestamp, ".json")));
  return export_internal::WriteTimelineSvg(ctx, PathOf(output_dir, "timeline", timestamp, ".svg"));
}

}  // namespace aclsim::prof
