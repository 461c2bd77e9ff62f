#include "sim/cost_model.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <variant>

#include "runtime/checked_math.h"
#include "runtime/time_limits.h"
#include "runtime/vendor.h"

namespace aclsim::sim {

using model::Graph;
using model::Op;

int64_t CostModel::CopyDurationNs(const Op& op, const OpWork& work) const {
  // aclrtMemcpyKind: host to device (1), device to host (2) and host to
  // buffer to device (5) cross the host link; a device-to-device copy reads
  // and writes HBM; a memset writes it.
  const int64_t kind = op.IntAttr("kind", 3);
  const bool host_link = op.type == vendor::kMemcpyTaskType && (kind == 1 || kind == 2 || kind == 5);
  const bool read_and_write = op.type == vendor::kMemcpyTaskType && !host_link;
  const double rate = std::max(
      kMinRatePerS, host_link ? profile_.host_link_bandwidth_bytes_per_s : profile_.memory_bandwidth_bytes_per_s);
  const double seconds = static_cast<double>(work.bytes) * (read_and_write ? 2.0 : 1.0) / rate;
  const int64_t overhead = std::clamp<int64_t>(profile_.copy_overhead_ns, 0, kMaxTaskDurationNs);
  return std::min(overhead + CeilToInt64Clamped(seconds * 1e9, kMaxTaskDurationNs), kMaxTaskDurationNs);
}

uint32_t CostModel::BlockDim(const Graph& graph, const Op& op) const {
  if (op.block_dim || op.engine == model::Engine::kAiCpu) return BlockDim(op, OpWork{});
  return BlockDim(op, ComputeOpWork(graph, op));
}

uint32_t CostModel::BlockDim(const Op& op, const OpWork& work) const {
  const uint32_t cores = std::max<uint32_t>(1, std::min(profile_.CoreCount(op.engine), op.core_limit.value_or(~0u)));
  if (op.block_dim) return std::min(*op.block_dim, cores);
  if (op.engine == model::Engine::kAiCpu) return 1;
  return static_cast<uint32_t>(std::clamp<uint64_t>(work.blocks, 1, cores));
}

CostBreakdown CostModel::Cost(const Op& op, const OpWork& work, uint32_t block_dim) const {
  CostBreakdown c;
  if (op.duration_ns) {
    // An explicit duration: its launch part is the engine's floor.
    c.duration_ns = std::clamp<int64_t>(*op.duration_ns, 0, kMaxTaskDurationNs);
    c.work_ns = c.duration_ns - std::min(c.duration_ns, FloorNs(op.engine));
    return c;
  }
  if (IsCopyTask(op)) {
    c.duration_ns = c.work_ns = CopyDurationNs(op, work);
    return c;
  }
  const uint32_t cores = std::max<uint32_t>(1, profile_.CoreCount(op.engine));
  const uint32_t active = std::max<uint32_t>(1, block_dim);
  const char* cls = OpClassName(work.op_class);
  const auto& p = profile_;
  const bool odd = work.unaligned;
  // A strided reduction is priced by its access pattern, not by its type.
  const std::string_view type = work.op_class == OpClass::kReduceStrided ? std::string_view() : op.type;
  const double compute_eff = Efficiency(p.compute_efficiency, type, cls, op.engine, work.compute_dtype, 1.0, odd);
  const double stream_eff = Efficiency(p.stream_efficiency, type, cls, op.engine, work.compute_dtype, 1.0, odd);
  const double fill_ns = Efficiency(p.fill_ns, type, cls, op.engine, work.compute_dtype, 0.0, odd);
  const double row_ns = Efficiency(p.row_ns, type, cls, op.engine, work.compute_dtype, 0.0, odd);
  // Blocks run in waves of |active|: the last wave may leave cores idle.
  const uint64_t blocks = std::max<uint64_t>(work.blocks, 1);
  const uint64_t waves = blocks / active + (blocks % active != 0 ? 1 : 0);
  const double utilisation =
      blocks > active ? static_cast<double>(blocks) / (static_cast<double>(waves) * active) : 1.0;
  const double peak = std::max(kMinRatePerS, p.PeakFlopsPerS(op.engine, work.compute_dtype) * compute_eff *
                                                 static_cast<double>(active) / cores * utilisation);
  // On-chip reuse: the intermediate tensors of an op whose bytes fit in
  // the L2 share move at the L2 rate.
  const bool fits = profile_.l2_bytes > 0 && static_cast<double>(work.bytes) <=
                                                 static_cast<double>(profile_.l2_bytes) * profile_.l2_resident_fraction;
  const uint64_t l2_bytes = fits ? std::min(work.intermediate_bytes, work.bytes) : 0;
  double dram_rate = p.memory_bandwidth_bytes_per_s * stream_eff;
  if (p.core_bandwidth_bytes_per_s > 0) {
    dram_rate = std::min(dram_rate, p.core_bandwidth_bytes_per_s * p.core_bandwidth_scale * active);
  }
  dram_rate = std::max(kMinRatePerS, dram_rate);
  const double l2_rate = std::max(kMinRatePerS, profile_.l2_bandwidth_bytes_per_s * stream_eff);
  const double memory_s =
      static_cast<double>(work.bytes - l2_bytes) / dram_rate + static_cast<double>(l2_bytes) / l2_rate;
  // Profiles are range-checked (device_profile.h) but a struct built in code
  // is not: every part is clamped, so that no rate or floor can produce a
  // negative or wrapped duration (runtime/time_limits.h).
  c.floor_ns = FloorNs(op.engine, IsMixedClass(work.op_class));
  c.compute_ns = CeilToInt64Clamped(static_cast<double>(work.flops) / peak * 1e9, kMaxTaskDurationNs);
  c.memory_ns = CeilToInt64Clamped(memory_s * 1e9, kMaxTaskDurationNs);
  // The fill and the rows' latency: rows are reduced |active| at a time.
  c.fill_ns = CeilToInt64Clamped(fill_ns + static_cast<double>(work.rows) * row_ns / active, kMaxTaskDurationNs);
  c.work_ns = std::min(kMaxTaskDurationNs, c.fill_ns + std::max(c.compute_ns, c.memory_ns));
  c.duration_ns = std::max(c.floor_ns, c.work_ns);
  return c;
}

}  // namespace aclsim::sim
