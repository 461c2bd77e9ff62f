#include "runtime/model/onnx_loader.h"

#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <array>
#include <climits>
#include <exception>
#include <queue>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "runtime/log.h"

namespace aclsim::model {
namespace {

constexpr int64_t kMaxDim = int64_t{1} << 40;
constexpr int64_t kMaxElements = int64_t{1} << 40;
constexpr int kMaxRank = 32;

// How a node is treated besides its Ascend type (docs/onnx_mapping.md).
enum class NodeClass : uint8_t {
  kCompute,  // a device task
  kView,     // a no-task view (output aliases input 0) unless it produces a graph output
  kShapeOf,  // reads only static shapes: constant-folded unless it produces a graph output
};

struct MapEntry {
  std::string_view onnx;
  std::string_view ascend;
  Engine engine;
  NodeClass cls;
};

constexpr Engine kCube = Engine::kAiCore;
constexpr Engine kVec = Engine::kAiVector;
constexpr Engine kCpu = Engine::kAiCpu;
constexpr NodeClass kRun = NodeClass::kCompute;

// The mapping table; docs/onnx_mapping.md lists the same rows. Conv and the
// MatMul family are refined by rank in OnnxAscendOpType.
constexpr MapEntry kTable[] = {
    // Cube (AI_CORE): the cost model counts their MACs.
    {"Conv", "Conv2D", kCube, kRun},
    {"ConvInteger", "Conv2D", kCube, kRun},
    {"QLinearConv", "Conv2D", kCube, kRun},
    {"MatMul", "MatMulV2", kCube, kRun},
    {"MatMulInteger", "MatMulV2", kCube, kRun},
    {"QLinearMatMul", "MatMulV2", kCube, kRun},
    {"Gemm", "MatMulV2", kCube, kRun},
    {"ConvTranspose", "Conv2DTranspose", kCube, kRun},
    {"Einsum", "Einsum", kCube, kRun},
    {"LSTM", "DynamicRNN", kCube, kRun},
    {"GRU", "DynamicGRUV2", kCube, kRun},
    {"RNN", "DynamicRNN", kCube, kRun},
    // Elementwise arithmetic and comparison (AI_VECTOR).
    {"Add", "Add", kVec, kRun},
    {"Sub", "Sub", kVec, kRun},
    {"Mul", "Mul", kVec, kRun},
    {"Div", "RealDiv", kVec, kRun},
    {"Pow", "Pow", kVec, kRun},
    {"Mod", "FloorMod", kVec, kRun},
    {"Max", "Maximum", kVec, kRun},
    {"Min", "Minimum", kVec, kRun},
    {"Sum", "AddN", kVec, kRun},
    {"Mean", "AddN", kVec, kRun},
    {"Sqrt", "Sqrt", kVec, kRun},
    {"Reciprocal", "Reciprocal", kVec, kRun},
    {"Neg", "Neg", kVec, kRun},
    {"Abs", "Abs", kVec, kRun},
    {"Exp", "Exp", kVec, kRun},
    {"Log", "Log", kVec, kRun},
    {"Ceil", "Ceil", kVec, kRun},
    {"Floor", "Floor", kVec, kRun},
    {"Round", "Round", kVec, kRun},
    {"Sign", "Sign", kVec, kRun},
    {"Sin", "Sin", kVec, kRun},
    {"Cos", "Cos", kVec, kRun},
    {"Tan", "Tan", kVec, kRun},
    {"Asin", "Asin", kVec, kRun},
    {"Acos", "Acos", kVec, kRun},
    {"Atan", "Atan", kVec, kRun},
    {"Sinh", "Sinh", kVec, kRun},
    {"Cosh", "Cosh", kVec, kRun},
    {"Asinh", "Asinh", kVec, kRun},
    {"Acosh", "Acosh", kVec, kRun},
    {"Atanh", "Atanh", kVec, kRun},
    {"Equal", "Equal", kVec, kRun},
    {"Greater", "Greater", kVec, kRun},
    {"Less", "Less", kVec, kRun},
    {"GreaterOrEqual", "GreaterEqual", kVec, kRun},
    {"LessOrEqual", "LessEqual", kVec, kRun},
    {"Not", "LogicalNot", kVec, kRun},
    {"And", "LogicalAnd", kVec, kRun},
    {"Or", "LogicalOr", kVec, kRun},
    {"Xor", "LogicalXor", kVec, kRun},
    {"BitShift", "BitShift", kVec, kRun},
    {"Where", "Select", kVec, kRun},
    {"IsNaN", "IsNan", kVec, kRun},
    {"IsInf", "IsInf", kVec, kRun},
    {"Clip", "ClipByValue", kVec, kRun},
    // Activations.
    {"Relu", "Relu", kVec, kRun},
    {"LeakyRelu", "LeakyRelu", kVec, kRun},
    {"PRelu", "PRelu", kVec, kRun},
    {"Elu", "Elu", kVec, kRun},
    {"Selu", "Selu", kVec, kRun},
    {"Celu", "Celu", kVec, kRun},
    {"ThresholdedRelu", "ThresholdedRelu", kVec, kRun},
    {"Sigmoid", "Sigmoid", kVec, kRun},
    {"HardSigmoid", "HardSigmoid", kVec, kRun},
    {"HardSwish", "HardSwish", kVec, kRun},
    {"Tanh", "Tanh", kVec, kRun},
    {"Softplus", "Softplus", kVec, kRun},
    {"Softsign", "Softsign", kVec, kRun},
    {"Gelu", "Gelu", kVec, kRun},
    {"Erf", "Erf", kVec, kRun},
    {"Mish", "Mish", kVec, kRun},
    {"Shrink", "Shrink", kVec, kRun},
    {"Softmax", "SoftmaxV2", kVec, kRun},
    {"LogSoftmax", "LogSoftmaxV2", kVec, kRun},
    {"Hardmax", "Hardmax", kVec, kRun},
    // Normalisation.
    {"LayerNormalization", "LayerNorm", kVec, kRun},
    {"BatchNormalization", "BatchNorm", kVec, kRun},
    {"InstanceNormalization", "InstanceNorm", kVec, kRun},
    {"GroupNormalization", "GroupNorm", kVec, kRun},
    {"LpNormalization", "LpNorm", kVec, kRun},
    {"MeanVarianceNormalization", "MVN", kVec, kRun},
    {"LRN", "LRN", kVec, kRun},
    // Pooling and reductions (the cost model counts one FLOP per input element).
    {"MaxPool", "MaxPool", kVec, kRun},
    {"AveragePool", "AvgPool", kVec, kRun},
    {"GlobalAveragePool", "ReduceMean", kVec, kRun},
    {"GlobalMaxPool", "ReduceMax", kVec, kRun},
    {"LpPool", "LpPool", kVec, kRun},
    {"GlobalLpPool", "LpPool", kVec, kRun},
    {"MaxRoiPool", "ROIPooling", kVec, kRun},
    {"RoiAlign", "ROIAlign", kVec, kRun},
    {"MaxUnpool", "MaxUnpool", kVec, kRun},
    {"ReduceSum", "ReduceSum", kVec, kRun},
    {"ReduceMean", "ReduceMean", kVec, kRun},
    {"ReduceMax", "ReduceMax", kVec, kRun},
    {"ReduceMin", "ReduceMin", kVec, kRun},
    {"ReduceProd", "ReduceProd", kVec, kRun},
    {"ReduceL1", "ReduceL1", kVec, kRun},
    {"ReduceL2", "ReduceL2", kVec, kRun},
    {"ReduceLogSum", "ReduceLogSum", kVec, kRun},
    {"ReduceLogSumExp", "ReduceLogSumExp", kVec, kRun},
    {"ReduceSumSquare", "ReduceSumSquare", kVec, kRun},
    {"ArgMax", "ArgMax", kVec, kRun},
    {"ArgMin", "ArgMin", kVec, kRun},
    // Data movement (the cost model counts bytes, no FLOPs, for most).
    {"Transpose", "Transpose", kVec, kRun},
    {"Concat", "ConcatV2", kVec, kRun},
    {"Split", "Split", kVec, kRun},
    {"Slice", "StridedSlice", kVec, kRun},
    {"Gather", "GatherV2", kVec, kRun},
    {"GatherElements", "GatherElements", kVec, kRun},
    {"GatherND", "GatherNd", kVec, kRun},
    {"ScatterElements", "ScatterElements", kVec, kRun},
    {"Scatter", "ScatterElements", kVec, kRun},
    {"ScatterND", "ScatterNd", kVec, kRun},
    {"Pad", "Pad", kVec, kRun},
    {"Tile", "Tile", kVec, kRun},
    {"Expand", "BroadcastTo", kVec, kRun},
    {"Cast", "Cast", kVec, kRun},
    {"CastLike", "Cast", kVec, kRun},
    {"Resize", "Resize", kVec, kRun},
    {"Upsample", "Resize", kVec, kRun},
    {"DepthToSpace", "DepthToSpace", kVec, kRun},
    {"SpaceToDepth", "SpaceToDepth", kVec, kRun},
    {"CumSum", "Cumsum", kVec, kRun},
    {"TopK", "TopKV2", kVec, kRun},
    {"OneHot", "OneHot", kVec, kRun},
    {"Trilu", "Triu", kVec, kRun},
    {"ReverseSequence", "ReverseSequence", kVec, kRun},
    {"Compress", "Compress", kVec, kRun},
    {"QuantizeLinear", "AscendQuant", kVec, kRun},
    {"DequantizeLinear", "AscendDequant", kVec, kRun},
    {"DynamicQuantizeLinear", "DynamicQuant", kVec, kRun},
    // Views: no task (aliased) unless they produce a graph output.
    {"Reshape", "Reshape", kVec, NodeClass::kView},
    {"Flatten", "Flatten", kVec, NodeClass::kView},
    {"Squeeze", "Squeeze", kVec, NodeClass::kView},
    {"Unsqueeze", "Unsqueeze", kVec, NodeClass::kView},
    {"Identity", "Identity", kVec, NodeClass::kView},
    {"Dropout", "Dropout", kVec, NodeClass::kView},
    // Shape-only and host-style ops: AI_CPU when they run at all.
    {"Shape", "Shape", kCpu, NodeClass::kShapeOf},
    {"Size", "Size", kCpu, NodeClass::kShapeOf},
    {"Constant", "Const", kCpu, kRun},
    {"ConstantOfShape", "Fill", kCpu, kRun},
    {"Range", "Range", kCpu, kRun},
    {"EyeLike", "EyeLike", kCpu, kRun},
    {"NonZero", "NonZero", kCpu, kRun},
    {"Unique", "Unique", kCpu, kRun},
    {"NonMaxSuppression", "NonMaxSuppressionV3", kCpu, kRun},
    {"RandomNormal", "RandomStandardNormal", kCpu, kRun},
    {"RandomNormalLike", "RandomStandardNormal", kCpu, kRun},
    {"RandomUniform", "RandomUniform", kCpu, kRun},
    {"RandomUniformLike", "RandomUniform", kCpu, kRun},
    {"Multinomial", "Multinomial", kCpu, kRun},
    {"Bernoulli", "Bernoulli", kCpu, kRun},
    {"If", "If", kCpu, kRun},
    {"Loop", "Loop", kCpu, kRun},
    {"Scan", "Scan", kCpu, kRun},
};

const MapEntry* FindEntry(std::string_view onnx_type) {
  for (const auto& e : kTable) {
    if (e.onnx == onnx_type) return &e;
  }
  return nullptr;
}

bool IsDefaultDomain(const std::string& domain) { return domain.empty() || domain == "ai.onnx"; }

Status ParseError(const std::string& what) { return Status(ErrorCode::kParseModel, "onnx model: " + what); }
Status Unsupported(const std::string& what) { return Status(ErrorCode::kFeatureUnsupported, "onnx model: " + what); }
Status NotDynamic(const std::string& what) { return Status(ErrorCode::kModelNotDynamic, "onnx model: " + what); }

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

// Everything the converter needs to know about one value name.
struct ValueInfo {
  const onnx::TypeProto* type = nullptr;  // from inputs/outputs/value_info
  const onnx::TensorProto* initializer = nullptr;
  const onnx::SparseTensorProto* sparse = nullptr;
};

class Converter {
 public:
  Converter(onnx::ModelProto& model, const ModelLoadOptions& options, OnnxLoadReport* report)
      : model_(model), options_(options), report_(report) {}

