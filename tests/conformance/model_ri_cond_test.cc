// Condition tasks of captured model runtime instances (aclmdlRICondHandleCreate,
// aclmdlRICondHandleGetCondPtr, aclmdlRIAddCondTask, aclmdlRICaptureToModelRIBegin;
// hicann/runtime docs/zh/api_ref/15_model_running_instance__management.md):
// which sub-instance runs is read from the condition value when the parent
// executes. Each sub-instance sets a byte of its own in device memory.
#include <cstdint>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

class ConfModelRICond : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    ASSERT_ACL_OK(aclrtCreateStream(&sub_stream_));
    ASSERT_ACL_OK(aclrtCreateStream(&exec_));
    ASSERT_ACL_OK(aclrtMalloc(&marks_, 4, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMalloc(&zero_, 8, ACL_MEM_MALLOC_HUGE_FIRST));
  }
  void TearDown() override {
    (void)aclrtFree(marks_);
    (void)aclrtFree(zero_);
    AclDeviceTest::TearDown();
  }
  void* Mark(int i) { return static_cast<unsigned char*>(marks_) + i; }
  std::vector<unsigned char> Marks() {
    std::vector<unsigned char> out(4);
    EXPECT_ACL_OK(aclrtMemcpy(out.data(), 4, marks_, 4, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ACL_OK(aclrtMemset(marks_, 4, 0, 4));
    return out;
  }
  void SetCond(uint64_t value) { ASSERT_ACL_OK(aclrtMemcpy(cond_, 8, &value, 8, ACL_MEMCPY_HOST_TO_DEVICE)); }
  void Run() {
    ASSERT_ACL_OK(aclmdlRIExecuteAsync(parent_, exec_));
    ASSERT_ACL_OK(aclrtSynchronizeStream(exec_));
  }
  // A parent with one condition task of |type| over |n| sub-instances; sub
  // i sets mark i (and, for WHILE, sets the condition back to 0).
  void Build(aclmdlRICondTaskType type, uint32_t n, aclmdlRICondHandleFlag flag, uint32_t default_value) {
    ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    ASSERT_ACL_OK(aclmdlRICaptureGetInfo(stream_, nullptr, &parent_));
    ASSERT_ACL_OK(aclmdlRICondHandleCreate(parent_, default_value, flag, &handle_));
    ASSERT_ACL_OK(aclmdlRICondHandleGetCondPtr(handle_, &cond_));
    subs_.assign(n, nullptr);
    aclmdlRICondTaskParams params{handle_, type, n, subs_.data()};
    ASSERT_ACL_OK(aclmdlRIAddCondTask(params, stream_, 0));
    for (uint32_t i = 0; i < n; ++i) {
      ASSERT_NE(subs_[i], nullptr);
      ASSERT_ACL_OK(aclmdlRICaptureToModelRIBegin(sub_stream_, subs_[i], ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
      ASSERT_ACL_OK(aclrtMemsetAsync(Mark(static_cast<int>(i)), 1, 1, 1, sub_stream_));
      if (type == ACL_MODEL_RI_COND_TYPE_WHILE) {
        ASSERT_ACL_OK(aclrtMemcpyAsync(cond_, 8, zero_, 8, ACL_MEMCPY_DEVICE_TO_DEVICE, sub_stream_));
      }
      aclmdlRI ended = nullptr;
      ASSERT_ACL_OK(aclmdlRICaptureEnd(sub_stream_, &ended));
      EXPECT_EQ(ended, subs_[i]);
    }
    ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &parent_));
  }

  aclrtStream stream_ = nullptr;
  aclrtStream sub_stream_ = nullptr;
  aclrtStream exec_ = nullptr;
  void* marks_ = nullptr;
  void* zero_ = nullptr;
  aclmdlRI parent_ = nullptr;
  aclmdlRICondHandle handle_ = nullptr;
  uint64_t* cond_ = nullptr;
  std::vector<aclmdlRI> subs_;
};

TEST_F(ConfModelRICond, GivenIfThenTheValueAtExecutionPicksTheBranch) {
  Build(ACL_MODEL_RI_COND_TYPE_IF, 2, static_cast<aclmdlRICondHandleFlag>(0), 0);
  SetCond(1);
  Run();
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{1, 0, 0, 0}));
  SetCond(0);
  Run();
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{0, 1, 0, 0}));
  EXPECT_ACL_ERROR(aclmdlRIExecuteAsync(subs_[0], exec_), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_ACL_ERROR(aclmdlRIDestroy(subs_[0]), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_ACL_OK(aclmdlRIDestroy(parent_));
  EXPECT_ACL_ERROR(aclmdlRIExecuteAsync(subs_[1], exec_), ACL_ERROR_RT_INVALID_HANDLE) << "gone with its parent";
}

TEST_F(ConfModelRICond, GivenWhileWithDefaultThenTheBodyRunsUntilItClearsTheValue) {
  Build(ACL_MODEL_RI_COND_TYPE_WHILE, 1, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, 1);
  SetCond(0);  // overwritten by the default as the execution starts
  Run();
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{1, 0, 0, 0}));
  uint64_t value = 7;
  ASSERT_ACL_OK(aclrtMemcpy(&value, 8, cond_, 8, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(value, 0u);
  EXPECT_ACL_OK(aclmdlRIDestroy(parent_));
}

TEST_F(ConfModelRICond, GivenSwitchThenTheValuesCaseOrNone) {
  Build(ACL_MODEL_RI_COND_TYPE_SWITCH, 3, static_cast<aclmdlRICondHandleFlag>(0), 0);
  SetCond(2);
  Run();
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{0, 0, 1, 0}));
  SetCond(9);
  Run();
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{0, 0, 0, 0}));
  EXPECT_ACL_OK(aclmdlRIDestroy(parent_));
}

