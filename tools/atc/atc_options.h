// What atc checks of its options before converting, in ATC's order and with
// ATC's error codes and messages (hicann/ge api/atc/main_impl.cc,
// compiler/api/aclgrph/option_utils.cc, compiler/graph/preprocess/
// multi_batch_options.cc; the templates of base/common/error_registry).
#ifndef ACLSIM_TOOLS_ATC_ATC_OPTIONS_H_
#define ACLSIM_TOOLS_ATC_ATC_OPTIONS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/model/om_format.h"

namespace aclsim::atc {

// One ATC error: its code ("E10001") and message.
struct AtcError {
  std::string code;
  std::string message;
};

// The options as given (empty: not given).
struct AtcFlags {
  std::string mode = "0";
  std::string model, framework, output, soc_version;
  std::string input_shape, input_format;
  std::string dynamic_batch_size, dynamic_image_size, dynamic_dims;
  std::string output_type, log = "null", fusion_switch_file;
  std::string precision_mode = "force_fp16";
  std::string om, json;  // --mode=1
  // ATC options aclsim takes and does not act on (tuning, precision,
  // debugging), by name, and ATC options it cannot honour, by name.
  std::vector<std::pair<std::string, std::string>> ignored, unsupported;
};

// ATC's tuning, precision and debugging options: accepted, reported as not
// acted on. aclsim's cost model has no precision modes or tuned kernels.
extern const char* const kIgnoredAtcOptions[];
// ATC's options that change what the model is and aclsim cannot honour:
// refused with E10001.
extern const char* const kUnsupportedAtcOptions[];

// --input_shape "name:d,d;name:d,d" in order (E10002, E10011, E10013).
std::optional<AtcError> ParseInputShape(const std::string& text,
                                        std::vector<std::pair<std::string, std::vector<int64_t>>>* out);

// The gears of --dynamic_batch_size / --dynamic_image_size / --dynamic_dims
// against the input shapes and format (E10003 … E10040); sets |kind| and
// |gears|.
std::optional<AtcError> ParseGears(const AtcFlags& flags,
                                   const std::vector<std::pair<std::string, std::vector<int64_t>>>& shapes,
                                   model::GearKind* kind, std::vector<std::vector<int64_t>>* gears);

// Whether a --fusion_switch_file turns the fusion passes off: a line
// "ALL:off" (or "<pass>:off" for every pass aclsim runs), or the JSON form
// {"Switch":{"GraphFusion":{"ALL":"off"},...}}. Unreadable → E10001.
std::optional<AtcError> ReadFusionSwitch(const std::string& path, bool* fusion_on);

// The checks of the required options, in ATC's order: framework (E10007,
// then aclsim's ONNX-only rule), soc_version, output, model (E10054), and
// the values of --log, --input_format, --output_type and the mutual
// exclusion of the dynamic options.
std::optional<AtcError> CheckFlags(const AtcFlags& flags, const std::vector<std::string>& socs);

}  // namespace aclsim::atc

#endif  // ACLSIM_TOOLS_ATC_ATC_OPTIONS_H_