  StatusOr<Graph> Run();

 private:
  Status CheckStructure();
  Status ApplyInputRule();
  Status InferShapes();
  Status PinKernelShapes();
  void IndexValues();
  StatusOr<int32_t> TensorFor(const std::string& name);
  StatusOr<std::vector<int64_t>> ShapeOf(const std::string& name, DataType* out_dtype);
  Status ConvertNode(size_t node_index, const onnx::NodeProto& node);
  Status FillAttrs(const onnx::NodeProto& node, Op* op);
  Status ConvAttrs(const onnx::NodeProto& node, Op* op);
  Status ValidateOp(const onnx::NodeProto& node, const Op& op);
  const onnx::OpSchema* SchemaFor(const onnx::NodeProto& node) const;

  onnx::ModelProto& model_;
  const ModelLoadOptions& options_;
  OnnxLoadReport* report_;
  OnnxLoadReport local_report_;
  std::unordered_map<std::string, int> opsets_;
  std::vector<int> order_;  // node indices in topological order
  std::unordered_map<std::string, ValueInfo> values_;
  std::unordered_set<std::string> graph_outputs_;
  std::unordered_set<std::string> constants_;          // initializers + folded outputs
  std::unordered_map<std::string, int32_t> producer_;  // value -> op index (aliases resolved)
  std::unordered_map<std::string, int32_t> tensor_index_;
  std::unordered_set<std::string> op_names_;
  Graph graph_;
};

const onnx::OpSchema* Converter::SchemaFor(const onnx::NodeProto& node) const {
  const std::string domain = IsDefaultDomain(node.domain()) ? std::string() : node.domain();
  auto it = opsets_.find(domain);
  if (it == opsets_.end()) return nullptr;
  return onnx::OpSchemaRegistry::Schema(node.op_type(), it->second, domain);
}

Status Converter::CheckStructure() {
  const onnx::GraphProto& g = model_.graph();
  for (const auto& imp : model_.opset_import()) {
    opsets_[IsDefaultDomain(imp.domain()) ? std::string() : imp.domain()] = static_cast<int>(imp.version());
  }
  if (auto it = opsets_.find(""); it != opsets_.end()) local_report_.opset = it->second;
  if (g.node_size() == 0) return ParseError("graph '" + g.name() + "' has no nodes");

  std::unordered_set<std::string> defined;
  for (const auto& init : g.initializer()) {
    if (init.name().empty()) return ParseError("an initializer has no name");
    if (!defined.insert(init.name()).second) return ParseError("duplicate initializer '" + init.name() + "'");
  }
  for (const auto& sp : g.sparse_initializer()) {
    if (!defined.insert(sp.values().name()).second) {
      return ParseError("duplicate initializer '" + sp.values().name() + "'");
    }
  }
  std::unordered_set<std::string> input_names;
  for (const auto& in : g.input()) {
    if (in.name().empty()) return ParseError("a graph input has no name");
    if (!input_names.insert(in.name()).second) return ParseError("duplicate graph input '" + in.name() + "'");
    defined.insert(in.name());
  }
  std::unordered_map<std::string, int> producer_node;
  for (int i = 0; i < g.node_size(); ++i) {
    const auto& node = g.node(i);
    const std::string where = "node " + std::to_string(i) + " '" + node.name() + "' (" + node.op_type() + ")";
    if (node.op_type().empty()) return ParseError("node " + std::to_string(i) + " has no op_type");
    if (IsDefaultDomain(node.domain()) && opsets_.count("") == 0) {
      return ParseError(where + " is an ai.onnx op but the model imports no ai.onnx opset");
    }
    for (const auto& out : node.output()) {
      if (out.empty()) continue;
      if (defined.count(out) != 0 || !producer_node.emplace(out, i).second) {
        return ParseError(where + " redefines tensor '" + out + "'");
      }
    }
  }
  for (const auto& entry : producer_node) defined.insert(entry.first);

  // Kahn's algorithm, smallest node index first: the file order when the file
  // is already sorted (as ONNX requires), a deterministic order otherwise.
  const size_t n = static_cast<size_t>(g.node_size());
  std::vector<std::vector<int>> consumers(n);
  std::vector<int> pending(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const auto& node = g.node(static_cast<int>(i));
    for (const auto& in : node.input()) {
      if (in.empty()) continue;
      if (auto it = producer_node.find(in); it != producer_node.end()) {
        if (static_cast<size_t>(it->second) == i) {
          return ParseError("node '" + node.name() + "' (" + node.op_type() + ") reads its own output '" + in + "'");
        }
        consumers[static_cast<size_t>(it->second)].push_back(static_cast<int>(i));
        ++pending[i];
      } else if (defined.count(in) == 0) {
        return ParseError("node '" + node.name() + "' (" + node.op_type() + ") reads tensor '" + in +
                          "' that no input, initializer or node defines");
      }
    }
    if (const onnx::OpSchema* schema = SchemaFor(node)) {
      try {
        schema->Verify(node);
      } catch (const std::exception& e) {
        return ParseError("node '" + node.name() + "' (" + node.op_type() + ") fails its ONNX schema: " + e.what());
      }
    }
  }
  std::priority_queue<int, std::vector<int>, std::greater<>> ready;
  for (size_t i = 0; i < n; ++i) {
    if (pending[i] == 0) ready.push(static_cast<int>(i));
  }
  while (!ready.empty()) {
    int i = ready.top();
    ready.pop();
    order_.push_back(i);
    for (int c : consumers[static_cast<size_t>(i)]) {
      if (--pending[static_cast<size_t>(c)] == 0) ready.push(c);
    }
  }
  if (order_.size() != n) {
    for (size_t i = 0; i < n; ++i) {
      if (pending[i] != 0) {
        return ParseError("the graph has a cycle through node '" + g.node(static_cast<int>(i)).name() + "' (" +
                          g.node(static_cast<int>(i)).op_type() + ")");
      }
    }
  }
  // Put the nodes in that order so shape inference sees producers first.
  bool sorted = true;
  for (size_t i = 0; i < n; ++i) sorted = sorted && order_[i] == static_cast<int>(i);
  if (!sorted) {
    google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
    for (int i : order_) *nodes.Add() = g.node(i);
    model_.mutable_graph()->mutable_node()->Swap(&nodes);
  }
  for (const auto& out : g.output()) {
    if (out.name().empty()) return ParseError("a graph output has no name");
    if (!graph_outputs_.insert(out.name()).second)
      return ParseError("graph output '" + out.name() + "' is listed twice");
    if (!defined.count(out.name())) {
      return ParseError("graph output '" + out.name() + "' is not defined by an input, initializer or node");
    }
  }
  return OkStatus();
}

bool IsConcrete(const onnx::TensorShapeProto_Dimension& d) { return d.has_dim_value(); }

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

// The dynamic-dimension rule: a symbolic or unknown leading dimension of a
// graph input becomes options.default_batch; any other is an error. Symbolic
// dims left on outputs and value_info are cleared so inference refills them.
Status Converter::ApplyInputRule() {
  onnx::GraphProto* g = model_.mutable_graph();
  std::unordered_set<std::string> initializers;
  for (const auto& init : g->initializer()) initializers.insert(init.name());
  for (auto& in : *g->mutable_input()) {
    if (initializers.count(in.name())) continue;
    if (!in.has_type()) return ParseError("graph input '" + in.name() + "' has no type");
    if (in.type().value_case() != onnx::TypeProto::kTensorType) {
      return Unsupported("graph input '" + in.name() +
                         "' is not a tensor (sequence, map, optional and sparse values are not supported)");
    }
    auto* tt = in.mutable_type()->mutable_tensor_type();
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
      dim->set_dim_value(options_.default_batch);
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
  for (auto& v : *g->mutable_output()) clear_symbolic(v);
  for (auto& v : *g->mutable_value_info()) clear_symbolic(v);
  return OkStatus();
}

void Converter::IndexValues() {
  values_.clear();
  const onnx::GraphProto& g = model_.graph();
  for (const auto& v : g.input()) values_[v.name()].type = v.has_type() ? &v.type() : nullptr;
  for (const auto& v : g.value_info()) values_[v.name()].type = v.has_type() ? &v.type() : nullptr;
  for (const auto& v : g.output()) {
    if (v.has_type()) values_[v.name()].type = &v.type();
  }
  for (const auto& init : g.initializer()) values_[init.name()].initializer = &init;
  for (const auto& sp : g.sparse_initializer()) values_[sp.values().name()].sparse = &sp;
}

bool HasKnownTensorType(const ValueInfo* v) {
  if (v == nullptr) return false;
  if (v->initializer != nullptr || v->sparse != nullptr) return true;
  return v->type != nullptr && v->type->value_case() == onnx::TypeProto::kTensorType &&
         v->type->tensor_type().has_shape() && v->type->tensor_type().elem_type() != 0;
}

// libonnx 1.12's convPoolShapeInference reads the kernel shape from the
// weight's dims without checking its rank (an out-of-bounds read on a
// malformed model). Conv-family nodes of the main graph therefore get an
// explicit kernel_shape from a statically known weight shape, which inference
// then checks; a weight of unknown shape without kernel_shape is rejected.
Status Converter::PinKernelShapes() {
  std::unordered_map<std::string, const onnx::TensorShapeProto*> declared;
  std::unordered_map<std::string, const onnx::TensorProto*> inits;
  const onnx::GraphProto& g = model_.graph();
  for (const auto& init : g.initializer()) inits[init.name()] = &init;
  for (const auto* list : {&g.input(), &g.value_info()}) {
    for (const auto& v : *list) {
      if (v.type().has_tensor_type() && v.type().tensor_type().has_shape()) {
        declared[v.name()] = &v.type().tensor_type().shape();
      }
    }
  }
  for (auto& node : *model_.mutable_graph()->mutable_node()) {
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

// libonnx 1.12's inference functions index input shapes without checking
// their rank for a few ops, so a malformed model reads out of bounds instead
// of failing inference (all found by tests/fuzz/onnx_loader_fuzz.cc):
// - ops that normalise or split along an axis, given a scalar input
//   (LayerNormalization);
// - Gemm, whose A and B must be matrices (a vector A with transA=1);
// - STFT, whose signal is [batch, length, 1 or 2] (a scalar signal).
// Inputs whose rank is statically known (initializers, graph inputs,
// value_info) are checked against these rules before inference runs.
// Attributes must be named (an empty name is never valid ONNX).
struct RankRule {
  int input;
  int min_rank;
  int max_rank;  // -1: no upper bound
};

const std::vector<RankRule>* RankRulesFor(const std::string& op_type) {
  static const std::vector<RankRule> kAxis = {{0, 1, -1}};
  static const std::vector<RankRule> kGemm = {{0, 2, 2}, {1, 2, 2}};
  static const std::vector<RankRule> kStft = {{0, 3, 3}};
  static const std::unordered_map<std::string, const std::vector<RankRule>*> kRules = {
      {"LayerNormalization", &kAxis},
      {"Softmax", &kAxis},
      {"LogSoftmax", &kAxis},
      {"Hardmax", &kAxis},
      {"Flatten", &kAxis},
      {"Concat", &kAxis},
      {"Split", &kAxis},
      {"Gather", &kAxis},
      {"GatherElements", &kAxis},
      {"CumSum", &kAxis},
      {"ArgMax", &kAxis},
      {"ArgMin", &kAxis},
      {"TopK", &kAxis},
      {"Compress", &kAxis},
      {"InstanceNormalization", &kAxis},
      {"BatchNormalization", &kAxis},
      {"GroupNormalization", &kAxis},
      {"MeanVarianceNormalization", &kAxis},
      {"LpNormalization", &kAxis},
      {"Gemm", &kGemm},
      {"STFT", &kStft}};
  auto it = kRules.find(op_type);
  return it == kRules.end() ? nullptr : it->second;
}

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

Status Converter::InferShapes() {
  ACLSIM_RETURN_IF_ERROR(CheckWindowAttrs(model_.graph(), 0));
  ACLSIM_RETURN_IF_ERROR(CheckInputRanks(model_.graph()));
  ACLSIM_RETURN_IF_ERROR(PinKernelShapes());
  const onnx::ShapeInferenceOptions options(/*check_type_val=*/false, /*strict_mode_val=*/0,
                                            /*data_prop_val=*/true);
  // Ops without an ONNX schema (custom domains, newer ops) get no inferred
  // output; the rule is that their outputs take the type and shape of input 0
  // (elementwise), after which inference continues downstream. Each round
  // resolves at least one such node, so the loop is bounded.
  for (int round = 0; round <= model_.graph().node_size(); ++round) {
    try {
      onnx::shape_inference::InferShapes(model_, onnx::OpSchemaRegistry::Instance(), options);
    } catch (const std::exception& e) {
      return ParseError(std::string("shape inference failed: ") + e.what());
    }
    IndexValues();
    bool added = false;
    for (const auto& node : model_.graph().node()) {
      if (SchemaFor(node) != nullptr || node.input_size() == 0 || node.input(0).empty()) continue;
      auto in = values_.find(node.input(0));
      if (in == values_.end() || !HasKnownTensorType(&in->second)) continue;
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
        auto it = values_.find(out);
        if (it != values_.end() && HasKnownTensorType(&it->second)) continue;
        auto* vi = model_.mutable_graph()->add_value_info();
        vi->set_name(out);
        *vi->mutable_type() = type;
        values_[out].type = &vi->type();  // elements are heap-stable: chains resolve in one round
        added = true;
      }
    }
    if (!added) return OkStatus();
    IndexValues();
  }
  return OkStatus();
}

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

// Ascend Conv attributes from ONNX ones: strides/dilations per spatial axis
// (1-D convs in the H = 1 form), pads as [top, bottom, left, right] (3-D:
// [head, tail, top, bottom, left, right]) from ONNX's [x1_begin, x2_begin, ...,
// x1_end, x2_end, ...], auto_pad resolved against the inferred output shape.
Status Converter::ConvAttrs(const onnx::NodeProto& node, Op* op) {
  auto fail = [&](const std::string& why) {
    return ParseError("node '" + op->name + "' (" + node.op_type() + "): " + why);
  };
  if (op->inputs.size() < 2 || op->outputs.empty()) return fail("needs inputs x and w and an output");
  const auto& x = graph_.tensor(op->inputs[0]).shape;
  const auto& w = graph_.tensor(op->inputs[1]).shape;
  const auto& y = graph_.tensor(op->outputs[0]).shape;
  if (x.size() < 3 || w.size() != x.size() || y.size() != x.size()) {
    return fail("x, w and the output must have the same rank >= 3");
  }
  const size_t spatial = x.size() - 2;
  std::vector<int64_t> strides(spatial, 1), dilations(spatial, 1), pads(2 * spatial, 0);
  std::string auto_pad = "NOTSET";
  int64_t groups = 1;
  for (const auto& a : node.attribute()) {
    std::vector<int64_t> ints(a.ints().begin(), a.ints().end());
    if (a.name() == "strides") {
      if (ints.size() != spatial) return fail("strides must have one value per spatial axis");
      strides = ints;
    } else if (a.name() == "dilations") {
      if (ints.size() != spatial) return fail("dilations must have one value per spatial axis");
      dilations = ints;
    } else if (a.name() == "pads") {
      if (ints.size() != 2 * spatial) return fail("pads must have two values per spatial axis");
      pads = ints;
    } else if (a.name() == "group") {
      groups = a.i();
    } else if (a.name() == "auto_pad") {
      auto_pad = a.s();
    }
  }
  for (size_t i = 0; i < spatial; ++i) {
    if (strides[i] < 1 || dilations[i] < 1 || pads[i] < 0 || pads[i + spatial] < 0) {
      return fail("strides and dilations must be positive and pads non-negative");
    }
  }
  if (groups < 1 || w[0] < 1 || x[1] != w[1] * groups || y[1] != w[0] || y[0] != x[0]) {
    return fail("weight " + std::to_string(w[0]) + "x" + std::to_string(w[1]) + " and group " + std::to_string(groups) +
                " do not fit input channels " + std::to_string(x[1]) + " and output channels " + std::to_string(y[1]));
  }
  if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER" || auto_pad == "VALID") {
    for (size_t i = 0; i < spatial; ++i) {
      int64_t total = 0;
      if (auto_pad != "VALID") {
        total = std::max<int64_t>(0, (y[i + 2] - 1) * strides[i] + (w[i + 2] - 1) * dilations[i] + 1 - x[i + 2]);
      }
      int64_t small = total / 2;
      pads[i] = auto_pad == "SAME_LOWER" ? total - small : small;
      pads[i + spatial] = total - pads[i];
    }
  }
  for (size_t i = 0; i < spatial; ++i) {
    int64_t want = (x[i + 2] + pads[i] + pads[i + spatial] - dilations[i] * (w[i + 2] - 1) - 1) / strides[i] + 1;
    if (want < 0) want = 0;
    if (y[i + 2] != want) {
      return fail("output spatial dim " + std::to_string(i) + " is " + std::to_string(y[i + 2]) + ", should be " +
                  std::to_string(want));
    }
  }
  std::vector<int64_t> asc_strides, asc_dilations, asc_pads;
  if (spatial == 1) {
    asc_strides = {1, strides[0]};
    asc_dilations = {1, dilations[0]};
    asc_pads = {0, 0, pads[0], pads[1]};
  } else {
    asc_strides = strides;
    asc_dilations = dilations;
    for (size_t i = 0; i < spatial; ++i) {
      asc_pads.push_back(pads[i]);
      asc_pads.push_back(pads[i + spatial]);
    }
  }
  op->attrs["strides"] = asc_strides;
  op->attrs["dilations"] = asc_dilations;
  op->attrs["pads"] = asc_pads;
  op->attrs["groups"] = groups;
  op->attrs["data_format"] = std::string(spatial == 3 ? "NCDHW" : "NCHW");
  return OkStatus();
}

Status Converter::FillAttrs(const onnx::NodeProto& node, Op* op) {
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
    return ConvAttrs(node, op);
  }
  if (t == "Gemm") {
    op->attrs["transpose_a"] = op->IntAttr("transA", 0) != 0;
    op->attrs["transpose_b"] = op->IntAttr("transB", 0) != 0;
    op->attrs.erase("transA");
    op->attrs.erase("transB");
  }
  return OkStatus();
}

std::string DimsText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "]";
}

// The shape consistency the cost model relies on for MatMul-family ops (Conv
// is checked in ConvAttrs): a wrong shape would give a meaningless MAC count.
Status Converter::ValidateOp(const onnx::NodeProto& node, const Op& op) {
  if (op.engine != Engine::kAiCore || op.type.find("MatMul") == std::string::npos) return OkStatus();
  auto fail = [&](const std::string& why) {
    return ParseError("node '" + op.name + "' (" + node.op_type() + "): " + why);
  };
  if (op.inputs.size() < 2 || op.outputs.empty()) return fail("needs inputs A and B and an output");
  const auto& a = graph_.tensor(op.inputs[0]).shape;
  const auto& b = graph_.tensor(op.inputs[1]).shape;
  if (a.empty() || b.empty()) return fail("A and B must have at least one dimension");
  const bool ta = op.BoolAttr("transpose_a", false), tb = op.BoolAttr("transpose_b", false);
  if ((ta && a.size() < 2) || (tb && b.size() < 2)) return fail("a transposed operand must be at least 2-D");
  int64_t ka = ta ? a[a.size() - 2] : a.back();
  int64_t kb = b.size() == 1 ? b[0] : (tb ? b.back() : b[b.size() - 2]);
  if (ka != kb) return fail("contraction dims differ: A " + DimsText(a) + ", B " + DimsText(b));
  return OkStatus();
}

Status Converter::ConvertNode(size_t node_index, const onnx::NodeProto& node) {
  const std::string& t = node.op_type();
  const bool default_domain = IsDefaultDomain(node.domain());
  const MapEntry* entry = default_domain ? FindEntry(t) : nullptr;
  const NodeClass cls = entry != nullptr ? entry->cls : NodeClass::kCompute;

  bool produces_output = false;
  for (const auto& out : node.output()) produces_output = produces_output || graph_outputs_.count(out) != 0;
  bool all_const = true;
  for (const auto& in : node.input()) all_const = all_const && (in.empty() || constants_.count(in) != 0);
  bool has_subgraph = false;
  for (const auto& a : node.attribute()) {
    has_subgraph = has_subgraph || a.type() == onnx::AttributeProto::GRAPH || a.type() == onnx::AttributeProto::GRAPHS;
  }

  // Constant folding (as ATC does): a node computed from constants only, or
  // from static shapes only, runs at load time and its outputs are weights.
  if (!produces_output && !has_subgraph && (all_const || cls == NodeClass::kShapeOf)) {
    for (const auto& out : node.output()) {
      if (!out.empty()) constants_.insert(out);
    }
    ++local_report_.folded_nodes;
    return OkStatus();
  }
  // No-task views: the output aliases input 0 (its producer is input 0's).
  if (cls == NodeClass::kView && !produces_output && node.input_size() > 0 && !node.input(0).empty()) {
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
      return OkStatus();
    }
  }

