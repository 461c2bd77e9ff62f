// Tests of the aclsim.graph.v1 JSON loader (runtime/model/graph_loader.h):
// a valid graph, topological sorting, every validation error with its exact
// ACL code and a message naming the offender, files, and the shipped models.
#include "runtime/model/graph_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>
#include "tests/testing/status_printers.h"
#include "tests/testing/temp_fifo.h"

namespace aclsim::model {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

// x [4,8] -> mm (MatMulV2 with w [8,8]) -> relu -> y.
json BaseDoc() {
  return json::parse(R"({
    "schema": "aclsim.graph.v1", "name": "g",
    "inputs":  [ {"name": "x", "dtype": "float16", "shape": [4, 8]} ],
    "weights": [ {"name": "w", "dtype": "float16", "format": "NCHW", "shape": [8, 8]} ],
    "ops": [
      {"name": "mm", "type": "MatMulV2", "inputs": ["x", "w"],
       "outputs": [ {"name": "mm.out", "dtype": "float16", "shape": [4, 8]} ]},
      {"name": "relu", "type": "Relu", "inputs": ["mm.out"],
       "outputs": [ {"name": "y", "dtype": "float32", "shape": [4, 8]} ]}
    ],
    "outputs": ["y"]
  })");
}

StatusOr<Graph> Load(const json& doc) { return LoadGraphFromJson(doc.dump()); }

// Loads BaseDoc() after |mutate| and expects |code| with |needle| in the message.
void ExpectError(const std::function<void(json&)>& mutate, Detail detail, const std::string& needle = "") {
  json doc = BaseDoc();
  mutate(doc);
  auto g = Load(doc);
  ASSERT_FALSE(g.ok()) << doc.dump();
  EXPECT_EQ(g.status().detail(), detail) << g.status().ToString() << "\n" << doc.dump();
  if (!needle.empty()) {
    EXPECT_THAT(g.status().message(), HasSubstr(needle)) << doc.dump();
  }
}

int32_t TensorIndex(const Graph& g, const std::string& name) {
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    if (g.tensors[i].name == name) return static_cast<int32_t>(i);
  }
  return -1;
}

std::vector<std::string> OpNames(const Graph& g) {
  std::vector<std::string> names;
  for (const auto& op : g.ops) names.push_back(op.name);
  return names;
}

// ------------------------------------------------------------------ valid

TEST(GraphLoader, GivenValidGraphThenTensorsOpsAndOutputsResolved) {
  auto g = Load(BaseDoc());
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(g->name, "g");
  ASSERT_EQ(g->tensors.size(), 4u);
  ASSERT_EQ(g->ops.size(), 2u);
  EXPECT_EQ(g->stream_count, 1u);

  const int32_t x = TensorIndex(*g, "x"), w = TensorIndex(*g, "w");
  const int32_t mm_out = TensorIndex(*g, "mm.out"), y = TensorIndex(*g, "y");
  ASSERT_GE(x, 0);
  ASSERT_GE(w, 0);
  ASSERT_GE(mm_out, 0);
  ASSERT_GE(y, 0);
  EXPECT_EQ(g->inputs, std::vector<int32_t>{x});
  EXPECT_EQ(g->outputs, std::vector<int32_t>{y});
  EXPECT_EQ(g->tensor(x).kind, TensorKind::kInput);
  EXPECT_EQ(g->tensor(w).kind, TensorKind::kWeight);
  EXPECT_EQ(g->tensor(mm_out).kind, TensorKind::kIntermediate);
  EXPECT_EQ(g->tensor(x).producer, -1);
  EXPECT_EQ(g->tensor(w).producer, -1);
  EXPECT_EQ(g->tensor(mm_out).producer, 0);
  EXPECT_EQ(g->tensor(y).producer, 1);
  EXPECT_EQ(g->tensor(x).format, Format::kNd);  // default
  EXPECT_EQ(g->tensor(w).format, Format::kNchw);
  EXPECT_EQ(g->tensor(y).dtype, DataType::kFloat32);
  EXPECT_EQ(g->tensor(x).shape, (std::vector<int64_t>{4, 8}));

  const Op& mm = g->ops[0];
  EXPECT_EQ(mm.name, "mm");
  EXPECT_EQ(mm.type, "MatMulV2");
  EXPECT_EQ(mm.engine, Engine::kAiCore);  // default for cube ops
  EXPECT_EQ(mm.inputs, (std::vector<int32_t>{x, w}));
  EXPECT_EQ(mm.outputs, std::vector<int32_t>{mm_out});
  EXPECT_EQ(mm.stream, 0u);
  EXPECT_FALSE(mm.duration_ns.has_value());
  EXPECT_FALSE(mm.block_dim.has_value());
  EXPECT_EQ(g->ops[1].engine, Engine::kAiVector);
}

