#include "sim/op_class.h"

#include <algorithm>
#include <array>
#include <utility>

namespace aclsim::sim {
namespace {

struct TypeClass {
  std::string_view type;
  OpClass cls;
};

// CANN op types (and the ONNX-mapped names of runtime/model/onnx) by class.
// A type absent from every list is kOther (memory-bound vector work); the
// element-wise list names the common ones, but any unlisted type costs the
// same as kElementwise except for its efficiency key.
constexpr TypeClass kTypes[] = {
    {"MatMul", OpClass::kGemm},
    {"MatMulV2", OpClass::kGemm},
    {"MatMulV3", OpClass::kGemm},
    {"BatchMatMul", OpClass::kGemm},
    {"BatchMatMulV2", OpClass::kGemm},
    {"BatchMatMulV3", OpClass::kGemm},
    {"Conv2D", OpClass::kConv},
    {"Conv2DV2", OpClass::kConv},
    {"Conv3D", OpClass::kConv},
    {"Conv2DBackpropInput", OpClass::kConv},
    {"Conv2DBackpropFilter", OpClass::kConv},
    {"Conv2DTranspose", OpClass::kConv},
    {"QuantBatchMatmul", OpClass::kQuantMatmul},
    {"QuantBatchMatmulV2", OpClass::kQuantMatmul},
    {"QuantBatchMatmulV3", OpClass::kQuantMatmul},
    {"QuantBatchMatmulV4", OpClass::kQuantMatmul},
    {"WeightQuantBatchMatmulV2", OpClass::kQuantMatmul},
    {"GroupedMatmul", OpClass::kGroupedMatmul},
    {"FlashAttentionScore", OpClass::kAttention},
    {"FlashAttentionScoreGrad", OpClass::kAttention},
    {"FusedInferAttentionScore", OpClass::kAttention},
    {"PromptFlashAttention", OpClass::kAttention},
    {"IncreFlashAttention", OpClass::kAttentionDecode},
    {"Attention", OpClass::kAttention},
    {"Softmax", OpClass::kReduceNorm},
    {"SoftmaxV2", OpClass::kReduceNorm},
    {"LogSoftmax", OpClass::kReduceNorm},
    {"LogSoftmaxV2", OpClass::kReduceNorm},
    {"SoftmaxGrad", OpClass::kReduceNorm},
    {"LayerNorm", OpClass::kReduceNorm},
    {"LayerNormV3", OpClass::kReduceNorm},
    {"LayerNormV4", OpClass::kReduceNorm},
    {"LayerNormGradV3", OpClass::kReduceNorm},
    {"RmsNorm", OpClass::kReduceNorm},
    {"RmsNormGrad", OpClass::kReduceNorm},
    {"AddRmsNorm", OpClass::kReduceNorm},
    {"GroupNorm", OpClass::kReduceNorm},
    {"InstanceNorm", OpClass::kReduceNorm},
    {"BatchNorm", OpClass::kReduceNorm},
    {"BNInfer", OpClass::kReduceNorm},
    {"BatchNormInference", OpClass::kReduceNorm},
    {"ReduceSum", OpClass::kReduceNorm},
    {"ReduceMean", OpClass::kReduceNorm},
    {"ReduceMax", OpClass::kReduceNorm},
    {"ReduceMin", OpClass::kReduceNorm},
    {"ArgMax", OpClass::kReduceNorm},
    {"MaxPool", OpClass::kReduceNorm},
    {"MaxPoolV3", OpClass::kReduceNorm},
    {"AvgPool", OpClass::kReduceNorm},
    {"AvgPoolV2", OpClass::kReduceNorm},
    {"GlobalAveragePool", OpClass::kReduceNorm},
    {"MaxPool3DWithArgmaxV2", OpClass::kReduceNorm},
    {"CrossEntropyLoss", OpClass::kReduceNorm},
    {"CrossEntropyLossGrad", OpClass::kReduceNorm},
    {"TopKV2", OpClass::kReduceNorm},
    {"GroupNormSilu", OpClass::kReduceNorm},
    {"DynamicQuant", OpClass::kReduceNorm},
    {"AddRmsNormDynamicQuant", OpClass::kReduceNorm},
    {"AddRmsNormQuant", OpClass::kReduceNorm},
    {"DequantSwigluQuant", OpClass::kReduceNorm},
    {"MoeGatingTopKSoftmax", OpClass::kReduceNorm},
    {"ForeachNorm", OpClass::kReduceNorm},
    {"LpNormV2", OpClass::kReduceNorm},
    {"ReduceProd", OpClass::kReduceNorm},
    {"Transpose", OpClass::kDataMovement},
    {"TransposeD", OpClass::kDataMovement},
    {"TransData", OpClass::kDataMovement},
    {"Concat", OpClass::kDataMovement},
    {"ConcatD", OpClass::kDataMovement},
    {"ConcatV2", OpClass::kDataMovement},
    {"Gather", OpClass::kDataMovement},
    {"GatherV2", OpClass::kDataMovement},
    {"GatherElements", OpClass::kDataMovement},
    {"Embedding", OpClass::kDataMovement},
    {"Split", OpClass::kDataMovement},
    {"SplitV", OpClass::kDataMovement},
    {"SplitD", OpClass::kDataMovement},
    {"Slice", OpClass::kDataMovement},
    {"StridedSlice", OpClass::kDataMovement},
    {"Pad", OpClass::kDataMovement},
    {"PadV3", OpClass::kDataMovement},
    {"Tile", OpClass::kDataMovement},
    {"BroadcastTo", OpClass::kDataMovement},
    {"ViewCopy", OpClass::kDataMovement},
    {"Identity", OpClass::kDataMovement},
    {"Reshape", OpClass::kDataMovement},
    {"Squeeze", OpClass::kDataMovement},
    {"Unsqueeze", OpClass::kDataMovement},
    {"Flatten", OpClass::kDataMovement},
    {"ScatterUpdate", OpClass::kDataMovement},
    {"ReshapeAndCache", OpClass::kDataMovement},
    {"EmbeddingDenseGradV2", OpClass::kDataMovement},
    {"MoeFinalizeRoutingV2", OpClass::kDataMovement},
    {"MoeReRouting", OpClass::kDataMovement},
    {"MoeInitRouting", OpClass::kDataMovement},
    {"MoeInitRoutingV2", OpClass::kDataMovement},
    {"Cast", OpClass::kCast},
    {"MemSet", OpClass::kMemset},
    {"Fill", OpClass::kMemset},
    {"ZerosLike", OpClass::kMemset},
    {"OnesLike", OpClass::kMemset},
    {"Add", OpClass::kElementwise},
    {"AddV2", OpClass::kElementwise},
    {"Sub", OpClass::kElementwise},
    {"Mul", OpClass::kElementwise},
    {"Div", OpClass::kElementwise},
    {"RealDiv", OpClass::kElementwise},
    {"Maximum", OpClass::kElementwise},
    {"Minimum", OpClass::kElementwise},
    {"Pow", OpClass::kElementwise},
    {"Neg", OpClass::kElementwise},
    {"Abs", OpClass::kElementwise},
    {"Relu", OpClass::kElementwise},
    {"Relu6", OpClass::kElementwise},
    {"LeakyRelu", OpClass::kElementwise},
    {"Gelu", OpClass::kElementwise},
    {"FastGelu", OpClass::kElementwise},
    {"GeluGrad", OpClass::kElementwise},
    {"Swish", OpClass::kElementwise},
    {"SwishGrad", OpClass::kElementwise},
    {"Silu", OpClass::kElementwise},
    {"SwiGlu", OpClass::kElementwise},
    {"Sigmoid", OpClass::kElementwise},
    {"SigmoidGrad", OpClass::kElementwise},
    {"Tanh", OpClass::kElementwise},
    {"Exp", OpClass::kElementwise},
    {"Log", OpClass::kElementwise},
    {"Sqrt", OpClass::kElementwise},
    {"Rsqrt", OpClass::kElementwise},
    {"Erf", OpClass::kElementwise},
    {"Muls", OpClass::kElementwise},
    {"Adds", OpClass::kElementwise},
    {"Axpy", OpClass::kElementwise},
    {"ApplyAdam", OpClass::kElementwise},
    {"ApplyAdamW", OpClass::kElementwise},
    {"ApplyAdamWV2", OpClass::kElementwise},
    {"FusedSgd", OpClass::kElementwise},
    {"RotaryPositionEmbedding", OpClass::kElementwise},
    {"Where", OpClass::kElementwise},
    {"Select", OpClass::kElementwise},
    {"Equal", OpClass::kElementwise},
    {"Less", OpClass::kElementwise},
    {"Greater", OpClass::kElementwise},
    {"Mish", OpClass::kElementwise},
    {"Gcd", OpClass::kElementwise},
    {"ForeachAddcdivScalar", OpClass::kElementwise},
    {"ForeachAddcmulScalar", OpClass::kElementwise},
    {"ForeachMulScalar", OpClass::kElementwise},
    {"ForeachAddList", OpClass::kElementwise},
};

constexpr std::array<std::pair<OpClass, std::string_view>, kOpClassCount> kNames = {{
    {OpClass::kGemm, "gemm"},
    {OpClass::kGemv, "gemv"},
    {OpClass::kConv, "conv"},
    {OpClass::kQuantMatmul, "quant_matmul"},
    {OpClass::kGroupedMatmul, "grouped_matmul"},
    {OpClass::kAttention, "attention"},
    {OpClass::kAttentionDecode, "attention_decode"},
    {OpClass::kElementwise, "elementwise"},
    {OpClass::kReduceNorm, "reduce_norm"},
    {OpClass::kReduceStrided, "reduce_strided"},
    {OpClass::kDataMovement, "data_movement"},
    {OpClass::kCast, "cast"},
    {OpClass::kMemset, "memset"},
    {OpClass::kOther, "other"},
}};

}  // namespace

OpClass ClassifyOpType(std::string_view type) {
  auto it = std::find_if(std::begin(kTypes), std::end(kTypes), [&](const TypeClass& t) { return t.type == type; });
  return it == std::end(kTypes) ? OpClass::kOther : it->cls;
}

bool IsMixedClass(OpClass cls) {
  return cls == OpClass::kQuantMatmul || cls == OpClass::kGroupedMatmul || cls == OpClass::kAttention ||
         cls == OpClass::kAttentionDecode;
}

const char* OpClassName(OpClass cls) { return kNames[static_cast<size_t>(cls)].second.data(); }

std::optional<OpClass> ParseOpClass(std::string_view name) {
  for (const auto& [cls, text] : kNames) {
    if (text == name) return cls;
  }
  return std::nullopt;
}

}  // namespace aclsim::sim
