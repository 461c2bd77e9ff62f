// libFuzzer target: the JSON op-graph loader and the cost model over
// arbitrary bytes. Loading must return OK or one of the documented model
// error codes, never crash; a graph that loads must be costable.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "runtime/model/graph_loader.h"
#include "sim/cost_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto graph = aclsim::model::LoadGraphFromJson(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!graph.ok()) {
    switch (graph.status().code()) {
      case aclsim::ErrorCode::kModelSizeInvalid:
      case aclsim::ErrorCode::kDeserializeModel:
      case aclsim::ErrorCode::kModelMissingAttr:
      case aclsim::ErrorCode::kParseModel:
        return 0;
      default:
        std::abort();
    }
  }
  static const auto profile = aclsim::sim::BuiltinDeviceProfile("Ascend910B2");
  aclsim::sim::CostModel cost(*profile);
  for (const auto& op : graph->ops) {
    auto work = aclsim::sim::ComputeOpWork(*graph, op);
    auto block_dim = cost.BlockDim(*graph, op);
    if (cost.DurationNs(op, work, block_dim) < 0) std::abort();
  }
  return 0;
}
