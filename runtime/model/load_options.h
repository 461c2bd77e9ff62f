// Options of every model loader (JSON, ONNX, and the format-detecting front
// door in model_loader.h), apart from the loaders so a frontend need not
// depend on the others.
#ifndef ACLSIM_RUNTIME_MODEL_LOAD_OPTIONS_H_
#define ACLSIM_RUNTIME_MODEL_LOAD_OPTIONS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/model/graph.h"
#include "runtime/status.h"

namespace aclsim::model {

// Options of every model loader. Plain data; defaults are what the ACL entry
// points use.
struct ModelLoadOptions {
  // Substituted for a symbolic or unknown *leading* dimension of an ONNX graph
  // input (the batch axis). Any other unknown dimension is an error
  // (kModelNotDynamic naming the tensor). Must be >= 1.
  int64_t default_batch = 1;
  // The shapes of named graph inputs (ATC's --input_shape, resolved to one
  // gear): each replaces the input's shape, whose rank it must keep and whose
  // static dims it must repeat; every dim is >= 1. Applied before the rule
  // above. Naming no input of the model is kModelParse.
  std::map<std::string, std::vector<int64_t>> input_shapes;
  // Runs the fusion passes ATC applies by default (runtime/model/fusion.h)
  // on the loaded graph. Off for ONNX and JSON loaded directly; on for
  // models converted by atc unless it was told otherwise.
  bool fusion = false;
  // ATC's precision modes force_fp16, allow_fp32_to_fp16 and
  // allow_mix_precision (force_fp16 is its default): the float32 weights
  // and tensors between ops become float16; the model's inputs and outputs
  // keep their types, and a cube op writing a float32 output computes in
  // float16 ("compute_dtype" attribute). On for models converted by atc
  // unless --precision_mode kept float32.
  bool cube_fp16 = false;
  // The data type of every graph output (ATC's --output_type), when set.
  std::optional<DataType> output_dtype;

  // kInvalidArgument when a field is out of range.
  Status Validate() const;
};

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_LOAD_OPTIONS_H_
