#include "runtime/mspti_sink.h"

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

void MsptiSink::OnCompletions(const device::CompletionRecord* records, size_t count) {
  prof::mspti::Collector& mspti = prof::mspti::Collector::Instance();
  const bool markers = mspti.Enabled(prof::mspti::kMarker);
  const bool kernels = mspti.Enabled(prof::mspti::kKernel);
  if (!kernels && !markers) return;
  const int64_t offset = epoch_offset_();
  const uint32_t tid = CurrentThreadId();
  const uint64_t correlation = prof::mspti::Collector::CurrentCorrelationId();
  thread_local std::vector<prof::mspti::KernelRecord> batch;
  batch.clear();
  ModelRef model;
  uint32_t model_tag = 0;
  for (size_t i = 0; i < count; ++i) {
    const device::CompletionRecord& r = records[i];
    if (r.kind == device::TaskKind::kMarker && markers && vendor::IsTxMarkerTag(r.marker_tag)) {
      DeviceMarker(r, offset);
      continue;
    }
    if (r.kind != device::TaskKind::kOp || !kernels) continue;
    if (!model || model_tag != r.model_tag) {
      model = models_->FindTag(r.model_tag);
      model_tag = r.model_tag;
    }
    if (!model || r.op_index >= model->ops->size()) continue;
    const prof::OpStrings* op = (*model->ops)[r.op_index].strings;
    if (op->type == vendor::kMemcpyTaskType || op->type == vendor::kMemsetTaskType) continue;
    prof::mspti::KernelRecord k;
    k.start = static_cast<uint64_t>(r.start_ns + offset);
    k.end = static_cast<uint64_t>(r.end_ns + offset);
    k.device_id = r.device_id;
    k.stream_id = static_cast<uint32_t>(r.stream_id);
    if (r.host_tid == tid) {
      k.correlation_id = correlation;
    } else {
      uncorrelated_.fetch_add(1, std::memory_order_relaxed);
    }
    k.type = KernelType(r.engine);
    k.name = op->name.c_str();
    batch.push_back(k);
  }
  mspti.AppendBatch(prof::mspti::kKernel, batch.data(), sizeof(prof::mspti::KernelRecord), batch.size());
}

}  // namespace aclsim::runtime
