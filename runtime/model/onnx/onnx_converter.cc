// Conversion of an ONNX ModelProto into the internal timed op graph
// (runtime/model/graph.h), and the public entry point LoadGraphFromOnnx
// (onnx_loader.h): after the structural checks and shape inference, each node
// becomes a device op, a constant-folded weight or a no-task view, and every
// tensor an op reads or writes gets its inferred shape and dtype.
#include "runtime/model/onnx/onnx_loader.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <climits>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "runtime/log.h"
#include "runtime/model/onnx/onnx_attributes.h"
#include "runtime/model/onnx/onnx_checks.h"
#include "runtime/model/onnx/onnx_common.h"
#include "runtime/model/onnx/onnx_op_table.h"
#include "runtime/model/onnx/onnx_shape_inference.h"

namespace aclsim::model {
namespace {

using onnx_internal::FindEntry;
using onnx_internal::GraphStructure;
using onnx_internal::IsConcrete;
using onnx_internal::IsDefaultDomain;
using onnx_internal::MapEntry;
using onnx_internal::NodeClass;
using onnx_internal::NotDynamic;
using onnx_internal::ParseError;
using onnx_internal::Unsupported;
using onnx_internal::ValueIndex;
using onnx_internal::ValueInfo;

constexpr int64_t kMaxDim = int64_t{1} << 40;
constexpr int64_t kMaxElements = kMaxTensorElements;
constexpr int kMaxRank = 32;

std::optional<DataType> MapDtype(int32_t onnx_type) {
  using T = onnx::TensorProto_DataType;
  switch (onnx_type) {
    case T::TensorProto_DataType_FLOAT: return DataType::kFloat32;
    case T::TensorProto_DataType_FLOAT16: return DataType::kFloat16;
    case T::TensorProto_DataType_BFLOAT16: return DataType::kBfloat16;
    case T::TensorProto_DataType_DOUBLE: return DataType::kFloat64;
    case T::TensorProto_DataType_INT8: return DataType::kInt8;
    case T::TensorProto_DataType_UINT8: return DataType::kUint8;
    case T::TensorProto_DataType_INT16: return DataType::kInt16;
    case T::TensorProto_DataType_UINT16: return DataType::kUint16;
    case T::TensorProto_DataType_INT32: return DataType::kInt32;
    case T::TensorProto_DataType_UINT32: return DataType::kUint32;
    case T::TensorProto_DataType_INT64: return DataType::kInt64;
    case T::TensorProto_DataType_UINT64: return DataType::kUint64;
    case T::TensorProto_DataType_BOOL: return DataType::kBool;
    default: return std::nullopt;
  }
}

std::string DtypeText(int32_t onnx_type) {
  if (onnx::TensorProto_DataType_IsValid(onnx_type)) {
    return onnx::TensorProto_DataType_Name(static_cast<onnx::TensorProto_DataType>(onnx_type));
  }
  return std::to_string(onnx_type);
}

// Checks |shape| and returns its element count.
Status CheckShape(const std::string& name, const std::vector<int64_t>& shape) {
  if (shape.size() > static_cast<size_t>(kMaxRank)) {
    return ParseError("tensor '" + name + "' has rank " + std::to_string(shape.size()) + " (at most 32)");
  }
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d < 0 || d > kMaxDim) return ParseError("tensor '" + name + "' has an invalid dimension " + std::to_string(d));
    if (d != 0 && count > kMaxElements / d) return ParseError("tensor '" + name + "' is too large");
    count *= d;
  }
  return OkStatus();
}

class Converter {
 public:
  Converter(onnx::ModelProto& model, const ModelLoadOptions& options, OnnxLoadReport* report)
      : model_(model), options_(options), report_(report) {}

  StatusOr<Graph> Run();

