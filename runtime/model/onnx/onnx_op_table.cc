#include "runtime/model/onnx/onnx_op_table.h"

#include <unordered_map>

#include "runtime/model/onnx/onnx_loader.h"

namespace aclsim::model {
namespace onnx_internal {
namespace {

constexpr Engine kCube = Engine::kAiCore;
constexpr Engine kVec = Engine::kAiVector;
constexpr Engine kCpu = Engine::kAiCpu;
constexpr NodeClass kRun = NodeClass::kCompute;

// The mapping table; docs/onnx_mapping.md lists the same rows. Conv and the
// MatMul family are refined by rank in OnnxAscendOpType.
constexpr MapEntry kTable[] = {
    // Cube (AI_CORE): the cost model counts their MACs.
    {"Conv", "Conv2D", kCube, kRun},
    {"ConvInteger", "Conv2D", kCube, kRun},
    {"QLinearConv", "Conv2D", kCube, kRun},
    {"MatMul", "MatMulV2", kCube, kRun},
    {"MatMulInteger", "MatMulV2", kCube, kRun},
    {"QLinearMatMul", "MatMulV2", kCube, kRun},
    {"Gemm", "MatMulV2", kCube, kRun},
    {"ConvTranspose", "Conv2DTranspose", kCube, kRun},
    {"Einsum", "Einsum", kCube, kRun},
    {"LSTM", "DynamicRNN", kCube, kRun},
    {"GRU", "DynamicGRUV2", kCube, kRun},
    {"RNN", "DynamicRNN", kCube, kRun},
    // Elementwise arithmetic and comparison (AI_VECTOR).
    {"Add", "Add", kVec, kRun},
    {"Sub", "Sub", kVec, kRun},
    {"Mul", "Mul", kVec, kRun},
    {"Div", "RealDiv", kVec, kRun},
    {"Pow", "Pow", kVec, kRun},
    {"Mod", "FloorMod", kVec, kRun},
    {"Max", "Maximum", kVec, kRun},
    {"Min", "Minimum", kVec, kRun},
    {"Sum", "AddN", kVec, kRun},
    {"Mean", "AddN", kVec, kRun},
    {"Sqrt", "Sqrt", kVec, kRun},
    {"Reciprocal", "Reciprocal", kVec, kRun},
    {"Neg", "Neg", kVec, kRun},
    {"Abs", "Abs", kVec, kRun},
    {"Exp", "Exp", kVec, kRun},
    {"Log", "Log", kVec, kRun},
    {"Ceil", "Ceil", kVec, kRun},
    {"Floor", "Floor", kVec, kRun},
    {"Round", "Round", kVec, kRun},
    {"Sign", "Sign", kVec, kRun},
    {"Sin", "Sin", kVec, kRun},
    {"Cos", "Cos", kVec, kRun},
    {"Tan", "Tan", kVec, kRun},
    {"Asin", "Asin", kVec, kRun},
    {"Acos", "Acos", kVec, kRun},
    {"Atan", "Atan", kVec, kRun},
    {"Sinh", "Sinh", kVec, kRun},
    {"Cosh", "Cosh", kVec, kRun},
    {"Asinh", "Asinh", kVec, kRun},
    {"Acosh", "Acosh", kVec, kRun},
    {"Atanh", "Atanh", kVec, kRun},
    {"Equal", "Equal", kVec, kRun},
    {"Greater", "Greater", kVec, kRun},
    {"Less", "Less", kVec, kRun},
    {"GreaterOrEqual", "GreaterEqual", kVec, kRun},
    {"LessOrEqual", "LessEqual", kVec, kRun},
    {"Not", "LogicalNot", kVec, kRun},
    {"And", "LogicalAnd", kVec, kRun},
    {"Or", "LogicalOr", kVec, kRun},
    {"Xor", "LogicalXor", kVec, kRun},
    {"BitShift", "BitShift", kVec, kRun},
    {"Where", "Select", kVec, kRun},
    {"IsNaN", "IsNan", kVec, kRun},
    {"IsInf", "IsInf", kVec, kRun},
    {"Clip", "ClipByValue", kVec, kRun},
    // Activations.
    {"Relu", "Relu", kVec, kRun},
    {"LeakyRelu", "LeakyRelu", kVec, kRun},
    {"PRelu", "PRelu", kVec, kRun},
    {"Elu", "Elu", kVec, kRun},
    {"Selu", "Selu", kVec, kRun},
    {"Celu", "Celu", kVec, kRun},
    {"ThresholdedRelu", "ThresholdedRelu", kVec, kRun},
    {"Sigmoid", "Sigmoid", kVec, kRun},
    {"HardSigmoid", "HardSigmoid", kVec, kRun},
    {"HardSwish", "HardSwish", kVec, kRun},
    {"Tanh", "Tanh", kVec, kRun},
    {"Softplus", "Softplus", kVec, kRun},
    {"Softsign", "Softsign", kVec, kRun},
    {"Gelu", "Gelu", kVec, kRun},
    {"Erf", "Erf", kVec, kRun},
    {"Mish", "Mish", kVec, kRun},
    {"Shrink", "Shrink", kVec, kRun},
    {"Softmax", "SoftmaxV2", kVec, kRun},
    {"LogSoftmax", "LogSoftmaxV2", kVec, kRun},
    {"Hardmax", "Hardmax", kVec, kRun},
    // Normalisation.
    {"LayerNormalization", "LayerNorm", kVec, kRun},
    {"BatchNormalization", "BatchNorm", kVec, kRun},
    {"InstanceNormalization", "InstanceNorm", kVec, kRun},
    {"GroupNormalization", "GroupNorm", kVec, kRun},
    {"LpNormalization", "LpNorm", kVec, kRun},
    {"MeanVarianceNormalization", "MVN", kVec, kRun},
    {"LRN", "LRN", kVec, kRun},
    // Pooling and reductions (the cost model counts one FLOP per input element).
    {"MaxPool", "MaxPool", kVec, kRun},
    {"AveragePool", "AvgPool", kVec, kRun},
    {"GlobalAveragePool", "ReduceMean", kVec, kRun},
    {"GlobalMaxPool", "ReduceMax", kVec, kRun},
    {"LpPool", "LpPool", kVec, kRun},
    {"GlobalLpPool", "LpPool", kVec, kRun},
    {"MaxRoiPool", "ROIPooling", kVec, kRun},
    {"RoiAlign", "ROIAlign", kVec, kRun},
    {"MaxUnpool", "MaxUnpool", kVec, kRun},
    {"ReduceSum", "ReduceSum", kVec, kRun},
    {"ReduceMean", "ReduceMean", kVec, kRun},
    {"ReduceMax", "ReduceMax", kVec, kRun},
    {"ReduceMin", "ReduceMin", kVec, kRun},
    {"ReduceProd", "ReduceProd", kVec, kRun},
    {"ReduceL1", "ReduceL1", kVec, kRun},
    {"ReduceL2", "ReduceL2", kVec, kRun},
    {"ReduceLogSum", "ReduceLogSum", kVec, kRun},
    {"ReduceLogSumExp", "ReduceLogSumExp", kVec, kRun},
    {"ReduceSumSquare", "ReduceSumSquare", kVec, kRun},
    {"ArgMax", "ArgMax", kVec, kRun},
    {"ArgMin", "ArgMin", kVec, kRun},
    // Data movement (the cost model counts bytes, no FLOPs, for most).
    {"Transpose", "Transpose", kVec, kRun},
    {"Concat", "ConcatV2", kVec, kRun},
    {"Split", "Split", kVec, kRun},
    {"Slice", "StridedSlice", kVec, kRun},
    {"Gather", "GatherV2", kVec, kRun},
    {"GatherElements", "GatherElements", kVec, kRun},
    {"GatherND", "GatherNd", kVec, kRun},
    {"ScatterElements", "ScatterElements", kVec, kRun},
    {"Scatter", "ScatterElements", kVec, kRun},
    {"ScatterND", "ScatterNd", kVec, kRun},
    {"Pad", "Pad", kVec, kRun},
    {"Tile", "Tile", kVec, kRun},
    {"Expand", "BroadcastTo", kVec, kRun},
    {"Cast", "Cast", kVec, kRun},
    {"CastLike", "Cast", kVec, kRun},
    {"Resize", "Resize", kVec, kRun},
    {"Upsample", "Resize", kVec, kRun},
    {"DepthToSpace", "DepthToSpace", kVec, kRun},
    {"SpaceToDepth", "SpaceToDepth", kVec, kRun},
    {"CumSum", "Cumsum", kVec, kRun},
    {"TopK", "TopKV2", kVec, kRun},
    {"OneHot", "OneHot", kVec, kRun},
    {"Trilu", "Triu", kVec, kRun},
    {"ReverseSequence", "ReverseSequence", kVec, kRun},
    {"Compress", "Compress", kVec, kRun},
    {"QuantizeLinear", "AscendQuant", kVec, kRun},
    {"DequantizeLinear", "AscendDequant", kVec, kRun},
    {"DynamicQuantizeLinear", "DynamicQuant", kVec, kRun},
    // Views: no task (aliased) unless they produce a graph output.
    {"Reshape", "Reshape", kVec, NodeClass::kView},
    {"Flatten", "Flatten", kVec, NodeClass::kView},
    {"Squeeze", "Squeeze", kVec, NodeClass::kView},
    {"Unsqueeze", "Unsqueeze", kVec, NodeClass::kView},
    {"Identity", "Identity", kVec, NodeClass::kView},
    {"Dropout", "Dropout", kVec, NodeClass::kView},
    // Shape-only and host-style ops: AI_CPU when they run at all.
    {"Shape", "Shape", kCpu, NodeClass::kShapeOf},
    {"Size", "Size", kCpu, NodeClass::kShapeOf},
    {"Constant", "Const", kCpu, kRun},
    {"ConstantOfShape", "Fill", kCpu, kRun},
    {"Range", "Range", kCpu, kRun},
    {"EyeLike", "EyeLike", kCpu, kRun},
    {"NonZero", "NonZero", kCpu, kRun},
    {"Unique", "Unique", kCpu, kRun},
    {"NonMaxSuppression", "NonMaxSuppressionV3", kCpu, kRun},
    {"RandomNormal", "RandomStandardNormal", kCpu, kRun},
    {"RandomNormalLike", "RandomStandardNormal", kCpu, kRun},
    {"RandomUniform", "RandomUniform", kCpu, kRun},
    {"RandomUniformLike", "RandomUniform", kCpu, kRun},
    {"Multinomial", "Multinomial", kCpu, kRun},
    {"Bernoulli", "Bernoulli", kCpu, kRun},
    {"If", "If", kCpu, kRun},
    {"Loop", "Loop", kCpu, kRun},
    {"Scan", "Scan", kCpu, kRun},
};

}  // namespace

const MapEntry* FindEntry(std::string_view onnx_type) {
  for (const auto& e : kTable) {
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
    return rank == 5 ? "Conv3D" : "Conv2D";
  }
  if (onnx_type == "MatMul" || onnx_type == "MatMulInteger" || onnx_type == "QLinearMatMul") {
    return rank <= 2 ? "MatMulV2" : "BatchMatMulV2";
  }
  const onnx_internal::MapEntry* e = onnx_internal::FindEntry(onnx_type);
  return e != nullptr ? e->ascend : std::string_view();
}

}  // namespace aclsim::model
