#include "runtime/prof/session_collector.h"

#include "runtime/vendor.h"

namespace aclsim::prof {

void SessionCollector::RegisterModel(uint32_t model_id, OpTableRef ops) {
  std::lock_guard<std::mutex> lock(mu_);
  models_[model_id] = std::move(ops);
}

void SessionCollector::OnCompletions(const device::CompletionRecord* records, size_t count) {
  std::lock_guard<std::mutex> lock(mu_);
  const OpTable* ops = nullptr;
  uint32_t cached = 0;
  bool have_cached = false;
  for (size_t i = 0; i < count; ++i) {
    const device::CompletionRecord& r = records[i];
    TaskRecord t;
    t.device_id = r.device_id;
    t.stream_id = static_cast<uint32_t>(r.stream_id);
    t.task_id = r.task_id;
    t.block_dim = r.block_dim;
    t.host_tid = r.host_tid;
    t.start_ns = r.start_ns;
    t.end_ns = r.end_ns;
    t.exec_ns = r.exec_ns;
    t.flops = r.flops;
    t.bytes = r.bytes;
    if (r.kind == device::TaskKind::kMarker) {
      t.is_marker = true;
      t.model_id = vendor::kMarkerModelId;
      t.marker_id = r.marker_id;
      t.marker_tag = r.marker_tag;
    } else {
      if (!have_cached || cached != r.model_tag) {
        auto it = models_.find(r.model_tag);
        ops = it == models_.end() ? nullptr : it->second.get();
        cached = r.model_tag;
        have_cached = true;
      }
      if (ops == nullptr || r.op_index >= ops->size()) continue;  // model unknown to the session
      t.model_id = vendor::ExportedModelId(r.model_tag);
      t.op = (*ops)[r.op_index].info;
    }
    tasks_.push_back(t);
  }
}

std::vector<TaskRecord> SessionCollector::Take() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<TaskRecord> out;
  out.swap(tasks_);
  return out;
}

size_t SessionCollector::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return tasks_.size();
}

}  // namespace aclsim::prof
