#include "sim/op_work.h"

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "runtime/checked_math.h"
#include "runtime/vendor.h"

namespace aclsim::sim {
namespace {

using model::DataType;
using model::Graph;
using model::Op;
using model::OpFlags;
using model::OpTraits;
using model::OpType;
using model::Tensor;

uint64_t Elements(const Tensor& t) { return static_cast<uint64_t>(t.ElementCount()); }
uint64_t Bytes(const Tensor& t) { return static_cast<uint64_t>(t.SizeBytes()); }
uint64_t Dim(int64_t d) { return static_cast<uint64_t>(std::max<int64_t>(0, d)); }

// 128-bit integers for the attention pair counts (products of four dims).
__extension__ typedef __int128 I128;
__extension__ typedef unsigned __int128 U128;

// FLOPs per output element of a vector op: its row's (1 for a type the
// table does not list); data movement is 0.
uint64_t VectorFlopsPerElement(const OpTraits* traits, OpClass cls) {
  if (cls == OpClass::kDataMovement || cls == OpClass::kMemset || cls == OpClass::kCast) return 0;
  return traits != nullptr ? traits->flops_per_element : 1;
}

bool Has(const OpTraits* traits, uint32_t flag) { return traits != nullptr && traits->Has(flag); }

bool Is(const OpTraits* traits, OpType type) { return traits != nullptr && traits->type == type; }

std::string StringAttr(const Op& op, std::initializer_list<std::string_view> keys, std::string fallback) {
  for (auto key : keys) {
    auto it = op.attrs.find(key);
    if (it != op.attrs.end() && std::holds_alternative<std::string>(it->second))
      return std::get<std::string>(it->second);
  }
  return fallback;
}

int64_t IntAttrAny(const Op& op, std::initializer_list<std::string_view> keys, int64_t fallback) {
  for (auto key : keys) {
    if (op.attrs.count(key) != 0) return op.IntAttr(key, fallback);
  }
  return fallback;
}

// Query-key pairs a causal mask keeps when query row i sees key columns
// [0, i + offset] (offset 0: CANN's leftUpCausal; Skv - Sq: rightDownCausal):
// the sum over i of clamp(i + offset + 1, 0, skv).
U128 MaskedPairs(uint64_t sq, uint64_t skv, int64_t offset) {
  U128 pairs = 0;
  // Rows with a partial count: i in [first, full) where first is the first
  // row that sees a key and full the first row that sees all skv keys.
  const I128 first = std::max<I128>(0, -static_cast<I128>(offset));
  const I128 full = std::clamp<I128>(static_cast<I128>(skv) - offset - 1, first, sq);
  if (full > first) {
    // sum of (i + offset + 1) for i in [first, full)
    const I128 lo = first + offset + 1, hi = full - 1 + offset + 1;
    pairs += static_cast<U128>((lo + hi) * (full - first) / 2);
  }
  pairs += static_cast<U128>(sq - static_cast<uint64_t>(std::max<I128>(full, first))) * skv;
  return pairs;
}

struct AttentionDims {
  uint64_t b = 0, n = 0, sq = 0, skv = 0, d = 0, n_kv = 0;
};

uint64_t CeilDiv(uint64_t a, uint64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

// B, N (query heads), Sq, Skv, D of an attention op from its query and key
// and the layout attribute (BSH, SBH, BSND, TND; default BNSD), with the
// query head count for the three-dimensional layouts.
bool ReadAttentionDims(const Graph& graph, const Op& op, AttentionDims* dims) {
  const auto& q = graph.tensor(op.inputs[0]).shape;
  const auto& k = graph.tensor(op.inputs[1]).shape;
  const std::string layout = StringAttr(op, {"input_layout", "inputLayout"}, "BNSD");
  const int64_t heads = std::max<int64_t>(1, IntAttrAny(op, {"num_heads", "numHeads", "head_num", "headNum"}, 1));
  if ((layout == "BSH" || layout == "SBH") && q.size() == 3 && k.size() == 3) {
    const bool bsh = layout == "BSH";
    *dims = {Dim(q[bsh ? 0 : 1]), Dim(heads), Dim(q[bsh ? 1 : 0]), Dim(k[bsh ? 1 : 0]), Dim(q[2] / heads)};
  } else if (layout == "TND" && q.size() == 3 && k.size() == 3) {
    *dims = {1, Dim(q[1]), Dim(q[0]), Dim(k[0]), Dim(q[2])};  // packed sequences taken as one
  } else if (q.size() == 4 && k.size() == 4) {
    const bool bsnd = layout == "BSND";
    *dims = {Dim(q[0]), Dim(q[bsnd ? 2 : 1]), Dim(q[bsnd ? 1 : 2]), Dim(k[bsnd ? 1 : 2]), Dim(q[3])};
  } else {
    return false;
  }
  dims->n_kv = Dim(std::max<int64_t>(1, IntAttrAny(op, {"num_key_value_heads", "numKeyValueHeads"}, 0)));
  if (IntAttrAny(op, {"num_key_value_heads", "numKeyValueHeads"}, 0) <= 0) dims->n_kv = dims->n;
  return true;
}

// MACs of QK^T and AV over the kept query-key pairs. Causal masks:
// sparse_mode 2 (leftUpCausal) and 3 (rightDownCausal) of the CANN
// attention ops, next_tokens 0 with sparse_mode 0/1, or a "causal" flag.
// The backward pass is five such products (dV, dP, dS->dQ, dK and the
// recomputed QK^T): 2.5 times.
uint64_t AttentionMacs(const Op& op, const OpTraits* traits, const AttentionDims& a) {
  const int64_t sparse = IntAttrAny(op, {"sparse_mode", "sparseMode"}, 0);
  const int64_t next_tokens = IntAttrAny(op, {"next_tokens", "nextTokens"}, 2147483647);
  const bool causal = op.BoolAttr("causal", false) || sparse == 2 || sparse == 3 || (sparse <= 1 && next_tokens == 0);
  U128 pairs = static_cast<U128>(a.sq) * a.skv;
  if (causal) {
    const int64_t offset = sparse == 3 ? static_cast<int64_t>(std::min<uint64_t>(a.skv, INT64_MAX)) -
                                             static_cast<int64_t>(std::min<uint64_t>(a.sq, INT64_MAX))
                                       : 0;
    pairs = MaskedPairs(a.sq, a.skv, offset);
  }
  const uint64_t kept = pairs > UINT64_MAX ? UINT64_MAX : static_cast<uint64_t>(pairs);
  uint64_t macs = SaturatingMul(SaturatingMul(SaturatingMul(SaturatingMul<uint64_t>(2, kept), a.b), a.n), a.d);
  if (Is(traits, OpType::kFlashAttentionScoreGrad)) macs = SaturatingAdd(SaturatingMul<uint64_t>(macs, 2), macs / 2);
  return macs;
}

// DepthwiseConv2D: each output channel reads one input channel, so an
// output element costs the filter window kh*kw: the filter's elements
// (kh*kw*C*M in any of its layouts, M the channel multiplier) over the
// output channels (C*M: axis 1 of NCHW, the last axis of NHWC).
uint64_t DepthwiseMacs(const Graph& graph, const Op& op, uint64_t out_elems) {
  if (op.inputs.size() < 2 || op.outputs.empty()) return 0;
  const Tensor& out = graph.tensor(op.outputs[0]);
  if (out.shape.size() < 3) return 0;
  const uint64_t channels = Dim(out.shape[out.format == model::Format::kNhwc ? out.shape.size() - 1 : 1]);
  return channels == 0 ? 0 : SaturatingMul(out_elems, Elements(graph.tensor(op.inputs[1])) / channels);
}

// Inner products per output element of a convolution-like op: the filter
// elements per output channel; out_elems x that is the MACs.
uint64_t PerOutputChannel(const Tensor& filter) {
  return filter.shape.empty() || filter.shape[0] <= 0 ? 0 : Elements(filter) / Dim(filter.shape[0]);
}

// MACs of the convolution class. Conv2D/Conv3D: output x filter elements
// per output channel. Conv2DBackpropInput (input_size, filter, out_backprop)
// and Conv2DTranspose (x, filter[Cin, Cout/g, ...]): the incoming gradient
// (or x) elements times the filter elements per its channel.
// Conv2DBackpropFilter is either CANN's (x, filter_size, out_backprop) —
// out_backprop elements times the dw elements per output channel — or the
// aclnn backward's (gradOutput, input, weight) with "grads" passes.
uint64_t ConvMacs(const Graph& graph, const Op& op, const OpTraits* traits, uint64_t out_elems) {
  const auto& in = op.inputs;
  if (Is(traits, OpType::kDepthwiseConv2D)) return DepthwiseMacs(graph, op, out_elems);
  if (Is(traits, OpType::kConv2DBackpropInput) && in.size() >= 3) {
    return SaturatingMul(Elements(graph.tensor(in[2])), PerOutputChannel(graph.tensor(in[1])));
  }
  if (Is(traits, OpType::kConv2DTranspose) && in.size() >= 2) {
    return SaturatingMul(Elements(graph.tensor(in[0])), PerOutputChannel(graph.tensor(in[1])));
  }
  if (Is(traits, OpType::kConv2DBackpropFilter) && in.size() >= 3) {
    if (graph.tensor(in[1]).shape.size() <= 1 && !op.outputs.empty()) {
      return SaturatingMul(Elements(graph.tensor(in[2])), PerOutputChannel(graph.tensor(op.outputs[0])));
    }
    return SaturatingMul(SaturatingMul(Elements(graph.tensor(in[0])), PerOutputChannel(graph.tensor(in[2]))),
                         Dim(std::max<int64_t>(1, op.IntAttr("grads", 2))));
  }
  if (in.size() >= 2) return SaturatingMul(out_elems, PerOutputChannel(graph.tensor(in[1])));
  return 0;
}

// MACs of a recurrent op (DynamicRNN for ONNX's LSTM and RNN, DynamicGRUV2
// for GRU): every step multiplies each sequence's input and hidden state by
// the gate weights, so steps x batch x the weights' elements. x is [T, B, I]
// (or [B, T, I]): steps x batch = x's elements / I. The weights are inputs 1
// and 2 when they have at least two dims: ONNX's W [D, G*H, I] and
// R [D, G*H, H] (G = 4 gates for LSTM, 3 for GRU, 1 for RNN; D directions),
// CANN's DynamicRNN w [I+H, 4H] (its input 2 is the bias b [4H]) and
// DynamicGRUV2 weight_input [I, 3H] and weight_hidden [H, 3H]. Biases and
// peepholes are element-wise work inside the kernel.
uint64_t RecurrentMacs(const Graph& graph, const Op& op) {
  const Tensor& x = graph.tensor(op.inputs[0]);
  if (x.shape.size() < 2 || x.shape.back() <= 0) return 0;
  const uint64_t steps_by_batch = Elements(x) / Dim(x.shape.back());
  uint64_t weights = 0;
  for (size_t i = 1; i <= 2 && i < op.inputs.size(); ++i) {
    const Tensor& w = graph.tensor(op.inputs[i]);
    if (w.shape.size() >= 2) weights = SaturatingAdd(weights, Elements(w));
  }
  return SaturatingMul(steps_by_batch, weights);
}

// One term of an einsum equation as labels: letters as themselves, the
// dims an ellipsis stands for as kEllipsisLabel + their place from the
// right (so that broadcast dims line up). False when the term is not
// letters around at most one "..." or does not fit |rank| dims.
constexpr int kEllipsisLabel = 256;
bool EinsumTerm(std::string_view term, size_t rank, std::vector<int>* labels) {
  const size_t dots = term.find("...");
  const std::string_view before = term.substr(0, dots);
  const std::string_view after = dots == std::string_view::npos ? std::string_view() : term.substr(dots + 3);
  for (std::string_view part : {before, after}) {
    for (char c : part) {
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
    }
  }
  const size_t letters = before.size() + after.size();
  if (rank < letters || (dots == std::string_view::npos && rank != letters)) return false;
  labels->assign(before.begin(), before.end());
  for (size_t e = rank - letters; e > 0; --e) labels->push_back(kEllipsisLabel + static_cast<int>(e - 1));
  labels->insert(labels->end(), after.begin(), after.end());
  return true;
}

// MACs of an Einsum from its "equation" (ONNX's and CANN's form: terms of
// letters, "..." for broadcast leading dims, an optional "->output"). The
// operands are contracted left to right: each pairwise product costs the
// product of the sizes of every label either side holds (one MAC per
// combination), and its result keeps the labels a later operand or the
// output still needs. So "bij,bjk->bik" is B*I*J*K, a matmul's M*N*K per
// batch. One operand multiplies nothing (a transpose, trace or sum). 0 when
// the equation is absent or does not fit the operands.
uint64_t EinsumMacs(const Graph& graph, const Op& op) {
  std::string eq = StringAttr(op, {"equation"}, "");
  eq.erase(std::remove(eq.begin(), eq.end(), ' '), eq.end());
  const size_t arrow = eq.find("->");
  const std::string_view lhs = std::string_view(eq).substr(0, arrow);
  std::vector<std::vector<int>> terms;
  std::map<int, uint64_t> sizes;  // label -> its size (a broadcast 1 takes the other side's)
  size_t start = 0;
  for (size_t i = 0; !lhs.empty() && start <= lhs.size(); ++i) {
    const size_t comma = std::min(lhs.find(',', start), lhs.size());
    if (i >= op.inputs.size()) return 0;
    const Tensor& operand = graph.tensor(op.inputs[i]);
    std::vector<int> labels;
    if (!EinsumTerm(lhs.substr(start, comma - start), operand.shape.size(), &labels)) return 0;
    for (size_t d = 0; d < labels.size(); ++d) {
      const uint64_t dim = Dim(operand.shape[d]);
      auto [it, fresh] = sizes.emplace(labels[d], dim);
      if (!fresh && it->second != dim && dim != 1 && it->second != 1) return 0;
      if (!fresh && it->second == 1) it->second = dim;
    }
    terms.push_back(std::move(labels));
    start = comma + 1;
  }
  if (terms.size() < 2 || terms.size() != op.inputs.size()) return 0;
  // The output's labels: the explicit ones, or (implicit form) the letters
  // that appear once and every ellipsis dim.
  std::set<int> output;
  if (arrow != std::string::npos) {
    const std::string_view rhs = std::string_view(eq).substr(arrow + 2);
    std::vector<int> labels;
    size_t ellipsis_dims = 0;
    for (const auto& [label, size] : sizes) ellipsis_dims += label >= kEllipsisLabel ? 1 : 0;
    const size_t letters = rhs.size() - (rhs.find("...") == std::string_view::npos ? 0 : 3);
    if (!EinsumTerm(rhs, letters + (rhs.find("...") == std::string_view::npos ? 0 : ellipsis_dims), &labels)) return 0;
    for (int label : labels) {
      if (sizes.count(label) == 0) return 0;
      output.insert(label);
    }
  } else {
    std::map<int, int> uses;
    for (const auto& term : terms) {
      for (int label : term) ++uses[label];
    }
    for (const auto& [label, n] : uses) {
      if (n == 1 || label >= kEllipsisLabel) output.insert(label);
    }
  }
  uint64_t macs = 0;
  std::set<int> held(terms[0].begin(), terms[0].end());
  for (size_t i = 1; i < terms.size(); ++i) {
    held.insert(terms[i].begin(), terms[i].end());
    uint64_t product = 1;
    for (int label : held) product = SaturatingMul(product, sizes[label]);
    macs = SaturatingAdd(macs, product);
    std::set<int> needed = output;
    for (size_t j = i + 1; j < terms.size(); ++j) needed.insert(terms[j].begin(), terms[j].end());
    for (auto it = held.begin(); it != held.end();) it = needed.count(*it) != 0 ? std::next(it) : held.erase(it);
  }
  return macs;
}

// Contraction length K of a matmul-like op from its first operand.
uint64_t MatmulK(const Op& op, const Tensor& a) {
  const bool transpose_a = op.BoolAttr("transpose_a", false) || op.BoolAttr("adj_x1", false) ||
                           op.BoolAttr("transpose_x1", false) || op.BoolAttr("transposeX1", false);
  if (a.shape.size() >= 2) return Dim(transpose_a ? a.shape[a.shape.size() - 2] : a.shape.back());
  return a.shape.size() == 1 ? Dim(a.shape[0]) : 0;
}

// Rows M of a matmul's output (per batch).
uint64_t OutputRows(const Tensor& out) { return out.shape.size() >= 2 ? Dim(out.shape[out.shape.size() - 2]) : 1; }

bool IsIntegerCubeInput(DataType dtype) { return dtype == DataType::kInt8 || dtype == DataType::kUint8; }

bool IsCubeClass(OpClass cls) {
  return cls == OpClass::kGemm || cls == OpClass::kGemv || cls == OpClass::kConv || cls == OpClass::kQuantMatmul ||
         cls == OpClass::kGroupedMatmul || cls == OpClass::kAttention || cls == OpClass::kAttentionDecode;
}

// The dtype the op computes in: a "compute_dtype" attribute; else, for a
// cube op with 8-bit integer operands, that integer type (the cube
// multiplies the quantised values; the result is dequantised after); else
// the first output's dtype; else the first input's.
DataType ComputeDtype(const Graph& graph, const Op& op, OpClass cls) {
  const std::string named = StringAttr(op, {"compute_dtype"}, "");
  if (auto parsed = model::ParseDataType(named); !named.empty() && parsed) return *parsed;
  if (IsCubeClass(cls) && !op.inputs.empty() && IsIntegerCubeInput(graph.tensor(op.inputs[0]).dtype)) {
    return graph.tensor(op.inputs[0]).dtype;
  }
  if (!op.outputs.empty()) return graph.tensor(op.outputs[0]).dtype;
  return op.inputs.empty() ? DataType::kFloat16 : graph.tensor(op.inputs[0]).dtype;
}

bool IsGraphOutput(const Graph& graph, int32_t t) {
  return std::find(graph.outputs.begin(), graph.outputs.end(), t) != graph.outputs.end();
}

// Bytes moved: every input and output, except that a gather reads only
// the rows it gathers (indices plus as many bytes as it writes) and a
// memset only writes. Intermediate bytes: the tensors an on-chip cache may
// hold (produced inside the graph and not a graph output).
void CountBytes(const Graph& graph, const Op& op, const OpTraits* traits, OpWork* work) {
  auto add = [&](int32_t t, uint64_t bytes) {
    work->bytes = SaturatingAdd(work->bytes, bytes);
    const Tensor& tensor = graph.tensor(t);
    if (tensor.producer >= 0 && !IsGraphOutput(graph, t)) {
      work->intermediate_bytes = SaturatingAdd(work->intermediate_bytes, bytes);
    }
  };
  const bool gather = Has(traits, OpFlags::kGather);
  if (gather && op.inputs.size() >= 2) {
    for (size_t i = 1; i < op.inputs.size(); ++i) add(op.inputs[i], Bytes(graph.tensor(op.inputs[i])));
    for (int32_t t : op.outputs) add(op.inputs[0], std::min(Bytes(graph.tensor(t)), Bytes(graph.tensor(op.inputs[0]))));
  } else if (work->op_class != OpClass::kMemset) {
    for (int32_t t : op.inputs) add(t, Bytes(graph.tensor(t)));
  }
  for (int32_t t : op.outputs) add(t, Bytes(graph.tensor(t)));
}

// Output tiles of a matmul: 128x256 per batch (a GEMV's single row block
// splits its columns 128 at a time, as decode kernels tile).
uint64_t MatmulTiles(const Tensor& out, bool gemv) {
  const uint64_t rows = OutputRows(out);
  const uint64_t cols = out.shape.empty() ? 1 : Dim(out.shape.back());
  const uint64_t per_batch = SaturatingMul(rows, cols);
  const uint64_t batch = per_batch == 0 ? 0 : Elements(out) / per_batch;
  const uint64_t tiles = gemv ? CeilDiv(cols, 128) : SaturatingMul(CeilDiv(rows, 128), CeilDiv(cols, 256));
  return SaturatingMul(batch, tiles);
}

// Output tiles of a convolution: 128 output pixels (N*H*W) by 64 output
// channels (four C0 blocks of 16), the channel axis being 1 (NCHW, NCDHW)
// or last (NHWC).
uint64_t ConvTiles(const Tensor& out) {
  if (out.shape.size() < 3) return CeilDiv(Elements(out), kCubeBlockElements);
  const size_t c_axis = out.format == model::Format::kNhwc ? out.shape.size() - 1 : 1;
  const uint64_t channels = Dim(out.shape[c_axis]);
  const uint64_t pixels = channels == 0 ? 0 : Elements(out) / channels;
  return SaturatingMul(CeilDiv(pixels, 128), CeilDiv(channels, 64));
}

// MACs of the cube classes, refining gemm to gemv and attention to
// attention_decode from the shapes.
uint64_t CubeMacs(const Graph& graph, const Op& op, const OpTraits* traits, uint64_t out_elems, OpClass* cls,
                  uint64_t* blocks) {
  if (op.inputs.size() < 2) return 0;
  const Tensor* out = op.outputs.empty() ? nullptr : &graph.tensor(op.outputs[0]);
  switch (*cls) {
    case OpClass::kConv:
      if (out != nullptr) *blocks = ConvTiles(*out);
      return ConvMacs(graph, op, traits, out_elems);
    case OpClass::kGemm:
    case OpClass::kQuantMatmul:
    case OpClass::kGroupedMatmul: {
      if (*cls == OpClass::kGemm && out != nullptr && OutputRows(*out) <= kGemvMaxRows) *cls = OpClass::kGemv;
      if (out != nullptr) *blocks = MatmulTiles(*out, *cls == OpClass::kGemv);
      // GroupedMatmul with a 3-D weight [E, K, N]: each group tiles its own rows.
      const Tensor& w = graph.tensor(op.inputs[1]);
      if (*cls == OpClass::kGroupedMatmul && w.shape.size() == 3 && w.shape[0] > 1 && out != nullptr) {
        const uint64_t groups = Dim(w.shape[0]);
        const uint64_t cols = out->shape.empty() ? 1 : Dim(out->shape.back());
        *blocks =
            SaturatingMul(groups, SaturatingMul(CeilDiv(CeilDiv(OutputRows(*out), groups), 128), CeilDiv(cols, 256)));
      }
      // Einsum and the recurrent ops: their own contractions.
      if (Is(traits, OpType::kEinsum)) return EinsumMacs(graph, op);
      if (Is(traits, OpType::kDynamicRNN) || Is(traits, OpType::kDynamicGRUV2)) return RecurrentMacs(graph, op);
      // GroupedMatmul: each row of x meets one group's weight, so the MACs
      // are those of x times one weight; over every output of the op.
      uint64_t macs = 0;
      for (int32_t t : op.outputs) macs = SaturatingAdd(macs, Elements(graph.tensor(t)));
      return SaturatingMul(macs, MatmulK(op, graph.tensor(op.inputs[0])));
    }
    case OpClass::kAttention:
    case OpClass::kAttentionDecode: {
      AttentionDims dims;
      if (!ReadAttentionDims(graph, op, &dims)) return 0;
      if (dims.sq <= static_cast<uint64_t>(kGemvMaxRows)) *cls = OpClass::kAttentionDecode;
      *blocks = *cls == OpClass::kAttentionDecode
                    ? SaturatingMul(dims.b, dims.n_kv)
                    : SaturatingMul(SaturatingMul(dims.b, dims.n), CeilDiv(dims.sq, kAttentionBlockRows));
      return AttentionMacs(op, traits, dims);
    }
    default: return 0;
  }
}

// True when the op's "axes", "axis" or "dim" attribute names an axis other
// than the last of its first input (negative axes count from the end),
// unless the axes are all the trailing ones: reducing [N, C, D, H, W] over
// D, H and W reads contiguous rows.
bool ReducesInnerAxis(const Graph& graph, const Op& op) {
  if (op.inputs.empty()) return false;
  const int64_t rank = static_cast<int64_t>(graph.tensor(op.inputs[0]).shape.size());
  for (std::string_view key : {"axes", "axis", "dim"}) {
    std::vector<bool> reduced(static_cast<size_t>(std::max<int64_t>(rank, 0)), false);
    bool inner = false;
    for (int64_t axis : op.IntsAttr(key)) {
      const int64_t a = axis < 0 ? axis + rank : axis;
      if (a < 0 || a >= rank) continue;
      reduced[static_cast<size_t>(a)] = true;
      inner = inner || a < rank - 1;
    }
    if (!inner) continue;
    // The reduced axes form a trailing run when none is followed by a kept one.
    bool trailing = true;
    for (size_t a = 1; a < reduced.size(); ++a) trailing = trailing && (!reduced[a - 1] || reduced[a]);
    if (!trailing) return true;
  }
  return false;
}

// True when a tensor's innermost dimension is not a multiple of 32 bytes.
bool Unaligned(const Tensor& t) {
  if (t.shape.empty()) return false;
  const uint64_t inner = SaturatingMul(Dim(t.shape.back()), static_cast<uint64_t>(model::DataTypeSize(t.dtype)));
  return inner % 32 != 0 && t.shape.back() > 1;
}

}  // namespace

bool IsCopyTask(const Op& op) { return op.type == vendor::kMemcpyTaskType || op.type == vendor::kMemsetTaskType; }

OpWork ComputeOpWork(const Graph& graph, const Op& op) {
  OpWork work;
  if (IsCopyTask(op)) {  // a copy or memset: its size in bytes, no arithmetic
    work.op_class = OpClass::kMemset;
    if (!op.inputs.empty()) work.bytes = Bytes(graph.tensor(op.inputs[0]));
    return work;
  }
  const OpTraits* traits = model::FindOpTraits(op.type);  // null: a type the table does not list
  work.op_class = traits != nullptr ? ClassOfTraits(*traits) : OpClass::kOther;
  const uint64_t out_elems = op.outputs.empty() ? 0 : Elements(graph.tensor(op.outputs[0]));
  uint64_t all_out_elems = 0;
  for (int32_t t : op.outputs) all_out_elems = SaturatingAdd(all_out_elems, Elements(graph.tensor(t)));
  work.blocks =
      op.engine == model::Engine::kAiCpu
          ? 1
          : CeilDiv(all_out_elems, op.engine == model::Engine::kAiCore ? kCubeBlockElements : kVectorBlockElements);
  // A reduction or pool splits its inputs across the cores, not its (smaller) outputs.
  const bool reduces = Has(traits, OpFlags::kSplitsInput) && !op.inputs.empty();
  uint64_t in_elems = 0;
  for (int32_t t : op.inputs) in_elems = SaturatingAdd(in_elems, Elements(graph.tensor(t)));
  if (reduces && op.engine != model::Engine::kAiCpu) work.blocks = CeilDiv(in_elems, kVectorBlockElements);
  work.macs = IsCubeClass(work.op_class) ? CubeMacs(graph, op, traits, out_elems, &work.op_class, &work.blocks) : 0;
  work.blocks = std::max<uint64_t>(1, work.blocks);
  if (work.op_class == OpClass::kReduceNorm && ReducesInnerAxis(graph, op)) work.op_class = OpClass::kReduceStrided;
  // Row by row: softmax and the norms reduce each row of the last axis.
  if (!op.inputs.empty() && Has(traits, OpFlags::kRowWise)) {
    const Tensor& x = graph.tensor(op.inputs[0]);
    const uint64_t inner = x.shape.empty() ? 1 : std::max<uint64_t>(1, Dim(x.shape.back()));
    work.rows = CeilDiv(Elements(x), std::max(inner, kRowBatchElements));
  }
  // Convolutions run in the 5-D NC1HWC0 layout (C0 = 16 channels): aligned.
  if (work.op_class != OpClass::kConv) {
    for (int32_t t : op.inputs) work.unaligned = work.unaligned || Unaligned(graph.tensor(t));
    for (int32_t t : op.outputs) work.unaligned = work.unaligned || Unaligned(graph.tensor(t));
  }
  work.compute_dtype = ComputeDtype(graph, op, work.op_class);
  CountBytes(graph, op, traits, &work);
  if (work.macs > 0) {
    work.flops = SaturatingMul<uint64_t>(2, work.macs);
  } else if (reduces) {
    work.flops = in_elems;  // reductions and pools: one per input element
  } else {
    work.flops = SaturatingMul(out_elems, VectorFlopsPerElement(traits, work.op_class));
  }
  return work;
}

}  // namespace aclsim::sim
