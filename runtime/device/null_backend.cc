#include "runtime/device/null_backend.h"

namespace aclsim::device {
namespace {

class NullBackend final : public Backend {
 public:
  std::string_view name() const override { return "null"; }
  uint32_t DeviceCount() const override { return 0; }
  StatusOr<std::unique_ptr<Device>> OpenDevice(uint32_t device_id) override {
    return Status(Detail::kNoDevice, "backend 'null' has no devices (device " + std::to_string(device_id) + ")");
  }
};

}  // namespace

std::unique_ptr<Backend> CreateNullBackend() { return std::make_unique<NullBackend>(); }

}  // namespace aclsim::device
