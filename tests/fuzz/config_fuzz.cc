// libFuzzer target: the configuration parser (aclInit JSON "aclsim" section)
// and the "sim" backend's options parser behind it. Each must accept or
// reject with a documented code, and whatever the sim parser accepts must
// pass SimOptions::Validate.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "runtime/config.h"
#include "sim/sim_options.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aclsim::runtime::RuntimeOptions options;
  auto status = aclsim::runtime::ApplyConfigJson(std::string_view(reinterpret_cast<const char*>(data), size), &options);
  if (!status.ok()) {
    if (status.detail() != aclsim::Detail::kFileParse && status.detail() != aclsim::Detail::kFileAttrInvalid) {
      std::abort();
    }
    return 0;
  }
  auto sim = aclsim::sim::ParseSimOptions(options.backend_options);
  if (sim.ok()) {
    if (!sim->Validate().ok()) std::abort();
  } else if (sim.status().detail() != aclsim::Detail::kFileAttrInvalid) {
    std::abort();
  }
  return 0;
}