  Op op;
  op.name = node.name();
  if (op.name.empty()) op.name = t + "_" + std::to_string(node_index);
  if (!op_names_.insert(op.name).second) {
    op.name += "_" + std::to_string(node_index);
    if (!op_names_.insert(op.name).second) return ParseError("node name '" + op.name + "' is not unique");
  }
  size_t rank0 = 0;
  if (node.input_size() > 0 && !node.input(0).empty()) {
    DataType unused;
    auto shape = ShapeOf(node.input(0), &unused);
    if (shape.ok()) rank0 = shape->size();
  }
  if (entry != nullptr) {
    op.type = std::string(OnnxAscendOpType(t, rank0));
    op.engine = entry->engine;
  } else {
    op.type = t;
    op.engine = Engine::kAiVector;
    ++local_report_.unknown_ops;
    ++local_report_.unknown_types[default_domain ? t : node.domain() + "::" + t];
  }
  // Quantized cube ops keep x and w first, where the cost model reads them.
  std::vector<std::string> inputs(node.input().begin(), node.input().end());
  if ((t == "QLinearConv" || t == "QLinearMatMul") && inputs.size() >= 4) {
    std::rotate(inputs.begin() + 1, inputs.begin() + 3, inputs.begin() + 4);
  }
  for (const auto& in : inputs) {
    if (in.empty()) continue;
    ACLSIM_ASSIGN_OR_RETURN(int32_t index, TensorFor(in));
    op.inputs.push_back(index);
  }
  const int32_t op_index = static_cast<int32_t>(graph_.ops.size());
  for (const auto& out : node.output()) {
    if (out.empty()) continue;
    producer_[out] = op_index;
    auto index = TensorFor(out);
    if (!index.ok()) {
      // An optional output nobody reads (Dropout's mask, BatchNorm's running
      // stats, ...) may stay shapeless; it is simply not modelled.
      bool consumed = graph_outputs_.count(out) != 0;
      for (const auto& other : model_.graph().node()) {
        for (const auto& in : other.input()) consumed = consumed || in == out;
      }
      if (consumed) return index.status();
      continue;
    }
    op.outputs.push_back(*index);
  }
  ACLSIM_RETURN_IF_ERROR(FillAttrs(node, &op));
  ACLSIM_RETURN_IF_ERROR(ValidateOp(node, op));
  graph_.ops.push_back(std::move(op));
  return OkStatus();
}

