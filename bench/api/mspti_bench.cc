// MSPTI's record walk (msptiActivityGetNextRecord through libmspti.so) over
// a buffer of 1e6 records, against memcpy of the same bytes: the target is
// at least half memcpy's throughput (items/s of both, same run). The buffer
// holds the mix a kernel trace gives: a KERNEL record, its ACL_API call and
// an EXTERNAL_CORRELATION record in turn (56 + 48 + 24 bytes).
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "mspti/mspti.h"
#include "runtime/prof/mspti_records.h"

namespace {

namespace rec = aclsim::prof::mspti;
constexpr size_t kRecords = 1000000;

const std::vector<uint8_t>& Buffer() {
  static const std::vector<uint8_t> buffer = [] {
    std::vector<uint8_t> b;
    b.reserve(kRecords / 3 * 128 + 128);
    auto put = [&](const auto& r) {
      const size_t at = b.size();
      b.resize(at + sizeof(r));
      std::memcpy(b.data() + at, &r, sizeof(r));
    };
    for (size_t i = 0; i < kRecords; ++i) {
      if (i % 3 == 0) {
        rec::KernelRecord k;
        k.correlation_id = i;
        put(k);
      } else if (i % 3 == 1) {
        rec::ApiRecord a;
        a.kind = rec::kAclApi;
        put(a);
      } else {
        put(rec::ExternalCorrelationRecord());
      }
    }
    return b;
  }();
  return buffer;
}

void BM_GetNextRecord(benchmark::State& state) {
  std::vector<uint8_t> buffer = Buffer();
  for (auto _ : state) {
    msptiActivity* record = nullptr;
    size_t n = 0;
    while (msptiActivityGetNextRecord(buffer.data(), buffer.size(), &record) == MSPTI_SUCCESS) ++n;
    benchmark::DoNotOptimize(n);
    if (n != kRecords) state.SkipWithError("walk ended early");
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kRecords));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * buffer.size()));
}
BENCHMARK(BM_GetNextRecord)->Unit(benchmark::kMillisecond);

// The baseline: copying the same bytes once.
void BM_MemcpySameBytes(benchmark::State& state) {
  const std::vector<uint8_t>& buffer = Buffer();
  std::vector<uint8_t> out(buffer.size());
  for (auto _ : state) {
    std::memcpy(out.data(), buffer.data(), buffer.size());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kRecords));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * buffer.size()));
}
BENCHMARK(BM_MemcpySameBytes)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
