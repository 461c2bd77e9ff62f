// The shipped models' work totals, computed with ComputeOpWork over the
// loaded graphs, against exact values and published references
// (docs/model_format.md "Shipped models").
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "runtime/model/graph_loader.h"
#include "sim/cost_model.h"
#include "tests/testing/status_printers.h"

namespace aclsim::sim {
namespace {

std::string ModelPath(const char* file) {
  const char* env = std::getenv("ACLSIM_MODELS_DIR");
  std::string dir = (env != nullptr && *env != '\0') ? env : ACLSIM_SOURCE_MODELS_DIR;
  return dir + "/" + file;
}

struct Totals {
  uint64_t macs = 0;
  uint64_t flops = 0;
};

Totals Sum(const char* file) {
  auto g = model::LoadGraphFromFile(ModelPath(file));
  EXPECT_TRUE(g.ok()) << g.status().ToString();
  Totals t;
  if (!g.ok()) return t;
  for (const auto& op : g->ops) {
    OpWork w = ComputeOpWork(*g, op);
    t.macs += w.macs;
    t.flops += w.flops;
  }
  return t;
}

TEST(ModelFlops, GivenResNet50ThenMacsExactAndWithinOnePercentOfTorchvision) {
  Totals t = Sum("resnet50.json");
  EXPECT_EQ(t.macs, 4'089'184'256u);
  // torchvision ResNet-50 v1.5: 4.09 GMACs ("GFLOPS 4.09").
  EXPECT_LT(std::fabs(static_cast<double>(t.macs) - 4.09e9) / 4.09e9, 0.01);
}

TEST(ModelFlops, GivenBertBaseThenTotalFlopsWithinOnePercentOfReference) {
  Totals t = Sum("bert_base.json");
  EXPECT_EQ(t.macs, 11'173'625'856u);
  // Kaplan et al.: 2*N_non-emb*128 tokens + attention = 22.35 GFLOP.
  EXPECT_LT(std::fabs(static_cast<double>(t.flops) - 22.35e9) / 22.35e9, 0.01) << t.flops;
}

TEST(ModelFlops, GivenSmallModelsThenMacsMatchDocumentedTotals) {
  EXPECT_EQ(Sum("sample_mlp.json").macs, 4'280'320u);
  EXPECT_EQ(Sum("two_branch.json").macs, 134'217'728u);
}

}  // namespace
}  // namespace aclsim::sim
