// ONNX loader unit tests: format detection, the mapping table's cube-op
// attribute conversions (Conv pads/strides/auto_pad, MatMul by rank, Gemm
// transposes), initializers as weights, the dynamic-dimension rule, unknown
// ops, constant folding and no-task views, node naming, and the exact error
// for each class of malformed input. Models are built in memory with the
// libonnx protobuf classes.
#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "runtime/model/model_loader.h"
#include "runtime/model/onnx/onnx_loader.h"
#include "sim/cost_model.h"
#include "tests/testing/status_printers.h"

namespace aclsim::model {
namespace {

using Dims = std::vector<int64_t>;
constexpr int kFloat = onnx::TensorProto_DataType_FLOAT;
constexpr int kInt64 = onnx::TensorProto_DataType_INT64;

// A small ModelProto builder (opset 17).
class Onnx {
 public:
  Onnx() {
    model_.set_ir_version(8);
    auto* opset = model_.add_opset_import();
    opset->set_domain("");
    opset->set_version(17);
    model_.mutable_graph()->set_name("m");
  }
  onnx::ModelProto& proto() { return model_; }
  onnx::GraphProto* graph() { return model_.mutable_graph(); }

  // |dims| entries < 0 become symbolic ("N").
  Onnx& Input(const std::string& name, const Dims& dims, int dtype = kFloat) {
    Value(graph()->add_input(), name, dims, dtype);
    return *this;
  }
  Onnx& Output(const std::string& name) {
    graph()->add_output()->set_name(name);
    return *this;
  }
  Onnx& OutputTyped(const std::string& name, const Dims& dims) {
    Value(graph()->add_output(), name, dims, kFloat);
    return *this;
  }
  Onnx& Weight(const std::string& name, const Dims& dims) {
    auto* t = graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(kFloat);
    for (int64_t d : dims) t->add_dims(d);
    return *this;
  }
  Onnx& Ints(const std::string& name, const Dims& values) {
    auto* t = graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(kInt64);
    t->add_dims(static_cast<int64_t>(values.size()));
    for (int64_t v : values) t->add_int64_data(v);
    return *this;
  }
  onnx::NodeProto* Node(const std::string& type, const std::string& name, std::initializer_list<std::string> in,
                        std::initializer_list<std::string> out) {
    auto* n = graph()->add_node();
    n->set_op_type(type);
    n->set_name(name);
    for (const auto& i : in) n->add_input(i);
    for (const auto& o : out) n->add_output(o);
    return n;
  }
  std::string Bytes() const { return model_.SerializeAsString(); }

  static void IntsAttr(onnx::NodeProto* n, const std::string& name, const Dims& v) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t x : v) a->add_ints(x);
  }
  static void IntAttr(onnx::NodeProto* n, const std::string& name, int64_t v) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(v);
  }
  static void StringAttr(onnx::NodeProto* n, const std::string& name, const std::string& v) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::STRING);
    a->set_s(v);
  }

 private:
  static void Value(onnx::ValueInfoProto* v, const std::string& name, const Dims& dims, int dtype) {
    v->set_name(name);
    auto* tt = v->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(dtype);
    auto* shape = tt->mutable_shape();
    for (int64_t d : dims) {
      if (d < 0) {
        shape->add_dim()->set_dim_param("N");
      } else {
        shape->add_dim()->set_dim_value(d);
      }
    }
  }
  onnx::ModelProto model_;
};

StatusOr<Graph> Load(const Onnx& m, OnnxLoadReport* report = nullptr, ModelLoadOptions options = {}) {
  return LoadGraphFromOnnx(m.Bytes(), options, report);
}

const Op& OpNamed(const Graph& g, const std::string& name) {
  for (const auto& op : g.ops) {
    if (op.name == name) return op;
  }
  ADD_FAILURE() << "no op " << name;
  return g.ops.front();
}

Dims ShapeOf(const Graph& g, const std::string& tensor) {
  for (const auto& t : g.tensors) {
    if (t.name == tensor) return t.shape;
  }
  ADD_FAILURE() << "no tensor " << tensor;
  return {};
}

