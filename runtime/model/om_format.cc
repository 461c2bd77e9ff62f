#include "runtime/model/om_format.h"

#include <cstring>
#include <nlohmann/json.hpp>

namespace aclsim::model {
namespace {

using Json = nlohmann::json;

constexpr size_t kPrefix = 16;  // magic, version, header length

void PutU32(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

uint32_t GetU32(std::string_view bytes, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
  return v;
}

Status Bad(const std::string& what) { return Status(Detail::kModelDeserialize, "om: " + what); }
Status BadField(const std::string& what) { return Status(Detail::kModelParse, "om header: " + what); }

}  // namespace

const char* GearKindName(GearKind kind) {
  switch (kind) {
    case GearKind::kNone: return "none";
    case GearKind::kBatch: return "batch";
    case GearKind::kImageSize: return "image_size";
    case GearKind::kDims: return "dims";
  }
  return "none";
}

bool IsOmPrecisionMode(std::string_view mode) {
  return mode == "force_fp16" || mode == "allow_fp32_to_fp16" || mode == "allow_mix_precision" ||
         mode == "force_fp32" || mode == "must_keep_origin_dtype" || mode == "force_lowerprecision" ||
         mode == "allow_mix_precision_fp16" || mode == "allow_mix_precision_bf16" || mode == "cube_fp16in_fp32out";
}

bool OmPrecisionCastsToFp16(std::string_view mode) {
  return mode == "force_fp16" || mode == "allow_fp32_to_fp16" || mode == "allow_mix_precision" ||
         mode == "force_lowerprecision" || mode == "allow_mix_precision_fp16" || mode == "cube_fp16in_fp32out";
}

bool IsAclsimOm(std::string_view bytes) {
  return bytes.size() >= sizeof(kOmMagic) && std::memcmp(bytes.data(), kOmMagic, sizeof(kOmMagic)) == 0;
}

bool IsCannOm(std::string_view bytes) { return bytes.size() >= 4 && bytes.substr(0, 4) == "IMOD"; }

std::string WriteOm(const OmHeader& h, std::string_view payload) {
  Json j;
  j["format"] = "aclsim.om";
  j["version"] = kOmFormatVersion;
  j["soc_version"] = h.soc_version;
  j["source"] = h.source;
  j["input_shapes"] = Json::array();
  for (const auto& [name, dims] : h.input_shapes) j["input_shapes"].push_back({{"name", name}, {"dims", dims}});
  j["gear_kind"] = GearKindName(h.gear_kind);
  j["gears"] = h.gears;
  j["input_format"] = h.input_format;
  j["output_type"] = h.output_type;
  j["fusion"] = h.fusion;
  j["precision_mode"] = h.precision_mode;
  j["fusions"] = h.fusions;
  j["converter"] = h.converter;
  const std::string header = j.dump(2) + "\n";
  std::string out(kOmMagic, sizeof(kOmMagic));
  PutU32(&out, kOmFormatVersion);
  PutU32(&out, static_cast<uint32_t>(header.size()));
  out += header;
  out.append(payload.data(), payload.size());
  return out;
}

StatusOr<OmFile> ParseOm(std::string_view bytes) {
  if (!IsAclsimOm(bytes) || bytes.size() < kPrefix) return Bad("truncated before its header");
  const uint32_t version = GetU32(bytes, 8);
  if (version != kOmFormatVersion) {
    return Bad("format version " + std::to_string(version) + " (this aclsim reads version " +
               std::to_string(kOmFormatVersion) + "); convert the source model again with this aclsim's atc");
  }
  const uint32_t length = GetU32(bytes, 12);
  if (length > bytes.size() - kPrefix) return Bad("header of " + std::to_string(length) + " bytes is truncated");
  Json j = Json::parse(bytes.substr(kPrefix, length), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return Bad("header is not a JSON object");
  OmFile file;
  file.payload = bytes.substr(kPrefix + length);
  OmHeader& h = file.header;
  try {
    if (j.at("format").get<std::string>() != "aclsim.om") return BadField("format is not \"aclsim.om\"");
    h.soc_version = j.at("soc_version").get<std::string>();
    h.source = j.at("source").get<std::string>();
    if (h.source != "onnx" && h.source != "json") return BadField("source is neither \"onnx\" nor \"json\"");
    for (const auto& in : j.at("input_shapes")) {
      h.input_shapes.emplace_back(in.at("name").get<std::string>(), in.at("dims").get<std::vector<int64_t>>());
    }
    const std::string kind = j.at("gear_kind").get<std::string>();
    for (GearKind k : {GearKind::kNone, GearKind::kBatch, GearKind::kImageSize, GearKind::kDims}) {
      if (kind == GearKindName(k)) h.gear_kind = k;
    }
    if (kind != GearKindName(h.gear_kind)) return BadField("gear_kind \"" + kind + "\" is not one this aclsim knows");
    h.gears = j.at("gears").get<std::vector<std::vector<int64_t>>>();
    if (h.gears.size() > kMaxOmGears) return BadField(std::to_string(h.gears.size()) + " gears (at most 1024)");
    h.input_format = j.at("input_format").get<std::string>();
    h.output_type = j.at("output_type").get<std::string>();
    h.fusion = j.at("fusion").get<bool>();
    h.precision_mode = j.value("precision_mode", std::string("force_fp16"));
    if (!IsOmPrecisionMode(h.precision_mode))
      return BadField("precision_mode \"" + h.precision_mode + "\" is not ATC's");
    h.fusions = j.at("fusions").get<std::vector<std::string>>();
    h.converter = j.value("converter", std::string());
  } catch (const Json::exception& e) {
    return BadField(std::string("a field is missing or of the wrong type (") + e.what() + ")");
  }
  if (file.payload.empty()) return Bad("no model after the header");
  return file;
}

}  // namespace aclsim::model
