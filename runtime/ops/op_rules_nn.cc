// Shape rules, part two: matrix products, convolution, pooling, embedding,
// attention, optimizer steps and losses (op_rules.cc has the rest).
#include <algorithm>
#include <numeric>

#include "runtime/ops/op_rules.h"

namespace aclsim::ops {
namespace {

int64_t Elements(const Shape& s) { return std::accumulate(s.begin(), s.end(), int64_t{1}, std::multiplies<>()); }

Status NeedRank(const RuleContext& c, std::string_view name, size_t lo, size_t hi) {
  const size_t r = c.T(name)->shape.size();
  if (r < lo || r > hi) {
    return c.Invalid(std::string(name) + " has rank " + std::to_string(r) + ", the op takes " + std::to_string(lo) +
                     (lo == hi ? "" : " to " + std::to_string(hi)));
  }
  return OkStatus();
}

Status SameK(const RuleContext& c, int64_t ka, int64_t kb) {
  if (ka != kb) {
    return c.Invalid("the inner dims differ (" + std::to_string(ka) + " and " + std::to_string(kb) + ")");
  }
  return OkStatus();
}

// A required output named by outputMask[i] must be given.
Status MaskedOutputs(const RuleContext& c, std::initializer_list<const char*> outs) {
  const Shape& mask = c.Ints("outputMask");
  if (mask.size() != 3) return c.Invalid("outputMask has " + std::to_string(mask.size()) + " values, not 3");
  size_t i = 0;
  for (const char* name : outs) {
    if (mask[i] != 0 && c.T(name) == nullptr) {
      return Status(Detail::kOpArgumentNull, std::string(c.def().api) + ": outputMask[" + std::to_string(i) +
                                                 "] is true and " + name + " is NULL");
    }
    ++i;
  }
  return OkStatus();
}

// Output length of one spatial dim of a convolution or pooling window.
int64_t WindowOut(int64_t in, int64_t k, int64_t s, int64_t pad_total, int64_t d, bool ceil_mode) {
  const int64_t span = in + pad_total - d * (k - 1) - 1;
  if (span < 0 || s <= 0) return 0;
  return (ceil_mode ? (span + s - 1) / s : span / s) + 1;
}

// An int-array value for spatial dim |i| of |n|: one value for all, or one each.
StatusOr<int64_t> PerDim(const RuleContext& c, std::string_view name, size_t i, size_t n, int64_t fallback) {
  const Shape& v = c.Ints(name);
  if (v.empty()) return fallback;
  if (v.size() == 1) return v[0];
  if (v.size() == n) return v[i];
  return c.Invalid(std::string(name) + " has " + std::to_string(v.size()) + " values for " + std::to_string(n) +
                   " spatial dims");
}

// Padding of spatial dim |i| of |n|, both sides together: one value for all
// sides, one per dim (both sides), or before/after pairs.
StatusOr<int64_t> PadTotal(const RuleContext& c, std::string_view name, size_t i, size_t n) {
  const Shape& v = c.Ints(name);
  if (v.size() == 2 * n && n > 1) return v[2 * i] + v[2 * i + 1];
  ACLSIM_ASSIGN_OR_RETURN(int64_t side, PerDim(c, name, i, n, 0));
  return 2 * side;
}

}  // namespace

Status RuleMatmul(RuleContext& c) {
  const Shape& a = c.T("self")->shape;
  const Shape& b = c.T("mat2")->shape;
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "self", 1, 6));
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "mat2", 1, 6));
  // torch.matmul: a 1-D operand gains (and loses) a dim.
  Shape a2 = a.size() == 1 ? Shape{1, a[0]} : a;
  Shape b2 = b.size() == 1 ? Shape{b[0], 1} : b;
  ACLSIM_RETURN_IF_ERROR(SameK(c, a2.back(), b2[b2.size() - 2]));
  ACLSIM_ASSIGN_OR_RETURN(Shape batch, Broadcast(c, Shape(a2.begin(), a2.end() - 2), Shape(b2.begin(), b2.end() - 2)));
  Shape out = batch;
  if (a.size() > 1) out.push_back(a2[a2.size() - 2]);
  if (b.size() > 1) out.push_back(b2.back());
  if (!batch.empty()) c.SetKernel("BatchMatMulV3Nd", "BatchMatMulV3");
  return c.ExpectShape("out", out);
}

Status RuleMm(RuleContext& c) {
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "self", 2, 2));
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "mat2", 2, 2));
  const Shape& a = c.T("self")->shape;
  const Shape& b = c.T("mat2")->shape;
  ACLSIM_RETURN_IF_ERROR(SameK(c, a[1], b[0]));
  return c.ExpectShape("out", {a[0], b[1]});
}