TEST(OnnxLoader, GivenJsonOrProtobufBytesWhenDetectingThenFormatFollowsContent) {
  EXPECT_EQ(DetectModelFormat("  {\"schema\": 1}"), ModelFormat::kJson);
  EXPECT_EQ(DetectModelFormat("\xEF\xBB\xBF{"), ModelFormat::kJson);
  EXPECT_EQ(DetectModelFormat(""), ModelFormat::kJson);
  Onnx m;
  m.Input("x", {2, 3}).Output("y").Node("Relu", "r", {"x"}, {"y"});
  EXPECT_EQ(DetectModelFormat(m.Bytes()), ModelFormat::kOnnx);
  EXPECT_TRUE(OnnxSupported());
  auto g = LoadModelBytes(m.Bytes(), {});
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(g->ops.size(), 1u);
  EXPECT_EQ(g->ops[0].type, "Relu");
  EXPECT_EQ(g->ops[0].engine, Engine::kAiVector);
  EXPECT_EQ(ShapeOf(*g, "y"), (Dims{2, 3}));
}

TEST(OnnxLoader, GivenConvWithAsymmetricPadsThenConv2DWithTopBottomLeftRightPadsAndExactMacs) {
  Onnx m;
  m.Input("x", {1, 3, 8, 8}).Weight("w", {4, 3, 3, 3}).Weight("b", {4}).Output("y");
  auto* conv = m.Node("Conv", "conv", {"x", "w", "b"}, {"y"});
  Onnx::IntsAttr(conv, "strides", {2, 1});
  Onnx::IntsAttr(conv, "pads", {1, 0, 2, 1});  // h_begin, w_begin, h_end, w_end
  auto g = Load(m);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  const Op& op = OpNamed(*g, "conv");
  EXPECT_EQ(op.type, "Conv2D");
  EXPECT_EQ(op.engine, Engine::kAiCore);
  EXPECT_EQ(op.IntsAttr("pads"), (Dims{1, 2, 0, 1}));  // top, bottom, left, right
  EXPECT_EQ(op.IntsAttr("strides"), (Dims{2, 1}));
  EXPECT_EQ(op.IntsAttr("dilations"), (Dims{1, 1}));
  EXPECT_EQ(op.IntAttr("groups", 0), 1);
  EXPECT_EQ(ShapeOf(*g, "y"), (Dims{1, 4, 5, 7}));
  sim::OpWork work = sim::ComputeOpWork(*g, op);
  EXPECT_EQ(work.macs, 4u * 5 * 7 * 27);
  EXPECT_EQ(work.flops, 2 * work.macs);
  // x, w and b are read, y written (float32).
  EXPECT_EQ(work.bytes, 4u * (3 * 64 + 4 * 27 + 4 + 4 * 35));
}

TEST(OnnxLoader, GivenSameUpperGroupedConvThenPadsResolvedAndGroupsCarried) {
  Onnx m;
  m.Input("x", {1, 8, 7, 7}).Weight("w", {8, 2, 3, 3}).Output("y");
  auto* conv = m.Node("Conv", "", {"x", "w"}, {"y"});
  Onnx::IntsAttr(conv, "strides", {2, 2});
  Onnx::IntAttr(conv, "group", 4);
  Onnx::StringAttr(conv, "auto_pad", "SAME_UPPER");
  auto g = Load(m);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  const Op& op = g->ops[0];
  EXPECT_EQ(op.name, "Conv_0");  // generated: <OpType>_<node index>
  EXPECT_EQ(ShapeOf(*g, "y"), (Dims{1, 8, 4, 4}));
  EXPECT_EQ(op.IntsAttr("pads"), (Dims{1, 1, 1, 1}));
  EXPECT_EQ(op.IntAttr("groups", 0), 4);
  EXPECT_EQ(sim::ComputeOpWork(*g, op).macs, 8u * 16 * 2 * 9);
}