TEST(GraphLoader, GivenOptionalOpFieldsThenParsed) {
  json doc = BaseDoc();
  doc["description"] = "free text";
  doc["unknown_extra"] = json::array({1, 2});
  auto& relu = doc["ops"][1];
  relu["engine"] = "AI_CPU";
  relu["stream"] = 2;
  relu["duration_ns"] = 1234;
  relu["block_dim"] = 3;
  relu["attrs"] = json::parse(R"({"i": 5, "f": 0.5, "b": true, "s": "hi", "li": [1, -2], "lf": [1, 2.5]})");
  auto g = Load(doc);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  const Op& op = g->ops[1];
  EXPECT_EQ(op.engine, Engine::kAiCpu);
  EXPECT_EQ(op.stream, 2u);
  EXPECT_EQ(g->stream_count, 3u);
  EXPECT_EQ(op.duration_ns, 1234);
  EXPECT_EQ(op.block_dim, 3u);
  EXPECT_EQ(std::get<int64_t>(op.attrs.at("i")), 5);
  EXPECT_EQ(std::get<double>(op.attrs.at("f")), 0.5);
  EXPECT_EQ(std::get<bool>(op.attrs.at("b")), true);
  EXPECT_EQ(std::get<std::string>(op.attrs.at("s")), "hi");
  EXPECT_EQ(std::get<std::vector<int64_t>>(op.attrs.at("li")), (std::vector<int64_t>{1, -2}));
  EXPECT_EQ(std::get<std::vector<double>>(op.attrs.at("lf")), (std::vector<double>{1.0, 2.5}));
}

TEST(GraphLoader, GivenEngineAliasAndZeroDurationThenAccepted) {
  json doc = BaseDoc();
  doc["ops"][0]["engine"] = "AI_VECTOR_CORE";
  doc["ops"][0]["duration_ns"] = 0;
  doc["ops"][0]["stream"] = 63;
  doc["ops"][0]["block_dim"] = 65535;
  auto g = Load(doc);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(g->ops[0].engine, Engine::kAiVector);
  EXPECT_EQ(g->ops[0].duration_ns, 0);
  EXPECT_EQ(g->stream_count, 64u);
}

TEST(GraphLoader, GivenScalarShapeAndNoWeightsThenAccepted) {
  json doc = BaseDoc();
  doc.erase("weights");
  doc["inputs"].push_back(json::parse(R"({"name": "w", "dtype": "float16", "shape": [8, 8]})"));
  doc["inputs"].push_back(json::parse(R"({"name": "s", "dtype": "float32", "shape": []})"));
  auto g = Load(doc);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(g->inputs.size(), 3u);
  const Tensor& scalar = g->tensor(TensorIndex(*g, "s"));
  EXPECT_TRUE(scalar.shape.empty());
  EXPECT_EQ(scalar.SizeBytes(), 4);
}

TEST(GraphLoader, GivenOpsOutOfOrderThenTopologicallySortedAndProducersRemapped) {
  json doc = BaseDoc();
  std::swap(doc["ops"][0], doc["ops"][1]);  // relu listed before mm
  auto g = Load(doc);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(OpNames(*g), (std::vector<std::string>{"mm", "relu"}));
  EXPECT_EQ(g->tensor(TensorIndex(*g, "mm.out")).producer, 0);
  EXPECT_EQ(g->tensor(TensorIndex(*g, "y")).producer, 1);
  EXPECT_EQ(g->ops[1].inputs, std::vector<int32_t>{TensorIndex(*g, "mm.out")});
}

