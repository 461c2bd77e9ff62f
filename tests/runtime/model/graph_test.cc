// Tests of the in-memory graph helpers (runtime/model/graph.h).
#include "runtime/model/graph.h"

#include <gtest/gtest.h>
#include "tests/testing/status_printers.h"

namespace aclsim::model {
namespace {

TEST(DataType, GivenEachDtypeThenSizeNameAndAclValue) {
  struct Case {
    DataType dtype;
    size_t size;
    const char* name;
    int32_t acl;
  };
  const Case cases[] = {
      {DataType::kFloat32, 4, "float32", 0},    {DataType::kFloat16, 2, "float16", 1},
      {DataType::kInt8, 1, "int8", 2},          {DataType::kInt32, 4, "int32", 3},
      {DataType::kUint8, 1, "uint8", 4},        {DataType::kInt16, 2, "int16", 6},
      {DataType::kUint16, 2, "uint16", 7},      {DataType::kUint32, 4, "uint32", 8},
      {DataType::kInt64, 8, "int64", 9},        {DataType::kUint64, 8, "uint64", 10},
      {DataType::kFloat64, 8, "float64", 11},   {DataType::kBool, 1, "bool", 12},
      {DataType::kBfloat16, 2, "bfloat16", 27},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(DataTypeSize(c.dtype), c.size) << c.name;
    EXPECT_STREQ(DataTypeName(c.dtype), c.name);
    EXPECT_EQ(static_cast<int32_t>(c.dtype), c.acl) << c.name;
    auto parsed = ParseDataType(c.name);
    ASSERT_TRUE(parsed.has_value()) << c.name;
    EXPECT_EQ(*parsed, c.dtype);
  }
  EXPECT_EQ(DataTypeSize(DataType::kUndefined), 0u);
  EXPECT_STREQ(DataTypeName(DataType::kUndefined), "undefined");
}

TEST(DataType, GivenAliasesThenParsed) {
  EXPECT_EQ(ParseDataType("fp16"), DataType::kFloat16);
  EXPECT_EQ(ParseDataType("half"), DataType::kFloat16);
  EXPECT_EQ(ParseDataType("fp32"), DataType::kFloat32);
  EXPECT_EQ(ParseDataType("float"), DataType::kFloat32);
  EXPECT_EQ(ParseDataType("bf16"), DataType::kBfloat16);
  EXPECT_EQ(ParseDataType("double"), DataType::kFloat64);
}

TEST(DataType, GivenUnknownTextThenNullopt) {
  EXPECT_FALSE(ParseDataType("").has_value());
  EXPECT_FALSE(ParseDataType("Float16").has_value());
  EXPECT_FALSE(ParseDataType("complex64").has_value());
  EXPECT_FALSE(ParseDataType("int4").has_value());
}

TEST(Format, GivenEachFormatThenParsedNamedAndAclValue) {
  const std::pair<const char*, Format> cases[] = {
      {"NCHW", Format::kNchw},       {"NHWC", Format::kNhwc},          {"ND", Format::kNd},
      {"NC1HWC0", Format::kNc1hwc0}, {"FRACTAL_Z", Format::kFractalZ}, {"FRACTAL_NZ", Format::kFractalNz}};
  for (const auto& [name, fmt] : cases) {
    EXPECT_EQ(ParseFormat(name), fmt) << name;
    EXPECT_STREQ(FormatName(fmt), name);
  }
  EXPECT_EQ(static_cast<int32_t>(Format::kFractalNz), 29);
  EXPECT_FALSE(ParseFormat("nchw").has_value());
  EXPECT_STREQ(FormatName(Format::kUndefined), "UNDEFINED");
}

TEST(Engine, GivenSpellingsThenParsedAndNamedInMsprofSpelling) {
  EXPECT_EQ(ParseEngine("AI_CORE"), Engine::kAiCore);
  EXPECT_EQ(ParseEngine("AI_VECTOR"), Engine::kAiVector);
  EXPECT_EQ(ParseEngine("AI_VECTOR_CORE"), Engine::kAiVector);
  EXPECT_EQ(ParseEngine("AI_CPU"), Engine::kAiCpu);
  EXPECT_FALSE(ParseEngine("ai_core").has_value());
  EXPECT_FALSE(ParseEngine("GPU").has_value());
  EXPECT_STREQ(EngineName(Engine::kAiCore), "AI_CORE");
  EXPECT_STREQ(EngineName(Engine::kAiVector), "AI_VECTOR_CORE");
  EXPECT_STREQ(EngineName(Engine::kAiCpu), "AI_CPU");
}

TEST(Engine, GivenOpTypeThenCubeOpsDefaultToAiCoreOthersToAiVector) {
  for (const char* cube : {"Conv2D", "MatMul", "MatMulV2", "BatchMatMul", "BatchMatMulV2", "FlashAttentionScore"}) {
    EXPECT_EQ(DefaultEngineForOpType(cube), Engine::kAiCore) << cube;
  }
  for (const char* vec : {"Add", "Relu", "Softmax", "LayerNorm", "ReduceMean", "Cast", "matmulv2", "", "Custom"}) {
    EXPECT_EQ(DefaultEngineForOpType(vec), Engine::kAiVector) << vec;
  }
}

TEST(Tensor, GivenShapeThenElementCountAndSizeBytes) {
  Tensor t;
  t.dtype = DataType::kFloat16;
  t.shape = {2, 3, 4};
  EXPECT_EQ(t.ElementCount(), 24);
  EXPECT_EQ(t.SizeBytes(), 48);
  t.dtype = DataType::kInt64;
  EXPECT_EQ(t.SizeBytes(), 192);
  t.shape = {};  // scalar
  EXPECT_EQ(t.ElementCount(), 1);
  EXPECT_EQ(t.SizeBytes(), 8);
}

// A hand-built graph may hold any shape: the products saturate instead of
// wrapping (signed overflow), and ModelRegistry rejects such a tensor.
TEST(Tensor, GivenShapeWhoseProductOverflowsThenCountAndSizeSaturate) {
  Tensor t;
  t.dtype = DataType::kFloat32;
  t.shape = {int64_t{1} << 40, int64_t{1} << 40};
  EXPECT_EQ(t.ElementCount(), INT64_MAX);
  EXPECT_EQ(t.SizeBytes(), INT64_MAX);
  t.shape = {int64_t{1} << 62};
  EXPECT_EQ(t.ElementCount(), int64_t{1} << 62);
  EXPECT_EQ(t.SizeBytes(), INT64_MAX);  // 2^62 * 4 does not fit
  EXPECT_GT(t.ElementCount(), kMaxTensorElements);
}

TEST(OpAttrs, GivenIntAttrThenValueOrConversionOrFallback) {
  Op op;
  op.attrs["i"] = int64_t{7};
  op.attrs["b"] = true;
  op.attrs["d"] = 2.9;
  op.attrs["s"] = std::string("x");
  op.attrs["v"] = std::vector<int64_t>{1, 2};
  EXPECT_EQ(op.IntAttr("i", -1), 7);
  EXPECT_EQ(op.IntAttr("b", -1), 1);
  EXPECT_EQ(op.IntAttr("d", -1), 2);
  EXPECT_EQ(op.IntAttr("s", -1), -1);
  EXPECT_EQ(op.IntAttr("v", -1), -1);
  EXPECT_EQ(op.IntAttr("missing", -5), -5);
}

TEST(OpAttrs, GivenBoolAttrThenValueOrConversionOrFallback) {
  Op op;
  op.attrs["t"] = true;
  op.attrs["f"] = false;
  op.attrs["one"] = int64_t{1};
  op.attrs["zero"] = int64_t{0};
  op.attrs["s"] = std::string("true");
  EXPECT_TRUE(op.BoolAttr("t", false));
  EXPECT_FALSE(op.BoolAttr("f", true));
  EXPECT_TRUE(op.BoolAttr("one", false));
  EXPECT_FALSE(op.BoolAttr("zero", true));
  EXPECT_TRUE(op.BoolAttr("s", true));
  EXPECT_FALSE(op.BoolAttr("s", false));
  EXPECT_TRUE(op.BoolAttr("missing", true));
}

TEST(OpAttrs, GivenIntsAttrThenListOrSingletonOrEmpty) {
  Op op;
  op.attrs["v"] = std::vector<int64_t>{1, 2, 3};
  op.attrs["i"] = int64_t{4};
  op.attrs["d"] = std::vector<double>{1.5};
  EXPECT_EQ(op.IntsAttr("v"), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(op.IntsAttr("i"), (std::vector<int64_t>{4}));
  EXPECT_TRUE(op.IntsAttr("d").empty());
  EXPECT_TRUE(op.IntsAttr("missing").empty());
}

TEST(Graph, GivenDefaultsThenOneStreamAndOpDefaults) {
  Graph g;
  EXPECT_EQ(g.stream_count, 1u);
  Op op;
  EXPECT_EQ(op.engine, Engine::kAiVector);
  EXPECT_EQ(op.stream, 0u);
  EXPECT_FALSE(op.duration_ns.has_value());
  EXPECT_FALSE(op.block_dim.has_value());
}

}  // namespace
}  // namespace aclsim::model