StatusOr<Graph> Converter::Run() {
  ACLSIM_RETURN_IF_ERROR(CheckStructure());
  ACLSIM_RETURN_IF_ERROR(ApplyInputRule());
  ACLSIM_RETURN_IF_ERROR(InferShapes());
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
    ACLSIM_RETURN_IF_ERROR(ConvertNode(static_cast<size_t>(order_[static_cast<size_t>(i)]), g.node(i)));
  }
  for (const auto& out : g.output()) {
    ACLSIM_ASSIGN_OR_RETURN(int32_t index, TensorFor(out.name()));
    graph_.outputs.push_back(index);
  }
  if (graph_.ops.empty()) return ParseError("graph '" + graph_.name + "' has no node that runs on the device");
  local_report_.task_ops = graph_.ops.size();
  graph_.stream_count = 1;

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
  if (report_ != nullptr) *report_ = local_report_;
  return std::move(graph_);
}

}  // namespace

std::string_view OnnxAscendOpType(std::string_view onnx_type, size_t rank) {
  if (onnx_type == "Conv" || onnx_type == "ConvInteger" || onnx_type == "QLinearConv") {
    return rank == 5 ? "Conv3D" : "Conv2D";
  }
  if (onnx_type == "MatMul" || onnx_type == "MatMulInteger" || onnx_type == "QLinearMatMul") {
    return rank <= 2 ? "MatMulV2" : "BatchMatMulV2";
  }
  const MapEntry* e = FindEntry(onnx_type);
  return e != nullptr ? e->ascend : std::string_view();
}

