// libFuzzer target: the JSON op-graph loader and the cost model over
// arbitrary bytes. Loading must return OK or one of the documented model
// error codes, never crash; a graph that loads must be costable.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "check_costable.h"
#include "runtime/model/graph_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto graph = aclsim::model::LoadGraphFromJson(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!graph.ok()) {
    switch (graph.status().detail()) {
      case aclsim::Detail::kModelSizeInvalid:
      case aclsim::Detail::kModelDeserialize:
      case aclsim::Detail::kModelMissingAttr:
      case aclsim::Detail::kModelParse: return 0;
      default: std::abort();
    }
  }
  aclsim::fuzz::CheckCostable(*graph);
  return 0;
}
