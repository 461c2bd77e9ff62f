// libFuzzer target: the configuration parser (aclInit JSON "aclsim" section).
// It must accept or reject with a documented code, and whatever it accepts
// must pass RuntimeOptions::Validate.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "runtime/config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aclsim::runtime::RuntimeOptions options;
  auto status = aclsim::runtime::ApplyConfigJson(std::string_view(reinterpret_cast<const char*>(data), size), &options);
  if (status.ok()) {
    if (!options.Validate().ok()) std::abort();
  } else if (status.code() != aclsim::ErrorCode::kParseFile && status.code() != aclsim::ErrorCode::kFileAttrInvalid) {
    std::abort();
  }
  return 0;
}
