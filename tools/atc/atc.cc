// atc: aclsim's model converter (bin/atc, on PATH after set_env.sh), with
// the interface of CANN's ATC for what aclsim can honour (docs/atc.md):
//
//   atc --model=<x.onnx | x.json> --framework=5 --output=<name> --soc_version=<soc>
//       [--input_shape="in:1,3,224,224;..."] [--input_format=NCHW|ND|NCDHW]
//       [--dynamic_batch_size="1,2,4" | --dynamic_image_size="h,w;h,w" | --dynamic_dims="d,d;d,d"]
//       [--output_type=FP32|FP16|UINT8|INT8] [--fusion_switch_file=<file>] [--log=<level>]
//   atc --mode=1 --om=<name.om> --json=<out.json>     (an aclsim .om as JSON)
//
// -1 dims in --input_shape without a gear option make a dynamic-shape
// model: its inputs get their shapes at execution (aclmdlSetDatasetTensorDesc).
//
// It writes <name>.om in aclsim's offline model format (runtime/model/
// om_format.h; not CANN's .om) after loading the model once per gear with
// the fusion passes, and fusion_result.json (what the passes fused) in the
// working directory, as ATC does. Output follows ATC: "ATC start working
// now, ..." first; "ATC run success, welcome to the next use." and exit 0,
// or "ATC run failed, ..." then the error ("E10001: [PID: n] <time> <msg>",
// CANN 8.0's form) and exit 255. Unknown flags are reported on stderr as
// ATC's parser does. Options may be spelt --key=value, --key value, -key=value
// and with '-' for '_', as ATC's parser accepts them.
#include <sys/time.h>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "atc_options.h"
#include "runtime/model/fusion.h"
#include "runtime/model/graph_writer.h"
#include "runtime/model/model_loader.h"
#include "runtime/read_file.h"
#include "sim/device_profile.h"

namespace {

using aclsim::atc::AtcError;
using aclsim::atc::AtcFlags;

constexpr int kOk = 0;
constexpr int kFailed = 255;

// "2026-12-03-14:02:18.501.341", the error manager's time.
std::string Now() {
  timeval tv{};
  gettimeofday(&tv, nullptr);
  tm t{};
  localtime_r(&tv.tv_sec, &t);
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld", t.tm_year + 1900, t.tm_mon + 1,
                t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, static_cast<long>(tv.tv_usec / 1000),
                static_cast<long>(tv.tv_usec % 1000));
  return buf;
}

int Fail(const AtcError& e) {
  std::printf("ATC run failed, Please check the detail log, Try 'atc --help' for more information\n");
  std::printf("%s: [PID: %d] %s %s\n", e.code.c_str(), static_cast<int>(getpid()), Now().c_str(), e.message.c_str());
  return kFailed;
}

AtcError ModelInvalid(const std::string& model, const std::string& reason) {
  return {"E10001", "Value " + model + " for parameter --model is invalid. Reason: " + reason};
}

// fusion_result.json: what the passes did, in ATC's layout (pass ->
// match_times / effect_times) with aclsim's pass names and each fusion.
void WriteFusionResult(const aclsim::model::OmHeader& h, const aclsim::model::FusionReport& r) {
  nlohmann::json j;
  auto pass = [&](const char* name, size_t n) {
    j["graph_fusion"][name] = {{"match_times", std::to_string(n)}, {"effect_times", std::to_string(n)}};
  };
  pass("ConvBatchnormFusionPass", r.batchnorms_folded);
  pass("CubeActivationFusionPass", r.activations_fused);
  pass("CubeBiasAddFusionPass", r.biases_fused);
  pass("CubeResidualAddFusionPass", r.adds_fused);
  j["aclsim_fusions"] = h.fusions;
  j["fusion_switch"] = h.fusion ? "on" : "off";
  std::ofstream("fusion_result.json") << j.dump(2) << "\n";
}

