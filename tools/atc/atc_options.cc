#include "atc_options.h"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace aclsim::atc {
namespace {

AtcError Invalid(const std::string& value, const std::string& parameter, const std::string& reason) {
  return {"E10001", "Value " + value + " for parameter " + parameter + " is invalid. Reason: " + reason};
}

std::vector<std::string> Split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, sep)) out.push_back(item);
  if (!text.empty() && text.back() == sep) out.push_back("");
  return out;
}

std::string Trim(const std::string& s) {
  const size_t b = s.find_first_not_of(' ');
  const size_t e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

bool OnlyChars(const std::string& s, const std::string& allowed) {
  return std::all_of(s.begin(), s.end(), [&](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || allowed.find(c) != std::string::npos;
  });
}

// "1,2;3,4" → {{1,2},{3,4}}; each value a positive integer.
std::optional<AtcError> ParseProfiles(const std::string& text, const std::string& flag,
                                      std::vector<std::vector<int64_t>>* out) {
  for (const std::string& group : Split(text, ';')) {
    std::vector<int64_t> values;
    for (const std::string& raw : Split(group, ',')) {
      const std::string v = Trim(raw);
      if (v.empty() || !OnlyChars(v, "") || v.size() > 12) {
        return AtcError{"E10038", "Dimension size " + v + " is invalid. The value must be greater than 0."};
      }
      const int64_t n = std::stoll(v);
      if (n <= 0) return AtcError{"E10038", "Dimension size " + v + " is invalid. The value must be greater than 0."};
      values.push_back(n);
    }
    out->push_back(std::move(values));
  }
  if (out->size() < 2) {
    return AtcError{"E10035", "--dynamic_batch_size, --dynamic_image_size, or --dynamic_dims has " +
                                  std::to_string(out->size()) + " profiles, which is less than the minimum 2."};
  }
  if (out->size() > 100) {
    return AtcError{"E10036", "--dynamic_batch_size, --dynamic_image_size, or --dynamic_dims has " +
                                  std::to_string(out->size()) + " profiles, which is greater than the maximum 100."};
  }
  std::set<std::vector<int64_t>> seen;
  for (const auto& g : *out) {
    if (!seen.insert(g).second) {
      return AtcError{"E10039", "The profiles of " + flag + " are duplicated: " + text + "."};
    }
  }
  return std::nullopt;
}

size_t CountMinusOne(const std::vector<int64_t>& dims) {
  return static_cast<size_t>(std::count(dims.begin(), dims.end(), -1));
}

// --dynamic_batch_size: -1 only on N, one batch size per gear.
std::optional<AtcError> ParseBatchGears(const std::string& text,
                                        const std::vector<std::pair<std::string, std::vector<int64_t>>>& shapes,
                                        size_t minus_ones, std::vector<std::vector<int64_t>>* gears) {
  if (!OnlyChars(text, ",")) {
    return Invalid(text, "--dynamic_batch_size", "It can only contain digits and \",\".");
  }
  for (const auto& [name, dims] : shapes) {
    for (size_t i = 1; i < dims.size(); ++i) {
      if (dims[i] == -1) {
        return AtcError{"E10018", "Value " + std::to_string(i) + " for shape " + name +
                                      " is invalid. When --dynamic_batch_size is included, only batch size N can "
                                      "be -1 in --input_shape."};
      }
    }
  }
  if (minus_ones == 0) {
    return AtcError{"E10031",
                    "--dynamic_batch_size is included, but none of the nodes specified in --input_shape has a batch "
                    "size equaling -1."};
  }
  // One value per gear: the batch size, written as "1,2,4".
  std::string as_groups = text;
  std::replace(as_groups.begin(), as_groups.end(), ',', ';');
  return ParseProfiles(as_groups, "--dynamic_batch_size", gears);
}

}  // namespace

const char* const kIgnoredAtcOptions[] = {"precision_mode_v2",
                                          "op_precision_mode",
                                          "allow_hf32",
                                          "keep_dtype",
                                          "customize_dtypes",
                                          "op_select_implmode",
                                          "optypelist_for_implmode",
                                          "enable_small_channel",
                                          "buffer_optimize",
                                          "oo_level",
                                          "optimization_switch",
                                          "op_debug_level",
                                          "op_debug_config",
                                          "debug_dir",
                                          "op_compiler_cache_mode",
                                          "op_compiler_cache_dir",
                                          "dump_mode",
                                          "status_check",
                                          "display_model_info",
                                          "export_compile_stat",
                                          "deterministic",
                                          "atomic_clean_policy",
                                          "disable_reuse_memory",
                                          "host_env_os",
                                          "host_env_cpu",
                                          "mdl_bank_path",
                                          "op_bank_path",
                                          "auto_tune_mode",
                                          "sparsity",
                                          "job_type",
                                          nullptr};