TEST(GraphLoader, GivenIndependentAndDependentOpsThenSortIsStableSmallestFileIndexFirst) {
  // File order: d(reads a), b, a, c — b, a, c only read x.
  json doc = json::parse(R"({
    "schema": "aclsim.graph.v1", "name": "order",
    "inputs": [ {"name": "x", "dtype": "float16", "shape": [4]} ],
    "ops": [
      {"name": "d", "type": "Relu", "inputs": ["a.out"], "outputs": [{"name": "d.out", "dtype": "float16", "shape": [4]}]},
      {"name": "b", "type": "Relu", "inputs": ["x"], "outputs": [{"name": "b.out", "dtype": "float16", "shape": [4]}]},
      {"name": "a", "type": "Relu", "inputs": ["x"], "outputs": [{"name": "a.out", "dtype": "float16", "shape": [4]}]},
      {"name": "c", "type": "Relu", "inputs": ["x"], "outputs": [{"name": "c.out", "dtype": "float16", "shape": [4]}]}
    ],
    "outputs": ["d.out", "b.out", "c.out"]
  })");
  auto g = Load(doc);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(OpNames(*g), (std::vector<std::string>{"b", "a", "d", "c"}));
  for (size_t i = 0; i < g->ops.size(); ++i) {
    EXPECT_EQ(g->tensor(g->ops[i].outputs[0]).producer, static_cast<int32_t>(i)) << g->ops[i].name;
  }
  // Already-sorted input keeps its order exactly.
  json sorted = doc;
  sorted["ops"] = json::array({doc["ops"][1], doc["ops"][2], doc["ops"][3], doc["ops"][0]});
  auto g2 = Load(sorted);
  ASSERT_TRUE(g2.ok());
  EXPECT_EQ(OpNames(*g2), (std::vector<std::string>{"b", "a", "c", "d"}));
}

// ----------------------------------------------------------- input errors

TEST(GraphLoader, GivenEmptyInputThenModelSizeInvalid) {
  EXPECT_EQ(LoadGraphFromJson("").status().detail(), Detail::kModelSizeInvalid);
}

// docs/model_format.md: "empty input (zero-length file or buffer, or only
// whitespace) → ACL_ERROR_MODEL_SIZE_INVALID".
TEST(GraphLoader, GivenWhitespaceOnlyInputThenModelSizeInvalid) {
  EXPECT_EQ(LoadGraphFromJson(" \n\t ").status().detail(), Detail::kModelSizeInvalid);
}

TEST(GraphLoader, GivenMalformedJsonThenDeserializeModel) {
  EXPECT_EQ(LoadGraphFromJson("{").status().detail(), Detail::kModelDeserialize);
  EXPECT_EQ(LoadGraphFromJson("{\"schema\": }").status().detail(), Detail::kModelDeserialize);
  EXPECT_EQ(LoadGraphFromJson("\xff\xfe").status().detail(), Detail::kModelDeserialize);
}

// BaseDoc() with |extra| spliced in as the value of an unknown field.
std::string WithExtraField(const std::string& extra) {
  std::string text = BaseDoc().dump();
  return text.substr(0, text.size() - 1) + ",\"extra\":" + extra + "}";
}

TEST(GraphLoader, GivenNestingDeeperThanTheLimitThenDeserializeModelBeforeParsing) {
  const int ok_depth = kMaxGraphJsonDepth - 1;  // the document's own object is one level
  EXPECT_TRUE(LoadGraphFromJson(WithExtraField(std::string(ok_depth, '[') + std::string(ok_depth, ']'))).ok());
  const int deep = kMaxGraphJsonDepth;
  auto over = LoadGraphFromJson(WithExtraField(std::string(deep, '[') + std::string(deep, ']')));
  EXPECT_EQ(over.status().detail(), Detail::kModelDeserialize);
  EXPECT_THAT(over.status().message(), HasSubstr("nested deeper than 64"));
  // Brackets inside strings do not nest.
  EXPECT_TRUE(LoadGraphFromJson(WithExtraField("\"" + std::string(1000, '[') + "\\\"{\"")).ok());
  // Far deeper: rejected without building the document (it would take
  // gigabytes for a few tens of MiB of text).
  const size_t huge = size_t{1} << 20;
  auto very = LoadGraphFromJson(WithExtraField(std::string(huge, '{') + std::string(huge, '}')));
  EXPECT_EQ(very.status().detail(), Detail::kModelDeserialize);
}