 private:
  StatusOr<int32_t> TensorFor(const std::string& name);
  StatusOr<std::vector<int64_t>> ShapeOf(const std::string& name, DataType* out_dtype);
  Status ConvertNode(size_t node_index, const onnx::NodeProto& node);
  bool ProducesGraphOutput(const onnx::NodeProto& node) const;
  bool FoldAtLoad(const onnx::NodeProto& node, NodeClass cls);
  bool AliasInput(const onnx::NodeProto& node, NodeClass cls);
  Status NameOp(size_t node_index, const onnx::NodeProto& node, Op* op);
  void SetOpType(const onnx::NodeProto& node, const MapEntry* entry, Op* op);
  Status ConnectTensors(const onnx::NodeProto& node, Op* op);
  void LogSummary() const;

  onnx::ModelProto& model_;
  const ModelLoadOptions& options_;
  OnnxLoadReport* report_;
  OnnxLoadReport local_report_;
  GraphStructure structure_;  // opsets, topological order, graph outputs
  ValueIndex values_;
  std::unordered_set<std::string> constants_;          // initializers + folded outputs
  std::unordered_map<std::string, int32_t> producer_;  // value -> op index (aliases resolved)
  std::unordered_map<std::string, int32_t> tensor_index_;
  std::unordered_set<std::string> op_names_;
  Graph graph_;
};

StatusOr<std::vector<int64_t>> Converter::ShapeOf(const std::string& name, DataType* out_dtype) {
  auto it = values_.find(name);
  const ValueInfo* v = it == values_.end() ? nullptr : &it->second;
  std::vector<int64_t> shape;
  int32_t elem_type = 0;
  if (v != nullptr && (v->initializer != nullptr || v->sparse != nullptr)) {
    const auto& dims = v->initializer != nullptr ? v->initializer->dims() : v->sparse->dims();
    elem_type = v->initializer != nullptr ? v->initializer->data_type() : v->sparse->values().data_type();
    shape.assign(dims.begin(), dims.end());
  } else {
    if (v == nullptr || v->type == nullptr) {
      return NotDynamic("tensor '" + name + "' has no type or shape after shape inference (data-dependent shape?)");
    }
    if (v->type->value_case() != onnx::TypeProto::kTensorType) {
      return Unsupported("value '" + name +
                         "' is not a tensor (sequence, map, optional and sparse values are "
                         "not supported)");
    }
    const auto& tt = v->type->tensor_type();
    elem_type = tt.elem_type();
    if (!tt.has_shape()) {
      return NotDynamic("tensor '" + name + "' has an unknown rank after shape inference (data-dependent shape?)");
    }
    for (int d = 0; d < tt.shape().dim_size(); ++d) {
      const auto& dim = tt.shape().dim(d);
      if (!IsConcrete(dim)) {
        return NotDynamic("tensor '" + name + "' has an unknown dimension " + std::to_string(d) +
                          (dim.has_dim_param() ? " ('" + dim.dim_param() + "')" : std::string()) +
                          " after shape inference (data-dependent shape?)");
      }
      shape.push_back(dim.dim_value());
    }
  }
  auto dtype = MapDtype(elem_type);
  if (!dtype) {
    if (elem_type == 0) return NotDynamic("tensor '" + name + "' has no element type after shape inference");
    return Unsupported("tensor '" + name + "' has dtype " + DtypeText(elem_type) +
                       " (string and complex tensors are not supported)");
  }
  ACLSIM_RETURN_IF_ERROR(CheckShape(name, shape));
  *out_dtype = *dtype;
  return shape;
}

StatusOr<int32_t> Converter::TensorFor(const std::string& name) {
  if (auto it = tensor_index_.find(name); it != tensor_index_.end()) return it->second;
  Tensor t;
  t.name = name;
  ACLSIM_ASSIGN_OR_RETURN(t.shape, ShapeOf(name, &t.dtype));
  t.format = t.shape.size() == 4 ? Format::kNchw : Format::kNd;
  if (constants_.count(name)) {
    t.kind = TensorKind::kWeight;
  } else if (auto p = producer_.find(name); p != producer_.end()) {
    t.kind = TensorKind::kIntermediate;
    t.producer = p->second;
  } else {
    t.kind = TensorKind::kInput;
  }
  int32_t index = static_cast<int32_t>(graph_.tensors.size());
  graph_.tensors.push_back(std::move(t));
  tensor_index_.emplace(name, index);
  return index;
}

