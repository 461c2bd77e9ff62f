// Exception information (hicann/runtime docs/zh/api_ref/13_exception_handling.md;
// docs/host_tasks.md): aclrtSetExceptionInfoCallback,
// aclrtExceptionInfoCallbackRegister/Unregister and the getters of the
// record a failed task hands them, with the task made to fail by the fault
// plan (docs/faults.md); aclrtGetThreadLastTaskId (12_execution_control.md).
#include <sys/syscall.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;
using aclsim_conformance::AclsimConfig;
using aclsim_conformance::kNoHostCostsKey;
using aclsim_conformance::LoadFromString;
using aclsim_conformance::ModelIo;
using aclsim_conformance::OneOpModel;
using aclsim_conformance::TempFile;

// What a callback read from the record it was handed.
struct Seen {
  std::string who;
  uint32_t task = 0;
  uint32_t stream = 0;
  uint32_t thread = 0;
  uint32_t device = 0;
  uint32_t error = 0;
  aclError args_ret = ACL_SUCCESS;
  void* args = reinterpret_cast<void*>(1);
  uint32_t args_len = 1;
  aclError func_ret = ACL_SUCCESS;
  aclrtFuncHandle func = reinterpret_cast<aclrtFuncHandle>(1);
};
std::vector<Seen> g_seen;

void Read(const char* who, aclrtExceptionInfo* info) {
  Seen s;
  s.who = who;
  s.task = aclrtGetTaskIdFromExceptionInfo(info);
  s.stream = aclrtGetStreamIdFromExceptionInfo(info);
  s.thread = aclrtGetThreadIdFromExceptionInfo(info);
  s.device = aclrtGetDeviceIdFromExceptionInfo(info);
  s.error = aclrtGetErrorCodeFromExceptionInfo(info);
  s.args_ret = aclrtGetArgsFromExceptionInfo(info, &s.args, &s.args_len);
  s.func_ret = aclrtGetFuncHandleFromExceptionInfo(info, &s.func);
  g_seen.push_back(s);
}
void CallbackA(aclrtExceptionInfo* info) { Read("A", info); }
void CallbackB(aclrtExceptionInfo* info) { Read("B", info); }

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
aclError SetCallback(aclrtExceptionInfoCallback cb) { return aclrtSetExceptionInfoCallback(cb); }
#pragma GCC diagnostic pop