TEST(OnnxLoader, GivenMatMulsOfRank2And3AndGemmThenMatMulV2BatchMatMulV2AndTransposes) {
  Onnx m;
  m.Input("a", {4, 16}).Input("c", {2, 4, 16}).Weight("wt", {32, 16}).Weight("bias", {32}).Weight("w", {16, 8});
  m.Output("y1").Output("y2").Output("y3");
  m.Node("MatMul", "mm", {"a", "w"}, {"y1"});
  m.Node("MatMul", "bmm", {"c", "w"}, {"y2"});
  auto* gemm = m.Node("Gemm", "gemm", {"a", "wt", "bias"}, {"y3"});
  Onnx::IntAttr(gemm, "transB", 1);
  auto g = Load(m);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(OpNamed(*g, "mm").type, "MatMulV2");
  EXPECT_EQ(OpNamed(*g, "bmm").type, "BatchMatMulV2");
  const Op& op = OpNamed(*g, "gemm");
  EXPECT_EQ(op.type, "MatMulV2");
  EXPECT_EQ(op.engine, Engine::kAiCore);
  EXPECT_FALSE(op.BoolAttr("transpose_a", true));
  EXPECT_TRUE(op.BoolAttr("transpose_b", false));
  ASSERT_EQ(op.inputs.size(), 3u);  // bias is the third input
  EXPECT_EQ(g->tensor(op.inputs[2]).name, "bias");
  EXPECT_EQ(sim::ComputeOpWork(*g, OpNamed(*g, "mm")).macs, 4u * 8 * 16);
  EXPECT_EQ(sim::ComputeOpWork(*g, OpNamed(*g, "bmm")).macs, 2u * 4 * 8 * 16);
  EXPECT_EQ(sim::ComputeOpWork(*g, op).macs, 4u * 32 * 16);
  EXPECT_EQ(ShapeOf(*g, "y3"), (Dims{4, 32}));
}

TEST(OnnxLoader, GivenInitializersThenTheyAreWeightsAndNotModelInputs) {
  Onnx m;
  m.Input("x", {2, 4}).Input("w", {4, 4}).Weight("w", {4, 4}).Output("y");  // old IR: w listed as input too
  m.Node("MatMul", "mm", {"x", "w"}, {"y"});
  auto g = Load(m);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  ASSERT_EQ(g->inputs.size(), 1u);
  EXPECT_EQ(g->tensor(g->inputs[0]).name, "x");
  EXPECT_EQ(g->tensor(g->inputs[0]).kind, TensorKind::kInput);
  const Op& op = g->ops[0];
  EXPECT_EQ(g->tensor(op.inputs[1]).kind, TensorKind::kWeight);
  ASSERT_EQ(g->outputs.size(), 1u);
  EXPECT_EQ(g->tensor(g->outputs[0]).name, "y");
  EXPECT_EQ(g->tensor(g->outputs[0]).producer, 0);
}

TEST(OnnxLoader, GivenSymbolicBatchThenDefaultBatchIsSubstitutedAndPropagated) {
  Onnx m;
  m.Input("x", {-1, 3, 4, 4}).Output("y").Node("Relu", "r", {"x"}, {"y"});
  auto g = Load(m);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(ShapeOf(*g, "x"), (Dims{1, 3, 4, 4}));
  EXPECT_EQ(ShapeOf(*g, "y"), (Dims{1, 3, 4, 4}));
  EXPECT_EQ(g->tensor(g->inputs[0]).format, Format::kNchw);
  ModelLoadOptions options;
  options.default_batch = 8;
  g = Load(m, nullptr, options);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(ShapeOf(*g, "y"), (Dims{8, 3, 4, 4}));
  options.default_batch = 0;
  EXPECT_EQ(Load(m, nullptr, options).status().code(), StatusCode::kInvalidArgument);
}

TEST(OnnxLoader, GivenSymbolicNonBatchDimThenModelNotDynamicNamingTheTensor) {
  Onnx m;
  m.Input("tokens", {1, -1}).Output("y").Node("Relu", "r", {"tokens"}, {"y"});
  auto g = Load(m);
  EXPECT_EQ(g.status().detail(), Detail::kModelNotDynamic);
  EXPECT_NE(g.status().message().find("'tokens'"), std::string::npos) << g.status().message();
  EXPECT_NE(g.status().message().find("'N'"), std::string::npos) << g.status().message();
}

TEST(OnnxLoader, GivenDataDependentShapeThenModelNotDynamicNamingTheTensor) {
  Onnx m;
  m.Input("x", {6}).Output("y").Node("NonZero", "nz", {"x"}, {"nz_out"});
  m.Node("Cast", "cast", {"nz_out"}, {"y"});
  Onnx::IntAttr(m.graph()->mutable_node(1), "to", kFloat);
  auto g = Load(m);
  EXPECT_EQ(g.status().detail(), Detail::kModelNotDynamic);
  EXPECT_NE(g.status().message().find("'nz_out'"), std::string::npos) << g.status().message();
}