bool Converter::ProducesGraphOutput(const onnx::NodeProto& node) const {
  bool produces_output = false;
  for (const auto& out : node.output()) produces_output = produces_output || structure_.graph_outputs.count(out) != 0;
  return produces_output;
}

// Constant folding (as ATC does): a node computed from constants only, or
// from static shapes only, runs at load time and its outputs are weights.
bool Converter::FoldAtLoad(const onnx::NodeProto& node, NodeClass cls) {
  bool all_const = true;
  for (const auto& in : node.input()) all_const = all_const && (in.empty() || constants_.count(in) != 0);
  bool has_subgraph = false;
  for (const auto& a : node.attribute()) {
    has_subgraph = has_subgraph || a.type() == onnx::AttributeProto::GRAPH || a.type() == onnx::AttributeProto::GRAPHS;
  }
  if (!ProducesGraphOutput(node) && !has_subgraph && (all_const || cls == NodeClass::kShapeOf)) {
    for (const auto& out : node.output()) {
      if (!out.empty()) constants_.insert(out);
    }
    ++local_report_.folded_nodes;
    return true;
  }
  return false;
}

// No-task views: the output aliases input 0 (its producer is input 0's).
bool Converter::AliasInput(const onnx::NodeProto& node, NodeClass cls) {
  if (cls == NodeClass::kView && !ProducesGraphOutput(node) && node.input_size() > 0 && !node.input(0).empty()) {
    bool extra_outputs_used = false;
    for (int k = 1; k < node.output_size(); ++k) extra_outputs_used = extra_outputs_used || !node.output(k).empty();
    if (!extra_outputs_used) {
      const std::string& src = node.input(0);
      if (constants_.count(src)) {
        constants_.insert(node.output(0));
      } else {
        auto p = producer_.find(src);
        producer_[node.output(0)] = p != producer_.end() ? p->second : -1;
      }
      ++local_report_.aliased_nodes;
      return true;
    }
  }
  return false;
}

// The node's name, or "<op_type>_<index>" when it has none; a name already
// taken gets the index appended.
Status Converter::NameOp(size_t node_index, const onnx::NodeProto& node, Op* op) {
  op->name = node.name();
  if (op->name.empty()) op->name = node.op_type() + "_" + std::to_string(node_index);
  if (!op_names_.insert(op->name).second) {
    op->name += "_" + std::to_string(node_index);
    if (!op_names_.insert(op->name).second) return ParseError("node name '" + op->name + "' is not unique");
  }
  return OkStatus();
}

// The Ascend type and engine from the mapping table (|entry|, null when the
// type is not in it: then a memory-bound AI_VECTOR op of the ONNX type).
void Converter::SetOpType(const onnx::NodeProto& node, const MapEntry* entry, Op* op) {
  const std::string& t = node.op_type();
  size_t rank0 = 0;
  if (node.input_size() > 0 && !node.input(0).empty()) {
    DataType unused;
    auto shape = ShapeOf(node.input(0), &unused);
    if (shape.ok()) rank0 = shape->size();
  }
  if (entry != nullptr) {
    op->type = std::string(OnnxAscendOpType(t, rank0));
    op->engine = entry->engine;
  } else {
    op->type = t;
    op->engine = Engine::kAiVector;
    ++local_report_.unknown_ops;
    ++local_report_.unknown_types[IsDefaultDomain(node.domain()) ? t : node.domain() + "::" + t];
  }
}

