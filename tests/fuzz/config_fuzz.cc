// libFuzzer target: the configuration parser (aclInit JSON "aclsim" section)
// and the "sim" backend's options parser behind it, and the device-profile
// parser (a profile file named by device_profile_path). Each must accept or
// reject with a documented code; whatever the sim parser accepts must pass
// SimOptions::Validate, and on a profile that parses the sample models
// must cost within [0, kMaxTaskDurationNs] per op.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "check_costable.h"
#include "runtime/config.h"
#include "runtime/model/graph_loader.h"
#include "sim/device_profile.h"
#include "sim/sim_options.h"

namespace {

const std::vector<aclsim::model::Graph>& SampleModels() {
  static const auto* graphs = [] {
    auto* out = new std::vector<aclsim::model::Graph>();
    for (const char* name : {"sample_mlp.json", "two_branch.json"}) {
      auto g = aclsim::model::LoadGraphFromFile(std::string(ACLSIM_SOURCE_MODELS_DIR) + "/" + name);
      if (!g.ok()) std::abort();
      out->push_back(std::move(g).value());
    }
    return out;
  }();
  return *graphs;
}

void CheckProfile(std::string_view text) {
  auto profile = aclsim::sim::ParseDeviceProfile(text);
  if (!profile.ok()) {
    if (profile.status().code() != aclsim::StatusCode::kInvalidArgument) std::abort();
    return;
  }
  for (const auto& graph : SampleModels()) aclsim::fuzz::CheckCostable(graph, *profile);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  CheckProfile(text);
  aclsim::runtime::RuntimeOptions options;
  auto status = aclsim::runtime::ApplyConfigJson(text, &options);
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
