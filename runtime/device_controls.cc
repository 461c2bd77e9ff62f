// The controls of a device's work that the runtime keeps for the program:
// the saturation mode, the streams' overflow switches, the core limits of
// the process, of streams and of threads, and peer access between devices
// (DeviceTable, device_table.h).
//
// What each SoC family supports follows CANN's runtime (hicann/runtime
// 681ef76, src/runtime/config/<chip>/dev_info_reg.cc and
// src/runtime/api/impl/api_impl.cc): the Ascend 910B and 910_93 lines
// support both saturation modes, start in Inf/NaN mode and check overflow
// per stream; the Ascend 950 has the Inf/NaN mode only; the older lines
// (910A, 310P) the saturation mode only, and no per-stream switch.
#include <string>
#include <string_view>

#include "runtime/device_table.h"
#include "runtime/device_table_errors.h"

namespace aclsim::runtime {
namespace {

struct OverflowTraits {
  bool saturation = true;
  bool inf_nan = false;
  FloatOverflowMode initial = FloatOverflowMode::kSaturation;
  bool stream_switch = false;
};

OverflowTraits OverflowTraitsOf(std::string_view soc) {
  const auto starts = [&](std::string_view prefix) { return soc.substr(0, prefix.size()) == prefix; };
  if (starts("Ascend910B") || starts("Ascend910_93")) {
    return {true, true, FloatOverflowMode::kInfNan, true};
  }
  if (starts("Ascend950")) return {false, true, FloatOverflowMode::kInfNan, true};
  return {};
}

const char* ModeName(FloatOverflowMode mode) {
  return mode == FloatOverflowMode::kSaturation ? "ACL_RT_OVERFLOW_MODE_SATURATION" : "ACL_RT_OVERFLOW_MODE_INFNAN";
}

const char* KindName(CoreKind kind) { return kind == CoreKind::kCube ? "cube" : "vector"; }

// The stream whose core limits the calling thread uses, for the table of
// |generation| (a later table's threads start with none).
struct ThreadCores {
  uint64_t generation = 0;
  const Stream* stream = nullptr;
};
thread_local ThreadCores tls_cores;

}  // namespace

FloatOverflowMode DeviceTable::SatModeLocked(const DeviceState& device) const {
  return sat_mode_.value_or(OverflowTraitsOf(device.device_->info().soc_name).initial);
}

Status DeviceTable::SetSatMode(FloatOverflowMode mode) {
  // The process's mode; the first device names the SoC (as aclrtGetSocName).
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * first, Open(0));
  std::lock_guard<std::mutex> lock(mu_);
  const std::string& soc = first->device_->info().soc_name;
  const OverflowTraits traits = OverflowTraitsOf(soc);
  if ((mode == FloatOverflowMode::kSaturation && !traits.saturation) ||
      (mode == FloatOverflowMode::kInfNan && !traits.inf_nan)) {
    return Status(StatusCode::kUnimplemented, std::string(soc) + " has no " + ModeName(mode));
  }
  sat_mode_ = mode;
  return OkStatus();
}

StatusOr<FloatOverflowMode> DeviceTable::GetSatMode() {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * first, Open(0));
  std::lock_guard<std::mutex> lock(mu_);
  return SatModeLocked(*first);
}

Status DeviceTable::SetOverflowSwitch(Stream* stream, uint32_t on) {
  if (on > 1) return Status(StatusCode::kInvalidArgument, "flag must be 0 or 1");
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  if (OverflowTraitsOf(s->context_->device_->device_->info().soc_name).stream_switch) s->overflow_switch_ = on;
  return OkStatus();
}

StatusOr<uint32_t> DeviceTable::GetOverflowSwitch(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  if (!OverflowTraitsOf(s->context_->device_->device_->info().soc_name).stream_switch) return 1U;
  return s->overflow_switch_;
}

namespace {

uint32_t DeviceCores(const DeviceState& device, CoreKind kind) {
  const device::DeviceInfo& info = device.device().info();
  return kind == CoreKind::kCube ? info.ai_core_count : info.vector_core_count;
}

Status CheckLimit(const DeviceState& device, CoreKind kind, uint32_t value) {
  const uint32_t cores = DeviceCores(device, kind);
  if (value > cores) {
    return Status(StatusCode::kInvalidArgument, "value " + std::to_string(value) + " exceeds the device's " +
                                                    std::to_string(cores) + " " + KindName(kind) + " cores");
  }
  return OkStatus();
}

}  // namespace

StatusOr<uint32_t> DeviceTable::GetDeviceCores(int32_t device_id, CoreKind kind) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, Open(device_id));
  std::lock_guard<std::mutex> lock(mu_);
  return device->core_limits_.of(kind).value_or(DeviceCores(*device, kind));
}

Status DeviceTable::SetDeviceCores(int32_t device_id, CoreKind kind, uint32_t value) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, Open(device_id));
  ACLSIM_RETURN_IF_ERROR(CheckLimit(*device, kind, value));
  std::lock_guard<std::mutex> lock(mu_);
  device->core_limits_.of(kind) = value;
  any_core_limit_.store(true, std::memory_order_release);
  return OkStatus();
}

