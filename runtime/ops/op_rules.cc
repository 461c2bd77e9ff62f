// Shape rules, part one: element-wise, normalisation, reductions and data
// movement (the cube, pooling, attention, optimizer and loss rules are in
// op_rules_nn.cc). Each checks what CANN's op documentation lists for the
// op's arguments and compares every given output's shape with the one the
// op produces; the errors are those op_def.h names.
#include <algorithm>
#include <numeric>

#include "runtime/ops/op_rules.h"

namespace aclsim::ops {

std::string ShapeText(const Shape& shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? "," : "") + std::to_string(shape[i]);
  return out + "]";
}

const OpArg& RuleContext::Arg(std::string_view name) const {
  for (size_t i = 0; i < def_.arg_count; ++i) {
    if (def_.args[i].name == name) return args_[i];
  }
  static const OpArg kAbsent;
  return kAbsent;
}

const std::vector<const runtime::OpTensor*>& RuleContext::List(std::string_view name) const {
  static const std::vector<const runtime::OpTensor*> kEmpty;
  const OpArg& a = Arg(name);
  return a.list ? *a.list : kEmpty;
}

const std::vector<int64_t>& RuleContext::Ints(std::string_view name) const {
  static const std::vector<int64_t> kEmpty;
  const OpArg& a = Arg(name);
  return a.ints ? *a.ints : kEmpty;
}

Status RuleContext::Invalid(const std::string& what) const {
  return Status(StatusCode::kInvalidArgument, std::string(def_.api) + ": " + what);
}

Status RuleContext::Tiling(const std::string& what) const {
  return Status(Detail::kOpTiling, std::string(def_.api) + ": " + what);
}

Status RuleContext::ExpectShape(std::string_view name, const Shape& shape) const {
  const runtime::OpTensor* t = T(name);
  if (t == nullptr || t->shape == shape) return OkStatus();
  return Invalid(std::string(name) + " has shape " + ShapeText(t->shape) + ", the op produces " + ShapeText(shape));
}

Status RuleContext::ExpectDtype(std::string_view name, model::DataType dtype) const {
  const runtime::OpTensor* t = T(name);
  if (t == nullptr || t->dtype == dtype) return OkStatus();
  return Invalid(std::string(name) + " has data type " + model::DataTypeName(t->dtype) + ", the op needs " +
                 model::DataTypeName(dtype));
}

StatusOr<int64_t> RuleContext::Dim(int64_t dim, size_t rank, std::string_view what) const {
  const auto r = static_cast<int64_t>(std::max<size_t>(rank, 1));
  if (dim < -r || dim >= r) {
    return Invalid(std::string(what) + " " + std::to_string(dim) + " is out of range for rank " + std::to_string(rank));
  }
  return dim < 0 ? dim + r : dim;
}

StatusOr<Shape> Broadcast(const RuleContext& c, const Shape& a, const Shape& b) {
  Shape out(std::max(a.size(), b.size()));
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t x = i < a.size() ? a[a.size() - 1 - i] : 1;
    const int64_t y = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (x != y && x != 1 && y != 1) {
      return c.Invalid("shapes " + ShapeText(a) + " and " + ShapeText(b) + " do not broadcast");
    }
    out[out.size() - 1 - i] = x == 1 ? y : x;
  }
  return out;
}

namespace {

// The first tensor argument that the op reads.
const runtime::OpTensor* FirstInput(const RuleContext& c) {
  const OpDef& d = c.def();
  for (size_t i = 0; i < d.arg_count; ++i) {
    const ArgRole r = d.args[i].role;
    if (d.args[i].kind == ArgKind::kTensor && (r == ArgRole::kIn || r == ArgRole::kRef)) return c.T(d.args[i].name);
  }
  return nullptr;
}

// Every present single-tensor argument has |shape|.
Status AllShaped(const RuleContext& c, const Shape& shape) {
  const OpDef& d = c.def();
  for (size_t i = 0; i < d.arg_count; ++i) {
    if (d.args[i].kind == ArgKind::kTensor) ACLSIM_RETURN_IF_ERROR(c.ExpectShape(d.args[i].name, shape));
  }
  return OkStatus();
}

Status RuleBroadcast(RuleContext& c) {
  const runtime::OpTensor* self = FirstInput(c);
  ACLSIM_ASSIGN_OR_RETURN(Shape shape, Broadcast(c, self->shape, c.T("other")->shape));
  if (c.T("selfRef") != nullptr && shape != self->shape) {
    return c.Invalid("the broadcast shape " + ShapeText(shape) + " is not selfRef's " + ShapeText(self->shape));
  }
  return c.ExpectShape("out", shape);
}

Status RuleSame(RuleContext& c) { return AllShaped(c, FirstInput(c)->shape); }

Status RuleSameDtype(RuleContext& c) {
  ACLSIM_RETURN_IF_ERROR(RuleSame(c));
  return c.ExpectDtype("out", c.T("self")->dtype);
}

Status RuleCast(RuleContext& c) {
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("out", c.T("self")->shape));
  return c.ExpectDtype("out", static_cast<model::DataType>(c.I("dtype")));
}

