// ASCEND_RT_VISIBLE_DEVICES through the public API (docs/devices.md): the
// listed devices renumbered from 0, the id-space conversions, and values
// that select no device. A backend of four devices (config device_count).
#include <cstdlib>
#include <string>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclsimConfig;
using aclsim_conformance::ModelIo;
using aclsim_conformance::ModelPath;
using aclsim_conformance::TempFile;
using aclsim_conformance::TraceRecords;

class ConfVisibleDevices : public ::testing::Test {
 protected:
  // aclInit with ASCEND_RT_VISIBLE_DEVICES=|value| (nullptr: unset).
  void Init(const char* value) {
    if (value == nullptr) {
      ::unsetenv("ASCEND_RT_VISIBLE_DEVICES");
    } else {
      ::setenv("ASCEND_RT_VISIBLE_DEVICES", value, 1);
    }
    const aclError ret = aclInit(config_.c_str());
    ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, "client_device_options");
    ASSERT_ACL_OK(ret);
  }
  void TearDown() override {
    (void)aclFinalize();
    ::unsetenv("ASCEND_RT_VISIBLE_DEVICES");
  }
  static uint32_t Count() {
    uint32_t n = 0;
    EXPECT_ACL_OK(aclrtGetDeviceCount(&n));
    return n;
  }

  TempFile config_{AclsimConfig(R"({"device_count": 4})")};
};

TEST_F(ConfVisibleDevices, GivenUnsetThenEveryDeviceUnderItsOwnId) {
  Init(nullptr);
  if (IsSkipped()) return;
  EXPECT_EQ(Count(), 4u);
  int32_t id = -1;
  EXPECT_ACL_OK(aclrtGetLogicDevIdByUserDevId(3, &id));
  EXPECT_EQ(id, 3);
  EXPECT_ACL_OK(aclrtGetUserDevIdByPhyDevId(2, &id));
  EXPECT_EQ(id, 2);
}

TEST_F(ConfVisibleDevices, GivenTwoListedDevicesThenTheProgramSeesTwoRenumberedFromZero) {
  Init("1,3");
  if (IsSkipped()) return;
  EXPECT_EQ(Count(), 2u);
  int32_t id = -1;
  EXPECT_ACL_OK(aclrtGetLogicDevIdByUserDevId(0, &id));
  EXPECT_EQ(id, 1);
  EXPECT_ACL_OK(aclrtGetLogicDevIdByUserDevId(1, &id));
  EXPECT_EQ(id, 3);
  EXPECT_ACL_OK(aclrtGetUserDevIdByLogicDevId(3, &id));
  EXPECT_EQ(id, 1);
  EXPECT_ACL_OK(aclrtGetPhyDevIdByUserDevId(1, &id));
  EXPECT_EQ(id, 3);
  EXPECT_ACL_OK(aclrtGetPhyDevIdByLogicDevId(0, &id));  // a user id in, as CANN documents
  EXPECT_EQ(id, 1);
  EXPECT_ACL_OK(aclrtGetLogicDevIdByPhyDevId(3, &id));  // a user id out
  EXPECT_EQ(id, 1);
  EXPECT_ACL_ERROR(aclrtGetLogicDevIdByUserDevId(2, &id), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtGetUserDevIdByLogicDevId(2, &id), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_RECENT_ERR_HAS("device 2 is not visible to this program (ASCEND_RT_VISIBLE_DEVICES=\"1,3\")");
  EXPECT_ACL_ERROR(aclrtGetUserDevIdByPhyDevId(-1, &id), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtGetPhyDevIdByUserDevId(0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtSetDevice(2), ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_F(ConfVisibleDevices, GivenARenumberedDeviceThenItsWorkCarriesTheProgramsId) {
  Init("2,3");
  if (IsSkipped()) return;
  ASSERT_ACL_OK(aclrtSetDevice(1));  // the backend's device 3
  ASSERT_ACL_OK(aclsimTraceStart(0));
  uint32_t model = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &model));
  {
    ModelIo io;
    ASSERT_ACL_OK(io.Create(model));
    ASSERT_ACL_OK(aclmdlExecute(model, io.input(), io.output()));
    const auto records = TraceRecords();
    ASSERT_EQ(records.size(), 9u);
    for (const auto& r : records) EXPECT_EQ(r.deviceId, 1u) << r.opName;
    io.Release();
  }
  EXPECT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclmdlUnload(model));
  EXPECT_ACL_OK(aclrtResetDevice(1));
}

TEST_F(ConfVisibleDevices, GivenAValueCannStopsReadingThenTheIdsBeforeTheStopRemain) {
  Init("1, 2,3");  // CANN's documented example: only 1
  if (IsSkipped()) return;
  EXPECT_EQ(Count(), 1u);
}

TEST_F(ConfVisibleDevices, GivenAnIdTheBackendLacksThenTheListEndsBeforeIt) {
  Init("1,3,8");
  if (IsSkipped()) return;
  EXPECT_EQ(Count(), 2u);
}

class ConfVisibleDevicesNone : public ConfVisibleDevices, public ::testing::WithParamInterface<const char*> {};

TEST_P(ConfVisibleDevicesNone, GivenAValueThatSelectsNoDeviceThenNoDeviceAndSetDeviceFails) {
  Init(GetParam());
  if (IsSkipped()) return;
  uint32_t n = 99;
  EXPECT_ACL_ERROR(aclrtGetDeviceCount(&n), ACL_ERROR_RT_NO_DEVICE);
  EXPECT_RECENT_ERR_HAS("ASCEND_RT_VISIBLE_DEVICES=\"" + std::string(GetParam()) + "\"");
  EXPECT_EQ(n, 99u);
  EXPECT_ACL_ERROR(aclrtSetDevice(0), ACL_ERROR_RT_INVALID_DEVICEID);
}

INSTANTIATE_TEST_SUITE_P(Values, ConfVisibleDevicesNone, ::testing::Values("2,1", "1,1", "", "x1", "9"),
                         [](const ::testing::TestParamInfo<const char*>& param) {
                           return std::string("case") + std::to_string(param.index);
                         });

}  // namespace