TEST(GraphLoader, GivenMoreJsonValuesThanTheLimitThenModelSizeInvalid) {
  std::string many = "[0";
  many.reserve(2 * kMaxGraphJsonValues + 8);
  for (size_t i = 0; i < kMaxGraphJsonValues; ++i) many += ",0";
  many += "]";
  auto r = LoadGraphFromJson(WithExtraField(many));
  EXPECT_EQ(r.status().detail(), Detail::kModelSizeInvalid);
  EXPECT_THAT(r.status().message(), HasSubstr("JSON values"));
}

TEST(GraphLoader, GivenNonObjectTopLevelThenDeserializeModel) {
  EXPECT_EQ(LoadGraphFromJson("[]").status().detail(), Detail::kModelDeserialize);
  EXPECT_EQ(LoadGraphFromJson("\"aclsim.graph.v1\"").status().detail(), Detail::kModelDeserialize);
}

TEST(GraphLoader, GivenWrongSchemaThenDeserializeModel) {
  ExpectError([](json& d) { d["schema"] = "aclsim.graph.v2"; }, Detail::kModelDeserialize);
  ExpectError([](json& d) { d["schema"] = 1; }, Detail::kModelDeserialize);
}

TEST(GraphLoader, GivenMissingTopLevelFieldThenModelMissingAttrNamingIt) {
  for (const char* field : {"schema", "name", "inputs", "ops", "outputs"}) {
    SCOPED_TRACE(field);
    ExpectError([&](json& d) { d.erase(field); }, Detail::kModelMissingAttr, std::string("'") + field + "'");
  }
}

TEST(GraphLoader, GivenMissingTensorFieldThenModelMissingAttr) {
  for (const char* field : {"name", "dtype", "shape"}) {
    SCOPED_TRACE(field);
    ExpectError([&](json& d) { d["inputs"][0].erase(field); }, Detail::kModelMissingAttr, field);
    ExpectError([&](json& d) { d["weights"][0].erase(field); }, Detail::kModelMissingAttr, field);
    ExpectError([&](json& d) { d["ops"][1]["outputs"][0].erase(field); }, Detail::kModelMissingAttr, field);
  }
  // The message names the op whose output lacks the field.
  ExpectError([](json& d) { d["ops"][1]["outputs"][0].erase("dtype"); }, Detail::kModelMissingAttr, "relu");
  ExpectError([](json& d) { d["inputs"][0].erase("shape"); }, Detail::kModelMissingAttr, "'x'");
}

TEST(GraphLoader, GivenMissingOpFieldThenModelMissingAttrNamingTheOp) {
  ExpectError([](json& d) { d["ops"][1].erase("name"); }, Detail::kModelMissingAttr, "ops[1]");
  for (const char* field : {"type", "inputs", "outputs"}) {
    SCOPED_TRACE(field);
    ExpectError([&](json& d) { d["ops"][1].erase(field); }, Detail::kModelMissingAttr, "'relu'");
  }
}

