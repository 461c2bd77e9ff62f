// Parsing hot path of the subscription API, through the public entry points
// (libmsprofiler.so → libascendcl.so), on buffers of valid 80-byte records.
//
//   BM_GetOpDuration/N, BM_GetOpStart/N, BM_GetModelId/N: ns per call, the
//     index cycling over an N-record buffer (signature check included).
//   BM_FullDecode/N: aclprofGetOpNum once, then start, end, duration and
//     model id of every record; bytes/s of buffer decoded.
//   Baselines, same arguments, same run (scripts/check/bench_report.py pairs them):
//   BM_Baseline_PlainRead/N: the duration field of record i read directly,
//     i cycling as in BM_GetOpDuration, no checks: the accessors' limit.
//   BM_Baseline_PlainStream/N: every 64-bit word of the buffer summed in
//     one pass: the read limit GetOpNum's one checking pass is held to.
//   BM_Baseline_Memcpy/N: memcpy of the same bytes (FullDecode's pair).
//   BM_Baseline_CannStyleGetOpDuration/N: one GetOpDuration call written as
//     CANN's parser does it (spec §2.2 "CheckData"): every record of the
//     buffer re-validated with a byte-table CRC-32C on every call.
#include <benchmark/benchmark.h>

#include <array>
#include <cstring>
#include <random>
#include <vector>

#include "acl/acl_prof.h"
#include "runtime/prof/crc32c.h"
#include "runtime/prof/op_desc.h"

namespace {

using aclsim::prof::ProfOpDesc;

const std::vector<ProfOpDesc>& Records(size_t n) {
  static std::vector<ProfOpDesc> records;
  if (records.size() < n) {
    std::mt19937_64 rng(42);
    records.resize(n);
    for (size_t i = 0; i < n; ++i) {
      ProfOpDesc d = ProfOpDesc::Default();
      d.model_id = 1 + static_cast<uint32_t>(i % 7);
      d.thread_id = 4242;
      d.op_index = i + 1;
      d.start = rng() % 1000000000;
      d.duration = 1000 + rng() % 50000;
      d.end = d.start + d.duration;
      d.execution_time = d.duration - 500;
      d.Seal();
      records[i] = d;
    }
  }
  return records;
}

template <uint64_t (*Fn)(const void*, size_t, uint32_t)>
void BM_Accessor(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto& records = Records(n);
  const void* buf = records.data();
  const size_t len = n * sizeof(ProfOpDesc);
  uint32_t index = 0;
  uint64_t sum = 0;
  for (auto _ : state) {
    sum += Fn(buf, len, index);
    if (++index == n) index = 0;
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}

uint64_t ModelIdAsU64(const void* p, size_t len, uint32_t i) { return aclprofGetModelId(p, len, i); }

BENCHMARK_TEMPLATE(BM_Accessor, aclprofGetOpDuration)->Name("BM_GetOpDuration")->Arg(1000)->Arg(10000)->Arg(1000000);
BENCHMARK_TEMPLATE(BM_Accessor, aclprofGetOpStart)->Name("BM_GetOpStart")->Arg(1000000);
BENCHMARK_TEMPLATE(BM_Accessor, ModelIdAsU64)->Name("BM_GetModelId")->Arg(1000000);

void BM_FullDecode(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto& records = Records(n);
  const void* buf = records.data();
  const size_t len = n * sizeof(ProfOpDesc);
  uint64_t sum = 0;
  for (auto _ : state) {
    uint32_t count = 0;
    if (aclprofGetOpNum(buf, len, &count) != ACL_SUCCESS) state.SkipWithError("GetOpNum failed");
    for (uint32_t i = 0; i < count; ++i) {
      sum += aclprofGetOpStart(buf, len, i) + aclprofGetOpEnd(buf, len, i) + aclprofGetOpDuration(buf, len, i) +
             aclprofGetModelId(buf, len, i);
    }
  }
  benchmark::DoNotOptimize(sum);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * len));
}
BENCHMARK(BM_FullDecode)->Arg(1000)->Arg(10000)->Arg(1000000)->Unit(benchmark::kMicrosecond);