class ConfExceptionInfo : public ::testing::Test {
 protected:
  void SetUp() override { ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options"); }  // faults are one
  void Start(const std::string& faults) {
    g_seen.clear();
    config_ =
        std::make_unique<TempFile>(AclsimConfig(std::string("{") + kNoHostCostsKey + R"(, "faults": )" + faults + "}"));
    ASSERT_ACL_OK(aclInit(config_->c_str()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    ASSERT_ACL_OK(LoadFromString(OneOpModel("m", 1000), &model_));
    ASSERT_ACL_OK(io_.Create(model_));
  }
  aclError Execute() { return aclmdlExecuteAsync(model_, io_.input(), io_.output(), stream_); }
  void TearDown() override {
    io_.Release();
    (void)aclmdlUnload(model_);
    if (stream_ != nullptr) (void)aclrtDestroyStreamForce(stream_);
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
    (void)SetCallback(nullptr);
    (void)aclrtExceptionInfoCallbackUnregister(CallbackA);
    (void)aclrtExceptionInfoCallbackUnregister(CallbackB);
  }
  std::unique_ptr<TempFile> config_;
  aclrtStream stream_ = nullptr;
  uint32_t model_ = 0;
  ModelIo io_;
};

TEST_F(ConfExceptionInfo, GivenARegisteredCallbackWhenATaskFailsThenTheRecordNamesTheFailingTask) {
  ASSERT_NO_FATAL_FAILURE(Start(R"({"fail_task": {"task": 2, "error": 507015}})"));
  ASSERT_ACL_OK(aclrtExceptionInfoCallbackRegister(CallbackA));
  ASSERT_ACL_OK(Execute());  // task 1
  EXPECT_TRUE(g_seen.empty());
  EXPECT_ACL_ERROR(Execute(), ACL_ERROR_RT_AICORE_EXCEPTION);  // task 2 fails
  ASSERT_EQ(g_seen.size(), 1u);
  int32_t stream_id = -1;
  ASSERT_ACL_OK(aclrtStreamGetId(stream_, &stream_id));
  const Seen& s = g_seen[0];
  EXPECT_EQ(s.who, "A");
  EXPECT_EQ(s.task, 2u);
  EXPECT_EQ(s.stream, static_cast<uint32_t>(stream_id));
  EXPECT_EQ(s.thread, static_cast<uint32_t>(::syscall(SYS_gettid)));  // the launching thread
  EXPECT_EQ(s.device, 0u);
  EXPECT_EQ(s.error, 507015u);
  EXPECT_EQ(s.args_ret, ACL_SUCCESS);  // a kernel's record: simulated kernels have no argument buffer
  EXPECT_EQ(s.args, nullptr);
  EXPECT_EQ(s.args_len, 0u);
  EXPECT_EQ(s.func_ret, ACL_ERROR_RT_PARAM_INVALID);  // no function of a loaded binary
  EXPECT_EQ(s.func, nullptr);
  uint32_t last = 0;
  ASSERT_ACL_OK(aclrtGetThreadLastTaskId(&last));
  EXPECT_EQ(last, 2u);
  ASSERT_ACL_OK(Execute());  // task 3 runs
  EXPECT_EQ(g_seen.size(), 1u);
  ASSERT_ACL_OK(aclrtGetThreadLastTaskId(&last));
  EXPECT_EQ(last, 3u);
}

TEST_F(ConfExceptionInfo, GivenTheSlotAndRegistrationsThenEachIsCalledAndUnregisterLeavesTheSlot) {
  ASSERT_NO_FATAL_FAILURE(Start(R"({"fail_op": {"name": "op", "occurrence": 1}})"));
  ASSERT_ACL_OK(SetCallback(CallbackA));
  ASSERT_ACL_OK(aclrtExceptionInfoCallbackRegister(CallbackA));  // two independent entries
  ASSERT_ACL_OK(aclrtExceptionInfoCallbackRegister(CallbackB));
  ASSERT_ACL_OK(aclrtExceptionInfoCallbackRegister(CallbackB));  // again: still one entry
  EXPECT_ACL_ERROR(Execute(), ACL_ERROR_RT_MODEL_EXECUTE);
  ASSERT_EQ(g_seen.size(), 3u);
  EXPECT_EQ(g_seen[0].who, "A");
  EXPECT_EQ(g_seen[1].who, "A");
  EXPECT_EQ(g_seen[2].who, "B");
  EXPECT_EQ(g_seen[0].task, 1u);
  EXPECT_EQ(g_seen[0].error, 507011u);  // the fault's default error
}

TEST_F(ConfExceptionInfo, GivenUnregisterAndAnEmptiedSlotThenNoCallbackIsCalled) {
  ASSERT_NO_FATAL_FAILURE(Start(R"({"fail_task": {"task": 1}})"));
  ASSERT_ACL_OK(SetCallback(CallbackA));
  ASSERT_ACL_OK(aclrtExceptionInfoCallbackRegister(CallbackB));
  ASSERT_ACL_OK(aclrtExceptionInfoCallbackUnregister(CallbackB));
  ASSERT_ACL_OK(aclrtExceptionInfoCallbackUnregister(CallbackB));  // unknown now: no-op
  ASSERT_ACL_OK(aclrtExceptionInfoCallbackUnregister(CallbackA));  // the slot is not a registration
  ASSERT_ACL_OK(SetCallback(CallbackB));                           // the last setting wins
  EXPECT_ACL_ERROR(Execute(), ACL_ERROR_RT_MODEL_EXECUTE);
  ASSERT_EQ(g_seen.size(), 1u);
  EXPECT_EQ(g_seen[0].who, "B");
  ASSERT_ACL_OK(SetCallback(nullptr));
  ASSERT_ACL_OK(Execute());
}

TEST_F(ConfExceptionInfo, GivenAFailingCopyTaskThenItsRecordIsAKernelsOnTheCopysStream) {
  ASSERT_NO_FATAL_FAILURE(Start(R"({"fail_task": {"task": 1, "error": 507011}})"));
  ASSERT_ACL_OK(aclrtExceptionInfoCallbackRegister(CallbackA));
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  std::vector<char> host(64, 1);
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(dev, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE, stream_),
                   ACL_ERROR_RT_MODEL_EXECUTE);
  ASSERT_EQ(g_seen.size(), 1u);
  EXPECT_EQ(g_seen[0].task, 1u);
  EXPECT_EQ(g_seen[0].args_ret, ACL_SUCCESS);
  EXPECT_ACL_OK(aclrtFree(dev));
}

// Arguments, without a runtime: the registrations are the process's.
TEST(ConfExceptionInfoArgs, GivenNullArgumentsThenCannsCodes) {
  EXPECT_ACL_ERROR(aclrtExceptionInfoCallbackRegister(nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtExceptionInfoCallbackUnregister(nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_OK(aclrtExceptionInfoCallbackUnregister(CallbackA));  // never registered: success
  EXPECT_ACL_OK(SetCallback(nullptr));
  EXPECT_EQ(aclrtGetTaskIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetStreamIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetThreadIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetDeviceIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetErrorCodeFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  void* args = nullptr;
  uint32_t len = 0;
  aclrtFuncHandle func = nullptr;
  EXPECT_EQ(aclrtGetArgsFromExceptionInfo(nullptr, &args, &len), static_cast<aclError>(0xFFFFFFFFu));
  EXPECT_EQ(aclrtGetFuncHandleFromExceptionInfo(nullptr, &func), static_cast<aclError>(0xFFFFFFFFu));
  EXPECT_RECENT_ERR_HAS("info is NULL");
  EXPECT_ACL_ERROR(aclrtGetThreadLastTaskId(nullptr), ACL_ERROR_INVALID_PARAM);
}

class ConfThreadLastTaskId : public AclDeviceTest {};

TEST_F(ConfThreadLastTaskId, GivenLaunchesThenTheLastTaskOfTheCallingThread) {
  uint32_t last = 99;
  ASSERT_ACL_OK(aclrtGetThreadLastTaskId(&last));
  EXPECT_EQ(last, 0u);  // nothing launched yet
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  std::vector<char> host(64, 1);
  ASSERT_ACL_OK(aclrtMemcpyAsync(dev, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE, stream));
  ASSERT_ACL_OK(aclrtGetThreadLastTaskId(&last));
  EXPECT_NE(last, 0u);  // 1 on a fresh device; a shared device (remote) has counted others' tasks
  const uint32_t copy = last;
  uint32_t model = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(aclsim_conformance::ModelPath("sample_mlp.json").c_str(), &model));
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model));
  ASSERT_ACL_OK(aclmdlExecuteAsync(model, io.input(), io.output(), stream));  // 9 ops after the copy
  ASSERT_ACL_OK(aclrtGetThreadLastTaskId(&last));
  EXPECT_EQ(last, copy + 9);
  uint32_t other = 99;
  std::thread([&] { (void)aclrtGetThreadLastTaskId(&other); }).join();
  EXPECT_EQ(other, 0u);  // per thread
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  io.Release();
  EXPECT_ACL_OK(aclmdlUnload(model));
  EXPECT_ACL_OK(aclrtFree(dev));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

}  // namespace
