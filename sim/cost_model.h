// The simulator's cost model: how long an op takes on a device profile.
//
// Work (FLOPs, bytes, op class, compute dtype) comes from sim/op_work.h.
// Time, as docs/cost_model.md states with every coefficient's source:
//   compute = flops / (peak(engine, dtype) * compute_eff * block_dim / cores
//                      * wave_utilisation)
//   memory  = dram_bytes / min(bandwidth * stream_eff, block_dim * core_bw)
//           + l2_bytes / (l2_bandwidth * stream_eff)
//   duration = max(floor(engine or MIX),
//                  fill(op) + rows * row_ns / block_dim + max(compute, memory))
// where wave_utilisation = blocks / (waves * block_dim) for an op of more
// blocks than cores.
// The floor is msprof's Task Duration of an empty kernel: scheduling,
// start-up and completion (spec/ascend_devices.md §4.2). l2_bytes are the
// op's intermediate tensors when all its bytes fit in the profile's L2
// share; everything else moves through HBM. An explicit duration_ns on the
// op replaces the whole formula.
#ifndef ACLSIM_SIM_COST_MODEL_H_
#define ACLSIM_SIM_COST_MODEL_H_

#include <algorithm>
#include <cstdint>

#include "runtime/model/graph.h"
#include "runtime/time_limits.h"
#include "sim/device_profile.h"
#include "sim/op_work.h"

namespace aclsim::sim {

// The parts of one op's modelled duration, in ns (each clamped to
// [0, kMaxTaskDurationNs]).
struct CostBreakdown {
  int64_t floor_ns = 0;
  int64_t fill_ns = 0;  // the op's fill and its rows' latency
  int64_t compute_ns = 0;
  int64_t memory_ns = 0;
  int64_t duration_ns = 0;  // max of the three, or the op's explicit duration
  // The part of duration_ns the kernel spends working (fill + max(compute,
  // memory), at most duration_ns): the record's execution time.
  int64_t work_ns = 0;
};

class CostModel {
 public:
  // |profile| is borrowed and must outlive the CostModel.
  explicit CostModel(const DeviceProfile& profile) : profile_(profile) {}
  explicit CostModel(const DeviceProfile&& profile) = delete;  // would dangle

  // Cores the op occupies: its explicit block_dim, else one per chunk of
  // output (256 elements for cube ops, 2048 for vector ops), capped at the
  // engine's core count and the op's core_limit. AI_CPU ops use one core.
  uint32_t BlockDim(const model::Graph& graph, const model::Op& op) const;
  // The same from the op's work (its blocks, capped at the cores).
  uint32_t BlockDim(const model::Op& op, const OpWork& work) const;

  // The modelled duration of |op| with |work| on |block_dim| cores.
  CostBreakdown Cost(const model::Op& op, const OpWork& work, uint32_t block_dim) const;
  int64_t DurationNs(const model::Op& op, const OpWork& work, uint32_t block_dim) const {
    return Cost(op, work, block_dim).duration_ns;
  }

  // A copy or memset task (op types MEMCPY_ASYNC, MEMSET_ASYNC, attribute
  // "kind" an aclrtMemcpyKind): copy_overhead_ns + its bytes over the host
  // link (H2D, D2H) or HBM (D2D: read and write; memset: write).
  int64_t CopyDurationNs(const model::Op& op, const OpWork& work) const;

  // The floor of a kernel on |engine|, or of a mixed cube+vector kernel.
  int64_t FloorNs(model::Engine engine, bool mixed = false) const {
    const size_t index = mixed ? kMixFloor : static_cast<size_t>(engine);
    return std::clamp<int64_t>(profile_.kernel_floor_ns[index], 0, kMaxTaskDurationNs);
  }

 private:
  const DeviceProfile& profile_;
};

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_COST_MODEL_H_
