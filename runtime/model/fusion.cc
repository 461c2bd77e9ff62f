#include "runtime/model/fusion.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "runtime/model/op_type.h"

namespace aclsim::model {
namespace {

OpFusion FusionRole(std::string_view type) {
  const OpTraits* traits = FindOpTraits(type);
  return traits != nullptr ? traits->fusion : OpFusion::kNone;
}

bool IsConvolution(std::string_view type) { return FusionRole(type) == OpFusion::kConvHead; }

// A head of ATC's default fusions: a convolution or a matmul.
bool IsCubeOp(const Op& op) {
  switch (FusionRole(op.type)) {
    case OpFusion::kConvHead:
    case OpFusion::kMatmulHead: return true;
    case OpFusion::kNone:
    case OpFusion::kBatchNorm:
    case OpFusion::kActivation: return false;
  }
  return false;
}

bool IsBatchNorm(std::string_view type) { return FusionRole(type) == OpFusion::kBatchNorm; }

// One-input element-wise activations (the Ascend types the ONNX table maps to).
bool IsActivation(std::string_view type) { return FusionRole(type) == OpFusion::kActivation; }

class Fuser {
 public:
  explicit Fuser(Graph* g) : g_(*g), removed_(g->ops.size(), false) {
    for (int32_t t : g_.outputs) graph_output_.push_back(t);
    uses_.assign(g_.tensors.size(), 0);
    for (const Op& op : g_.ops) {
      for (int32_t t : op.inputs) ++uses_[static_cast<size_t>(t)];
    }
  }

  FusionReport Run() {
    for (size_t i = 0; i < g_.ops.size(); ++i) {
      if (!removed_[i] && IsCubeOp(g_.ops[i]) && g_.ops[i].outputs.size() == 1) FuseInto(i);
    }
    Compact();
    return report_;
  }

 private:
  // The one op reading tensor |t| (by index), if |t| has exactly one use and
  // is not a graph output.
  int64_t SoleConsumer(int32_t t) const {
    if (uses_[static_cast<size_t>(t)] != 1) return -1;
    if (std::find(graph_output_.begin(), graph_output_.end(), t) != graph_output_.end()) return -1;
    const Tensor& tensor = g_.tensor(t);
    const size_t from = tensor.producer < 0 ? 0 : static_cast<size_t>(tensor.producer) + 1;
    for (size_t j = from; j < g_.ops.size(); ++j) {
      if (removed_[j]) continue;
      const auto& in = g_.ops[j].inputs;
      if (std::find(in.begin(), in.end(), t) != in.end()) return static_cast<int64_t>(j);
    }
    return -1;
  }

  // Absorbs, one after another, the BatchNorm, activation, bias Add and
  // residual Add that consume op |i|'s output (each at most once, BatchNorm
  // only first).
  void FuseInto(size_t i) {
    bool bn = false, act = false, add = false, bias = false;
    std::string fused;
    for (;;) {
      Op& cube = g_.ops[i];
      const int32_t out = cube.outputs[0];
      const int64_t j = SoleConsumer(out);
      if (j < 0) break;
      const Op& next = g_.ops[static_cast<size_t>(j)];
      if (next.outputs.size() != 1) break;
      int32_t extra_input = -1;
      if (!bn && !act && !add && !bias && IsBatchNorm(next.type) && IsConvolution(cube.type) && next.inputs[0] == out) {
        bn = true;
        ++report_.batchnorms_folded;
      } else if (!act && IsActivation(next.type) && next.inputs.size() == 1) {
        act = true;
        ++report_.activations_fused;
      } else if (next.type == "Add" && next.inputs.size() == 2) {
        // A weight operand is a bias (broadcast over the output); any other
        // is a residual of the output's shape that exists before |i| runs.
        const int32_t other = next.inputs[0] == out ? next.inputs[1] : next.inputs[0];
        const Tensor& o = g_.tensor(other);
        const bool is_bias = o.kind == TensorKind::kWeight;
        if (other == out || (is_bias ? bias : add)) break;
        if (!is_bias && (o.shape != g_.tensor(out).shape || o.producer >= static_cast<int32_t>(i))) break;
        (is_bias ? bias : add) = true;
        extra_input = other;
        ++(is_bias ? report_.biases_fused : report_.adds_fused);
      } else {
        break;
      }
      report_.fusions.push_back(next.type + " '" + next.name + "' -> " + cube.type + " '" + cube.name + "'");
      fused += (fused.empty() ? "" : ",") + next.type;
      // The cube op now writes |next|'s output and, for an Add, reads its
      // other operand; |next|'s other inputs (BatchNorm parameters) lose a use.
      for (int32_t t : next.inputs) --uses_[static_cast<size_t>(t)];
      if (extra_input >= 0) {
        cube.inputs.push_back(extra_input);
        ++uses_[static_cast<size_t>(extra_input)];
      }
      cube.outputs[0] = next.outputs[0];
      g_.tensors[static_cast<size_t>(next.outputs[0])].producer = static_cast<int32_t>(i);
      removed_[static_cast<size_t>(j)] = true;
    }
    if (!fused.empty()) g_.ops[i].attrs["fused_ops"] = fused;
  }

  // Drops the fused ops and the tensors no op or graph list uses any more,
  // renumbering the rest in order.
  void Compact() {
    std::vector<int32_t> op_index(g_.ops.size(), -1);
    std::vector<Op> ops;
    for (size_t i = 0; i < g_.ops.size(); ++i) {
      if (removed_[i]) continue;
      op_index[i] = static_cast<int32_t>(ops.size());
      ops.push_back(std::move(g_.ops[i]));
    }
    std::vector<bool> used(g_.tensors.size(), false);
    for (const Op& op : ops) {
      for (int32_t t : op.inputs) used[static_cast<size_t>(t)] = true;
      for (int32_t t : op.outputs) used[static_cast<size_t>(t)] = true;
    }
    for (int32_t t : g_.inputs) used[static_cast<size_t>(t)] = true;
    for (int32_t t : g_.outputs) used[static_cast<size_t>(t)] = true;
    std::vector<int32_t> tensor_index(g_.tensors.size(), -1);
    std::vector<Tensor> tensors;
    for (size_t t = 0; t < g_.tensors.size(); ++t) {
      if (!used[t]) continue;
      tensor_index[t] = static_cast<int32_t>(tensors.size());
      Tensor moved = std::move(g_.tensors[t]);
      if (moved.producer >= 0) moved.producer = op_index[static_cast<size_t>(moved.producer)];
      tensors.push_back(std::move(moved));
    }
    auto remap = [&](std::vector<int32_t>& list) {
      for (int32_t& t : list) t = tensor_index[static_cast<size_t>(t)];
    };
    for (Op& op : ops) {
      remap(op.inputs);
      remap(op.outputs);
    }
    remap(g_.inputs);
    remap(g_.outputs);
    g_.ops = std::move(ops);
    g_.tensors = std::move(tensors);
  }

  Graph& g_;
  std::vector<bool> removed_;
  std::vector<int32_t> graph_output_;
  std::vector<int32_t> uses_;  // by tensor: how many op inputs read it
  FusionReport report_;
};

}  // namespace

FusionReport FuseGraph(Graph* graph) { return Fuser(graph).Run(); }

}  // namespace aclsim::model
