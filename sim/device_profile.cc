#include "sim/device_profile.h"

#include <limits>

#include <nlohmann/json.hpp>

#include "runtime/read_file.h"
#include "runtime/time_limits.h"
#include "sim/builtin_profiles.h"

namespace aclsim::sim {
namespace {

using nlohmann::json;

Status ProfileError(const std::string& what) { return Status(StatusCode::kInvalidArgument, "device profile: " + what); }

// The optional "copy_overhead_ns" of a profile.
Status ParseCopyOverhead(const json& doc, DeviceProfile* p) {
  auto copy = doc.find("copy_overhead_ns");
  if (copy == doc.end()) return OkStatus();
  if (!copy->is_number_integer() || copy->get<int64_t>() < 0 || copy->get<int64_t>() > kMaxLaunchOverheadNs) {
    return ProfileError("'copy_overhead_ns' must be an integer in [0, 10^9]");
  }
  p->copy_overhead_ns = copy->get<int64_t>();
  return OkStatus();
}

}  // namespace

uint32_t DeviceProfile::CoreCount(model::Engine engine) const {
  switch (engine) {
    case model::Engine::kAiCore: return ai_core_count;
    case model::Engine::kAiVector: return vector_core_count;
    case model::Engine::kAiCpu: return aicpu_count;
  }
  return 1;
}

double DeviceProfile::PeakFlopsPerS(model::Engine engine, model::DataType dtype) const {
  const auto& table = peak_flops_per_s[static_cast<size_t>(engine)];
  if (auto it = table.find(dtype); it != table.end()) return it->second;
  if (auto it = table.find(model::DataType::kFloat16); it != table.end()) return it->second;
  double lowest = std::numeric_limits<double>::max();
  for (const auto& [dt, peak] : table) lowest = std::min(lowest, peak);
  return lowest;
}

StatusOr<DeviceProfile> ParseDeviceProfile(std::string_view json_text) {
  json doc = json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return ProfileError("not a JSON object");
  auto schema = doc.find("schema");
  if (schema == doc.end() || !schema->is_string() || schema->get<std::string>() != "aclsim.device_profile.v1") {
    return ProfileError("'schema' must be \"aclsim.device_profile.v1\"");
  }
  DeviceProfile p;
  auto get_string = [&](const char* key, std::string* out) -> Status {
    auto it = doc.find(key);
    if (it == doc.end() || !it->is_string()) return ProfileError(std::string("missing string '") + key + "'");
    *out = it->get<std::string>();
    return OkStatus();
  };
  // Ranges are checked on the 64-bit value, before any narrowing.
  auto get_uint = [&](const char* key, uint64_t min_value, uint64_t max_value, uint64_t* out) -> Status {
    auto it = doc.find(key);
    if (it == doc.end() || !it->is_number_unsigned() || it->get<uint64_t>() < min_value ||
        it->get<uint64_t>() > max_value) {
      return ProfileError(std::string("'") + key + "' must be an integer in [" + std::to_string(min_value) + ", " +
                          std::to_string(max_value) + "]");
    }
    *out = it->get<uint64_t>();
    return OkStatus();
  };
  auto get_rate = [&](const json& v, const std::string& what, double* out) -> Status {
    if (!v.is_number() || !(v.get<double>() >= kMinRatePerS && v.get<double>() <= kMaxRatePerS)) {
      return ProfileError(what + " must be a positive number in [1e3, 1e21]");
    }
    *out = v.get<double>();
    return OkStatus();
  };
  ACLSIM_RETURN_IF_ERROR(get_string("name", &p.name));
  ACLSIM_RETURN_IF_ERROR(get_string("soc_name", &p.soc_name));
  if (auto it = doc.find("class"); it != doc.end() && it->is_string()) p.device_class = it->get<std::string>();
  uint64_t v = 0;
  ACLSIM_RETURN_IF_ERROR(get_uint("memory_bytes", 1, kMaxMemoryBytes, &p.memory_bytes));
  ACLSIM_RETURN_IF_ERROR(get_uint("ai_core_count", 1, kMaxCores, &v));
  p.ai_core_count = static_cast<uint32_t>(v);
  ACLSIM_RETURN_IF_ERROR(get_uint("vector_core_count", 1, kMaxCores, &v));
  p.vector_core_count = static_cast<uint32_t>(v);
  ACLSIM_RETURN_IF_ERROR(get_uint("aicpu_count", 1, kMaxCores, &v));
  p.aicpu_count = static_cast<uint32_t>(v);
  auto bw = doc.find("memory_bandwidth_bytes_per_s");
  if (bw == doc.end()) return ProfileError("missing 'memory_bandwidth_bytes_per_s'");
  ACLSIM_RETURN_IF_ERROR(get_rate(*bw, "'memory_bandwidth_bytes_per_s'", &p.memory_bandwidth_bytes_per_s));

  if (auto link = doc.find("host_link_bandwidth_bytes_per_s"); link != doc.end()) {
    ACLSIM_RETURN_IF_ERROR(get_rate(*link, "'host_link_bandwidth_bytes_per_s'", &p.host_link_bandwidth_bytes_per_s));
  }
  ACLSIM_RETURN_IF_ERROR(ParseCopyOverhead(doc, &p));

  constexpr std::array<model::Engine, 3> kEngines = {model::Engine::kAiCore, model::Engine::kAiVector,
                                                     model::Engine::kAiCpu};
  constexpr std::array<const char*, 3> kEngineKeys = {"AI_CORE", "AI_VECTOR", "AI_CPU"};
  auto overhead = doc.find("launch_overhead_ns");
  auto peaks = doc.find("peak_flops_per_s");
  if (overhead == doc.end() || !overhead->is_object()) return ProfileError("missing 'launch_overhead_ns'");
  if (peaks == doc.end() || !peaks->is_object()) return ProfileError("missing 'peak_flops_per_s'");
  for (size_t e = 0; e < kEngines.size(); ++e) {
    auto o = overhead->find(kEngineKeys[e]);
    if (o == overhead->end() || !o->is_number_integer() || o->get<int64_t>() < 0 ||
        o->get<int64_t>() > kMaxLaunchOverheadNs) {
      return ProfileError(std::string("launch_overhead_ns.") + kEngineKeys[e] + " must be an integer in [0, 10^9]");
    }
    p.launch_overhead_ns[e] = o->get<int64_t>();
    auto table = peaks->find(kEngineKeys[e]);
    if (table == peaks->end() || !table->is_object() || table->empty()) {
      return ProfileError(std::string("peak_flops_per_s.") + kEngineKeys[e] + " must list at least one dtype");
    }
    for (auto it = table->begin(); it != table->end(); ++it) {
      auto dtype = model::ParseDataType(it.key());
      if (!dtype) return ProfileError("unknown dtype '" + it.key() + "' in peak_flops_per_s");
      ACLSIM_RETURN_IF_ERROR(get_rate(it.value(), "peak for '" + it.key() + "'", &p.peak_flops_per_s[e][*dtype]));
    }
  }
  return p;
}

StatusOr<DeviceProfile> BuiltinDeviceProfile(std::string_view name) {
  for (const auto& entry : kBuiltinProfiles) {
    if (name == entry.name) return ParseDeviceProfile(entry.json);
  }
  std::string known;
  for (const auto& entry : kBuiltinProfiles) known += (known.empty() ? "" : ", ") + std::string(entry.name);
  return Status(StatusCode::kInvalidArgument,
                "config: unknown device profile '" + std::string(name) + "' (built in: " + known + ")");
}

std::vector<std::string> BuiltinDeviceProfileNames() {
  std::vector<std::string> names;
  for (const auto& entry : kBuiltinProfiles) names.emplace_back(entry.name);
  return names;
}

StatusOr<DeviceProfile> LoadDeviceProfileFile(const std::string& path) {
  std::string text;
  ACLSIM_RETURN_IF_ERROR(ReadRegularFile(path, kMaxProfileFileBytes, "config: device profile",
                                         {StatusCode::kInvalidArgument, StatusCode::kInvalidArgument}, &text));
  return ParseDeviceProfile(text);
}

}  // namespace aclsim::sim
