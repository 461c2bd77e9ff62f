#include "sim/cost_model.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <variant>

#include "runtime/checked_math.h"
#include "runtime/time_limits.h"
#include "runtime/vendor.h"

namespace aclsim::sim {
namespace {

using model::Graph;
using model::Op;

bool IsOneOf(std::string_view type, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), type) != names.end();
}

uint64_t Elements(const model::Tensor& t) { return static_cast<uint64_t>(t.ElementCount()); }

// FLOPs per output element of common vector ops (approximate instruction
// counts of their usual decompositions).
uint64_t VectorFlopsPerElement(std::string_view type) {
  if (IsOneOf(type, {"Softmax", "SoftmaxV2", "LogSoftmax", "LogSoftmaxV2", "SoftmaxGrad"})) return 5;
  if (IsOneOf(type, {"LayerNorm", "LayerNormV3", "LayerNormV4", "RmsNorm", "GroupNorm", "InstanceNorm",
                     "LayerNormGradV3", "RmsNormGrad"})) {
    return 8;
  }
  if (IsOneOf(type, {"ApplyAdam", "ApplyAdamW", "ApplyAdamWV2"}))
    return 12;  // two moments, bias correction, decay, update
  if (IsOneOf(type, {"FusedSgd", "CrossEntropyLoss", "CrossEntropyLossGrad"})) return 6;
  if (IsOneOf(type, {"BatchNorm", "BNInfer", "BatchNormInference"})) return 2;
  if (IsOneOf(type, {"Gelu", "FastGelu", "Swish", "Silu", "SwiGlu", "Erf", "GeluGrad", "SwishGrad"})) return 8;
  if (IsOneOf(type, {"Sigmoid", "Tanh", "Exp", "Log", "Sqrt", "Rsqrt", "SigmoidGrad"})) return 4;
  if (IsOneOf(type, {"Reshape",   "Transpose",
                     "TransData", "Cast",
                     "Identity",  "Gather",
                     "GatherV2",  "Concat",
                     "ConcatV2",  "Split",
                     "Slice",     "StridedSlice",
                     "Squeeze",   "Unsqueeze",
                     "Flatten",   "Pad",
                     "ConcatD",   "SplitV",
                     "ViewCopy",  "Fill",
                     "ZerosLike", "EmbeddingDenseGradV2"})) {
    return 0;
  }
  return 1;
}

// B, N, Sq, Skv, D of an attention op's query and key: the "inputLayout"
// attribute (BSH, SBH, BSND; default BNSD) with "headNum" heads.
uint64_t AttentionMacs(const Graph& graph, const Op& op) {
  const auto& q = graph.tensor(op.inputs[0]).shape;
  const auto& k = graph.tensor(op.inputs[1]).shape;
  std::string layout = "BNSD";
  if (auto it = op.attrs.find("inputLayout"); it != op.attrs.end() && std::holds_alternative<std::string>(it->second)) {
    layout = std::get<std::string>(it->second);
  }
  const int64_t heads = std::max<int64_t>(1, op.IntAttr("headNum", 1));
  int64_t b = 0, n = 0, sq = 0, skv = 0, d = 0;
  if ((layout == "BSH" || layout == "SBH") && q.size() == 3 && k.size() == 3) {
    const bool bsh = layout == "BSH";
    b = q[bsh ? 0 : 1], n = heads, sq = q[bsh ? 1 : 0], skv = k[bsh ? 1 : 0], d = q[2] / heads;
  } else if (q.size() == 4 && k.size() == 4) {
    const bool bsnd = layout == "BSND";
    b = q[0], n = q[bsnd ? 2 : 1], sq = q[bsnd ? 1 : 2], skv = k[bsnd ? 1 : 2], d = q[3];
  } else {
    return 0;
  }
  // QK^T and AV, each B*N*Sq*Skv*D MACs; the backward pass is five such
  // products (dV, dP, dS->dQ, dK and the recomputed QK^T): 2.5 times.
  uint64_t macs = 2;
  for (int64_t x : {b, n, sq, skv, d}) macs = SaturatingMul(macs, static_cast<uint64_t>(std::max<int64_t>(0, x)));
  if (op.type == "FlashAttentionScoreGrad") macs = SaturatingAdd(SaturatingMul<uint64_t>(macs, 2), macs / 2);
  return macs;
}

}  // namespace

