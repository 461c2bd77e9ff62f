// Launch cost of single operators through aclnn's two phases, no profiling:
// what a framework's eager mode pays per op.
//
// BM_AclnnAddTwoPhases: aclnnAddGetWorkspaceSize + aclnnAdd on a stream
// (argument checks, executor, kernel-cache hit, one simulated task);
// BM_AclnnAddLaunchOnly: the second phase alone, with a repeatable
// executor. Both report launches per second (items/s) and are compared with
// BM_Baseline_AclCall, aclrtGetDevice: the cheapest ACL call that reaches
// the runtime.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"

namespace {

struct Env {
  aclrtStream stream = nullptr;
  aclTensor* a = nullptr;
  aclTensor* b = nullptr;
  aclTensor* out = nullptr;
  aclScalar* alpha = nullptr;
};

Env& GetEnv() {
  static Env env = [] {
    Env e;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&e.stream) != 0) {
      std::abort();
    }
    std::vector<int64_t> shape = {64, 1024};
    auto tensor = [&] {
      return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, shape.data(),
                             shape.size(), nullptr);
    };
    e.a = tensor();
    e.b = tensor();
    e.out = tensor();
    float one = 1.0f;
    e.alpha = aclCreateScalar(&one, ACL_FLOAT);
    return e;
  }();
  return env;
}

void BM_Baseline_AclCall(benchmark::State& state) {
  GetEnv();
  int32_t device = -1;
  for (auto _ : state) benchmark::DoNotOptimize(aclrtGetDevice(&device));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Baseline_AclCall);

void BM_AclnnAddTwoPhases(benchmark::State& state) {
  Env& e = GetEnv();
  int64_t n = 0;
  for (auto _ : state) {
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    if (aclnnAddGetWorkspaceSize(e.a, e.b, e.alpha, e.out, &ws, &exec) != 0 ||
        aclnnAdd(nullptr, 0, exec, e.stream) != 0) {
      state.SkipWithError("aclnnAdd failed");
    }
    if (++n % 4096 == 0) (void)aclrtSynchronizeStream(e.stream);
  }
  (void)aclrtSynchronizeStream(e.stream);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AclnnAddTwoPhases);

void BM_AclnnAddLaunchOnly(benchmark::State& state) {
  Env& e = GetEnv();
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  if (aclnnAddGetWorkspaceSize(e.a, e.b, e.alpha, e.out, &ws, &exec) != 0 || aclSetAclOpExecutorRepeatable(exec) != 0) {
    state.SkipWithError("first phase failed");
    return;
  }
  int64_t n = 0;
  for (auto _ : state) {
    if (aclnnAdd(nullptr, 0, exec, e.stream) != 0) state.SkipWithError("aclnnAdd failed");
    if (++n % 4096 == 0) (void)aclrtSynchronizeStream(e.stream);
  }
  (void)aclrtSynchronizeStream(e.stream);
  (void)aclDestroyAclOpExecutor(exec);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AclnnAddLaunchOnly);

}  // namespace

BENCHMARK_MAIN();