Status DeviceTable::ResetDeviceCores(int32_t device_id) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, Open(device_id));
  std::lock_guard<std::mutex> lock(mu_);
  device->core_limits_ = {};
  return OkStatus();
}

StatusOr<uint32_t> DeviceTable::GetStreamCores(Stream* stream, CoreKind kind) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  const DeviceState& device = *s->context_->device_;
  if (const auto& own = s->core_limits_.of(kind)) return *own;
  return device.core_limits_.of(kind).value_or(DeviceCores(device, kind));
}

Status DeviceTable::SetStreamCores(Stream* stream, CoreKind kind, uint32_t value) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  // A stream's limit may exceed the process's, not the device's cores.
  ACLSIM_RETURN_IF_ERROR(CheckLimit(*s->context_->device_, kind, value));
  s->core_limits_.of(kind) = value;
  any_core_limit_.store(true, std::memory_order_release);
  return OkStatus();
}

Status DeviceTable::ResetStreamCores(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  s->core_limits_ = {};
  return OkStatus();
}

Status DeviceTable::UseStreamCores(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  tls_cores = {generation_, s};
  return OkStatus();
}

Status DeviceTable::UnuseStreamCores(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  // Another stream than the one in use changes nothing (as CANN).
  if (tls_cores.generation == generation_ && tls_cores.stream == s) tls_cores = {};
  return OkStatus();
}

// The limit of the stream the calling thread uses, else the process's on
// its current device; the device's cores when neither is set.
StatusOr<uint32_t> DeviceTable::ThreadCoresLocked(CoreKind kind, bool* limited) const {
  *limited = true;
  if (tls_cores.generation == generation_ && tls_cores.stream != nullptr) {
    auto it = streams_.find(const_cast<Stream*>(tls_cores.stream));
    if (it != streams_.end()) {
      if (const auto& own = it->second->core_limits_.of(kind)) return *own;
    }
  }
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  const DeviceState& device = *c->device_;
  if (const auto& process = device.core_limits_.of(kind)) return *process;
  *limited = false;
  return DeviceCores(device, kind);
}

StatusOr<uint32_t> DeviceTable::GetThreadCores(CoreKind kind) {
  std::lock_guard<std::mutex> lock(mu_);
  bool limited = false;
  return ThreadCoresLocked(kind, &limited);
}

std::optional<uint32_t> DeviceTable::ThreadCoreLimit(CoreKind kind) {
  if (!any_core_limit_.load(std::memory_order_acquire)) return std::nullopt;
  std::lock_guard<std::mutex> lock(mu_);
  bool limited = false;
  StatusOr<uint32_t> cores = ThreadCoresLocked(kind, &limited);
  if (!cores.ok() || !limited) return std::nullopt;
  // A limit at or above the device's cores limits nothing.
  const Context* c = CurrentContextLocked();
  if (c != nullptr && *cores >= DeviceCores(*c->device_, kind)) return std::nullopt;
  return *cores;
}

// -------------------------------------------------------------- peer access

Status DeviceTable::CheckPeerPairLocked(int32_t device_id, int32_t peer_id) const {
  const uint32_t count = DeviceCount();
  for (int32_t id : {device_id, peer_id}) {
    if (id < 0 || static_cast<uint32_t>(id) >= count) return OutOfRange(id, count);
  }
  if (device_id == peer_id) {
    return Status(StatusCode::kInvalidArgument,
                  "device " + std::to_string(device_id) + " and its peer must be different devices");
  }
  return OkStatus();
}

StatusOr<bool> DeviceTable::CanAccessPeer(int32_t device_id, int32_t peer_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckPeerPairLocked(device_id, peer_id));
  return true;
}

Status DeviceTable::EnablePeerAccess(int32_t peer_id) {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  ACLSIM_RETURN_IF_ERROR(CheckPeerPairLocked(c->device_->id_, peer_id));
  peer_access_.emplace(c->device_->id_, peer_id);
  return OkStatus();
}

Status DeviceTable::DisablePeerAccess(int32_t peer_id) {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  ACLSIM_RETURN_IF_ERROR(CheckPeerPairLocked(c->device_->id_, peer_id));
  peer_access_.erase({c->device_->id_, peer_id});
  return OkStatus();
}

StatusOr<bool> DeviceTable::PeerAccessEnabled(int32_t device_id, int32_t peer_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  const uint32_t count = DeviceCount();
  for (int32_t id : {device_id, peer_id}) {
    if (id < 0 || static_cast<uint32_t>(id) >= count) {
      return Status(StatusCode::kInvalidArgument, "device id " + std::to_string(id) +
                                                      " is out of range (device count " + std::to_string(count) + ")");
    }
  }
  return peer_access_.count({device_id, peer_id}) > 0;
}

StatusOr<bool> DeviceTable::DeviceLost(int32_t device_id) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, Open(device_id));
  return device->lost_.load(std::memory_order_relaxed);
}

}  // namespace aclsim::runtime