StatusOr<Graph> LoadGraphFromOnnx(std::string_view bytes, const ModelLoadOptions& options, OnnxLoadReport* out_report) {
  ACLSIM_RETURN_IF_ERROR(options.Validate());
  if (bytes.empty()) return Status(ErrorCode::kModelSizeInvalid, "model: input is empty");
  if (bytes.size() > static_cast<size_t>(INT_MAX)) {
    return Status(ErrorCode::kModelSizeInvalid, "onnx model: larger than 2 GiB (protobuf's limit)");
  }
  onnx::ModelProto model;
  if (!model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return Status(ErrorCode::kDeserializeModel,
                  "model: input is neither a JSON op graph nor an ONNX ModelProto (protobuf parse failed)");
  }
  if (!model.has_ir_version() || model.ir_version() <= 0) {
    return Status(ErrorCode::kDeserializeModel,
                  "model: input is neither a JSON op graph nor an ONNX ModelProto (no ir_version)");
  }
  if (!model.has_graph()) {
    return Status(ErrorCode::kDeserializeModel, "model: ONNX ModelProto has no graph");
  }
  try {
    Converter converter(model, options, out_report);
    return converter.Run();
  } catch (const std::bad_alloc&) {
    return Status(ErrorCode::kBadAlloc, "onnx model: out of memory while loading");
  } catch (const std::exception& e) {
    return ParseError(std::string("unexpected error from libonnx: ") + e.what());
  }
}

}  // namespace aclsim::model
