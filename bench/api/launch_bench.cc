// Launch-to-completion overhead per task through the public ACL API.
//
// BM_ExecuteAsyncAndSync: aclmdlExecuteAsync of a one-op model followed by
// aclrtSynchronizeStream (virtual clock: the device never waits, so this is
// the host cost of one task's launch and completion).
// BM_Baseline_AclCall: aclrtGetDevice, the cheapest ACL call that goes
// through the runtime (handle lookup under the runtime lock).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>

#include "acl/acl.h"

namespace {

const char kOneOpModel[] = R"({"schema": "aclsim.graph.v1", "name": "one_op",
  "inputs": [{"name": "x", "dtype": "float16", "shape": [1024]}],
  "ops": [{"name": "relu", "type": "Relu", "inputs": ["x"],
           "outputs": [{"name": "y", "dtype": "float16", "shape": [1024]}]}],
  "outputs": ["y"]})";

struct Env {
  uint32_t model_id = 0;
  aclrtStream stream = nullptr;
  aclmdlDataset* in = nullptr;
  aclmdlDataset* out = nullptr;
};

Env& GetEnv() {
  static Env env = [] {
    Env e;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS ||
        aclmdlLoadFromMem(kOneOpModel, std::strlen(kOneOpModel), &e.model_id) != ACL_SUCCESS ||
        aclrtCreateStream(&e.stream) != ACL_SUCCESS) {
      std::abort();
    }
    void* a = nullptr;
    void* b = nullptr;
    (void)aclrtMalloc(&a, 2048, ACL_MEM_MALLOC_HUGE_FIRST);
    (void)aclrtMalloc(&b, 2048, ACL_MEM_MALLOC_HUGE_FIRST);
    e.in = aclmdlCreateDataset();
    e.out = aclmdlCreateDataset();
    (void)aclmdlAddDatasetBuffer(e.in, aclCreateDataBuffer(a, 2048));
    (void)aclmdlAddDatasetBuffer(e.out, aclCreateDataBuffer(b, 2048));
    return e;
  }();
  return env;
}

void BM_ExecuteAsyncAndSync(benchmark::State& state) {
  Env& e = GetEnv();
  for (auto _ : state) {
    if (aclmdlExecuteAsync(e.model_id, e.in, e.out, e.stream) != ACL_SUCCESS) state.SkipWithError("execute failed");
    if (aclrtSynchronizeStream(e.stream) != ACL_SUCCESS) state.SkipWithError("sync failed");
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ExecuteAsyncAndSync);

void BM_Baseline_AclCall(benchmark::State& state) {
  GetEnv();
  int32_t device = -1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(aclrtGetDevice(&device));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Baseline_AclCall);

}  // namespace

BENCHMARK_MAIN();