const char* const kUnsupportedAtcOptions[] = {"weight",
                                              "insert_op_conf",
                                              "out_nodes",
                                              "input_shape_range",
                                              "singleop",
                                              "is_input_adjust_hw_layout",
                                              "is_output_adjust_hw_layout",
                                              "compression_optimize_conf",
                                              "external_weight",
                                              "virtual_type",
                                              "input_hint_shape",
                                              "input_fp16_nodes",
                                              "save_original_model",
                                              "shape_generalized_build_mode",
                                              nullptr};

std::optional<AtcError> ParseInputShape(const std::string& text,
                                        std::vector<std::pair<std::string, std::vector<int64_t>>>* out) {
  for (const std::string& segment : Split(text, ';')) {
    const size_t colon = segment.rfind(':');
    if (colon == std::string::npos || colon == 0) {
      return AtcError{"E10002",
                      "Value " + text +
                          " for parameter --input_shape is invalid. Reason: The shape must contain two "
                          "parts: name and value. The value must be formatted as \"input_name1:n1,c1,h1,w1\"."};
    }
    std::vector<int64_t> dims;
    const std::string values = segment.substr(colon + 1);
    for (const std::string& raw : values.empty() ? std::vector<std::string>{} : Split(values, ',')) {
      const std::string v = Trim(raw);
      if (v.find('.') != std::string::npos) {
        return AtcError{"E10002", "Value " + text +
                                      " for parameter --input_shape is invalid. Reason: The float number is "
                                      "unsupported. The value must be formatted as \"input_name1:1,3,224,224\"."};
      }
      if (v == "-1") {
        dims.push_back(-1);
        continue;
      }
      if (v.empty() || !OnlyChars(v, "-")) {
        return AtcError{"E10002", "Value " + text +
                                      " for parameter --input_shape is invalid. Reason: It is not a digit. The value "
                                      "must be formatted as \"input_name1:n1,c1,h1,w1\"."};
      }
      if (v.size() > 18) return AtcError{"E10013", "Value " + v + " for --input_shape is out of range."};
      const int64_t n = std::stoll(v);
      if (n <= 0) {
        return AtcError{"E10011", "Value " + text +
                                      " for parameter --input_shape is invalid. Shape values must be positive "
                                      "integers. The error value in the shape is " +
                                      v + "."};
      }
      dims.push_back(n);
    }
    out->emplace_back(segment.substr(0, colon), std::move(dims));
  }
  return std::nullopt;
}

std::optional<AtcError> ParseGears(const AtcFlags& f,
                                   const std::vector<std::pair<std::string, std::vector<int64_t>>>& shapes,
                                   model::GearKind* kind, std::vector<std::vector<int64_t>>* gears) {
  const std::string* text = !f.dynamic_batch_size.empty()   ? &f.dynamic_batch_size
                            : !f.dynamic_image_size.empty() ? &f.dynamic_image_size
                            : !f.dynamic_dims.empty()       ? &f.dynamic_dims
                                                            : nullptr;
  if (text == nullptr) {
    *kind = model::GearKind::kNone;
    return std::nullopt;
  }
  if (shapes.empty()) return AtcError{"E10004", "Value for --input_shape is empty."};
  size_t minus_ones = 0;
  for (const auto& [name, dims] : shapes) minus_ones += CountMinusOne(dims);
  if (text == &f.dynamic_batch_size) {
    *kind = model::GearKind::kBatch;
    return ParseBatchGears(*text, shapes, minus_ones, gears);
  }
  if (text == &f.dynamic_image_size) {
    *kind = model::GearKind::kImageSize;
    if (!OnlyChars(*text, ", ;")) {
      return Invalid(*text, "--dynamic_image_size", "It can only contain digits, \",\", \" \" and \";\".");
    }
    const std::string format = f.input_format.empty() ? "NCHW" : f.input_format;
    if (format != "NCHW" && format != "NHWC") {
      return Invalid(format, "--input_format",
                     "When --dynamic_image_size is set, the input format only supports NCHW or NHWC.");
    }
    const size_t h = format == "NCHW" ? 2 : 1;
    for (const auto& [name, dims] : shapes) {
      const bool hw_only = dims.size() == 4 && dims[h] == -1 && dims[h + 1] == -1 && CountMinusOne(dims) == 2;
      if (CountMinusOne(dims) != 0 && !hw_only) {
        return AtcError{"E10019",
                        "When --dynamic_image_size is included, only the height and width axes can be -1 in "
                        "--input_shape."};
      }
    }
    if (minus_ones == 0) {
      return AtcError{"E10019",
                      "When --dynamic_image_size is included, only the height and width axes can be -1 in "
                      "--input_shape."};
    }
    if (auto e = ParseProfiles(*text, "--dynamic_image_size", gears)) return e;
    for (const auto& g : *gears) {
      if (g.size() != 2)
        return AtcError{"E10020", "Value " + *text + " for parameter --dynamic_image_size is invalid."};
    }
    return std::nullopt;
  }
  *kind = model::GearKind::kDims;
  if (!OnlyChars(*text, ", ;")) return Invalid(*text, "--dynamic_dims", "Dynamic dims must be a positive integer.");
  if (minus_ones == 0) return Invalid("0", "--input_shape's dynamic dim num", "It must be greater than 0.");
  if (auto e = ParseProfiles(*text, "--dynamic_dims", gears)) return e;
  for (const auto& g : *gears) {
    if (g.size() != minus_ones) {
      return Invalid(*text, "--dynamic_dims",
                     "Each setting needs to be consistent with the number of -1 in the input shape.");
    }
  }
  return std::nullopt;
}

