#include "runtime/model/graph_writer.h"

#include <nlohmann/json.hpp>

namespace aclsim::model {
namespace {

using nlohmann::ordered_json;

ordered_json TensorJson(const Tensor& t) {
  ordered_json j;
  j["name"] = t.name;
  j["dtype"] = DataTypeName(t.dtype);
  j["format"] = FormatName(t.format);
  j["shape"] = t.shape;
  return j;
}

const char* EngineKey(Engine e) {
  switch (e) {
    case Engine::kAiCore: return "AI_CORE";
    case Engine::kAiVector: return "AI_VECTOR";
    case Engine::kAiCpu: return "AI_CPU";
  }
  return "AI_VECTOR";
}

}  // namespace

std::string WriteGraphJson(const Graph& graph) {
  ordered_json doc;
  doc["schema"] = "aclsim.graph.v1";
  doc["name"] = graph.name;
  ordered_json inputs = ordered_json::array();
  for (int32_t t : graph.inputs) inputs.push_back(TensorJson(graph.tensor(t)));
  doc["inputs"] = std::move(inputs);
  ordered_json weights = ordered_json::array();
  for (const Tensor& t : graph.tensors) {
    if (t.kind == TensorKind::kWeight) weights.push_back(TensorJson(t));
  }
  doc["weights"] = std::move(weights);
  ordered_json ops = ordered_json::array();
  for (const Op& op : graph.ops) {
    ordered_json o;
    o["name"] = op.name;
    o["type"] = op.type;
    o["engine"] = EngineKey(op.engine);
    ordered_json in = ordered_json::array();
    for (int32_t t : op.inputs) in.push_back(graph.tensor(t).name);
    o["inputs"] = std::move(in);
    ordered_json out = ordered_json::array();
    for (int32_t t : op.outputs) out.push_back(TensorJson(graph.tensor(t)));
    o["outputs"] = std::move(out);
    if (!op.attrs.empty()) {
      ordered_json attrs = ordered_json::object();
      for (const auto& attr : op.attrs) {
        ordered_json& slot = attrs[attr.first];  // C++17: lambdas cannot capture structured bindings
        std::visit([&slot](const auto& v) { slot = v; }, attr.second);
      }
      o["attrs"] = std::move(attrs);
    }
    if (op.stream != 0) o["stream"] = op.stream;
    if (op.duration_ns) o["duration_ns"] = *op.duration_ns;
    if (op.block_dim) o["block_dim"] = *op.block_dim;
    if (op.core_limit) o["core_limit"] = *op.core_limit;
    ops.push_back(std::move(o));
  }
  doc["ops"] = std::move(ops);
  ordered_json outputs = ordered_json::array();
  for (int32_t t : graph.outputs) outputs.push_back(graph.tensor(t).name);
  doc["outputs"] = std::move(outputs);
  return doc.dump();
}

}  // namespace aclsim::model