// The op's input and output tensors; its outputs' producer is the op about to
// be appended to graph_.ops.
Status Converter::ConnectTensors(const onnx::NodeProto& node, Op* op) {
  const std::string& t = node.op_type();
  // Quantized cube ops keep x and w first, where the cost model reads them.
  std::vector<std::string> inputs(node.input().begin(), node.input().end());
  if ((t == "QLinearConv" || t == "QLinearMatMul") && inputs.size() >= 4) {
    std::rotate(inputs.begin() + 1, inputs.begin() + 3, inputs.begin() + 4);
  }
  for (const auto& in : inputs) {
    if (in.empty()) continue;
    ACLSIM_ASSIGN_OR_RETURN(int32_t index, TensorFor(in));
    op->inputs.push_back(index);
  }
  const int32_t op_index = static_cast<int32_t>(graph_.ops.size());
  for (const auto& out : node.output()) {
    if (out.empty()) continue;
    producer_[out] = op_index;
    auto index = TensorFor(out);
    if (!index.ok()) {
      // An optional output nobody reads (Dropout's mask, BatchNorm's running
      // stats, ...) may stay shapeless; it is simply not modelled.
      bool consumed = structure_.graph_outputs.count(out) != 0;
      for (const auto& other : model_.graph().node()) {
        for (const auto& in : other.input()) consumed = consumed || in == out;
      }
      if (consumed) return index.status();
      continue;
    }
    op->outputs.push_back(*index);
  }
  return OkStatus();
}

Status Converter::ConvertNode(size_t node_index, const onnx::NodeProto& node) {
  const MapEntry* entry = IsDefaultDomain(node.domain()) ? FindEntry(node.op_type()) : nullptr;
  const NodeClass cls = entry != nullptr ? entry->cls : NodeClass::kCompute;
  if (FoldAtLoad(node, cls) || AliasInput(node, cls)) return OkStatus();

  Op op;
  ACLSIM_RETURN_IF_ERROR(NameOp(node_index, node, &op));
  SetOpType(node, entry, &op);
  ACLSIM_RETURN_IF_ERROR(ConnectTensors(node, &op));
  ACLSIM_RETURN_IF_ERROR(onnx_internal::FillAttrs(node, graph_, &op));
  ACLSIM_RETURN_IF_ERROR(onnx_internal::ValidateOp(node, graph_, op));
  graph_.ops.push_back(std::move(op));
  return OkStatus();
}

StatusOr<Graph> Converter::Run() {
  ACLSIM_RETURN_IF_ERROR(onnx_internal::CheckStructure(&model_, &structure_));
  if (auto it = structure_.opsets.find(""); it != structure_.opsets.end()) local_report_.opset = it->second;
  ACLSIM_RETURN_IF_ERROR(onnx_internal::ApplyInputRule(options_, &model_));
  ACLSIM_RETURN_IF_ERROR(onnx_internal::InferShapes(structure_.opsets, &model_, &values_));
  const onnx::GraphProto& g = model_.graph();
  graph_.name = g.name().empty() ? std::string("onnx_model") : g.name();
  for (const auto& init : g.initializer()) constants_.insert(init.name());
  for (const auto& sp : g.sparse_initializer()) constants_.insert(sp.values().name());
  for (const auto& in : g.input()) {
    if (constants_.count(in.name())) continue;  // old IR: initializers listed as inputs
    ACLSIM_ASSIGN_OR_RETURN(int32_t index, TensorFor(in.name()));
    graph_.inputs.push_back(index);
  }
  local_report_.node_count = static_cast<size_t>(g.node_size());
  for (int i = 0; i < g.node_size(); ++i) {
    // Generated names use the node's index in the file, not the sorted order.
    ACLSIM_RETURN_IF_ERROR(ConvertNode(static_cast<size_t>(structure_.order[static_cast<size_t>(i)]), g.node(i)));
  }
  for (const auto& out : g.output()) {
    ACLSIM_ASSIGN_OR_RETURN(int32_t index, TensorFor(out.name()));
    graph_.outputs.push_back(index);
  }
  if (graph_.ops.empty()) return ParseError("graph '" + graph_.name + "' has no node that runs on the device");
  local_report_.task_ops = graph_.ops.size();
  graph_.stream_count = 1;

  LogSummary();
  if (report_ != nullptr) *report_ = local_report_;
  return std::move(graph_);
}

