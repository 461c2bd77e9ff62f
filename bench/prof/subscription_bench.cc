// End-to-end subscription throughput and profiling overhead, through the
// public API, the way the official sample reads records.
//
//   BM_EndToEnd: a 4096-op model executed repeatedly while a reader thread
//     reads the pipe in 65520-byte reads and, for every record, fetches type
//     and name (Len + Get) plus start, end, duration and model id.
//     items_per_second = records per second from execution to parsed.
//   BM_EndToEndThreadSubscribed: the same, subscribed with ProfOpSubscribe
//     (the executing thread's ops on device 0) instead of the model.
//   BM_Baseline_Execute: the same executions without a subscription;
//     scripts/check/bench_report.py prints BM_EndToEnd* against it as the host ns
//     a subscription adds per kernel (and the ratio).
//   BM_SubscribedNsAddedPerKernel: that figure measured in one case: each
//     iteration times the executions unsubscribed, then subscribed
//     (aclprofModelSubscribe, a reader parsing every record, until the
//     reader has read the last one); counter ns_added_per_kernel =
//     (subscribed - unsubscribed) / kernels (the target: at most 10 ns),
//     execute_ns_added_per_kernel the same for the executions alone (what
//     the executing thread pays; the rest is the drain after the last
//     execution), ratio = subscribed / unsubscribed as a secondary figure.
//   BM_Baseline_RawPipe51: the same number of 80-byte records written raw
//     into a pipe, 51 per write(), read by a thread that does nothing else.
//   BM_Baseline_RawPipe1: the same, one record per write() (what CANN's
//     uploader does).
//   BM_ExecuteRealtime / BM_ExecuteRealtimeSubscribed: models/resnet50.json
//     executed with the device clock paced to wall time ("clock": "realtime"),
//     without and with a subscription and a reader: their ratio is the
//     profiling overhead on execution time.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../chain_model.h"
#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/prof_acl_api.h"

namespace {

constexpr int kOps = 4096;
constexpr size_t kRecord = 80;

struct Session {
  uint32_t model_id = 0;
  aclmdlDataset* in = nullptr;
  aclmdlDataset* out = nullptr;
  std::vector<void*> memory;
};

bool Open(const char* config_json, const std::string& model, bool from_file, Session* s) {
  char path[] = "/tmp/aclsim_bench_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return false;
  if (write(fd, config_json, std::strlen(config_json)) < 0) return false;
  close(fd);
  bool ok = aclInit(path) == ACL_SUCCESS && aclrtSetDevice(0) == ACL_SUCCESS;
  unlink(path);
  if (!ok) return false;
  ok = from_file ? aclmdlLoadFromFile(model.c_str(), &s->model_id) == ACL_SUCCESS
                 : aclmdlLoadFromMem(model.data(), model.size(), &s->model_id) == ACL_SUCCESS;
  if (!ok) return false;
  aclmdlDesc* desc = aclmdlCreateDesc();
  (void)aclmdlGetDesc(desc, s->model_id);
  s->in = aclmdlCreateDataset();
  s->out = aclmdlCreateDataset();
  for (int io = 0; io < 2; ++io) {
    size_t n = io == 0 ? aclmdlGetNumInputs(desc) : aclmdlGetNumOutputs(desc);
    for (size_t i = 0; i < n; ++i) {
      size_t size = io == 0 ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i);
      void* p = nullptr;
      (void)aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST);
      s->memory.push_back(p);
      (void)aclmdlAddDatasetBuffer(io == 0 ? s->in : s->out, aclCreateDataBuffer(p, size));
    }
  }
  (void)aclmdlDestroyDesc(desc);
  return true;
}

void Close(Session* s) {
  for (aclmdlDataset* d : {s->in, s->out}) {
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(d); ++i) (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(d, i));
    (void)aclmdlDestroyDataset(d);
  }
  for (void* p : s->memory) (void)aclrtFree(p);
  (void)aclmdlUnload(s->model_id);
  (void)aclrtResetDevice(0);
  (void)aclFinalize();
}