TEST(OnnxLoader, GivenUnknownOpTypeThenMemoryBoundVectorOpCountedAndDownstreamInferred) {
  Onnx m;
  auto* opset = m.proto().add_opset_import();
  opset->set_domain("com.example");
  opset->set_version(1);
  m.Input("x", {2, 8}).Output("y");
  auto* fancy = m.Node("FancyOp", "fancy", {"x"}, {"t"});
  fancy->set_domain("com.example");
  m.Node("Relu", "relu", {"t"}, {"y"});
  OnnxLoadReport report;
  auto g = Load(m, &report);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  const Op& op = OpNamed(*g, "fancy");
  EXPECT_EQ(op.type, "FancyOp");
  EXPECT_EQ(op.engine, Engine::kAiVector);
  EXPECT_EQ(report.unknown_ops, 1u);
  EXPECT_EQ(report.unknown_types.at("com.example::FancyOp"), 1u);
  EXPECT_EQ(ShapeOf(*g, "y"), (Dims{2, 8}));
  EXPECT_EQ(sim::ComputeOpWork(*g, op).macs, 0u);
}

TEST(OnnxLoader, GivenShapeChainAndReshapeThenFoldedAliasedAndDependencyKept) {
  // x -> Relu -> Shape -> Gather -> Concat -> Reshape -> Softmax -> y
  Onnx m;
  m.Input("x", {2, 3, 4}).Output("y").Ints("idx", {0}).Ints("minus1", {-1});
  m.Node("Relu", "relu", {"x"}, {"r"});
  m.Node("Shape", "shape", {"r"}, {"s"});
  auto* gather = m.Node("Gather", "gather", {"s", "idx"}, {"s0"});
  Onnx::IntAttr(gather, "axis", 0);
  auto* concat = m.Node("Concat", "concat", {"s0", "minus1"}, {"target"});
  Onnx::IntAttr(concat, "axis", 0);
  m.Node("Reshape", "reshape", {"r", "target"}, {"flat"});
  m.Node("Softmax", "softmax", {"flat"}, {"y"});
  OnnxLoadReport report;
  auto g = Load(m, &report);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(report.node_count, 6u);
  EXPECT_EQ(report.folded_nodes, 3u);   // Shape, Gather, Concat
  EXPECT_EQ(report.aliased_nodes, 1u);  // Reshape
  EXPECT_EQ(report.task_ops, 2u);
  ASSERT_EQ(g->ops.size(), 2u);
  EXPECT_EQ(g->ops[1].type, "SoftmaxV2");
  const Tensor& flat = g->tensor(g->ops[1].inputs[0]);
  EXPECT_EQ(flat.shape, (Dims{2, 12}));
  EXPECT_EQ(flat.producer, 0);  // the alias keeps the dependency on relu
}

TEST(OnnxLoader, GivenViewProducingGraphOutputThenItStaysATask) {
  Onnx m;
  m.Input("x", {2, 3}).Output("y").Node("Identity", "id", {"x"}, {"y"});
  auto g = Load(m);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  ASSERT_EQ(g->ops.size(), 1u);
  EXPECT_EQ(g->ops[0].type, "Identity");
}

TEST(OnnxLoader, GivenDuplicateNodeNamesThenMadeUniqueWithTheNodeIndex) {
  Onnx m;
  m.Input("x", {4}).Output("y");
  m.Node("Relu", "act", {"x"}, {"t"});
  m.Node("Relu", "act", {"t"}, {"y"});
  auto g = Load(m);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(g->ops[0].name, "act");
  EXPECT_EQ(g->ops[1].name, "act_1");
}

TEST(OnnxLoader, GivenNodesOutOfOrderThenSortedTopologically) {
  Onnx m;
  m.Input("x", {4}).Output("y");
  m.Node("Sigmoid", "second", {"t"}, {"y"});
  m.Node("Relu", "first", {"x"}, {"t"});
  auto g = Load(m);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  EXPECT_EQ(g->ops[0].name, "first");
  EXPECT_EQ(g->ops[1].name, "second");
}