TEST(GraphLoader, GivenWrongFieldTypesThenParseModel) {
  ExpectError([](json& d) { d["name"] = 5; }, Detail::kModelParse);
  ExpectError([](json& d) { d["name"] = ""; }, Detail::kModelParse);
  ExpectError([](json& d) { d["inputs"] = "x"; }, Detail::kModelParse);
  ExpectError([](json& d) { d["inputs"][0] = "x"; }, Detail::kModelParse);
  ExpectError([](json& d) { d["weights"] = json::object(); }, Detail::kModelParse);
  ExpectError([](json& d) { d["ops"] = json::object(); }, Detail::kModelParse);
  ExpectError([](json& d) { d["ops"] = json::array(); }, Detail::kModelParse);
  ExpectError([](json& d) { d["ops"][0] = "mm"; }, Detail::kModelParse);
  ExpectError([](json& d) { d["ops"][1]["type"] = 3; }, Detail::kModelParse, "relu");
  ExpectError([](json& d) { d["ops"][1]["inputs"] = "mm.out"; }, Detail::kModelParse, "relu");
  ExpectError([](json& d) { d["ops"][1]["inputs"] = json::array({1}); }, Detail::kModelParse, "relu");
  ExpectError([](json& d) { d["ops"][1]["outputs"] = json::array(); }, Detail::kModelParse, "relu");
  ExpectError([](json& d) { d["ops"][1]["attrs"] = json::array(); }, Detail::kModelParse, "relu");
  ExpectError([](json& d) { d["ops"][1]["attrs"]["k"] = nullptr; }, Detail::kModelParse, "'k'");
  ExpectError([](json& d) { d["ops"][1]["attrs"]["k"] = json::object(); }, Detail::kModelParse, "'k'");
  ExpectError([](json& d) { d["ops"][1]["attrs"]["k"] = json::array({"a", "b"}); }, Detail::kModelParse, "'k'");
  ExpectError([](json& d) { d["inputs"][0]["format"] = 1; }, Detail::kModelParse);
}

TEST(GraphLoader, GivenDuplicateTensorNameThenParseModelNamingIt) {
  ExpectError([](json& d) { d["weights"][0]["name"] = "x"; }, Detail::kModelParse, "'x'");
  ExpectError([](json& d) { d["ops"][1]["outputs"][0]["name"] = "mm.out"; }, Detail::kModelParse, "'mm.out'");
  ExpectError([](json& d) { d["ops"][0]["outputs"][0]["name"] = "w"; }, Detail::kModelParse, "'w'");
}

TEST(GraphLoader, GivenDuplicateOpNameThenParseModelNamingIt) {
  ExpectError([](json& d) { d["ops"][1]["name"] = "mm"; }, Detail::kModelParse, "duplicate op name 'mm'");
}

TEST(GraphLoader, GivenDanglingInputThenParseModelNamingOpAndTensor) {
  json doc = BaseDoc();
  doc["ops"][1]["inputs"] = json::array({"nope"});
  auto g = Load(doc);
  EXPECT_EQ(g.status().detail(), Detail::kModelParse);
  EXPECT_THAT(g.status().message(), HasSubstr("'relu'"));
  EXPECT_THAT(g.status().message(), HasSubstr("'nope'"));
}

TEST(GraphLoader, GivenSelfReadThenParseModelCycle) {
  ExpectError([](json& d) { d["ops"][1]["inputs"] = json::array({"y"}); }, Detail::kModelParse, "'relu'");
}

TEST(GraphLoader, GivenTwoOpCycleThenParseModelNamingAnOpOnTheCycle) {
  json doc = BaseDoc();
  doc["ops"][0]["inputs"] = json::array({"y", "w"});  // mm reads relu's output, relu reads mm's
  auto g = Load(doc);
  EXPECT_EQ(g.status().detail(), Detail::kModelParse);
  EXPECT_THAT(g.status().message(), HasSubstr("cycle"));
  EXPECT_THAT(g.status().message(), HasSubstr("'mm'"));
}

TEST(GraphLoader, GivenUnknownDtypeFormatOrEngineThenParseModelNamingIt) {
  ExpectError([](json& d) { d["inputs"][0]["dtype"] = "complex64"; }, Detail::kModelParse, "'complex64'");
  ExpectError([](json& d) { d["ops"][1]["outputs"][0]["dtype"] = "fp8"; }, Detail::kModelParse, "'y'");
  ExpectError([](json& d) { d["weights"][0]["format"] = "NCDHW"; }, Detail::kModelParse, "'NCDHW'");
  ExpectError([](json& d) { d["ops"][0]["engine"] = "GPU"; }, Detail::kModelParse, "'mm'");
  ExpectError([](json& d) { d["ops"][0]["engine"] = 0; }, Detail::kModelParse, "'mm'");
}

