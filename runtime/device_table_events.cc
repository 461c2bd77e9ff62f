// DeviceTable's event lookups and resets (device_table.h).
#include <mutex>
#include <utility>

#include "runtime/device_table.h"

namespace aclsim::runtime {

StatusOr<std::pair<DeviceState*, device::EventId>> DeviceTable::ResolveEvent(Event* event) const {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  return std::make_pair(event->device_, event->id_);
}

Status DeviceTable::ResetEvent(Event* event, Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  if (s->context_->device_ != event->device_) {
    return Status(Detail::kStreamOfOtherContext, "event and stream belong to different devices");
  }
  // A fresh device event is never recorded: waits on it pass, queries see
  // it complete. Work already submitted keeps the record it waited for.
  GatedDevice& dev = event->device_->gated();
  ACLSIM_ASSIGN_OR_RETURN(device::EventId fresh, dev.CreateEvent());
  (void)dev.DestroyEvent(event->id_);  // once no held record or wait names it
  event->id_ = fresh;
  return OkStatus();
}

}  // namespace aclsim::runtime