// The sample's reader: whole records, names and times of every record.
uint64_t Reader(int fd) {
  std::vector<char> buf(819 * kRecord);  // a multiple of the record size, just under 64 KiB
  std::vector<char> text(512);
  uint64_t records = 0, checksum = 0;
  while (true) {
    ssize_t n = read(fd, buf.data(), buf.size());
    if (n <= 0) break;
    uint32_t count = 0;
    if (aclprofGetOpNum(buf.data(), static_cast<size_t>(n), &count) != ACL_SUCCESS) std::abort();
    for (uint32_t i = 0; i < count; ++i) {
      size_t len = 0;
      if (aclprofGetOpTypeLen(buf.data(), static_cast<size_t>(n), i, &len) != ACL_SUCCESS ||
          aclprofGetOpType(buf.data(), static_cast<size_t>(n), i, text.data(), len) != ACL_SUCCESS ||
          aclprofGetOpNameLen(buf.data(), static_cast<size_t>(n), i, &len) != ACL_SUCCESS ||
          aclprofGetOpName(buf.data(), static_cast<size_t>(n), i, text.data(), len) != ACL_SUCCESS) {
        std::abort();
      }
      checksum += aclprofGetOpStart(buf.data(), static_cast<size_t>(n), i) +
                  aclprofGetOpEnd(buf.data(), static_cast<size_t>(n), i) +
                  aclprofGetOpDuration(buf.data(), static_cast<size_t>(n), i) +
                  aclprofGetModelId(buf.data(), static_cast<size_t>(n), i);
    }
    records += count;
  }
  benchmark::DoNotOptimize(checksum);
  return records;
}

// The chain model on one device.
bool OpenChain(Session* s) { return Open(R"({"aclsim":{"device_count":1}})", ChainModel(kOps), false, s); }

// Subscribes (to the model, or the thread's ops), executes |runs| times,
// unsubscribes and waits for the reader. Returns the records the reader
// parsed; |executing|, when given, gets the time the executions took.
uint64_t SubscribedRuns(const Session& s, int runs, bool by_thread,
                        std::chrono::steady_clock::duration* executing = nullptr) {
  int fds[2];
  if (pipe(fds) != 0) std::abort();
  int write_fd = fds[1];
  uint64_t got = 0;
  std::thread reader([&] { got = Reader(fds[0]); });
  aclprofSubscribeConfig* cfg = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &write_fd);
  if ((by_thread ? ProfOpSubscribe(0, cfg) : aclprofModelSubscribe(s.model_id, cfg)) != ACL_SUCCESS) std::abort();
  const auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < runs; ++r) (void)aclmdlExecute(s.model_id, s.in, s.out);
  if (executing != nullptr) *executing += std::chrono::steady_clock::now() - t0;
  (void)(by_thread ? ProfOpUnSubscribe(0) : aclprofModelUnSubscribe(s.model_id));
  reader.join();
  close(fds[0]);
  (void)aclprofDestroySubscribeConfig(cfg);
  return got;
}

