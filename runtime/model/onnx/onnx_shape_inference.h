// Shape inference for the ONNX loader (runtime/model/onnx/): the
// dynamic-dimension rule on graph inputs, the checks that keep malformed
// models away from the unchecked parts of libonnx 1.12's inference (window
// attributes, input ranks, kernel shapes), and the inference call itself,
// repeated until the outputs of schema-less ops have types.
#ifndef ACLSIM_RUNTIME_MODEL_ONNX_ONNX_SHAPE_INFERENCE_H_
#define ACLSIM_RUNTIME_MODEL_ONNX_ONNX_SHAPE_INFERENCE_H_

#include <onnx/onnx_pb.h>

#include "runtime/model/load_options.h"
#include "runtime/model/onnx/onnx_common.h"
#include "runtime/status.h"

namespace aclsim::model::onnx_internal {

// The dynamic-dimension rule: a symbolic or unknown leading dimension of a
// graph input becomes options.default_batch; any other is an error. Symbolic
// dims left on outputs and value_info are cleared so inference refills them.
Status ApplyInputRule(const ModelLoadOptions& options, onnx::ModelProto* model);

// Runs ONNX shape inference (with data propagation) on |model|, adding the
// inferred value_info, and indexes every value of the main graph in |values|.
// The pointers in |values| stay valid while |model| is not changed again.
Status InferShapes(const Opsets& opsets, onnx::ModelProto* model, ValueIndex* values);

}  // namespace aclsim::model::onnx_internal

#endif  // ACLSIM_RUNTIME_MODEL_ONNX_ONNX_SHAPE_INFERENCE_H_
