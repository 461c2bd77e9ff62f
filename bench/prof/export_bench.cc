// Throughput of the msprof exporter (runtime/prof/export.h) on a synthetic
// 1e6-task session, against a same-run baseline that writes the same number
// of bytes with one fwrite. Reports bytes/s and the process peak RSS. Also
// the raw data of the same session (runtime/prof/raw_data.h): writing it,
// reading it back, and `msprof --export`'s whole re-export (read + export).
#include <sys/resource.h>
#include <unistd.h>

#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "runtime/prof/export.h"
#include "runtime/prof/raw_data.h"

namespace aclsim::prof {
namespace {

namespace fs = std::filesystem;

const OpInfo kOps[3] = {
    {"model/layer/conv", "Conv2D", "AI_CORE", "8,64,56,56;64,64,3,3", "FLOAT16;FLOAT16", "NCHW;NCHW", "8,64,56,56",
     "FLOAT16", "NCHW"},
    {"model/layer/relu", "Relu", "AI_VECTOR_CORE", "8,64,56,56", "FLOAT16", "NCHW", "8,64,56,56", "FLOAT16", "NCHW"},
    {"model/post/topk", "TopKV2", "AI_CPU", "8,1000;", "FLOAT16;INT32", "ND;ND", "8,5;8,5", "FLOAT16;INT32", "ND;ND"},
};

const SessionData& Session() {
  static const SessionData* data = [] {
    auto* d = new SessionData();
    d->pid = 1234;
    d->data_type_config = 0x1 | 0x2 | 0x40;
    d->devices = {{0, "Ascend910B2", 24, 48}, {1, "Ascend910B2", 24, 48}};
    d->clock_sync = {{0, 1'000'000'000, 0}, {1, 1'000'000'000, 0}};
    constexpr size_t kTasks = 1'000'000;
    d->tasks.reserve(kTasks);
    int64_t clock[2][4] = {};
    for (size_t i = 0; i < kTasks; ++i) {
      TaskRecord t;
      t.device_id = static_cast<uint32_t>(i % 2);
      t.stream_id = static_cast<uint32_t>(i / 2 % 4);
      t.task_id = i / 2;
      t.model_id = 1;
      t.block_dim = 8;
      int64_t& now = clock[t.device_id][t.stream_id];
      if (i % 1000 == 0 || i % 1000 == 999) {
        t.is_marker = true;
        t.model_id = 0xFFFFFFFFu;
        t.marker_id = i / 1000 + 1;
        t.marker_tag = i % 1000 == 0 ? 0 : 1;
        t.start_ns = t.end_ns = now;
      } else {
        t.op = &kOps[i % 3];
        t.start_ns = now + 50;
        t.end_ns = t.start_ns + 1000 + static_cast<int64_t>(i % 7) * 100;
      }
      now = t.end_ns;
      d->tasks.push_back(t);
      if (i % 10 == 1) {
        ApiRecord a;
        a.level = "AscendCL";
        a.name = "aclopExecuteV2";
        a.start_ns = 1'000'000'000 + t.start_ns - 2000;
        a.end_ns = a.start_ns + 1500;
        a.tid = 7;
        a.launched = true;
        a.device_id = t.device_id;
        a.first_task_id = t.task_id;
        d->apis.push_back(a);
      }
    }
    return d;
  }();
  return *data;
}

uint64_t DirBytes(const fs::path& dir) {
  uint64_t n = 0;
  for (const auto& e : fs::directory_iterator(dir)) n += e.file_size();
  return n;
}

double PeakRssMiB() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_maxrss) / 1024.0;
}

fs::path BenchDir(const char* name) {
  return fs::temp_directory_path() / (std::string("aclsim_export_bench_") + name + "_" + std::to_string(::getpid()));
}

uint64_t g_export_bytes = 0;

