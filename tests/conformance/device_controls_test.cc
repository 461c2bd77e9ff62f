// The controls of a device's work: core limits (aclrtSet/Get/ResetDeviceResLimit,
// the stream ones, aclrtUse/UnuseStreamResInCurrentThread,
// aclrtGetResInCurrentThread), the saturation mode (aclrtSet/GetDeviceSatMode),
// overflow checking (aclrtSet/GetStreamOverflowSwitch,
// aclrtGetOverflowStatus, aclrtResetOverflowStatus), utilisation and health
// (aclrtGetDeviceUtilizationRate, aclrtQueryDeviceStatus).
//
// The default device is the Ascend910B2 profile: 24 cube cores, 48 vector
// cores, both saturation modes, Inf/NaN first (docs/devices.md).
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl_op_compiler.h"
#include "conformance_util.h"

namespace {

using aclsim_conformance::AclsimConfig;
using aclsim_conformance::TempFile;

// The entry points with an int where their enum parameter is, as a C program
// calls them with any value (the ABI passes an enum as its int; holding an
// out-of-range value in the C++ enum type would itself be undefined).
using GetLimitInt = aclError (*)(int32_t, int32_t, uint32_t*);
using SetLimitInt = aclError (*)(int32_t, int32_t, uint32_t);
using SetStreamLimitInt = aclError (*)(aclrtStream, int32_t, uint32_t);
using SetSatModeInt = aclError (*)(int32_t);
const auto kGetDeviceResLimit = reinterpret_cast<GetLimitInt>(&aclrtGetDeviceResLimit);
const auto kSetDeviceResLimit = reinterpret_cast<SetLimitInt>(&aclrtSetDeviceResLimit);
const auto kSetStreamResLimit = reinterpret_cast<SetStreamLimitInt>(&aclrtSetStreamResLimit);
const auto kSetDeviceSatMode = reinterpret_cast<SetSatModeInt>(&aclrtSetDeviceSatMode);

// The facts below are the simulated profiles' (core counts, saturation
// modes), so each case names its profile; a backend that takes no device
// options skips them.
class ConfDeviceControls : public ::testing::Test {
 protected:
  void SetUp() override {
    ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
    const aclError init = aclInit(config_.c_str());
    initialized_ = init == ACL_SUCCESS;
    ACLSIM_SKIP_IF_UNIMPLEMENTED(init, "client_device_options");
    ASSERT_ACL_OK(init);
    ACLSIM_SKIP_WITHOUT_DEVICES();
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    if (!initialized_) return;
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }

  TempFile config_{
      AclsimConfig(std::string(R"({"device_profile": "Ascend910B2", )") + aclsim_conformance::kNoHostCostsKey + "}")};
  bool initialized_ = false;
};

// ------------------------------------------------------------ core limits

TEST_F(ConfDeviceControls, GivenNoLimitThenTheDevicesCores) {
  uint32_t value = 0;
  EXPECT_ACL_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 24u);
  EXPECT_ACL_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &value));
  EXPECT_EQ(value, 48u);
  EXPECT_ACL_OK(aclrtGetStreamResLimit(nullptr, ACL_RT_DEV_RES_VECTOR_CORE, &value));
  EXPECT_EQ(value, 48u);
}

