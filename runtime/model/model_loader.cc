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

// A JSON graph's shapes are fixed: input_shapes may only repeat them.
Status CheckJsonInputShapes(const Graph& graph, const ModelLoadOptions& options) {
  for (const auto& [name, dims] : options.input_shapes) {
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
  return graph;
}

// aclsim's .om: the source model loaded as atc recorded it.
StatusOr<Graph> LoadOm(std::string_view bytes, const ModelLoadOptions& options) {
  ACLSIM_ASSIGN_OR_RETURN(OmFile om, ParseOm(bytes));
  ModelLoadOptions replay = options;
  replay.fusion = om.header.fusion;
  replay.input_shapes.clear();
  for (const auto& [name, dims] : om.header.input_shapes) {
    if (std::any_of(dims.begin(), dims.end(), [](int64_t d) { return d < 1; })) {
      return Status(Detail::kModelNotDynamic, "model: input '" + name +
                                                  "' has a dynamic dimension in the .om; this aclsim runs "
                                                  "models with static input shapes only");
    }
    replay.input_shapes[name] = dims;
  }
  ACLSIM_RETURN_IF_ERROR(replay.Validate());
  return LoadSource(om.payload, replay);
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
  if (IsAclsimOm(bytes)) return LoadOm(bytes, options);
  return LoadSource(bytes, options);
}

StatusOr<Graph> LoadModelFile(const std::string& path, const ModelLoadOptions& options) {
  std::string bytes;
  ACLSIM_RETURN_IF_ERROR(
      ReadRegularFile(path, kMaxModelFileBytes, "model", {Detail::kFileUnusable, Detail::kFileRead}, &bytes));
  return LoadModelBytes(bytes, options);
}

}  // namespace aclsim::model
