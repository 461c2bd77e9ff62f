// libFuzzer target: the model front door (runtime/model/model_loader.h) over
// arbitrary bytes, seeded with aclsim .om files: the .om header (format
// version, JSON fields, gears), CANN's .om refusal, and the JSON and ONNX
// loaders behind them. Loading returns OK or a documented model error (an
// unsupported ONNX feature among them: ACL_ERROR_FEATURE_UNSUPPORTED), never
// crashes; every graph that loads (each gear's) must be costable.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "check_costable.h"
#include "runtime/model/model_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto variants = aclsim::model::LoadModelVariants(std::string_view(reinterpret_cast<const char*>(data), size), {});
  if (!variants.ok()) {
    switch (variants.status().detail()) {
      case aclsim::Detail::kModelSizeInvalid:
      case aclsim::Detail::kModelDeserialize:
      case aclsim::Detail::kModelMissingAttr:
      case aclsim::Detail::kModelNotDynamic:
      case aclsim::Detail::kModelParse:
      case aclsim::Detail::kFeatureUnsupported: return 0;  // an ONNX model inside the .om using what the loader lacks
      case aclsim::Detail::kNone:                          // options out of range (gear values), out of memory
        if (variants.status().code() == aclsim::StatusCode::kInvalidArgument ||
            variants.status().code() == aclsim::StatusCode::kResourceExhausted) {
          return 0;
        }
        std::abort();
      default: std::abort();
    }
  }
  for (const aclsim::model::Graph& g : variants->graphs) aclsim::fuzz::CheckCostable(g);
  return 0;
}
