// Error state, versions and environment queries: aclrtPeekAtLastError,
// aclrtGetLastError, aclrtGetErrorVerbose,
// aclsysGetVersionStr, aclsysGetVersionNum, aclGetCannAttributeList,
// aclGetCannAttribute, aclrtGetDeviceCapability, aclrtCheckArchCompatibility.
#include <cstring>
#include <string>
#include <thread>

#include "conformance_util.h"

namespace {

using aclsim_conformance::RecentErrMsg;

class ConfSystem : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ACLSIM_SKIP_WITHOUT_DEVICES();
  }
  void TearDown() override { (void)aclFinalize(); }
};

// ------------------------------------------------------------ last error

TEST_F(ConfSystem, GivenNoFailureWhenPeekAtLastErrorThenSuccess) {
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
}

TEST_F(ConfSystem, GivenFailedCallWhenPeekThenCodeStaysUntilGetLastError) {
  ASSERT_EQ(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
}

TEST_F(ConfSystem, GivenTwoFailuresWhenGetLastErrorThenTheLatest) {
  ASSERT_EQ(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_F(ConfSystem, GivenFailureThenSuccessWhenGetLastErrorThenTheFailureIsKept) {
  ASSERT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
  aclrtRunMode mode = ACL_DEVICE;
  ASSERT_ACL_OK(aclrtGetRunMode(&mode));
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_F(ConfSystem, GivenFailureOnOtherThreadWhenGetLastErrorThenSuccess) {
  std::thread([] { (void)aclrtGetRunMode(nullptr); }).join();
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
}

TEST_F(ConfSystem, GivenUnknownLevelWhenGetLastErrorThenParamInvalid) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  ASSERT_EQ(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetLastError(static_cast<aclrtLastErrLevel>(1)), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtPeekAtLastError(static_cast<aclrtLastErrLevel>(1)), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
}

// ------------------------------------------------------- error verbose

TEST_F(ConfSystem, GivenHealthyDeviceWhenGetErrorVerboseThenNoError) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtErrorInfo info;
  std::memset(&info, 0xA5, sizeof(info));
  EXPECT_ACL_OK(aclrtGetErrorVerbose(0, &info));
  EXPECT_EQ(info.errorType, ACL_RT_NO_ERROR);
  EXPECT_EQ(info.tryRepair, 0u);
  EXPECT_EQ(info.hasDetail, 0u);
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

TEST_F(ConfSystem, GivenNullInfoWhenGetErrorVerboseThenInvalidParam) {
  EXPECT_ACL_ERROR(aclrtGetErrorVerbose(0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtGetErrorVerbose");
}

TEST_F(ConfSystem, GivenBadDeviceWhenGetErrorVerboseThenInvalidDeviceId) {
  aclrtErrorInfo info = {};
  EXPECT_ACL_ERROR(aclrtGetErrorVerbose(-1, &info), ACL_ERROR_RT_INVALID_DEVICEID);
}

// -------------------------------------------------------------- versions

TEST_F(ConfSystem, GivenRuntimePackageWhenGetVersionStrThenInstalledVersion) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  char name[] = "runtime";
  char version[ACL_PKG_VERSION_MAX_SIZE] = {};
  EXPECT_ACL_OK(aclsysGetVersionStr(name, version));
  EXPECT_STREQ(version, "9.1.0");
}

TEST_F(ConfSystem, GivenRuntimePackageWhenGetVersionNumThenWeightedNumber) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  char name[] = "runtime";
  int32_t number = 0;
  EXPECT_ACL_OK(aclsysGetVersionNum(name, &number));
  EXPECT_EQ(number, 90100000);
}

TEST_F(ConfSystem, GivenUnknownPackageWhenGetVersionThenInvalidFile) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  char name[] = "no-such-package";
  char version[ACL_PKG_VERSION_MAX_SIZE] = {};
  int32_t number = 7;
  EXPECT_ACL_ERROR(aclsysGetVersionStr(name, version), ACL_ERROR_INVALID_FILE);
  EXPECT_RECENT_ERR_HAS("no-such-package");
  EXPECT_ACL_ERROR(aclsysGetVersionNum(name, &number), ACL_ERROR_INVALID_FILE);
  EXPECT_EQ(number, 7);
}

TEST_F(ConfSystem, GivenNullArgumentsWhenGetVersionThenInvalidParam) {
  char name[] = "runtime";
  char version[ACL_PKG_VERSION_MAX_SIZE] = {};
  int32_t number = 0;
  EXPECT_ACL_ERROR(aclsysGetVersionStr(nullptr, version), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclsysGetVersionStr(name, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclsysGetVersionNum(nullptr, &number), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclsysGetVersionNum(name, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclsysGetVersionNum");
}

// -------------------------------------------------------- CANN attributes

TEST_F(ConfSystem, GivenSimulatorWhenGetCannAttributeListThenThreeSupported) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  const aclCannAttr* list = nullptr;
  size_t count = 0;
  ASSERT_ACL_OK(aclGetCannAttributeList(&list, &count));
  ASSERT_EQ(count, 3u);
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(list[0], ACL_CANN_ATTR_INF_NAN);
  EXPECT_EQ(list[1], ACL_CANN_ATTR_BF16);
  EXPECT_EQ(list[2], ACL_CANN_ATTR_JIT_COMPILE);
  for (size_t i = 0; i < count; ++i) {
    int32_t value = 0;
    EXPECT_ACL_OK(aclGetCannAttribute(list[i], &value));
    EXPECT_EQ(value, 1) << "attribute " << list[i];
  }
}

TEST_F(ConfSystem, GivenUndefinedAttributeWhenGetCannAttributeThenZero) {
  int32_t value = 5;
  EXPECT_ACL_OK(aclGetCannAttribute(ACL_CANN_ATTR_UNDEFINED, &value));
  EXPECT_EQ(value, 0);
}

TEST_F(ConfSystem, GivenNullWhenGetCannAttributeThenInvalidParam) {
  const aclCannAttr* list = nullptr;
  size_t count = 0;
  EXPECT_ACL_ERROR(aclGetCannAttributeList(nullptr, &count), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclGetCannAttributeList(&list, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclGetCannAttribute(ACL_CANN_ATTR_BF16, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclGetCannAttribute");
}

// ------------------------------------------------------ device capability

TEST_F(ConfSystem, GivenTaskUpdateFeatureWhenGetDeviceCapabilityThenNotSupported) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  int32_t value = 7;
  EXPECT_ACL_OK(aclrtGetDeviceCapability(0, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, &value));
  EXPECT_EQ(value, ACL_DEV_FEATURE_NOT_SUPPORT);
  value = 7;
  EXPECT_ACL_OK(aclrtGetDeviceCapability(0, ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV, &value));
  EXPECT_EQ(value, ACL_DEV_FEATURE_NOT_SUPPORT);
}

TEST_F(ConfSystem, GivenBadArgumentsWhenGetDeviceCapabilityThenErrors) {
  int32_t value = 0;
  EXPECT_ACL_ERROR(aclrtGetDeviceCapability(0, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtGetDeviceCapability(0, static_cast<aclrtDevFeatureType>(2), &value), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("devFeatureType");
  EXPECT_ACL_ERROR(aclrtGetDeviceCapability(-1, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, &value),
                   ACL_ERROR_RT_INVALID_DEVICEID);
}

// ------------------------------------------------- arch compatibility

TEST_F(ConfSystem, GivenOwnSocWhenCheckArchCompatibilityThenCompatible) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  const char* soc = aclrtGetSocName();
  ASSERT_NE(soc, nullptr);
  int32_t compatible = 7;
  EXPECT_ACL_OK(aclrtCheckArchCompatibility(soc, &compatible));
  EXPECT_EQ(compatible, 1);
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

TEST_F(ConfSystem, GivenFamilyAndForeignSocsWhenCheckArchCompatibilityThenByFamily) {
  ACLSIM_SIM_ONLY();  // the default device is an Ascend910B2 (docs/configuration.md)
  int32_t compatible = 7;
  EXPECT_ACL_OK(aclrtCheckArchCompatibility("Ascend910B4", &compatible));
  EXPECT_EQ(compatible, 1);
  EXPECT_ACL_OK(aclrtCheckArchCompatibility("Ascend310P3", &compatible));
  EXPECT_EQ(compatible, 0);
  EXPECT_ACL_OK(aclrtCheckArchCompatibility("Ascend910A", &compatible));
  EXPECT_EQ(compatible, 0);
  EXPECT_ACL_OK(aclrtCheckArchCompatibility("NotASoc", &compatible));
  EXPECT_EQ(compatible, 0);
}

TEST_F(ConfSystem, GivenNullWhenCheckArchCompatibilityThenInvalidParam) {
  int32_t compatible = 0;
  EXPECT_ACL_ERROR(aclrtCheckArchCompatibility(nullptr, &compatible), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtCheckArchCompatibility("Ascend910B2", nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtCheckArchCompatibility");
}

}  // namespace

namespace {

// ----------------------------------------------------- context queries

class ConfContextQuery : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ACLSIM_SKIP_WITHOUT_DEVICES();
  }
  void TearDown() override { (void)aclFinalize(); }
};

TEST_F(ConfContextQuery, GivenCreatedContextWhenGetCurrentDefaultStreamThenUsableStream) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&context, 0));
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCtxGetCurrentDefaultStream(&stream));
  ASSERT_NE(stream, nullptr);
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
  // The default stream belongs to the context: it cannot be destroyed.
  EXPECT_ACL_ERROR(aclrtDestroyStream(stream), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtDestroyContext(context));
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

TEST_F(ConfContextQuery, GivenTwoContextsWhenGetCurrentDefaultStreamThenEachHasItsOwn) {
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream primary = nullptr;
  ASSERT_ACL_OK(aclrtCtxGetCurrentDefaultStream(&primary));
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&context, 0));
  aclrtStream own = nullptr;
  ASSERT_ACL_OK(aclrtCtxGetCurrentDefaultStream(&own));
  EXPECT_NE(primary, own);
  EXPECT_ACL_OK(aclrtDestroyContext(context));
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

TEST_F(ConfContextQuery, GivenNoContextWhenGetCurrentDefaultStreamThenContextNull) {
  aclrtStream stream = nullptr;
  EXPECT_ACL_ERROR(aclrtCtxGetCurrentDefaultStream(&stream), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_ACL_ERROR(aclrtCtxGetCurrentDefaultStream(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfContextQuery, GivenNoLimitsWhenGetResInCurrentThreadThenDeviceCores) {
  ACLSIM_SIM_ONLY();  // the default device is an Ascend910B2: 24 AI cores, 48 vector cores
  ASSERT_ACL_OK(aclrtSetDevice(0));
  uint32_t cube = 0;
  uint32_t vector = 0;
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &cube));
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &vector));
  EXPECT_EQ(cube, 24u);
  EXPECT_EQ(vector, 48u);
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

TEST_F(ConfContextQuery, GivenBadArgumentsWhenGetResInCurrentThreadThenErrors) {
  uint32_t value = 0;
  EXPECT_ACL_ERROR(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value), ACL_ERROR_RT_CONTEXT_NULL);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_ERROR(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, nullptr), ACL_ERROR_INVALID_PARAM);
  // A C program can pass any int as the type (the ABI passes an enum as its int).
  const auto get_res = reinterpret_cast<aclError (*)(int32_t, uint32_t*)>(&aclrtGetResInCurrentThread);
  EXPECT_ACL_ERROR(get_res(2, &value), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("aclrtDevResLimitType");
  EXPECT_ACL_OK(aclrtResetDeviceForce(0));
}

}  // namespace

namespace {

// ------------------------------------------------------------ device info

class ConfDeviceInfo : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ACLSIM_SKIP_WITHOUT_DEVICES();
  }
  void TearDown() override { (void)aclFinalize(); }

  int64_t Info(aclrtDevAttr attr) {
    int64_t value = -1;
    EXPECT_ACL_OK(aclrtGetDeviceInfo(0, attr, &value));
    return value;
  }
};

TEST_F(ConfDeviceInfo, GivenDefaultDeviceWhenGetDeviceInfoThenItsProfile) {
  ACLSIM_SIM_ONLY();  // the default device is an Ascend910B2 (sim/profiles/Ascend910B2.json)
  EXPECT_EQ(Info(ACL_DEV_ATTR_AICPU_CORE_NUM), 4);
  EXPECT_EQ(Info(ACL_DEV_ATTR_AICORE_CORE_NUM), 24);
  EXPECT_EQ(Info(ACL_DEV_ATTR_CUBE_CORE_NUM), 24);
  EXPECT_EQ(Info(ACL_DEV_ATTR_VECTOR_CORE_NUM), 48);
  EXPECT_EQ(Info(ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE), 68719476736);
}

TEST_F(ConfDeviceInfo, GivenSimtAttributesOrVirtualWhenGetDeviceInfoThenZero) {
  for (aclrtDevAttr attr :
       {ACL_DEV_ATTR_WARP_SIZE, ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE, ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE,
        ACL_DEV_ATTR_MAX_GRID_DIM_X, ACL_DEV_ATTR_MAX_BLOCK_DIM_Z, ACL_DEV_ATTR_IS_VIRTUAL}) {
    EXPECT_EQ(Info(attr), 0) << "attribute " << attr;
  }
}

TEST_F(ConfDeviceInfo, GivenUndescribedAttributeWhenGetDeviceInfoThenNotSupportNamingIt) {
  ACLSIM_SIM_ONLY();  // an aclsim choice or simulator fact (tests/conformance/portable/README.md)
  int64_t value = -1;
  EXPECT_ACL_ERROR(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_L2_CACHE_SIZE, &value), ACL_ERROR_API_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("attribute 302");
  EXPECT_ACL_ERROR(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_NPU_ARCH, &value), ACL_ERROR_API_NOT_SUPPORT);
  EXPECT_ACL_ERROR(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_PHY_CHIP_ID, &value), ACL_ERROR_API_NOT_SUPPORT);
  EXPECT_EQ(value, -1);
}

TEST_F(ConfDeviceInfo, GivenBadArgumentsWhenGetDeviceInfoThenErrors) {
  int64_t value = -1;
  EXPECT_ACL_ERROR(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtGetDeviceInfo(0, static_cast<aclrtDevAttr>(7), &value), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclrtDevAttr");
  EXPECT_ACL_ERROR(aclrtGetDeviceInfo(64, ACL_DEV_ATTR_AICORE_CORE_NUM, &value), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtGetDeviceInfo(0x80000000u, ACL_DEV_ATTR_AICORE_CORE_NUM, &value),
                   ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(value, -1);
}

}  // namespace
