// Structural checks of an ONNX main graph (runtime/model/onnx/), run before
// anything reads shapes: opset imports, unique and defined tensor names,
// schema-valid nodes, no cycles, well-formed graph outputs. They also put the
// nodes in topological order, which shape inference and conversion rely on.
#ifndef ACLSIM_RUNTIME_MODEL_ONNX_ONNX_CHECKS_H_
#define ACLSIM_RUNTIME_MODEL_ONNX_ONNX_CHECKS_H_

#include <onnx/onnx_pb.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "runtime/model/onnx/onnx_common.h"
#include "runtime/status.h"

namespace aclsim::model::onnx_internal {

// What the structural checks learn about a model, for the passes after them.
struct GraphStructure {
  Opsets opsets;
  std::vector<int> order;  // node indices (in the file) in topological order
  std::unordered_set<std::string> graph_outputs;
};

// Checks the structure of |model|'s main graph and fills |out|. Reorders the
// graph's nodes to out->order when the file does not list them in that order.
// Errors are kModelParse and name the node or tensor.
Status CheckStructure(onnx::ModelProto* model, GraphStructure* out);

}  // namespace aclsim::model::onnx_internal

#endif  // ACLSIM_RUNTIME_MODEL_ONNX_ONNX_CHECKS_H_