void Converter::LogSummary() const {
  if (local_report_.unknown_ops > 0 && LogEnabled(LogLevel::kWarning)) {
    std::string types;
    for (const auto& [type, count] : local_report_.unknown_types) {
      types += (types.empty() ? "" : ", ") + type + " x" + std::to_string(count);
    }
    Log(LogLevel::kWarning, "onnx model '" + graph_.name + "': " + std::to_string(local_report_.unknown_ops) +
                                " op(s) of a type outside the mapping table run as memory-bound AI_VECTOR ops (" +
                                types + ")");
  }
  if (LogEnabled(LogLevel::kInfo)) {
    Log(LogLevel::kInfo, "onnx model '" + graph_.name + "': " + std::to_string(local_report_.node_count) +
                             " nodes -> " + std::to_string(local_report_.task_ops) + " ops, " +
                             std::to_string(local_report_.folded_nodes) + " constant-folded, " +
                             std::to_string(local_report_.aliased_nodes) + " no-task views");
  }
}

}  // namespace

StatusOr<ModelSignature> ReadOnnxSignature(std::string_view bytes) {
  onnx::ModelProto model;
  if (bytes.empty() || bytes.size() > static_cast<size_t>(INT_MAX) ||
      !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())) || !model.has_graph()) {
    return Status(Detail::kModelDeserialize, "model: input is not an ONNX ModelProto with a graph");
  }
  std::unordered_set<std::string> initializers;
  for (const auto& init : model.graph().initializer()) initializers.insert(init.name());
  auto describe = [](const onnx::ValueInfoProto& v) -> StatusOr<TensorSignature> {
    TensorSignature t;
    t.name = v.name();
    const auto& tt = v.type().tensor_type();
    const std::optional<DataType> dtype = MapDtype(tt.elem_type());
    if (!dtype) return onnx_internal::Unsupported("'" + v.name() + "' has data type " + DtypeText(tt.elem_type()));
    t.dtype = *dtype;
    for (const auto& d : tt.shape().dim()) t.dims.push_back(onnx_internal::IsConcrete(d) ? d.dim_value() : -1);
    if (!tt.has_shape()) t.dims = {-2};  // an unknown rank, as GE writes it
    t.format = t.dims.size() == 4 ? Format::kNchw : Format::kNd;
    return t;
  };
  ModelSignature sig;
  for (const auto& in : model.graph().input()) {
    if (initializers.count(in.name())) continue;
    ACLSIM_ASSIGN_OR_RETURN(TensorSignature t, describe(in));
    sig.inputs.push_back(std::move(t));
  }
  for (const auto& out : model.graph().output()) {
    ACLSIM_ASSIGN_OR_RETURN(TensorSignature t, describe(out));
    sig.outputs.push_back(std::move(t));
  }
  return sig;
}

StatusOr<Graph> LoadGraphFromOnnx(std::string_view bytes, const ModelLoadOptions& options, OnnxLoadReport* out_report) {
  ACLSIM_RETURN_IF_ERROR(options.Validate());
  if (bytes.empty()) return Status(Detail::kModelSizeInvalid, "model: input is empty");
  if (bytes.size() > static_cast<size_t>(INT_MAX)) {
    return Status(Detail::kModelSizeInvalid, "onnx model: larger than 2 GiB (protobuf's limit)");
  }
  onnx::ModelProto model;
  if (!model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return Status(Detail::kModelDeserialize,
                  "model: input is neither a JSON op graph nor an ONNX ModelProto (protobuf parse failed)");
  }
  if (!model.has_ir_version() || model.ir_version() <= 0) {
    return Status(Detail::kModelDeserialize,
                  "model: input is neither a JSON op graph nor an ONNX ModelProto (no ir_version)");
  }
  if (!model.has_graph()) {
    return Status(Detail::kModelDeserialize, "model: ONNX ModelProto has no graph");
  }
  try {
    Converter converter(model, options, out_report);
    return converter.Run();
  } catch (const std::bad_alloc&) {
    return Status(StatusCode::kResourceExhausted, "onnx model: out of memory while loading");
  } catch (const std::exception& e) {
    return ParseError(std::string("unexpected error from libonnx: ") + e.what());
  }
}

}  // namespace aclsim::model
