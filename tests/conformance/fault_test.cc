// Fault injection (docs/faults.md): for each fault, what the user sees and
// that nothing already accepted is lost.
#include <chrono>

#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

class Faults : public ::testing::Test {
 protected:
  void SetUp() override { ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options"); }  // faults are one
  void Start(const std::string& faults) {
    config_ =
        std::make_unique<TempFile>(AclsimConfig(std::string("{") + kNoHostCostsKey + R"(, "faults": )" + faults + "}"));
    ASSERT_ACL_OK(aclInit(config_->c_str()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  std::unique_ptr<TempFile> config_;
};

TEST_F(Faults, GivenFailOpWhenExecutingThenErrorReturnedAndCompletedOpsStillArrive) {
  Start(R"({"fail_op": {"name": "fc2", "error": 507015}})");
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  EXPECT_ACL_ERROR(model.Execute(), ACL_ERROR_RT_AICORE_EXCEPTION);
  EXPECT_RECENT_ERR_HAS("fc2");
  EXPECT_ACL_OK(model.Execute());  // only the first occurrence fails
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();
  std::vector<Decoded> records = DecodeAll(reader.bytes);
  ASSERT_EQ(records.size(), 3u + 9u);
  EXPECT_EQ(records[0].name, "fc1");
  EXPECT_EQ(records[2].name, "fc1.relu");
  EXPECT_EQ(records[3].name, "fc1");            // the second run starts over
  EXPECT_EQ(records[3].start, records[2].end);  // the stream continued after the last completed op
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(Faults, GivenFailTaskThenTheNthTaskFailsWithTheDefaultRuntimeError) {
  Start(R"({"fail_task": {"task": 5}})");
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(aclsimTraceStart(0));
  EXPECT_ACL_ERROR(model.Execute(), ACL_ERROR_RT_MODEL_EXECUTE);
  EXPECT_RECENT_ERR_HAS("task 5");
  std::vector<aclsimTaskRecord> ops = TraceOps();
  ASSERT_EQ(ops.size(), 4u);  // tasks 1..4 completed
  EXPECT_STREQ(ops[3].opName, "fc2");
}

TEST_F(Faults, GivenLoseDeviceThenLaterCallsFailAndSubscriptionsFlushAndClose) {
  Start(R"({"lose_device": {"after_tasks": 12}})");
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  ASSERT_ACL_OK(model.Execute());                                  // tasks 1..9
  EXPECT_ACL_ERROR(model.Execute(), ACL_ERROR_RT_LOST_HEARTBEAT);  // tasks 10..12 run, then the loss
  reader.Join();  // EOF without an unsubscribe: the runtime closed the subscription
  EXPECT_EQ(reader.write_fd, -1);
  EXPECT_EQ(DecodeAll(reader.bytes).size(), 12u);  // nothing accepted was lost
  EXPECT_ACL_ERROR(aclrtSynchronizeDevice(), ACL_ERROR_RT_LOST_HEARTBEAT);
  EXPECT_ACL_ERROR(model.Execute(), ACL_ERROR_RT_LOST_HEARTBEAT);
  aclrtStream stream = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateStream(&stream), ACL_ERROR_RT_LOST_HEARTBEAT);
  aclsimSubscriptionStats stats{};
  ASSERT_ACL_OK(aclsimGetSubscriptionStats(model.id(), &stats));
  EXPECT_EQ(stats.active, 0u);
  EXPECT_EQ(stats.delivered, 12u);
  EXPECT_ACL_ERROR(aclprofModelUnSubscribe(model.id()), ACL_ERROR_INVALID_MODEL_ID);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(Faults, GivenStallThenTheTaskStartsThatMuchLater) {
  Start(R"({"stall": {"task": 4, "ns": 1000000}})");
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(model.Execute());
  std::vector<aclsimTaskRecord> ops = TraceOps();
  ASSERT_EQ(ops.size(), 9u);
  EXPECT_EQ(ops[2].endNs, kClockOriginNs + 19200u);
  EXPECT_EQ(ops[3].startNs, kClockOriginNs + 19200u + 1000000u);  // fc2, task 4
  EXPECT_EQ(ops[4].startNs, ops[3].endNs);                        // later work follows it
}

TEST_F(Faults, GivenSlowDeliveryThenRecordsArriveLateButNoneIsLost) {
  Start(R"({"slow_delivery": {"write_delay_us": 2000}})");
  LoadedModel model("resnet50.json");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  const auto begin = std::chrono::steady_clock::now();
  for (int i = 0; i < 3; ++i) ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));  // waits for the slow writes
  const auto elapsed = std::chrono::steady_clock::now() - begin;
  reader.Join();
  EXPECT_EQ(DecodeAll(reader.bytes).size(), 174u * 3);
  // 522 records need at least 11 writes of at most 51 records, each delayed 2 ms.
  EXPECT_GE(elapsed, std::chrono::milliseconds(22));
  aclsimSubscriptionStats stats{};
  ASSERT_ACL_OK(aclsimGetSubscriptionStats(model.id(), &stats));
  EXPECT_EQ(stats.dropped, 0u);
  EXPECT_EQ(stats.delivered, stats.produced);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(Faults, GivenCorruptRecordThenOnlyThatRecordFailsItsAccessors) {
  Start(R"({"corrupt_record": {"index": 3}})");
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  ASSERT_ACL_OK(aclsimTraceStart(16));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();
  ASSERT_EQ(reader.bytes.size(), 9u * 80);
  // What the device scheduled (the simulator's values are pinned by
  // Accessors.GivenValidBufferThenFieldsAreTheScheduledOnes).
  std::vector<aclsimTaskRecord> trace(16);
  size_t traced = 0;
  ASSERT_ACL_OK(aclsimTraceGetRecords(trace.data(), trace.size(), &traced));
  ASSERT_EQ(traced, 9u);
  EXPECT_ACL_OK(aclsimTraceStop());
  uint32_t n = 0;
  EXPECT_ACL_ERROR(aclprofGetOpNum(reader.bytes.data(), reader.bytes.size(), &n), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclprofGetOpDuration(reader.bytes.data(), reader.bytes.size(), 2), 0u);  // the third record
  EXPECT_EQ(aclprofGetModelId(reader.bytes.data(), reader.bytes.size(), 2), 100000u);
  // Its neighbours are fine: they carry their ops' scheduled durations.
  EXPECT_EQ(aclprofGetOpDuration(reader.bytes.data(), reader.bytes.size(), 1), trace[1].endNs - trace[1].startNs);
  EXPECT_EQ(aclprofGetOpDuration(reader.bytes.data(), reader.bytes.size(), 3), trace[3].endNs - trace[3].startNs);
  EXPECT_GT(trace[1].endNs, trace[1].startNs);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

struct BadFaults {
  const char* name;
  const char* faults;
  const char* message_part;
};

class FaultsConfig : public ::testing::TestWithParam<BadFaults> {};

TEST_P(FaultsConfig, GivenBadFaultsSectionWhenInitThenFileAttrInvalid) {
  TempFile config(AclsimConfig(std::string(R"({"faults": )") + GetParam().faults + "}"));
  const aclError ret = aclInit(config.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
  EXPECT_ACL_ERROR(ret, ACL_ERROR_FILE_ATTR_INVALID);
  EXPECT_RECENT_ERR_HAS(GetParam().message_part);
}

INSTANTIATE_TEST_SUITE_P(
    Conf, FaultsConfig,
    ::testing::Values(BadFaults{"unknown_fault", R"({"explode": {}})", "explode"},
                      BadFaults{"fail_task_zero", R"({"fail_task": {"task": 0}})", "fail_task.task"},
                      BadFaults{"fail_op_no_name", R"({"fail_op": {"occurrence": 2}})", "fail_op.name"},
                      BadFaults{"lose_device_missing", R"({"lose_device": {}})", "after_tasks"},
                      BadFaults{"stall_negative", R"({"stall": {"task": 1, "ns": -5}})", "stall.ns"},
                      BadFaults{"not_object", R"([1])", "faults"}),
    [](const ::testing::TestParamInfo<BadFaults>& p) { return std::string(p.param.name); });

}  // namespace
}  // namespace aclsim_conformance
