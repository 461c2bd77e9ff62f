#include "runtime/model/onnx/onnx_attributes.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/model/onnx/onnx_common.h"

namespace aclsim::model::onnx_internal {
namespace {

// A kModelParse error naming the node (by its op name) and its ONNX type.
Status NodeError(const onnx::NodeProto& node, const Op& op, const std::string& why) {
  return ParseError("node '" + op.name + "' (" + node.op_type() + "): " + why);
}

// The ONNX attributes of a Conv, per spatial axis; pads are ONNX's
// [x1_begin, x2_begin, ..., x1_end, x2_end, ...].
struct ConvParams {
  std::vector<int64_t> strides, dilations, pads;
  std::string auto_pad = "NOTSET";
  int64_t groups = 1;
};

// Reads the Conv attributes of |node| over |spatial| axes into |p|.
Status ReadConvParams(const onnx::NodeProto& node, const Op& op, size_t spatial, ConvParams* p) {
  auto fail = [&](const std::string& why) { return NodeError(node, op, why); };
  p->strides.assign(spatial, 1);
  p->dilations.assign(spatial, 1);
  p->pads.assign(2 * spatial, 0);
  for (const auto& a : node.attribute()) {
    std::vector<int64_t> ints(a.ints().begin(), a.ints().end());
    if (a.name() == "strides") {
      if (ints.size() != spatial) return fail("strides must have one value per spatial axis");
      p->strides = ints;
    } else if (a.name() == "dilations") {
      if (ints.size() != spatial) return fail("dilations must have one value per spatial axis");
      p->dilations = ints;
    } else if (a.name() == "pads") {
      if (ints.size() != 2 * spatial) return fail("pads must have two values per spatial axis");
      p->pads = ints;
    } else if (a.name() == "group") {
      p->groups = a.i();
    } else if (a.name() == "auto_pad") {
      p->auto_pad = a.s();
    }
  }
  for (size_t i = 0; i < spatial; ++i) {
    if (p->strides[i] < 1 || p->dilations[i] < 1 || p->pads[i] < 0 || p->pads[i + spatial] < 0) {
      return fail("strides and dilations must be positive and pads non-negative");
    }
  }
  return OkStatus();
}

// Resolves auto_pad SAME_UPPER, SAME_LOWER and VALID against the inferred
// output shape |y| into explicit pads.
void ResolveAutoPad(const std::vector<int64_t>& x, const std::vector<int64_t>& w, const std::vector<int64_t>& y,
                    size_t spatial, ConvParams* p) {
  const std::string& auto_pad = p->auto_pad;
  if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER" || auto_pad == "VALID") {
    for (size_t i = 0; i < spatial; ++i) {
      int64_t total = 0;
      if (auto_pad != "VALID") {
        total = std::max<int64_t>(0, (y[i + 2] - 1) * p->strides[i] + (w[i + 2] - 1) * p->dilations[i] + 1 - x[i + 2]);
      }
      int64_t small = total / 2;
      p->pads[i] = auto_pad == "SAME_LOWER" ? total - small : small;
      p->pads[i + spatial] = total - p->pads[i];
    }
  }
}

// The output's spatial dims must be those the window attributes give.
Status CheckConvOutput(const onnx::NodeProto& node, const Op& op, const std::vector<int64_t>& x,
                       const std::vector<int64_t>& w, const std::vector<int64_t>& y, size_t spatial,
                       const ConvParams& p) {
  for (size_t i = 0; i < spatial; ++i) {
    int64_t want =
        (x[i + 2] + p.pads[i] + p.pads[i + spatial] - p.dilations[i] * (w[i + 2] - 1) - 1) / p.strides[i] + 1;
    if (want < 0) want = 0;
    if (y[i + 2] != want) {
      return NodeError(node, op,
                       "output spatial dim " + std::to_string(i) + " is " + std::to_string(y[i + 2]) + ", should be " +
                           std::to_string(want));
    }
  }
  return OkStatus();
}

// Sets the Ascend form of |p| on |op| (see ConvAttrs).
void SetAscendConvAttrs(const ConvParams& p, size_t spatial, Op* op) {
  std::vector<int64_t> asc_strides, asc_dilations, asc_pads;
  if (spatial == 1) {
    asc_strides = {1, p.strides[0]};
    asc_dilations = {1, p.dilations[0]};
    asc_pads = {0, 0, p.pads[0], p.pads[1]};
  } else {
    asc_strides = p.strides;
    asc_dilations = p.dilations;
    for (size_t i = 0; i < spatial; ++i) {
      asc_pads.push_back(p.pads[i]);
      asc_pads.push_back(p.pads[i + spatial]);
    }
  }
  op->attrs["strides"] = asc_strides;
  op->attrs["dilations"] = asc_dilations;
  op->attrs["pads"] = asc_pads;
  op->attrs["groups"] = p.groups;
  op->attrs["data_format"] = std::string(spatial == 3 ? "NCDHW" : "NCHW");
}

// Ascend Conv attributes from ONNX ones: strides/dilations per spatial axis
// (1-D convs in the H = 1 form), pads as [top, bottom, left, right] (3-D:
// [head, tail, top, bottom, left, right]) from ONNX's [x1_begin, x2_begin, ...,
// x1_end, x2_end, ...], auto_pad resolved against the inferred output shape.
Status ConvAttrs(const onnx::NodeProto& node, const Graph& graph, Op* op) {
  auto fail = [&](const std::string& why) { return NodeError(node, *op, why); };
  if (op->inputs.size() < 2 || op->outputs.empty()) return fail("needs inputs x and w and an output");
  const auto& x = graph.tensor(op->inputs[0]).shape;
  const auto& w = graph.tensor(op->inputs[1]).shape;
  const auto& y = graph.tensor(op->outputs[0]).shape;
  if (x.size() < 3 || w.size() != x.size() || y.size() != x.size()) {
    return fail("x, w and the output must have the same rank >= 3");
  }
  const size_t spatial = x.size() - 2;
  ConvParams p;
  ACLSIM_RETURN_IF_ERROR(ReadConvParams(node, *op, spatial, &p));
  const int64_t groups = p.groups;
  if (groups < 1 || w[0] < 1 || x[1] != w[1] * groups || y[1] != w[0] || y[0] != x[0]) {
    return fail("weight " + std::to_string(w[0]) + "x" + std::to_string(w[1]) + " and group " + std::to_string(groups) +
                " do not fit input channels " + std::to_string(x[1]) + " and output channels " + std::to_string(y[1]));
  }
  ResolveAutoPad(x, w, y, spatial, &p);
  ACLSIM_RETURN_IF_ERROR(CheckConvOutput(node, *op, x, w, y, spatial, p));
  SetAscendConvAttrs(p, spatial, op);
  return OkStatus();
}

std::string DimsText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "]";
}

}  // namespace

