// Op classes of the cost model: which kind of kernel an op type is, so that
// the calibrated efficiencies and floors of a device profile apply to it.
// The class follows from the op type's neutral traits (runtime/model/op_type.h):
// its kind and flags (docs/cost_model.md, "Op classes and work").
#ifndef ACLSIM_SIM_OP_CLASS_H_
#define ACLSIM_SIM_OP_CLASS_H_

#include <cstdint>
#include <optional>
#include <string_view>

#include "runtime/model/op_type.h"

namespace aclsim::sim {

enum class OpClass : uint8_t {
  kGemm = 0,         // MatMul*, BatchMatMul*: cube-bound unless M is small
  kGemv,             // a GEMM with at most kGemvMaxRows rows: streams its weight
  kConv,             // Conv2D/3D, Conv2DBackpropInput/Filter, Conv2DTranspose
  kQuantMatmul,      // QuantBatchMatmul*, WeightQuantBatchMatmul*: cube + dequant
  kGroupedMatmul,    // GroupedMatmul: cube + per-group scheduling
  kAttention,        // fused attention with many query rows (prefill, training)
  kAttentionDecode,  // fused attention with one query row per sequence: streams K/V
  kElementwise,      // unary, binary and activation ops
  kReduceNorm,       // reductions, softmax, norms, pools over the last axis
  kReduceStrided,    // the same over another axis: strided reads
  kDataMovement,     // Transpose, TransData, Concat, Gather, Split, Slice, Pad ...
  kCast,             // Cast: element-wise, counted apart (its own measured rate)
  kMemset,           // MemSet and friends: write only
  kOther,            // a type the model does not know: memory-bound vector work
};
inline constexpr int kOpClassCount = 14;

// A GEMM whose output has at most this many rows (M, per batch) is a GEMV:
// decode-style matmuls are bound by streaming the weight.
inline constexpr int64_t kGemvMaxRows = 16;

// Class of an op type's traits before its shapes are known.
OpClass ClassOfTraits(const model::OpTraits& traits);

// Class of |type| before its shapes are known (kOther for a type the table
// does not list): matmuls are kGemm and attention is kAttention here;
// ComputeOpWork refines them to kGemv and kAttentionDecode from the shapes,
// and kReduceNorm to kReduceStrided from the op's axis.
OpClass ClassifyOpType(std::string_view type);

// True when the class runs on the cube and the vector units together
// (a "MIX" kernel in msprof): its floor is the profile's MIX floor.
bool IsMixedClass(OpClass cls);

// "gemm", "gemv", "attention_decode", ...: the keys of the profile's
// efficiency tables and of docs/cost_model.md.
const char* OpClassName(OpClass cls);
std::optional<OpClass> ParseOpClass(std::string_view name);

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_OP_CLASS_H_