TEST_F(ConfDeviceControls, GivenDeviceLimitThenStreamsAndThreadsSeeItUntilReset) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 8));
  uint32_t value = 0;
  EXPECT_ACL_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 8u);
  EXPECT_ACL_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &value));
  EXPECT_EQ(value, 48u);
  EXPECT_ACL_OK(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 8u);
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 8u);
  // The last setting wins.
  ASSERT_ACL_OK(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 12));
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 12u);
  ASSERT_ACL_OK(aclrtResetDeviceResLimit(0));
  EXPECT_ACL_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 24u);
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 24u);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfDeviceControls, GivenStreamLimitThenOnlyThreadsUsingTheStreamSeeIt) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, 16));
  // A stream's limit may exceed the process's.
  ASSERT_ACL_OK(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, 40));
  uint32_t value = 0;
  EXPECT_ACL_OK(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, &value));
  EXPECT_EQ(value, 40u);
  // Unset on the stream: the process's limit.
  EXPECT_ACL_OK(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 24u);
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value));
  EXPECT_EQ(value, 16u);
  ASSERT_ACL_OK(aclrtUseStreamResInCurrentThread(stream));
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value));
  EXPECT_EQ(value, 40u);
  // The stream sets no cube limit: the thread falls back to the process's.
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 24u);
  // Another thread does not use the stream.
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  uint32_t other = 0;
  aclError other_ret = ACL_ERROR_INTERNAL_ERROR;
  std::thread([&] {
    if (aclrtSetCurrentContext(context) == ACL_SUCCESS) {
      other_ret = aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &other);
    }
  }).join();
  EXPECT_ACL_OK(other_ret);
  EXPECT_EQ(other, 16u);
  // Unusing another stream changes nothing; unusing this one ends it.
  EXPECT_ACL_OK(aclrtUnuseStreamResInCurrentThread(nullptr));
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value));
  EXPECT_EQ(value, 40u);
  EXPECT_ACL_OK(aclrtUnuseStreamResInCurrentThread(stream));
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_VECTOR_CORE, &value));
  EXPECT_EQ(value, 16u);
  // A reset stream answers with the process's limit again.
  ASSERT_ACL_OK(aclrtResetStreamResLimit(stream));
  EXPECT_ACL_OK(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, &value));
  EXPECT_EQ(value, 16u);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfDeviceControls, GivenDestroyedUsedStreamThenTheThreadFallsBack) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_CUBE_CORE, 2));
  ASSERT_ACL_OK(aclrtUseStreamResInCurrentThread(stream));
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  uint32_t value = 0;
  EXPECT_ACL_OK(aclrtGetResInCurrentThread(ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 24u);
}

