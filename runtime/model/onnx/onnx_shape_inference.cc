#include "runtime/model/onnx/onnx_shape_inference.h"

#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "runtime/model/onnx/onnx_op_table.h"

namespace aclsim::model::onnx_internal {
namespace {

// Window attributes that libonnx 1.12's conv/pool shape inference divides by
// or indexes with unchecked (found by tests/fuzz/onnx_loader_fuzz.cc): checked
// here, in subgraphs too, before inference runs.
Status CheckWindowAttrs(const onnx::GraphProto& g, int depth) {
  if (depth > 32) return ParseError("subgraphs are nested more than 32 deep");
  for (const auto& node : g.node()) {
    for (const auto& a : node.attribute()) {
      if (a.type() == onnx::AttributeProto::GRAPH) {
        ACLSIM_RETURN_IF_ERROR(CheckWindowAttrs(a.g(), depth + 1));
      } else if (a.type() == onnx::AttributeProto::GRAPHS) {
        for (const auto& sub : a.graphs()) ACLSIM_RETURN_IF_ERROR(CheckWindowAttrs(sub, depth + 1));
      }
      if (!IsDefaultDomain(node.domain())) continue;
      const bool positive = a.name() == "strides" || a.name() == "dilations" || a.name() == "kernel_shape";
      const bool non_negative = a.name() == "pads" || a.name() == "output_padding";
      if (!positive && !non_negative) continue;
      for (int64_t v : a.ints()) {
        if ((positive && v < 1) || (non_negative && v < 0)) {
          return ParseError("node '" + node.name() + "' (" + node.op_type() + ") has " + a.name() + " value " +
                            std::to_string(v) + (positive ? " (must be >= 1)" : " (must be >= 0)"));
        }
      }
    }
  }
  return OkStatus();
}

// libonnx 1.12's convPoolShapeInference reads the kernel shape from the
// weight's dims without checking its rank (an out-of-bounds read on a
// malformed model). Conv-family nodes of the main graph therefore get an
// explicit kernel_shape from a statically known weight shape, which inference
// then checks; a weight of unknown shape without kernel_shape is rejected.
Status PinKernelShapes(onnx::ModelProto* model) {
  std::unordered_map<std::string, const onnx::TensorShapeProto*> declared;
  std::unordered_map<std::string, const onnx::TensorProto*> inits;
  const onnx::GraphProto& g = model->graph();
  for (const auto& init : g.initializer()) inits[init.name()] = &init;
  for (const auto* list : {&g.input(), &g.value_info()}) {
    for (const auto& v : *list) {
      if (v.type().has_tensor_type() && v.type().tensor_type().has_shape()) {
        declared[v.name()] = &v.type().tensor_type().shape();
      }
    }
  }
  for (auto& node : *model->mutable_graph()->mutable_node()) {
    if (!IsDefaultDomain(node.domain())) continue;
    const std::string& t = node.op_type();
    int w_index = -1;
    if (t == "Conv" || t == "ConvInteger" || t == "ConvTranspose") w_index = 1;
    if (t == "QLinearConv") w_index = 3;
    if (w_index < 0 || node.input_size() <= w_index) continue;
    bool has_kernel = false;
    for (const auto& a : node.attribute()) has_kernel = has_kernel || a.name() == "kernel_shape";
    if (has_kernel) continue;
    std::vector<int64_t> dims;
    const std::string& w = node.input(w_index);
    if (auto it = inits.find(w); it != inits.end()) {
      dims.assign(it->second->dims().begin(), it->second->dims().end());
    } else if (auto d = declared.find(w); d != declared.end()) {
      for (const auto& dim : d->second->dim()) {
        if (!dim.has_dim_value())
          return ParseError("node '" + node.name() + "' (" + t + "): weight '" + w +
                            "' has a dynamic kernel dimension and no kernel_shape");
        dims.push_back(dim.dim_value());
      }
    } else {
      return ParseError("node '" + node.name() + "' (" + t + "): weight '" + w +
                        "' has no declared shape and the node has no kernel_shape");
    }
    if (dims.size() < 3) {
      return ParseError("node '" + node.name() + "' (" + t + "): weight '" + w + "' must have rank >= 3");
    }
    auto* a = node.add_attribute();
    a->set_name("kernel_shape");
    a->set_type(onnx::AttributeProto::INTS);
    for (size_t i = 2; i < dims.size(); ++i) a->add_ints(dims[i]);
  }
  return OkStatus();
}

// Inputs whose rank is statically known (initializers, graph inputs,
// value_info) are checked against the rank rules (onnx_op_table.h) before
// inference runs. Attributes must be named (an empty name is never valid ONNX).
Status CheckInputRanks(const onnx::GraphProto& g) {
  std::unordered_map<std::string, int> ranks;
  for (const auto& init : g.initializer()) ranks[init.name()] = init.dims_size();
  for (const auto* list : {&g.input(), &g.value_info()}) {
    for (const auto& v : *list) {
      if (v.type().has_tensor_type() && v.type().tensor_type().has_shape()) {
        ranks[v.name()] = v.type().tensor_type().shape().dim_size();
      }
    }
  }
  for (const auto& node : g.node()) {
    for (const auto& a : node.attribute()) {
      if (a.name().empty())
        return ParseError("node '" + node.name() + "' (" + node.op_type() + ") has an unnamed attribute");
    }
    if (!IsDefaultDomain(node.domain())) continue;
    const std::vector<RankRule>* rules = RankRulesFor(node.op_type());
    if (rules == nullptr) continue;
    for (const RankRule& rule : *rules) {
      if (rule.input >= node.input_size() || node.input(rule.input).empty()) continue;
      auto it = ranks.find(node.input(rule.input));
      if (it == ranks.end()) continue;
      const int rank = it->second;
      if (rank >= rule.min_rank && (rule.max_rank < 0 || rank <= rule.max_rank)) continue;
      std::string want =
          rule.max_rank == rule.min_rank ? std::to_string(rule.min_rank) : ">= " + std::to_string(rule.min_rank);
      return ParseError("node '" + node.name() + "' (" + node.op_type() + ") needs input " +
                        std::to_string(rule.input) + " of rank " + want + "; '" + node.input(rule.input) +
                        "' has rank " + std::to_string(rank) + (rank == 0 ? " (a scalar)" : ""));
    }
  }
  return OkStatus();
}

void IndexValues(const onnx::GraphProto& g, ValueIndex* values) {
  values->clear();
  for (const auto& v : g.input()) (*values)[v.name()].type = v.has_type() ? &v.type() : nullptr;
  for (const auto& v : g.value_info()) (*values)[v.name()].type = v.has_type() ? &v.type() : nullptr;
  for (const auto& v : g.output()) {
    if (v.has_type()) (*values)[v.name()].type = &v.type();
  }
  for (const auto& init : g.initializer()) (*values)[init.name()].initializer = &init;
  for (const auto& sp : g.sparse_initializer()) (*values)[sp.values().name()].sparse = &sp;
}

bool HasKnownTensorType(const ValueInfo* v) {
  if (v == nullptr) return false;
  if (v->initializer != nullptr || v->sparse != nullptr) return true;
  return v->type != nullptr && v->type->value_case() == onnx::TypeProto::kTensorType &&
         v->type->tensor_type().has_shape() && v->type->tensor_type().elem_type() != 0;
}

// Ops without an ONNX schema (custom domains, newer ops) get no inferred
// output; the rule is that their outputs take the type and shape of input 0
// (elementwise). Adds that type as value_info to every such output still
// without one and returns whether it added any.
bool FillSchemalessOutputs(const Opsets& opsets, onnx::ModelProto* model, ValueIndex* values) {
  bool added = false;
  for (const auto& node : model->graph().node()) {
    if (SchemaFor(opsets, node) != nullptr || node.input_size() == 0 || node.input(0).empty()) continue;
    auto in = values->find(node.input(0));
    if (in == values->end() || !HasKnownTensorType(&in->second)) continue;
    onnx::TypeProto type;
    if (in->second.type != nullptr) {
      type = *in->second.type;
    } else {
      const onnx::TensorProto* init = in->second.initializer;
      const auto& dims = init != nullptr ? init->dims() : in->second.sparse->dims();
      type.mutable_tensor_type()->set_elem_type(init != nullptr ? init->data_type()
                                                                : in->second.sparse->values().data_type());
      auto* shape = type.mutable_tensor_type()->mutable_shape();
      for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
    }
    for (const auto& out : node.output()) {
      if (out.empty()) continue;
      auto it = values->find(out);
      if (it != values->end() && HasKnownTensorType(&it->second)) continue;
      auto* vi = model->mutable_graph()->add_value_info();
      vi->set_name(out);
      *vi->mutable_type() = type;
      (*values)[out].type = &vi->type();  // elements are heap-stable: chains resolve in one round
      added = true;
    }
  }
  return added;
}

}  // namespace

// Gives graph input |name| the shape |dims| (ModelLoadOptions.input_shapes):
// same rank, and the same value where the model's dim is static.
static Status SetInputShape(const std::string& name, const std::vector<int64_t>& dims, onnx::TypeProto_Tensor* tt) {
  if (tt->has_shape() && tt->shape().dim_size() != static_cast<int>(dims.size())) {
    return ParseError("the input shape of '" + name + "' has " + std::to_string(dims.size()) +
                      " dimensions; the model's input has " + std::to_string(tt->shape().dim_size()));
  }
  if (tt->has_shape()) {
    for (int d = 0; d < tt->shape().dim_size(); ++d) {
      const auto& dim = tt->shape().dim(d);
      if (IsConcrete(dim) && dim.dim_value() != dims[static_cast<size_t>(d)]) {
        return ParseError("the input shape of '" + name + "' sets dimension " + std::to_string(d) + " to " +
                          std::to_string(dims[static_cast<size_t>(d)]) + "; the model fixes it at " +
                          std::to_string(dim.dim_value()));
      }
    }
  }
  auto* shape = tt->mutable_shape();
  shape->clear_dim();
  for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
  return OkStatus();
}

Status ApplyInputRule(const ModelLoadOptions& options, onnx::ModelProto* model) {
  onnx::GraphProto* g = model->mutable_graph();
  std::unordered_set<std::string> initializers;
  for (const auto& init : g->initializer()) initializers.insert(init.name());
  size_t named = 0;
  for (auto& in : *g->mutable_input()) {
    if (initializers.count(in.name())) continue;
    if (!in.has_type()) return ParseError("graph input '" + in.name() + "' has no type");
    if (in.type().value_case() != onnx::TypeProto::kTensorType) {
      return Unsupported("graph input '" + in.name() +
                         "' is not a tensor (sequence, map, optional and sparse values are not supported)");
    }
    auto* tt = in.mutable_type()->mutable_tensor_type();
    if (auto given = options.input_shapes.find(in.name()); given != options.input_shapes.end()) {
      ++named;
      ACLSIM_RETURN_IF_ERROR(SetInputShape(in.name(), given->second, tt));
      continue;
    }
    if (!tt->has_shape()) return NotDynamic("graph input '" + in.name() + "' has no shape (unknown rank)");
    auto* shape = tt->mutable_shape();
    for (int d = 0; d < shape->dim_size(); ++d) {
      auto* dim = shape->mutable_dim(d);
      if (IsConcrete(*dim)) {
        if (dim->dim_value() < 0) {
          return ParseError("graph input '" + in.name() + "' has a negative dimension");
        }
        continue;
      }
      if (d != 0) {
        return NotDynamic("graph input '" + in.name() + "' has a dynamic dimension " + std::to_string(d) +
                          (dim->has_dim_param() ? " ('" + dim->dim_param() + "')" : std::string()) +
                          "; only the leading (batch) dimension may be dynamic");
      }
      dim->set_dim_value(options.default_batch);
    }
  }
  auto clear_symbolic = [](onnx::ValueInfoProto& v) {
    if (!v.has_type() || v.type().value_case() != onnx::TypeProto::kTensorType) return;
    auto* tt = v.mutable_type()->mutable_tensor_type();
    if (!tt->has_shape()) return;
    for (const auto& d : tt->shape().dim()) {
      if (!IsConcrete(d)) {
        tt->clear_shape();
        return;
      }
    }
  };
  if (named != options.input_shapes.size()) {
    for (const auto& entry : options.input_shapes) {
      const std::string& name = entry.first;
      const bool found = std::any_of(g->input().begin(), g->input().end(),
                                     [&](const onnx::ValueInfoProto& in) { return in.name() == name; });
      if (!found || initializers.count(name)) {
        return ParseError("the input shape names '" + name + "', which is not an input of the model");
      }
    }
  }
  for (auto& v : *g->mutable_output()) clear_symbolic(v);
  for (auto& v : *g->mutable_value_info()) clear_symbolic(v);
  return OkStatus();
}

Status InferShapes(const Opsets& opsets, onnx::ModelProto* model, ValueIndex* values) {
  ACLSIM_RETURN_IF_ERROR(CheckWindowAttrs(model->graph(), 0));
  ACLSIM_RETURN_IF_ERROR(CheckInputRanks(model->graph()));
  ACLSIM_RETURN_IF_ERROR(PinKernelShapes(model));
  const onnx::ShapeInferenceOptions options(/*check_type_val=*/false, /*strict_mode_val=*/0,
                                            /*data_prop_val=*/true);
  // After the outputs of schema-less ops are filled in, inference continues
  // downstream. Each round resolves at least one such node, so the loop is
  // bounded.
  for (int round = 0; round <= model->graph().node_size(); ++round) {
    try {
      onnx::shape_inference::InferShapes(*model, onnx::OpSchemaRegistry::Instance(), options);
    } catch (const std::exception& e) {
      return ParseError(std::string("shape inference failed: ") + e.what());
    }
    IndexValues(model->graph(), values);
    if (!FillSchemalessOutputs(opsets, model, values)) return OkStatus();
    IndexValues(model->graph(), values);
  }
  return OkStatus();
}

}  // namespace aclsim::model::onnx_internal
