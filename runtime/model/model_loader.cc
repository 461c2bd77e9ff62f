#include "runtime/model/model_loader.h"

#include "runtime/model/graph_loader.h"
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

StatusOr<Graph> LoadModelBytes(std::string_view bytes, const ModelLoadOptions& options) {
  ACLSIM_RETURN_IF_ERROR(options.Validate());
  if (DetectModelFormat(bytes) == ModelFormat::kJson) return LoadGraphFromJson(bytes);
#if ACLSIM_WITH_ONNX
  return LoadGraphFromOnnx(bytes, options);
#else
  return Status(Detail::kModelDeserialize,
                "model: input is not a JSON op graph, and this build has no ONNX support "
                "(configure with -DACLSIM_WITH_ONNX=ON)");
#endif
}

StatusOr<Graph> LoadModelFile(const std::string& path, const ModelLoadOptions& options) {
  std::string bytes;
  ACLSIM_RETURN_IF_ERROR(
      ReadRegularFile(path, kMaxModelFileBytes, "model", {Detail::kFileUnusable, Detail::kFileRead}, &bytes));
  return LoadModelBytes(bytes, options);
}

}  // namespace aclsim::model
