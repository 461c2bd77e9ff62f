#include "runtime/single_op.h"

#include <type_traits>
#include <variant>

namespace aclsim::runtime {
namespace {

void AppendTensor(std::string& key, const OpTensor& t) {
  key += std::to_string(static_cast<int32_t>(t.dtype));
  key += '/';
  key += std::to_string(static_cast<int32_t>(t.format));
  key += '[';
  for (int64_t d : t.shape) {
    key += std::to_string(d);
    key += ',';
  }
  key += ']';
}

void AppendAttr(std::string& key, const model::AttrValue& value) {
  std::visit(
      [&key](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, int64_t>) {
          key += 'i' + std::to_string(v);
        } else if constexpr (std::is_same_v<T, double>) {
          key += 'f' + std::to_string(v);
        } else if constexpr (std::is_same_v<T, bool>) {
          key += v ? "bT" : "bF";
        } else if constexpr (std::is_same_v<T, std::string>) {
          key += 's' + std::to_string(v.size()) + ':' + v;
        } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
          key += "li";
          for (int64_t x : v) key += std::to_string(x) + ',';
        } else {
          key += "lf";
          for (double x : v) key += std::to_string(x) + ',';
        }
      },
      value);
}

}  // namespace

std::string OpCallKey(const OpCall& call) {
  std::string key;
  key.reserve(64 + call.name.size() + 24 * (call.inputs.size() + call.outputs.size()));
  key += call.type;
  key += '|';
  key += call.name;
  key += '|';
  key += std::to_string(static_cast<int>(call.engine));
  key += '|';
  for (const OpTensor& t : call.inputs) AppendTensor(key, t);
  key += '>';
  for (const OpTensor& t : call.outputs) AppendTensor(key, t);
  key += '|';
  for (const auto& [name, value] : call.attrs) {
    key += name;
    key += '=';
    AppendAttr(key, value);
    key += ';';
  }
  if (call.duration_ns) key += "|d" + std::to_string(*call.duration_ns);
  return key;
}

model::Graph OpCallGraph(const OpCall& call) {
  model::Graph g;
  g.name = call.name;
  model::Op op;
  op.name = call.name;
  op.type = call.type;
  op.engine = call.engine;
  op.attrs = call.attrs;
  op.duration_ns = call.duration_ns;
  for (size_t i = 0; i < call.inputs.size(); ++i) {
    const OpTensor& t = call.inputs[i];
    g.inputs.push_back(static_cast<int32_t>(g.tensors.size()));
    op.inputs.push_back(static_cast<int32_t>(g.tensors.size()));
    g.tensors.push_back({"x" + std::to_string(i), t.dtype, t.format, t.shape, model::TensorKind::kInput, -1});
  }
  for (size_t i = 0; i < call.outputs.size(); ++i) {
    const OpTensor& t = call.outputs[i];
    g.outputs.push_back(static_cast<int32_t>(g.tensors.size()));
    op.outputs.push_back(static_cast<int32_t>(g.tensors.size()));
    g.tensors.push_back({"y" + std::to_string(i), t.dtype, t.format, t.shape, model::TensorKind::kIntermediate, 0});
  }
  g.ops.push_back(std::move(op));
  return g;
}

}  // namespace aclsim::runtime
