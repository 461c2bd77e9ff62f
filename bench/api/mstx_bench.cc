// Cost of the mstx calls (the inline functions of mstx/ms_tools_ext.h,
// through the tool in libascendcl.so) to the program that makes them. With
// no collection running, each is one check of the runtime's active flag (target: < 100 ns, issue "framework profiler
// integration"); while a session with msproftx data collects, each records
// a host event.
//
// BM_Baseline_AclCall (aclrtGetDevice, the cheapest ACL call that reaches
// the runtime) is the same-run baseline the others are compared with.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "mstx/ms_tools_ext.h"

namespace {

void Init() {
  static const bool ok = [] { return aclInit(nullptr) == ACL_SUCCESS && aclrtSetDevice(0) == ACL_SUCCESS; }();
  if (!ok) std::abort();
}

void BM_Baseline_AclCall(benchmark::State& state) {
  Init();
  int32_t device = -1;
  for (auto _ : state) benchmark::DoNotOptimize(aclrtGetDevice(&device));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Baseline_AclCall);

void BM_MstxMarkA_Idle(benchmark::State& state) {
  Init();
  for (auto _ : state) mstxMarkA("step", nullptr);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MstxMarkA_Idle);

void BM_MstxRangeStartEnd_Idle(benchmark::State& state) {
  Init();
  for (auto _ : state) mstxRangeEnd(mstxRangeStartA("forward", nullptr));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MstxRangeStartEnd_Idle);

void BM_MstxDomainMarkA_Idle(benchmark::State& state) {
  Init();
  mstxDomainHandle_t domain = mstxDomainCreateA("communication");
  for (auto _ : state) mstxDomainMarkA(domain, "allreduce", nullptr);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MstxDomainMarkA_Idle);

// A host-only mark recorded by a running session (fixed iterations: every
// record is kept until Stop).
void BM_MstxMarkA_Collecting(benchmark::State& state) {
  Init();
  char dir[] = "/tmp/aclsim_mstx_bench_XXXXXX";
  if (mkdtemp(dir) == nullptr || aclprofInit(dir, std::string(dir).size()) != ACL_SUCCESS) {
    state.SkipWithError("aclprofInit failed");
    return;
  }
  uint32_t devices[] = {0};
  aclprofConfig* config = aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_MSPROFTX);
  if (config == nullptr || aclprofStart(config) != ACL_SUCCESS) {
    state.SkipWithError("aclprofStart failed");
    return;
  }
  for (auto _ : state) mstxMarkA("step", nullptr);
  state.SetItemsProcessed(state.iterations());
  (void)aclprofStop(config);  // after the timed loop: not measured
  (void)aclprofDestroyConfig(config);
  (void)aclprofFinalize();
  (void)std::system((std::string("rm -rf ") + dir).c_str());
}
BENCHMARK(BM_MstxMarkA_Collecting)->Iterations(200000);

}  // namespace

BENCHMARK_MAIN();
