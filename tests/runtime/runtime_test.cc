// Tests of runtime::Runtime, the facade, against the mock backend
// (tests/testing/): creation, device memory, and loading, describing and
// executing models (ModelRegistry), with the exact error codes returned.
#include "runtime/runtime.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

#include "runtime_test_util.h"

namespace aclsim::runtime {
namespace {

using ::aclsim::runtime::testing::RuntimeTest;
using ::aclsim::runtime::testing::TinyGraph;
using ::testing::_;
using ::testing::AllOf;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::InSequence;
using ::testing::Return;

TEST_F(RuntimeTest, GivenDeviceMemoryWhenAllocatedThenBoundedByDeviceInfoCapacity) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);  // mock capacity: 1 MiB
  auto p = rt_->MallocDevice(1 << 20);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(rt_->MallocDevice(1).status().detail(), Detail::kDeviceMemory);
  EXPECT_EQ(rt_->FreeDevice(*p).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->FreeDevice(*p).code(), StatusCode::kInvalidArgument);
}

// ------------------------------------------------------------------- models

class RuntimeModelTest : public RuntimeTest {
 protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
    EXPECT_CALL(dev0_, LoadGraph(_)).WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{7})));
    auto id = rt_->LoadModel(TinyGraph());
    ASSERT_TRUE(id.ok()) << id.status().ToString();
    model_id_ = *id;
    ::testing::Mock::VerifyAndClearExpectations(&dev0_);
  }

  uint32_t model_id_ = 0;
  std::vector<char> in_buf_ = std::vector<char>(16);
  std::vector<char> out_buf_ = std::vector<char>(32);
  std::vector<BufferView> Inputs() const { return {{in_buf_.data(), in_buf_.size()}}; }
  std::vector<BufferView> Outputs() const { return {{out_buf_.data(), out_buf_.size()}}; }
};

TEST_F(RuntimeModelTest, GivenLoadedModelWhenDescribedThenSizesFromGraph) {
  EXPECT_EQ(model_id_, 1u);
  auto desc = rt_->models().Describe(model_id_);
  ASSERT_TRUE(desc.ok());
  EXPECT_EQ(desc->name, "tiny");
  ASSERT_EQ(desc->inputs.size(), 1u);
  ASSERT_EQ(desc->outputs.size(), 1u);
  EXPECT_EQ(desc->inputs[0].size_bytes, 16u);
  EXPECT_EQ(desc->outputs[0].size_bytes, 32u);
  EXPECT_EQ(rt_->models().Describe(99).status().detail(), Detail::kModelNotLoaded);
  auto op = rt_->models().GetOp(model_id_, 0);
  ASSERT_TRUE(op.ok());
  EXPECT_EQ(op->first, "cast");
  EXPECT_EQ(op->second, "Cast");
  EXPECT_EQ(rt_->models().GetOp(model_id_, 1).status().code(), StatusCode::kInvalidArgument);
}

TEST_F(RuntimeModelTest, GivenSynchronousExecuteThenSubmitGraphWithModelTagThenSynchronizeStream) {
  InSequence seq;
  EXPECT_CALL(dev0_, SubmitGraph(1u, 7u,
                                 AllOf(Field(&device::LaunchInfo::model_tag, model_id_),
                                       Field(&device::LaunchInfo::host_tid, CurrentThreadId()))))
      .WillOnce(Return(StatusOr<device::TaskId>(device::TaskId{100})));
  EXPECT_CALL(dev0_, SynchronizeStream(1u)).WillOnce(Return(Status()));
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, /*synchronous=*/true).code(), StatusCode::kOk);
}

TEST_F(RuntimeModelTest, GivenAsyncExecuteOnStreamThenSubmitGraphOnThatStreamAndNoSync) {
  auto s = rt_->devices().CreateStream();  // backend id 2
  ASSERT_TRUE(s.ok());
  EXPECT_CALL(dev0_, SubmitGraph(2u, 7u, Field(&device::LaunchInfo::model_tag, model_id_)))
      .WillOnce(Return(StatusOr<device::TaskId>(device::TaskId{1})));
  EXPECT_CALL(dev0_, SynchronizeStream(_)).Times(0);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), *s, /*synchronous=*/false).code(), StatusCode::kOk);
}

TEST_F(RuntimeModelTest, GivenLargerBuffersWhenExecuteThenAccepted) {
  std::vector<char> big_in(64), big_out(64);
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(1);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, {{big_in.data(), 64}}, {{big_out.data(), 64}}, nullptr, false).code(),
            StatusCode::kOk);
}

TEST_F(RuntimeModelTest, GivenBadDatasetsWhenExecuteThenInvalidParamAndNothingSubmitted) {
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_CALL(dev0_, SynchronizeStream(_)).Times(0);
  // Buffer counts.
  EXPECT_EQ(rt_->ExecuteModel(model_id_, {}, Outputs(), nullptr, true).code(), StatusCode::kInvalidArgument);
  auto two_in = Inputs();
  two_in.push_back(two_in[0]);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, two_in, Outputs(), nullptr, true).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), {}, nullptr, true).code(), StatusCode::kInvalidArgument);
  // Buffer sizes: one byte short, and NULL data.
  Status s = rt_->ExecuteModel(model_id_, {{in_buf_.data(), 15}}, Outputs(), nullptr, true);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(s.message(), HasSubstr("needs 16"));
  EXPECT_EQ(rt_->ExecuteModel(model_id_, {{nullptr, 16}}, Outputs(), nullptr, true).code(),
            StatusCode::kInvalidArgument);
  s = rt_->ExecuteModel(model_id_, Inputs(), {{out_buf_.data(), 31}}, nullptr, true);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(s.message(), HasSubstr("needs 32"));
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), {{nullptr, 32}}, nullptr, true).code(),
            StatusCode::kInvalidArgument);
}

