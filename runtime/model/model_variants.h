// A model as the runtime loads it: one graph, or for an aclsim .om
// converted with gears one graph per gear, each with the gear input
// (kGearInputName, INT32 [values per gear]) after the model's inputs.
#ifndef ACLSIM_RUNTIME_MODEL_MODEL_VARIANTS_H_
#define ACLSIM_RUNTIME_MODEL_MODEL_VARIANTS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/model/graph.h"
#include "runtime/model/load_options.h"
#include "runtime/model/om_format.h"

namespace aclsim::model {

// A model input or output as declared: -1 for a dim known only at execution.
struct TensorSignature {
  std::string name;
  DataType dtype = DataType::kFloat32;
  Format format = Format::kNd;
  std::vector<int64_t> dims;
};
struct ModelSignature {
  std::vector<TensorSignature> inputs;
  std::vector<TensorSignature> outputs;
};

struct ModelVariants {
  GearKind gear_kind = GearKind::kNone;
  std::vector<std::vector<int64_t>> gears;  // graphs[i] runs gears[i]
  std::vector<Graph> graphs;
  // The .om's input shapes, -1 on the dynamic axes (empty for other formats).
  std::vector<std::pair<std::string, std::vector<int64_t>>> dynamic_inputs;

  // A dynamic-shape model (-1 dims without gears): no graph yet; |source| is
  // loaded with |source_options| plus each execution's input shapes.
  bool dynamic = false;
  std::string source;
  ModelLoadOptions source_options;
  ModelSignature signature;
  // What loads |source| at execution (model_loader.h LoadModelBytes): the
  // runtime calls it without linking the loaders itself.
  StatusOr<Graph> (*load)(std::string_view bytes, const ModelLoadOptions& options) = nullptr;
};

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_MODEL_VARIANTS_H_