TEST_F(ConfModelRICond, GivenBadArgumentsThenCannsCodes) {
  aclmdlRICondHandle handle = nullptr;
  uint64_t* ptr = nullptr;
  EXPECT_ACL_ERROR(aclmdlRICondHandleGetCondPtr(nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
  aclmdlRI subs[2] = {nullptr, nullptr};
  EXPECT_ACL_ERROR(aclmdlRICondHandleCreate(nullptr, 0, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &handle),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRICondHandleGetCondPtr(nullptr, &ptr), ACL_ERROR_INVALID_PARAM);
  aclmdlRICondTaskParams params{nullptr, ACL_MODEL_RI_COND_TYPE_IF, 2, subs};
  EXPECT_ACL_ERROR(aclmdlRIAddCondTask(params, nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRIAddCondTask(params, stream_, 0), ACL_ERROR_RT_PARAM_INVALID) << "NULL handle";
  aclmdlRI parent = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  ASSERT_ACL_OK(aclmdlRICaptureGetInfo(stream_, nullptr, &parent));
  EXPECT_ACL_ERROR(aclmdlRICondHandleCreate(parent, 0, static_cast<aclmdlRICondHandleFlag>(2), &handle),
                   ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_ACL_OK(aclmdlRICondHandleCreate(parent, 0, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &handle));
  params.handle = handle;
  EXPECT_ACL_ERROR(aclmdlRIAddCondTask(params, stream_, 1), ACL_ERROR_RT_PARAM_INVALID);
  params.type = static_cast<aclmdlRICondTaskType>(3);
  EXPECT_ACL_ERROR(aclmdlRIAddCondTask(params, stream_, 0), ACL_ERROR_RT_PARAM_INVALID);
  params.type = ACL_MODEL_RI_COND_TYPE_WHILE;
  EXPECT_ACL_ERROR(aclmdlRIAddCondTask(params, stream_, 0), ACL_ERROR_RT_PARAM_INVALID) << "a WHILE has one body";
  params.type = ACL_MODEL_RI_COND_TYPE_IF;
  params.modelRIArray = nullptr;
  EXPECT_ACL_ERROR(aclmdlRIAddCondTask(params, stream_, 0), ACL_ERROR_RT_PARAM_INVALID);
  params.modelRIArray = subs;
  EXPECT_ACL_ERROR(aclmdlRIAddCondTask(params, exec_, 0), ACL_ERROR_RT_STREAM_NOT_CAPTURED);
  ASSERT_ACL_OK(aclmdlRIAddCondTask(params, stream_, 0));
  EXPECT_ACL_ERROR(aclmdlRIAddCondTask(params, stream_, 0), ACL_ERROR_RT_PARAM_INVALID) << "one task per handle";
  EXPECT_ACL_ERROR(aclmdlRICaptureToModelRIBegin(sub_stream_, parent, ACL_MODEL_RI_CAPTURE_MODE_RELAXED),
                   ACL_ERROR_RT_PARAM_INVALID);
  const auto into_int = reinterpret_cast<aclError (*)(aclrtStream, aclmdlRI, int32_t)>(&aclmdlRICaptureToModelRIBegin);
  EXPECT_ACL_ERROR(into_int(sub_stream_, subs[0], 4), ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_ACL_OK(aclmdlRICaptureToModelRIBegin(sub_stream_, subs[0], ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
  aclmdlRI ended = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureEnd(sub_stream_, &ended));
  EXPECT_ACL_ERROR(aclmdlRICaptureToModelRIBegin(sub_stream_, subs[0], ACL_MODEL_RI_CAPTURE_MODE_RELAXED),
                   ACL_ERROR_RT_MODEL_CAPTURED);
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream_, &parent));
  EXPECT_ACL_ERROR(aclmdlRICondHandleCreate(parent, 0, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &handle),
                   ACL_ERROR_RT_PARAM_INVALID)
      << "the capture has ended";
  // The default (0) takes the IF's false branch, subs[1], which was never captured.
  EXPECT_ACL_ERROR(aclmdlRIExecuteAsync(parent, exec_), ACL_ERROR_RT_MODEL_EXECUTE);
  EXPECT_ACL_OK(aclmdlRIDestroy(parent));
}

}  // namespace