Status RuleSoftmax(RuleContext& c) {
  const runtime::OpTensor* x = FirstInput(c);
  ACLSIM_RETURN_IF_ERROR(c.Dim(c.I("dim"), x->shape.size(), "dim").status());
  return AllShaped(c, x->shape);
}

// The leading dims of |x| (all but the last |normalized|), then |normalized| ones.
Shape StatShape(const Shape& x, size_t normalized) {
  Shape s(x.begin(), x.end() - static_cast<std::ptrdiff_t>(normalized));
  s.insert(s.end(), normalized, 1);
  return s;
}

Status CheckNormalizedShape(RuleContext& c, const runtime::OpTensor& input, const Shape& norm) {
  if (norm.empty()) return c.Invalid("normalizedShape is empty");
  if (input.shape.size() < norm.size() ||
      !std::equal(norm.begin(), norm.end(), input.shape.end() - static_cast<std::ptrdiff_t>(norm.size()))) {
    return c.Invalid("normalizedShape " + ShapeText(norm) + " is not the trailing dims of input " +
                     ShapeText(input.shape));
  }
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("weightOptional", norm));
  return c.ExpectShape("biasOptional", norm);
}

Status RuleLayerNorm(RuleContext& c) {
  const runtime::OpTensor& input = *c.T("input");
  const Shape& norm = c.Ints("normalizedShape");
  ACLSIM_RETURN_IF_ERROR(CheckNormalizedShape(c, input, norm));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("out", input.shape));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("meanOutOptional", StatShape(input.shape, norm.size())));
  return c.ExpectShape("rstdOutOptional", StatShape(input.shape, norm.size()));
}

Status RuleLayerNormBackward(RuleContext& c) {
  const runtime::OpTensor& input = *c.T("input");
  const Shape& norm = c.Ints("normalizedShape");
  ACLSIM_RETURN_IF_ERROR(CheckNormalizedShape(c, input, norm));
  const Shape& mask = c.Ints("outputMask");
  if (mask.size() != 3) return c.Invalid("outputMask has " + std::to_string(mask.size()) + " values, not 3");
  static constexpr const char* kOuts[] = {"gradInputOut", "gradWeightOut", "gradBiasOut"};
  for (size_t i = 0; i < 3; ++i) {
    if (mask[i] != 0 && c.T(kOuts[i]) == nullptr) {
      return Status(Detail::kOpArgumentNull, std::string(c.def().api) + ": outputMask[" + std::to_string(i) +
                                                 "] is true and " + kOuts[i] + " is NULL");
    }
  }
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("gradOut", input.shape));
  const int64_t stats =
      std::accumulate(input.shape.begin(), input.shape.end() - static_cast<std::ptrdiff_t>(norm.size()), int64_t{1},
                      std::multiplies<>());
  for (const char* name : {"mean", "rstd"}) {
    const Shape& s = c.T(name)->shape;
    if (std::accumulate(s.begin(), s.end(), int64_t{1}, std::multiplies<>()) != stats) {
      return c.Invalid(std::string(name) + " has shape " + ShapeText(s) + ", not " + std::to_string(stats) +
                       " elements (the product of input's leading dims)");
    }
  }
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("gradInputOut", input.shape));
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("gradWeightOut", norm));
  return c.ExpectShape("gradBiasOut", norm);
}

// RmsNorm's checks are tiling checks in CANN (561002).
Status RuleRmsNorm(RuleContext& c) {
  const runtime::OpTensor& x = *c.T("x");
  const Shape& g = c.T("gamma")->shape;
  if (g.empty() || g.size() > x.shape.size() ||
      !std::equal(g.begin(), g.end(), x.shape.end() - static_cast<std::ptrdiff_t>(g.size()))) {
    return c.Tiling("gamma " + ShapeText(g) + " is not the trailing dims of x " + ShapeText(x.shape));
  }
  if (c.T("yOut")->shape != x.shape) return c.Tiling("yOut's shape is not x's " + ShapeText(x.shape));
  if (c.T("rstdOut")->shape != StatShape(x.shape, g.size())) {
    return c.Tiling("rstdOut has shape " + ShapeText(c.T("rstdOut")->shape) + ", the op produces " +
                    ShapeText(StatShape(x.shape, g.size())));
  }
  return c.ExpectDtype("rstdOut", model::DataType::kFloat32);
}