Status FillAttrs(const onnx::NodeProto& node, const Graph& graph, Op* op) {
  for (const auto& a : node.attribute()) {
    switch (a.type()) {
      case onnx::AttributeProto::INT: op->attrs[a.name()] = static_cast<int64_t>(a.i()); break;
      case onnx::AttributeProto::FLOAT: op->attrs[a.name()] = static_cast<double>(a.f()); break;
      case onnx::AttributeProto::STRING: op->attrs[a.name()] = a.s(); break;
      case onnx::AttributeProto::INTS:
        op->attrs[a.name()] = std::vector<int64_t>(a.ints().begin(), a.ints().end());
        break;
      case onnx::AttributeProto::FLOATS:
        op->attrs[a.name()] = std::vector<double>(a.floats().begin(), a.floats().end());
        break;
      default: break;  // tensors and subgraphs are not carried
    }
  }
  op->attrs["onnx_op_type"] = node.op_type();
  if (!IsDefaultDomain(node.domain())) op->attrs["onnx_domain"] = node.domain();
  const std::string& t = node.op_type();
  if (t == "Conv" || t == "ConvInteger" || t == "QLinearConv") {
    op->attrs.erase("group");
    op->attrs.erase("auto_pad");
    op->attrs.erase("kernel_shape");
    return ConvAttrs(node, graph, op);
  }
  if (t == "Gemm") {
    op->attrs["transpose_a"] = op->IntAttr("transA", 0) != 0;
    op->attrs["transpose_b"] = op->IntAttr("transB", 0) != 0;
    op->attrs.erase("transA");
    op->attrs.erase("transB");
  }
  return OkStatus();
}

Status ValidateOp(const onnx::NodeProto& node, const Graph& graph, const Op& op) {
  if (op.engine != Engine::kAiCore || op.type.find("MatMul") == std::string::npos) return OkStatus();
  auto fail = [&](const std::string& why) { return NodeError(node, op, why); };
  if (op.inputs.size() < 2 || op.outputs.empty()) return fail("needs inputs A and B and an output");
  const auto& a = graph.tensor(op.inputs[0]).shape;
  const auto& b = graph.tensor(op.inputs[1]).shape;
  if (a.empty() || b.empty()) return fail("A and B must have at least one dimension");
  const bool ta = op.BoolAttr("transpose_a", false), tb = op.BoolAttr("transpose_b", false);
  if ((ta && a.size() < 2) || (tb && b.size() < 2)) return fail("a transposed operand must be at least 2-D");
  int64_t ka = ta ? a[a.size() - 2] : a.back();
  int64_t kb = b.size() == 1 ? b[0] : (tb ? b.back() : b[b.size() - 2]);
  if (ka != kb) return fail("contraction dims differ: A " + DimsText(a) + ", B " + DimsText(b));
  return OkStatus();
}

}  // namespace aclsim::model::onnx_internal
