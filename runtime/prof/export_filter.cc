#include "runtime/prof/export_filter.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "runtime/vendor.h"

namespace aclsim::prof {
namespace {

struct Span {
  int64_t start = 0;  // device ns, inclusive
  int64_t end = 0;    // device ns, inclusive
};
using Spans = std::map<uint32_t, Span>;  // device -> the iteration's span on it

// msprof's message (msprof_export.py _is_iteration_range_valid).
Status OutOfRange(uint32_t model_id, uint64_t iteration_id, uint64_t lo, uint64_t hi) {
  return Status(Detail::kProfilingConfig, "The exported iteration " + std::to_string(iteration_id) +
                                              " is invalid for model id " + std::to_string(model_id) +
                                              ". Please enter a valid iteration within " + std::to_string(lo) + "-" +
                                              std::to_string(hi) + ".");
}

// Step mode: the index id's START and END markers on each device (the
// earliest of each, as the step_trace export pairs them).
StatusOr<Spans> StepSpans(const SessionData& d, uint64_t iteration_id) {
  std::map<std::pair<uint32_t, uint64_t>, std::pair<int64_t, int64_t>> by_id;  // (device, id) -> (start, end)
  for (const TaskRecord& t : d.tasks) {
    if (!t.is_marker || vendor::IsTxMarkerTag(t.marker_tag)) continue;
    auto it = by_id.try_emplace({t.device_id, t.marker_id}, INT64_MAX, INT64_MAX).first;
    int64_t& slot = t.marker_tag == 0 ? it->second.first : it->second.second;
    slot = std::min(slot, t.start_ns);
  }
  Spans spans;
  uint64_t lo = UINT64_MAX, hi = 0;
  for (const auto& [key, times] : by_id) {
    if (times.first == INT64_MAX || times.second == INT64_MAX) continue;
    lo = std::min(lo, key.second);
    hi = std::max(hi, key.second);
    if (key.second == iteration_id) spans[key.first] = Span{times.first, std::max(times.first, times.second)};
  }
  if (lo == UINT64_MAX) {
    return Status(Detail::kProfilingConfig,
                  "The step export is not supported: the collection has no complete step (model id " +
                      std::to_string(kStepModeModelId) + " selects the steps of aclprofGetStepTimestamp)");
  }
  if (spans.empty()) return OutOfRange(kStepModeModelId, iteration_id, lo, hi);
  return spans;
}

// Graph mode: the iteration_id-th execution of the model on each device.
StatusOr<Spans> GraphSpans(const SessionData& d, uint32_t model_id, uint64_t iteration_id) {
  std::map<uint32_t, std::vector<const TaskRecord*>> by_device;
  for (const TaskRecord& t : d.tasks) {
    if (!t.is_marker && t.op != nullptr && t.model_id == model_id) by_device[t.device_id].push_back(&t);
  }
  if (by_device.empty()) {
    return Status(Detail::kProfilingConfig,
                  "model id " + std::to_string(model_id) + " has no tasks in this collection");
  }
  Spans spans;
  uint64_t hi = 0;
  for (auto& [device, tasks] : by_device) {
    std::sort(tasks.begin(), tasks.end(),
              [](const TaskRecord* a, const TaskRecord* b) { return a->task_id < b->task_id; });
    const OpInfo* first = tasks.front()->op;
    uint64_t execution = 0;
    for (const TaskRecord* t : tasks) {
      if (t->op == first) ++execution;
      if (execution != iteration_id) continue;
      auto [it, added] = spans.try_emplace(device, Span{t->start_ns, t->end_ns});
      if (!added) it->second = Span{std::min(it->second.start, t->start_ns), std::max(it->second.end, t->end_ns)};
    }
    hi = std::max(hi, execution);
  }
  if (spans.empty()) return OutOfRange(model_id, iteration_id, 1, hi);
  return spans;
}

bool InSpan(const Spans& spans, uint32_t device, int64_t ns) {
  auto it = spans.find(device);
  return it != spans.end() && ns >= it->second.start && ns <= it->second.end;
}

}  // namespace

StatusOr<SessionData> SelectIteration(const SessionData& data, uint32_t model_id, uint64_t iteration_id) {
  if (iteration_id == 0) return Status(Detail::kProfilingConfig, "--iteration-id must be a positive integer");
  StatusOr<Spans> found =
      model_id == kStepModeModelId ? StepSpans(data, iteration_id) : GraphSpans(data, model_id, iteration_id);
  if (!found.ok()) return found.status();
  const Spans& spans = *found;

  SessionData out;
  out.pid = data.pid;
  out.data_type_config = data.data_type_config;
  out.aicore_metrics = data.aicore_metrics;
  out.devices = data.devices;
  out.clock_sync = data.clock_sync;
  out.epoch_offset_ns = data.epoch_offset_ns;
  // The spans on the host clock (host ns = device ns + the device's offset).
  std::vector<std::pair<int64_t, int64_t>> host_spans;
  for (const auto& [device, span] : spans) {
    int64_t offset = 0;
    for (const ClockSync& cs : data.clock_sync) {
      if (cs.device_id == device) offset = cs.host_start_ns - cs.device_start_ns;
    }
    host_spans.emplace_back(span.start + offset, span.end + offset);
  }
  auto in_host_spans = [&host_spans](int64_t start, int64_t end) {
    return std::any_of(host_spans.begin(), host_spans.end(),
                       [&](const auto& s) { return start >= s.first && end <= s.second; });
  };
  out.host_start_ns = INT64_MAX;
  out.host_end_ns = INT64_MIN;
  for (const auto& s : host_spans) {
    out.host_start_ns = std::min(out.host_start_ns, s.first);
    out.host_end_ns = std::max(out.host_end_ns, s.second);
  }

  std::set<std::pair<uint32_t, uint64_t>> kept;  // (device, task id)
  for (const TaskRecord& t : data.tasks) {
    if (!InSpan(spans, t.device_id, t.start_ns)) continue;
    out.tasks.push_back(t);
    kept.emplace(t.device_id, t.task_id);
  }
  for (const ApiRecord& a : data.apis) {
    const bool launched_kept = a.launched && kept.count({a.device_id, a.first_task_id}) != 0;
    if (launched_kept || (!a.launched && in_host_spans(a.start_ns, a.end_ns))) out.apis.push_back(a);
  }
  for (const TxRecord& r : data.tx) {
    if (r.has_device ? InSpan(spans, r.device_id, r.device_ns) : in_host_spans(r.start_ns, r.end_ns)) {
      out.tx.push_back(r);
    }
  }
  return out;
}

}  // namespace aclsim::prof