Status RuleRmsNormGrad(RuleContext& c) {
  const runtime::OpTensor& x = *c.T("x");
  const Shape& g = c.T("gamma")->shape;
  if (g.empty() || g.size() > x.shape.size() ||
      !std::equal(g.begin(), g.end(), x.shape.end() - static_cast<std::ptrdiff_t>(g.size()))) {
    return c.Tiling("gamma " + ShapeText(g) + " is not the trailing dims of x " + ShapeText(x.shape));
  }
  if (c.T("dy")->shape != x.shape || c.T("dxOut")->shape != x.shape) {
    return c.Tiling("dy and dxOut must have x's shape " + ShapeText(x.shape));
  }
  if (c.T("dgammaOut")->shape != g) return c.Tiling("dgammaOut must have gamma's shape " + ShapeText(g));
  return c.ExpectDtype("dgammaOut", model::DataType::kFloat32);
}

Status RuleReduce(RuleContext& c) {
  const Shape& in = c.T("self")->shape;
  const bool has_dims = c.def().args[1].name == std::string_view("dims");
  const Shape& dims = c.Ints(has_dims ? "dims" : "dim");
  const bool keep = c.B(has_dims ? "keepDims" : "keepDim");
  std::vector<bool> reduced(in.size(), dims.empty());  // no dims: every dim
  for (int64_t d : dims) {
    ACLSIM_ASSIGN_OR_RETURN(int64_t k, c.Dim(d, in.size(), "dim"));
    if (!in.empty() && reduced[static_cast<size_t>(k)]) return c.Invalid("dim " + std::to_string(d) + " repeats");
    if (!in.empty()) reduced[static_cast<size_t>(k)] = true;
  }
  Shape out;
  for (size_t i = 0; i < in.size(); ++i) {
    if (!reduced[i]) {
      out.push_back(in[i]);
    } else if (keep) {
      out.push_back(1);
    }
  }
  ACLSIM_RETURN_IF_ERROR(c.ExpectShape("out", out));
  if (std::string_view(c.def().kernel_type) == "ReduceSum") {  // dtype must be out's
    return c.ExpectDtype("out", static_cast<model::DataType>(c.I("dtype")));
  }
  return OkStatus();
}

Status RuleReduceAll(RuleContext& c) {
  const Shape& out = c.T("out")->shape;
  if (out.size() > 1 || (out.size() == 1 && out[0] != 1)) {
    return c.Invalid("out has shape " + ShapeText(out) + ", the op produces one element ([] or [1])");
  }
  return c.ExpectDtype("out", c.T("self")->dtype);
}

Status RulePermute(RuleContext& c) {
  const Shape& in = c.T("self")->shape;
  const Shape& dims = c.Ints("dims");
  if (dims.size() != in.size()) {
    return c.Invalid("dims has " + std::to_string(dims.size()) + " values for a rank-" + std::to_string(in.size()) +
                     " tensor");
  }
  Shape out(in.size());
  std::vector<bool> seen(in.size(), false);
  for (size_t i = 0; i < dims.size(); ++i) {
    ACLSIM_ASSIGN_OR_RETURN(int64_t k, c.Dim(dims[i], in.size(), "dims value"));
    if (seen[static_cast<size_t>(k)]) return c.Invalid("dims " + ShapeText(dims) + " is not a permutation");
    seen[static_cast<size_t>(k)] = true;
    out[i] = in[static_cast<size_t>(k)];
  }
  return c.ExpectShape("out", out);
}

Status RuleCat(RuleContext& c) {
  const auto& list = c.List("tensors");
  if (list.empty()) return c.Invalid("tensors is empty");
  const Shape& first = list[0]->shape;
  ACLSIM_ASSIGN_OR_RETURN(int64_t dim, c.Dim(c.I("dim"), first.size(), "dim"));
  Shape out = first;
  for (size_t i = 1; i < list.size(); ++i) {
    const Shape& s = list[i]->shape;
    for (size_t d = 0; d < std::max(s.size(), first.size()); ++d) {
      if (s.size() != first.size() || (static_cast<int64_t>(d) != dim && s[d] != first[d])) {
        return c.Invalid("tensors[" + std::to_string(i) + "] " + ShapeText(s) + " differs from tensors[0] " +
                         ShapeText(first) + " outside dim " + std::to_string(dim));
      }
    }
    out[static_cast<size_t>(dim)] += s[static_cast<size_t>(dim)];
  }
  return c.ExpectShape("out", out);
}

