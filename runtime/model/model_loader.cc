#include "runtime/model/model_loader.h"

#include <algorithm>

#include "runtime/model/fusion.h"
#include "runtime/model/graph_loader.h"
#include "runtime/model/om_format.h"
#include "runtime/read_file.h"
#if ACLSIM_WITH_ONNX
#include "runtime/model/onnx/onnx_loader.h"
#endif

namespace aclsim::model {

ModelFormat DetectModelFormat(std::string_view bytes) {
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  size_t first = bytes.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return ModelFormat::kJson;
  // A serialized ModelProto starts with a field tag byte (ir_version is field
  // 1: 0x08); neither '{' (field 15, wire type 3) nor '[' (field 11, wire
  // type 3: a deprecated group) can start one.
  return bytes[first] == '{' || bytes[first] == '[' ? ModelFormat::kJson : ModelFormat::kOnnx;
}

bool OnnxSupported() {
#if ACLSIM_WITH_ONNX
  return true;
#else
  return false;
#endif
}

namespace {

// ATC's force_fp16: the weights and the tensors between ops run in float16;
// the model's inputs and outputs keep their types (ATC casts at the edges),
// and a cube op writing a float32 graph output computes in float16.
void CastToFp16(Graph* graph) {
  auto edge = [&](int32_t t) {
    return std::find(graph->inputs.begin(), graph->inputs.end(), t) != graph->inputs.end() ||
           std::find(graph->outputs.begin(), graph->outputs.end(), t) != graph->outputs.end();
  };
  for (size_t t = 0; t < graph->tensors.size(); ++t) {
    Tensor& tensor = graph->tensors[t];
    if (tensor.dtype == DataType::kFloat32 && !edge(static_cast<int32_t>(t))) tensor.dtype = DataType::kFloat16;
  }
  for (Op& op : graph->ops) {
    const bool fp32_out = !op.outputs.empty() && graph->tensor(op.outputs[0]).dtype == DataType::kFloat32;
    if (op.engine == Engine::kAiCore && fp32_out && op.attrs.count("compute_dtype") == 0) {
      op.attrs["compute_dtype"] = std::string("float16");
    }
  }
}

// A JSON graph's shapes are fixed: input_shapes may only repeat them.
Status CheckJsonInputShapes(const Graph& graph, const ModelLoadOptions& options) {
  for (const auto& entry : options.input_shapes) {
    const std::string& name = entry.first;
    const std::vector<int64_t>& dims = entry.second;
    auto it =
        std::find_if(graph.inputs.begin(), graph.inputs.end(), [&](int32_t t) { return graph.tensor(t).name == name; });
    if (it == graph.inputs.end()) {
      return Status(Detail::kModelParse, "model: the input shape names '" + name + "', which is not an input");
    }
    if (graph.tensor(*it).shape != dims) {
      return Status(Detail::kModelParse, "model: the input shape of '" + name +
                                             "' differs from the graph's, and an aclsim JSON graph has fixed "
                                             "shapes (convert an ONNX model to change them)");
    }
  }
  return OkStatus();
}

StatusOr<Graph> LoadSource(std::string_view bytes, const ModelLoadOptions& options) {
  StatusOr<Graph> graph = Status(Detail::kModelDeserialize, "model: no loader");
  if (DetectModelFormat(bytes) == ModelFormat::kJson) {
    graph = LoadGraphFromJson(bytes);
    if (graph.ok()) ACLSIM_RETURN_IF_ERROR(CheckJsonInputShapes(*graph, options));
  } else {
#if ACLSIM_WITH_ONNX
    graph = LoadGraphFromOnnx(bytes, options);
#else
    return Status(Detail::kModelDeserialize,
                  "model: input is not a JSON op graph, and this build has no ONNX support "
                  "(configure with -DACLSIM_WITH_ONNX=ON)");
#endif
  }
  if (graph.ok() && options.fusion) (void)FuseGraph(&*graph);
  if (graph.ok() && options.cube_fp16) CastToFp16(&*graph);
  if (graph.ok() && options.output_dtype) {
    for (int32_t t : graph->outputs) graph->tensors[static_cast<size_t>(t)].dtype = *options.output_dtype;
  }
  return graph;
}

// The input shapes of gear |gear|: each -1 of |shapes| (in order) takes the
// gear's next value; for image sizes the first -1 of an input is the
// height, the second the width.
std::map<std::string, std::vector<int64_t>> GearShapes(const OmHeader& h, const std::vector<int64_t>& gear) {
  std::map<std::string, std::vector<int64_t>> out;
  size_t next = 0;
  for (auto [name, dims] : h.input_shapes) {
    size_t in_input = 0;
    for (int64_t& d : dims) {
      if (d != -1) continue;
      size_t at = h.gear_kind == GearKind::kBatch ? 0 : h.gear_kind == GearKind::kImageSize ? in_input++ : next++;
      d = at < gear.size() ? gear[at] : -1;
    }
    out[name] = dims;
  }
  return out;
}

// The gear input, appended after the model's inputs.
void AddGearInput(size_t values, Graph* g) {
  Tensor t;
  t.name = kGearInputName;
  t.dtype = DataType::kInt32;
  t.format = Format::kNd;
  t.shape = {static_cast<int64_t>(values)};
  t.kind = TensorKind::kInput;
  g->inputs.push_back(static_cast<int32_t>(g->tensors.size()));
  g->tensors.push_back(std::move(t));
}

// A dynamic-shape model: |source| (ONNX) as it declares itself, with the
// dims of |shapes| (-1 where unknown) in place of the inputs' own.
StatusOr<ModelVariants> DynamicModel(std::string_view source, const ModelLoadOptions& options,
                                     const std::vector<std::pair<std::string, std::vector<int64_t>>>& shapes) {
#if ACLSIM_WITH_ONNX
  if (DetectModelFormat(source) != ModelFormat::kOnnx) {
    return Status(Detail::kModelNotDynamic, "model: an aclsim JSON graph has fixed shapes; it cannot have -1 dims");
  }
  ACLSIM_ASSIGN_OR_RETURN(ModelSignature sig, ReadOnnxSignature(source));
  for (TensorSignature& in : sig.inputs) {
    for (const auto& [name, dims] : shapes) {
      if (name == in.name) in.dims = dims;
    }
  }
  ModelVariants out;
  out.dynamic = true;
  out.source = std::string(source);
  out.source_options = options;
  out.source_options.input_shapes.clear();
  out.signature = std::move(sig);
  out.load = &LoadModelBytes;
  return out;
#else
  (void)source;
  (void)options;
  (void)shapes;
  return Status(Detail::kModelNotDynamic, "model: dynamic shapes need ONNX support (ACLSIM_WITH_ONNX)");
#endif
}

// aclsim's .om: the source model loaded as atc recorded it, once per gear.
StatusOr<ModelVariants> LoadOm(std::string_view bytes, const ModelLoadOptions& options) {
  ACLSIM_ASSIGN_OR_RETURN(OmFile om, ParseOm(bytes));
  const OmHeader& h = om.header;
  ModelLoadOptions replay = options;
  replay.fusion = h.fusion;
  replay.cube_fp16 = OmPrecisionCastsToFp16(h.precision_mode);
  if (!h.output_type.empty()) {
    static const std::map<std::string, DataType> kTypes = {{"FP32", DataType::kFloat32},
                                                           {"FP16", DataType::kFloat16},
                                                           {"UINT8", DataType::kUint8},
                                                           {"INT8", DataType::kInt8}};
    auto it = kTypes.find(h.output_type);
    if (it == kTypes.end()) return Status(Detail::kModelParse, "model: the .om's output_type is " + h.output_type);
    replay.output_dtype = it->second;
  }
  ModelVariants out;
  out.gear_kind = h.gear_kind;
  out.gears = h.gears;
  out.dynamic_inputs = h.input_shapes;
  if (h.gear_kind == GearKind::kNone) {
    const bool has_unknown = std::any_of(h.input_shapes.begin(), h.input_shapes.end(), [](const auto& in) {
      return std::find(in.second.begin(), in.second.end(), -1) != in.second.end();
    });
    if (has_unknown) return DynamicModel(om.payload, replay, h.input_shapes);
  }
  const std::vector<std::vector<int64_t>> static_gear = {{}};
  for (const std::vector<int64_t>& gear : h.gear_kind == GearKind::kNone ? static_gear : h.gears) {
    replay.input_shapes = GearShapes(h, gear);
    for (const auto& [name, dims] : replay.input_shapes) {
      if (std::any_of(dims.begin(), dims.end(), [](int64_t d) { return d < 1; })) {
        return Status(Detail::kModelNotDynamic,
                      "model: input '" + name +
                          "' of the .om has a dynamic dimension that no gear sets; this aclsim "
                          "runs static shapes and gears (dynamic-shape models are not supported)");
      }
    }
    ACLSIM_RETURN_IF_ERROR(replay.Validate());
    ACLSIM_ASSIGN_OR_RETURN(Graph g, LoadSource(om.payload, replay));
    if (h.gear_kind != GearKind::kNone) AddGearInput(gear.size(), &g);
    out.graphs.push_back(std::move(g));
  }
  if (out.graphs.empty()) return Status(Detail::kModelParse, "model: the .om lists no gears");
  return out;
}

}  // namespace

StatusOr<Graph> LoadModelBytes(std::string_view bytes, const ModelLoadOptions& options) {
  ACLSIM_RETURN_IF_ERROR(options.Validate());
  if (IsCannOm(bytes)) {
    return Status(Detail::kModelDeserialize,
                  "model: this is a CANN offline model (.om compiled by CANN's ATC for NPU hardware), which aclsim "
                  "cannot run; convert the source model with aclsim's atc instead (atc --model=<model.onnx> "
                  "--framework=5 --output=<name> --soc_version=<soc>) and load <name>.om");
  }
  if (IsAclsimOm(bytes)) {
    ACLSIM_ASSIGN_OR_RETURN(ModelVariants v, LoadOm(bytes, options));
    if (v.gear_kind != GearKind::kNone) {
      return Status(Detail::kModelParse, "model: the .om has gears; load it with LoadModelVariants");
    }
    return std::move(v.graphs.front());
  }
  return LoadSource(bytes, options);
}

StatusOr<ModelVariants> LoadModelVariants(std::string_view bytes, const ModelLoadOptions& options) {
  if (IsAclsimOm(bytes) && !IsCannOm(bytes)) {
    ACLSIM_RETURN_IF_ERROR(options.Validate());
    return LoadOm(bytes, options);
  }
  StatusOr<Graph> g = LoadModelBytes(bytes, options);
  // An ONNX model whose dims stay unknown runs with the shapes each
  // execution gives (aclmdlSetDatasetTensorDesc).
  if (!g.ok() && g.status().detail() == Detail::kModelNotDynamic && DetectModelFormat(bytes) == ModelFormat::kOnnx) {
    return DynamicModel(bytes, options, {});
  }
  if (!g.ok()) return g.status();
  ModelVariants out;
  out.graphs.push_back(std::move(g).value());
  return out;
}

StatusOr<ModelVariants> LoadModelVariantsFromFile(const std::string& path, const ModelLoadOptions& options) {
  std::string bytes;
  ACLSIM_RETURN_IF_ERROR(
      ReadRegularFile(path, kMaxModelFileBytes, "model", {Detail::kFileUnusable, Detail::kFileRead}, &bytes));
  return LoadModelVariants(bytes, options);
}

StatusOr<Graph> LoadModelFile(const std::string& path, const ModelLoadOptions& options) {
  std::string bytes;
  ACLSIM_RETURN_IF_ERROR(
      ReadRegularFile(path, kMaxModelFileBytes, "model", {Detail::kFileUnusable, Detail::kFileRead}, &bytes));
  return LoadModelBytes(bytes, options);
}

}  // namespace aclsim::model
