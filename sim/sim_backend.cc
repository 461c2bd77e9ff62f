#include "sim/sim_backend.h"

#include <nlohmann/json.hpp>

#include "sim/device_profile.h"
#include "sim/sim_device.h"

namespace aclsim::sim {
namespace {

class SimBackend final : public device::Backend {
 public:
  SimBackend(const SimOptions& options, std::shared_ptr<const DeviceProfile> profile)
      : options_(options), profile_(std::move(profile)) {}

  std::string_view name() const override { return "sim"; }
  uint32_t DeviceCount() const override { return options_.device_count; }
  device::ClockMode clock_mode() const override { return options_.clock_mode; }
  int64_t clock_origin_ns() const override { return options_.clock_origin_ns; }
  device::DeliveryFaults delivery_faults() const override { return options_.faults.delivery; }

  StatusOr<std::unique_ptr<device::Device>> OpenDevice(uint32_t device_id) override {
    if (device_id >= options_.device_count) {
      return Status(Detail::kInvalidDeviceId, "device " + std::to_string(device_id) +
                                                  " does not exist (sim backend has " +
                                                  std::to_string(options_.device_count) + ")");
    }
    return std::unique_ptr<device::Device>(new SimDevice(device_id, profile_, options_));
  }

 private:
  const SimOptions options_;
  const std::shared_ptr<const DeviceProfile> profile_;  // shared with every SimDevice
};

}  // namespace

StatusOr<std::unique_ptr<device::Backend>> CreateSimBackend(const SimOptions& options) {
  ACLSIM_RETURN_IF_ERROR(options.Validate());
  StatusOr<DeviceProfile> profile = options.device_profile_path.empty()
                                        ? BuiltinDeviceProfile(options.device_profile)
                                        : LoadDeviceProfileFile(options.device_profile_path);
  if (!profile.ok()) return profile.status();
  auto shared = std::make_shared<const DeviceProfile>(std::move(profile).value());
  return std::unique_ptr<device::Backend>(new SimBackend(options, std::move(shared)));
}

StatusOr<std::unique_ptr<device::Backend>> CreateSimBackendFromConfig(const nlohmann::json& options) {
  ACLSIM_ASSIGN_OR_RETURN(SimOptions parsed, ParseSimOptions(options));
  return CreateSimBackend(parsed);
}

void RegisterSimBackend(device::BackendRegistry& registry) { registry.Register("sim", CreateSimBackendFromConfig); }

}  // namespace aclsim::sim
