#include "runtime/mspti_sink.h"

#include <iterator>
#include <utility>
#include <vector>

#include "runtime/device_table.h"
#include "runtime/prof/mspti_collector.h"
#include "runtime/vendor.h"

namespace aclsim::runtime {

namespace {

// The task type MSPTI reports for a kernel of |engine| (CANN's runtime
// task-type names).
const char* KernelType(model::Engine engine) {
  switch (engine) {
    case model::Engine::kAiCore: return "KERNEL_AICORE";
    case model::Engine::kAiVector: return "KERNEL_AIVEC";
    case model::Engine::kAiCpu: return "KERNEL_AICPU";
  }
  return "KERNEL_AICORE";
}

}  // namespace

void MsptiSink::DeviceMarker(const device::CompletionRecord& r, int64_t offset) {
  prof::mspti::MarkerRecord m;
  m.source_kind = 1;  // device
  m.timestamp = static_cast<uint64_t>(r.start_ns + offset);
  m.id = r.marker_id;
  m.object_id0 = r.device_id;
  m.object_id1 = static_cast<uint32_t>(r.stream_id);
  m.name = "";
  m.domain = "";
  if (r.marker_tag == vendor::kMarkExTag) {
    m.flag = 8;  // INSTANTANEOUS_WITH_DEVICE
  } else {
    std::lock_guard<std::mutex> lock(ranges_mu_);
    const bool start = open_ranges_.insert(r.marker_id).second;
    if (!start) open_ranges_.erase(r.marker_id);
    m.flag = start ? 16 : 32;  // START_WITH_DEVICE, END_WITH_DEVICE
  }
  prof::mspti::Collector::Instance().Append(m);
}

MsptiSink::KernelNames MsptiSink::NamesOf(const prof::OpTableRef& ops) {
  std::lock_guard<std::mutex> lock(names_mu_);
  auto it = names_.find(ops.get());
  if (it != names_.end()) return it->second.second;
  for (auto e = names_.begin(); e != names_.end();) {
    e = e->second.first.use_count() == 1 ? names_.erase(e) : std::next(e);
  }
  auto names = std::make_shared<std::vector<const char*>>();
  names->reserve(ops->size());
  for (const prof::OpEntry& op : *ops) names->push_back(op.copy_task ? nullptr : op.strings->name.c_str());
  names_.emplace(ops.get(), std::make_pair(ops, names));
  return names;
}

void MsptiSink::OnCompletions(const device::CompletionRecord* records, size_t count) {
  prof::mspti::Collector& mspti = prof::mspti::Collector::Instance();
  const bool markers = mspti.Enabled(prof::mspti::kMarker);
  const bool kernels = mspti.Enabled(prof::mspti::kKernel);
  if (!kernels && !markers) return;
  const int64_t offset = epoch_offset_();
  // The kernel names of the batch's models, looked up before the collector's
  // lock is taken (a batch is usually part of one graph execution).
  std::vector<std::pair<uint32_t, KernelNames>> models;
  for (size_t i = 0; i < count; ++i) {
    const device::CompletionRecord& r = records[i];
    if (r.kind == device::TaskKind::kMarker && markers && vendor::IsTxMarkerTag(r.marker_tag)) DeviceMarker(r, offset);
    if (r.kind != device::TaskKind::kOp || !kernels) continue;
    if (!models.empty() && models.back().first == r.model_tag) continue;
    bool known = false;
    for (const auto& m : models) known = known || m.first == r.model_tag;
    if (known) continue;
    const ModelRef model = models_->FindTag(r.model_tag);
    models.emplace_back(r.model_tag, model && model->ops ? NamesOf(model->ops) : nullptr);
  }
  if (models.empty()) return;
  const uint32_t tid = CurrentThreadId();
  const uint64_t correlation = prof::mspti::Collector::CurrentCorrelationId();
  uint64_t uncorrelated = 0;
  uint32_t tag = models.front().first;
  const std::vector<const char*>* names = models.front().second.get();
  mspti.AppendEach(prof::mspti::kKernel, sizeof(prof::mspti::KernelRecord), count, [&](size_t i, uint8_t* dst) {
    const device::CompletionRecord& r = records[i];
    if (r.kind != device::TaskKind::kOp) return false;
    if (r.model_tag != tag) {
      tag = r.model_tag;
      names = nullptr;
      for (const auto& m : models) {
        if (m.first == tag) names = m.second.get();
      }
    }
    if (names == nullptr || r.op_index >= names->size()) return false;
    const char* name = (*names)[r.op_index];
    if (name == nullptr) return false;  // a copy or memset task
    uint64_t correlation_id = correlation;
    if (r.host_tid != tid) {
      correlation_id = 0;
      ++uncorrelated;
    }
    prof::mspti::WriteKernelRecord(dst, static_cast<uint64_t>(r.start_ns + offset),
                                   static_cast<uint64_t>(r.end_ns + offset), r.device_id,
                                   static_cast<uint32_t>(r.stream_id), correlation_id, KernelType(r.engine), name);
    return true;
  });
  if (uncorrelated != 0) uncorrelated_.fetch_add(uncorrelated, std::memory_order_relaxed);
}

}  // namespace aclsim::runtime