TEST(GraphLoader, GivenBadShapeThenParseModelNamingTheTensor) {
  const json bad_shapes[] = {json::array({4, 0}),
                             json::array({4, -1}),
                             json::array({4, 1.5}),
                             json::array({4, "8"}),
                             json("4x8"),
                             json::array({1, 1, 1, 1, 1, 1, 1, 1, 1}),
                             json::array({int64_t{1} << 41})};
  for (const auto& shape : bad_shapes) {
    SCOPED_TRACE(shape.dump());
    ExpectError([&](json& d) { d["inputs"][0]["shape"] = shape; }, Detail::kModelParse, "'x'");
    ExpectError([&](json& d) { d["ops"][0]["outputs"][0]["shape"] = shape; }, Detail::kModelParse, "'mm.out'");
  }
}

// Each dim is within range but their product (2^80 elements) is not: the
// loader rejects it as the ONNX loader does, instead of a wrapped size.
TEST(GraphLoader, GivenTensorOfMoreThan2To40ElementsThenParseModelNamingTheTensor) {
  const json huge = json::array({int64_t{1} << 40, int64_t{1} << 40});
  ExpectError([&](json& d) { d["inputs"][0]["shape"] = huge; }, Detail::kModelParse, "'x' is too large");
  ExpectError([&](json& d) { d["ops"][0]["outputs"][0]["shape"] = huge; }, Detail::kModelParse,
              "'mm.out' is too large");
  ExpectError(
      [&](json& d) {
        d["inputs"][0]["shape"] = json::array({1 << 20, 1 << 20, 2});
      },
      Detail::kModelParse, "too large");
  // Exactly 2^40 elements is still accepted.
  json doc = BaseDoc();
  doc["inputs"].push_back({{"name", "big"}, {"dtype", "float64"}, {"shape", json::array({1 << 20, 1 << 20})}});
  doc["ops"][1]["inputs"] = json::array({"big"});
  auto g = Load(doc);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(g->tensor(TensorIndex(*g, "big")).SizeBytes(), int64_t{8} << 40);
}

TEST(GraphLoader, GivenBadStreamDurationOrBlockDimThenParseModelNamingTheOp) {
  const std::pair<const char*, json> cases[] = {
      {"stream", -1},       {"stream", 64},       {"stream", 1.5},      {"stream", "1"},
      {"duration_ns", -1},  {"duration_ns", 1.5}, {"duration_ns", "5"}, {"block_dim", 0},
      {"block_dim", 65536}, {"block_dim", -2},    {"block_dim", 2.0},   {"block_dim", "2"},
  };
  for (const auto& field_value : cases) {
    const char* const field = field_value.first;
    const json& value = field_value.second;
    SCOPED_TRACE(std::string(field) + "=" + value.dump());
    ExpectError([&](json& d) { d["ops"][1][field] = value; }, Detail::kModelParse, "'relu'");
  }
}

TEST(GraphLoader, GivenGraphOutputNotProducedByAnOpThenParseModel) {
  ExpectError([](json& d) { d["outputs"] = json::array({"x"}); }, Detail::kModelParse, "'x'");
  ExpectError([](json& d) { d["outputs"] = json::array({"w"}); }, Detail::kModelParse, "'w'");
  ExpectError([](json& d) { d["outputs"] = json::array({"nothing"}); }, Detail::kModelParse, "'nothing'");
  ExpectError([](json& d) { d["outputs"] = json::array(); }, Detail::kModelParse);
  ExpectError([](json& d) { d["outputs"] = "y"; }, Detail::kModelParse);
  ExpectError([](json& d) { d["outputs"] = json::array({1}); }, Detail::kModelParse);
}

// docs/model_format.md lists "a top-level outputs entry ... that is listed
// twice" as ACL_ERROR_PARSE_MODEL.
TEST(GraphLoader, GivenGraphOutputListedTwiceThenParseModel) {
  ExpectError([](json& d) { d["outputs"] = json::array({"y", "y"}); }, Detail::kModelParse, "'y'");
}