void EndToEnd(benchmark::State& state, bool by_thread) {
  Session s;
  if (!OpenChain(&s)) {
    state.SkipWithError("setup failed");
    return;
  }
  const int runs = static_cast<int>(state.range(0));
  uint64_t total = 0;
  for (auto _ : state) {
    const uint64_t got = SubscribedRuns(s, runs, by_thread);
    if (got != static_cast<uint64_t>(runs) * kOps) state.SkipWithError("records lost");
    total += got;
  }
  state.SetItemsProcessed(static_cast<int64_t>(total));
  Close(&s);
}
void BM_EndToEnd(benchmark::State& state) { EndToEnd(state, false); }
void BM_EndToEndThreadSubscribed(benchmark::State& state) { EndToEnd(state, true); }
BENCHMARK(BM_EndToEnd)->Arg(64)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EndToEndThreadSubscribed)->Arg(64)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Baseline_Execute(benchmark::State& state) {
  Session s;
  if (!OpenChain(&s)) {
    state.SkipWithError("setup failed");
    return;
  }
  const int runs = static_cast<int>(state.range(0));
  for (auto _ : state) {
    for (int r = 0; r < runs; ++r) (void)aclmdlExecute(s.model_id, s.in, s.out);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * runs * kOps);
  Close(&s);
}
BENCHMARK(BM_Baseline_Execute)->Arg(64)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SubscribedNsAddedPerKernel(benchmark::State& state) {
  Session s;
  if (!OpenChain(&s)) {
    state.SkipWithError("setup failed");
    return;
  }
  const int runs = static_cast<int>(state.range(0));
  using Clock = std::chrono::steady_clock;
  Clock::duration plain{}, subscribed{}, executing{};
  for (auto _ : state) {
    const auto t0 = Clock::now();
    for (int r = 0; r < runs; ++r) (void)aclmdlExecute(s.model_id, s.in, s.out);
    const auto t1 = Clock::now();
    if (SubscribedRuns(s, runs, false, &executing) != static_cast<uint64_t>(runs) * kOps)
      state.SkipWithError("records lost");
    const auto t2 = Clock::now();
    plain += t1 - t0;
    subscribed += t2 - t1;
  }
  const double kernels = static_cast<double>(state.iterations()) * runs * kOps;
  state.counters["ns_added_per_kernel"] =
      std::chrono::duration<double, std::nano>(subscribed - plain).count() / kernels;
  state.counters["execute_ns_added_per_kernel"] =
      std::chrono::duration<double, std::nano>(executing - plain).count() / kernels;
  state.counters["ratio"] =
      std::chrono::duration<double>(subscribed).count() / std::chrono::duration<double>(plain).count();
  state.SetItemsProcessed(static_cast<int64_t>(kernels));
  Close(&s);
}
BENCHMARK(BM_SubscribedNsAddedPerKernel)->Arg(64)->Unit(benchmark::kMillisecond)->UseRealTime();

void RawPipe(benchmark::State& state, size_t per_write) {
  const size_t records = static_cast<size_t>(state.range(0)) * kOps;
  std::vector<char> src(51 * kRecord, 7);
  uint64_t total = 0;
  for (auto _ : state) {
    int fds[2];
    if (pipe(fds) != 0) std::abort();
    std::thread reader([&] {
      std::vector<char> buf(51 * kRecord);
      while (read(fds[0], buf.data(), buf.size()) > 0) {
      }
    });
    for (size_t done = 0; done < records;) {
      size_t n = std::min(per_write, records - done);
      if (write(fds[1], src.data(), n * kRecord) < 0) std::abort();
      done += n;
    }
    close(fds[1]);
    reader.join();
    close(fds[0]);
    total += records;
  }
  state.SetItemsProcessed(static_cast<int64_t>(total));
}
void BM_Baseline_RawPipe51(benchmark::State& state) { RawPipe(state, 51); }
void BM_Baseline_RawPipe1(benchmark::State& state) { RawPipe(state, 1); }
BENCHMARK(BM_Baseline_RawPipe51)->Arg(64)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Baseline_RawPipe1)->Arg(64)->Unit(benchmark::kMillisecond)->UseRealTime();

void ExecuteRealtime(benchmark::State& state, bool subscribed) {
  Session s;
  if (!Open(R"({"aclsim":{"clock":"realtime"}})", std::string(ACLSIM_MODELS_DIR) + "/resnet50.json", true, &s)) {
    state.SkipWithError("setup failed");
    return;
  }
  int fds[2] = {-1, -1};
  int write_fd = -1;
  std::thread reader;
  aclprofSubscribeConfig* cfg = nullptr;
  if (subscribed) {
    if (pipe(fds) != 0) std::abort();
    write_fd = fds[1];
    reader = std::thread([&] { Reader(fds[0]); });
    cfg = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &write_fd);
    if (aclprofModelSubscribe(s.model_id, cfg) != ACL_SUCCESS) std::abort();
  }
  for (auto _ : state) {
    if (aclmdlExecute(s.model_id, s.in, s.out) != ACL_SUCCESS) state.SkipWithError("execute failed");
  }
  if (subscribed) {
    (void)aclprofModelUnSubscribe(s.model_id);
    reader.join();
    close(fds[0]);
    (void)aclprofDestroySubscribeConfig(cfg);
  }
  Close(&s);
}
void BM_ExecuteRealtimeSubscribed(benchmark::State& state) { ExecuteRealtime(state, true); }
void BM_Baseline_ExecuteRealtime(benchmark::State& state) { ExecuteRealtime(state, false); }
BENCHMARK(BM_ExecuteRealtimeSubscribed)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_Baseline_ExecuteRealtime)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