Status RuleBmm(RuleContext& c) {
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "self", 3, 3));
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "mat2", 3, 3));
  const Shape& a = c.T("self")->shape;
  const Shape& b = c.T("mat2")->shape;
  if (a[0] != b[0])
    return c.Invalid("the batch dims differ (" + std::to_string(a[0]) + ", " + std::to_string(b[0]) + ")");
  ACLSIM_RETURN_IF_ERROR(SameK(c, a[2], b[1]));
  return c.ExpectShape("out", {a[0], a[1], b[2]});
}

Status RuleAddmm(RuleContext& c) {
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "mat1", 2, 2));
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "mat2", 2, 2));
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "self", 1, 2));
  const Shape& a = c.T("mat1")->shape;
  const Shape& b = c.T("mat2")->shape;
  ACLSIM_RETURN_IF_ERROR(SameK(c, a[1], b[0]));
  const Shape out = {a[0], b[1]};
  ACLSIM_ASSIGN_OR_RETURN(Shape bias, Broadcast(c, c.T("self")->shape, out));
  if (bias != out)
    return c.Invalid("self " + ShapeText(c.T("self")->shape) + " does not broadcast to " + ShapeText(out));
  c.SetInputOrder({"mat1", "mat2", "self"});  // the product's operands first, for the cost model
  return c.ExpectShape("out", out);
}

// The forward output shape of a convolution of |input| by |weight|.
StatusOr<Shape> ConvOutput(const RuleContext& c, const Shape& in, const Shape& w, bool transposed, int64_t groups) {
  if (in.size() < 3 || in.size() > 5 || w.size() != in.size()) {
    return c.Invalid("input " + ShapeText(in) + " and weight " + ShapeText(w) + " are not both 3- to 5-D");
  }
  if (groups < 1 || groups > 65535) return c.Invalid("groups " + std::to_string(groups) + " is not in [1, 65535]");
  const int64_t in_c = transposed ? w[0] : w[1] * groups;
  if (in[1] != in_c) {
    return c.Invalid("input has " + std::to_string(in[1]) + " channels, weight and groups give " +
                     std::to_string(in_c));
  }
  const size_t n = in.size() - 2;
  Shape out = {in[0], transposed ? w[1] * groups : w[0]};
  for (size_t i = 0; i < n; ++i) {
    ACLSIM_ASSIGN_OR_RETURN(int64_t s, PerDim(c, "stride", i, n, 1));
    ACLSIM_ASSIGN_OR_RETURN(int64_t p, PadTotal(c, "padding", i, n));
    ACLSIM_ASSIGN_OR_RETURN(int64_t d, PerDim(c, "dilation", i, n, 1));
    ACLSIM_ASSIGN_OR_RETURN(int64_t op, PerDim(c, "outputPadding", i, n, 0));
    if (s <= 0 || d <= 0 || p < 0) return c.Invalid("stride and dilation must be > 0 and padding >= 0");
    const int64_t k = w[i + 2];
    const int64_t len =
        transposed ? (in[i + 2] - 1) * s - p + d * (k - 1) + op + 1 : WindowOut(in[i + 2], k, s, p, d, false);
    if (len <= 0) return c.Invalid("spatial dim " + std::to_string(i) + " of the output would be empty");
    out.push_back(len);
  }
  return out;
}

Status RuleConv(RuleContext& c) {
  const Shape& w = c.T("weight")->shape;
  ACLSIM_ASSIGN_OR_RETURN(Shape out, ConvOutput(c, c.T("input")->shape, w, c.B("transposed"), c.I("groups")));
  if (c.T("bias") != nullptr && c.T("bias")->shape != Shape{out[1]}) {
    return c.Invalid("bias has shape " + ShapeText(c.T("bias")->shape) + ", not [" + std::to_string(out[1]) + "]");
  }
  return c.ExpectShape("output", out);
}

Status RuleConvBackward(RuleContext& c) {
  const Shape& in = c.T("input")->shape;
  const Shape& w = c.T("weight")->shape;
  ACLSIM_ASSIGN_OR_RETURN(Shape out, ConvOutput(c, in, w, c.B("transposed"), c.I("groups")));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("gradOutput", out));
  ACLSIM_RETURN_IF_ERROR(MaskedOutputs(c, {"gradInput", "gradWeight", "gradBias"}));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("gradInput", in));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("gradWeight", w));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("gradBias", {out[1]}));
  const Shape& mask = c.Ints("outputMask");
  c.SetAttr("grads", int64_t{(mask[0] != 0) + (mask[1] != 0)});  // cube passes: dx and/or dw
  c.SetInputOrder({"gradOutput", "input", "weight"});
  return OkStatus();
}

