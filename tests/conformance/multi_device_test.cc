// Several devices (config device_count 2): models run on the device they
// were loaded on, against that device's own clock; streams, events and
// models of different devices do not mix.
#include "conformance_util.h"

namespace {

using aclsim_conformance::AclsimConfig;
using aclsim_conformance::kClockOriginNs;
using aclsim_conformance::kNoHostCostsKey;
using aclsim_conformance::MaxEndNs;
using aclsim_conformance::MinStartNs;
using aclsim_conformance::ModelIo;
using aclsim_conformance::ModelPath;
using aclsim_conformance::TempFile;
using aclsim_conformance::TraceRecords;

class ConfMultiDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    const aclError ret = aclInit(config_.c_str());
    ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
    ASSERT_ACL_OK(ret);
    uint32_t count = 0;
    ASSERT_ACL_OK(aclrtGetDeviceCount(&count));
    ASSERT_EQ(count, 2u);
  }
  void TearDown() override { (void)aclFinalize(); }

  TempFile config_{AclsimConfig(std::string(R"({"device_count": 2, )") + kNoHostCostsKey + "}")};
};

TEST_F(ConfMultiDevice, GivenTwoDevicesWhenSetDeviceThenEachBecomesCurrentAndBadIdRejected) {
  ASSERT_ACL_OK(aclrtSetDevice(1));
  int32_t device = -1;
  EXPECT_ACL_OK(aclrtGetDevice(&device));
  EXPECT_EQ(device, 1);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtGetDevice(&device));
  EXPECT_EQ(device, 0);
  EXPECT_ACL_ERROR(aclrtSetDevice(2), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_RECENT_ERR_HAS("device count 2");
  // Resetting device 0 leaves device 1 set (but nothing is current on this thread).
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_ERROR(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_ACL_OK(aclrtResetDevice(1));
  EXPECT_ACL_ERROR(aclrtResetDevice(1), ACL_ERROR_RT_CONTEXT_RELEASE_ERROR);
}

TEST_F(ConfMultiDevice, GivenModelLoadedOnDevice1WhenExecutedThenItRunsOnDevice1Clock) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  ASSERT_ACL_OK(aclrtSetDevice(1));
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &id));
  ModelIo io;
  ASSERT_ACL_OK(io.Create(id));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclmdlExecute(id, io.input(), io.output()));
  auto records = TraceRecords();
  ASSERT_EQ(records.size(), 9u);
  for (const auto& r : records) EXPECT_EQ(r.deviceId, 1u);
  EXPECT_EQ(MinStartNs(records), kClockOriginNs);  // device 1's clock starts at the origin too
  uint64_t t0 = 99, t1 = 0;
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &t0));
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(1, &t1));
  EXPECT_EQ(t0, kClockOriginNs);  // device 0 did nothing
  EXPECT_EQ(t1, MaxEndNs(records));
  uint64_t flops = 0, macs = 0, bytes = 0, op_time_ns = 0;
  ASSERT_ACL_OK(aclsimGetModelCost(id, &flops, &macs, &bytes, &op_time_ns));
  EXPECT_EQ(t1, kClockOriginNs + op_time_ns);
  EXPECT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclmdlUnload(id));
}

