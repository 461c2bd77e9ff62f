#include "sim/device_profile.h"

#include <array>
#include <limits>
#include <string>

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

constexpr std::array<model::Engine, 3> kEngines = {model::Engine::kAiCore, model::Engine::kAiVector,
                                                   model::Engine::kAiCpu};
constexpr std::array<const char*, kFloorCount> kFloorKeys = {"AI_CORE", "AI_VECTOR", "AI_CPU", "MIX"};
constexpr std::string_view kSchemaV1 = "aclsim.device_profile.v1";
constexpr std::string_view kSchemaV2 = "aclsim.device_profile.v2";

// Floors: v2's "kernel_floor_ns" (AI_CORE, AI_VECTOR, AI_CPU, MIX), or v1's
// "launch_overhead_ns" (no MIX: the AI_CORE value).
Status ParseFloors(const json& doc, bool v2, DeviceProfile* p) {
  const char* key = v2 ? "kernel_floor_ns" : "launch_overhead_ns";
  auto table = doc.find(key);
  if (table == doc.end() || !table->is_object()) return ProfileError(std::string("missing '") + key + "'");
  const size_t count = v2 ? kFloorCount : model::kEngineCount;
  for (size_t e = 0; e < count; ++e) {
    auto o = table->find(kFloorKeys[e]);
    if (o == table->end() || !o->is_number_integer() || o->get<int64_t>() < 0 ||
        o->get<int64_t>() > kMaxLaunchOverheadNs) {
      return ProfileError(std::string(key) + "." + kFloorKeys[e] + " must be an integer in [0, 10^9]");
    }
    p->kernel_floor_ns[e] = o->get<int64_t>();
  }
  if (!v2) p->kernel_floor_ns[kMixFloor] = p->kernel_floor_ns[static_cast<size_t>(model::Engine::kAiCore)];
  return OkStatus();
}

// An efficiency table: keys "<name>" or "<name>/<dtype>" with a known dtype,
// values in (0, kMaxEfficiency].
Status ParseEfficiencies(const json& doc, const char* key, std::map<std::string, double, std::less<>>* out,
                         double max_value = kMaxEfficiency) {
  auto table = doc.find(key);
  if (table == doc.end()) return OkStatus();
  if (!table->is_object()) return ProfileError(std::string("'") + key + "' must be an object");
  for (auto it = table->begin(); it != table->end(); ++it) {
    const std::string& name = it.key();
    const size_t slash = name.find('/');
    const bool suffix_ok = slash == std::string::npos || name.substr(slash + 1) == "unaligned" ||
                           model::ParseDataType(name.substr(slash + 1)).has_value();
    if (name.empty() || slash == 0 || !suffix_ok) {
      return ProfileError(std::string(key) + ": '" + name +
                          "' is not '<name>', '<name>/<dtype>' or '<name>/unaligned'");
    }
    const double min_value = max_value == kMaxEfficiency ? 0 : -1;  // fills may be 0, efficiencies not
    if (!it->is_number() || !(it->get<double>() > min_value && it->get<double>() <= max_value)) {
      return ProfileError(std::string(key) + "." + name + " must be a number in " +
                          (max_value == kMaxEfficiency ? "(0, 4]" : "[0, 10^9]"));
    }
    (*out)[name] = it->get<double>();
  }
  return OkStatus();
}

// The optional L2 fields of a v2 profile.
Status ParseL2(const json& doc, DeviceProfile* p) {
  auto bytes = doc.find("l2_bytes");
  auto rate = doc.find("l2_bandwidth_bytes_per_s");
  if (bytes == doc.end() && rate == doc.end()) return OkStatus();
  if (bytes == doc.end() || !bytes->is_number_unsigned() || bytes->get<uint64_t>() > kMaxMemoryBytes) {
    return ProfileError("'l2_bytes' must be an integer in [0, 2^50] given with 'l2_bandwidth_bytes_per_s'");
  }
  if (rate == doc.end() || !rate->is_number() ||
      !(rate->get<double>() >= kMinRatePerS && rate->get<double>() <= kMaxRatePerS)) {
    return ProfileError("'l2_bandwidth_bytes_per_s' must be a positive number in [1e3, 1e21]");
  }
  p->l2_bytes = bytes->get<uint64_t>();
  p->l2_bandwidth_bytes_per_s = rate->get<double>();
  if (auto frac = doc.find("l2_resident_fraction"); frac != doc.end()) {
    if (!frac->is_number() || !(frac->get<double>() > 0 && frac->get<double>() <= 1)) {
      return ProfileError("'l2_resident_fraction' must be a number in (0, 1]");
    }
    p->l2_resident_fraction = frac->get<double>();
  }
  return OkStatus();
}

