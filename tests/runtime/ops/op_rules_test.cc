// The op checker (runtime/ops/op_def.h) directly: one accepted and one
// refused call per shape rule, with the exact status, the planned kernel
// (type, name, engine, tensor order, attributes) and the workspace.
#include <deque>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "runtime/ops/op_def.h"

namespace aclsim::ops {
namespace {

using model::DataType;
using runtime::OpTensor;
using ::testing::HasSubstr;

// The arguments of one call of |api|, set by name; unset pointers are NULL.
class Call {
 public:
  explicit Call(std::string_view api) {
    for (size_t i = 0; i < OpDefCount(); ++i) {
      if (GetOpDef(i).api == api) def_ = &GetOpDef(i);
    }
    EXPECT_NE(def_, nullptr) << api;
    args_.resize(def_ ? def_->arg_count : 0);
  }
  Call& T(std::string_view name, std::vector<int64_t> shape, DataType dtype = DataType::kFloat16) {
    tensors_.push_back({dtype, model::Format::kNd, std::move(shape)});
    OpArg& a = At(name);
    a.present = true;
    a.tensor = &tensors_.back();
    return *this;
  }
  Call& List(std::string_view name, std::vector<std::vector<int64_t>> shapes) {
    lists_.emplace_back();
    for (auto& s : shapes) {
      tensors_.push_back({DataType::kFloat16, model::Format::kNd, std::move(s)});
      lists_.back().push_back(&tensors_.back());
    }
    OpArg& a = At(name);
    a.present = true;
    a.list = &lists_.back();
    return *this;
  }
  Call& Ints(std::string_view name, std::vector<int64_t> v) {
    ints_.push_back(std::move(v));
    OpArg& a = At(name);
    a.present = true;
    a.ints = &ints_.back();
    return *this;
  }
  Call& Scalar(std::string_view name) {
    OpArg& a = At(name);
    a.present = true;
    a.scalar = &scalar_;
    return *this;
  }
  Call& I(std::string_view name, int64_t v) {
    At(name).i = v;
    return *this;
  }
  Call& B(std::string_view name, bool v) {
    At(name).b = v;
    return *this;
  }
  Call& S(std::string_view name, std::string_view v) {
    OpArg& a = At(name);
    a.present = true;
    a.text = v;
    return *this;
  }
  StatusOr<OpPlan> Plan() const { return PlanOp(*def_, args_.data(), args_.size()); }