bool IsCopyTask(const Op& op) { return op.type == vendor::kMemcpyTaskType || op.type == vendor::kMemsetTaskType; }

OpWork ComputeOpWork(const Graph& graph, const Op& op) {
  OpWork work;
  if (IsCopyTask(op)) {  // a copy or memset: its size in bytes, no arithmetic
    if (!op.inputs.empty()) work.bytes = static_cast<uint64_t>(graph.tensor(op.inputs[0]).SizeBytes());
    return work;
  }
  for (int32_t t : op.inputs)
    work.bytes = SaturatingAdd(work.bytes, static_cast<uint64_t>(graph.tensor(t).SizeBytes()));
  for (int32_t t : op.outputs)
    work.bytes = SaturatingAdd(work.bytes, static_cast<uint64_t>(graph.tensor(t).SizeBytes()));
  if (!op.inputs.empty()) work.compute_dtype = graph.tensor(op.inputs[0]).dtype;
  const model::Tensor* out = op.outputs.empty() ? nullptr : &graph.tensor(op.outputs[0]);
  const uint64_t out_elems = out ? Elements(*out) : 0;
  const std::string_view type = op.type;

  if (IsOneOf(type, {"Conv2D", "Conv3D", "Conv2DBackpropInput", "Conv2DV2"}) && op.inputs.size() >= 2) {
    const auto& w = graph.tensor(op.inputs[1]);
    uint64_t per_output = w.shape.empty() || w.shape[0] == 0 ? 0 : Elements(w) / static_cast<uint64_t>(w.shape[0]);
    work.macs = SaturatingMul(out_elems, per_output);
  } else if (type == "Conv2DBackpropFilter" && op.inputs.size() >= 3) {
    // Inputs (gradOutput, input, weight): each requested gradient (attr
    // "grads": dx and/or dw) is one pass of the forward's MACs.
    const auto& w = graph.tensor(op.inputs[2]);
    uint64_t per_output = w.shape.empty() || w.shape[0] == 0 ? 0 : Elements(w) / static_cast<uint64_t>(w.shape[0]);
    work.macs = SaturatingMul(SaturatingMul(Elements(graph.tensor(op.inputs[0])), per_output),
                              static_cast<uint64_t>(std::max<int64_t>(1, op.IntAttr("grads", 2))));
  } else if (IsOneOf(type, {"MatMul", "MatMulV2", "MatMulV3", "BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"}) &&
             op.inputs.size() >= 2) {
    const auto& a = graph.tensor(op.inputs[0]);
    bool transpose_a =
        op.BoolAttr("transpose_a", false) || op.BoolAttr("adj_x1", false) || op.BoolAttr("transpose_x1", false);
    uint64_t k = 0;
    if (a.shape.size() >= 2) {
      k = static_cast<uint64_t>(transpose_a ? a.shape[a.shape.size() - 2] : a.shape.back());
    } else if (a.shape.size() == 1) {
      k = static_cast<uint64_t>(a.shape[0]);
    }
    work.macs = SaturatingMul(out_elems, k);
  } else if (IsOneOf(type,
                     {"FlashAttentionScore", "FlashAttentionScoreGrad", "FusedInferAttentionScore", "Attention"}) &&
             op.inputs.size() >= 2) {
    work.macs = AttentionMacs(graph, op);
  }
  if (work.macs > 0) {
    work.flops = SaturatingMul<uint64_t>(2, work.macs);
    return work;
  }
  if (IsOneOf(type, {"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "MaxPool", "AvgPool", "MaxPoolV3",
                     "AvgPoolV2", "MaxPool3DWithArgmaxV2", "GlobalAveragePool", "ArgMax"}) &&
      !op.inputs.empty()) {
    work.flops = Elements(graph.tensor(op.inputs[0]));
    return work;
  }
  work.flops = SaturatingMul(out_elems, VectorFlopsPerElement(type));
  return work;
}

