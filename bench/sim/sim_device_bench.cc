// Simulator throughput: simulated ops per second of host time.
//
// BM_SimulateGraph/N executes an N-op graph (a chain with skip connections,
// alternating cube and vector ops of varying core counts, on two intra-model
// streams) on one simulated device, without any completion sink (no
// profiling). items_per_second is simulated ops per host second.
// BM_Baseline_ScanOps/N is the floor it is compared with: one pass over the
// same number of 48-byte op entries doing a max-and-add per op (the data
// movement every simulation step needs at least).
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <vector>

#include "runtime/model/graph.h"
#include "sim/device_profile.h"
#include "sim/sim_device.h"

namespace aclsim {
namespace {

model::Graph SyntheticGraph(int64_t n) {
  model::Graph g;
  g.name = "synthetic";
  g.tensors.reserve(static_cast<size_t>(n) + 2);
  g.ops.reserve(static_cast<size_t>(n));
  model::Tensor input;
  input.name = "in";
  input.kind = model::TensorKind::kInput;
  input.shape = {64, 1024};
  g.tensors.push_back(input);
  g.inputs.push_back(0);
  model::Tensor weight;
  weight.name = "w";
  weight.kind = model::TensorKind::kWeight;
  weight.shape = {1024, 1024};
  g.tensors.push_back(weight);
  for (int64_t i = 0; i < n; ++i) {
    model::Op op;
    op.name = "op" + std::to_string(i);
    bool cube = i % 3 == 0;
    op.type = cube ? "MatMulV2" : "Add";
    op.engine = cube ? model::Engine::kAiCore : model::Engine::kAiVector;
    int32_t prev = static_cast<int32_t>(g.tensors.size()) - 1;
    op.inputs.push_back(i == 0 ? 0 : prev);
    op.inputs.push_back(cube ? 1 : (i >= 7 ? prev - 6 : 0));
    op.stream = static_cast<uint32_t>(i % 5 == 4);
    model::Tensor out;
    out.name = "t" + std::to_string(i);
    out.shape = {64, cube ? 1024 : 256 * (1 + i % 4)};
    out.producer = static_cast<int32_t>(i);
    op.outputs.push_back(static_cast<int32_t>(g.tensors.size()));
    g.tensors.push_back(out);
    g.ops.push_back(std::move(op));
  }
  g.outputs.push_back(static_cast<int32_t>(g.tensors.size()) - 1);
  g.stream_count = 2;
  return g;
}

struct Fixture {
  std::unique_ptr<sim::SimDevice> device;
  device::StreamId stream = 0;
  device::ExecutableId exe = 0;
};

Fixture& GetFixture(int64_t n) {
  static std::map<int64_t, Fixture> cache;
  auto it = cache.find(n);
  if (it != cache.end()) return it->second;
  Fixture f;
  auto profile = sim::BuiltinDeviceProfile("Ascend910B2");
  f.device =
      std::make_unique<sim::SimDevice>(0, std::make_shared<const sim::DeviceProfile>(*profile), sim::SimOptions{});
  f.stream = *f.device->CreateStream();
  f.exe = *f.device->LoadGraph(SyntheticGraph(n));
  return cache.emplace(n, std::move(f)).first->second;
}

void BM_SimulateGraph(benchmark::State& state) {
  Fixture& f = GetFixture(state.range(0));
  for (auto _ : state) {
    auto task = f.device->SubmitGraph(f.stream, f.exe, {1, 0});
    benchmark::DoNotOptimize(task);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.counters["ns_per_op"] = benchmark::Counter(static_cast<double>(state.iterations() * state.range(0)),
                                                   benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_SimulateGraph)->RangeMultiplier(10)->Range(1000, 1000000)->Unit(benchmark::kMicrosecond);

struct ScanEntry {
  int64_t duration_ns;
  uint64_t flops;
  uint64_t bytes;
  uint32_t a, b, c, d;
  int64_t pad;
};
static_assert(sizeof(ScanEntry) == 48);

void BM_Baseline_ScanOps(benchmark::State& state) {
  std::vector<ScanEntry> entries(static_cast<size_t>(state.range(0)));
  for (size_t i = 0; i < entries.size(); ++i) entries[i].duration_ns = static_cast<int64_t>(i % 97);
  for (auto _ : state) {
    int64_t t = 0, tail = 0;
    for (const auto& e : entries) {
      t = std::max(t, tail) + e.duration_ns;
      tail = t - 1;
    }
    benchmark::DoNotOptimize(t);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Baseline_ScanOps)->RangeMultiplier(10)->Range(1000, 1000000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace aclsim

BENCHMARK_MAIN();