// Each device has its own clock, which the host's launches move: device 1
// idles at its origin while device 0 runs, and its work starts when the host
// launches it, after device 0's synchronous runs (docs/time_base.md).
TEST_F(ConfMultiDevice, GivenSameModelOnBothDevicesWhenExecutedThenEachStartsWhenTheHostLaunchesIt) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  uint32_t id0 = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &id0));
  ModelIo io0;
  ASSERT_ACL_OK(io0.Create(id0));
  ASSERT_ACL_OK(aclmdlExecute(id0, io0.input(), io0.output()));
  ASSERT_ACL_OK(aclmdlExecute(id0, io0.input(), io0.output()));  // device 0 runs twice
  ASSERT_ACL_OK(aclrtSetDevice(1));
  uint64_t t0 = 0, t1 = 0;
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &t0));
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(1, &t1));
  EXPECT_EQ(t1, kClockOriginNs);
  ASSERT_GT(t0, kClockOriginNs);
  const uint64_t run_ns = (t0 - kClockOriginNs) / 2;
  uint32_t id1 = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &id1));
  ModelIo io1;
  ASSERT_ACL_OK(io1.Create(id1));
  ASSERT_ACL_OK(aclmdlExecute(id1, io1.input(), io1.output()));
  uint64_t t0_after = 0;
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &t0_after));
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(1, &t1));
  EXPECT_EQ(t0_after, t0);     // device 0 did nothing more
  EXPECT_EQ(t1, t0 + run_ns);  // host costs are 0 here: it launched at t0
  io0.Release();
  EXPECT_ACL_OK(aclmdlUnload(id0));
  EXPECT_ACL_OK(aclmdlUnload(id1));
}

TEST_F(ConfMultiDevice, GivenModelOnDevice1WhenExecutedOnStreamOfDevice0ThenStreamContextError) {
  ASSERT_ACL_OK(aclrtSetDevice(1));
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &id));
  ModelIo io;
  ASSERT_ACL_OK(io.Create(id));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream stream0 = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream0));
  EXPECT_ACL_ERROR(aclmdlExecuteAsync(id, io.input(), io.output(), stream0), ACL_ERROR_RT_STREAM_CONTEXT);
  EXPECT_EQ(ACL_ERROR_RT_STREAM_CONTEXT, 107003);
  EXPECT_RECENT_ERR_HAS("device 1");
  // The default stream of the current context (device 0) is just as wrong.
  EXPECT_ACL_ERROR(aclmdlExecute(id, io.input(), io.output()), ACL_ERROR_RT_STREAM_CONTEXT);
  EXPECT_ACL_ERROR(aclmdlExecuteAsync(id, io.input(), io.output(), nullptr), ACL_ERROR_RT_STREAM_CONTEXT);
  // Switching back to device 1 makes it work.
  ASSERT_ACL_OK(aclrtSetDevice(1));
  EXPECT_ACL_OK(aclmdlExecute(id, io.input(), io.output()));
  EXPECT_ACL_OK(aclrtDestroyStream(stream0));
  io.Release();
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfMultiDevice, GivenEventOfOtherDeviceWhenRecordOrWaitThenStreamContextError) {
  ASSERT_ACL_OK(aclrtSetDevice(1));
  aclrtEvent event1 = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event1));
  aclrtStream stream1 = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream1));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream stream0 = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream0));
  aclrtEvent event0 = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event0));
  EXPECT_ACL_ERROR(aclrtRecordEvent(event1, stream0), ACL_ERROR_RT_STREAM_CONTEXT);
  EXPECT_RECENT_ERR_HAS("different devices");
  EXPECT_ACL_ERROR(aclrtStreamWaitEvent(stream0, event1), ACL_ERROR_RT_STREAM_CONTEXT);
  EXPECT_ACL_ERROR(aclrtRecordEvent(event1, nullptr), ACL_ERROR_RT_STREAM_CONTEXT);
  // Handles of another device are still usable by handle, whatever is current.
  EXPECT_ACL_OK(aclrtRecordEvent(event1, stream1));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream1));
  EXPECT_ACL_OK(aclrtRecordEvent(event0, stream0));
  EXPECT_ACL_OK(aclrtSynchronizeEvent(event0));
  float ms = 0;
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, event0, event1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("different devices");
  EXPECT_ACL_OK(aclrtDestroyEvent(event0));
  EXPECT_ACL_OK(aclrtDestroyEvent(event1));
  EXPECT_ACL_OK(aclrtDestroyStream(stream0));
  EXPECT_ACL_OK(aclrtDestroyStream(stream1));
}

}  // namespace