// docs/model_format.md: "inconsistent shapes on a cube op ... MatMul: the
// contraction dims must match and the output must be [..., M, N]" →
// ACL_ERROR_PARSE_MODEL.
TEST(GraphLoader, GivenMatMulWithMismatchedContractionDimsThenParseModel) {
  ExpectError([](json& d) { d["weights"][0]["shape"] = json::array({16, 8}); }, Detail::kModelParse, "'mm'");
}

// docs/model_format.md: Conv2D "Cout must equal w[0]" → ACL_ERROR_PARSE_MODEL.
TEST(GraphLoader, GivenConv2DWithWrongOutputChannelsThenParseModel) {
  json doc = json::parse(R"({
    "schema": "aclsim.graph.v1", "name": "conv",
    "inputs": [ {"name": "x", "dtype": "float16", "shape": [1, 3, 8, 8]} ],
    "weights": [ {"name": "w", "dtype": "float16", "shape": [16, 3, 3, 3]} ],
    "ops": [ {"name": "conv", "type": "Conv2D", "inputs": ["x", "w"],
              "attrs": {"strides": [1, 1], "pads": [1, 1, 1, 1], "dilations": [1, 1], "groups": 1},
              "outputs": [ {"name": "y", "dtype": "float16", "shape": [1, 32, 8, 8]} ]} ],
    "outputs": ["y"]
  })");
  auto g = Load(doc);
  EXPECT_EQ(g.status().detail(), Detail::kModelParse);
}

json ConvDoc() {
  return json::parse(R"({
    "schema": "aclsim.graph.v1", "name": "conv",
    "inputs": [ {"name": "x", "dtype": "float16", "format": "NCHW", "shape": [1, 4, 8, 8]} ],
    "weights": [ {"name": "w", "dtype": "float16", "shape": [16, 2, 3, 3]} ],
    "ops": [ {"name": "conv", "type": "Conv2D", "inputs": ["x", "w"],
              "attrs": {"strides": [2, 2], "pads": [1, 1, 1, 1], "dilations": [1, 1], "groups": 2},
              "outputs": [ {"name": "y", "dtype": "float16", "shape": [1, 16, 4, 4]} ]} ],
    "outputs": ["y"]
  })");
}

TEST(GraphLoader, GivenConsistentGroupedStridedConvThenAccepted) {
  auto g = Load(ConvDoc());
  ASSERT_TRUE(g.ok()) << g.status().ToString();
}

TEST(GraphLoader, GivenInconsistentConv2DShapesThenParseModelNamingTheOp) {
  auto expect_bad = [](const std::function<void(json&)>& mutate) {
    json doc = ConvDoc();
    mutate(doc);
    auto g = Load(doc);
    EXPECT_EQ(g.status().detail(), Detail::kModelParse) << doc.dump();
    EXPECT_THAT(g.status().message(), HasSubstr("'conv'"));
  };
  expect_bad([](json& d) { d["ops"][0]["outputs"][0]["shape"] = json::array({1, 16, 8, 8}); });  // ignores stride
  expect_bad([](json& d) { d["ops"][0]["attrs"]["groups"] = 1; });                               // Cin != w[1] * groups
  expect_bad([](json& d) { d["ops"][0]["attrs"]["groups"] = 3; });                               // does not divide Cin
  expect_bad([](json& d) { d["weights"][0]["shape"] = json::array({16, 2, 3}); });
  expect_bad([](json& d) { d["ops"][0]["inputs"] = json::array({"x"}); });
}

TEST(GraphLoader, GivenInconsistentMatMulShapesThenParseModel) {
  ExpectError([](json& d) { d["ops"][0]["outputs"][0]["shape"] = json::array({4, 9}); }, Detail::kModelParse, "'mm'");
  ExpectError([](json& d) { d["ops"][0]["attrs"]["transpose_a"] = true; }, Detail::kModelParse, "'mm'");
  ExpectError([](json& d) { d["inputs"][0]["shape"] = json::array({2, 4, 8}); }, Detail::kModelParse, "'mm'");
}