// Mode 0: check, convert, load every gear once, write <output>.om.
int Convert(const AtcFlags& f) {
  if (auto e = aclsim::atc::CheckFlags(f, aclsim::sim::BuiltinDeviceProfileNames())) return Fail(*e);
  std::string source;
  aclsim::Status read = aclsim::ReadRegularFile(f.model, aclsim::kMaxModelFileBytes, "model",
                                                {aclsim::Detail::kFileUnusable, aclsim::Detail::kFileRead}, &source);
  if (!read.ok()) return Fail(ModelInvalid(f.model, "[Errno 2] No such file or directory"));
  aclsim::model::OmHeader h;
  h.soc_version = f.soc_version;
  h.source = aclsim::model::DetectModelFormat(source) == aclsim::model::ModelFormat::kJson ? "json" : "onnx";
  h.input_format = f.input_format;
  h.output_type = f.output_type;
  if (!aclsim::model::IsOmPrecisionMode(f.precision_mode)) {
    return Fail({"E10001", "Value " + f.precision_mode +
                               " for parameter --precision_mode is invalid. Reason: it must be one of force_fp16, "
                               "allow_fp32_to_fp16, allow_mix_precision, force_fp32, must_keep_origin_dtype, "
                               "force_lowerprecision, allow_mix_precision_fp16, allow_mix_precision_bf16, "
                               "cube_fp16in_fp32out"});
  }
  h.precision_mode = f.precision_mode;
  h.converter = std::string("aclsim atc ") + ACLSIM_VERSION_STRING;
  if (auto e = aclsim::atc::ParseInputShape(f.input_shape, &h.input_shapes)) return Fail(*e);
  if (auto e = aclsim::atc::ParseGears(f, h.input_shapes, &h.gear_kind, &h.gears)) return Fail(*e);
  if (!f.fusion_switch_file.empty()) {
    if (auto e = aclsim::atc::ReadFusionSwitch(f.fusion_switch_file, &h.fusion)) return Fail(*e);
  }
  auto load_failed = [&](const aclsim::Status& st) {
    if (st.detail() == aclsim::Detail::kModelNotDynamic && f.input_shape.empty()) {
      return Fail({"E10001",
                   "Value NULL for parameter --input_shape is invalid. Reason: The shapes of inputs contain -1 in "
                   "the model. You may need to set input shape to specify its shape."});
    }
    return Fail(ModelInvalid(f.model, std::string(st.message())));
  };
  // Fusion report of the first gear (every gear has the same ops).
  aclsim::model::FusionReport report;
  if (h.fusion) {
    aclsim::model::OmHeader probe = h;
    probe.fusion = false;
    auto unfused = aclsim::model::LoadModelVariants(aclsim::model::WriteOm(probe, source), {});
    if (!unfused.ok()) return load_failed(unfused.status());
    // A dynamic-shape model has no graph until it runs: fused then, not reported.
    if (!unfused->graphs.empty()) report = aclsim::model::FuseGraph(&unfused->graphs.front());
    h.fusions = report.fusions;
  }
  const std::string om = aclsim::model::WriteOm(h, source);
  auto loaded = aclsim::model::LoadModelVariants(om, {});
  if (!loaded.ok()) return load_failed(loaded.status());
  const std::string path = f.output + ".om";
  std::ofstream out(path, std::ios::binary);
  if (!(out << om) || !(out.close(), out)) {
    return Fail({"E10001", "Value " + f.output + " for parameter --output is invalid. Reason: cannot write " + path});
  }
  WriteFusionResult(h, report);
  std::printf("ATC run success, welcome to the next use.\n");
  // As ATC lists its warnings after the success line.
  for (const auto& [name, value] : f.ignored) {
    std::printf("WARNING: --%s=%s is taken but has no effect on aclsim's model (no precision modes or tuned kernels)\n",
                name.c_str(), value.c_str());
  }
  return kOk;
}

// Mode 1: an aclsim .om as JSON (its header and each gear's graph).
int OmToJson(const AtcFlags& f) {
  if (f.om.empty()) return Fail({"E10004", "Value for --om is empty."});
  if (f.json.empty()) return Fail({"E10004", "Value for --json is empty."});
  std::string bytes;
  aclsim::Status read = aclsim::ReadRegularFile(f.om, aclsim::kMaxModelFileBytes, "model",
                                                {aclsim::Detail::kFileUnusable, aclsim::Detail::kFileRead}, &bytes);
  if (!read.ok() || !aclsim::model::IsAclsimOm(bytes)) {
    return Fail({"E10001", "Value " + f.om + " for parameter --om is invalid. Reason: Invalid om file."});
  }
  auto om = aclsim::model::ParseOm(bytes);
  auto loaded = aclsim::model::LoadModelVariants(bytes, {});
  if (!om.ok() || !loaded.ok()) {
    const aclsim::Status& s = om.ok() ? loaded.status() : om.status();
    return Fail({"E10001", "Value " + f.om + " for parameter --om is invalid. Reason: " + std::string(s.message())});
  }
  nlohmann::json j;
  j["soc_version"] = om->header.soc_version;
  j["gear_kind"] = aclsim::model::GearKindName(om->header.gear_kind);
  j["gears"] = om->header.gears;
  j["fusions"] = om->header.fusions;
  j["precision_mode"] = om->header.precision_mode;
  j["graphs"] = nlohmann::json::array();
  for (const auto& g : loaded->graphs) j["graphs"].push_back(nlohmann::json::parse(aclsim::model::WriteGraphJson(g)));
  std::ofstream out(f.json);
  if (!(out << j.dump(1) << "\n")) {
    return Fail({"E10001", "Value " + f.json + " for parameter --json is invalid. Reason: cannot write it"});
  }
  std::printf("ATC run success, welcome to the next use.\n");
  return kOk;
}

