#include "runtime/device/backend.h"

#include <cmath>

#include "runtime/device/null_backend.h"

namespace aclsim::device {

Status BackendOptions::Validate() const {
  if (device_count < 1 || device_count > 64) {
    return Status(ErrorCode::kInvalidParam, "config: device_count must be in [1, 64]");
  }
  if (!(jitter >= 0.0 && jitter <= 0.5)) {
    return Status(ErrorCode::kInvalidParam, "config: jitter must be in [0, 0.5]");
  }
  if (device_profile.empty() && device_profile_path.empty()) {
    return Status(ErrorCode::kInvalidParam, "config: device_profile must not be empty");
  }
  return OkStatus();
}

BackendRegistry::BackendRegistry() {
  Register("null", [](const BackendOptions&) -> StatusOr<std::unique_ptr<Backend>> { return CreateNullBackend(); });
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

StatusOr<std::unique_ptr<Backend>> BackendRegistry::Create(std::string_view name, const BackendOptions& options) const {
  ACLSIM_RETURN_IF_ERROR(options.Validate());
  BackendFactory factory;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = factories_.find(name);
    if (it == factories_.end()) {
      std::string known;
      for (const auto& [n, f] : factories_) known += (known.empty() ? "" : ", ") + n;
      return Status(ErrorCode::kInvalidParam,
                    "config: unknown backend '" + std::string(name) + "' (registered: " + known + ")");
    }
    factory = it->second;
  }
  return factory(options);
}

}  // namespace aclsim::device
