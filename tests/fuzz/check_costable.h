// Shared by the model-loader and config fuzz targets: a graph that loads
// must be costable on a profile that parses (a built-in one by default),
// every duration in [0, kMaxTaskDurationNs].
#ifndef ACLSIM_TESTS_FUZZ_CHECK_COSTABLE_H_
#define ACLSIM_TESTS_FUZZ_CHECK_COSTABLE_H_

#include <cstdlib>

#include "runtime/model/graph.h"
#include "runtime/time_limits.h"
#include "sim/cost_model.h"

namespace aclsim::fuzz {

inline void CheckCostable(const model::Graph& graph, const sim::DeviceProfile& profile) {
  sim::CostModel cost(profile);
  for (const auto& op : graph.ops) {
    auto work = sim::ComputeOpWork(graph, op);
    auto block_dim = cost.BlockDim(graph, op);
    const int64_t ns = cost.DurationNs(op, work, block_dim);
    if (ns < 0 || ns > kMaxTaskDurationNs) std::abort();
  }
}

inline void CheckCostable(const model::Graph& graph) {
  static const auto profile = sim::BuiltinDeviceProfile("Ascend910B2");
  CheckCostable(graph, *profile);
}

}  // namespace aclsim::fuzz

#endif  // ACLSIM_TESTS_FUZZ_CHECK_COSTABLE_H_
