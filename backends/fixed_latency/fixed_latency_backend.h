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
// kRtInvalidHandle.
//
// Options:
//   device_count  devices the backend reports, [1, 64], default 1
//   op_ns         duration of every op in ns, [1, 10^12], default 1000
#ifndef ACLSIM_BACKENDS_FIXED_LATENCY_FIXED_LATENCY_BACKEND_H_
#define ACLSIM_BACKENDS_FIXED_LATENCY_FIXED_LATENCY_BACKEND_H_

#include <cstdint>
#include <memory>

#include "runtime/device/backend.h"

namespace aclsim::fixed_latency {

struct FixedLatencyOptions {
  uint32_t device_count = 1;
  int64_t op_ns = 1000;
};

// The options of the shared device::BackendOptions this backend honours
// (device_count). Options it cannot honour — a realtime clock, jitter, the
// device faults fail_task, fail_op, lose_device and stall — are
// kRtFeatureNotSupport naming the option (ACL_ERROR_API_NOT_SUPPORT from
// aclInit through the plugin); the host-side faults slow_delivery and
// corrupt_record are the host's and pass; the device profile and seed are
// ignored (every op takes op_ns, and nothing is random).
StatusOr<FixedLatencyOptions> FixedLatencyOptionsFrom(const device::BackendOptions& options);

// Creates the backend. Invalid options → kInvalidParam.
StatusOr<std::unique_ptr<device::Backend>> CreateFixedLatencyBackend(const FixedLatencyOptions& options);

}  // namespace aclsim::fixed_latency

#endif  // ACLSIM_BACKENDS_FIXED_LATENCY_FIXED_LATENCY_BACKEND_H_
