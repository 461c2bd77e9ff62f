// The shipped real-architecture ONNX models (scripts/gen/gen_onnx_models.py):
// their work as aclsim computes it (onnx loader + sim cost model) against the
// published figures of spec/ascend_devices.md §5, and against the JSON
// versions of the same architectures.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "runtime/model/graph_loader.h"
#include "runtime/model/model_loader.h"
#include "runtime/model/onnx/onnx_loader.h"
#include "sim/cost_model.h"
#include "tests/testing/status_printers.h"

namespace aclsim::model {
namespace {

std::string ModelPath(const char* file) {
  const char* env = std::getenv("ACLSIM_MODELS_DIR");
  std::string dir = (env != nullptr && *env != '\0') ? env : ACLSIM_SOURCE_MODELS_DIR;
  return dir + "/" + file;
}

struct Totals {
  uint64_t macs = 0;
  uint64_t flops = 0;
  size_t cube_ops = 0;
};

Totals Sum(const Graph& g) {
  Totals t;
  for (const auto& op : g.ops) {
    sim::OpWork w = sim::ComputeOpWork(g, op);
    t.macs += w.macs;
    t.flops += w.flops;
    if (op.engine == Engine::kAiCore) ++t.cube_ops;
  }
  return t;
}

TEST(OnnxModels, GivenResNet50OnnxThenMacsMatchTorchvisionWithinOnePercent) {
  auto g = LoadModelFile(ModelPath("resnet50.onnx"), {});
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  Totals t = Sum(*g);
  // torchvision ResNet-50 v1.5 (IMAGENET1K_V1): "GFLOPS 4.09", which counts MACs.
  EXPECT_EQ(t.macs, 4'089'184'256u);
  EXPECT_LT(std::fabs(static_cast<double>(t.macs) - 4.09e9) / 4.09e9, 0.01);
  EXPECT_EQ(t.cube_ops, 54u);  // 53 convolutions + the fc Gemm
  // The same architecture in the JSON format counts the same MACs.
  auto json = LoadGraphFromFile(ModelPath("resnet50.json"));
  ASSERT_TRUE(json.ok()) << json.status().ToString();
  EXPECT_EQ(Sum(*json).macs, t.macs);
  std::cout << "[onnx models] resnet50.onnx: " << g->ops.size() << " ops, " << t.macs << " MACs ("
            << static_cast<double>(t.macs) / 1e9 << " GMACs vs 4.09 published), " << t.flops << " FLOPs\n";
}

TEST(OnnxModels, GivenResNet50OnnxThenModelIoIsTheRealGraphIo) {
  auto g = LoadModelFile(ModelPath("resnet50.onnx"), {});
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  ASSERT_EQ(g->inputs.size(), 1u);  // the 108 initializers are weights
  EXPECT_EQ(g->tensor(g->inputs[0]).name, "input");
  EXPECT_EQ(g->tensor(g->inputs[0]).shape, (std::vector<int64_t>{1, 3, 224, 224}));
  ASSERT_EQ(g->outputs.size(), 1u);
  EXPECT_EQ(g->tensor(g->outputs[0]).name, "output");
  EXPECT_EQ(g->tensor(g->outputs[0]).shape, (std::vector<int64_t>{1, 1000}));
  size_t weights = 0;
  for (const auto& t : g->tensors) weights += t.kind == TensorKind::kWeight ? 1 : 0;
  EXPECT_EQ(weights, 108u);
  EXPECT_EQ(g->ops.front().name, "/conv1/Conv");
  EXPECT_EQ(g->ops.front().type, "Conv2D");
  EXPECT_EQ(g->ops.back().name, "/fc/Gemm");
  EXPECT_EQ(g->ops.back().type, "MatMulV2");
}

TEST(OnnxModels, GivenBertBaseOnnxThenFlopsMatchKaplanWithinOnePercent) {
  OnnxLoadReport report;
  auto bytes_graph = LoadModelFile(ModelPath("bert_base.onnx"), {});
  ASSERT_TRUE(bytes_graph.ok()) << bytes_graph.status().ToString();
  Totals t = Sum(*bytes_graph);
  EXPECT_EQ(t.macs, 11'173'625'856u);
  // Kaplan et al. 2020: 2 * 84.9M non-embedding params * 128 tokens + 4*L*n_ctx*d attention = 22.35 GFLOP.
  EXPECT_LT(std::fabs(2.0 * static_cast<double>(t.macs) - 22.35e9) / 22.35e9, 0.01) << t.macs;
  EXPECT_LT(std::fabs(static_cast<double>(t.flops) - 22.35e9) / 22.35e9, 0.01) << t.flops;
  auto json = LoadGraphFromFile(ModelPath("bert_base.json"));
  ASSERT_TRUE(json.ok()) << json.status().ToString();
  EXPECT_EQ(Sum(*json).macs, t.macs);
  ASSERT_EQ(bytes_graph->inputs.size(), 3u);
  EXPECT_EQ(bytes_graph->tensor(bytes_graph->inputs[0]).shape, (std::vector<int64_t>{1, 128}));
  std::cout << "[onnx models] bert_base.onnx: " << bytes_graph->ops.size() << " ops, " << t.macs << " MACs, "
            << 2.0 * static_cast<double>(t.macs) / 1e9 << " cube GFLOP, " << static_cast<double>(t.flops) / 1e9
            << " total GFLOP vs 22.35 published\n";
}

TEST(OnnxModels, GivenBertBaseOnnxThenReshapesAreNoTaskViewsAndMaskChainIsKept) {
  std::string path = ModelPath("bert_base.onnx");
  auto file = LoadModelFile(path, {});
  ASSERT_TRUE(file.ok());
  for (const auto& op : file->ops) EXPECT_NE(op.type, "Reshape") << op.name;
}

}  // namespace
}  // namespace aclsim::model
