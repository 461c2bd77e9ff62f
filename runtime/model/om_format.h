// aclsim's offline model file (`<output>.om` written by aclsim's atc,
// docs/om_format.md). It is not CANN's .om: CANN's holds compiled device
// kernels for one SoC; aclsim's holds the source model and what atc was told
// to do with it, which the loader replays. Layout (integers little-endian):
//
//   0   8  magic "ACLSIMOM"
//   8   4  format version (kOmFormatVersion)
//   12  4  header length H in bytes
//   16  H  header: a JSON object (OmHeader below)
//   16+H   payload: the source model, ONNX ModelProto or aclsim JSON graph
//
// CANN's own .om files are recognised by their magic ("IMOD" at offset 0)
// so that loading one says to convert the source model with atc.
#ifndef ACLSIM_RUNTIME_MODEL_OM_FORMAT_H_
#define ACLSIM_RUNTIME_MODEL_OM_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/status.h"

namespace aclsim::model {

inline constexpr char kOmMagic[8] = {'A', 'C', 'L', 'S', 'I', 'M', 'O', 'M'};
inline constexpr uint32_t kOmFormatVersion = 1;
inline constexpr size_t kMaxOmGears = 1024;  // each gear is an executable of its own

// Gears: the shapes a model converted with --dynamic_batch_size,
// --dynamic_image_size or --dynamic_dims runs at. Each gear lists the
// values of the -1 dims of --input_shape, in its order: one batch size,
// a height and a width, or every -1 of the inputs in turn.
enum class GearKind : uint8_t { kNone, kBatch, kImageSize, kDims };
const char* GearKindName(GearKind kind);  // "none", "batch", "image_size", "dims"

// The extra input of a gear model (CANN's ACL_DYNAMIC_TENSOR_NAME): INT32,
// ND, one element per value of a gear, placed after the model's inputs.
inline constexpr const char* kGearInputName = "ascend_mbatch_shape_data";

// What atc recorded about a conversion.
struct OmHeader {
  std::string soc_version;  // --soc_version, e.g. "Ascend310P3"
  std::string source;       // "onnx" or "json": the payload's format
  // --input_shape in its order (-1: a dynamic dim).
  std::vector<std::pair<std::string, std::vector<int64_t>>> input_shapes;
  GearKind gear_kind = GearKind::kNone;
  std::vector<std::vector<int64_t>> gears;
  std::string input_format;  // --input_format ("" = the model's)
  std::string output_type;   // --output_type: FP32, FP16, UINT8, INT8 ("" = the model's)
  bool fusion = true;        // the fusion passes run at load
  // --precision_mode (ATC's default force_fp16; files without the field
  // were written before it was recorded and used that default).
  std::string precision_mode = "force_fp16";
  std::vector<std::string> fusions;  // what they fused at conversion (report)
  std::string converter;             // "aclsim atc <version>"
};

// ATC's --precision_mode values, and whether one makes float32 cube ops
// compute in float16 (ModelLoadOptions::cube_fp16).
bool IsOmPrecisionMode(std::string_view mode);
bool OmPrecisionCastsToFp16(std::string_view mode);

bool IsAclsimOm(std::string_view bytes);
// CANN's offline model (magic "IMOD"), which aclsim cannot run.
bool IsCannOm(std::string_view bytes);

// The file's bytes. Deterministic: the same header and payload give the
// same bytes.
std::string WriteOm(const OmHeader& header, std::string_view payload);

struct OmFile {
  OmHeader header;
  std::string_view payload;  // into the parsed bytes
};
// Parses |bytes| (IsAclsimOm). Errors: kModelDeserialize when it is
// truncated, of another format version or its header is not valid JSON;
// kModelParse when a header field is missing or of the wrong type.
StatusOr<OmFile> ParseOm(std::string_view bytes);

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_OM_FORMAT_H_
