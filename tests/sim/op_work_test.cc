// Tests of the work of the cube op types whose MACs follow a formula of
// their own (sim/op_work.cc): Einsum, the recurrent DynamicRNN and
// DynamicGRUV2, DepthwiseConv2D and GroupedMatmulV2, with exact MAC and
// FLOP counts.
#include "sim/op_work.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace aclsim::sim {
namespace {

using model::Format;
using model::Graph;
using model::Op;
using model::Tensor;

struct TensorSpec {
  std::vector<int64_t> shape;
  Format format = Format::kNd;
};

// A graph with one op of |type| (its default engine) reading |inputs| and
// writing |outputs|.
Graph OneOp(const std::string& type, const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs,
            std::map<std::string, model::AttrValue, std::less<>> attrs = {}) {
  Graph g;
  Op op;
  op.name = "op";
  op.type = type;
  op.engine = model::DefaultEngineForOpType(type);
  op.attrs = std::move(attrs);
  auto add = [&](const TensorSpec& spec, int32_t producer) {
    Tensor t;
    t.name = "t" + std::to_string(g.tensors.size());
    t.shape = spec.shape;
    t.format = spec.format;
    t.kind = producer < 0 ? model::TensorKind::kInput : model::TensorKind::kIntermediate;
    t.producer = producer;
    g.tensors.push_back(t);
    return static_cast<int32_t>(g.tensors.size() - 1);
  };
  for (const auto& spec : inputs) {
    op.inputs.push_back(add(spec, -1));
    g.inputs.push_back(op.inputs.back());
  }
  for (const auto& spec : outputs) {
    op.outputs.push_back(add(spec, 0));
    g.outputs.push_back(op.outputs.back());
  }
  g.ops.push_back(std::move(op));
  return g;
}

OpWork Work(const Graph& g) { return ComputeOpWork(g, g.ops[0]); }

TEST(CubeWork, GivenTwoOperandEinsumThenMacsAreTheProductOfEveryLabelsSize) {
  // bij,bjk->bik: b=2, i=64, j=32, k=16.
  Graph bmm = OneOp("Einsum", {{{2, 64, 32}}, {{2, 32, 16}}}, {{{2, 64, 16}}}, {{"equation", "bij,bjk->bik"}});
  OpWork w = Work(bmm);
  EXPECT_EQ(w.macs, 65'536u);
  EXPECT_EQ(w.flops, 131'072u);
  EXPECT_EQ(w.op_class, OpClass::kGemm);
  EXPECT_EQ(bmm.ops[0].engine, model::Engine::kAiCore);
  // The implicit form (no "->") and spaces contract the same labels.
  Graph implicit = OneOp("Einsum", {{{64, 32}}, {{32, 16}}}, {{{64, 16}}}, {{"equation", " ij , jk "}});
  EXPECT_EQ(Work(implicit).macs, 32'768u);  // 64 * 32 * 16
  // An ellipsis stands for the broadcast leading dims: 3 * 2 * 64 * 32 * 16.
  Graph ellipsis =
      OneOp("Einsum", {{{3, 2, 64, 32}}, {{32, 16}}}, {{{3, 2, 64, 16}}}, {{"equation", "...ij,jk->...ik"}});
  EXPECT_EQ(Work(ellipsis).macs, 196'608u);
  EXPECT_EQ(Work(ellipsis).flops, 393'216u);
  // A broadcast dim of 1 takes the other operand's size: b = 4.
  Graph broadcast = OneOp("Einsum", {{{1, 64, 32}}, {{4, 32, 16}}}, {{{4, 64, 16}}}, {{"equation", "bij,bjk->bik"}});
  EXPECT_EQ(Work(broadcast).macs, 131'072u);  // 4 * 64 * 32 * 16
}

TEST(CubeWork, GivenEinsumOfThreeOperandsThenEachContractionLeftToRightIsCounted) {
  // ij,jk,kl->il: (ij,jk -> ik) is 64*32*16, then (ik,kl -> il) 64*16*8.
  Graph g = OneOp("Einsum", {{{64, 32}}, {{32, 16}}, {{16, 8}}}, {{{64, 8}}}, {{"equation", "ij,jk,kl->il"}});
  OpWork w = Work(g);
  EXPECT_EQ(w.macs, 40'960u);
  EXPECT_EQ(w.flops, 81'920u);
}

TEST(CubeWork, GivenEinsumWithoutAProductThenNoMacsAndOneFlopPerOutput) {
  // One operand (a trace, a transpose, a sum) multiplies nothing.
  Graph trace = OneOp("Einsum", {{{16, 16}}}, {{{16}}}, {{"equation", "ii->i"}});
  EXPECT_EQ(Work(trace).macs, 0u);
  EXPECT_EQ(Work(trace).flops, 16u);
  // No equation, an operand count or rank that does not match it, or an
  // output label no operand has: no MACs.
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "no equation"},
      {"ij,jk,kl->il", "three terms, two operands"},
      {"ijk,jk->ik", "rank 3 term, rank 2 operand"},
      {"ij,jk->iz", "z is no operand's"},
      {"i.j,jk->ik", "a lone dot"},
      {"ij,j2->i", "a digit"},
  };
  for (const auto& [equation, why] : bad) {
    std::map<std::string, model::AttrValue, std::less<>> attrs;
    if (!equation.empty()) attrs["equation"] = equation;
    Graph g = OneOp("Einsum", {{{64, 32}}, {{32, 16}}}, {{{64, 16}}}, attrs);
    EXPECT_EQ(Work(g).macs, 0u) << why;
    EXPECT_EQ(Work(g).flops, 1024u) << why;  // one per output element
  }
  // Sizes that disagree (neither is 1): no MACs.
  Graph mismatch = OneOp("Einsum", {{{64, 32}}, {{31, 16}}}, {{{64, 16}}}, {{"equation", "ij,jk->ik"}});
  EXPECT_EQ(Work(mismatch).macs, 0u);
}

TEST(CubeWork, GivenLstmAndRnnThenMacsAreStepsTimesBatchTimesTheWeights) {
  // ONNX LSTM (X, W, R, B): T=10, B=4, I=32, H=64, one direction; per step
  // and sequence 4H x (I + H) MACs. B (the biases) multiplies nothing.
  Graph onnx = OneOp("DynamicRNN", {{{10, 4, 32}}, {{1, 256, 32}}, {{1, 256, 64}}, {{1, 512}}},
                     {{{10, 1, 4, 64}}, {{1, 4, 64}}, {{1, 4, 64}}});
  OpWork w = Work(onnx);
  EXPECT_EQ(w.macs, 983'040u);  // 10 * 4 * (256 * 32 + 256 * 64)
  EXPECT_EQ(w.flops, 1'966'080u);
  EXPECT_EQ(onnx.ops[0].engine, model::Engine::kAiCore);
  // CANN's DynamicRNN (x, w [I+H, 4H], b [4H]): the same work.
  Graph cann = OneOp("DynamicRNN", {{{10, 4, 32}}, {{96, 256}}, {{256}}}, {{{10, 4, 64}}});
  EXPECT_EQ(Work(cann).macs, 983'040u);  // 10 * 4 * 96 * 256
  // Batch-first (ONNX layout 1) gives the same steps x batch.
  Graph batch_first = OneOp("DynamicRNN", {{{4, 10, 32}}, {{1, 256, 32}}, {{1, 256, 64}}}, {{{4, 10, 1, 64}}},
                            {{"layout", int64_t{1}}});
  EXPECT_EQ(Work(batch_first).macs, 983'040u);
  // No weights: no MACs.
  Graph bare = OneOp("DynamicRNN", {{{10, 4, 32}}}, {{{10, 4, 64}}});
  EXPECT_EQ(Work(bare).macs, 0u);
}

TEST(CubeWork, GivenGruThenMacsAreStepsTimesBatchTimesTheWeights) {
  // ONNX GRU, bidirectional: T=5, B=2, I=16, H=32; W [2, 3H, I], R [2, 3H, H].
  Graph onnx = OneOp("DynamicGRUV2", {{{5, 2, 16}}, {{2, 96, 16}}, {{2, 96, 32}}}, {{{5, 2, 2, 32}}});
  OpWork w = Work(onnx);
  EXPECT_EQ(w.macs, 92'160u);  // 5 * 2 * (2 * 96 * 16 + 2 * 96 * 32)
  EXPECT_EQ(w.flops, 184'320u);
  // CANN's DynamicGRUV2 (x, weight_input [I, 3H], weight_hidden [H, 3H], biases).
  Graph cann = OneOp("DynamicGRUV2", {{{5, 2, 16}}, {{16, 96}}, {{32, 96}}, {{96}}, {{96}}}, {{{5, 2, 32}}});
  EXPECT_EQ(Work(cann).macs, 46'080u);  // 5 * 2 * (16 * 96 + 32 * 96)
  EXPECT_EQ(Work(cann).flops, 92'160u);
}

TEST(CubeWork, GivenDepthwiseConv2DThenMacsAreOutputTimesTheFilterWindow) {
  // x [1,32,56,56], filter [3,3,32,1] (HWCK): each output reads 3x3 inputs.
  Graph g =
      OneOp("DepthwiseConv2D", {{{1, 32, 56, 56}, Format::kNchw}, {{3, 3, 32, 1}}}, {{{1, 32, 56, 56}, Format::kNchw}});
  OpWork w = Work(g);
  EXPECT_EQ(w.macs, 903'168u);  // 32 * 56 * 56 * 9, as Conv2D with groups = 32
  EXPECT_EQ(w.flops, 1'806'336u);
  EXPECT_EQ(w.op_class, OpClass::kConv);
  EXPECT_EQ(g.ops[0].engine, model::Engine::kAiCore);
  // Channel multiplier 2 in NHWC: 64 output channels, still 9 MACs each.
  Graph nhwc =
      OneOp("DepthwiseConv2D", {{{1, 56, 56, 32}, Format::kNhwc}, {{3, 3, 32, 2}}}, {{{1, 56, 56, 64}, Format::kNhwc}});
  EXPECT_EQ(Work(nhwc).macs, 1'806'336u);  // 64 * 56 * 56 * 9
  // The filter in NCHW order [C*M, 1, kh, kw] gives the same window.
  Graph nchw_filter =
      OneOp("DepthwiseConv2D", {{{1, 32, 56, 56}, Format::kNchw}, {{64, 1, 5, 5}}}, {{{1, 64, 56, 56}, Format::kNchw}});
  EXPECT_EQ(Work(nchw_filter).macs, 5'017'600u);  // 64 * 56 * 56 * 25
}

TEST(CubeWork, GivenGroupedMatmulV2ThenMacsAreRowsTimesKTimesN) {
  // x [64, 128] against 4 experts' [128, 256]: each row meets one expert.
  Graph g = OneOp("GroupedMatmulV2", {{{64, 128}}, {{4, 128, 256}}, {{4}}}, {{{64, 256}}});
  OpWork w = Work(g);
  EXPECT_EQ(w.macs, 2'097'152u);  // 64 * 128 * 256
  EXPECT_EQ(w.flops, 4'194'304u);
  EXPECT_EQ(w.op_class, OpClass::kGroupedMatmul);
  EXPECT_EQ(w.blocks, 4u);  // 4 groups x 16 rows (one tile) x one column tile
  EXPECT_EQ(g.ops[0].engine, model::Engine::kAiCore);
}

}  // namespace
}  // namespace aclsim::sim
