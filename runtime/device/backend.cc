#include "runtime/device/backend.h"

#include <nlohmann/json.hpp>

#include "runtime/device/null_backend.h"

namespace aclsim::device {

bool IsBackendFeature(std::string_view feature) {
  return feature == kFeatureClientDeviceOptions || feature == kFeatureFreshDeviceClock || feature == kFeatureExecution;
}

Status Backend::CheckFeature(std::string_view feature) const {
  if (IsBackendFeature(feature)) return OkStatus();
  return Status(StatusCode::kInvalidArgument,
                "'" + std::string(feature) +
                    "' is not a backend feature (known: " + std::string(kFeatureClientDeviceOptions) + ", " +
                    std::string(kFeatureFreshDeviceClock) + ", " + std::string(kFeatureExecution) + ")");
}

Status UnknownBackendOption(std::string_view backend, std::string_view key) {
  return Status(Detail::kFileAttrInvalid,
                "config: unknown key \"aclsim." + std::string(key) + "\" for backend '" + std::string(backend) + "'");
}

bool AsNonNegativeInteger(const nlohmann::json& value, uint64_t* out) {
  if (value.is_number_unsigned()) {
    *out = value.get<uint64_t>();
    return true;
  }
  if (value.is_number_integer() && value.get<int64_t>() >= 0) {
    *out = static_cast<uint64_t>(value.get<int64_t>());
    return true;
  }
  return false;
}

BackendRegistry::BackendRegistry() {
  Register("null", [](const nlohmann::json&) -> StatusOr<std::unique_ptr<Backend>> { return CreateNullBackend(); });
}

BackendRegistry& BackendRegistry::Global() {
  static BackendRegistry* registry = new BackendRegistry();  // never destroyed
  return *registry;
}

void BackendRegistry::Register(std::string name, BackendFactory factory) {
  std::lock_guard<std::mutex> lock(mu_);
  factories_[std::move(name)] = std::move(factory);
}

bool BackendRegistry::Contains(std::string_view name) const {
  std::lock_guard<std::mutex> lock(mu_);
  return factories_.find(name) != factories_.end();
}

std::vector<std::string> BackendRegistry::Names() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> names;
  for (const auto& [name, factory] : factories_) names.push_back(name);
  return names;
}

StatusOr<std::unique_ptr<Backend>> BackendRegistry::Create(std::string_view name, const nlohmann::json& options) const {
  BackendFactory factory;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = factories_.find(name);
    if (it == factories_.end()) {
      std::string known;
      for (const auto& [n, f] : factories_) known += (known.empty() ? "" : ", ") + n;
      return Status(StatusCode::kInvalidArgument,
                    "config: unknown backend '" + std::string(name) + "' (registered: " + known + ")");
    }
    factory = it->second;
  }
  return factory(options);
}

}  // namespace aclsim::device
