// Tests of single-op launches (runtime/single_op.h, kernel_cache.h) through
// the Runtime facade against the mock backend: one compile per device and
// distinct call, kernel tags outside the model ids, the launch info, and
// the exact errors.
#include "runtime/single_op.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "runtime_test_util.h"

namespace aclsim::runtime {
namespace {

using ::aclsim::runtime::testing::RuntimeTest;
using ::testing::_;
using ::testing::AllOf;
using ::testing::Field;
using ::testing::Return;

OpCall AddCall(int64_t n) {
  OpCall call;
  call.type = "Add";
  call.name = "aclnnAdd_AddAiCore_Add";
  call.engine = model::Engine::kAiVector;
  call.inputs = {{model::DataType::kFloat16, model::Format::kNd, {n, 8}},
                 {model::DataType::kFloat16, model::Format::kNd, {n, 8}}};
  call.outputs = {{model::DataType::kFloat16, model::Format::kNd, {n, 8}}};
  return call;
}

TEST(OpCallHash, GivenCallsThatDifferInAnyFieldThenHashesAndEqualityDiffer) {
  const OpCall base = AddCall(4);
  EXPECT_EQ(OpCallHash(base), OpCallHash(AddCall(4)));
  EXPECT_TRUE(base == AddCall(4));
  OpCall shape = AddCall(5);
  OpCall dtype = base;
  dtype.outputs[0].dtype = model::DataType::kFloat32;
  OpCall format = base;
  format.inputs[1].format = model::Format::kNchw;
  OpCall engine = base;
  engine.engine = model::Engine::kAiCore;
  OpCall attr = base;
  attr.attrs["alpha"] = 2.0;
  OpCall attr2 = base;
  attr2.attrs["alpha"] = int64_t{2};
  OpCall name = base;
  name.name = "aclnnAdd_AddAiCore_Add2";
  OpCall duration = base;
  duration.duration_ns = 5;
  const uint64_t hash = OpCallHash(base);
  for (const OpCall* other : {&shape, &dtype, &format, &engine, &attr, &attr2, &name, &duration}) {
    EXPECT_NE(OpCallHash(*other), hash);
    EXPECT_FALSE(*other == base);
  }
  EXPECT_NE(OpCallHash(attr), OpCallHash(attr2));
}

TEST(OpCallGraph, GivenCallThenOneOpGraphWithItsTensorsAndAttributes) {
  OpCall call = AddCall(2);
  call.attrs["alpha"] = 1.5;
  model::Graph g = OpCallGraph(call);
  ASSERT_EQ(g.ops.size(), 1u);
  EXPECT_EQ(g.name, "aclnnAdd_AddAiCore_Add");
  EXPECT_EQ(g.ops[0].type, "Add");
  EXPECT_EQ(g.ops[0].name, "aclnnAdd_AddAiCore_Add");
  EXPECT_EQ(g.ops[0].inputs, (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(g.ops[0].outputs, (std::vector<int32_t>{2}));
  EXPECT_EQ(g.inputs, (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(g.outputs, (std::vector<int32_t>{2}));
  EXPECT_EQ(g.tensor(2).shape, (std::vector<int64_t>{2, 8}));
  EXPECT_EQ(g.tensor(2).producer, 0);
  EXPECT_EQ(std::get<double>(g.ops[0].attrs.at("alpha")), 1.5);
}

class SingleOpTest : public RuntimeTest {
 protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  }
  Status Launch(const OpCall& call) { return rt_->LaunchOp(call, OpCallHash(call), nullptr); }
};

TEST_F(SingleOpTest, GivenSameCallLaunchedTwiceThenCompiledOnceAndSubmittedTwiceWithAKernelTag) {
  EXPECT_CALL(dev0_, LoadGraph(_)).WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{9})));
  EXPECT_CALL(dev0_, SubmitGraph(_, 9u, Field(&device::LaunchInfo::model_tag, kFirstKernelTag)))
      .Times(2)
      .WillRepeatedly(Return(StatusOr<device::TaskId>(device::TaskId{3})));
  EXPECT_EQ(Launch(AddCall(4)).code(), StatusCode::kOk);
  EXPECT_EQ(Launch(AddCall(4)).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->KernelStats().kernels, 1u);
  EXPECT_EQ(rt_->KernelStats().hits, 1u);
  // Kernels are not models: no aclmdl call finds them.
  EXPECT_EQ(rt_->models().Find(kFirstKernelTag), nullptr);
  ASSERT_NE(rt_->models().FindTag(kFirstKernelTag), nullptr);
  EXPECT_EQ(rt_->models().FindTag(kFirstKernelTag)->graph.ops[0].type, "Add");
  EXPECT_EQ(rt_->models().Describe(kFirstKernelTag).status().detail(), Detail::kModelNotLoaded);
  EXPECT_EQ(rt_->UnloadModel(kFirstKernelTag).detail(), Detail::kModelNotLoaded);
}

TEST_F(SingleOpTest, GivenDistinctCallsThenOneKernelEachWithConsecutiveTags) {
  EXPECT_CALL(dev0_, LoadGraph(_))
      .WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{1})))
      .WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{2})));
  EXPECT_CALL(dev0_, SubmitGraph(_, 1u, Field(&device::LaunchInfo::model_tag, kFirstKernelTag)));
  EXPECT_CALL(dev0_, SubmitGraph(_, 2u, Field(&device::LaunchInfo::model_tag, kFirstKernelTag + 1)));
  EXPECT_EQ(Launch(AddCall(4)).code(), StatusCode::kOk);
  EXPECT_EQ(Launch(AddCall(8)).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->KernelStats().kernels, 2u);
  EXPECT_EQ(rt_->KernelStats().hits, 0u);
}

