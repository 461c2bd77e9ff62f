// Tests of the simulator's cost model: exact work counts per op type, the
// block-dim rules and DurationNs against hand-computed nanoseconds.
#include "sim/cost_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>

#include "runtime/model/graph_loader.h"
#include "tests/testing/status_printers.h"

namespace aclsim::sim {
namespace {

using model::Graph;

DeviceProfile Profile(const char* name) {
  auto p = BuiltinDeviceProfile(name);
  EXPECT_TRUE(p.ok()) << p.status().ToString();
  return std::move(p).value();
}

// A graph with one op of |type| reading |inputs| (JSON tensor descs) and
// writing |outputs|; |extra| is spliced into the op object.
Graph OneOp(const std::string& type, const std::string& inputs, const std::string& outputs,
            const std::string& extra = "") {
  std::string text = R"({"schema": "aclsim.graph.v1", "name": "one", "inputs": [)" + inputs + R"(],
      "ops": [ {"name": "op", "type": ")" +
                     type + R"(", "inputs": INPUT_NAMES, "outputs": [)" + outputs + "]" +
                     (extra.empty() ? "" : ", " + extra) + R"(} ], "outputs": ["out"]})";
  // Input names: every "name" inside |inputs|, in order.
  std::string names = "[";
  for (size_t pos = inputs.find("\"name\""); pos != std::string::npos; pos = inputs.find("\"name\"", pos + 1)) {
    size_t q1 = inputs.find('"', inputs.find(':', pos));
    size_t q2 = inputs.find('"', q1 + 1);
    names += (names.size() > 1 ? ", " : "") + inputs.substr(q1, q2 - q1 + 1);
  }
  names += "]";
  text.replace(text.find("INPUT_NAMES"), 11, names);
  auto g = model::LoadGraphFromJson(text);
  EXPECT_TRUE(g.ok()) << g.status().ToString() << "\n" << text;
  if (!g.ok()) std::abort();  // every graph here is meant to be valid
  return std::move(g).value();
}

std::string T(const std::string& name, const std::string& shape, const std::string& dtype = "float16") {
  return R"({"name": ")" + name + R"(", "dtype": ")" + dtype + R"(", "shape": )" + shape + "}";
}

// ------------------------------------------------------------------- work

TEST(ComputeOpWork, GivenConv2DThenMacsAreOutputTimesWeightPerOutputChannel) {
  // ResNet-50 stem: x [1,3,224,224], w [64,3,7,7], y [1,64,112,112].
  Graph g = OneOp("Conv2D", T("x", "[1,3,224,224]") + "," + T("w", "[64,3,7,7]"), T("out", "[1,64,112,112]"),
                  R"("attrs": {"strides": [2,2], "pads": [3,3,3,3], "dilations": [1,1], "groups": 1})");
  OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(w.macs, 118'013'952u);  // 64*112*112 outputs * 3*7*7
  EXPECT_EQ(w.flops, 236'027'904u);
  EXPECT_EQ(w.bytes, 1'925'504u);  // (150528 + 9408 + 802816) * 2
  EXPECT_EQ(w.compute_dtype, model::DataType::kFloat16);
}

TEST(ComputeOpWork, GivenDepthwiseConvWithBiasThenMacsUseCinPerGroupAndBytesIncludeBias) {
  Graph g = OneOp("Conv2D", T("x", "[1,32,56,56]") + "," + T("w", "[32,1,3,3]") + "," + T("b", "[32]"),
                  T("out", "[1,32,56,56]"), R"("attrs": {"groups": 32, "pads": [1,1,1,1]})");
  OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(w.macs, 903'168u);  // 100352 * 9
  EXPECT_EQ(w.flops, 1'806'336u);
  EXPECT_EQ(w.bytes, (100'352u + 288u + 32u + 100'352u) * 2u);
}

TEST(ComputeOpWork, GivenMatMulV2ThenMacsAreMNKForEveryTransposeCombination) {
  // M=8, K=64, N=16: 8*16*64 = 8192 MACs whatever the layouts.
  struct Case {
    const char* a;
    const char* b;
    const char* attrs;
  };
  const Case cases[] = {
      {"[8,64]", "[64,16]", R"({"transpose_a": false, "transpose_b": false})"},
      {"[64,8]", "[64,16]", R"({"transpose_a": true, "transpose_b": false})"},
      {"[8,64]", "[16,64]", R"({"transpose_a": false, "transpose_b": true})"},
      {"[64,8]", "[16,64]", R"({"transpose_a": true, "transpose_b": true})"},
      {"[8,64]", "[64,16]", R"({})"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.a) + " x " + c.b + " " + c.attrs);
    Graph g =
        OneOp("MatMulV2", T("a", c.a) + "," + T("b", c.b), T("out", "[8,16]"), std::string("\"attrs\": ") + c.attrs);
    OpWork w = ComputeOpWork(g, g.ops[0]);
    EXPECT_EQ(w.macs, 8192u);
    EXPECT_EQ(w.flops, 16384u);
    EXPECT_EQ(w.bytes, (512u + 1024u + 128u) * 2u);
  }
}

TEST(ComputeOpWork, GivenMatMulWithBiasAndFp32ThenBytesIncludeBiasAndDtypeIsTheOutputs) {
  Graph g = OneOp("MatMul",
                  T("a", "[8,64]", "float32") + "," + T("b", "[64,16]", "float32") + "," + T("bias", "[16]", "float32"),
                  T("out", "[8,16]", "float32"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(w.macs, 8192u);
  EXPECT_EQ(w.bytes, (512u + 1024u + 16u + 128u) * 4u);
  EXPECT_EQ(w.compute_dtype, model::DataType::kFloat32);
}

TEST(ComputeOpWork, GivenBatchMatMulV2ThenMacsAreBatchTimesMNK) {
  // BERT-style QK^T: [2,12,128,64] x [2,12,64,128] -> [2,12,128,128].
  Graph g = OneOp("BatchMatMulV2", T("a", "[2,12,128,64]") + "," + T("b", "[2,12,64,128]"), T("out", "[2,12,128,128]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(w.macs, 25'165'824u);  // 2*12 * 128*128*64
  EXPECT_EQ(w.flops, 50'331'648u);
  // adj_x1 (CANN's BatchMatMul transpose flag for x1): K from the second-to-last dim.
  Graph gt = OneOp("BatchMatMul", T("a", "[2,12,64,128]") + "," + T("b", "[2,12,64,128]"), T("out", "[2,12,128,128]"),
                   R"("attrs": {"adj_x1": true})");
  EXPECT_EQ(ComputeOpWork(gt, gt.ops[0]).macs, 25'165'824u);
}

TEST(ComputeOpWork, GivenFlashAttentionScoreThenMacsAreTwoBNSSkvD) {
  Graph g =
      OneOp("FlashAttentionScore", T("q", "[1,8,256,64]") + "," + T("k", "[1,8,512,64]") + "," + T("v", "[1,8,512,64]"),
            T("out", "[1,8,256,64]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(w.macs, 134'217'728u);  // 2 * 1*8*256*512*64
  EXPECT_EQ(w.flops, 268'435'456u);
  EXPECT_EQ(w.bytes, 1'572'864u);  // (131072 + 262144 + 262144 + 131072) * 2
}

TEST(ComputeOpWork, GivenReductionsAndPoolsThenFlopsAreInputElements) {
  Graph mean = OneOp("ReduceMean", T("x", "[1,2048,7,7]"), T("out", "[1,2048]"));
  OpWork w = ComputeOpWork(mean, mean.ops[0]);
  EXPECT_EQ(w.macs, 0u);
  EXPECT_EQ(w.flops, 100'352u);
  EXPECT_EQ(w.bytes, (100'352u + 2048u) * 2u);
  Graph pool = OneOp("MaxPool", T("x", "[1,64,112,112]"), T("out", "[1,64,56,56]"));
  EXPECT_EQ(ComputeOpWork(pool, pool.ops[0]).flops, 802'816u);
  Graph sum = OneOp("ReduceSum", T("x", "[10,20]", "float32"), T("out", "[10]", "float32"));
  EXPECT_EQ(ComputeOpWork(sum, sum.ops[0]).flops, 200u);
}

TEST(ComputeOpWork, GivenElementwiseOpsThenFlopsPerOutputElement) {
  const std::pair<const char*, uint64_t> cases[] = {
      {"Add", 1},       {"Mul", 1},     {"Relu", 1},    {"Custom", 1},    {"Softmax", 5}, {"LayerNorm", 8}, {"Gelu", 8},
      {"BatchNorm", 2}, {"Sigmoid", 4}, {"Reshape", 0}, {"Transpose", 0}, {"Cast", 0},    {"Gather", 0},
  };
  for (const auto& [type, per] : cases) {
    SCOPED_TRACE(type);
    Graph g = OneOp(type, T("x", "[4,8]") + "," + T("y", "[4,8]"), T("out", "[4,8]"));
    OpWork w = ComputeOpWork(g, g.ops[0]);
    EXPECT_EQ(w.macs, 0u);
    EXPECT_EQ(w.flops, 32u * per);
    EXPECT_EQ(w.bytes, 3u * 32u * 2u);
  }
}

// -------------------------------------------------------------- block dim

TEST(CostModelBlockDim, GivenMatMulThenOneBlockPerOutputTileCappedAtAiCores) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  // [m,1] x [1,n] -> [m,n]: 128x256 tiles; up to 16 rows a GEMV of 128-column tiles.
  auto bd = [&](int m, int n) {
    const std::string ms = std::to_string(m), ns = std::to_string(n);
    Graph g = OneOp("MatMulV2", T("a", "[" + ms + ",1]") + "," + T("b", "[1," + ns + "]"),
                    T("out", "[" + ms + "," + ns + "]"));
    return cm.BlockDim(g, g.ops[0]);
  };
  EXPECT_EQ(bd(1, 1), 1u);
  EXPECT_EQ(bd(1, 256), 2u);
  EXPECT_EQ(bd(16, 257), 3u);
  EXPECT_EQ(bd(128, 256), 1u);
  EXPECT_EQ(bd(129, 256), 2u);
  EXPECT_EQ(bd(128, 257), 2u);
  EXPECT_EQ(bd(1024, 1024), 24u);  // 32 tiles
}

TEST(ComputeOpWork, GivenCausalGqaAttentionThenKeptPairsAndQueryHeads) {
  // BSND, B=2, Sq=Skv=4, 8 query heads, 2 key-value heads, D=16.
  const std::string in = T("q", "[2,4,8,16]") + "," + T("k", "[2,4,2,16]") + "," + T("v", "[2,4,2,16]");
  Graph full = OneOp("FusedInferAttentionScore", in, T("out", "[2,4,8,16]"),
                     R"("attrs": {"input_layout": "BSND", "num_heads": 8, "num_key_value_heads": 2})");
  OpWork w = ComputeOpWork(full, full.ops[0]);
  EXPECT_EQ(w.macs, 2u * 2 * 8 * 4 * 4 * 16);
  EXPECT_EQ(w.op_class, OpClass::kAttentionDecode);  // 4 query rows: decode-style
  EXPECT_EQ(w.blocks, 2u * 2);                       // sequences x key-value heads
  Graph causal = OneOp("FusedInferAttentionScore", in, T("out", "[2,4,8,16]"),
                       R"("attrs": {"input_layout": "BSND", "num_heads": 8, "sparse_mode": 3})");
  EXPECT_EQ(ComputeOpWork(causal, causal.ops[0]).macs, 2u * 2 * 8 * 10 * 16);  // 4+3+2+1 pairs
  // Right-down causal with Sq 2 < Skv 4: rows see 3 and 4 keys.
  Graph rd =
      OneOp("PromptFlashAttention", T("q", "[1,1,2,16]") + "," + T("k", "[1,1,4,16]") + "," + T("v", "[1,1,4,16]"),
            T("out", "[1,1,2,16]"), R"("attrs": {"sparse_mode": 3})");
  EXPECT_EQ(ComputeOpWork(rd, rd.ops[0]).macs, 2u * 7 * 16);
  EXPECT_EQ(model::DefaultEngineForOpType("FusedInferAttentionScore"), model::Engine::kAiCore);
  EXPECT_EQ(model::DefaultEngineForOpType("IncreFlashAttention"), model::Engine::kAiCore);
}

TEST(ComputeOpWork, GivenQuantGroupedAndBackpropOpsThenCubeWork) {
  Graph q =
      OneOp("QuantBatchMatmulV3",
            T("x1", "[64,128]", "int8") + "," + T("x2", "[128,256]", "int8") + "," + T("scale", "[256]", "float32"),
            T("out", "[64,256]", "bfloat16"));
  OpWork wq = ComputeOpWork(q, q.ops[0]);
  EXPECT_EQ(wq.macs, 64u * 128 * 256);
  EXPECT_EQ(wq.compute_dtype, model::DataType::kInt8);
  EXPECT_EQ(model::DefaultEngineForOpType("QuantBatchMatmulV3"), model::Engine::kAiCore);
  // GroupedMatmul: x [M,K] against [E,K,N]: each row meets one expert.
  Graph gm = OneOp("GroupedMatmul", T("x", "[256,64]") + "," + T("w", "[4,64,512]") + "," + T("gl", "[4]", "int64"),
                   T("out", "[256,512]"));
  OpWork wg = ComputeOpWork(gm, gm.ops[0]);
  EXPECT_EQ(wg.macs, 256u * 64 * 512);
  EXPECT_EQ(wg.blocks, 4u * 1 * 2);  // 4 groups x 64 rows (one tile) x 2 column tiles
  // Conv2DBackpropInput (input_size, filter [Cout,Cin,kh,kw], out_backprop):
  // dy elements x Cin*kh*kw.
  Graph dx = OneOp("Conv2DBackpropInput",
                   T("size", "[4]", "int32") + "," + T("w", "[64,32,3,3]") + "," + T("dy", "[1,64,28,28]"),
                   T("out", "[1,32,56,56]"));
  EXPECT_EQ(ComputeOpWork(dx, dx.ops[0]).macs, 64u * 28 * 28 * 32 * 9);
  // Conv2DBackpropFilter (x, filter_size, out_backprop): dy elements x dw per output channel.
  Graph dw = OneOp("Conv2DBackpropFilter",
                   T("x", "[1,32,56,56]") + "," + T("size", "[4]", "int32") + "," + T("dy", "[1,64,28,28]"),
                   T("out", "[64,32,3,3]"));
  EXPECT_EQ(ComputeOpWork(dw, dw.ops[0]).macs, 64u * 28 * 28 * 32 * 9);
}

TEST(ComputeOpWork, GivenReductionToFewOutputsThenItsInputIsSplitAcrossCores) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  // [64,2048,7,7] -> [64,2048,1,1]: 6.4 M input elements, 131072 outputs.
  Graph g = OneOp("ReduceMean", T("x", "[64,2048,7,7]"), T("out", "[64,2048,1,1]"), R"("attrs": {"axes": [2,3]})");
  OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(w.blocks, 64u * 2048 * 49 / 2048);
  EXPECT_EQ(cm.BlockDim(g.ops[0], w), 48u);
  Graph scalar = OneOp("ReduceSum", T("x", "[4096,4096]"), T("out", "[1]"));
  EXPECT_EQ(ComputeOpWork(scalar, scalar.ops[0]).blocks, 8192u);
}

TEST(ComputeOpWork, GivenTrailingAxesOrSeveralInputsThenReductionWorkFollowsTheInput) {
  // Reducing D, H and W of [N,C,D,H,W] reads contiguous rows: not strided.
  Graph pool = OneOp("ReduceMean", T("x", "[4,64,32,32,32]", "float32"), T("out", "[4,64,1,1,1]", "float32"),
                     R"("attrs": {"axes": [2,3,4], "keep_dims": true})");
  OpWork wp = ComputeOpWork(pool, pool.ops[0]);
  EXPECT_EQ(wp.op_class, OpClass::kReduceNorm);
  EXPECT_EQ(wp.blocks, 4u * 64 * 32 * 32 * 32 / 2048);
  Graph middle = OneOp("ReduceMean", T("x", "[4,64,32]"), T("out", "[4,1,32]"), R"("attrs": {"axes": [1,2]})");
  EXPECT_EQ(ComputeOpWork(middle, middle.ops[0]).op_class, OpClass::kReduceNorm);
  Graph gap = OneOp("ReduceMean", T("x", "[4,64,32]"), T("out", "[1,64,1]"), R"("attrs": {"axes": [0,2]})");
  EXPECT_EQ(ComputeOpWork(gap, gap.ops[0]).op_class, OpClass::kReduceStrided);
  // ForeachNorm: one scalar per input; its work is every input's elements.
  Graph norms =
      OneOp("ForeachNorm", T("a", "[1024,1024]") + "," + T("b", "[2048,1024]"), T("out", "[]") + "," + T("out2", "[]"));
  OpWork wn = ComputeOpWork(norms, norms.ops[0]);
  EXPECT_EQ(wn.op_class, OpClass::kReduceNorm);
  EXPECT_EQ(wn.blocks, 3u * 1024 * 1024 / 2048);
  EXPECT_EQ(wn.flops, 3u * 1024 * 1024);
}

TEST(ComputeOpWork, GivenRowWiseKernelsThenShortRowsArePackedIntoBatches) {
  Graph longrows = OneOp("RmsNorm", T("x", "[8,8192]") + "," + T("g", "[8192]"), T("out", "[8,8192]"));
  EXPECT_EQ(ComputeOpWork(longrows, longrows.ops[0]).rows, 8u);
  // 104448 rows of 128: 13369344 elements in batches of 4096.
  Graph shortrows = OneOp("RmsNorm", T("x", "[816,128,128]", "float32") + "," + T("g", "[128]", "float32"),
                          T("out", "[816,128,128]", "float32"));
  EXPECT_EQ(ComputeOpWork(shortrows, shortrows.ops[0]).rows, 816u * 128 * 128 / 4096);
  Graph quant =
      OneOp("DynamicQuant", T("x", "[3,4097]"), T("out", "[3,4097]", "int8") + "," + T("scale", "[3]", "float32"));
  OpWork wq = ComputeOpWork(quant, quant.ops[0]);
  EXPECT_EQ(wq.rows, 3u);
  EXPECT_EQ(wq.op_class, OpClass::kReduceNorm);
  EXPECT_EQ(ClassifyOpType("Mish"), OpClass::kElementwise);
  EXPECT_EQ(ClassifyOpType("MoeReRouting"), OpClass::kDataMovement);
  EXPECT_EQ(ClassifyOpType("GroupNormSilu"), OpClass::kReduceNorm);
}

TEST(ComputeOpWork, GivenGatherCastAndStridedSoftmaxThenBytesAndClasses) {
  // A gather reads only the rows it writes, not the whole table.
  Graph g = OneOp("GatherV2", T("table", "[32000,4096]") + "," + T("idx", "[16]", "int32"), T("out", "[16,4096]"));
  OpWork wg = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(wg.bytes, 16u * 4 + 2u * 16 * 4096 * 2);
  EXPECT_EQ(wg.op_class, OpClass::kDataMovement);
  Graph c = OneOp("Cast", T("a", "[1024]"), T("out", "[1024]", "float32"));
  OpWork wc = ComputeOpWork(c, c.ops[0]);
  EXPECT_EQ(wc.compute_dtype, model::DataType::kFloat32);  // the output's
  EXPECT_EQ(wc.op_class, OpClass::kCast);
  EXPECT_EQ(wc.flops, 0u);
  Graph last = OneOp("SoftmaxV2", T("a", "[8,1024]"), T("out", "[8,1024]"), R"("attrs": {"axes": [-1]})");
  EXPECT_EQ(ComputeOpWork(last, last.ops[0]).op_class, OpClass::kReduceNorm);
  Graph inner = OneOp("SoftmaxV2", T("a", "[8,1024]"), T("out", "[8,1024]"), R"("attrs": {"axes": [0]})");
  EXPECT_EQ(ComputeOpWork(inner, inner.ops[0]).op_class, OpClass::kReduceStrided);
  Graph m = OneOp("MemSet", T("a", "[4]", "int64"), T("out", "[1024]", "float32"));
  EXPECT_EQ(ComputeOpWork(m, m.ops[0]).bytes, 4096u);  // write only
  Graph gemv = OneOp("MatMulV2", T("a", "[1,4096]") + "," + T("b", "[4096,4096]"), T("out", "[1,4096]"));
  EXPECT_EQ(ComputeOpWork(gemv, gemv.ops[0]).op_class, OpClass::kGemv);
}

TEST(CostModelBlockDim, GivenVectorOpThenOneBlockPer2048OutputsCappedAtVectorCores) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  auto bd = [&](const char* out_shape) {
    Graph g = OneOp("Add", T("a", "[1]"), T("out", out_shape));
    return cm.BlockDim(g, g.ops[0]);
  };
  EXPECT_EQ(bd("[2048]"), 1u);
  EXPECT_EQ(bd("[2049]"), 2u);
  EXPECT_EQ(bd("[47,2048]"), 47u);
  EXPECT_EQ(bd("[1024,1024]"), 48u);
}

TEST(CostModelBlockDim, GivenSeveralOutputsThenTheirElementsAreSummed) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph g = OneOp("Split", T("a", "[4096]"), T("out", "[2048]") + "," + T("out2", "[2049]"));
  EXPECT_EQ(cm.BlockDim(g, g.ops[0]), 3u);
}

TEST(CostModelBlockDim, GivenAiCpuOrExplicitBlockDimThenRulesApply) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph cpu = OneOp("Add", T("a", "[1024,1024]"), T("out", "[1024,1024]"), R"("engine": "AI_CPU")");
  EXPECT_EQ(cm.BlockDim(cpu, cpu.ops[0]), 1u);
  Graph cpu_explicit = OneOp("Add", T("a", "[8]"), T("out", "[8]"), R"("engine": "AI_CPU", "block_dim": 3)");
  EXPECT_EQ(cm.BlockDim(cpu_explicit, cpu_explicit.ops[0]), 3u);
  Graph explicit_bd = OneOp("Add", T("a", "[8]"), T("out", "[8]"), R"("block_dim": 10)");
  EXPECT_EQ(cm.BlockDim(explicit_bd, explicit_bd.ops[0]), 10u);
  Graph capped = OneOp("MatMulV2", T("a", "[1,1]") + "," + T("b", "[1,1]"), T("out", "[1,1]"), R"("block_dim": 100)");
  EXPECT_EQ(cm.BlockDim(capped, capped.ops[0]), 24u);
  DeviceProfile small = Profile("Ascend310P3");
  EXPECT_EQ(CostModel(small).BlockDim(capped, capped.ops[0]), 8u);
}

// --------------------------------------------------------------- duration

// A profile of round numbers so that every duration below is computed by
// hand: 4 cube cores at 1e12 FLOP/s fp16 (2e12 int8), 8 vector cores at
// 1e11, one AI CPU; HBM 1e11 B/s, 2e10 B/s per core; floors 1000 / 500 /
// 2000 ns and 3000 ns for mixed kernels; L2 1e6 bytes at 1e12 B/s.
DeviceProfile RoundProfile() {
  DeviceProfile p;
  p.name = p.soc_name = "round";
  p.memory_bytes = 1 << 30;
  p.ai_core_count = 4;
  p.vector_core_count = 8;
  p.aicpu_count = 1;
  p.memory_bandwidth_bytes_per_s = 1e11;
  p.core_bandwidth_bytes_per_s = 2e10;
  p.kernel_floor_ns = {1000, 500, 2000, 3000};
  p.peak_flops_per_s[0] = {{model::DataType::kFloat16, 1e12}, {model::DataType::kInt8, 2e12}};
  p.peak_flops_per_s[1] = {{model::DataType::kFloat16, 1e11}};
  p.peak_flops_per_s[2] = {{model::DataType::kFloat32, 1e9}};
  p.l2_bytes = 1'000'000;
  p.l2_bandwidth_bytes_per_s = 1e12;
  return p;
}

TEST(CostModelDuration, GivenMemoryBoundAddThenBytesOverTheStreamRate) {
  DeviceProfile p = RoundProfile();
  Graph g = OneOp("Add", T("a", "[1024,1024]") + "," + T("b", "[1024,1024]"), T("out", "[1024,1024]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  ASSERT_EQ(w.bytes, 6'291'456u);
  ASSERT_EQ(w.blocks, 512u);
  const CostBreakdown c = CostModel(p).Cost(g.ops[0], w, 8);
  EXPECT_EQ(c.memory_ns, 62'915);   // 6291456 B / 1e11 B/s = 62914.56 ns
  EXPECT_EQ(c.compute_ns, 10'486);  // 2^20 FLOP / 1e11 = 10485.76 ns
  EXPECT_EQ(c.duration_ns, 62'915);
  p.stream_efficiency["elementwise"] = 0.5;
  p.fill_ns["Add"] = 100;
  EXPECT_EQ(CostModel(p).DurationNs(g.ops[0], w, 8), 100 + 125'830);
}

TEST(CostModelDuration, GivenFewBlocksThenPerCoreRateAndFloorApply) {
  DeviceProfile p = RoundProfile();
  CostModel cm(p);
  Graph g = OneOp("Add", T("a", "[2048]") + "," + T("b", "[2048]"), T("out", "[2048]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  ASSERT_EQ(cm.BlockDim(g.ops[0], w), 1u);
  // One core: 12288 B / 2e10 B/s = 614.4 ns, above the 500 ns vector floor.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 1), 615);
  Graph tiny = OneOp("Add", T("a", "[8]") + "," + T("b", "[8]"), T("out", "[8]"));
  EXPECT_EQ(cm.DurationNs(tiny.ops[0], ComputeOpWork(tiny, tiny.ops[0]), 1), 500);  // the floor, not added
}

TEST(CostModelDuration, GivenMatMulThenTilesWavesEfficiencyAndFill) {
  DeviceProfile p = RoundProfile();
  p.compute_efficiency["AI_CORE/float16"] = 0.5;
  p.fill_ns["AI_CORE"] = 700;
  CostModel cm(p);
  Graph g = OneOp("MatMulV2", T("a", "[512,512]") + "," + T("b", "[512,512]"), T("out", "[512,512]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  ASSERT_EQ(w.blocks, 8u);  // 4 row tiles of 128 x 2 column tiles of 256
  ASSERT_EQ(cm.BlockDim(g.ops[0], w), 4u);
  // 2^28 FLOP / (1e12 * 0.5) = 536870.912 ns; two full waves.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 4), 700 + 536'871);
  // 5 tiles on 4 cores: two waves, 5/8 of the cores busy on average.
  Graph odd = OneOp("MatMulV2", T("a", "[640,256]") + "," + T("b", "[256,256]"), T("out", "[640,256]"));
  OpWork wo = ComputeOpWork(odd, odd.ops[0]);
  ASSERT_EQ(wo.blocks, 5u);
  // 83886080 FLOP / (5e11 * 5/8) = 268435.456 ns.
  EXPECT_EQ(cm.DurationNs(odd.ops[0], wo, 4), 700 + 268'436);
}

TEST(CostModelDuration, GivenMixedKernelThenMixFloor) {
  const DeviceProfile p = RoundProfile();
  CostModel cm(p);
  Graph g =
      OneOp("QuantBatchMatmulV3", T("a", "[16,32]", "int8") + "," + T("b", "[32,64]", "int8"), T("out", "[16,64]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(w.op_class, OpClass::kQuantMatmul);
  EXPECT_EQ(w.compute_dtype, model::DataType::kInt8);
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 1), 3000);
}

TEST(CostModelDuration, GivenIntermediateTensorThatFitsL2ThenChargedAtTheL2Rate) {
  DeviceProfile p = RoundProfile();
  p.kernel_floor_ns = {0, 0, 0, 0};
  auto g = model::LoadGraphFromJson(R"({"schema": "aclsim.graph.v1", "name": "two",
      "inputs": [{"name": "x", "dtype": "float16", "shape": [256]}],
      "ops": [{"name": "a", "type": "Identity", "inputs": ["x"], "outputs": [{"name": "y", "dtype": "float16", "shape": [256]}]},
              {"name": "b", "type": "Identity", "inputs": ["y"], "outputs": [{"name": "z", "dtype": "float16", "shape": [256]}]}],
      "outputs": ["z"]})");
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  const OpWork w = ComputeOpWork(*g, g->ops[1]);
  ASSERT_EQ(w.bytes, 1024u);
  ASSERT_EQ(w.intermediate_bytes, 512u);  // y; z is a graph output
  // 512 B of HBM on one core (2e10 B/s) + 512 B of L2 (1e12): 26.112 ns.
  EXPECT_EQ(CostModel(p).DurationNs(g->ops[1], w, 1), 27);
  p.l2_bytes = 0;  // no reuse: 1024 B / 2e10 B/s = 51.2 ns
  EXPECT_EQ(CostModel(p).DurationNs(g->ops[1], w, 1), 52);
}

TEST(CostModelDuration, GivenCalibratedProfileThenDurationsStayWithinTheirParts) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph g = OneOp("MatMulV2", T("a", "[1024,1024]") + "," + T("b", "[1024,1024]"), T("out", "[1024,1024]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  const CostBreakdown c = cm.Cost(g.ops[0], w, cm.BlockDim(g.ops[0], w));
  EXPECT_EQ(c.duration_ns, std::max(c.floor_ns, c.fill_ns + std::max(c.compute_ns, c.memory_ns)));
  EXPECT_EQ(c.floor_ns, p.kernel_floor_ns[0]);
  EXPECT_EQ(c.work_ns, std::min(c.duration_ns, c.fill_ns + std::max(c.compute_ns, c.memory_ns)));
}

TEST(CostModelDuration, GivenExplicitDurationThenItWinsOverTheFormula) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph g = OneOp("MatMulV2", T("a", "[1024,1024]") + "," + T("b", "[1024,1024]"), T("out", "[1024,1024]"),
                  R"("duration_ns": 777)");
  OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 24), 777);
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 1), 777);
  Graph zero = OneOp("Relu", T("a", "[8]"), T("out", "[8]"), R"("duration_ns": 0)");
  EXPECT_EQ(cm.DurationNs(zero.ops[0], ComputeOpWork(zero, zero.ops[0]), 1), 0);
}

TEST(Efficiency, GivenKeysAtEveryLevelThenTheMostSpecificWins) {
  std::map<std::string, double, std::less<>> t = {{"AI_CORE", 0.1},  {"AI_CORE/float16", 0.2},
                                                  {"gemm", 0.3},     {"gemm/bfloat16", 0.4},
                                                  {"MatMulV2", 0.5}, {"MatMulV2/int8", 0.6}};
  using model::DataType;
  using model::Engine;
  EXPECT_EQ(Efficiency(t, "MatMulV2", "gemm", Engine::kAiCore, DataType::kInt8), 0.6);
  EXPECT_EQ(Efficiency(t, "MatMulV2", "gemm", Engine::kAiCore, DataType::kFloat16), 0.5);
  EXPECT_EQ(Efficiency(t, "MatMul", "gemm", Engine::kAiCore, DataType::kBfloat16), 0.4);
  EXPECT_EQ(Efficiency(t, "MatMul", "gemm", Engine::kAiCore, DataType::kFloat16), 0.3);
  EXPECT_EQ(Efficiency(t, "Conv2D", "conv", Engine::kAiCore, DataType::kFloat16), 0.2);
  EXPECT_EQ(Efficiency(t, "Conv2D", "conv", Engine::kAiCore, DataType::kInt8), 0.1);
  EXPECT_EQ(Efficiency(t, "Add", "elementwise", Engine::kAiVector, DataType::kFloat16), 1.0);
  EXPECT_EQ(Efficiency(t, "Add", "elementwise", Engine::kAiVector, DataType::kFloat16, 0.0), 0.0);
  EXPECT_EQ(Efficiency(t, "", "gemm", Engine::kAiCore, DataType::kInt8), 0.3);  // no type level
}

TEST(CostModelDuration, GivenStridedReductionThenItsTypeKeysDoNotApply) {
  DeviceProfile p = RoundProfile();
  p.fill_ns["SoftmaxV2"] = 7000;
  p.fill_ns["reduce_strided"] = 3000;
  CostModel cm(p);
  Graph last = OneOp("SoftmaxV2", T("a", "[8,64]"), T("out", "[8,64]"), R"("attrs": {"axes": [-1]})");
  Graph inner = OneOp("SoftmaxV2", T("a", "[8,64]"), T("out", "[8,64]"), R"("attrs": {"axes": [0]})");
  const CostBreakdown cl = cm.Cost(last.ops[0], ComputeOpWork(last, last.ops[0]), 1);
  const CostBreakdown ci = cm.Cost(inner.ops[0], ComputeOpWork(inner, inner.ops[0]), 1);
  EXPECT_EQ(cl.fill_ns, 7000);
  EXPECT_EQ(ci.fill_ns, 3000);
}

// Whatever a profile struct built in code holds (parsed profiles are range
// checked), a duration stays in [0, kMaxTaskDurationNs]: no overflow of
// floor + work, no double beyond int64 cast to an integer.
TEST(CostModel, GivenExtremeProfileValuesThenDurationClampedToTheTaskLimit) {
  DeviceProfile p = Profile("Ascend910B2");
  p.memory_bandwidth_bytes_per_s = 1e-300;
  p.kernel_floor_ns = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX};
  p.fill_ns["AI_CORE"] = 1e300;
  for (auto& table : p.peak_flops_per_s) {
    for (auto& [dtype, peak] : table) peak = 1e-300;
  }
  CostModel cm(p);
  Graph g = OneOp("MatMulV2", T("a", "[1024,1024]") + "," + T("b", "[1024,1024]"), T("out", "[1024,1024]"));
  const OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, cm.BlockDim(g, g.ops[0])), kMaxTaskDurationNs);
  EXPECT_EQ(cm.FloorNs(model::Engine::kAiCore), kMaxTaskDurationNs);
  p.kernel_floor_ns = {-5, -5, -5, -5};
  p.fill_ns.clear();
  EXPECT_GE(cm.DurationNs(g.ops[0], OpWork{}, 1), 0);
}

TEST(CostModel, GivenExplicitDurationBeyondTheTaskLimitThenClamped) {
  const DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph g = OneOp("Relu", T("x", "[16]"), T("out", "[16]"), R"("duration_ns": 1000)");
  g.ops[0].duration_ns = INT64_MAX;  // a hand-built graph; the JSON loader refuses > 2^50
  EXPECT_EQ(cm.DurationNs(g.ops[0], OpWork{}, 1), kMaxTaskDurationNs);
}

// Work counts saturate instead of wrapping (or overflowing int64 for the
// attention dims): 2^40 elements of output times a 2^40 contraction.
TEST(ComputeOpWork, GivenWorkBeyondUint64ThenSaturates) {
  Graph g = OneOp("MatMulV2", T("a", "[1,1099511627776]") + "," + T("b", "[1099511627776,1]"), T("out", "[1,1]"));
  g.tensors[static_cast<size_t>(g.ops[0].outputs[0])].shape = {int64_t{1} << 40, int64_t{1} << 40};
  const OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(w.macs, UINT64_MAX);
  EXPECT_EQ(w.flops, UINT64_MAX);
  // B*N*S*Skv*D = 2^80 MACs from tensors of at most 2^40 elements each.
  Graph fa = OneOp(
      "FlashAttentionScore",
      T("q", "[1024,1024,1024,1024]") + "," + T("k", "[1,1,1099511627776,1]") + "," + T("v", "[1,1,1099511627776,1]"),
      T("out", "[1,1]"));
  EXPECT_EQ(ComputeOpWork(fa, fa.ops[0]).macs, UINT64_MAX);
}

}  // namespace
}  // namespace aclsim::sim
