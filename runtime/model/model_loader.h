// Model loading front door: detects the format of a model and calls its loader.
//
// aclmdlLoadFromFile / aclmdlLoadFromMem accept two formats, told apart by
// content (never only by the file extension):
//   * the aclsim JSON op graph (docs/model_format.md): the first byte that is
//     not whitespace (a UTF-8 BOM is skipped) is '{' or '[';
//   * an ONNX ModelProto (docs/onnx_mapping.md): any other non-empty input.
//     Built only with ACLSIM_WITH_ONNX (CMake option, default ON); without it
//     such input is rejected with kModelDeserialize.
//   * aclsim's offline model (docs/om_format.md, written by aclsim's atc):
//     magic "ACLSIMOM"; the source model it holds is loaded with the input
//     shapes and fusion passes atc recorded;
//   * CANN's own .om (magic "IMOD") is refused with kModelDeserialize and a
//     message that says to convert the source model with aclsim's atc.
// Real CANN loads only .om files; accepting JSON and ONNX is aclsim's
// extension, and the error codes follow what CANN returns for a bad .om:
//   kFileUnusable            file cannot be opened (145002 at aclmdlLoadFromFile)
//   kFileRead                file opened but not readable (100014)
//   kModelSizeInvalid        empty input (100015)
//   kModelDeserialize        not JSON / not an ONNX protobuf (100012)
//   kModelParse              structurally invalid model (100013)
//   kModelMissingAttr        JSON: a required field is absent (100016)
//   kModelNotDynamic         ONNX: a dimension stays unknown (100019)
#ifndef ACLSIM_RUNTIME_MODEL_MODEL_LOADER_H_
#define ACLSIM_RUNTIME_MODEL_MODEL_LOADER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/model/graph.h"
#include "runtime/model/load_options.h"
#include "runtime/model/model_variants.h"
#include "runtime/status.h"

namespace aclsim::model {

enum class ModelFormat : uint8_t { kJson, kOnnx };

// The format |bytes| would be loaded as (see the file comment). Empty or
// whitespace-only input counts as JSON (whose loader reports it as empty).
ModelFormat DetectModelFormat(std::string_view bytes);

// True when this build can load ONNX models (ACLSIM_WITH_ONNX).
bool OnnxSupported();

// Detects the format of |bytes| and loads it. |bytes| is only borrowed for
// the call. Thread-safe (no shared state). Errors: see the file comment.
StatusOr<Graph> LoadModelBytes(std::string_view bytes, const ModelLoadOptions& options);

// Reads |path| and calls LoadModelBytes. Errors: kFileUnusable when
// the file cannot be opened, kFileRead when it cannot be read (a
// directory), then those of LoadModelBytes.
StatusOr<Graph> LoadModelFile(const std::string& path, const ModelLoadOptions& options);

// The model as the runtime loads it (model_variants.h). LoadModelBytes
// refuses a gear .om (kModelParse): it has no one graph.
StatusOr<ModelVariants> LoadModelVariants(std::string_view bytes, const ModelLoadOptions& options);
StatusOr<ModelVariants> LoadModelVariantsFromFile(const std::string& path, const ModelLoadOptions& options);

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_MODEL_LOADER_H_
