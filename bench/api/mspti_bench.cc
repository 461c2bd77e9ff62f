// MSPTI's hot paths.
//
//   BM_GetNextRecord / BM_MemcpySameBytes: the record walk
//     (msptiActivityGetNextRecord through libmspti.so) over a buffer of 1e6
//     records against memcpy of the same bytes; the target is at least half
//     memcpy's throughput (items/s of both, same run). The buffer holds the
//     mix a kernel trace gives: a KERNEL record, its ACL_API call and an
//     EXTERNAL_CORRELATION record in turn (56 + 48 + 24 bytes).
//   BM_Run1e5Ops: 100 executions of a 1000-op model (1e5 kernels) without
//     MSPTI (/0) and with every kind on (/1: a client that allocates and
//     frees each 1 MB buffer, as Huawei's sample client does; /2: a client
//     that reuses its buffers, as MSPTI's best-practice guide recommends),
//     each iteration ending in a FlushAll, every record walked. /3 turns on MARKER alone: the
//     devices then build their completion records for MSPTI's source, which
//     finds no markers in them: the floor that any collection of kernels
//     from the completion stream pays before it writes a record. "Every
//     kind" includes OVERHEAD, whose records time the client's callbacks.
//     scripts/check/bench_report.py prints each /K against /0 as the host ns
//     added per kernel, (time - time of /0) / kernels, and the ratio.
//   BM_MsptiNsAddedPerKernel: the headline figure, measured in one case so
//     that both halves share the machine's state: each iteration times 100
//     executions with every kind off, then 100 with every kind on (pooled
//     client, FlushAll included); counter ns_added_per_kernel = (on - off) /
//     kernels over all iterations (the target: at most 10 ns), ratio =
//     on / off as a secondary figure (a ratio to a simulated kernel of a few
//     tens of ns says little about a real one).
#include <benchmark/benchmark.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "../chain_model.h"
#include "acl/acl.h"
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

constexpr int kModelOps = 1000;
constexpr int kRunsPerIteration = 100;

// The client: 1 MB buffers, as Huawei's MSPTI sample clients request them.
// The sample client allocates each buffer and frees it once walked; the
// pooled client keeps walked buffers for reuse, which leaves MSPTI's own
// cost (no page faults of fresh buffers).
constexpr size_t kBufferSize = 1 << 20;
std::atomic<bool> g_pooled{false};
std::mutex g_pool_mu;
std::vector<uint8_t*> g_pool;

void Request(uint8_t** buffer, size_t* size, size_t* max_records) {
  *buffer = nullptr;
  if (g_pooled.load()) {
    std::lock_guard<std::mutex> lock(g_pool_mu);
    if (!g_pool.empty()) {
      *buffer = g_pool.back();
      g_pool.pop_back();
    }
  }
  if (*buffer == nullptr) *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferSize));
  *size = kBufferSize;
  *max_records = 0;
}

void Complete(uint8_t* buffer, size_t, size_t valid) {
  msptiActivity* record = nullptr;
  size_t n = 0;
  while (msptiActivityGetNextRecord(buffer, valid, &record) == MSPTI_SUCCESS) ++n;
  benchmark::DoNotOptimize(n);
  if (g_pooled.load()) {
    std::lock_guard<std::mutex> lock(g_pool_mu);
    g_pool.push_back(buffer);
    return;
  }
  std::free(buffer);
}

struct Model {
  uint32_t id = 0;
  aclmdlDataset* in = nullptr;
  aclmdlDataset* out = nullptr;
};

aclmdlDataset* Dataset(aclmdlDesc* desc, bool input) {
  aclmdlDataset* set = aclmdlCreateDataset();
  const size_t n = input ? aclmdlGetNumInputs(desc) : aclmdlGetNumOutputs(desc);
  for (size_t i = 0; i < n; ++i) {
    const size_t size = input ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i);
    void* dev = nullptr;
    (void)aclrtMalloc(&dev, size, ACL_MEM_MALLOC_HUGE_FIRST);
    (void)aclmdlAddDatasetBuffer(set, aclCreateDataBuffer(dev, size));
  }
  return set;
}

const Model* Setup() {
  static const Model* model = [] {
    auto* m = new Model();
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return static_cast<Model*>(nullptr);
    const std::string text = ChainModel(kModelOps);
    if (aclmdlLoadFromMem(text.data(), text.size(), &m->id) != ACL_SUCCESS) return static_cast<Model*>(nullptr);
    aclmdlDesc* desc = aclmdlCreateDesc();
    (void)aclmdlGetDesc(desc, m->id);
    m->in = Dataset(desc, true);
    m->out = Dataset(desc, false);
    (void)aclmdlDestroyDesc(desc);
    if (msptiActivityRegisterCallbacks(&Request, &Complete) != MSPTI_SUCCESS) return static_cast<Model*>(nullptr);
    return m;
  }();
  return model;
}

void EnableKinds(bool on, bool marker_only) {
  for (int kind = MSPTI_ACTIVITY_KIND_MARKER; kind < MSPTI_ACTIVITY_KIND_COUNT; ++kind) {
    const auto k = static_cast<msptiActivityKind>(kind);
    const bool enable = marker_only ? k == MSPTI_ACTIVITY_KIND_MARKER : on;
    (void)(enable ? msptiActivityEnable(k) : msptiActivityDisable(k));
  }
}

void BM_Run1e5Ops(benchmark::State& state) {
  const Model* m = Setup();
  if (m == nullptr) {
    state.SkipWithError("set-up failed");
    return;
  }
  const bool mspti = state.range(0) != 0;
  g_pooled.store(state.range(0) == 2);
  EnableKinds(mspti, state.range(0) == 3);
  for (auto _ : state) {
    for (int i = 0; i < kRunsPerIteration; ++i) {
      if (aclmdlExecute(m->id, m->in, m->out) != ACL_SUCCESS) state.SkipWithError("execute failed");
    }
    if (mspti) (void)msptiActivityFlushAll(1);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * kModelOps * kRunsPerIteration);
}
BENCHMARK(BM_Run1e5Ops)->Arg(0)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MsptiNsAddedPerKernel(benchmark::State& state) {
  const Model* m = Setup();
  if (m == nullptr) {
    state.SkipWithError("set-up failed");
    return;
  }
  g_pooled.store(true);
  using Clock = std::chrono::steady_clock;
  Clock::duration off{}, on{};
  for (auto _ : state) {
    EnableKinds(false, false);
    const auto t0 = Clock::now();
    for (int i = 0; i < kRunsPerIteration; ++i) {
      if (aclmdlExecute(m->id, m->in, m->out) != ACL_SUCCESS) state.SkipWithError("execute failed");
    }
    const auto t1 = Clock::now();
    EnableKinds(true, false);
    const auto t2 = Clock::now();
    for (int i = 0; i < kRunsPerIteration; ++i) {
      if (aclmdlExecute(m->id, m->in, m->out) != ACL_SUCCESS) state.SkipWithError("execute failed");
    }
    (void)msptiActivityFlushAll(1);
    const auto t3 = Clock::now();
    off += t1 - t0;
    on += t3 - t2;
  }
  EnableKinds(false, false);
  const double kernels = static_cast<double>(state.iterations()) * kModelOps * kRunsPerIteration;
  state.counters["ns_added_per_kernel"] = std::chrono::duration<double, std::nano>(on - off).count() / kernels;
  state.counters["ratio"] = std::chrono::duration<double>(on).count() / std::chrono::duration<double>(off).count();
  state.SetItemsProcessed(static_cast<int64_t>(kernels));
}
BENCHMARK(BM_MsptiNsAddedPerKernel)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
