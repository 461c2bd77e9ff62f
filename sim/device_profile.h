// Device profiles: the data that makes a simulated device a particular Ascend SKU.
//
// A profile (sim/profiles/*.json, schema "aclsim.device_profile.v1") holds the
// public facts the cost model needs: core counts per engine, peak throughput per
// engine and dtype, memory size and bandwidth, and launch overhead per engine.
// The profiles shipped in sim/profiles/ are compiled into the library; a user
// may also point the configuration at a profile file of their own.
#ifndef ACLSIM_SIM_DEVICE_PROFILE_H_
#define ACLSIM_SIM_DEVICE_PROFILE_H_

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/model/graph.h"
#include "runtime/status.h"

namespace aclsim::sim {

struct DeviceProfile {
  std::string name;
  std::string soc_name;
  std::string device_class;  // "training" / "inference"
  uint64_t memory_bytes = 0;
  uint32_t ai_core_count = 0;
  uint32_t vector_core_count = 0;
  uint32_t aicpu_count = 0;
  double memory_bandwidth_bytes_per_s = 0;
  std::array<int64_t, model::kEngineCount> launch_overhead_ns{};
  // Peak FLOP/s per engine and dtype. Missing dtypes fall back to float16,
  // then to the smallest peak listed for the engine.
  std::array<std::map<model::DataType, double>, model::kEngineCount> peak_flops_per_s;

  uint32_t CoreCount(model::Engine engine) const;
  double PeakFlopsPerS(model::Engine engine, model::DataType dtype) const;
};

// Parses a profile JSON document. Errors → kInvalidArgument naming the field.
StatusOr<DeviceProfile> ParseDeviceProfile(std::string_view json_text);
// A compiled-in profile by name ("Ascend910B2", "Ascend310P3").
StatusOr<DeviceProfile> BuiltinDeviceProfile(std::string_view name);
std::vector<std::string> BuiltinDeviceProfileNames();
// Reads and parses a profile file.
StatusOr<DeviceProfile> LoadDeviceProfileFile(const std::string& path);

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_DEVICE_PROFILE_H_