 private:
  OpArg& At(std::string_view name) {
    for (size_t i = 0; i < def_->arg_count; ++i) {
      if (def_->args[i].name == name) return args_[i];
    }
    ADD_FAILURE() << "no argument " << name;
    return args_[0];
  }
  const OpDef* def_ = nullptr;
  std::vector<OpArg> args_;
  std::deque<OpTensor> tensors_;
  std::deque<std::vector<const OpTensor*>> lists_;
  std::deque<std::vector<int64_t>> ints_;
  OpScalar scalar_;
};

std::vector<int64_t> Shape(const OpTensor& t) { return t.shape; }

TEST(OpRules, GivenTheTableThenEveryOpHasItsTwoPhasesAndUniqueNames) {
  EXPECT_EQ(OpDefCount(), 58u);
  for (size_t i = 0; i < OpDefCount(); ++i) {
    for (size_t j = i + 1; j < OpDefCount(); ++j) EXPECT_STRNE(GetOpDef(i).api, GetOpDef(j).api);
  }
}

TEST(OpRules, GivenMatmulThenTorchBroadcastingAndTheBatchKernel) {
  auto ok = Call("aclnnMatmul").T("self", {2, 1, 8, 16}).T("mat2", {3, 16, 4}).T("out", {2, 3, 8, 4}).Plan();
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  EXPECT_EQ(ok->call.type, "BatchMatMulV3");
  EXPECT_EQ(ok->call.name, "aclnnMatmul_BatchMatMulV3Nd_BatchMatMulV3");
  EXPECT_EQ(ok->call.engine, model::Engine::kAiCore);
  auto vec = Call("aclnnMatmul").T("self", {16}).T("mat2", {16, 4}).T("out", {4}).Plan();
  ASSERT_TRUE(vec.ok()) << vec.status().ToString();
  EXPECT_EQ(vec->call.type, "MatMulV2");
  auto bad = Call("aclnnMatmul").T("self", {8, 16}).T("mat2", {8, 4}).T("out", {8, 4}).Plan();
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument);
}

TEST(OpRules, GivenAddmmThenTheProductOperandsComeFirst) {
  auto ok = Call("aclnnAddmm")
                .T("self", {32})
                .T("mat1", {8, 16})
                .T("mat2", {16, 32})
                .Scalar("beta")
                .Scalar("alpha")
                .T("out", {8, 32})
                .Plan();
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  ASSERT_EQ(ok->call.inputs.size(), 3u);
  EXPECT_EQ(Shape(ok->call.inputs[0]), (std::vector<int64_t>{8, 16}));
  EXPECT_EQ(Shape(ok->call.inputs[2]), (std::vector<int64_t>{32}));
  auto bad = Call("aclnnAddmm")
                 .T("self", {7})
                 .T("mat1", {8, 16})
                 .T("mat2", {16, 32})
                 .Scalar("beta")
                 .Scalar("alpha")
                 .T("out", {8, 32})
                 .Plan();
  EXPECT_THAT(bad.status().message(), HasSubstr("shapes [7] and [8,32] do not broadcast"));
}

TEST(OpRules, GivenPoolingThenFloorAndCeilWindows) {
  auto floor = Call("aclnnMaxPool2dWithIndices")
                   .T("self", {1, 3, 7, 7})
                   .Ints("kernelSize", {3})
                   .Ints("stride", {2})
                   .Ints("padding", {0})
                   .Ints("dilation", {1})
                   .B("ceilMode", false)
                   .T("out", {1, 3, 3, 3})
                   .T("indices", {1, 3, 3, 3}, DataType::kInt32)
                   .Plan();
  EXPECT_TRUE(floor.ok()) << floor.status().ToString();
  auto ceil = Call("aclnnAvgPool2d")
                  .T("self", {1, 3, 8, 8})
                  .Ints("kernelSize", {3})
                  .Ints("strides", {2})
                  .Ints("paddings", {0})
                  .B("ceilMode", true)
                  .T("out", {1, 3, 4, 4})
                  .Plan();
  EXPECT_TRUE(ceil.ok()) << ceil.status().ToString();
  auto bad_pad = Call("aclnnAvgPool2d")
                     .T("self", {1, 3, 8, 8})
                     .Ints("kernelSize", {2})
                     .Ints("strides", {2})
                     .Ints("paddings", {2})
                     .T("out", {1, 3, 6, 6})
                     .Plan();
  EXPECT_THAT(bad_pad.status().message(), HasSubstr("padding at most half the window"));
}

TEST(OpRules, GivenEmbeddingThenIndicesShapePlusTheRowWidth) {
  auto ok =
      Call("aclnnEmbedding").T("weight", {1000, 64}).T("indices", {4, 9}, DataType::kInt64).T("out", {4, 9, 64}).Plan();
  EXPECT_TRUE(ok.ok()) << ok.status().ToString();
  auto bad = Call("aclnnEmbedding")
                 .T("weight", {1000, 64})
                 .T("indices", {4, 9}, DataType::kFloat32)
                 .T("out", {4, 9, 64})
                 .Plan();
  EXPECT_THAT(bad.status().message(), HasSubstr("int32 or int64"));
}

Call FlashAttention(std::vector<int64_t> q, std::vector<int64_t> softmax) {
  Call c("aclnnFlashAttentionScore");
  c.T("query", q).T("key", q).T("value", q).S("inputLayout", "BSH").I("headNum", 8).T("attentionOutOut", q);
  c.T("softmaxMaxOut", softmax, DataType::kFloat32).T("softmaxSumOut", softmax, DataType::kFloat32);
  return c;
}

TEST(OpRules, GivenFlashAttentionThenLayoutAndHeadsGiveTheSoftmaxStatShape) {
  auto ok = FlashAttention({2, 128, 512}, {2, 8, 128, 8}).Plan();
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  EXPECT_EQ(std::get<std::string>(ok->call.attrs.at("inputLayout")), "BSH");
  EXPECT_EQ(std::get<int64_t>(ok->call.attrs.at("headNum")), 8);
  EXPECT_EQ(ok->workspace_bytes, 2u * 8u * 128u * 8u * 4u) << "the first output: softmaxMaxOut";
  auto bad = FlashAttention({2, 128, 512}, {2, 8, 128, 1}).Plan();
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument);
}