int64_t CostModel::CopyDurationNs(const Op& op, const OpWork& work) const {
  // aclrtMemcpyKind: host to device (1), device to host (2) and host to
  // buffer to device (5) cross the host link; a device-to-device copy reads
  // and writes HBM; a memset writes it.
  const int64_t kind = op.IntAttr("kind", 3);
  const bool host_link = op.type == vendor::kMemcpyTaskType && (kind == 1 || kind == 2 || kind == 5);
  const bool read_and_write = op.type == vendor::kMemcpyTaskType && !host_link;
  const double rate = std::max(
      kMinRatePerS, host_link ? profile_.host_link_bandwidth_bytes_per_s : profile_.memory_bandwidth_bytes_per_s);
  const double seconds = static_cast<double>(work.bytes) * (read_and_write ? 2.0 : 1.0) / rate;
  const int64_t overhead = std::clamp<int64_t>(profile_.copy_overhead_ns, 0, kMaxTaskDurationNs);
  return std::min(overhead + CeilToInt64Clamped(seconds * 1e9, kMaxTaskDurationNs), kMaxTaskDurationNs);
}

uint32_t CostModel::BlockDim(const Graph& graph, const Op& op) const {
  const uint32_t cores = std::max<uint32_t>(1, profile_.CoreCount(op.engine));
  if (op.block_dim) return std::min(*op.block_dim, cores);
  if (op.engine == model::Engine::kAiCpu) return 1;
  uint64_t out_elems = 0;
  for (int32_t t : op.outputs)
    out_elems = SaturatingAdd(out_elems, static_cast<uint64_t>(graph.tensor(t).ElementCount()));
  const uint64_t chunk = op.engine == model::Engine::kAiCore ? 256 : 2048;
  uint64_t blocks = out_elems / chunk + (out_elems % chunk != 0 ? 1 : 0);
  return static_cast<uint32_t>(std::clamp<uint64_t>(blocks, 1, cores));
}

int64_t CostModel::DurationNs(const Op& op, const OpWork& work, uint32_t block_dim) const {
  if (op.duration_ns) return std::clamp<int64_t>(*op.duration_ns, 0, kMaxTaskDurationNs);
  if (IsCopyTask(op)) return CopyDurationNs(op, work);
  const auto engine = static_cast<size_t>(op.engine);
  const uint32_t cores = std::max<uint32_t>(1, profile_.CoreCount(op.engine));
  const double peak = std::max(kMinRatePerS, profile_.PeakFlopsPerS(op.engine, work.compute_dtype)) *
                      static_cast<double>(std::max<uint32_t>(1, block_dim)) / cores;
  const double compute_s = static_cast<double>(work.flops) / peak;
  const double memory_s =
      static_cast<double>(work.bytes) / std::max(kMinRatePerS, profile_.memory_bandwidth_bytes_per_s);
  // Profiles are range-checked (device_profile.h) but a struct built in code
  // is not: clamp, so that no rate or overhead can produce a negative or
  // wrapped duration (runtime/time_limits.h).
  const int64_t overhead = std::clamp<int64_t>(profile_.launch_overhead_ns[engine], 0, kMaxTaskDurationNs);
  const int64_t work_ns = CeilToInt64Clamped(std::max(compute_s, memory_s) * 1e9, kMaxTaskDurationNs);
  return std::min(overhead + work_ns, kMaxTaskDurationNs);
}

}  // namespace aclsim::sim