TEST_F(SingleOpTest, GivenSameCallOnTwoDevicesThenCompiledOnEach) {
  EXPECT_CALL(dev0_, LoadGraph(_)).WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{1})));
  EXPECT_CALL(dev1_, LoadGraph(_)).WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{1})));
  EXPECT_CALL(dev1_, SubmitGraph(_, 1u, Field(&device::LaunchInfo::model_tag, kFirstKernelTag + 1)));
  EXPECT_EQ(Launch(AddCall(4)).code(), StatusCode::kOk);
  ASSERT_EQ(rt_->devices().SetDevice(1).code(), StatusCode::kOk);
  EXPECT_EQ(Launch(AddCall(4)).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->KernelStats().kernels, 2u);
}

TEST_F(SingleOpTest, GivenCompileFailsThenItsErrorAndNothingCachedOrSubmitted) {
  EXPECT_CALL(dev0_, LoadGraph(_))
      .WillOnce(Return(StatusOr<device::ExecutableId>(Status(Detail::kModelParse, "bad op"))))
      .WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{4})));
  EXPECT_CALL(dev0_, SubmitGraph(_, 4u, _)).Times(1);
  EXPECT_EQ(Launch(AddCall(4)).detail(), Detail::kModelParse);
  EXPECT_EQ(rt_->KernelStats().kernels, 0u);
  EXPECT_EQ(Launch(AddCall(4)).code(), StatusCode::kOk);  // compiled now
}

TEST_F(SingleOpTest, GivenSubmitFailsThenTheDeviceErrorIsReturned) {
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _))
      .WillOnce(Return(StatusOr<device::TaskId>(Status(Detail::kDeviceError, "boom"))));
  EXPECT_EQ(Launch(AddCall(4)).detail(), Detail::kDeviceError);
}

TEST_F(SingleOpTest, GivenNoContextThenNoContextAndNothingCompiled) {
  auto rt = Runtime::Create(options_, registry_);
  ASSERT_TRUE(rt.ok());
  EXPECT_CALL(dev0_, LoadGraph(_)).Times(0);
  EXPECT_EQ((*rt)->LaunchOp(AddCall(4), OpCallHash(AddCall(4)), nullptr).detail(), Detail::kNoContext);
}

TEST_F(SingleOpTest, GivenLaunchRecordThenItNamesTheDeviceAndTask) {
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).WillOnce(Return(StatusOr<device::TaskId>(device::TaskId{41})));
  prof::ApiRecord record;
  ASSERT_EQ(rt_->LaunchOp(AddCall(4), OpCallHash(AddCall(4)), nullptr, &record).code(), StatusCode::kOk);
  EXPECT_TRUE(record.launched);
  EXPECT_EQ(record.device_id, 0u);
  EXPECT_EQ(record.first_task_id, 41u);
}

}  // namespace
}  // namespace aclsim::runtime
