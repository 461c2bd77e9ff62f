#include "runtime/single_op.h"

#include <cstring>
#include <string_view>
#include <type_traits>
#include <variant>

namespace aclsim::runtime {
namespace {

// A word-at-a-time multiplicative hash: deterministic, allocation-free, and
// eight bytes per step (the kernel cache computes one per launch plan).
class Hasher {
 public:
  void Bytes(const void* data, size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (; n >= 8; n -= 8, p += 8) {
      uint64_t word;
      std::memcpy(&word, p, 8);
      Mix(word);
    }
    if (n > 0) {
      uint64_t word = 0;
      std::memcpy(&word, p, n);
      Mix(word ^ (uint64_t{n} << 56));
    }
  }
  void Text(std::string_view s) {
    Int(static_cast<int64_t>(s.size()));
    Bytes(s.data(), s.size());
  }
  void Int(int64_t v) { Mix(static_cast<uint64_t>(v)); }
  void Real(double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof(bits));
    Mix(bits);
  }
  void Tensor(const OpTensor& t) {
    Int(static_cast<int64_t>(t.dtype));
    Int(static_cast<int64_t>(t.format));
    Int(static_cast<int64_t>(t.shape.size()));
    if (!t.shape.empty()) Bytes(t.shape.data(), t.shape.size() * sizeof(int64_t));
  }
  void Attr(const model::AttrValue& value) {
    Int(static_cast<int64_t>(value.index()));
    std::visit(
        [this](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, bool>) {
            Int(static_cast<int64_t>(v));
          } else if constexpr (std::is_same_v<T, double>) {
            Real(v);
          } else if constexpr (std::is_same_v<T, std::string>) {
            Text(v);
          } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
            Int(static_cast<int64_t>(v.size()));
            for (int64_t x : v) Int(x);
          } else {
            Int(static_cast<int64_t>(v.size()));
            for (double x : v) Real(x);
          }
        },
        value);
  }
  uint64_t value() const { return h_; }

 private:
  void Mix(uint64_t word) {
    h_ = (h_ ^ word) * 0x9e3779b97f4a7c15ULL;
    h_ ^= h_ >> 29;
  }
  uint64_t h_ = 0xcbf29ce484222325ULL;
};

}  // namespace

bool operator==(const OpTensor& a, const OpTensor& b) {
  return a.dtype == b.dtype && a.format == b.format && a.shape == b.shape;
}

bool operator==(const OpCall& a, const OpCall& b) {
  return a.type == b.type && a.name == b.name && a.engine == b.engine && a.inputs == b.inputs &&
         a.outputs == b.outputs && a.attrs == b.attrs && a.duration_ns == b.duration_ns && a.core_limit == b.core_limit;
}

uint64_t OpCallHash(const OpCall& call) {
  Hasher h;
  h.Text(call.type);
  h.Text(call.name);
  h.Int(static_cast<int64_t>(call.engine));
  h.Int(static_cast<int64_t>(call.inputs.size()));
  for (const OpTensor& t : call.inputs) h.Tensor(t);
  h.Int(static_cast<int64_t>(call.outputs.size()));
  for (const OpTensor& t : call.outputs) h.Tensor(t);
  h.Int(static_cast<int64_t>(call.attrs.size()));
  for (const auto& [name, value] : call.attrs) {
    h.Text(name);
    h.Attr(value);
  }
  h.Int(call.duration_ns ? *call.duration_ns : -1);
  if (call.core_limit) h.Int(*call.core_limit);  // unset: the hash it had before limits existed
  return h.value();
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
  op.core_limit = call.core_limit;
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
