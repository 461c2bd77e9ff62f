// Loader for ONNX models (ModelProto): turns an ONNX graph into the internal
// timed op graph (runtime/model/graph.h).
//
// Parsing uses Debian's libonnx (generated protobuf classes), never a
// hand-written decoder; ONNX shape inference (onnx::shape_inference::
// InferShapes, with data propagation) runs on load so every tensor the cost
// model reads has a concrete shape and dtype. The mapping from ONNX node to
// Ascend op type and engine, the constant-folding and no-task rules, the
// dynamic-dimension rule and the error codes are documented in
// docs/onnx_mapping.md; the table itself lives in onnx_op_table.cc.
//
// Built only when the CMake option ACLSIM_WITH_ONNX is ON. Callers normally
// go through model_loader.h, which detects the format.
#ifndef ACLSIM_RUNTIME_MODEL_ONNX_ONNX_LOADER_H_
#define ACLSIM_RUNTIME_MODEL_ONNX_ONNX_LOADER_H_

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include "runtime/model/graph.h"
#include "runtime/model/load_options.h"
#include "runtime/model/model_variants.h"
#include "runtime/status.h"

namespace aclsim::model {

// What the loader did with the nodes of one model (for tests, tools and the
// load-time log line).
struct OnnxLoadReport {
  size_t node_count = 0;                        // nodes of the ONNX main graph
  size_t task_ops = 0;                          // nodes that became ops (device tasks)
  size_t folded_nodes = 0;                      // constant-folded at load: no task, output is a weight
  size_t aliased_nodes = 0;                     // view ops (Reshape, Squeeze, ...): no task, output aliases input
  size_t unknown_ops = 0;                       // task ops whose type is not in the mapping table
  std::map<std::string, size_t> unknown_types;  // ONNX op type -> count
  int64_t opset = 0;                            // opset of the default ONNX domain
};

// The Ascend op type an ONNX op type (default domain) maps to, or an empty
// view when it is not in the mapping table. Rank-dependent choices (MatMul,
// Conv) take |rank| of the first input. The view points at static storage.
std::string_view OnnxAscendOpType(std::string_view onnx_type, size_t rank);

// Parses |bytes| as an ONNX ModelProto and converts it. |bytes| is borrowed
// for the call; |out_report| (may be null) receives the node accounting.
// Thread-safe. Errors:
//   kModelSizeInvalid   empty input or more than 2 GiB
//   kModelDeserialize   not a protobuf ModelProto, or one without ir_version
//                       or graph
//   kModelParse         structural problem (undefined or duplicate tensor
//                       names, cycles, a node that fails its ONNX schema,
//                       shape inference errors, unsupported dtypes or value
//                       types, inconsistent Conv/MatMul shapes, oversized
//                       tensors); the message names the node or tensor
//   kModelNotDynamic    a dimension is still unknown after the default-batch
//                       rule and shape inference; the message names the tensor
//   kInvalidArgument       |options| fails Validate()
StatusOr<Graph> LoadGraphFromOnnx(std::string_view bytes, const ModelLoadOptions& options,
                                  OnnxLoadReport* out_report = nullptr);

// The graph inputs (initializers excluded) and outputs of an ONNX model as
// declared, -1 for a symbolic or unknown dim (formats as the loader gives
// them: NCHW for 4-D, else ND): how a model whose shapes are known only at
// execution describes itself. Errors as LoadGraphFromOnnx's parse errors.
StatusOr<ModelSignature> ReadOnnxSignature(std::string_view bytes);

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_ONNX_ONNX_LOADER_H_