void BM_WriteSessionOutput(benchmark::State& state) {
  const SessionData& d = Session();
  const fs::path dir = BenchDir("export");
  for (auto _ : state) {
    Status s = WriteSessionOutput(d, dir.string(), "bench");
    if (!s.ok()) state.SkipWithError(s.ToString().c_str());
  }
  g_export_bytes = DirBytes(dir);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * g_export_bytes));
  state.counters["bytes_per_export"] = static_cast<double>(g_export_bytes);
  state.counters["tasks"] = static_cast<double>(d.tasks.size());
  state.counters["peak_rss_MiB"] = PeakRssMiB();
  fs::remove_all(dir);
}
BENCHMARK(BM_WriteSessionOutput)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

uint64_t TreeBytes(const fs::path& dir) {
  uint64_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.is_regular_file() ? e.file_size() : 0;
  return n;
}

// msprof_<ts>.db of the session. Bytes are the text export's (CSV-equivalent
// data, the measure), so its bytes/s compare with
// BM_WriteSessionOutput's directly.
void BM_WriteSessionDb(benchmark::State& state) {
  if (g_export_bytes == 0) {
    state.SkipWithError("run BM_WriteSessionOutput first");
    return;
  }
  const fs::path dir = BenchDir("db");
  fs::create_directories(dir);
  const std::string path = (dir / "msprof_bench.db").string();
  for (auto _ : state) {
    Status s = WriteSessionDb(Session(), path);
    if (!s.ok()) state.SkipWithError(s.ToString().c_str());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * g_export_bytes));
  state.counters["db_bytes"] = static_cast<double>(fs::file_size(path));
  state.counters["peak_rss_MiB"] = PeakRssMiB();
  fs::remove_all(dir);
}
BENCHMARK(BM_WriteSessionDb)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

// The raw data of the session: written once per iteration.
void BM_WriteRawData(benchmark::State& state) {
  const SessionData& d = Session();
  const fs::path dir = BenchDir("raw");
  for (auto _ : state) {
    Status s = WriteRawData(d, "bench", dir.string());
    if (!s.ok()) state.SkipWithError(s.ToString().c_str());
  }
  const uint64_t bytes = TreeBytes(dir);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.counters["raw_bytes"] = static_cast<double>(bytes);
  state.counters["peak_rss_MiB"] = PeakRssMiB();
  fs::remove_all(dir);
}
BENCHMARK(BM_WriteRawData)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

// msprof --export: read the raw data back, then export it. Bytes are the
// exported files', as for BM_WriteSessionOutput.
void BM_ReExportFromRawData(benchmark::State& state) {
  const fs::path dir = BenchDir("reexport");
  if (!WriteRawData(Session(), "bench", dir.string()).ok()) {
    state.SkipWithError("writing the raw data failed");
    return;
  }
  uint64_t bytes = 0;
  for (auto _ : state) {
    auto raw = ReadRawData(dir.string());
    if (!raw.ok()) {
      state.SkipWithError(raw.status().ToString().c_str());
      break;
    }
    Status s = WriteSessionOutput(raw->data, (dir / "out").string(), raw->timestamp);
    if (!s.ok()) state.SkipWithError(s.ToString().c_str());
  }
  bytes = DirBytes(dir / "out");
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.counters["peak_rss_MiB"] = PeakRssMiB();
  fs::remove_all(dir);
}
BENCHMARK(BM_ReExportFromRawData)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

// Baseline: the same number of bytes, already formatted, in one fwrite.
void BM_FwriteBaseline(benchmark::State& state) {
  if (g_export_bytes == 0) {
    state.SkipWithError("run BM_WriteSessionOutput first");
    return;
  }
  const std::vector<char> bytes(g_export_bytes, 'x');
  const fs::path dir = BenchDir("baseline");
  fs::create_directories(dir);
  const std::string path = (dir / "blob").string();
  for (auto _ : state) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
      state.SkipWithError("fwrite failed");
    }
    if (f != nullptr) std::fclose(f);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
  fs::remove_all(dir);
}
BENCHMARK(BM_FwriteBaseline)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

}  // namespace
}  // namespace aclsim::prof

BENCHMARK_MAIN();
