// WriteGraphJson round-trips every shipped model exactly.
#include "runtime/model/graph_writer.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "runtime/model/graph_loader.h"

namespace aclsim::model {
namespace {

std::string ModelPath(const char* file) {
  const char* dir = std::getenv("ACLSIM_MODELS_DIR");
  return std::string(dir != nullptr ? dir : ACLSIM_SOURCE_MODELS_DIR) + "/" + file;
}

void ExpectSameGraph(const Graph& a, const Graph& b) {
  ASSERT_EQ(a.name, b.name);
  ASSERT_EQ(a.ops.size(), b.ops.size());
  ASSERT_EQ(a.inputs.size(), b.inputs.size());
  ASSERT_EQ(a.outputs.size(), b.outputs.size());
  EXPECT_EQ(a.stream_count, b.stream_count);
  for (size_t i = 0; i < a.ops.size(); ++i) {
    const Op& x = a.ops[i];
    const Op& y = b.ops[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.type, y.type);
    EXPECT_EQ(x.engine, y.engine);
    EXPECT_EQ(x.stream, y.stream);
    EXPECT_EQ(x.duration_ns, y.duration_ns);
    EXPECT_EQ(x.block_dim, y.block_dim);
    EXPECT_EQ(x.attrs, y.attrs) << x.name;
    ASSERT_EQ(x.inputs.size(), y.inputs.size());
    for (size_t k = 0; k < x.inputs.size(); ++k) {
      const Tensor& p = a.tensor(x.inputs[k]);
      const Tensor& q = b.tensor(y.inputs[k]);
      EXPECT_EQ(p.name, q.name);
      EXPECT_EQ(p.shape, q.shape);
      EXPECT_EQ(p.dtype, q.dtype);
      EXPECT_EQ(p.format, q.format);
      EXPECT_EQ(p.kind, q.kind);
    }
  }
}

class GraphWriterRoundTrip : public ::testing::TestWithParam<const char*> {};

TEST_P(GraphWriterRoundTrip, GivenShippedModelWhenWrittenAndReloadedThenGraphIsEqualAndTextStable) {
  auto original = LoadGraphFromFile(ModelPath(GetParam()));
  ASSERT_TRUE(original.ok()) << original.status().ToString();
  const std::string text = WriteGraphJson(*original);
  auto reloaded = LoadGraphFromJson(text);
  ASSERT_TRUE(reloaded.ok()) << reloaded.status().ToString();
  ExpectSameGraph(*original, *reloaded);
  EXPECT_EQ(WriteGraphJson(*reloaded), text);  // a fixed point: deterministic output
}

INSTANTIATE_TEST_SUITE_P(Models, GraphWriterRoundTrip,
                         ::testing::Values("resnet50.json", "bert_base.json", "sample_mlp.json", "two_branch.json"),
                         [](const ::testing::TestParamInfo<const char*>& param_info) {
                           std::string n = param_info.param;
                           return n.substr(0, n.find('.'));
                         });

}  // namespace
}  // namespace aclsim::model
