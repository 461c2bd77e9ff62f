#include "sim/op_class.h"

#include <array>
#include <utility>

namespace aclsim::sim {
namespace {

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

OpClass ClassOfTraits(const model::OpTraits& traits) {
  using model::OpFlags;
  switch (traits.kind) {
    case model::OpKind::kMatmul:
      if (traits.Has(OpFlags::kQuantized)) return OpClass::kQuantMatmul;
      return traits.Has(OpFlags::kGrouped) ? OpClass::kGroupedMatmul : OpClass::kGemm;
    case model::OpKind::kConv: return OpClass::kConv;
    case model::OpKind::kAttention:
      return traits.Has(OpFlags::kDecode) ? OpClass::kAttentionDecode : OpClass::kAttention;
    case model::OpKind::kElementwise: return OpClass::kElementwise;
    case model::OpKind::kReduction:
    case model::OpKind::kNorm: return OpClass::kReduceNorm;
    case model::OpKind::kDataMovement:
      return traits.Has(OpFlags::kWriteOnly) ? OpClass::kMemset : OpClass::kDataMovement;
    case model::OpKind::kView: return OpClass::kDataMovement;
    case model::OpKind::kCast: return OpClass::kCast;
    // AI CPU work the model does not price apart: memory-bound, like an
    // unknown type.
    case model::OpKind::kHost: return OpClass::kOther;
  }
  return OpClass::kOther;
}

OpClass ClassifyOpType(std::string_view type) {
  const model::OpTraits* traits = model::FindOpTraits(type);
  return traits == nullptr ? OpClass::kOther : ClassOfTraits(*traits);
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
