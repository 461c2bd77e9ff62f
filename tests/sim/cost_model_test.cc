// Tests of the simulator's cost model: exact work counts per op type, the
// block-dim rules and DurationNs against hand-computed nanoseconds.
#include "sim/cost_model.h"

#include <gtest/gtest.h>

#include <cstdlib>
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

TEST(ComputeOpWork, GivenMatMulWithBiasAndFp32ThenBytesIncludeBiasAndDtypeIsFirstInput) {
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

TEST(CostModelBlockDim, GivenCubeOpThenOneBlockPer256OutputsCappedAtAiCores) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  // [m,1] x [1,n] -> [m,n]: m*n output elements.
  auto bd = [&](int m, int n) {
    const std::string ms = std::to_string(m), ns = std::to_string(n);
    Graph g = OneOp("MatMulV2", T("a", "[" + ms + ",1]") + "," + T("b", "[1," + ns + "]"),
                    T("out", "[" + ms + "," + ns + "]"));
    return cm.BlockDim(g, g.ops[0]);
  };
  EXPECT_EQ(bd(1, 1), 1u);
  EXPECT_EQ(bd(1, 256), 1u);
  EXPECT_EQ(bd(1, 257), 2u);
  EXPECT_EQ(bd(16, 256), 16u);
  EXPECT_EQ(bd(23, 256), 23u);
  EXPECT_EQ(bd(24, 256), 24u);
  EXPECT_EQ(bd(1024, 1024), 24u);
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

// Ascend910B2: cube fp16 353.9 TFLOP/s on 24 cores, vector fp16 22.1 TFLOP/s
// on 48, AI CPU 83.2 GFLOP/s on 4, HBM 1.6 TB/s; overheads 6500/5000/20000 ns.

TEST(CostModelDuration, GivenComputeBoundMatMulThenOverheadPlusComputeTime) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph g = OneOp("MatMulV2", T("a", "[1024,1024]") + "," + T("b", "[1024,1024]"), T("out", "[1024,1024]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  ASSERT_EQ(w.flops, 2'147'483'648u);
  ASSERT_EQ(w.bytes, 6'291'456u);
  // compute 2^31 / 353.9e12 s = 6068.05 ns > memory 6291456 / 1.6e12 s = 3932.16 ns.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 24), 6500 + 6069);
  // On 6 of 24 cores the peak is a quarter: 24272.21 ns.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 6), 6500 + 24273);
  // On one core: 145633.25 ns; block_dim 0 counts as one core too.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 1), 6500 + 145634);
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 0), 6500 + 145634);
}

TEST(CostModelDuration, GivenMemoryBoundAddThenOverheadPlusMemoryTime) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph g = OneOp("Add", T("a", "[1024,1024]") + "," + T("b", "[1024,1024]"), T("out", "[1024,1024]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  // memory 3932.16 ns > compute 2^20 / 22.1e12 s = 47.45 ns.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 48), 5000 + 3933);
}

TEST(CostModelDuration, GivenFp32MatMulThenFp32PeakUsed) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph g = OneOp("MatMulV2", T("a", "[512,512]", "float32") + "," + T("b", "[512,512]", "float32"),
                  T("out", "[512,512]", "float32"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  // 2^28 / 85e12 s = 3158.06 ns > 3145728 / 1.6e12 s = 1966.08 ns.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 24), 6500 + 3159);
}

TEST(CostModelDuration, GivenAiCpuOpThenAiCpuOverheadAndPeak) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph g = OneOp("Add", T("a", "[1000]", "float32"), T("out", "[1000]", "float32"), R"("engine": "AI_CPU")");
  OpWork w = ComputeOpWork(g, g.ops[0]);
  ASSERT_EQ(w.flops, 1000u);
  // One of 4 AI CPUs: 1000 / (83.2e9 / 4) s = 48.08 ns > 8000 / 1.6e12 s = 5 ns.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, cm.BlockDim(g, g.ops[0])), 20000 + 49);
}

TEST(CostModelDuration, GivenOtherProfileThenItsNumbersUsed) {
  DeviceProfile p = Profile("Ascend310P3");
  CostModel cm(p);
  Graph g = OneOp("MatMulV2", T("a", "[1024,1024]") + "," + T("b", "[1024,1024]"), T("out", "[1024,1024]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  // 2^31 / 69.5e12 s = 30899.05 ns > 6291456 / 204e9 s = 30840.47 ns.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, cm.BlockDim(g, g.ops[0])), 6500 + 30900);
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

TEST(CostModelDuration, GivenZeroWorkOpThenOverheadPlusMemoryOnly) {
  DeviceProfile p = Profile("Ascend910B2");
  CostModel cm(p);
  Graph g = OneOp("Reshape", T("a", "[1000]"), T("out", "[10,100]"));
  OpWork w = ComputeOpWork(g, g.ops[0]);
  ASSERT_EQ(w.flops, 0u);
  // 4000 bytes / 1.6e12 = 2.5 ns -> 3.
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, 1), 5000 + 3);
}

// Whatever a profile struct built in code holds (parsed profiles are range
// checked), a duration stays in [0, kMaxTaskDurationNs]: no overflow of
// launch overhead + work, no double beyond int64 cast to an integer.
TEST(CostModel, GivenExtremeProfileValuesThenDurationClampedToTheTaskLimit) {
  DeviceProfile p = Profile("Ascend910B2");
  p.memory_bandwidth_bytes_per_s = 1e-300;
  p.launch_overhead_ns = {INT64_MAX, INT64_MAX, INT64_MAX};
  for (auto& table : p.peak_flops_per_s) {
    for (auto& [dtype, peak] : table) peak = 1e-300;
  }
  CostModel cm(p);
  Graph g = OneOp("MatMulV2", T("a", "[1024,1024]") + "," + T("b", "[1024,1024]"), T("out", "[1024,1024]"));
  const OpWork w = ComputeOpWork(g, g.ops[0]);
  EXPECT_EQ(cm.DurationNs(g.ops[0], w, cm.BlockDim(g, g.ops[0])), kMaxTaskDurationNs);
  EXPECT_EQ(cm.LaunchOverheadNs(model::Engine::kAiCore), kMaxTaskDurationNs);
  p.launch_overhead_ns = {-5, -5, -5};
  EXPECT_GE(cm.DurationNs(g.ops[0], OpWork{}, 1), 0);
}

TEST(CostModel, GivenExplicitDurationBeyondTheTaskLimitThenClamped) {
  CostModel cm(Profile("Ascend910B2"));
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
