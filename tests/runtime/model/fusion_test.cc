// FuseGraph (runtime/model/fusion.h): BatchNorm folding, activation, bias
// and residual-add fusion into cube ops, and the cases left alone.
#include "runtime/model/fusion.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "runtime/model/graph_loader.h"
#include "runtime/model/graph_writer.h"

namespace aclsim::model {
namespace {

// A JSON tensor of shape [1,8,16,16] (or |shape|).
std::string T(const std::string& name, const std::string& shape = "[1,8,16,16]") {
  return R"({"name":")" + name + R"(","dtype":"float16","format":"NCHW","shape":)" + shape + "}";
}

std::string OpJson(const std::string& name, const std::string& type, const std::string& engine,
                   const std::vector<std::string>& inputs, const std::string& output) {
  std::string in;
  for (const std::string& i : inputs) in += (in.empty() ? "\"" : ",\"") + i + "\"";
  return R"({"name":")" + name + R"(","type":")" + type + R"(","engine":")" + engine + R"(","inputs":[)" + in +
         R"(],"outputs":[)" + T(output) + "]}";
}

// Two ResNet-style blocks: conv0 -> bn0 -> relu0 -> conv1 -> bn1 -> add(relu0)
// -> relu1 (the graph output).
std::string ResidualBlock() {
  std::string weights = T("w0", "[8,8,1,1]") + "," + T("w1", "[8,8,1,1]");
  for (const char* p : {"s", "b", "m", "v"}) weights += "," + T(std::string(p), "[8]");
  const std::string bn_params = R"("s","b","m","v")";
  std::vector<std::string> ops = {
      OpJson("conv0", "Conv2D", "AI_CORE", {"x", "w0"}, "c0"),
      OpJson("bn0", "BatchNorm", "AI_VECTOR", {"c0", "s", "b", "m", "v"}, "b0"),
      OpJson("relu0", "Relu", "AI_VECTOR", {"b0"}, "r0"),
      OpJson("conv1", "Conv2D", "AI_CORE", {"r0", "w1"}, "c1"),
      OpJson("bn1", "BatchNorm", "AI_VECTOR", {"c1", "s", "b", "m", "v"}, "b1"),
      OpJson("add1", "Add", "AI_VECTOR", {"b1", "r0"}, "a1"),
      OpJson("relu1", "Relu", "AI_VECTOR", {"a1"}, "y"),
  };
  std::string op_list;
  for (const std::string& o : ops) op_list += (op_list.empty() ? "" : ",") + o;
  return R"({"schema":"aclsim.graph.v1","name":"block","inputs":[)" + T("x") + R"(],"outputs":["y"],"weights":[)" +
         weights + R"(],"ops":[)" + op_list + "]}";
}

std::vector<std::string> TensorNames(const Graph& g, const std::vector<int32_t>& list) {
  std::vector<std::string> names;
  for (int32_t t : list) names.push_back(g.tensor(t).name);
  return names;
}

TEST(Fusion, GivenResidualBlocksThenBatchNormsActivationsAndTheResidualAddFuseIntoTheConvolutions) {
  auto g = LoadGraphFromJson(ResidualBlock());
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  const FusionReport r = FuseGraph(&*g);
  EXPECT_EQ(r.batchnorms_folded, 2u);
  EXPECT_EQ(r.activations_fused, 2u);
  EXPECT_EQ(r.adds_fused, 1u);
  EXPECT_EQ(r.biases_fused, 0u);
  EXPECT_EQ(r.fusions, (std::vector<std::string>{"BatchNorm 'bn0' -> Conv2D 'conv0'", "Relu 'relu0' -> Conv2D 'conv0'",
                                                 "BatchNorm 'bn1' -> Conv2D 'conv1'", "Add 'add1' -> Conv2D 'conv1'",
                                                 "Relu 'relu1' -> Conv2D 'conv1'"}));
  ASSERT_EQ(g->ops.size(), 2u);
  EXPECT_EQ(g->ops[0].name, "conv0");
  EXPECT_EQ(std::get<std::string>(g->ops[0].attrs.at("fused_ops")), "BatchNorm,Relu");
  EXPECT_EQ(std::get<std::string>(g->ops[1].attrs.at("fused_ops")), "BatchNorm,Add,Relu");
  EXPECT_EQ(TensorNames(*g, g->ops[0].outputs), std::vector<std::string>{"r0"});
  EXPECT_EQ(TensorNames(*g, g->ops[1].inputs), (std::vector<std::string>{"r0", "w1", "r0"}));
  EXPECT_EQ(TensorNames(*g, g->ops[1].outputs), std::vector<std::string>{"y"});
  EXPECT_EQ(TensorNames(*g, g->outputs), std::vector<std::string>{"y"});
  // The fused-away tensors and the BatchNorm parameters are gone; producers
  // point at the renumbered ops.
  EXPECT_EQ(g->tensors.size(), 5u);  // x, w0, w1, r0, y
  EXPECT_EQ(g->tensor(g->ops[1].outputs[0]).producer, 1);
  EXPECT_EQ(g->tensor(g->ops[0].outputs[0]).producer, 0);
  // Still a valid graph: it writes and loads back unchanged.
  const std::string text = WriteGraphJson(*g);
  auto back = LoadGraphFromJson(text);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(WriteGraphJson(*back), text);
}

TEST(Fusion, GivenAMatMulWithABiasWeightThenTheBiasAndActivationFuse) {
  const std::string json =
      R"({"schema":"aclsim.graph.v1","name":"fc","inputs":[)" + T("x", "[8,64]") + R"(],"outputs":["y"],"weights":[)" +
      T("w", "[64,32]") + "," + T("bias", "[32]") + R"(],"ops":[)" +
      R"({"name":"mm","type":"MatMulV2","engine":"AI_CORE","inputs":["x","w"],"outputs":[)" + T("m", "[8,32]") + "]}," +
      R"({"name":"bias_add","type":"Add","engine":"AI_VECTOR","inputs":["m","bias"],"outputs":[)" + T("a", "[8,32]") +
      "]}," + R"({"name":"act","type":"Gelu","engine":"AI_VECTOR","inputs":["a"],"outputs":[)" + T("y", "[8,32]") +
      "]}]}";
  auto g = LoadGraphFromJson(json);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  const FusionReport r = FuseGraph(&*g);
  EXPECT_EQ(r.biases_fused, 1u);
  EXPECT_EQ(r.activations_fused, 1u);
  ASSERT_EQ(g->ops.size(), 1u);
  EXPECT_EQ(TensorNames(*g, g->ops[0].inputs), (std::vector<std::string>{"x", "w", "bias"}));
}

TEST(Fusion, GivenAnOutputWithTwoUsesOrThatIsAGraphOutputThenNothingFuses) {
  // c0 feeds both bn0 and the graph outputs: nothing may absorb bn0.
  std::string json = ResidualBlock();
  json.replace(json.find(R"("outputs":["y"])"), 15, R"("outputs":["y","c0"])");
  auto g = LoadGraphFromJson(json);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  const FusionReport r = FuseGraph(&*g);
  EXPECT_EQ(r.batchnorms_folded, 1u);  // bn1 only
  ASSERT_EQ(g->ops.size(), 4u);        // conv0, bn0, relu0 and conv1 (with bn1, add1, relu1)
  EXPECT_EQ(g->ops[0].attrs.count("fused_ops"), 0u);
  EXPECT_EQ(g->ops[1].name, "bn0");
  EXPECT_EQ(g->ops[2].name, "relu0");
  EXPECT_EQ(std::get<std::string>(g->ops[3].attrs.at("fused_ops")), "BatchNorm,Add,Relu");
}

}  // namespace
}  // namespace aclsim::model