// Add of two [16384, 16] fp16 tensors on |stream|: 128 blocks of vector work,
// more than the 48 vector cores.
class ConfDeviceControlsOp : public ConfDeviceControls {
 protected:
  void SetUp() override {
    ConfDeviceControls::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    const int64_t dims[] = {16384, 16};
    for (auto*& d : descs_) d = aclCreateTensorDesc(ACL_FLOAT16, 2, dims, ACL_FORMAT_ND);
    for (size_t i = 0; i < 3; ++i) {
      ASSERT_ACL_OK(aclrtMalloc(&memory_[i], kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
      buffers_[i] = aclCreateDataBuffer(memory_[i], kBytes);
    }
    const aclTensorDesc* in[] = {descs_[0], descs_[1]};
    const aclTensorDesc* out[] = {descs_[2]};
    ASSERT_ACL_OK(aclopCompile("Add", 2, in, 1, out, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr));
  }
  void TearDown() override {
    for (auto* d : descs_) aclDestroyTensorDesc(d);
    for (auto* b : buffers_) (void)aclDestroyDataBuffer(b);
    for (void* p : memory_) (void)aclrtFree(p);
    ConfDeviceControls::TearDown();
  }
  // Executes the Add once on |stream| and returns its task record.
  aclsimTaskRecord ExecuteAdd(aclrtStream stream) {
    aclsimTaskRecord record{};
    aclTensorDesc* in[] = {descs_[0], descs_[1]};
    aclTensorDesc* out[] = {descs_[2]};
    aclDataBuffer* in_buf[] = {buffers_[0], buffers_[1]};
    aclDataBuffer* out_buf[] = {buffers_[2]};
    EXPECT_ACL_OK(aclsimTraceStart(0));
    EXPECT_ACL_OK(aclopExecuteV2("Add", 2, in, in_buf, 1, out, out_buf, nullptr, stream));
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
    size_t written = 0;
    EXPECT_ACL_OK(aclsimTraceGetRecords(&record, 1, &written));
    EXPECT_EQ(written, 1u);
    EXPECT_ACL_OK(aclsimTraceStop());
    return record;
  }

  static constexpr size_t kBytes = 16384 * 16 * 2;
  aclTensorDesc* descs_[3] = {};
  aclDataBuffer* buffers_[3] = {};
  void* memory_[3] = {};
};

TEST_F(ConfDeviceControlsOp, GivenCoreLimitsThenSingleOpsRunOnAtMostThatManyCores) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  const aclsimTaskRecord full = ExecuteAdd(stream);
  EXPECT_STREQ(full.engine, "AI_VECTOR_CORE");
  EXPECT_EQ(full.blockDim, 48u);
  // The process's vector limit; a cube limit does not touch a vector op.
  ASSERT_ACL_OK(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, 8));
  ASSERT_ACL_OK(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 1));
  const aclsimTaskRecord limited = ExecuteAdd(stream);
  EXPECT_EQ(limited.blockDim, 8u);
  EXPECT_GT(limited.endNs - limited.startNs, full.endNs - full.startNs);
  // The stream's limit wins for a thread that uses it, also above the process's.
  ASSERT_ACL_OK(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_VECTOR_CORE, 16));
  ASSERT_ACL_OK(aclrtUseStreamResInCurrentThread(stream));
  EXPECT_EQ(ExecuteAdd(stream).blockDim, 16u);
  ASSERT_ACL_OK(aclrtUnuseStreamResInCurrentThread(stream));
  EXPECT_EQ(ExecuteAdd(stream).blockDim, 8u);
  // Reset: the kernel compiled for every core runs again, as before.
  ASSERT_ACL_OK(aclrtResetDeviceResLimit(0));
  const aclsimTaskRecord again = ExecuteAdd(stream);
  EXPECT_EQ(again.blockDim, 48u);
  EXPECT_EQ(again.endNs - again.startNs, full.endNs - full.startNs);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfDeviceControls, GivenBadArgumentsWhenLimitingCoresThenErrors) {
  uint32_t value = 0;
  const int32_t bad_type = 2;
  EXPECT_ACL_ERROR(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(kGetDeviceResLimit(0, bad_type, &value), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("aclrtDevResLimitType");
  EXPECT_ACL_ERROR(kSetDeviceResLimit(0, bad_type, 1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 25), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("24 cube cores");
  EXPECT_ACL_ERROR(aclrtSetDeviceResLimit(-1, ACL_RT_DEV_RES_CUBE_CORE, 1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtGetDeviceResLimit(7, ACL_RT_DEV_RES_CUBE_CORE, &value), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtResetDeviceResLimit(7), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_ACL_ERROR(aclrtSetStreamResLimit(nullptr, ACL_RT_DEV_RES_VECTOR_CORE, 49), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(kSetStreamResLimit(nullptr, bad_type, 1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtGetStreamResLimit(nullptr, ACL_RT_DEV_RES_VECTOR_CORE, nullptr), ACL_ERROR_INVALID_PARAM);
  // A failed setting changes nothing.
  EXPECT_ACL_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 24u);
  // Zero cores is a limit the runtime accepts.
  EXPECT_ACL_OK(aclrtSetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, 0));
  EXPECT_ACL_OK(aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_CUBE_CORE, &value));
  EXPECT_EQ(value, 0u);
}

TEST_F(ConfDeviceControls, GivenDestroyedStreamWhenLimitingThenInvalidHandle) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  uint32_t value = 0;
  EXPECT_ACL_ERROR(aclrtSetStreamResLimit(stream, ACL_RT_DEV_RES_CUBE_CORE, 1), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtGetStreamResLimit(stream, ACL_RT_DEV_RES_CUBE_CORE, &value), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtResetStreamResLimit(stream), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtUseStreamResInCurrentThread(stream), ACL_ERROR_RT_INVALID_HANDLE);
}

// ------------------------------------------------- saturation and overflow

TEST_F(ConfDeviceControls, GivenAscend910BThenInfNanFirstAndBothModesSettable) {
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
  EXPECT_ACL_OK(aclrtGetDeviceSatMode(&mode));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);
  EXPECT_ACL_OK(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION));
  EXPECT_ACL_OK(aclrtGetDeviceSatMode(&mode));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_SATURATION);
  EXPECT_ACL_OK(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN));
  EXPECT_ACL_OK(aclrtGetDeviceSatMode(&mode));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);
  EXPECT_ACL_ERROR(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_UNDEF), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(kSetDeviceSatMode(-1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtGetDeviceSatMode(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclrtGetDeviceSatMode(&mode));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN);
}