Status RuleSplit(RuleContext& c) {
  const Shape& in = c.T("self")->shape;
  ACLSIM_ASSIGN_OR_RETURN(int64_t dim, c.Dim(c.I("dim"), in.size(), "dim"));
  const int64_t length = in.empty() ? 1 : in[static_cast<size_t>(dim)];
  std::vector<int64_t> sizes;
  if (c.def().args[1].kind == ArgKind::kInt) {  // aclnnSplitTensor
    const int64_t section = c.I("splitSections");
    if (section <= 0 && length > 0) return c.Invalid("splitSections is 0 on a dim of size " + std::to_string(length));
    for (int64_t at = 0; at < length; at += section) sizes.push_back(std::min(section, length - at));
  } else {
    sizes = c.Ints("splitSize");
    if (std::accumulate(sizes.begin(), sizes.end(), int64_t{0}) != length) {
      return c.Invalid("splitSize " + ShapeText(sizes) + " does not sum to dim " + std::to_string(dim) + "'s size " +
                       std::to_string(length));
    }
  }
  const auto& outs = c.List("out");
  if (outs.size() != sizes.size()) {
    return c.Invalid("out holds " + std::to_string(outs.size()) + " tensors, the split makes " +
                     std::to_string(sizes.size()));
  }
  for (size_t i = 0; i < outs.size(); ++i) {
    Shape want = in;
    if (!want.empty()) want[static_cast<size_t>(dim)] = sizes[i];
    if (outs[i]->shape != want) {
      return c.Invalid("out[" + std::to_string(i) + "] has shape " + ShapeText(outs[i]->shape) + ", the op produces " +
                       ShapeText(want));
    }
  }
  return OkStatus();
}

Status RuleCopy(RuleContext& c) {
  const Shape& dst = c.T("selfRef")->shape;
  ACLSIM_ASSIGN_OR_RETURN(Shape shape, Broadcast(c, dst, c.T("src")->shape));
  if (shape != dst)
    return c.Invalid("src " + ShapeText(c.T("src")->shape) + " does not broadcast to " + ShapeText(dst));
  return OkStatus();
}

}  // namespace

// op_rules_nn.cc
Status RuleMatmul(RuleContext& c);
Status RuleMm(RuleContext& c);
Status RuleBmm(RuleContext& c);
Status RuleAddmm(RuleContext& c);
Status RuleConv(RuleContext& c);
Status RuleConvBackward(RuleContext& c);
Status RulePool(RuleContext& c);
Status RuleEmbedding(RuleContext& c);
Status RuleEmbeddingBackward(RuleContext& c);
Status RuleFlashAttention(RuleContext& c);
Status RuleFlashAttentionGrad(RuleContext& c);
Status RuleAdamw(RuleContext& c);
Status RuleFusedSgd(RuleContext& c);
Status RuleCrossEntropy(RuleContext& c);
Status RuleCrossEntropyGrad(RuleContext& c);

RuleFn GetRule(Rule rule) {
  switch (rule) {
    case Rule::k_broadcast: return RuleBroadcast;
    case Rule::k_same: return RuleSame;
    case Rule::k_same_dtype: return RuleSameDtype;
    case Rule::k_cast: return RuleCast;
    case Rule::k_softmax: return RuleSoftmax;
    case Rule::k_layer_norm: return RuleLayerNorm;
    case Rule::k_layer_norm_backward: return RuleLayerNormBackward;
    case Rule::k_rms_norm: return RuleRmsNorm;
    case Rule::k_rms_norm_grad: return RuleRmsNormGrad;
    case Rule::k_reduce: return RuleReduce;
    case Rule::k_reduce_all: return RuleReduceAll;
    case Rule::k_permute: return RulePermute;
    case Rule::k_cat: return RuleCat;
    case Rule::k_split: return RuleSplit;
    case Rule::k_copy: return RuleCopy;
    case Rule::k_matmul: return RuleMatmul;
    case Rule::k_mm: return RuleMm;
    case Rule::k_bmm: return RuleBmm;
    case Rule::k_addmm: return RuleAddmm;
    case Rule::k_conv: return RuleConv;
    case Rule::k_conv_backward: return RuleConvBackward;
    case Rule::k_pool: return RulePool;
    case Rule::k_embedding: return RuleEmbedding;
    case Rule::k_embedding_backward: return RuleEmbeddingBackward;
    case Rule::k_flash_attention: return RuleFlashAttention;
    case Rule::k_flash_attention_grad: return RuleFlashAttentionGrad;
    case Rule::k_adamw: return RuleAdamw;
    case Rule::k_fused_sgd: return RuleFusedSgd;
    case Rule::k_cross_entropy: return RuleCrossEntropy;
    case Rule::k_cross_entropy_grad: return RuleCrossEntropyGrad;
  }
  return RuleSame;
}

}  // namespace aclsim::ops
