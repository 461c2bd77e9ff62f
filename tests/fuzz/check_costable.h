// Shared by the model-loader fuzz targets: a graph that loads must be
// costable on a built-in profile, with no negative duration.
#ifndef ACLSIM_TESTS_FUZZ_CHECK_COSTABLE_H_
#define ACLSIM_TESTS_FUZZ_CHECK_COSTABLE_H_

#include <cstdlib>

#include "runtime/model/graph.h"
#include "sim/cost_model.h"

namespace aclsim::fuzz {

inline void CheckCostable(const model::Graph& graph) {
  static const auto profile = sim::BuiltinDeviceProfile("Ascend910B2");
  sim::CostModel cost(*profile);
  for (const auto& op : graph.ops) {
    auto work = sim::ComputeOpWork(graph, op);
    auto block_dim = cost.BlockDim(graph, op);
    if (cost.DurationNs(op, work, block_dim) < 0) std::abort();
  }
}

}  // namespace aclsim::fuzz

#endif  // ACLSIM_TESTS_FUZZ_CHECK_COSTABLE_H_
