// libFuzzer target: the ONNX loader (protobuf parse, structure checks, ONNX
// shape inference, mapping) and the cost model over arbitrary bytes. Loading
// must return OK or one of the documented model error codes
// (docs/onnx_mapping.md), never crash; a graph that loads must be costable.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "check_costable.h"
#include "runtime/log.h"
#include "runtime/model/onnx/onnx_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const bool quiet = (aclsim::SetLogLevel(aclsim::LogLevel::kNone), true);
  (void)quiet;
  auto graph = aclsim::model::LoadGraphFromOnnx(std::string_view(reinterpret_cast<const char*>(data), size),
                                                aclsim::model::ModelLoadOptions{});
  if (!graph.ok()) {
    switch (graph.status().detail()) {
      case aclsim::Detail::kModelSizeInvalid:
      case aclsim::Detail::kModelDeserialize:
      case aclsim::Detail::kModelParse:
      case aclsim::Detail::kModelNotDynamic:
      case aclsim::Detail::kFeatureUnsupported: return 0;
      default: std::abort();
    }
  }
  aclsim::fuzz::CheckCostable(*graph);
  return 0;
}
