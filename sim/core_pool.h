// CorePool: availability of one engine's cores on a simulated device.
//
// Holds, for each core, the virtual time at which it becomes free, sorted
// ascending. Acquire(k, ready, duration) places a task needing k cores at the
// earliest time >= ready when k cores are free (greedy list scheduling in
// submission order, no backfilling into earlier gaps) and marks those cores
// busy until the task ends. O(cores) per call; no allocation. Times saturate
// at kMaxVirtualTimeNs.
#ifndef ACLSIM_SIM_CORE_POOL_H_
#define ACLSIM_SIM_CORE_POOL_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "runtime/time_limits.h"

namespace aclsim::sim {

class CorePool {
 public:
  explicit CorePool(uint32_t cores) : free_at_ns_(std::max<uint32_t>(cores, 1), 0) {}

  uint32_t size() const { return static_cast<uint32_t>(free_at_ns_.size()); }

  // Returns the start time of a task of |duration_ns| on |cores| cores that
  // may start no earlier than |ready_ns|. |cores| is clamped to [1, size()].
  int64_t Acquire(uint32_t cores, int64_t ready_ns, int64_t duration_ns) {
    const size_t n = free_at_ns_.size();
    const size_t k = std::clamp<size_t>(cores, 1, n);
    const int64_t start = std::min(std::max(ready_ns, free_at_ns_[k - 1]), kMaxVirtualTimeNs);
    const int64_t end = AddTimeNs(start, duration_ns);  // saturates (runtime/time_limits.h)
    if (k == n) {
      std::fill(free_at_ns_.begin(), free_at_ns_.end(), end);
      return start;
    }
    // The k earliest cores become free at |end|; keep the vector sorted.
    auto first_later = std::upper_bound(free_at_ns_.begin() + static_cast<std::ptrdiff_t>(k), free_at_ns_.end(), end);
    std::fill(free_at_ns_.begin(), free_at_ns_.begin() + static_cast<std::ptrdiff_t>(k), end);
    std::rotate(free_at_ns_.begin(), free_at_ns_.begin() + static_cast<std::ptrdiff_t>(k), first_later);
    return start;
  }

  // Time at which every core is free.
  int64_t AllFreeAtNs() const { return free_at_ns_.back(); }

 private:
  std::vector<int64_t> free_at_ns_;
};

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_CORE_POOL_H_
