// Per-task overhead of the "remote" backend against the in-process simulator.
//
// Both sides run the same work in the same process and run:
//   BM_Baseline_MarkerSync   / BM_Remote_MarkerSync
//       SubmitMarker + SynchronizeStream (two round trips remotely), sink on.
//   BM_Baseline_SubmitGraph/100 / BM_Remote_SubmitGraph/100
//       SubmitGraph of a 100-op graph with every completion record delivered
//       to a sink (one round trip carrying 100 records remotely).
// The remote cases talk to an aclsim-device-server child process on a Unix
// socket (started once, stopped at exit) and report "ratio_vs_sim": their
// time per iteration over the in-process baseline's from the same run
// (scripts/check/bench_report.py prints the same ratio from the JSON).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "remote/client/remote_backend.h"
#include "remote/testing/server_process.h"
#include "runtime/model/graph.h"
#include "sim/sim_backend.h"

namespace aclsim {
namespace {

// A chain alternating cube and vector ops on one stream: a simpler variant of
// bench/sim's synthetic graph (no second stream, no skip inputs, one shape).
model::Graph ChainGraph(int64_t n) {
  model::Graph g;
  g.name = "chain";
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
    const bool cube = i % 3 == 0;
    op.type = cube ? "MatMulV2" : "Add";
    op.engine = cube ? model::Engine::kAiCore : model::Engine::kAiVector;
    const int32_t prev = static_cast<int32_t>(g.tensors.size()) - 1;
    op.inputs.push_back(i == 0 ? 0 : prev);
    op.inputs.push_back(cube ? 1 : 0);
    model::Tensor out;
    out.name = "t" + std::to_string(i);
    out.shape = {64, 1024};
    out.producer = static_cast<int32_t>(i);
    op.outputs.push_back(static_cast<int32_t>(g.tensors.size()));
    g.tensors.push_back(out);
    g.ops.push_back(std::move(op));
  }
  g.outputs.push_back(static_cast<int32_t>(g.tensors.size()) - 1);
  return g;
}

class CountingSink final : public device::CompletionSink {
 public:
  void OnCompletions(const device::CompletionRecord* records, size_t count) override {
    for (size_t i = 0; i < count; ++i) last_end_ns_ += records[i].end_ns;
    count_ += count;
  }
  uint64_t count() const { return count_; }

 private:
  uint64_t count_ = 0;
  int64_t last_end_ns_ = 0;
};

struct Side {
  std::unique_ptr<device::Backend> backend;
  std::unique_ptr<device::Device> dev;
  CountingSink sink;
  device::StreamId stream = 0;
  device::ExecutableId exe = 0;
};

std::unique_ptr<remote::testing::ServerProcess>& Server() {
  static auto* server = new std::unique_ptr<remote::testing::ServerProcess>();
  return *server;
}

// Opens device 0 of the in-process sim (|remote| false) or of the server.
Side& GetSide(bool remote) {
  static Side sides[2];
  Side& side = sides[remote ? 1 : 0];
  if (side.dev) return side;
  StatusOr<std::unique_ptr<device::Backend>> backend = Status(Detail::kNoDevice, "unset");
  if (remote) {
    if (!Server()) {
      auto started = remote::testing::ServerProcess::Start();
      if (!started.ok()) {
        std::fprintf(stderr, "remote_bench: %s\n", started.status().ToString().c_str());
        std::exit(1);
      }
      Server() = std::move(started).value();
    }
    remote::RemoteOptions options;
    options.endpoint = Server()->endpoint();
    backend = remote::CreateRemoteBackend(options);
  } else {
    backend = sim::CreateSimBackend(sim::SimOptions{});
  }
  if (!backend.ok()) {
    std::fprintf(stderr, "remote_bench: %s\n", backend.status().ToString().c_str());
    std::exit(1);
  }
  side.backend = std::move(backend).value();
  side.dev = std::move(side.backend->OpenDevice(0)).value();
  side.dev->SetCompletionSink(&side.sink);
  side.stream = *side.dev->CreateStream();
  side.exe = *side.dev->LoadGraph(ChainGraph(100));
  return side;
}

// ns per iteration of the baselines, for the remote cases' ratio counter.
double g_marker_sync_ns = 0;
double g_submit_graph_ns = 0;

template <typename Body>
double TimedLoop(benchmark::State& state, Body body) {
  auto t0 = std::chrono::steady_clock::now();
  for (auto _ : state) body();
  auto t1 = std::chrono::steady_clock::now();
  return state.iterations() == 0
             ? 0.0
             : std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(state.iterations());
}

void MarkerSync(benchmark::State& state, bool remote) {
  Side& side = GetSide(remote);
  uint64_t id = 0;
  double ns = TimedLoop(state, [&] {
    auto task = side.dev->SubmitMarker(side.stream, device::MarkerInfo{++id, 0, 0});
    Status s = side.dev->SynchronizeStream(side.stream);
    if (!task.ok() || !s.ok()) state.SkipWithError("marker/sync failed");
  });
  state.SetItemsProcessed(state.iterations());
  state.counters["ns_per_task"] = ns;
  if (!remote) {
    g_marker_sync_ns = ns;
  } else if (g_marker_sync_ns > 0) {
    state.counters["ratio_vs_sim"] = ns / g_marker_sync_ns;
  }
}

void SubmitGraph(benchmark::State& state, bool remote) {
  Side& side = GetSide(remote);
  double ns = TimedLoop(state, [&] {
    auto task = side.dev->SubmitGraph(side.stream, side.exe, device::LaunchInfo{1, 1});
    if (!task.ok()) state.SkipWithError("submit failed");
  });
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.counters["ns_per_op"] = ns / static_cast<double>(state.range(0));
  if (!remote) {
    g_submit_graph_ns = ns;
  } else if (g_submit_graph_ns > 0) {
    state.counters["ratio_vs_sim"] = ns / g_submit_graph_ns;
  }
}

void BM_Baseline_MarkerSync(benchmark::State& state) { MarkerSync(state, false); }
void BM_Remote_MarkerSync(benchmark::State& state) { MarkerSync(state, true); }
void BM_Baseline_SubmitGraph(benchmark::State& state) { SubmitGraph(state, false); }
void BM_Remote_SubmitGraph(benchmark::State& state) { SubmitGraph(state, true); }

// Registration order matters: each baseline runs before its remote case.
BENCHMARK(BM_Baseline_MarkerSync)->UseRealTime();
BENCHMARK(BM_Remote_MarkerSync)->UseRealTime();
BENCHMARK(BM_Baseline_SubmitGraph)->Arg(100)->UseRealTime();
BENCHMARK(BM_Remote_SubmitGraph)->Arg(100)->UseRealTime();

}  // namespace
}  // namespace aclsim

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  aclsim::Server().reset();  // SIGTERM the server, remove its socket dir
  return 0;
}
