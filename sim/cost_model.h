// The simulator's cost model: how much work an op is and how long it takes.
//
// Work (FLOPs, MACs, bytes moved) is derived from the op type and its tensor
// shapes and dtypes; the formulas are listed in docs/model_format.md. Time is
//   duration = launch_overhead(engine) + max(flops / peak(engine, dtype, cores),
//                                            bytes / memory_bandwidth)
// following msprof's definition of Task Duration, which includes the
// scheduling/launch cost (spec/ascend_devices.md §4.2). An explicit
// duration_ns on the op replaces the whole formula.
#ifndef ACLSIM_SIM_COST_MODEL_H_
#define ACLSIM_SIM_COST_MODEL_H_

#include <algorithm>
#include <cstdint>

#include "runtime/model/graph.h"
#include "runtime/time_limits.h"
#include "sim/device_profile.h"

namespace aclsim::sim {

struct OpWork {
  uint64_t flops = 0;
  uint64_t macs = 0;   // cube ops only; flops = 2 * macs for them
  uint64_t bytes = 0;  // all input (incl. weights) and output bytes
  model::DataType compute_dtype = model::DataType::kFloat16;
};

// True for the copy and memset tasks of aclrtMemcpyAsync / aclrtMemsetAsync
// (runtime/vendor.h): DMA work that occupies no compute core.
bool IsCopyTask(const model::Op& op);

// Work of |op| in |graph|. Pure function of the op and its tensors.
OpWork ComputeOpWork(const model::Graph& graph, const model::Op& op);

class CostModel {
 public:
  // |profile| is borrowed and must outlive the CostModel.
  explicit CostModel(const DeviceProfile& profile) : profile_(profile) {}

  // Cores the op occupies: its explicit block_dim, else one per chunk of
  // output (256 elements for cube ops, 2048 for vector ops), capped at the
  // engine's core count. AI_CPU ops use one core.
  uint32_t BlockDim(const model::Graph& graph, const model::Op& op) const;

  // Duration in ns of |op| with |work| on |block_dim| cores, in
  // [0, kMaxTaskDurationNs] whatever the profile's values.
  int64_t DurationNs(const model::Op& op, const OpWork& work, uint32_t block_dim) const;

  // A copy or memset task (op types MEMCPY_ASYNC, MEMSET_ASYNC, attribute
  // "kind" an aclrtMemcpyKind): copy_overhead_ns + its bytes over the host
  // link (H2D, D2H) or HBM (D2D: read and write; memset: write).
  int64_t CopyDurationNs(const model::Op& op, const OpWork& work) const;

  // The fixed scheduling/launch part of every duration on |engine|.
  int64_t LaunchOverheadNs(model::Engine engine) const {
    return std::clamp<int64_t>(profile_.launch_overhead_ns[static_cast<size_t>(engine)], 0, kMaxTaskDurationNs);
  }

 private:
  const DeviceProfile& profile_;
};

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_COST_MODEL_H_
