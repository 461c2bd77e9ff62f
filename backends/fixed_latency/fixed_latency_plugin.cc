// The fixed-latency backend as a device plugin
// (libaclsim_backend_fixed_latency.so), loaded with
// ACLSIM_BACKEND=/path/to/libaclsim_backend_fixed_latency.so.
#include <nlohmann/json.hpp>

#include "backends/fixed_latency/fixed_latency_backend.h"
#include "runtime/device/c_api/plugin_adapter.h"

namespace {

aclsim::StatusOr<std::unique_ptr<aclsim::device::Backend>> Create(const nlohmann::json& options) {
  ACLSIM_ASSIGN_OR_RETURN(aclsim::fixed_latency::FixedLatencyOptions fixed,
                          aclsim::fixed_latency::ParseFixedLatencyOptions(options));
  return aclsim::fixed_latency::CreateFixedLatencyBackend(fixed);
}

}  // namespace

ACLSIM_DEFINE_BACKEND_PLUGIN("fixed_latency", Create)