// The calibration of a v2 profile (docs/cost_model.md): L2, the per-core
// rate and its scale, and the coefficient tables.
Status ParseCalibration(const json& doc, DeviceProfile* p) {
  ACLSIM_RETURN_IF_ERROR(ParseL2(doc, p));
  ACLSIM_RETURN_IF_ERROR(ParseEfficiencies(doc, "compute_efficiency", &p->compute_efficiency));
  ACLSIM_RETURN_IF_ERROR(ParseEfficiencies(doc, "stream_efficiency", &p->stream_efficiency));
  const double max_ns = static_cast<double>(kMaxLaunchOverheadNs);
  ACLSIM_RETURN_IF_ERROR(ParseEfficiencies(doc, "fill_ns", &p->fill_ns, max_ns));
  ACLSIM_RETURN_IF_ERROR(ParseEfficiencies(doc, "row_ns", &p->row_ns, max_ns));
  if (auto core = doc.find("core_bandwidth_bytes_per_s"); core != doc.end()) {
    if (!core->is_number() || !(core->get<double>() >= kMinRatePerS && core->get<double>() <= kMaxRatePerS)) {
      return ProfileError("'core_bandwidth_bytes_per_s' must be a positive number in [1e3, 1e21]");
    }
    p->core_bandwidth_bytes_per_s = core->get<double>();
  }
  if (auto scale = doc.find("core_bandwidth_scale"); scale != doc.end()) {
    if (!scale->is_number() || !(scale->get<double>() > 0 && scale->get<double>() <= kMaxEfficiency)) {
      return ProfileError("'core_bandwidth_scale' must be a number in (0, 4]");
    }
    p->core_bandwidth_scale = scale->get<double>();
  }
  return OkStatus();
}

}  // namespace

double Efficiency(const std::map<std::string, double, std::less<>>& table, std::string_view op_type,
                  std::string_view op_class, model::Engine engine, model::DataType dtype, double fallback,
                  bool unaligned) {
  if (table.empty()) return fallback;
  const std::string dt = std::string("/") + model::DataTypeName(dtype);
  const std::string_view engine_key = kFloorKeys[static_cast<size_t>(engine)];
  for (std::string_view base : {op_type, op_class, engine_key}) {
    if (base.empty()) continue;
    std::string key(base);
    if (unaligned) {
      if (auto it = table.find(key + "/unaligned"); it != table.end()) return it->second;
    }
    if (auto it = table.find(key + dt); it != table.end()) return it->second;
    if (auto it = table.find(key); it != table.end()) return it->second;
  }
  return fallback;
}

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
  const bool v2 = schema != doc.end() && schema->is_string() && schema->get<std::string>() == kSchemaV2;
  if (!v2 && (schema == doc.end() || !schema->is_string() || schema->get<std::string>() != kSchemaV1)) {
    return ProfileError("'schema' must be \"aclsim.device_profile.v2\" (or v1)");
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

  ACLSIM_RETURN_IF_ERROR(ParseFloors(doc, v2, &p));
  if (v2) ACLSIM_RETURN_IF_ERROR(ParseCalibration(doc, &p));
  auto peaks = doc.find("peak_flops_per_s");
  if (peaks == doc.end() || !peaks->is_object()) return ProfileError("missing 'peak_flops_per_s'");
  for (size_t e = 0; e < kEngines.size(); ++e) {
    auto table = peaks->find(kFloorKeys[e]);
    if (table == peaks->end() || !table->is_object() || table->empty()) {
      return ProfileError(std::string("peak_flops_per_s.") + kFloorKeys[e] + " must list at least one dtype");
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
