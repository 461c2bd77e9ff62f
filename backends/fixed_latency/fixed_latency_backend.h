// The fixed-latency backend: a device on which every op of a graph takes the
// same time, op_ns, and nothing else costs anything.
//
// Each device has one integer-nanosecond clock starting at 0. Streams are
// in-order timelines on it: a task starts at the later of its stream's tail
// and the device clock, and the ops of a graph run one after another. Markers
// are zero-length tasks at the stream's tail; an event record stamps the
// stream's tail; an event wait moves the waiting stream's tail up to the
// event's timestamp. Work completes instantly in virtual time: queries answer
// done, and a synchronisation moves the device clock to the end of the work
// it waited for (so later work starts after it). Same calls, same times.
//
// Task ids are per device, from 1, increasing in submit order (one per op,
// one per marker). Unknown stream, event or executable ids are
// kInvalidHandle.
//
// Options:
//   device_count  devices the backend reports, [1, 64], default 1
//   op_ns         duration of every op in ns, [1, 10^12], default 1000
#ifndef ACLSIM_BACKENDS_FIXED_LATENCY_FIXED_LATENCY_BACKEND_H_
#define ACLSIM_BACKENDS_FIXED_LATENCY_FIXED_LATENCY_BACKEND_H_

#include <cstdint>
#include <memory>

#include <nlohmann/json_fwd.hpp>

#include "runtime/device/backend.h"

namespace aclsim::fixed_latency {

struct FixedLatencyOptions {
  uint32_t device_count = 1;
  int64_t op_ns = 1000;
  device::DeliveryFaults delivery;  // host-side faults, reported through delivery_faults()
};

// Parses the backend's options object (device::BackendFactory): device_count,
// op_ns, clock (only "virtual"), and faults, of which only the host-side
// slow_delivery and corrupt_record are taken. A bad value or an unknown key →
// kFileAttrInvalid naming it; an option this backend knows but does not take
// (clock "realtime", a nonzero jitter, device_profile, device_profile_path,
// seed, the device faults fail_task, fail_op, lose_device and stall) →
// kUnimplemented naming it (aclInit returns ACL_ERROR_API_NOT_SUPPORT).
StatusOr<FixedLatencyOptions> ParseFixedLatencyOptions(const nlohmann::json& options);

// Creates the backend. Invalid options → kInvalidArgument.
StatusOr<std::unique_ptr<device::Backend>> CreateFixedLatencyBackend(const FixedLatencyOptions& options);

}  // namespace aclsim::fixed_latency

#endif  // ACLSIM_BACKENDS_FIXED_LATENCY_FIXED_LATENCY_BACKEND_H_
