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

void MsptiSink::OnCompletions(const device::CompletionRecord* records, size_t count) {
  prof::mspti::Collector& mspti = prof::mspti::Collector::Instance();
  if (!mspti.Enabled(prof::mspti::kKernel)) return;
  const int64_t offset = epoch_offset_();
  const uint32_t tid = CurrentThreadId();
  const uint64_t correlation = prof::mspti::Collector::CurrentCorrelationId();
  thread_local std::vector<prof::mspti::KernelRecord> batch;
  batch.clear();
  ModelRef model;
  uint32_t model_tag = 0;
  for (size_t i = 0; i < count; ++i) {
    const device::CompletionRecord& r = records[i];
    if (r.kind != device::TaskKind::kOp) continue;
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