Status RulePool(RuleContext& c) {
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "self", 3, 4));
  const Shape& in = c.T("self")->shape;
  const Shape& kernel = c.Ints("kernelSize");
  if (kernel.empty() || kernel.size() > 2) return c.Invalid("kernelSize must have 1 or 2 values");
  const bool max_pool = c.Arg("dilation").present;
  const std::string_view strides = max_pool ? "stride" : "strides";
  const std::string_view pads = max_pool ? "padding" : "paddings";
  Shape out(in.begin(), in.end() - 2);
  for (size_t i = 0; i < 2; ++i) {
    const int64_t k = kernel.size() == 1 ? kernel[0] : kernel[i];
    ACLSIM_ASSIGN_OR_RETURN(int64_t s, PerDim(c, strides, i, 2, k));
    ACLSIM_ASSIGN_OR_RETURN(int64_t p, PadTotal(c, pads, i, 2));
    ACLSIM_ASSIGN_OR_RETURN(int64_t d, PerDim(c, "dilation", i, 2, 1));
    if (k <= 0 || s <= 0 || p < 0 || p > 2 * (k / 2) || d <= 0) {
      return c.Invalid("window " + std::to_string(k) + ", stride " + std::to_string(s) + ", padding " +
                       std::to_string(p / 2) + ": needs positive sizes and padding at most half the window");
    }
    const int64_t len = WindowOut(in[in.size() - 2 + i], k, s, p, d, c.B("ceilMode"));
    if (len <= 0) return c.Invalid("the output would be empty");
    out.push_back(len);
  }
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("out", out));
  ACLSIM_RETURN_IF_ERROR(c.ExpectDtype("out", c.T("self")->dtype));
  return c.ExpectShape("indices", out);
}

Status RuleEmbedding(RuleContext& c) {
  ACLSIM_RETURN_IF_ERROR(NeedRank(c, "weight", 2, 2));
  const runtime::OpTensor& idx = *c.T("indices");
  if (idx.dtype != model::DataType::kInt32 && idx.dtype != model::DataType::kInt64) {
    return c.Invalid("indices must be int32 or int64");
  }
  Shape out = idx.shape;
  out.push_back(c.T("weight")->shape[1]);
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("out", out));
  return c.ExpectDtype("out", c.T("weight")->dtype);
}

Status RuleEmbeddingBackward(RuleContext& c) {
  const Shape& grad = c.T("grad")->shape;
  const Shape& idx = c.T("indices")->shape;
  if (grad.size() != idx.size() + 1 || !std::equal(idx.begin(), idx.end(), grad.begin())) {
    return c.Invalid("grad " + ShapeText(grad) + " is not indices' shape " + ShapeText(idx) + " plus one dim");
  }
  return c.ExpectShape("out", {c.I("numWeights"), grad.back()});
}

// B, N, Sq, D of |q| (and Skv of |k|) under |layout| with |heads| heads.
struct AttentionDims {
  int64_t b = 0, n = 0, sq = 0, skv = 0, d = 0;
};

StatusOr<AttentionDims> AttentionShape(const RuleContext& c, const Shape& q, const Shape& k) {
  const std::string_view layout = c.S("inputLayout");
  const int64_t heads = c.I("headNum");
  if (heads <= 0) return c.Invalid("headNum must be > 0");
  AttentionDims a;
  if (layout == "BSH" || layout == "SBH") {
    if (q.size() != 3 || k.size() != 3 || q[2] % heads != 0)
      return c.Invalid("query/key are not 3-D " + std::string(layout));
    const bool bsh = layout == "BSH";
    a = {q[bsh ? 0 : 1], heads, q[bsh ? 1 : 0], k[bsh ? 1 : 0], q[2] / heads};
  } else if (layout == "BSND" || layout == "BNSD") {
    if (q.size() != 4 || k.size() != 4) return c.Invalid("query/key are not 4-D " + std::string(layout));
    const bool bsnd = layout == "BSND";
    a = {q[0], q[bsnd ? 2 : 1], q[bsnd ? 1 : 2], k[bsnd ? 1 : 2], q[3]};
  } else {
    return c.Invalid("inputLayout \"" + std::string(layout) + "\" is not BSH, SBH, BSND or BNSD");
  }
  return a;
}

Status RuleFlashAttention(RuleContext& c) {
  const runtime::OpTensor& q = *c.T("query");
  ACLSIM_ASSIGN_OR_RETURN(AttentionDims a, AttentionShape(c, q.shape, c.T("key")->shape));
  for (const char* name : {"key", "value"}) ACLSIM_RETURN_IF_ERROR(c.ExpectDtype(name, q.dtype));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("value", c.T("key")->shape));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("attentionOutOut", q.shape));
  for (const char* name : {"softmaxMaxOut", "softmaxSumOut"}) {
    ACLSIM_RETURN_IF_ERROR(c.ExpectShape(name, {a.b, a.n, a.sq, 8}));
    ACLSIM_RETURN_IF_ERROR(c.ExpectDtype(name, model::DataType::kFloat32));
  }
  return OkStatus();
}