TEST(OnnxLoader, GivenGarbageOrTruncatedBytesThenDeserializeModel) {
  EXPECT_EQ(LoadModelBytes("hello model", {}).status().detail(), Detail::kModelDeserialize);
  EXPECT_NE(LoadModelBytes("hello model", {}).status().message().find("ONNX"), std::string::npos);
  Onnx m;
  m.Input("x", {4}).Output("y").Node("Relu", "r", {"x"}, {"y"});
  std::string bytes = m.Bytes();
  EXPECT_EQ(LoadModelBytes(bytes.substr(0, bytes.size() / 2), {}).status().detail(), Detail::kModelDeserialize);
  onnx::ModelProto no_graph;
  no_graph.set_ir_version(8);
  auto s = LoadModelBytes(no_graph.SerializeAsString(), {}).status();
  EXPECT_EQ(s.detail(), Detail::kModelDeserialize);
  EXPECT_NE(s.message().find("no graph"), std::string::npos);
  EXPECT_EQ(LoadGraphFromOnnx("", {}).status().detail(), Detail::kModelSizeInvalid);
}

TEST(OnnxLoader, GivenStructuralErrorsThenParseModelNamingTheProblem) {
  struct Case {
    const char* what;
    void (*build)(Onnx&);
    const char* message_part;
  };
  const Case cases[] = {
      {"dangling input",
       [](Onnx& m) {
         m.Input("x", {4}).Output("y").Node("Add", "add", {"x", "nope"}, {"y"});
       },
       "'nope'"},
      {"cycle",
       [](Onnx& m) {
         m.Input("x", {4}).Output("y");
         m.Node("Add", "a", {"x", "c"}, {"b"});
         m.Node("Relu", "r", {"b"}, {"c"});
         m.Node("Relu", "o", {"c"}, {"y"});
       },
       "cycle"},
      {"redefined tensor",
       [](Onnx& m) {
         m.Input("x", {4}).Output("y");
         m.Node("Relu", "a", {"x"}, {"y"});
         m.Node("Relu", "b", {"x"}, {"y"});
       },
       "redefines tensor 'y'"},
      {"schema violation",
       [](Onnx& m) {
         m.Input("x", {4}).Output("y").Node("Relu", "r", {"x", "x"}, {"y"});
       },
       "'r' (Relu) fails its ONNX schema"},
      {"no nodes", [](Onnx& m) { m.Input("x", {4}).Output("x"); }, "no nodes"},
      {"undefined output", [](Onnx& m) { m.Input("x", {4}).Output("z").Node("Relu", "r", {"x"}, {"y"}); }, "'z'"},
      {"conv declared output disagrees",
       [](Onnx& m) {
         m.Input("x", {1, 3, 8, 8}).Weight("w", {4, 3, 3, 3}).OutputTyped("y", {1, 4, 8, 8});
         m.Node("Conv", "conv", {"x", "w"}, {"y"});
       },
       "conv"},
      // Found by onnx_loader_fuzz: inputs that crash libonnx 1.12's conv/pool shape inference.
      {"zero pooling stride",
       [](Onnx& m) {
         m.Input("x", {1, 1, 8}).Output("y");
         auto* pool = m.Node("MaxPool", "pool", {"x"}, {"y"});
         Onnx::IntsAttr(pool, "kernel_shape", {3});
         Onnx::IntsAttr(pool, "strides", {0});
       },
       "strides value 0"},
      {"conv weight of low rank",
       [](Onnx& m) {
         m.Input("x", {1, 3, 8, 8}).Input("w", {4}).Output("y");
         m.Node("Conv", "conv", {"x", "w"}, {"y"});
       },
       "must have rank >= 3"},
      {"no opset",
       [](Onnx& m) {
         m.proto().clear_opset_import();
         m.Input("x", {4}).Output("y").Node("Relu", "r", {"x"}, {"y"});
       },
       "opset"},
  };
  for (const auto& c : cases) {
    Onnx m;
    c.build(m);
    auto g = Load(m);
    EXPECT_EQ(g.status().detail(), Detail::kModelParse) << c.what << ": " << g.status().ToString();
    EXPECT_NE(g.status().message().find(c.message_part), std::string::npos) << c.what << ": " << g.status().message();
  }
}

TEST(OnnxLoader, GivenStringTensorOrSequenceThenFeatureUnsupported) {
  Onnx m;
  m.Input("s", {2}, onnx::TensorProto_DataType_STRING).Output("y").Node("Identity", "id", {"s"}, {"y"});
  auto g = Load(m);
  EXPECT_EQ(g.status().detail(), Detail::kFeatureUnsupported);
  EXPECT_NE(g.status().message().find("STRING"), std::string::npos);

  Onnx seq;
  auto* in = seq.graph()->add_input();
  in->set_name("xs");
  in->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(kFloat);
  seq.Output("y").Node("SequenceLength", "len", {"xs"}, {"y"});
  EXPECT_EQ(Load(seq).status().detail(), Detail::kFeatureUnsupported);
}

