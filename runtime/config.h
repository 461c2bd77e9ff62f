// Runtime configuration: the options struct and its JSON form.
//
// Configuration is data. The api/ edge reads the aclInit(configPath) file and
// the file named by ACLSIM_CONFIG, and hands their text to ParseConfigJson;
// nothing below api/ reads the environment. The JSON form is CANN's acl.json
// with an extra "aclsim" object (other top-level keys are CANN's and ignored):
//
//   { "aclsim": { "backend": "sim", "device_count": 2,
//                 "device_profile": "Ascend910B2", "device_profile_path": "",
//                 "clock": "virtual" | "realtime", "seed": 0, "jitter": 0.0,
//                 "log_level": "error", "endpoint": "unix:/tmp/aclsim.sock",
//                 "faults": { ... } } }
#ifndef ACLSIM_RUNTIME_CONFIG_H_
#define ACLSIM_RUNTIME_CONFIG_H_

#include <string>
#include <string_view>

#include "runtime/device/backend.h"
#include "runtime/log.h"
#include "runtime/status.h"

namespace aclsim::runtime {

struct RuntimeOptions {
  std::string backend = "sim";
  device::BackendOptions backend_options;
  LogLevel log_level = LogLevel::kError;

  Status Validate() const { return backend_options.Validate(); }
};

// Applies the "aclsim" section of |json_text| on top of |options|. An empty
// text or a document without "aclsim" changes nothing.
// Errors: not JSON → kParseFile; a key with a wrong type or out-of-range
// value → kFileAttrInvalid; an unknown key inside "aclsim" → kFileAttrInvalid.
Status ApplyConfigJson(std::string_view json_text, RuntimeOptions* options);

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_CONFIG_H_
