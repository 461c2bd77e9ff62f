// Profiler: attaching MSPTI's kernel source (runtime/mspti_sink.h).
#include <algorithm>

#include "runtime/profiler.h"

namespace aclsim::runtime {

void Profiler::AttachMsptiSink() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!mspti_sink_) mspti_sink_ = std::make_unique<MsptiSink>(models_, [this] { return EpochOffsetNs(); });
  for (DeviceState* device : devices_->OpenDevices()) {
    if (std::find(mspti_devices_.begin(), mspti_devices_.end(), device->id()) != mspti_devices_.end()) continue;
    devices_->AddSink(device, mspti_sink_.get());
    mspti_devices_.push_back(device->id());
  }
}

uint64_t Profiler::MsptiUncorrelatedKernels() const {
  std::lock_guard<std::mutex> lock(mu_);
  return mspti_sink_ ? mspti_sink_->uncorrelated() : 0;
}

}  // namespace aclsim::runtime
