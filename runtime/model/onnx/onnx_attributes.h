// Attributes of converted ONNX nodes (runtime/model/onnx/): the ONNX
// attributes carried onto an Op, the per-op conversions to Ascend attributes
// (Conv strides/dilations/pads/groups, Gemm transposes), and the shape checks
// of cube ops that the cost model's MAC count relies on.
#ifndef ACLSIM_RUNTIME_MODEL_ONNX_ONNX_ATTRIBUTES_H_
#define ACLSIM_RUNTIME_MODEL_ONNX_ONNX_ATTRIBUTES_H_

#include <onnx/onnx_pb.h>

#include "runtime/model/graph.h"
#include "runtime/status.h"

namespace aclsim::model::onnx_internal {

// Sets op->attrs from |node|'s INT, FLOAT, STRING, INTS and FLOATS attributes
// plus onnx_op_type (and onnx_domain outside the default domain), then
// converts the per-op ones. |op|'s inputs and outputs must already index
// tensors of |graph|: Conv attributes are checked against their shapes.
Status FillAttrs(const onnx::NodeProto& node, const Graph& graph, Op* op);

// The shape consistency the cost model relies on for MatMul-family ops (Conv
// is checked by FillAttrs): a wrong shape would give a meaningless MAC count.
Status ValidateOp(const onnx::NodeProto& node, const Graph& graph, const Op& op);

}  // namespace aclsim::model::onnx_internal

#endif  // ACLSIM_RUNTIME_MODEL_ONNX_ONNX_ATTRIBUTES_H_
