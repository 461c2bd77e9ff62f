// Thread operator subscription (prof_acl_api.h ProfOpSubscribe /
// ProfOpUnSubscribe): the ops the calling thread launches on a device, of
// models without a subscription of their own; the check order and codes;
// descriptor closing as in aclprofModelUnSubscribe.
#include <thread>

#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

class OpSubscription : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
};

TEST_F(OpSubscription, GivenThreadSubscriptionThenEveryOpItLaunchesArrivesWithItsModelId) {
  LoadedModel a("sample_mlp.json");
  LoadedModel b("two_branch.json");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_NE(config, nullptr);
  ASSERT_ACL_OK(ProfOpSubscribe(0, config));
  ASSERT_ACL_OK(a.Execute());
  ASSERT_ACL_OK(b.Execute());
  ASSERT_ACL_OK(a.Execute());
  ASSERT_ACL_OK(ProfOpUnSubscribe(0));
  EXPECT_EQ(reader.write_fd, -1);  // closed, as aclprofModelUnSubscribe does
  reader.Join();                   // EOF
  std::vector<Decoded> records = DecodeAll(reader.bytes);
  ASSERT_EQ(records.size(), 9u + 6u + 9u);
  for (size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].model_id, i >= 9 && i < 15 ? b.id() : a.id()) << i;
    EXPECT_FALSE(records[i].name.empty());
    EXPECT_EQ(records[i].duration, records[i].end - records[i].start);
  }
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(OpSubscription, GivenOtherThreadLaunchingThenItsOpsAreNotDelivered) {
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(ProfOpSubscribe(0, config));
  aclError other = ACL_ERROR_INTERNAL_ERROR;
  std::thread worker([&] {
    other = aclrtSetDevice(0);
    if (other != ACL_SUCCESS) return;
    other = model.Execute();
    // Not this thread's subscription: nothing to end.
    EXPECT_ACL_ERROR(ProfOpUnSubscribe(0), ACL_ERROR_PROFILING_FAILURE);
    EXPECT_ACL_OK(aclrtResetDevice(0));
  });
  worker.join();
  ASSERT_ACL_OK(other);
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(ProfOpUnSubscribe(0));
  reader.Join();
  EXPECT_EQ(DecodeAll(reader.bytes).size(), 9u);  // this thread's run only
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(OpSubscription, GivenModelWithItsOwnSubscriptionThenItsOpsGoThereOnly) {
  LoadedModel own("sample_mlp.json");
  LoadedModel other("two_branch.json");
  PipeReader model_reader;
  PipeReader thread_reader;
  aclprofSubscribeConfig* mc = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &model_reader.write_fd);
  aclprofSubscribeConfig* tc = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &thread_reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(own.id(), mc));
  ASSERT_ACL_OK(ProfOpSubscribe(0, tc));
  ASSERT_ACL_OK(own.Execute());
  ASSERT_ACL_OK(other.Execute());
  ASSERT_ACL_OK(ProfOpUnSubscribe(0));
  ASSERT_ACL_OK(aclprofModelUnSubscribe(own.id()));
  model_reader.Join();
  thread_reader.Join();
  std::vector<Decoded> by_model = DecodeAll(model_reader.bytes);
  std::vector<Decoded> by_thread = DecodeAll(thread_reader.bytes);
  ASSERT_EQ(by_model.size(), 9u);
  ASSERT_EQ(by_thread.size(), 6u);
  for (const auto& r : by_model) EXPECT_EQ(r.model_id, own.id());
  for (const auto& r : by_thread) EXPECT_EQ(r.model_id, other.id());
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(mc));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(tc));
}

TEST_F(OpSubscription, GivenBadArgumentsThenCannsCodesInCheckOrder) {
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  aclprofSubscribeConfig* nothing = aclprofCreateSubscribeConfig(0, ACL_AICORE_NONE, &reader.write_fd);
  EXPECT_ACL_ERROR(ProfOpSubscribe(0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(ProfOpSubscribe(7, config), ACL_ERROR_PROFILING_FAILURE);
  EXPECT_RECENT_ERR_HAS("device 7 is not open");
  EXPECT_ACL_ERROR(ProfOpSubscribe(0, nothing), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("timeInfoSwitch");
  EXPECT_ACL_ERROR(ProfOpUnSubscribe(0), ACL_ERROR_PROFILING_FAILURE);
  EXPECT_RECENT_ERR_HAS("holds no ProfOpSubscribe of device 0");
  ASSERT_ACL_OK(ProfOpSubscribe(0, config));
  EXPECT_ACL_ERROR(ProfOpSubscribe(0, config), ACL_ERROR_PROF_REPEAT_SUBSCRIBE);
  EXPECT_ACL_ERROR(ProfOpUnSubscribe(1), ACL_ERROR_PROFILING_FAILURE);
  EXPECT_RECENT_ERR_HAS("it subscribed device 0");
  // A collection session cannot start while a subscription is active.
  EXPECT_ACL_ERROR(aclprofInit("/tmp", 4), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_OK(ProfOpUnSubscribe(0));
  EXPECT_EQ(reader.write_fd, -1);
  EXPECT_ACL_ERROR(ProfOpUnSubscribe(0), ACL_ERROR_PROFILING_FAILURE);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(nothing));
}

TEST_F(OpSubscription, GivenOtherConfigOnTheDeviceOrACollectionSessionThenRejected) {
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* timing = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  aclprofSubscribeConfig* metrics = aclprofCreateSubscribeConfig(0, ACL_AICORE_PIPE_UTILIZATION, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), timing));
  EXPECT_ACL_ERROR(ProfOpSubscribe(0, metrics), ACL_ERROR_INVALID_PROFILING_CONFIG);
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();

  ASSERT_ACL_OK(aclprofInit("/tmp", 4));
  int fd = 5;
  aclprofSubscribeConfig* idle = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fd);
  EXPECT_ACL_ERROR(ProfOpSubscribe(0, idle), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_ERROR(ProfOpUnSubscribe(0), ACL_ERROR_PROF_API_CONFLICT);
  ASSERT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(timing));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(metrics));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(idle));
}

}  // namespace
}  // namespace aclsim_conformance
