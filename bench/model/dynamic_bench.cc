// Converted models: conversion time with gears, and the host cost of running
// a dynamic-shape model whose shapes are already compiled.
//
// BM_ConvertBatchGears converts models/resnet50.onnx as atc does with
// --input_shape=<in>:-1,3,224,224 --dynamic_batch_size=1,2,4 (the .om written,
// then every gear loaded with the fusion passes); its baseline,
// BM_Baseline_LoadOnnx, loads the ONNX file once.
//
// BM_ExecuteDynamicCached runs resnet50 as a dynamic-shape model (.om with
// -1 batch and no gears, fusion off so that it runs the same ops) at batch 1 with a tensor desc on its input: after the
// first execution the shapes are compiled, so each iteration is one
// aclmdlExecuteAsync + aclrtSynchronizeStream through the cache. Its
// baseline, BM_Baseline_ExecuteStatic, runs the same model loaded statically.
//
// BM_FirstExecutionOfAShape is the per-shape cost: load the dynamic-shape
// .om, give it a shape, execute once (ONNX shape inference and the device's
// compilation of that shape), unload. Its baseline,
// BM_Baseline_LoadAndExecuteStatic, loads the ONNX model statically,
// executes once and unloads.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "runtime/model/model_loader.h"
#include "runtime/model/om_format.h"
#include "runtime/model/onnx/onnx_loader.h"

namespace {

std::string ReadModel() {
  std::ifstream f(std::string(ACLSIM_MODELS_DIR) + "/resnet50.onnx", std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

const std::string& Onnx() {
  static const std::string bytes = ReadModel();
  return bytes;
}

std::string InputName() {
  auto sig = aclsim::model::ReadOnnxSignature(Onnx());
  if (!sig.ok() || sig->inputs.empty()) std::abort();
  return sig->inputs.front().name;
}

std::string Om(aclsim::model::GearKind kind, std::vector<std::vector<int64_t>> gears, bool fusion) {
  aclsim::model::OmHeader h;
  h.fusion = fusion;
  h.soc_version = "Ascend910B2";
  h.source = "onnx";
  h.input_shapes = {{InputName(), {-1, 3, 224, 224}}};
  h.gear_kind = kind;
  h.gears = std::move(gears);
  return aclsim::model::WriteOm(h, Onnx());
}

void BM_ConvertBatchGears(benchmark::State& state) {
  for (auto _ : state) {
    const std::string om = Om(aclsim::model::GearKind::kBatch, {{1}, {2}, {4}}, /*fusion=*/true);
    auto v = aclsim::model::LoadModelVariants(om, {});
    if (!v.ok()) state.SkipWithError(std::string(v.status().message()).c_str());
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_ConvertBatchGears)->Unit(benchmark::kMillisecond);

void BM_Baseline_LoadOnnx(benchmark::State& state) {
  for (auto _ : state) {
    auto g = aclsim::model::LoadModelBytes(Onnx(), {});
    if (!g.ok()) state.SkipWithError(std::string(g.status().message()).c_str());
    benchmark::DoNotOptimize(g);
  }
}
BENCHMARK(BM_Baseline_LoadOnnx)->Unit(benchmark::kMillisecond);

struct Loaded {
  uint32_t model_id = 0;
  aclmdlDataset* in = nullptr;
  aclmdlDataset* out = nullptr;
};

aclrtStream Stream() {
  static aclrtStream stream = [] {
    aclrtStream s = nullptr;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&s) != ACL_SUCCESS) {
      std::abort();
    }
    return s;
  }();
  return stream;
}

Loaded Load(const std::string& bytes, bool with_desc) {
  Stream();
  Loaded l;
  if (aclmdlLoadFromMem(bytes.data(), bytes.size(), &l.model_id) != ACL_SUCCESS) std::abort();
  l.in = aclmdlCreateDataset();
  l.out = aclmdlCreateDataset();
  const size_t in_bytes = 3 * 224 * 224 * 4, out_bytes = 1000 * 4;
  void* a = nullptr;
  void* b = nullptr;
  (void)aclrtMalloc(&a, in_bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  (void)aclrtMalloc(&b, out_bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  (void)aclmdlAddDatasetBuffer(l.in, aclCreateDataBuffer(a, in_bytes));
  (void)aclmdlAddDatasetBuffer(l.out, aclCreateDataBuffer(b, out_bytes));
  if (with_desc) {
    const int64_t dims[] = {1, 3, 224, 224};
    aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT, 4, dims, ACL_FORMAT_NCHW);
    (void)aclmdlSetDatasetTensorDesc(l.in, desc, 0);
    aclDestroyTensorDesc(desc);
  }
  return l;
}

void Run(benchmark::State& state, const Loaded& l) {
  for (auto _ : state) {
    if (aclmdlExecuteAsync(l.model_id, l.in, l.out, Stream()) != ACL_SUCCESS) state.SkipWithError("execute failed");
    if (aclrtSynchronizeStream(Stream()) != ACL_SUCCESS) state.SkipWithError("sync failed");
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_ExecuteDynamicCached(benchmark::State& state) {
  static const Loaded l = Load(Om(aclsim::model::GearKind::kNone, {}, /*fusion=*/false), /*with_desc=*/true);
  if (aclmdlExecute(l.model_id, l.in, l.out) != ACL_SUCCESS) std::abort();  // compiles the shapes
  Run(state, l);
}
BENCHMARK(BM_ExecuteDynamicCached);

void BM_Baseline_ExecuteStatic(benchmark::State& state) {
  static const Loaded l = Load(Onnx(), /*with_desc=*/false);
  Run(state, l);
}
BENCHMARK(BM_Baseline_ExecuteStatic);

void Unload(const Loaded& l) {
  for (aclmdlDataset* d : {l.in, l.out}) {
    aclDataBuffer* b = aclmdlGetDatasetBuffer(d, 0);
    (void)aclrtFree(aclGetDataBufferAddr(b));
    (void)aclDestroyDataBuffer(b);
    (void)aclmdlDestroyDataset(d);
  }
  (void)aclmdlUnload(l.model_id);
}

void LoadRunUnload(benchmark::State& state, const std::string& bytes, bool dynamic) {
  for (auto _ : state) {
    const Loaded l = Load(bytes, dynamic);
    if (aclmdlExecute(l.model_id, l.in, l.out) != ACL_SUCCESS) state.SkipWithError("execute failed");
    Unload(l);
  }
}

void BM_FirstExecutionOfAShape(benchmark::State& state) {
  LoadRunUnload(state, Om(aclsim::model::GearKind::kNone, {}, /*fusion=*/false), /*dynamic=*/true);
}
BENCHMARK(BM_FirstExecutionOfAShape)->Unit(benchmark::kMillisecond);

void BM_Baseline_LoadAndExecuteStatic(benchmark::State& state) { LoadRunUnload(state, Onnx(), /*dynamic=*/false); }
BENCHMARK(BM_Baseline_LoadAndExecuteStatic)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
