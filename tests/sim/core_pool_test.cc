// Tests of sim::CorePool: exact start times under partial core use, overlap
// and full-core serialisation (greedy list scheduling, no backfilling).
#include "sim/core_pool.h"

#include <gtest/gtest.h>
#include "tests/testing/status_printers.h"

namespace aclsim::sim {
namespace {

TEST(CorePool, GivenZeroCoresThenOneCore) {
  CorePool pool(0);
  EXPECT_EQ(pool.size(), 1u);
  EXPECT_EQ(pool.Acquire(1, 0, 10), 0);
  EXPECT_EQ(pool.Acquire(1, 0, 10), 10);
}

TEST(CorePool, GivenTasksThatFitTogetherThenTheyOverlap) {
  CorePool pool(4);
  EXPECT_EQ(pool.Acquire(2, 0, 100), 0);
  EXPECT_EQ(pool.Acquire(2, 0, 100), 0);
  EXPECT_EQ(pool.AllFreeAtNs(), 100);
  // All four cores busy until 100: the next task waits.
  EXPECT_EQ(pool.Acquire(1, 0, 50), 100);
  EXPECT_EQ(pool.AllFreeAtNs(), 150);
}

TEST(CorePool, GivenFullCoreTasksThenSerialised) {
  CorePool pool(4);
  EXPECT_EQ(pool.Acquire(4, 0, 100), 0);
  EXPECT_EQ(pool.Acquire(4, 0, 100), 100);
  EXPECT_EQ(pool.Acquire(1, 0, 10), 200);
  EXPECT_EQ(pool.Acquire(4, 0, 5), 210);
  EXPECT_EQ(pool.AllFreeAtNs(), 215);
}

TEST(CorePool, GivenPartialUseThenStartIsWhenEnoughCoresAreFree) {
  CorePool pool(4);
  EXPECT_EQ(pool.Acquire(3, 0, 100), 0);   // free: [0, 100, 100, 100]
  EXPECT_EQ(pool.Acquire(1, 0, 30), 0);    // the last free core: [30, 100, 100, 100]
  EXPECT_EQ(pool.Acquire(2, 0, 10), 100);  // needs two: [100, 100, 110, 110]
  EXPECT_EQ(pool.Acquire(1, 0, 5), 100);   // [100, 105, 110, 110]
  EXPECT_EQ(pool.Acquire(2, 0, 1), 105);   // [106, 106, 110, 110]
  EXPECT_EQ(pool.AllFreeAtNs(), 110);
}

TEST(CorePool, GivenReadyTimeLaterThanFreeCoresThenStartsAtReady) {
  CorePool pool(2);
  EXPECT_EQ(pool.Acquire(1, 500, 10), 500);
  EXPECT_EQ(pool.Acquire(1, 0, 10), 0);      // the other core is still free at 0
  EXPECT_EQ(pool.Acquire(2, 505, 10), 510);  // both needed: the first is busy until 510
}

TEST(CorePool, GivenMixedDurationsThenFreeTimesStaySorted) {
  CorePool pool(4);
  EXPECT_EQ(pool.Acquire(1, 0, 100), 0);  // [0, 0, 0, 100]
  EXPECT_EQ(pool.Acquire(1, 0, 50), 0);   // [0, 0, 50, 100]
  EXPECT_EQ(pool.Acquire(1, 0, 200), 0);  // [0, 50, 100, 200]
  EXPECT_EQ(pool.Acquire(1, 0, 10), 0);   // [10, 50, 100, 200]
  EXPECT_EQ(pool.Acquire(2, 0, 10), 50);  // [60, 60, 100, 200]
  EXPECT_EQ(pool.Acquire(3, 0, 1), 100);  // [101, 101, 101, 200]
  EXPECT_EQ(pool.Acquire(1, 0, 1), 101);  // [101, 101, 102, 200]
  EXPECT_EQ(pool.Acquire(4, 0, 1), 200);
  EXPECT_EQ(pool.AllFreeAtNs(), 201);
}

TEST(CorePool, GivenCoreCountOutOfRangeThenClamped) {
  CorePool pool(3);
  EXPECT_EQ(pool.Acquire(0, 0, 10), 0);    // treated as 1 core: [0, 0, 10]
  EXPECT_EQ(pool.Acquire(99, 0, 10), 10);  // treated as all 3 cores
  EXPECT_EQ(pool.AllFreeAtNs(), 20);
}

TEST(CorePool, GivenZeroDurationThenNoCoreTimeConsumed) {
  CorePool pool(1);
  EXPECT_EQ(pool.Acquire(1, 7, 0), 7);
  EXPECT_EQ(pool.Acquire(1, 0, 3), 7);
  EXPECT_EQ(pool.AllFreeAtNs(), 10);
}

// Times saturate at kMaxVirtualTimeNs (runtime/time_limits.h) instead of
// wrapping to negative starts.
TEST(CorePool, GivenDurationsBeyondTheClockLimitThenTimesSaturateNeverNegative) {
  CorePool pool(2);
  EXPECT_EQ(pool.Acquire(2, kMaxVirtualTimeNs - 10, INT64_MAX), kMaxVirtualTimeNs - 10);
  EXPECT_EQ(pool.AllFreeAtNs(), kMaxVirtualTimeNs);
  EXPECT_EQ(pool.Acquire(1, 0, INT64_MAX), kMaxVirtualTimeNs);
  EXPECT_EQ(pool.Acquire(1, INT64_MAX, 5), kMaxVirtualTimeNs);
  EXPECT_EQ(pool.AllFreeAtNs(), kMaxVirtualTimeNs);
}

}  // namespace
}  // namespace aclsim::sim