TEST(OpRules, GivenReductionsThenKeepDimsAndRepeatedDims) {
  auto keep = Call("aclnnReduceSum")
                  .T("self", {4, 5, 6})
                  .Ints("dims", {-1, 0})
                  .B("keepDims", true)
                  .I("dtype", static_cast<int64_t>(DataType::kFloat16))
                  .T("out", {1, 5, 1})
                  .Plan();
  EXPECT_TRUE(keep.ok()) << keep.status().ToString();
  auto repeat = Call("aclnnReduceSum")
                    .T("self", {4, 5, 6})
                    .Ints("dims", {2, -1})
                    .B("keepDims", false)
                    .I("dtype", static_cast<int64_t>(DataType::kFloat16))
                    .T("out", {4, 5})
                    .Plan();
  EXPECT_THAT(repeat.status().message(), HasSubstr("repeats"));
  auto dtype = Call("aclnnReduceSum")
                   .T("self", {4})
                   .Ints("dims", {0})
                   .B("keepDims", false)
                   .I("dtype", static_cast<int64_t>(DataType::kFloat32))
                   .T("out", {})
                   .Plan();
  EXPECT_THAT(dtype.status().message(), HasSubstr("data type"));
}

TEST(OpRules, GivenPermuteCatAndSplitThenTheirShapes) {
  EXPECT_TRUE(Call("aclnnPermute").T("self", {2, 3, 4}).Ints("dims", {2, 0, 1}).T("out", {4, 2, 3}).Plan().ok());
  EXPECT_FALSE(Call("aclnnPermute").T("self", {2, 3, 4}).Ints("dims", {0, 0, 1}).T("out", {2, 2, 3}).Plan().ok());
  EXPECT_TRUE(Call("aclnnCat").List("tensors", {{2, 3}, {2, 5}}).I("dim", 1).T("out", {2, 8}).Plan().ok());
  EXPECT_FALSE(Call("aclnnCat").List("tensors", {{2, 3}, {3, 5}}).I("dim", 1).T("out", {2, 8}).Plan().ok());
  EXPECT_TRUE(Call("aclnnSplitTensor")
                  .T("self", {10, 4})
                  .I("splitSections", 4)
                  .I("dim", 0)
                  .List("out", {{4, 4}, {4, 4}, {2, 4}})
                  .Plan()
                  .ok());
  auto sizes = Call("aclnnSplitWithSize")
                   .T("self", {10, 4})
                   .Ints("splitSize", {3, 3})
                   .I("dim", 0)
                   .List("out", {{3, 4}, {3, 4}})
                   .Plan();
  EXPECT_THAT(sizes.status().message(), HasSubstr("does not sum"));
}

TEST(OpRules, GivenAdamWWithAmsgradAndNoMaxNormThenNullptr) {
  Call c("aclnnApplyAdamWV2");
  c.T("varRef", {64}).T("mRef", {64}).T("vRef", {64}).T("grad", {64}).T("step", {1}).B("amsgrad", true);
  EXPECT_EQ(c.Plan().status().detail(), Detail::kOpArgumentNull);
  c.T("maxGradNormOptionalRef", {64});
  auto ok = c.Plan();
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  EXPECT_EQ(ok->call.outputs.size(), 4u) << "every Ref is written";
  EXPECT_EQ(ok->call.attrs.count("lr"), 0u) << "floats stay out of the kernel";
}