std::optional<AtcError> ReadFusionSwitch(const std::string& path, bool* fusion_on) {
  std::ifstream in(path);
  if (!in) return Invalid(path, "--fusion_switch_file", "The file cannot be opened.");
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  auto j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_discarded() && j.is_object()) {
    const auto sw = j.value("Switch", nlohmann::json::object());
    for (const char* kind : {"GraphFusion", "UBFusion"}) {
      if (sw.contains(kind) && sw[kind].value("ALL", std::string()) == "off") *fusion_on = false;
    }
    return std::nullopt;
  }
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    line = Trim(line);
    if (line == "ALL:off") *fusion_on = false;
  }
  return std::nullopt;
}

std::optional<AtcError> CheckFlags(const AtcFlags& f, const std::vector<std::string>& socs) {
  if (!f.unsupported.empty()) {
    return Invalid(f.unsupported.front().second, "--" + f.unsupported.front().first,
                   "aclsim's atc does not support this option (docs/atc.md).");
  }
  const std::string frameworks = "0(Caffe) or 1(MindSpore) or 3(TensorFlow) or 5(Onnx)";
  if (f.framework.empty() || (f.framework != "0" && f.framework != "1" && f.framework != "3" && f.framework != "5")) {
    return AtcError{"E10007", "[--framework] is required. The value must be [" + frameworks + "]."};
  }
  if (f.framework != "5") {
    return Invalid(f.framework, "--framework",
                   "aclsim's atc converts ONNX models (--framework=5) and aclsim JSON graphs only.");
  }
  for (const auto& [value, name] :
       {std::pair{&f.soc_version, "--soc_version"}, std::pair{&f.output, "--output"}, std::pair{&f.model, "--model"}}) {
    if (value->empty()) {
      return AtcError{"E10054", std::string("The required parameter ") + name +
                                    " for ATC is empty. Another possible reason is that the values of some "
                                    "parameters are not enclosed by quotation marks (\"\")."};
    }
  }
  if (std::find(socs.begin(), socs.end(), f.soc_version) == socs.end()) {
    std::string known;
    for (const std::string& s : socs) known += (known.empty() ? "" : ", ") + s;
    return Invalid(f.soc_version, "--soc_version", "aclsim has no device profile of that name (it has " + known + ").");
  }
  if (f.output.back() == '/') {
    return AtcError{"E10022", "Path " + f.output + " for parameter --output does not include the file name."};
  }
  static const std::set<std::string> kLogs = {"debug", "info", "warning", "error", "null"};
  if (kLogs.count(f.log) == 0) return AtcError{"E10010", "Value " + f.log + " for parameter --log is invalid."};
  if (!f.input_format.empty() && f.input_format != "NCHW" && f.input_format != "ND" && f.input_format != "NCDHW" &&
      !(f.input_format == "NHWC" && !f.dynamic_image_size.empty())) {
    return Invalid(f.input_format, "--input_format", "The value must be NCHW, ND or NCDHW in ONNX model.");
  }
  static const std::set<std::string> kTypes = {"FP32", "FP16", "UINT8", "INT8"};
  if (!f.output_type.empty() && kTypes.count(f.output_type) == 0) {
    return Invalid(f.output_type, "--output_type",
                   "The value must be FP32, FP16, UINT8, INT8. A node can only have one type. The correct example "
                   "is: --output_type=FP32.");
  }
  const int dynamic = !f.dynamic_batch_size.empty() + !f.dynamic_image_size.empty() + !f.dynamic_dims.empty();
  if (dynamic > 1) {
    return AtcError{"E10009",
                    "--dynamic_batch_size, --dynamic_image_size, --input_shape_range, and --dynamic_dims are "
                    "mutually exclusive."};
  }
  return std::nullopt;
}

}  // namespace aclsim::atc