void BM_GetOpNum(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto& records = Records(n);
  for (auto _ : state) {
    uint32_t count = 0;
    if (aclprofGetOpNum(records.data(), n * sizeof(ProfOpDesc), &count) != ACL_SUCCESS) state.SkipWithError("failed");
    benchmark::DoNotOptimize(count);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * n * sizeof(ProfOpDesc)));
}
BENCHMARK(BM_GetOpNum)->Arg(10000)->Arg(1000000)->Unit(benchmark::kMicrosecond);

void BM_Baseline_PlainRead(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto& records = Records(n);
  const auto* buf = reinterpret_cast<const uint8_t*>(records.data());
  uint32_t index = 0;
  uint64_t sum = 0;
  for (auto _ : state) {
    sum += aclsim::prof::Load64(buf + static_cast<size_t>(index) * sizeof(ProfOpDesc) + 24);
    if (++index == n) index = 0;
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Baseline_PlainRead)->Arg(1000)->Arg(10000)->Arg(1000000);

void BM_Baseline_PlainStream(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto& records = Records(n);
  const auto* buf = reinterpret_cast<const uint8_t*>(records.data());
  const size_t words = n * sizeof(ProfOpDesc) / 8;
  for (auto _ : state) {
    // Eight independent sums, so that the loads, not an add chain, set the pace.
    uint64_t sum[8] = {};
    for (size_t i = 0; i + 8 <= words; i += 8) {
      for (size_t k = 0; k < 8; ++k) sum[k] += aclsim::prof::Load64(buf + 8 * (i + k));
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * n * sizeof(ProfOpDesc)));
}
BENCHMARK(BM_Baseline_PlainStream)->Arg(10000)->Arg(1000000)->Unit(benchmark::kMicrosecond);

void BM_Baseline_Memcpy(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto& records = Records(n);
  std::vector<ProfOpDesc> dst(n);
  for (auto _ : state) {
    std::memcpy(dst.data(), records.data(), n * sizeof(ProfOpDesc));
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * n * sizeof(ProfOpDesc)));
}
BENCHMARK(BM_Baseline_Memcpy)->Arg(1000)->Arg(10000)->Arg(1000000)->Unit(benchmark::kMicrosecond);

// CANN's parser, as spec §2.2 describes it: length check, then every record's
// signature recomputed byte by byte from a 256-entry table, then the index.
uint64_t CannStyleGetOpDuration(const void* opInfo, size_t opInfoLen, uint32_t index) {
  if (opInfo == nullptr) return 0;
  const uint32_t len = static_cast<uint32_t>(opInfoLen);
  if (len % sizeof(ProfOpDesc) != 0) return 0;
  const auto* p = static_cast<const uint8_t*>(opInfo);
  for (uint32_t off = 0; off < len; off += sizeof(ProfOpDesc)) {
    uint32_t sig;
    std::memcpy(&sig, p + off, 4);
    if (sig != aclsim::prof::RecordSignaturePortable(p + off)) return 0;
  }
  if (index == UINT32_MAX || (static_cast<uint64_t>(index) + 1) * sizeof(ProfOpDesc) > len) return 0;
  uint64_t v;
  std::memcpy(&v, p + static_cast<size_t>(index) * sizeof(ProfOpDesc) + 24, 8);
  return v;
}

void BM_Baseline_CannStyleGetOpDuration(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto& records = Records(n);
  uint32_t index = 0;
  uint64_t sum = 0;
  for (auto _ : state) {
    sum += CannStyleGetOpDuration(records.data(), n * sizeof(ProfOpDesc), index);
    if (++index == n) index = 0;
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Baseline_CannStyleGetOpDuration)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
