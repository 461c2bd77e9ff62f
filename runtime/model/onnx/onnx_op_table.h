// The ONNX loader's op tables (runtime/model/onnx/): how each ONNX op type of
// the default domain maps to an Ascend op type, engine and node class (the
// "onnx" aliases of runtime/model/op_types.py; docs/onnx_mapping.md), and which inputs of which ops must have a given
// rank before libonnx's shape inference may read them. The public lookup is OnnxAscendOpType in onnx_loader.h.
#ifndef ACLSIM_RUNTIME_MODEL_ONNX_ONNX_OP_TABLE_H_
#define ACLSIM_RUNTIME_MODEL_ONNX_ONNX_OP_TABLE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/model/graph.h"

namespace aclsim::model::onnx_internal {

// How a node is treated besides its Ascend type (docs/onnx_mapping.md).
enum class NodeClass : uint8_t {
  kCompute,  // a device task
  kView,     // a no-task view (output aliases input 0) unless it produces a graph output
  kShapeOf,  // reads only static shapes: constant-folded unless it produces a graph output
};

struct MapEntry {
  std::string_view onnx;
  std::string_view ascend;  // the op-type table's name (static storage)
  Engine engine;
  NodeClass cls;
};

// The mapping-table row of |onnx_type|, or null when it is not in the table.
// The row points at static storage.
const MapEntry* FindEntry(std::string_view onnx_type);

// libonnx 1.12's inference functions index input shapes without checking
// their rank for a few ops, so a malformed model reads out of bounds instead
// of failing inference (all found by tests/fuzz/onnx_loader_fuzz.cc):
// - ops that normalise or split along an axis, given a scalar input
//   (LayerNormalization);
// - Gemm, whose A and B must be matrices (a vector A with transA=1);
// - STFT, whose signal is [batch, length, 1 or 2] (a scalar signal).
struct RankRule {
  int input;
  int min_rank;
  int max_rank;  // -1: no upper bound
};

// The rank rules of the default-domain op |op_type|, or null when it has none.
const std::vector<RankRule>* RankRulesFor(const std::string& op_type);

}  // namespace aclsim::model::onnx_internal

#endif  // ACLSIM_RUNTIME_MODEL_ONNX_ONNX_OP_TABLE_H_
