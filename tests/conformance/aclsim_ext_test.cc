// aclsim extensions (acl/aclsim_ext.h), which the rest of the suite uses to
// observe device time: aclsimTraceStart/Stop/GetCount/GetRecords,
// aclsimGetDeviceTimeNs, aclsimGetModelCost, aclsimGetBackendName,
// aclsimCheckBackendFeature.
#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;
using aclsim_conformance::AclsimConfig;
using aclsim_conformance::kClockOriginNs;
using aclsim_conformance::LoadFromString;
using aclsim_conformance::ModelIo;
using aclsim_conformance::OneOpModel;
using aclsim_conformance::TempFile;
using aclsim_conformance::TraceRecords;

class ConfExt : public AclDeviceTest {};

TEST_F(ConfExt, GivenTraceOnWhenStartAgainThenRepeatInitialize) {
  ASSERT_ACL_OK(aclsimTraceStart(0));
  EXPECT_ACL_ERROR(aclsimTraceStart(10), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_RECENT_ERR_HAS("tracing");
  EXPECT_ACL_OK(aclsimTraceStop());
}

TEST_F(ConfExt, GivenTraceOffWhenStopThenInvalidParam) {
  EXPECT_ACL_ERROR(aclsimTraceStop(), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("tracing");
}

TEST_F(ConfExt, GivenNullArgumentsWhenReadingTraceThenInvalidParam) {
  size_t count = 0;
  uint64_t dropped = 0;
  EXPECT_ACL_ERROR(aclsimTraceGetCount(nullptr, &dropped), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclsimTraceGetCount(&count, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclsimTraceGetCount");
  size_t written = 0;
  EXPECT_ACL_ERROR(aclsimTraceGetRecords(nullptr, 1, &written), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclsimTraceGetRecords(nullptr, 0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclsimTraceGetRecords");
  EXPECT_ACL_OK(aclsimTraceGetRecords(nullptr, 0, &written));
  EXPECT_EQ(written, 0u);
}

TEST_F(ConfExt, GivenSmallCapacityWhenMoreTasksThenExtraCountedAsDroppedAndStopKeepsRecords) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  uint32_t id = 0;
  ASSERT_ACL_OK(LoadFromString(OneOpModel("m", 1000), &id));
  ModelIo io;
  ASSERT_ACL_OK(io.Create(id));
  ASSERT_ACL_OK(aclsimTraceStart(3));
  for (int i = 0; i < 5; ++i) ASSERT_ACL_OK(aclmdlExecute(id, io.input(), io.output()));
  size_t count = 0;
  uint64_t dropped = 0;
  ASSERT_ACL_OK(aclsimTraceGetCount(&count, &dropped));
  EXPECT_EQ(count, 3u);
  EXPECT_EQ(dropped, 2u);
  ASSERT_ACL_OK(aclsimTraceStop());
  ASSERT_ACL_OK(aclmdlExecute(id, io.input(), io.output()));  // not recorded any more
  aclsimTaskRecord records[8];
  size_t written = 0;
  ASSERT_ACL_OK(aclsimTraceGetRecords(records, 2, &written));  // at most |capacity|
  EXPECT_EQ(written, 2u);
  ASSERT_ACL_OK(aclsimTraceGetRecords(records, 8, &written));
  EXPECT_EQ(written, 3u);
  // Oldest first, each 1000 ns, back to back on the default stream.
  EXPECT_EQ(records[0].startNs, kClockOriginNs);
  EXPECT_EQ(records[1].startNs, kClockOriginNs + 1000u);
  EXPECT_EQ(records[2].endNs, kClockOriginNs + 3000u);
  EXPECT_GT(records[1].taskId, records[0].taskId);
  // A new start clears the earlier records.
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclsimTraceGetCount(&count, &dropped));
  EXPECT_EQ(count, 0u);
  EXPECT_EQ(dropped, 0u);
  EXPECT_ACL_OK(aclsimTraceStop());
}

TEST_F(ConfExt, GivenBadDeviceOrNullWhenGetDeviceTimeThenError) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  uint64_t t = 5;
  EXPECT_ACL_OK(aclsimGetDeviceTimeNs(0, &t));
  EXPECT_EQ(t, kClockOriginNs);  // a fresh clock reads its origin, never 0
  EXPECT_ACL_ERROR(aclsimGetDeviceTimeNs(0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclsimGetDeviceTimeNs(1, &t), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclsimGetDeviceTimeNs(-1, &t), ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_F(ConfExt, GivenModelWhenGetModelCostThenTotalsOfItsOps) {
  uint32_t id = 0;
  ASSERT_ACL_OK(LoadFromString(OneOpModel("m", 4321, "Relu", 8, 16), &id));
  uint64_t flops = 0, macs = 0, bytes = 0, op_time_ns = 0;
  ASSERT_ACL_OK(aclsimGetModelCost(id, &flops, &macs, &bytes, &op_time_ns));
  EXPECT_EQ(op_time_ns, 4321u);
  EXPECT_EQ(macs, 0u);                   // a vector op
  EXPECT_EQ(flops, 8u * 16u);            // one flop per output element
  EXPECT_EQ(bytes, 2u * 8u * 16u * 2u);  // float16 in + out
  EXPECT_ACL_ERROR(aclsimGetModelCost(id, nullptr, &macs, &bytes, &op_time_ns), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclsimGetModelCost(id + 1, &flops, &macs, &bytes, &op_time_ns), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
  EXPECT_ACL_OK(aclmdlUnload(id));
  EXPECT_ACL_ERROR(aclsimGetModelCost(id, &flops, &macs, &bytes, &op_time_ns), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
}

// ------------------------------------------------------- backend features

constexpr const char* kFeatures[] = {"backend_selection", "client_device_options", "fresh_device_clock"};

TEST(ConfExtFeatures, GivenUnknownOrNullFeatureThenInvalidParam) {
  EXPECT_ACL_ERROR(aclsimCheckBackendFeature(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclsimCheckBackendFeature("warp_drive"), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("warp_drive");
  EXPECT_ACL_ERROR(aclsimCheckBackendFeature(""), ACL_ERROR_INVALID_PARAM);
}

TEST(ConfExtFeatures, GivenEachFeatureBeforeAndAfterInitThenSameAnswerWithAReasonWhenLacking) {
  aclError before[3];
  for (int i = 0; i < 3; ++i) {
    before[i] = aclsimCheckBackendFeature(kFeatures[i]);
    if (before[i] != ACL_SUCCESS) {
      EXPECT_ACL_ERROR(before[i], ACL_ERROR_API_NOT_SUPPORT) << kFeatures[i];
    }
  }
  ASSERT_ACL_OK(aclInit(nullptr));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(aclsimCheckBackendFeature(kFeatures[i]), before[i]) << kFeatures[i];
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfExtFeatures, GivenBackendTheProgramChoseThenTheDefaultSimHasEveryFeatureAndNoRuntimeIsCreated) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("backend_selection");
  EXPECT_ACL_OK(aclsimCheckBackendFeature("client_device_options"));
  EXPECT_ACL_OK(aclsimCheckBackendFeature("fresh_device_clock"));
  // Asking created no runtime: the aclInit file still applies.
  TempFile config(AclsimConfig(R"({"device_count": 2})"));
  ASSERT_ACL_OK(aclInit(config.c_str()));
  uint32_t count = 0;
  EXPECT_ACL_OK(aclrtGetDeviceCount(&count));
  EXPECT_EQ(count, 2u);
  EXPECT_STREQ(aclsimGetBackendName(), "sim");
  EXPECT_ACL_OK(aclsimCheckBackendFeature("client_device_options"));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(ConfExtFeatures, GivenDeviceOptionWhenInitThenAcceptedExactlyWhenTheBackendTakesDeviceOptions) {
  const aclError has = aclsimCheckBackendFeature("client_device_options");
  TempFile config(AclsimConfig(R"({"seed": 1})"));
  if (has == ACL_SUCCESS) {
    EXPECT_ACL_OK(aclInit(config.c_str()));
    EXPECT_ACL_OK(aclFinalize());
  } else {
    // aclInit surfaces the backend's code unchanged, naming the option.
    EXPECT_ACL_ERROR(has, ACL_ERROR_API_NOT_SUPPORT);
    EXPECT_ACL_ERROR(aclInit(config.c_str()), ACL_ERROR_API_NOT_SUPPORT);
    EXPECT_RECENT_ERR_HAS("seed");
    EXPECT_RECENT_ERR_HAS(config.path());
  }
}

}  // namespace
