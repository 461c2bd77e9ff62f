// ONNX import cost and the simulation speed of an imported model.
//
// BM_OnnxLoad/N loads an N-node ONNX model (a chain of MatMul + Add + Relu
// blocks, built in memory with the libonnx protobuf classes): parse, shape
// inference, mapping. items_per_second is nodes per second; the time per
// 1,000 nodes is 1e3 / items_per_second. Its baseline, BM_Baseline_JsonLoad/N, loads
// the same graph (same ops, tensors and shapes) from the aclsim JSON format,
// serialized from the imported Graph in the same run.
//
// BM_SimulateOnnxResNet50 executes models/resnet50.onnx (as imported) 1,000
// times per iteration on one simulated device; items_per_second is simulated
// ops per host second. Its baseline, BM_Baseline_SimulateJsonResNet50, does the same
// with models/resnet50.json.
#include <benchmark/benchmark.h>

#include <onnx/onnx_pb.h>

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/model/graph_loader.h"
#include "runtime/model/model_loader.h"
#include "runtime/model/onnx/onnx_loader.h"
#include "sim/device_profile.h"
#include "sim/sim_device.h"

namespace aclsim {
namespace {

// |nodes| nodes: blocks of x -> MatMul(w) -> Add(b) -> Relu.
std::string ChainOnnx(int64_t nodes) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  auto* opset = m.add_opset_import();
  opset->set_version(17);
  auto* g = m.mutable_graph();
  g->set_name("chain");
  auto value = [](onnx::ValueInfoProto* v, const std::string& name) {
    v->set_name(name);
    auto* tt = v->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(onnx::TensorProto_DataType_FLOAT16);
    tt->mutable_shape()->add_dim()->set_dim_param("batch");
    tt->mutable_shape()->add_dim()->set_dim_value(256);
  };
  value(g->add_input(), "x");
  std::string prev = "x";
  for (int64_t i = 0; i < nodes; ++i) {
    const std::string id = std::to_string(i);
    auto* n = g->add_node();
    std::string out = "t" + id;
    switch (i % 3) {
      case 0: {
        n->set_op_type("MatMul");
        auto* w = g->add_initializer();
        w->set_name("w" + id);
        w->set_data_type(onnx::TensorProto_DataType_FLOAT16);
        w->add_dims(256);
        w->add_dims(256);
        w->set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
        n->add_input(prev);
        n->add_input(w->name());
        break;
      }
      case 1: {
        n->set_op_type("Add");
        auto* b = g->add_initializer();
        b->set_name("b" + id);
        b->set_data_type(onnx::TensorProto_DataType_FLOAT16);
        b->add_dims(256);
        b->set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
        n->add_input(prev);
        n->add_input(b->name());
        break;
      }
      default: n->set_op_type("Relu"); n->add_input(prev);
    }
    n->set_name("/block" + std::to_string(i / 3) + "/" + n->op_type());
    n->add_output(out);
    prev = out;
  }
  value(g->add_output(), prev);
  return m.SerializeAsString();
}

// The aclsim JSON form of |g| (docs/model_format.md).
std::string ToJson(const model::Graph& g) {
  using nlohmann::json;
  auto spec = [&](int32_t t) {
    const auto& tensor = g.tensor(t);
    return json{{"name", tensor.name}, {"dtype", model::DataTypeName(tensor.dtype)}, {"shape", tensor.shape}};
  };
  json doc{{"schema", model::kGraphSchemaTag}, {"name", g.name}};
  doc["inputs"] = json::array();
  for (int32_t t : g.inputs) doc["inputs"].push_back(spec(t));
  doc["weights"] = json::array();
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    if (g.tensors[i].kind == model::TensorKind::kWeight) doc["weights"].push_back(spec(static_cast<int32_t>(i)));
  }
  doc["ops"] = json::array();
  for (const auto& op : g.ops) {
    json o{{"name", op.name}, {"type", op.type}};
    o["inputs"] = json::array();
    for (int32_t t : op.inputs) o["inputs"].push_back(g.tensor(t).name);
    o["outputs"] = json::array();
    for (int32_t t : op.outputs) o["outputs"].push_back(spec(t));
    doc["ops"].push_back(o);
  }
  doc["outputs"] = json::array();
  for (int32_t t : g.outputs) doc["outputs"].push_back(g.tensor(t).name);
  return doc.dump();
}

void BM_OnnxLoad(benchmark::State& state) {
  const std::string bytes = ChainOnnx(state.range(0));
  for (auto _ : state) {
    auto g = model::LoadModelBytes(bytes, {});
    if (!g.ok()) state.SkipWithError(g.status().message().c_str());
    benchmark::DoNotOptimize(g);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(bytes.size()));
}
BENCHMARK(BM_OnnxLoad)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_Baseline_JsonLoad(benchmark::State& state) {
  auto imported = model::LoadModelBytes(ChainOnnx(state.range(0)), {});
  if (!imported.ok()) {
    state.SkipWithError(imported.status().message().c_str());
    return;
  }
  const std::string text = ToJson(*imported);
  for (auto _ : state) {
    auto g = model::LoadModelBytes(text, {});
    if (!g.ok()) state.SkipWithError(g.status().message().c_str());
    benchmark::DoNotOptimize(g);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_Baseline_JsonLoad)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void Simulate(benchmark::State& state, const char* file) {
  auto g = model::LoadModelFile(std::string(ACLSIM_MODELS_DIR) + "/" + file, {});
  if (!g.ok()) {
    state.SkipWithError(g.status().message().c_str());
    return;
  }
  auto profile = sim::BuiltinDeviceProfile("Ascend910B2");
  if (!profile.ok()) {
    state.SkipWithError(profile.status().message().c_str());
    return;
  }
  sim::SimDevice dev(0, std::make_shared<const sim::DeviceProfile>(*profile), sim::SimOptions{});
  auto stream = dev.CreateStream();
  auto exe = dev.LoadGraph(*g);
  constexpr int kExecutions = 1000;
  for (auto _ : state) {
    for (int i = 0; i < kExecutions; ++i) benchmark::DoNotOptimize(dev.SubmitGraph(*stream, *exe, {}));
  }
  state.SetItemsProcessed(state.iterations() * kExecutions * static_cast<int64_t>(g->ops.size()));
  state.counters["ops_per_execution"] = static_cast<double>(g->ops.size());
}

void BM_SimulateOnnxResNet50(benchmark::State& state) { Simulate(state, "resnet50.onnx"); }
BENCHMARK(BM_SimulateOnnxResNet50)->Unit(benchmark::kMillisecond);
void BM_Baseline_SimulateJsonResNet50(benchmark::State& state) { Simulate(state, "resnet50.json"); }
BENCHMARK(BM_Baseline_SimulateJsonResNet50)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace aclsim

BENCHMARK_MAIN();