Status RuleFlashAttentionGrad(RuleContext& c) {
  ACLSIM_RETURN_IF_ERROR(AttentionShape(c, c.T("query")->shape, c.T("keyIn")->shape).status());
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("dy", c.T("query")->shape));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("dqOut", c.T("query")->shape));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("dkOut", c.T("keyIn")->shape));
  return c.ExpectShape("dvOut", c.T("value")->shape);
}

Status RuleAdamw(RuleContext& c) {
  const Shape& var = c.T("varRef")->shape;
  for (const char* name : {"mRef", "vRef", "m", "v", "grad"}) ACLSIM_RETURN_IF_ERROR(c.ExpectShape(name, var));
  const bool v2 = c.Arg("step").present;
  for (const char* name :
       {"beta1Power", "beta2Power", "lr", "weightDecay", "beta1", "beta2", "eps", "epsilon", "step"}) {
    const runtime::OpTensor* t = c.T(name);
    if (t != nullptr && Elements(t->shape) != 1) {
      return c.Invalid(std::string(name) + " has shape " + ShapeText(t->shape) + ", not one element");
    }
  }
  const char* max_norm = v2 ? "maxGradNormOptionalRef" : "maxGradNormOptional";
  if (c.B("amsgrad") && c.T(max_norm) == nullptr) {
    return Status(Detail::kOpArgumentNull, std::string(c.def().api) + ": amsgrad is true and " + max_norm + " is NULL");
  }
  return c.ExpectShape(max_norm, var);
}

Status RuleFusedSgd(RuleContext& c) {
  const auto& params = c.List("paramsRef");
  const auto& grads = c.List("gradsRef");
  const auto& moms = c.List("momentumBufferListOptionalRef");
  if (params.size() != grads.size() || (!moms.empty() && moms.size() != params.size())) {
    return c.Invalid("paramsRef, gradsRef and momentumBufferListOptionalRef hold different numbers of tensors");
  }
  for (size_t i = 0; i < params.size(); ++i) {
    if (grads[i]->shape != params[i]->shape || (!moms.empty() && moms[i]->shape != params[i]->shape)) {
      return c.Invalid("tensor " + std::to_string(i) + " of the lists differs in shape");
    }
  }
  return OkStatus();
}

// A reduced loss is one element: [] or [1].
bool IsOneElement(const Shape& s) { return s.empty() || (s.size() == 1 && s[0] == 1); }

Status RuleCrossEntropy(RuleContext& c) {
  const Shape& in = c.T("input")->shape;
  const runtime::OpTensor& target = *c.T("target");
  if (target.dtype != model::DataType::kInt32 && target.dtype != model::DataType::kInt64) {
    return c.Invalid("target must be int32 or int64");
  }
  const std::string_view reduction = c.Arg("reductionOptional").present ? c.S("reductionOptional") : "mean";
  if (reduction != "mean" && reduction != "sum" && reduction != "none") {
    return c.Tiling("reduction \"" + std::string(reduction) + "\" is not mean, sum or none");
  }
  if (in.size() != 2 || target.shape != Shape{in[0]}) {
    return c.Tiling("input " + ShapeText(in) + " must be (N, C) and target " + ShapeText(target.shape) + " (N)");
  }
  const Shape& loss = c.T("lossOut")->shape;
  if (reduction == "none" ? loss != Shape{in[0]} : !IsOneElement(loss)) {
    return c.Tiling("lossOut has shape " + ShapeText(loss) + " for reduction " + std::string(reduction));
  }
  if (c.T("logProbOut")->shape != in) return c.Tiling("logProbOut must have input's shape " + ShapeText(in));
  return OkStatus();
}

Status RuleCrossEntropyGrad(RuleContext& c) {
  const Shape& lp = c.T("logProb")->shape;
  if (lp.size() != 2 || c.T("target")->shape != Shape{lp[0]}) {
    return c.Tiling("logProb " + ShapeText(lp) + " must be (N, C) and target (N)");
  }
  if (c.T("target")->dtype != model::DataType::kInt64) return c.Invalid("target must be int64");
  const std::string_view reduction = c.Arg("reductionOptional").present ? c.S("reductionOptional") : "mean";
  const Shape& g = c.T("gradLoss")->shape;
  if (reduction == "none" ? g != Shape{lp[0]} : !IsOneElement(g)) {
    return c.Tiling("gradLoss has shape " + ShapeText(g) + " for reduction " + std::string(reduction));
  }
  if (c.T("out")->shape != lp) return c.Tiling("out must have logProb's shape " + ShapeText(lp));
  return OkStatus();
}

}  // namespace aclsim::ops