// ATC's spellings: "-key" for "--key", and '-' inside a flag name for '_'.
std::vector<std::string> Normalise(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.size() > 2 && a[0] == '-' && a[1] != '-' && std::isalpha(static_cast<unsigned char>(a[1])) &&
        std::isalpha(static_cast<unsigned char>(a[2]))) {
      a = "-" + a;
    }
    if (a.rfind("--", 0) == 0) {
      const size_t end = std::min(a.find('='), a.size());
      for (size_t k = 2; k < end; ++k) {
        if (a[k] == '-') a[k] = '_';
      }
    }
    args.push_back(a);
  }
  return args;
}

}  // namespace

int main(int argc, char** argv) {
  std::printf("ATC start working now, please wait for a moment.\n");
  std::fflush(stdout);
  CLI::App app{"atc: aclsim's model converter (ONNX and aclsim JSON graphs to aclsim .om)", "atc"};
  AtcFlags f;
  app.set_help_flag("--help,-h,--h", "Show this help message");
  app.add_option("--mode", f.mode, "0: generate an offline model (default); 1: an aclsim .om as JSON");
  app.add_option("--model", f.model, "the model file: ONNX, or an aclsim JSON graph");
  app.add_option("--framework", f.framework, "5 (ONNX; aclsim JSON graphs are taken too)");
  app.add_option("--output", f.output, "the output path without suffix: <output>.om is written");
  app.add_option("--soc_version", f.soc_version, "the SoC (device profile) the model is built for");
  app.add_option("--input_shape", f.input_shape, "\"input_name1:n1,c1,h1,w1;input_name2:n2,c2,h2,w2\"");
  app.add_option("--input_format", f.input_format, "NCHW, ND or NCDHW (NHWC with --dynamic_image_size)");
  app.add_option("--dynamic_batch_size", f.dynamic_batch_size, "batch gears, e.g. \"1,2,4,8\"");
  app.add_option("--dynamic_image_size", f.dynamic_image_size, "image-size gears, e.g. \"224,224;448,448\"");
  app.add_option("--dynamic_dims", f.dynamic_dims, "dims gears, e.g. \"1,2;4,8\" (the -1 values of --input_shape)");
  app.add_option("--output_type", f.output_type, "FP32, FP16, UINT8 or INT8: the data type of every output");
  app.add_option("--precision_mode", f.precision_mode,
                 "force_fp16 (default), allow_fp32_to_fp16, allow_mix_precision: float32 cube ops compute in "
                 "float16; force_fp32, must_keep_origin_dtype: they keep float32");
  app.add_option("--fusion_switch_file", f.fusion_switch_file, "a file turning fusion passes off (\"ALL:off\")");
  app.add_option("--log", f.log, "debug, info, warning, error or null (default)");
  app.add_option("--om", f.om, "--mode=1: the aclsim .om to show");
  for (size_t i = 0; aclsim::atc::kIgnoredAtcOptions[i] != nullptr; ++i) {
    const std::string name = aclsim::atc::kIgnoredAtcOptions[i];
    app.add_option_function<std::string>(
           "--" + name, [&f, name](const std::string& v) { f.ignored.emplace_back(name, v); },
           "ATC's; taken and not acted on")
        ->group("Taken, not acted on");
  }
  for (size_t i = 0; aclsim::atc::kUnsupportedAtcOptions[i] != nullptr; ++i) {
    const std::string name = aclsim::atc::kUnsupportedAtcOptions[i];
    app.add_option_function<std::string>(
           "--" + name, [&f, name](const std::string& v) { f.unsupported.emplace_back(name, v); },
           "ATC's; not supported by aclsim")
        ->group("Not supported");
  }
  app.add_option("--json", f.json, "--mode=1: the JSON file to write");
  std::vector<std::string> args = Normalise(argc, argv);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp&) {
    std::printf("%s", app.help().c_str());
    return kOk;
  } catch (const CLI::ExtrasError& e) {
    for (const std::string& extra : app.remaining()) {
      std::string name = extra.substr(extra.find_first_not_of('-'));
      name = name.substr(0, name.find('='));
      std::fprintf(stderr, "ERROR: unknown command line flag '%s'\n", name.c_str());
    }
    return Fail({"E10001", std::string("The command line is invalid. Reason: ") + e.what()});
  } catch (const CLI::ParseError& e) {
    return Fail({"E10001", std::string("The command line is invalid. Reason: ") + e.what()});
  }
  if (f.mode == "1") return OmToJson(f);
  if (f.mode != "0") {
    return Fail({"E10001", "Value " + f.mode +
                               " for parameter --mode is invalid. Reason: aclsim's atc runs modes 0 (generate an "
                               "offline model) and 1 (an .om as JSON)."});
  }
  return Convert(f);
}
