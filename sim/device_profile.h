// Device profiles: the data that makes a simulated device a particular Ascend SKU.
//
// A profile (sim/profiles/*.json, schema "aclsim.device_profile.v2") holds the
// public facts the cost model needs — core counts per engine, peak throughput
// per engine and dtype, memory size and bandwidth, L2 size and rate — and the
// calibrated coefficients of docs/cost_model.md: per-kernel floors and the
// achievable fractions of the compute peaks and of the memory bandwidth.
// Version 1 files (no calibration) still parse: their launch_overhead_ns
// become the floors and every efficiency is 1.
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
// Efficiencies are in (0, kMaxEfficiency]: above 1 only where a measured
// rate beats the nominal one (an L2 hit on a datasheet HBM figure).
constexpr double kMaxEfficiency = 4.0;

// Index of the floor of a mixed cube+vector kernel in kernel_floor_ns,
// after the model::Engine values.
inline constexpr size_t kMixFloor = model::kEngineCount;
inline constexpr size_t kFloorCount = model::kEngineCount + 1;

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
  // The least device time of one kernel (msprof Task Duration: scheduling,
  // start-up and completion) per engine, and of a mixed cube+vector kernel
  // (kMixFloor): a duration is max(floor, work time).
  std::array<int64_t, kFloorCount> kernel_floor_ns{};
  // Peak FLOP/s per engine and dtype. Missing dtypes fall back to float16,
  // then to the smallest peak listed for the engine.
  std::array<std::map<model::DataType, double>, model::kEngineCount> peak_flops_per_s;
  // On-chip L2 cache: an op whose bytes fit in l2_resident_fraction of it
  // moves its intermediate tensors at the L2 rate (0 bytes: no reuse).
  uint64_t l2_bytes = 0;
  double l2_bandwidth_bytes_per_s = 0;
  double l2_resident_fraction = 0.5;
  // Achievable fraction of the compute peak and of the memory bandwidth, by
  // key (see Efficiency). Absent keys are 1.
  std::map<std::string, double, std::less<>> compute_efficiency;
  std::map<std::string, double, std::less<>> stream_efficiency;
  // Pipeline fill of a kernel, by the same keys (absent: 0 ns): the time
  // its first loads take before compute and transfers overlap, added to
  // its work time.
  std::map<std::string, double, std::less<>> fill_ns;
  // Latency of reducing one row (reductions, softmax, norms), by the same
  // keys (absent: 0): rows * row_ns / cores is added to the work time.
  std::map<std::string, double, std::less<>> row_ns;
  // The rate one core moves data to and from HBM (0: no per-core limit):
  // a kernel on few cores cannot reach the device bandwidth.
  double core_bandwidth_bytes_per_s = 0;
  // Calibrated factor on core_bandwidth_bytes_per_s: the platform
  // configuration's per-core rate is the compiler's model rate, which
  // measured kernels exceed (spec/ascend_devices.md §1.3).
  double core_bandwidth_scale = 1.0;

  uint32_t CoreCount(model::Engine engine) const;
  double PeakFlopsPerS(model::Engine engine, model::DataType dtype) const;
};

// The most specific entry of |table| for an op, looked up in this order:
// "<op type>/<dtype>", "<op type>", "<class>/<dtype>", "<class>",
// "<engine>/<dtype>", "<engine>" (engine as AI_CORE, AI_VECTOR, AI_CPU);
// for an op with unaligned tensors (OpWork::unaligned) "<name>/unaligned"
// comes first at each of the three levels; an empty |op_type| skips its
// level. |fallback| when none is present.
double Efficiency(const std::map<std::string, double, std::less<>>& table, std::string_view op_type,
                  std::string_view op_class, model::Engine engine, model::DataType dtype, double fallback = 1.0,
                  bool unaligned = false);

// Parses a profile JSON document. Errors → kInvalidArgument naming the field.
StatusOr<DeviceProfile> ParseDeviceProfile(std::string_view json_text);
// A compiled-in profile by name ("Ascend910B2", "Ascend310P3").
StatusOr<DeviceProfile> BuiltinDeviceProfile(std::string_view name);
std::vector<std::string> BuiltinDeviceProfileNames();
// Reads and parses a profile file.
StatusOr<DeviceProfile> LoadDeviceProfileFile(const std::string& path);

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_DEVICE_PROFILE_H_
