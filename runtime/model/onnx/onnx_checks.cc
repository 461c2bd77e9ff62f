#include "runtime/model/onnx/onnx_checks.h"

#include <exception>
#include <functional>
#include <queue>
#include <unordered_map>

namespace aclsim::model::onnx_internal {
namespace {

// The names initializers and graph inputs define; a name defined twice is an
// error.
Status CollectInputs(const onnx::GraphProto& g, std::unordered_set<std::string>* defined) {
  for (const auto& init : g.initializer()) {
    if (init.name().empty()) return ParseError("an initializer has no name");
    if (!defined->insert(init.name()).second) return ParseError("duplicate initializer '" + init.name() + "'");
  }
  for (const auto& sp : g.sparse_initializer()) {
    if (!defined->insert(sp.values().name()).second) {
      return ParseError("duplicate initializer '" + sp.values().name() + "'");
    }
  }
  std::unordered_set<std::string> input_names;
  for (const auto& in : g.input()) {
    if (in.name().empty()) return ParseError("a graph input has no name");
    if (!input_names.insert(in.name()).second) return ParseError("duplicate graph input '" + in.name() + "'");
    defined->insert(in.name());
  }
  return OkStatus();
}

// Maps each node output to the index of the node that produces it; a tensor
// that an input, an initializer or another node already defines is an error.
Status CollectNodeOutputs(const onnx::GraphProto& g, const Opsets& opsets,
                          const std::unordered_set<std::string>& defined,
                          std::unordered_map<std::string, int>* producer_node) {
  for (int i = 0; i < g.node_size(); ++i) {
    const auto& node = g.node(i);
    const std::string where = "node " + std::to_string(i) + " '" + node.name() + "' (" + node.op_type() + ")";
    if (node.op_type().empty()) return ParseError("node " + std::to_string(i) + " has no op_type");
    if (IsDefaultDomain(node.domain()) && opsets.count("") == 0) {
      return ParseError(where + " is an ai.onnx op but the model imports no ai.onnx opset");
    }
    for (const auto& out : node.output()) {
      if (out.empty()) continue;
      if (defined.count(out) != 0 || !producer_node->emplace(out, i).second) {
        return ParseError(where + " redefines tensor '" + out + "'");
      }
    }
  }
  return OkStatus();
}

// The edges between nodes: consumers[i] read an output of node i, and
// pending[i] counts the inputs of node i that other nodes produce.
struct Dependencies {
  std::vector<std::vector<int>> consumers;
  std::vector<int> pending;
};

// Builds |deps|, checking that every node input is defined and that every node
// with a known schema passes it.
Status CollectDependencies(const onnx::GraphProto& g, const Opsets& opsets,
                           const std::unordered_map<std::string, int>& producer_node,
                           const std::unordered_set<std::string>& defined, Dependencies* deps) {
  const size_t n = static_cast<size_t>(g.node_size());
  std::vector<std::vector<int>>& consumers = deps->consumers;
  std::vector<int>& pending = deps->pending;
  consumers.assign(n, std::vector<int>());
  pending.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const auto& node = g.node(static_cast<int>(i));
    for (const auto& in : node.input()) {
      if (in.empty()) continue;
      if (auto it = producer_node.find(in); it != producer_node.end()) {
        if (static_cast<size_t>(it->second) == i) {
          return ParseError("node '" + node.name() + "' (" + node.op_type() + ") reads its own output '" + in + "'");
        }
        consumers[static_cast<size_t>(it->second)].push_back(static_cast<int>(i));
        ++pending[i];
      } else if (defined.count(in) == 0) {
        return ParseError("node '" + node.name() + "' (" + node.op_type() + ") reads tensor '" + in +
                          "' that no input, initializer or node defines");
      }
    }
    if (const onnx::OpSchema* schema = SchemaFor(opsets, node)) {
      try {
        schema->Verify(node);
      } catch (const std::exception& e) {
        return ParseError("node '" + node.name() + "' (" + node.op_type() + ") fails its ONNX schema: " + e.what());
      }
    }
  }
  return OkStatus();
}

// Kahn's algorithm, smallest node index first: the file order when the file
// is already sorted (as ONNX requires), a deterministic order otherwise.
Status TopologicalOrder(const onnx::GraphProto& g, Dependencies* deps, std::vector<int>* order) {
  const size_t n = static_cast<size_t>(g.node_size());
  const std::vector<std::vector<int>>& consumers = deps->consumers;
  std::vector<int>& pending = deps->pending;
  std::priority_queue<int, std::vector<int>, std::greater<>> ready;
  for (size_t i = 0; i < n; ++i) {
    if (pending[i] == 0) ready.push(static_cast<int>(i));
  }
  while (!ready.empty()) {
    int i = ready.top();
    ready.pop();
    order->push_back(i);
    for (int c : consumers[static_cast<size_t>(i)]) {
      if (--pending[static_cast<size_t>(c)] == 0) ready.push(c);
    }
  }
  if (order->size() != n) {
    for (size_t i = 0; i < n; ++i) {
      if (pending[i] != 0) {
        return ParseError("the graph has a cycle through node '" + g.node(static_cast<int>(i)).name() + "' (" +
                          g.node(static_cast<int>(i)).op_type() + ")");
      }
    }
  }
  return OkStatus();
}

// Puts the nodes in |order| so shape inference sees producers first.
void ApplyOrder(const std::vector<int>& order, onnx::ModelProto* model) {
  const onnx::GraphProto& g = model->graph();
  const size_t n = static_cast<size_t>(g.node_size());
  bool sorted = true;
  for (size_t i = 0; i < n; ++i) sorted = sorted && order[i] == static_cast<int>(i);
  if (!sorted) {
    google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
    for (int i : order) *nodes.Add() = g.node(i);
    model->mutable_graph()->mutable_node()->Swap(&nodes);
  }
}

// Graph outputs must be named, listed once and defined.
Status CheckGraphOutputs(const onnx::GraphProto& g, const std::unordered_set<std::string>& defined,
                         std::unordered_set<std::string>* graph_outputs) {
  for (const auto& out : g.output()) {
    if (out.name().empty()) return ParseError("a graph output has no name");
    if (!graph_outputs->insert(out.name()).second)
      return ParseError("graph output '" + out.name() + "' is listed twice");
    if (!defined.count(out.name())) {
      return ParseError("graph output '" + out.name() + "' is not defined by an input, initializer or node");
    }
  }
  return OkStatus();
}

}  // namespace

Status CheckStructure(onnx::ModelProto* model, GraphStructure* out) {
  const onnx::GraphProto& g = model->graph();
  for (const auto& imp : model->opset_import()) {
    out->opsets[IsDefaultDomain(imp.domain()) ? std::string() : imp.domain()] = static_cast<int>(imp.version());
  }
  if (g.node_size() == 0) return ParseError("graph '" + g.name() + "' has no nodes");

  std::unordered_set<std::string> defined;
  ACLSIM_RETURN_IF_ERROR(CollectInputs(g, &defined));
  std::unordered_map<std::string, int> producer_node;
  ACLSIM_RETURN_IF_ERROR(CollectNodeOutputs(g, out->opsets, defined, &producer_node));
  for (const auto& entry : producer_node) defined.insert(entry.first);

  Dependencies deps;
  ACLSIM_RETURN_IF_ERROR(CollectDependencies(g, out->opsets, producer_node, defined, &deps));
  ACLSIM_RETURN_IF_ERROR(TopologicalOrder(g, &deps, &out->order));
  ApplyOrder(out->order, model);
  return CheckGraphOutputs(g, defined, &out->graph_outputs);
}

}  // namespace aclsim::model::onnx_internal
