#include "runtime/model/onnx/onnx_op_table.h"

#include <unordered_map>
#include <vector>

#include "runtime/model/onnx/generated/onnx_aliases.inc"
#include "runtime/model/onnx/onnx_loader.h"
#include "runtime/model/op_type.h"

namespace aclsim::model {
namespace onnx_internal {
namespace {

// How the importer treats a node of |traits|' kind: views alias their
// input, shape-only ops fold, the rest are tasks.
NodeClass NodeClassOf(const OpTraits& traits) {
  switch (traits.kind) {
    case OpKind::kView: return NodeClass::kView;
    case OpKind::kHost: return traits.Has(OpFlags::kShapeOnly) ? NodeClass::kShapeOf : NodeClass::kCompute;
    case OpKind::kMatmul:
    case OpKind::kConv:
    case OpKind::kAttention:
    case OpKind::kElementwise:
    case OpKind::kReduction:
    case OpKind::kNorm:
    case OpKind::kDataMovement:
    case OpKind::kCast: return NodeClass::kCompute;
  }
  return NodeClass::kCompute;
}

// The mapping: the "onnx" aliases of the op-type table (docs/onnx_mapping.md
// lists them). Conv and the MatMul family are refined by rank in
// OnnxAscendOpType.
const std::vector<MapEntry>& Table() {
  static const std::vector<MapEntry> table = [] {
    std::vector<MapEntry> rows;
#define ACLSIM_ONNX_ROW(onnx, id, engine) \
  rows.push_back({onnx, TraitsOf(OpType::id).name, Engine::engine, NodeClassOf(TraitsOf(OpType::id))});
    ACLSIM_ONNX_ALIAS_LIST(ACLSIM_ONNX_ROW)
#undef ACLSIM_ONNX_ROW
    return rows;
  }();
  return table;
}

}  // namespace

const MapEntry* FindEntry(std::string_view onnx_type) {
  for (const auto& e : Table()) {
    if (e.onnx == onnx_type) return &e;
  }
  return nullptr;
}

const std::vector<RankRule>* RankRulesFor(const std::string& op_type) {
  static const std::vector<RankRule> kAxis = {{0, 1, -1}};
  static const std::vector<RankRule> kGemm = {{0, 2, 2}, {1, 2, 2}};
  static const std::vector<RankRule> kStft = {{0, 3, 3}};
  static const std::unordered_map<std::string, const std::vector<RankRule>*> kRules = {
      {"LayerNormalization", &kAxis},
      {"Softmax", &kAxis},
      {"LogSoftmax", &kAxis},
      {"Hardmax", &kAxis},
      {"Flatten", &kAxis},
      {"Concat", &kAxis},
      {"Split", &kAxis},
      {"Gather", &kAxis},
      {"GatherElements", &kAxis},
      {"CumSum", &kAxis},
      {"ArgMax", &kAxis},
      {"ArgMin", &kAxis},
      {"TopK", &kAxis},
      {"Compress", &kAxis},
      {"InstanceNormalization", &kAxis},
      {"BatchNormalization", &kAxis},
      {"GroupNormalization", &kAxis},
      {"MeanVarianceNormalization", &kAxis},
      {"LpNormalization", &kAxis},
      {"Gemm", &kGemm},
      {"STFT", &kStft}};
  auto it = kRules.find(op_type);
  return it == kRules.end() ? nullptr : it->second;
}

}  // namespace onnx_internal

std::string_view OnnxAscendOpType(std::string_view onnx_type, size_t rank) {
  if (onnx_type == "Conv" || onnx_type == "ConvInteger" || onnx_type == "QLinearConv") {
    return TraitsOf(rank == 5 ? OpType::kConv3D : OpType::kConv2D).name;
  }
  if (onnx_type == "MatMul" || onnx_type == "MatMulInteger" || onnx_type == "QLinearMatMul") {
    return TraitsOf(rank <= 2 ? OpType::kMatMulV2 : OpType::kBatchMatMulV2).name;
  }
  const onnx_internal::MapEntry* e = onnx_internal::FindEntry(onnx_type);
  return e != nullptr ? e->ascend : std::string_view();
}

}  // namespace aclsim::model
