#include "sim/device_profile.h"

#include <fstream>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/builtin_profiles.h"

namespace aclsim::sim {
namespace {

using nlohmann::json;

Status ProfileError(const std::string& what) { return Status(StatusCode::kInvalidArgument, "device profile: " + what); }

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
  auto get_uint = [&](const char* key, uint64_t min_value, uint64_t* out) -> Status {
    auto it = doc.find(key);
    if (it == doc.end() || !it->is_number_unsigned() || it->get<uint64_t>() < min_value) {
      return ProfileError(std::string("'") + key + "' must be an integer >= " + std::to_string(min_value));
    }
    *out = it->get<uint64_t>();
    return OkStatus();
  };
  ACLSIM_RETURN_IF_ERROR(get_string("name", &p.name));
  ACLSIM_RETURN_IF_ERROR(get_string("soc_name", &p.soc_name));
  if (auto it = doc.find("class"); it != doc.end() && it->is_string()) p.device_class = it->get<std::string>();
  uint64_t v = 0;
  ACLSIM_RETURN_IF_ERROR(get_uint("memory_bytes", 1, &p.memory_bytes));
  ACLSIM_RETURN_IF_ERROR(get_uint("ai_core_count", 1, &v));
  p.ai_core_count = static_cast<uint32_t>(v);
  ACLSIM_RETURN_IF_ERROR(get_uint("vector_core_count", 1, &v));
  p.vector_core_count = static_cast<uint32_t>(v);
  ACLSIM_RETURN_IF_ERROR(get_uint("aicpu_count", 1, &v));
  p.aicpu_count = static_cast<uint32_t>(v);
  if (p.ai_core_count > 1024 || p.vector_core_count > 1024 || p.aicpu_count > 1024) {
    return ProfileError("core counts must be at most 1024");
  }
  auto bw = doc.find("memory_bandwidth_bytes_per_s");
  if (bw == doc.end() || !bw->is_number() || bw->get<double>() <= 0) {
    return ProfileError("'memory_bandwidth_bytes_per_s' must be a positive number");
  }
  p.memory_bandwidth_bytes_per_s = bw->get<double>();

  constexpr std::array<model::Engine, 3> kEngines = {model::Engine::kAiCore, model::Engine::kAiVector,
                                                     model::Engine::kAiCpu};
  constexpr std::array<const char*, 3> kEngineKeys = {"AI_CORE", "AI_VECTOR", "AI_CPU"};
  auto overhead = doc.find("launch_overhead_ns");
  auto peaks = doc.find("peak_flops_per_s");
  if (overhead == doc.end() || !overhead->is_object()) return ProfileError("missing 'launch_overhead_ns'");
  if (peaks == doc.end() || !peaks->is_object()) return ProfileError("missing 'peak_flops_per_s'");
  for (size_t e = 0; e < kEngines.size(); ++e) {
    auto o = overhead->find(kEngineKeys[e]);
    if (o == overhead->end() || !o->is_number_integer() || o->get<int64_t>() < 0) {
      return ProfileError(std::string("launch_overhead_ns.") + kEngineKeys[e] + " must be a non-negative integer");
    }
    p.launch_overhead_ns[e] = o->get<int64_t>();
    auto table = peaks->find(kEngineKeys[e]);
    if (table == peaks->end() || !table->is_object() || table->empty()) {
      return ProfileError(std::string("peak_flops_per_s.") + kEngineKeys[e] + " must list at least one dtype");
    }
    for (auto it = table->begin(); it != table->end(); ++it) {
      auto dtype = model::ParseDataType(it.key());
      if (!dtype) return ProfileError("unknown dtype '" + it.key() + "' in peak_flops_per_s");
      if (!it.value().is_number() || it.value().get<double>() <= 0) {
        return ProfileError("peak for '" + it.key() + "' must be a positive number");
      }
      p.peak_flops_per_s[e][*dtype] = it.value().get<double>();
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
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kInvalidArgument, "config: cannot read device profile '" + path + "'");
  std::ostringstream buf;
  buf << in.rdbuf();
  return ParseDeviceProfile(buf.str());
}

}  // namespace aclsim::sim