TEST_F(RuntimeModelTest, GivenUnknownModelIdWhenExecuteThenGeExecModelIdInvalid) {
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_EQ(rt_->ExecuteModel(model_id_ + 1, Inputs(), Outputs(), nullptr, true).detail(), Detail::kModelNotLoaded);
  EXPECT_EQ(rt_->ExecuteModel(0, Inputs(), Outputs(), nullptr, true).detail(), Detail::kModelNotLoaded);
}

TEST_F(RuntimeModelTest, GivenUnloadedModelWhenExecuteThenGeExecModelIdInvalid) {
  EXPECT_CALL(dev0_, UnloadGraph(7u)).WillOnce(Return(Status()));
  ASSERT_EQ(rt_->UnloadModel(model_id_).code(), StatusCode::kOk);
  EXPECT_EQ(rt_->UnloadModel(model_id_).detail(), Detail::kModelNotLoaded);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, true).detail(), Detail::kModelNotLoaded);
}

TEST_F(RuntimeModelTest, GivenSubmitGraphFailsWhenExecuteThenErrorPropagatesAndNoSync) {
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _))
      .WillOnce(Return(StatusOr<device::TaskId>(Status(Detail::kModelExecute, "sub"))));
  EXPECT_CALL(dev0_, SynchronizeStream(_)).Times(0);
  Status s = rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, true);
  EXPECT_EQ(s.detail(), Detail::kModelExecute);
  EXPECT_EQ(s.message(), "sub");
}

TEST_F(RuntimeModelTest, GivenSynchronizeFailsWhenExecuteSynchronouslyThenErrorPropagates) {
  EXPECT_CALL(dev0_, SynchronizeStream(1u)).WillOnce(Return(Status(Detail::kStreamNotComplete, "sync")));
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, true).detail(), Detail::kStreamNotComplete);
}

TEST_F(RuntimeModelTest, GivenStreamOfOtherDeviceWhenExecuteThenStreamContextError) {
  ASSERT_EQ(rt_->devices().SetDevice(1).code(), StatusCode::kOk);
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_CALL(dev1_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), nullptr, true).detail(), Detail::kStreamOfOtherContext);
}

TEST_F(RuntimeModelTest, GivenDestroyedStreamWhenExecuteThenInvalidHandle) {
  auto s = rt_->devices().CreateStream();
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(rt_->devices().DestroyStream(*s).code(), StatusCode::kOk);
  EXPECT_CALL(dev0_, SubmitGraph(_, _, _)).Times(0);
  EXPECT_EQ(rt_->ExecuteModel(model_id_, Inputs(), Outputs(), *s, true).detail(), Detail::kInvalidHandle);
}

TEST_F(RuntimeTest, GivenLoadGraphFailsWhenLoadModelThenErrorPropagatesUnchanged) {
  ASSERT_EQ(rt_->devices().SetDevice(0).code(), StatusCode::kOk);
  EXPECT_CALL(dev0_, LoadGraph(_))
      .WillOnce(Return(StatusOr<device::ExecutableId>(Status(Detail::kDeviceMemory, "full"))));
  EXPECT_EQ(rt_->LoadModel(TinyGraph()).status().detail(), Detail::kDeviceMemory);
  EXPECT_EQ(rt_->models().Describe(1).status().detail(), Detail::kModelNotLoaded);
}

TEST_F(RuntimeModelTest, GivenModelCostsWhenLoadedThenFromBackendOnceForItsExecutable) {
  std::vector<device::OpCost> costs(1);
  costs[0].flops = 123;
  EXPECT_CALL(dev0_, LoadGraph(_)).WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{8})));
  EXPECT_CALL(dev0_, GetGraphCosts(8u)).WillOnce(Return(StatusOr<std::vector<device::OpCost>>(costs)));
  auto id = rt_->LoadModel(TinyGraph());
  ASSERT_TRUE(id.ok()) << id.status().ToString();
  // Asked twice, computed once: the op table holds the costs from the load.
  for (int i = 0; i < 2; ++i) {
    auto got = rt_->models().Costs(*id);
    ASSERT_TRUE(got.ok());
    ASSERT_EQ(got->size(), 1u);
    EXPECT_EQ((*got)[0].flops, 123u);
  }
  EXPECT_EQ(rt_->models().Costs(99).status().detail(), Detail::kModelNotLoaded);
}

TEST_F(RuntimeModelTest, GivenBackendWithoutCostsWhenLoadedThenLoadSucceedsAndCostsReportItsError) {
  EXPECT_CALL(dev0_, LoadGraph(_)).WillOnce(Return(StatusOr<device::ExecutableId>(device::ExecutableId{9})));
  EXPECT_CALL(dev0_, GetGraphCosts(9u))
      .WillOnce(Return(StatusOr<std::vector<device::OpCost>>(Status(StatusCode::kInternal, "no costs here"))));
  auto id = rt_->LoadModel(TinyGraph());
  ASSERT_TRUE(id.ok()) << id.status().ToString();
  auto got = rt_->models().Costs(*id);
  EXPECT_EQ(got.status().code(), StatusCode::kInternal);
  EXPECT_EQ(got.status().message(), "no costs here");
}

}  // namespace
}  // namespace aclsim::runtime