TEST_F(ConfDeviceControls, GivenOverflowSwitchThenEachStreamKeepsItsOwn) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  uint32_t flag = 7;
  EXPECT_ACL_OK(aclrtGetStreamOverflowSwitch(stream, &flag));
  EXPECT_EQ(flag, 0u);
  EXPECT_ACL_OK(aclrtSetStreamOverflowSwitch(stream, 1));
  EXPECT_ACL_OK(aclrtGetStreamOverflowSwitch(stream, &flag));
  EXPECT_EQ(flag, 1u);
  EXPECT_ACL_OK(aclrtGetStreamOverflowSwitch(nullptr, &flag));
  EXPECT_EQ(flag, 0u);
  EXPECT_ACL_OK(aclrtSetStreamOverflowSwitch(stream, 0));
  EXPECT_ACL_OK(aclrtGetStreamOverflowSwitch(stream, &flag));
  EXPECT_EQ(flag, 0u);
  EXPECT_ACL_ERROR(aclrtSetStreamOverflowSwitch(stream, 2), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("flag");
  EXPECT_ACL_ERROR(aclrtGetStreamOverflowSwitch(stream, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_ERROR(aclrtSetStreamOverflowSwitch(stream, 1), ACL_ERROR_RT_INVALID_HANDLE);
}

TEST_F(ConfDeviceControls, GivenOverflowStatusThenSixtyFourZeroBytesInStreamOrder) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  void* status = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&status, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMemset(status, 64, 0xAB, 64));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclrtGetOverflowStatus(status, 64, stream));
  ASSERT_ACL_OK(aclrtResetOverflowStatus(stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  std::vector<unsigned char> host(64, 0xCD);
  ASSERT_ACL_OK(aclrtMemcpy(host.data(), host.size(), status, 64, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host, std::vector<unsigned char>(64, 0));
  size_t count = 0;
  uint64_t dropped = 0;
  ASSERT_ACL_OK(aclsimTraceGetCount(&count, &dropped));
  std::vector<aclsimTaskRecord> r(count);
  size_t written = 0;
  ASSERT_ACL_OK(aclsimTraceGetRecords(r.data(), r.size(), &written));
  ASSERT_EQ(written, 2u);
  EXPECT_STREQ(r[0].opType, "MEMCPY_ASYNC");
  EXPECT_STREQ(r[1].opType, "MEMSET_ASYNC");
  EXPECT_EQ(r[0].bytes, 64u);
  EXPECT_EQ(r[1].bytes, 64u);
  EXPECT_EQ(r[1].startNs, r[0].endNs);
  EXPECT_ACL_OK(aclrtFree(status));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfDeviceControls, GivenBadArgumentsWhenGettingOverflowStatusThenErrors) {
  void* status = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&status, 128, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_ERROR(aclrtGetOverflowStatus(nullptr, 64, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtGetOverflowStatus(status, 128, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("64 bytes");
  std::vector<unsigned char> host(64);
  EXPECT_ACL_ERROR(aclrtGetOverflowStatus(host.data(), 64, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtGetOverflowStatus(status, 64, nullptr));
  EXPECT_ACL_OK(aclrtFree(status));
}

// ----------------------------------------------------- utilisation, health

TEST_F(ConfDeviceControls, GivenUtilisationQueryThenMinusOneForEachUnsampledCounter) {
  aclrtUtilizationInfo info;
  std::memset(&info, 0, sizeof(info));
  EXPECT_ACL_OK(aclrtGetDeviceUtilizationRate(0, &info));
  EXPECT_EQ(info.cubeUtilization, -1);
  EXPECT_EQ(info.vectorUtilization, -1);
  EXPECT_EQ(info.aicpuUtilization, -1);
  EXPECT_EQ(info.memoryUtilization, -1);
  EXPECT_ACL_ERROR(aclrtGetDeviceUtilizationRate(0, nullptr), ACL_ERROR_INVALID_PARAM);
  info.utilizationExtend = reinterpret_cast<aclrtUtilizationExtendInfo*>(&info);
  EXPECT_ACL_ERROR(aclrtGetDeviceUtilizationRate(0, &info), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("utilizationExtend");
  info.utilizationExtend = nullptr;
  EXPECT_ACL_ERROR(aclrtGetDeviceUtilizationRate(9, &info), ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_F(ConfDeviceControls, GivenHealthyDeviceThenStatusNormal) {
  aclrtDeviceStatus status = ACL_RT_DEVICE_STATUS_END;
  EXPECT_ACL_OK(aclrtQueryDeviceStatus(0, &status));
  EXPECT_EQ(status, ACL_RT_DEVICE_STATUS_NORMAL);
  EXPECT_ACL_ERROR(aclrtQueryDeviceStatus(0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtQueryDeviceStatus(9, &status), ACL_ERROR_RT_INVALID_DEVICEID);
}

// ------------------------------------------- other profiles, lost devices

class ConfDeviceControlsProfile : public ::testing::Test {
 protected:
  void SetUp() override { ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options"); }
  void TearDown() override {
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }
};

TEST_F(ConfDeviceControlsProfile, GivenAscend910AThenSaturationOnlyAndNoStreamSwitch) {
  TempFile config(AclsimConfig(R"({"device_profile": "Ascend910A"})"));
  const aclError init = aclInit(config.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(init, "client_device_options");
  ASSERT_ACL_OK(init);
  ACLSIM_SKIP_WITHOUT_DEVICES();
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
  EXPECT_ACL_OK(aclrtGetDeviceSatMode(&mode));
  EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_SATURATION);
  EXPECT_ACL_ERROR(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("ACL_RT_OVERFLOW_MODE_INFNAN");
  EXPECT_ACL_OK(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION));
  // Without per-stream checking the switch is ignored and reads 1.
  EXPECT_ACL_OK(aclrtSetStreamOverflowSwitch(nullptr, 0));
  uint32_t flag = 0;
  EXPECT_ACL_OK(aclrtGetStreamOverflowSwitch(nullptr, &flag));
  EXPECT_EQ(flag, 1u);
}

TEST_F(ConfDeviceControlsProfile, GivenLostDeviceThenStatusAbnormal) {
  TempFile config(AclsimConfig(R"({"faults": {"lose_device": {"after_tasks": 1}}})"));
  const aclError init = aclInit(config.c_str());
  ACLSIM_SKIP_IF_UNIMPLEMENTED(init, "client_device_options");
  ASSERT_ACL_OK(init);
  ACLSIM_SKIP_WITHOUT_DEVICES();
  ASSERT_ACL_OK(aclrtSetDevice(0));
  void* a = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&a, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  (void)aclrtMemsetAsync(a, 64, 0, 64, nullptr);
  (void)aclrtMemsetAsync(a, 64, 0, 64, nullptr);
  aclrtDeviceStatus status = ACL_RT_DEVICE_STATUS_END;
  EXPECT_ACL_OK(aclrtQueryDeviceStatus(0, &status));
  EXPECT_EQ(status, ACL_RT_DEVICE_STATUS_ABNORMAL);
}

}  // namespace
