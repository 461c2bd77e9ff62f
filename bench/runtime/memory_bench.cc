// Cost of one device allocation (runtime/memory.h) with N allocations
// already live on the device. MemoryRegistry keeps a per-device byte count,
// so the capacity check is O(1) and the case should stay near its baseline
// (one aligned_alloc + free of the same size) as N grows; summing the live
// allocations on every call made 80,000 aclrtMalloc calls quadratic.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "runtime/memory.h"

namespace aclsim::runtime {
namespace {

constexpr size_t kSize = 64;

// Allocate + Free of one device buffer with state.range(0) others live.
void BM_AllocateWithLive(benchmark::State& state) {
  MemoryRegistry reg;
  std::vector<void*> live;
  for (int64_t i = 0; i < state.range(0); ++i) live.push_back(*reg.Allocate(MemoryKind::kDevice, 0, kSize, UINT64_MAX));
  for (auto _ : state) {
    void* p = *reg.Allocate(MemoryKind::kDevice, 0, kSize, UINT64_MAX);
    benchmark::DoNotOptimize(p);
    (void)reg.Free(MemoryKind::kDevice, p);
  }
  reg.FreeAll(-1);
}
BENCHMARK(BM_AllocateWithLive)->RangeMultiplier(10)->Range(10, 100000);

// The floor: the host allocation alone, the same live count for comparison.
void BM_Baseline_AlignedAlloc(benchmark::State& state) {
  for (auto _ : state) {
    void* p = std::aligned_alloc(64, kSize);
    benchmark::DoNotOptimize(p);
    std::free(p);
  }
}
BENCHMARK(BM_Baseline_AlignedAlloc)->RangeMultiplier(10)->Range(10, 100000);

}  // namespace
}  // namespace aclsim::runtime

BENCHMARK_MAIN();