TEST(GraphLoader, GivenFlashAttentionWithout4DInputsThenParseModel) {
  json doc = json::parse(R"({
    "schema": "aclsim.graph.v1", "name": "fa",
    "inputs": [ {"name": "q", "dtype": "float16", "shape": [1, 8, 128, 64]},
                {"name": "k", "dtype": "float16", "shape": [1, 8, 128, 64]},
                {"name": "v", "dtype": "float16", "shape": [8, 128, 64]} ],
    "ops": [ {"name": "fa", "type": "FlashAttentionScore", "inputs": ["q", "k", "v"],
              "outputs": [ {"name": "o", "dtype": "float16", "shape": [1, 8, 128, 64]} ]} ],
    "outputs": ["o"]
  })");
  auto g = Load(doc);
  EXPECT_EQ(g.status().detail(), Detail::kModelParse);
  EXPECT_THAT(g.status().message(), HasSubstr("'fa'"));
  doc["inputs"][2]["shape"] = json::array({1, 8, 128, 64});
  EXPECT_TRUE(Load(doc).ok());
}

// ------------------------------------------------------------------- files

std::string ModelsDir() {
  if (const char* env = std::getenv("ACLSIM_MODELS_DIR"); env != nullptr && *env != '\0') return env;
  return ACLSIM_SOURCE_MODELS_DIR;
}

TEST(GraphLoader, GivenMissingFileThenGeExecModelPathInvalid) {
  auto g = LoadGraphFromFile("/nonexistent/dir/model.json");
  EXPECT_EQ(g.status().detail(), Detail::kFileUnusable);
  EXPECT_THAT(g.status().message(), HasSubstr("/nonexistent/dir/model.json"));
}

// graph_loader.h: "kFileRead: file opened but not readable" — a
// directory opens but cannot be read.
TEST(GraphLoader, GivenDirectoryPathThenReadModelFailure) {
  EXPECT_EQ(LoadGraphFromFile(ModelsDir()).status().detail(), Detail::kFileRead);
}

TEST(GraphLoader, GivenDeviceOrFifoPathThenReadModelFailureWithoutReading) {
  testing::TempFifo fifo;
  for (const std::string& path : {std::string("/dev/zero"), fifo.path()}) {
    auto g = LoadGraphFromFile(path);
    EXPECT_EQ(g.status().detail(), Detail::kFileRead) << path;
    EXPECT_THAT(g.status().message(), HasSubstr("not a regular file"));
  }
}

uint64_t WeightElements(const Graph& g) {
  uint64_t n = 0;
  for (const auto& t : g.tensors) {
    if (t.kind == TensorKind::kWeight) n += static_cast<uint64_t>(t.ElementCount());
  }
  return n;
}

TEST(GraphLoader, GivenShippedModelsThenAllLoadWithDocumentedOpAndWeightCounts) {
  struct Case {
    const char* file;
    size_t ops;
    uint64_t weights;
    uint32_t streams;
  };
  const Case cases[] = {{"resnet50.json", 174, 25'610'152, 1},
                        {"bert_base.json", 296, 108'891'648, 1},
                        {"sample_mlp.json", 9, 535'818, 1},
                        {"two_branch.json", 6, 2'097'152, 2}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.file);
    auto g = LoadGraphFromFile(ModelsDir() + "/" + c.file);
    ASSERT_TRUE(g.ok()) << g.status().ToString();
    EXPECT_EQ(g->ops.size(), c.ops);
    EXPECT_EQ(WeightElements(*g), c.weights);
    EXPECT_EQ(g->stream_count, c.streams);
    EXPECT_FALSE(g->outputs.empty());
  }
}

TEST(GraphLoader, GivenTwoBranchModelThenStreamsAndExplicitDurationKept) {
  auto g = LoadGraphFromFile(ModelsDir() + "/two_branch.json");
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(OpNames(*g), (std::vector<std::string>{"branch0.matmul", "branch0.relu", "branch1.matmul", "branch1.gelu",
                                                   "join", "softmax"}));
  EXPECT_EQ(g->ops[2].stream, 1u);
  EXPECT_EQ(g->ops[3].duration_ns, 20000);
}

}  // namespace
}  // namespace aclsim::model
