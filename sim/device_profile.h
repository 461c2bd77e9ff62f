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

// Ranges a parsed profile is checked against (runtime/time_limits.h bounds
// the rates and overheads that feed time): memory_bytes in [1, 2^50],
// core counts in [1, 1024], memory bandwidth and peak rates in [1e3, 1e21]
// per second, launch overheads in [0, 10^9] ns.
constexpr uint64_t kMaxMemoryBytes = uint64_t{1} << 50;
constexpr uint64_t kMaxCores = 1024;

struct DeviceProfile {
  std::string name;
  std::string soc_name;
  std::string device_class;  // "training" / "inference"
  uint64_t memory_bytes = 0;
  uint32_t ai_core_count = 0;
  uint32_t vector_core_count = 0;
  uint32_t aicpu_count = 0;
  double memory_bandwidth_bytes_per_s = 0;
  // Copies between host and device (aclrtMemcpyAsync H2D/D2H) cross the
  // host link (PCIe); copies and memsets on the device move through HBM at
  // memory_bandwidth_bytes_per_s. Each copy or memset task also takes
  // copy_overhead_ns. Optional in a profile file (these defaults).
  double host_link_bandwidth_bytes_per_s = 3.2e10;
  int64_t copy_overhead_ns = 2000;
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