// An (8, 10) cross-entropy with a [1] loss, and |reduction| unless NULL.
StatusOr<OpPlan> CrossEntropy(const char* reduction) {
  Call c("aclnnCrossEntropyLoss");
  c.T("input", {8, 10}).T("target", {8}, DataType::kInt64).T("lossOut", {1}).T("logProbOut", {8, 10});
  c.T("zlossOut", {1}).T("lseForZlossOut", {1});
  if (reduction != nullptr) c.S("reductionOptional", reduction);
  return c.Plan();
}

TEST(OpRules, GivenCrossEntropyThenReductionShapesAndTilingErrors) {
  auto mean = CrossEntropy(nullptr);  // NULL reduction: "mean", one element
  EXPECT_TRUE(mean.ok()) << mean.status().ToString();
  EXPECT_EQ(CrossEntropy("none").status().detail(), Detail::kOpTiling);  // "none" wants [8]
  EXPECT_THAT(CrossEntropy("avg").status().message(), HasSubstr("not mean, sum or none"));
}

TEST(OpRules, GivenLayerNormThenStatsHaveTheLeadingDimsAndOnes) {
  auto ok = Call("aclnnLayerNorm")
                .T("input", {4, 6, 32})
                .Ints("normalizedShape", {32})
                .T("out", {4, 6, 32})
                .T("meanOutOptional", {4, 6, 1}, DataType::kFloat32)
                .Plan();
  EXPECT_TRUE(ok.ok()) << ok.status().ToString();
  auto bad = Call("aclnnLayerNorm").T("input", {4, 6, 32}).Ints("normalizedShape", {6, 16}).T("out", {4, 6, 32}).Plan();
  EXPECT_THAT(bad.status().message(), HasSubstr("is not the trailing dims"));
}

TEST(OpRules, GivenInplaceCopyThenSourceMustBroadcastToTheDestination) {
  EXPECT_TRUE(Call("aclnnInplaceCopy").T("selfRef", {4, 8}).T("src", {8}).Plan().ok());
  EXPECT_FALSE(Call("aclnnInplaceCopy").T("selfRef", {4, 8}).T("src", {4, 1, 8}).Plan().ok());
}

TEST(AclopPlan, GivenOpTypesThenTableTypesAndExtrasRunAndOthersAreNotFound) {
  auto add = PlanAclop("Add", {{DataType::kFloat16, model::Format::kNd, {4}}},
                       {{DataType::kFloat16, model::Format::kNd, {4}}}, {{"eps", 1.0}, {"axis", int64_t{1}}});
  ASSERT_TRUE(add.ok());
  EXPECT_EQ(add->engine, model::Engine::kAiVector);
  EXPECT_EQ(add->attrs.count("eps"), 0u);
  EXPECT_EQ(add->attrs.count("axis"), 1u);
  auto conv = PlanAclop("Conv2D", {}, {}, {});
  ASSERT_TRUE(conv.ok());
  EXPECT_EQ(conv->engine, model::Engine::kAiCore);
  EXPECT_EQ(PlanAclop("NoSuchOp", {}, {}, {}).status().detail(), Detail::kOpNotFound);
  EXPECT_EQ(PlanAclop("Add", {{DataType::kFloat16, model::Format::kNd, {-1}}}, {}, {}).status().code(),
            StatusCode::kInvalidArgument);
  const auto types = AclopTypes();
  EXPECT_TRUE(std::is_sorted(types.begin(), types.end()));
  EXPECT_NE(std::find(types.begin(), types.end(), "FlashAttentionScoreGrad"), types.end());
}

}  // namespace
}  // namespace aclsim::ops
