// Bounds of every input that feeds a virtual clock, and the clock's range.
//
// Device times are int64 nanoseconds. Each input that adds to a timeline is
// bounded where it is parsed, so that one task can never move a clock by
// more than kMaxTaskDurationNs:
//   - an op's explicit duration_ns (model JSON)            ≤ kMaxTaskDurationNs
//   - a modelled duration (cost model, any profile)         clamped to kMaxTaskDurationNs
//   - a device profile's launch_overhead_ns                 ≤ kMaxLaunchOverheadNs
//   - a device profile's memory bandwidth and peak rates    ≥ kMinRatePerS, ≤ kMaxRatePerS
//   - a fault plan's stall.ns                               ≤ kMaxTaskDurationNs
//   - the fixed-latency backend's op_ns                     ≤ kMaxTaskDurationNs
// Timelines add these up; that arithmetic saturates at kMaxVirtualTimeNs
// (AddTimeNs), about 146 years, instead of wrapping to negative times. The
// limit leaves headroom so that a time plus a host/device offset (exports)
// or a steady-clock epoch (real-time mode) still fits in int64.
#ifndef ACLSIM_RUNTIME_TIME_LIMITS_H_
#define ACLSIM_RUNTIME_TIME_LIMITS_H_

#include <algorithm>
#include <cstdint>

namespace aclsim {

constexpr int64_t kMaxTaskDurationNs = int64_t{1} << 50;  // about 13 days
constexpr int64_t kMaxLaunchOverheadNs = 1'000'000'000;   // 1 s
constexpr double kMinRatePerS = 1e3;                      // bytes/s or FLOP/s
constexpr double kMaxRatePerS = 1e21;
constexpr int64_t kMaxVirtualTimeNs = int64_t{1} << 62;

// Where a device clock in the virtual clock mode starts unless configured
// ("clock_origin_ns"): one hour, as the system counter of an NPU that booted
// an hour ago reads. Real counters never read 0 while a program runs, and 0
// is the error value of the aclprofGetOp* time getters, so no record may
// carry it. A multiple of every system-counter tick the device profiles use
// (10 ns and 20 ns), so the start pair written to the PROF_* files is exact.
// In the realtime mode a device clock follows the host's monotonic clock.
constexpr int64_t kDefaultClockOriginNs = 3'600'000'000'000;
// Range of a configured origin: at least 1 ns, at most 2^60 (36 years), so
// a timeline that starts there still has kMaxVirtualTimeNs headroom.
constexpr int64_t kMaxClockOriginNs = int64_t{1} << 60;

// t + d on a timeline: both clamped to [0, kMaxVirtualTimeNs] first, the sum
// saturating at kMaxVirtualTimeNs (compared before adding: 2^62 + 2^62 is
// one past INT64_MAX).
inline int64_t AddTimeNs(int64_t t, int64_t d) {
  const int64_t a = std::clamp<int64_t>(t, 0, kMaxVirtualTimeNs);
  const int64_t b = std::clamp<int64_t>(d, 0, kMaxVirtualTimeNs);
  return b > kMaxVirtualTimeNs - a ? kMaxVirtualTimeNs : a + b;
}

}  // namespace aclsim

#endif  // ACLSIM_RUNTIME_TIME_LIMITS_H_
