// Profiler: attaching MSPTI's kernel source (runtime/mspti_sink.h).
#include <algorithm>

#include "runtime/prof/mspti_collector.h"
#include "runtime/profiler.h"

namespace aclsim::runtime {

void Profiler::ConnectMspti() {
  prof::mspti::Collector::Instance().SetHostClock(this, [this] { return clock_.AnchorNs() + EpochOffsetNs(); });
}

void Profiler::DisconnectMspti() { prof::mspti::Collector::Instance().ClearHostClock(this); }

int64_t Profiler::MsptiEpochOffsetNs() {
  const int64_t offset = EpochOffsetNs();
  return offset + prof::mspti::Collector::Instance().ClientOffset(clock_.AnchorNs() + offset);
}

void Profiler::SyncMsptiSink() {
  std::lock_guard<std::mutex> lock(mu_);
  const bool on = prof::mspti::Collector::Instance().AnyEnabled(kMsptiDeviceKinds);
  if (on && !mspti_sink_) mspti_sink_ = std::make_unique<MsptiSink>(models_, [this] { return MsptiEpochOffsetNs(); });
  for (DeviceState* device : devices_->OpenDevices()) {
    const auto it = std::find(mspti_devices_.begin(), mspti_devices_.end(), device->id());
    if (on && it == mspti_devices_.end()) {
      devices_->AddSink(device, mspti_sink_.get());
      mspti_devices_.push_back(device->id());
    } else if (!on && it != mspti_devices_.end()) {
      devices_->RemoveSink(device, mspti_sink_.get());
      mspti_devices_.erase(it);
    }
  }
}

uint64_t Profiler::MsptiUncorrelatedKernels() const {
  std::lock_guard<std::mutex> lock(mu_);
  return mspti_sink_ ? mspti_sink_->uncorrelated() : 0;
}

}  // namespace aclsim::runtime