TEST(OnnxLoader, GivenMappingTableThenRankDependentTypes) {
  EXPECT_EQ(OnnxAscendOpType("Conv", 4), "Conv2D");
  EXPECT_EQ(OnnxAscendOpType("Conv", 3), "Conv2D");
  EXPECT_EQ(OnnxAscendOpType("Conv", 5), "Conv3D");
  EXPECT_EQ(OnnxAscendOpType("MatMul", 2), "MatMulV2");
  EXPECT_EQ(OnnxAscendOpType("MatMul", 4), "BatchMatMulV2");
  EXPECT_EQ(OnnxAscendOpType("Gemm", 2), "MatMulV2");
  EXPECT_EQ(OnnxAscendOpType("BatchNormalization", 4), "BatchNorm");
  EXPECT_EQ(OnnxAscendOpType("GlobalAveragePool", 4), "ReduceMean");
  EXPECT_EQ(OnnxAscendOpType("Softmax", 2), "SoftmaxV2");
  EXPECT_EQ(OnnxAscendOpType("NoSuchOp", 2), "");
}

// Fuzzer-found inputs whose libonnx 1.12 shape inference reads out of
// bounds. They must be rejected before inference runs.
TEST(OnnxLoaderRegression, GivenLayerNormOnScalarInputThenParseModelInsteadOfACrash) {
  Onnx m;
  m.Input("X", {}).Input("W", {3, 4}).Output("Y").Node("LayerNormalization", "ln", {"X", "W"}, {"Y"});
  auto graph = Load(m);
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().detail(), Detail::kModelParse);
  EXPECT_NE(graph.status().message().find("'X' has rank 0 (a scalar)"), std::string::npos) << graph.status().message();
}

TEST(OnnxLoaderRegression, GivenGemmWithVectorAThenParseModelInsteadOfACrash) {
  Onnx m;
  m.Input("A", {3}).Input("B", {5, 4}).Input("C", {1, 5}).Output("Y");
  auto* n = m.Node("Gemm", "gemm", {"A", "B", "C"}, {"Y"});
  Onnx::IntAttr(n, "transA", 1);
  Onnx::IntAttr(n, "transB", 1);
  auto graph = Load(m);
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().detail(), Detail::kModelParse);
  EXPECT_NE(graph.status().message().find("needs input 0 of rank 2; 'A' has rank 1"), std::string::npos)
      << graph.status().message();
}

TEST(OnnxLoaderRegression, GivenGemmWithRank3BThenParseModel) {
  Onnx m;
  m.Input("A", {3, 4}).Input("B", {5, 4, 2}).Output("Y");
  Onnx::IntAttr(m.Node("Gemm", "gemm", {"A", "B"}, {"Y"}), "transB", 1);
  auto graph = Load(m);
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().detail(), Detail::kModelParse);
  EXPECT_NE(graph.status().message().find("needs input 1 of rank 2; 'B' has rank 3"), std::string::npos)
      << graph.status().message();
}

TEST(OnnxLoaderRegression, GivenStftOnScalarSignalThenParseModelInsteadOfACrash) {
  Onnx m;
  m.Input("signal", {}).Input("frame_step", {}).Output("Y").Node("STFT", "stft", {"signal", "frame_step"}, {"Y"});
  auto graph = Load(m);
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().detail(), Detail::kModelParse);
  EXPECT_NE(graph.status().message().find("'signal' has rank 0 (a scalar)"), std::string::npos)
      << graph.status().message();
}

TEST(OnnxLoaderRegression, GivenWellFormedGemmThenLoads) {
  Onnx m;
  m.Input("A", {4, 3}).Input("B", {5, 4}).Input("C", {1, 5}).Output("Y");
  auto* n = m.Node("Gemm", "gemm", {"A", "B", "C"}, {"Y"});
  Onnx::IntAttr(n, "transA", 1);
  Onnx::IntAttr(n, "transB", 1);
  auto graph = Load(m);
  ASSERT_TRUE(graph.ok()) << graph.status().ToString();
  EXPECT_EQ(ShapeOf(*graph, "Y"), (Dims{3, 5}));
}

}  // namespace
}  // namespace aclsim::model
