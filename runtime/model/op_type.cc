#include "runtime/model/op_type.h"

#include <algorithm>
#include <array>
#include <iterator>

namespace aclsim::model {
namespace {

using E = Engine;
using K = OpKind;
using F = OpFusion;

constexpr std::array<OpTraits, kOpTypeCount> kTraits = {{
#define ACLSIM_OP_TRAITS(id, name, kind, engine, flops, flags, fusion, compute) \
  {OpType::id, name, K::kind, E::engine, flops, flags, F::fusion, compute},
    ACLSIM_OP_TYPE_LIST(ACLSIM_OP_TRAITS)
#undef ACLSIM_OP_TRAITS
}};

// The rows in the byte order of their names, for the binary search.
constexpr OpType kByName[] = {
#define ACLSIM_OP_BY_NAME(id) OpType::id,
    ACLSIM_OP_TYPE_BY_NAME(ACLSIM_OP_BY_NAME)
#undef ACLSIM_OP_BY_NAME
};
static_assert(std::size(kByName) == kOpTypeCount);

constexpr bool RowsInEnumOrder() {
  for (size_t i = 0; i < kTraits.size(); ++i) {
    if (static_cast<size_t>(kTraits[i].type) != i) return false;
  }
  return true;
}
static_assert(RowsInEnumOrder());

}  // namespace

const OpTraits& TraitsOf(OpType type) { return kTraits[static_cast<size_t>(type)]; }

const OpTraits* FindOpTraits(std::string_view name) {
  const auto* it = std::lower_bound(std::begin(kByName), std::end(kByName), name,
                                    [](OpType t, std::string_view n) { return TraitsOf(t).name < n; });
  return it != std::end(kByName) && TraitsOf(*it).name == name ? &TraitsOf(*it) : nullptr;
}

std::optional<OpType> FindOpType(std::string_view name) {
  const OpTraits* traits = FindOpTraits(name);
  return traits != nullptr ? std::optional<OpType>(traits->type) : std::nullopt;
}

const char* OpKindName(OpKind kind) {
  switch (kind) {
    case OpKind::kMatmul: return "matmul";
    case OpKind::kConv: return "conv";
    case OpKind::kAttention: return "attention";
    case OpKind::kElementwise: return "elementwise";
    case OpKind::kReduction: return "reduction";
    case OpKind::kNorm: return "norm";
    case OpKind::kDataMovement: return "data_movement";
    case OpKind::kCast: return "cast";
    case OpKind::kView: return "view";
    case OpKind::kHost: return "host";
  }
  return "host";
}

}  // namespace aclsim::model
