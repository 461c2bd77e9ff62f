// What an op type is: the one table of op types (runtime/model/op_types.py,
// generated into generated/op_types.inc), with the neutral traits every
// consumer reads — its kind, default engine, FLOPs per element, flags, its
// part in ATC's fusions and the kernel that computes its values (none yet).
//
// The table is the only list of op types: the cost model maps kinds and
// flags to its cost classes (sim/op_class.h), the loaders take the default
// engine from it, the fusion passes their roles, the ONNX importer its
// mapping (runtime/model/onnx/generated/onnx_aliases.inc) and the aclop API
// the types it runs. Code that treats one type apart switches over OpType;
// code that treats a kind apart switches over OpKind, without a default, so
// the compiler names every switch a new kind must reach. docs/op_types.md
// lists the rows.
//
// Thread safety: everything here is immutable static data.
#ifndef ACLSIM_RUNTIME_MODEL_OP_TYPE_H_
#define ACLSIM_RUNTIME_MODEL_OP_TYPE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "runtime/model/generated/op_types.inc"
#include "runtime/model/graph.h"

namespace aclsim::model {

// What an op computes, in neutral terms (no backend's cost classes).
enum class OpKind : uint8_t {
  kMatmul,        // matrix products (the cube)
  kConv,          // convolutions (the cube)
  kAttention,     // fused attention (the cube and the vector units)
  kElementwise,   // unary, binary and activation ops
  kReduction,     // reductions, pools, scans, top-k
  kNorm,          // softmax and normalisations
  kDataMovement,  // copies, layouts, gathers, scatters, fills
  kCast,          // dtype conversion
  kView,          // a reshape-like alias of its input
  kHost,          // shapes, constants, random numbers, control flow (AI_CPU)
};
inline constexpr int kOpKindCount = 10;

// The part an op type plays in ATC's default fusions (runtime/model/fusion.h).
enum class OpFusion : uint8_t {
  kNone,
  kConvHead,    // a convolution: absorbs a BatchNorm, an activation and Adds
  kMatmulHead,  // a matmul: absorbs an activation and Adds
  kBatchNorm,   // folded into a convolution before it
  kActivation,  // a one-input activation fused into a cube op before it
};

// Facts about an op type (runtime/model/op_types.py, FLAGS).
struct OpFlags {
  enum : uint32_t {
#define ACLSIM_OP_FLAG(name, bit) name = 1u << (bit),
    ACLSIM_OP_FLAG_LIST(ACLSIM_OP_FLAG)
#undef ACLSIM_OP_FLAG
  };
};

// One enumerator per row of the table, in the table's order.
enum class OpType : uint16_t {
#define ACLSIM_OP_TYPE_ENUM(id, ...) id,
  ACLSIM_OP_TYPE_LIST(ACLSIM_OP_TYPE_ENUM)
#undef ACLSIM_OP_TYPE_ENUM
};

#define ACLSIM_OP_TYPE_COUNT(...) +1
inline constexpr size_t kOpTypeCount = 0 ACLSIM_OP_TYPE_LIST(ACLSIM_OP_TYPE_COUNT);
#undef ACLSIM_OP_TYPE_COUNT

struct OpTraits {
  OpType type;
  std::string_view name;  // the CANN op type
  OpKind kind;
  Engine engine;              // where a model op of this type runs unless the model says
  uint8_t flops_per_element;  // of a vector op's output; 0 for data movement, casts, views
  uint32_t flags;             // OpFlags
  OpFusion fusion;
  std::string_view compute;  // the kernel computing its values; empty: none (timed only)

  bool Has(uint32_t flag) const { return (flags & flag) != 0; }
};

// The row of |type|. Returns a reference to static storage.
const OpTraits& TraitsOf(OpType type);

// The row whose CANN name is |name|, or null when the table has none (an
// op type aclsim does not know: it still loads and runs, as memory-bound
// vector work). O(log n). Points at static storage.
const OpTraits* FindOpTraits(std::string_view name);
std::optional<OpType> FindOpType(std::string_view name);

// "matmul", "data_movement", ...: the kind names of runtime/model/op_types.py.
const char* OpKindName(OpKind kind);

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_OP_TYPE_H_
