// Operator subscription (acl_prof.h, spec §2.2, §3.5): configs, the check
// order and codes of aclprofModelSubscribe / UnSubscribe, descriptor
// closing, and the official sample's end-to-end flow.
#include <fcntl.h>

#include <map>

#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

class Subscription : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));  // the device timeline alone
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
};

TEST_F(Subscription, GivenCreateSubscribeConfigWhenArgumentsAreBadThenNull) {
  int fd = 5;
  EXPECT_EQ(aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, nullptr), nullptr);
  EXPECT_RECENT_ERR_HAS("fd");
  EXPECT_EQ(aclprofCreateSubscribeConfig(2, ACL_AICORE_NONE, &fd), nullptr);
  EXPECT_EQ(aclprofCreateSubscribeConfig(-1, ACL_AICORE_NONE, &fd), nullptr);
  EXPECT_RECENT_ERR_HAS("timeInfoSwitch");
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(0, ACL_AICORE_PIPE_UTILIZATION, &fd);
  ASSERT_NE(config, nullptr);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
  EXPECT_ACL_ERROR(aclprofDestroySubscribeConfig(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(Subscription, GivenDestroyedSubscribeConfigWhenDestroyedAgainThenInvalidParam) {
  int fd = 5;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fd);
  ASSERT_NE(config, nullptr);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
  EXPECT_ACL_ERROR(aclprofDestroySubscribeConfig(config), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclprofDestroySubscribeConfig");
  EXPECT_RECENT_ERR_HAS("already destroyed");
}

TEST_F(Subscription, GivenOpDescSizeThenItIs80) {
  size_t size = 0;
  EXPECT_ACL_OK(aclprofGetOpDescSize(&size));
  EXPECT_EQ(size, 80u);
  EXPECT_ACL_ERROR(aclprofGetOpDescSize(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(Subscription, GivenUnknownModelWhenSubscribingThenModelIdErrorComesBeforeNullConfig) {
  EXPECT_ACL_ERROR(aclprofModelSubscribe(12345, nullptr), ACL_ERROR_INVALID_MODEL_ID);
  LoadedModel model("sample_mlp.json");
  EXPECT_ACL_ERROR(aclprofModelSubscribe(model.id(), nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(Subscription, GivenConfigCollectingNothingWhenSubscribingThenInvalidParam) {
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(0, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_NE(config, nullptr);
  EXPECT_ACL_ERROR(aclprofModelSubscribe(model.id(), config), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("timeInfoSwitch");
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(Subscription, GivenSubscribedModelWhenSubscribingAgainThenRepeatSubscribe) {
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  EXPECT_ACL_ERROR(aclprofModelSubscribe(model.id(), config), ACL_ERROR_PROF_REPEAT_SUBSCRIBE);
  EXPECT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  EXPECT_EQ(reader.write_fd, -1);
  reader.Join();
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(Subscription, GivenTwoModelsOnOneDeviceWhenConfigsDifferThenInvalidProfilingConfig) {
  LoadedModel a("sample_mlp.json");
  LoadedModel b("two_branch.json");
  PipeReader reader;
  aclprofSubscribeConfig* timing = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  aclprofSubscribeConfig* metrics = aclprofCreateSubscribeConfig(0, ACL_AICORE_PIPE_UTILIZATION, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(a.id(), timing));
  EXPECT_ACL_ERROR(aclprofModelSubscribe(b.id(), metrics), ACL_ERROR_INVALID_PROFILING_CONFIG);
  EXPECT_ACL_OK(aclprofModelSubscribe(b.id(), timing));  // same config: accepted
  EXPECT_ACL_OK(aclprofModelUnSubscribe(a.id()));
  EXPECT_ACL_OK(aclprofModelUnSubscribe(b.id()));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(timing));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(metrics));
}

TEST_F(Subscription, GivenUnsubscribeWhenModelUnknownOrNotSubscribedOrUnloadedThenInvalidModelId) {
  EXPECT_ACL_ERROR(aclprofModelUnSubscribe(999), ACL_ERROR_INVALID_MODEL_ID);
  LoadedModel model("sample_mlp.json");
  EXPECT_ACL_ERROR(aclprofModelUnSubscribe(model.id()), ACL_ERROR_INVALID_MODEL_ID);
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(model.Unload());
  // As CANN: the model id is no longer registered after aclmdlUnload.
  EXPECT_ACL_ERROR(aclprofModelUnSubscribe(model.id()), ACL_ERROR_INVALID_MODEL_ID);
  // Unloading flushed the records and ended the subscription, leaving the
  // descriptor open for the caller (nothing writes to it any more).
  EXPECT_NE(reader.write_fd, -1);
  aclsimSubscriptionStats stats{};
  ASSERT_ACL_OK(aclsimGetSubscriptionStats(model.id(), &stats));
  EXPECT_EQ(stats.active, 0u);
  EXPECT_EQ(stats.delivered, 9u);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(Subscription, GivenTwoModelsSharingOneFdThenOnlyTheLastUnsubscribeClosesIt) {
  LoadedModel a("sample_mlp.json");
  LoadedModel b("two_branch.json");
  PipeReader reader;
  int fd_copy = reader.write_fd;  // a second int holding the same descriptor value
  aclprofSubscribeConfig* ca = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  aclprofSubscribeConfig* cb = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fd_copy);
  ASSERT_ACL_OK(aclprofModelSubscribe(a.id(), ca));
  ASSERT_ACL_OK(aclprofModelSubscribe(b.id(), cb));
  ASSERT_ACL_OK(a.Execute());
  ASSERT_ACL_OK(b.Execute());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(a.id()));
  EXPECT_NE(reader.write_fd, -1);          // still used by b's subscription
  EXPECT_NE(fcntl(fd_copy, F_GETFD), -1);  // and still open
  ASSERT_ACL_OK(aclprofModelUnSubscribe(b.id()));
  EXPECT_EQ(fd_copy, -1);
  reader.Join();  // EOF arrives: the descriptor is closed
  std::vector<Decoded> records = DecodeAll(reader.bytes);
  EXPECT_EQ(records.size(), 9u + 6u);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(ca));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(cb));
}

// The official sample's flow: pipe, reader thread reading N x 80 bytes until
// EOF, load, subscribe, execute several times, unsubscribe, join.
TEST_F(Subscription, GivenSampleFlowThenEveryExecutedOpArrivesOnceWithTheSimulatorsTimes) {
  LoadedModel model("resnet50.json");
  PipeReader reader(10 * 80);
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  constexpr int kRuns = 4;
  for (int i = 0; i < kRuns; ++i) ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclsimTraceStop());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();
  for (size_t n : reader.read_sizes) EXPECT_EQ(n % 80, 0u);

  std::vector<Decoded> records = DecodeAll(reader.bytes);
  std::vector<aclsimTaskRecord> trace = TraceOps();
  ASSERT_EQ(records.size(), 174u * kRuns);
  ASSERT_EQ(trace.size(), records.size());
  std::map<std::pair<std::string, uint64_t>, int> seen;  // (name, start) → count
  for (size_t i = 0; i < records.size(); ++i) {
    const Decoded& r = records[i];
    const aclsimTaskRecord& t = trace[i];  // delivery keeps completion order
    EXPECT_EQ(r.model_id, model.id());
    EXPECT_EQ(r.name, t.opName);
    EXPECT_EQ(r.type, t.opType);
    EXPECT_EQ(r.start, t.startNs);
    EXPECT_EQ(r.end, t.endNs);
    EXPECT_EQ(r.duration, t.endNs - t.startNs);
    EXPECT_LE(r.execution, r.duration);
    EXPECT_EQ(r.flag, ACL_SUBSCRIBE_OP);
    ++seen[{r.name, r.start}];
  }
  for (const auto& [key, count] : seen) EXPECT_EQ(count, 1) << key.first;
  EXPECT_EQ(records[0].name, "conv1");
  EXPECT_EQ(records[0].type, "Conv2D");
  EXPECT_EQ(records[173].name, "fc");
  EXPECT_EQ(records[173].type, "MatMulV2");

  aclsimSubscriptionStats stats{};
  ASSERT_ACL_OK(aclsimGetSubscriptionStats(model.id(), &stats));
  EXPECT_EQ(stats.produced, 174u * kRuns);
  EXPECT_EQ(stats.delivered, 174u * kRuns);
  EXPECT_EQ(stats.dropped, 0u);
  EXPECT_EQ(stats.broken, 0u);
  EXPECT_EQ(stats.active, 0u);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(Subscription, GivenExecutionsBeforeSubscribeThenOnlyLaterOpsArrive) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(model.Execute());
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  ASSERT_ACL_OK(model.Execute());  // after unsubscribe: not delivered
  reader.Join();
  std::vector<Decoded> records = DecodeAll(reader.bytes);
  ASSERT_EQ(records.size(), 9u);
  EXPECT_EQ(records[0].start, kClockOriginNs + 61607u);  // the second run starts where the first ended
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(Subscription, GivenUnsubscribedModelWhenOtherModelIsSubscribedThenItsOpsAreNotDelivered) {
  LoadedModel a("sample_mlp.json");
  LoadedModel b("two_branch.json");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(b.id(), config));
  ASSERT_ACL_OK(a.Execute());
  ASSERT_ACL_OK(b.Execute());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(b.id()));
  reader.Join();
  std::vector<Decoded> records = DecodeAll(reader.bytes);
  ASSERT_EQ(records.size(), 6u);
  for (const auto& r : records) EXPECT_EQ(r.model_id, b.id());
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST(SubscriptionMultiDevice, GivenModelsOnTwoDevicesWithTheirOwnPipesThenEachPipeGetsItsModel) {
  char path[] = "/tmp/aclsim_conf_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  const char config_json[] = R"({"aclsim":{"device_count":2}})";
  ASSERT_EQ(write(fd, config_json, sizeof(config_json) - 1), static_cast<ssize_t>(sizeof(config_json) - 1));
  close(fd);
  const aclError ret = aclInit(path);
  unlink(path);
  ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
  ASSERT_ACL_OK(ret);
  {
    ASSERT_ACL_OK(aclrtSetDevice(1));
    LoadedModel on1("two_branch.json");
    ASSERT_ACL_OK(aclrtSetDevice(0));
    LoadedModel on0("sample_mlp.json");
    PipeReader r0, r1;
    aclprofSubscribeConfig* c0 = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &r0.write_fd);
    aclprofSubscribeConfig* c1 = aclprofCreateSubscribeConfig(0, ACL_AICORE_MEMORY_BANDWIDTH, &r1.write_fd);
    ASSERT_ACL_OK(aclprofModelSubscribe(on0.id(), c0));
    ASSERT_ACL_OK(aclprofModelSubscribe(on1.id(), c1));  // another device may use another config
    ASSERT_ACL_OK(on0.Execute());
    ASSERT_ACL_OK(aclrtSetDevice(1));
    ASSERT_ACL_OK(on1.Execute());
    ASSERT_ACL_OK(on1.Execute());
    ASSERT_ACL_OK(aclprofModelUnSubscribe(on0.id()));
    ASSERT_ACL_OK(aclprofModelUnSubscribe(on1.id()));
    r0.Join();
    r1.Join();
    std::vector<Decoded> d0 = DecodeAll(r0.bytes);
    std::vector<Decoded> d1 = DecodeAll(r1.bytes);
    EXPECT_EQ(d0.size(), 9u);
    EXPECT_EQ(d1.size(), 12u);
    for (const auto& r : d0) EXPECT_EQ(r.model_id, on0.id());
    for (const auto& r : d1) EXPECT_EQ(r.model_id, on1.id());
    EXPECT_ACL_OK(aclprofDestroySubscribeConfig(c0));
    EXPECT_ACL_OK(aclprofDestroySubscribeConfig(c1));
    (void)aclrtResetDevice(1);
    (void)aclrtResetDevice(0);
  }
  EXPECT_ACL_OK(aclFinalize());
}

}  // namespace
}  // namespace aclsim_conformance
