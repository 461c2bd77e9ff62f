// A model as the runtime loads it: one graph, or for an aclsim .om
// converted with gears one graph per gear, each with the gear input
// (kGearInputName, INT32 [values per gear]) after the model's inputs.
#ifndef ACLSIM_RUNTIME_MODEL_MODEL_VARIANTS_H_
#define ACLSIM_RUNTIME_MODEL_MODEL_VARIANTS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "runtime/model/graph.h"
#include "runtime/model/om_format.h"

namespace aclsim::model {

struct ModelVariants {
  GearKind gear_kind = GearKind::kNone;
  std::vector<std::vector<int64_t>> gears;  // graphs[i] runs gears[i]
  std::vector<Graph> graphs;
  // The .om's input shapes, -1 on the dynamic axes (empty for other formats).
  std::vector<std::pair<std::string, std::vector<int64_t>>> dynamic_inputs;
};

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_MODEL_VARIANTS_H_
