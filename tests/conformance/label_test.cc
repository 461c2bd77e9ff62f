// Model runtime instances made by build (aclmdlRIBuildBegin, aclmdlRIBindStream,
// aclmdlRIEndTask, aclmdlRIBuildEnd) and the control tasks of their bound
// streams: labels (hicann/runtime docs/zh/api_ref/10_label_management.md),
// aclrtActiveStream and aclrtSwitchStream (06_stream_management.md). Which
// branch ran is seen in device memory: each branch sets a byte of its own.
#include <cstdint>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

class ConfLabel : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&bound_, 0, ACL_STREAM_PERSISTENT));
    ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&second_, 0, ACL_STREAM_PERSISTENT));
    ASSERT_ACL_OK(aclrtCreateStream(&exec_));
    ASSERT_ACL_OK(aclrtMalloc(&index_, 8, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMalloc(&marks_, 4, ACL_MEM_MALLOC_HUGE_FIRST));
    for (auto& l : labels_) ASSERT_ACL_OK(aclrtCreateLabel(&l));
    ASSERT_ACL_OK(aclrtCreateLabelList(labels_, 2, &list_));
  }
  void TearDown() override {
    if (list_ != nullptr) (void)aclrtDestroyLabelList(list_);
    for (auto l : labels_) (void)aclrtDestroyLabel(l);
    (void)aclrtFree(index_);
    (void)aclrtFree(marks_);
    AclDeviceTest::TearDown();
  }
  void SetIndex(uint32_t value) { ASSERT_ACL_OK(aclrtMemcpy(index_, 4, &value, 4, ACL_MEMCPY_HOST_TO_DEVICE)); }
  std::vector<unsigned char> Marks() {
    std::vector<unsigned char> out(4);
    EXPECT_ACL_OK(aclrtMemcpy(out.data(), 4, marks_, 4, ACL_MEMCPY_DEVICE_TO_HOST));
    EXPECT_ACL_OK(aclrtMemset(marks_, 4, 0, 4));
    return out;
  }
  void* Mark(int i) { return static_cast<unsigned char*>(marks_) + i; }
  // switch(index) → label 0: mark 0; label 1: mark 1; end.
  aclmdlRI BuildSwitch() {
    aclmdlRI ri = nullptr;
    EXPECT_ACL_OK(aclmdlRIBuildBegin(&ri, 0));
    EXPECT_ACL_OK(aclmdlRIBindStream(ri, bound_, ACL_MODEL_STREAM_FLAG_HEAD));
    EXPECT_ACL_OK(aclrtSwitchLabelByIndex(index_, 2, list_, bound_));
    EXPECT_ACL_OK(aclrtSetLabel(labels_[0], bound_));
    EXPECT_ACL_OK(aclrtMemsetAsync(Mark(0), 1, 1, 1, bound_));
    EXPECT_ACL_OK(aclrtSetLabel(labels_[1], bound_));
    EXPECT_ACL_OK(aclrtMemsetAsync(Mark(1), 1, 1, 1, bound_));
    EXPECT_ACL_OK(aclmdlRIEndTask(ri, bound_));
    EXPECT_ACL_OK(aclmdlRIBuildEnd(ri, nullptr));
    return ri;
  }

  aclrtStream bound_ = nullptr;
  aclrtStream second_ = nullptr;
  aclrtStream exec_ = nullptr;
  void* index_ = nullptr;
  void* marks_ = nullptr;
  aclrtLabel labels_[2] = {nullptr, nullptr};
  aclrtLabelList list_ = nullptr;
};

TEST_F(ConfLabel, GivenSwitchByIndexThenTheIndexReadAtExecutionPicksTheLabel) {
  SetIndex(1);
  aclmdlRI ri = BuildSwitch();
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{0, 0, 0, 0})) << "built, not run";
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, exec_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(exec_));
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{0, 1, 0, 0}));
  SetIndex(0);  // label 0 falls through to label 1's task
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, exec_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(exec_));
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{1, 1, 0, 0}));
  SetIndex(7);  // past the end: the last label
  ASSERT_ACL_OK(aclmdlRIExecute(ri, -1));
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{0, 1, 0, 0}));
  EXPECT_ACL_OK(aclmdlRIUnbindStream(ri, bound_));
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  EXPECT_ACL_OK(aclrtDestroyStream(bound_));
}

TEST_F(ConfLabel, GivenActiveAndSwitchStreamThenTheOtherBoundStreamRuns) {
  int32_t values[2] = {3, 5};
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, sizeof(values), ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMemcpy(dev, sizeof(values), values, sizeof(values), ACL_MEMCPY_HOST_TO_DEVICE));
  int32_t* left = static_cast<int32_t*>(dev);
  aclmdlRI ri = nullptr;
  ASSERT_ACL_OK(aclmdlRIBuildBegin(&ri, 0));
  ASSERT_ACL_OK(aclmdlRIBindStream(ri, bound_, ACL_MODEL_STREAM_FLAG_HEAD));
  ASSERT_ACL_OK(aclmdlRIBindStream(ri, second_, ACL_MODEL_STREAM_FLAG_DEFAULT));
  ASSERT_ACL_OK(aclrtActiveStream(second_, bound_));
  // 3 < 5: jump to second_, so mark 0 is never set.
  ASSERT_ACL_OK(aclrtSwitchStream(left, ACL_RT_LESS, left + 1, ACL_RT_SWITCH_INT32, second_, nullptr, bound_));
  ASSERT_ACL_OK(aclrtMemsetAsync(Mark(0), 1, 1, 1, bound_));
  ASSERT_ACL_OK(aclmdlRIEndTask(ri, bound_));
  ASSERT_ACL_OK(aclrtMemsetAsync(Mark(2), 1, 2, 1, second_));
  ASSERT_ACL_OK(aclmdlRIEndTask(ri, second_));
  ASSERT_ACL_OK(aclmdlRIBuildEnd(ri, nullptr));
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, exec_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(exec_));
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{0, 0, 2, 0}));
  values[0] = 9;  // 9 < 5 fails: the head stream goes on; second_ runs once, activated
  ASSERT_ACL_OK(aclrtMemcpy(dev, sizeof(values), values, sizeof(values), ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, exec_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(exec_));
  EXPECT_EQ(Marks(), (std::vector<unsigned char>{1, 0, 2, 0}));
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  EXPECT_ACL_OK(aclrtFree(dev));
}

TEST_F(ConfLabel, GivenBadArgumentsThenCannsCodes) {
  aclrtLabel label = nullptr;
  aclrtLabelList list = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateLabel(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtCreateLabelList(nullptr, 1, &list), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtCreateLabelList(labels_, 0, &list), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtCreateLabelList(labels_, 70000, &list), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtSetLabel(labels_[0], nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtDestroyLabel(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtDestroyLabelList(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtSwitchLabelByIndex(nullptr, 2, list_, bound_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtSwitchStream(index_, ACL_RT_EQUAL, index_, ACL_RT_SWITCH_INT32, second_, exec_, bound_),
                   ACL_ERROR_INVALID_PARAM);
  // Control tasks need a stream bound to an instance being built.
  EXPECT_ACL_ERROR(aclrtSetLabel(labels_[0], exec_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtSwitchLabelByIndex(index_, 2, list_, exec_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtActiveStream(second_, bound_), ACL_ERROR_RT_PARAM_INVALID);
  aclmdlRI ri = nullptr;
  EXPECT_ACL_ERROR(aclmdlRIBuildBegin(nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRIBuildBegin(&ri, 1), ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_ACL_OK(aclmdlRIBuildBegin(&ri, 0));
  EXPECT_ACL_ERROR(aclmdlRIBindStream(ri, exec_, ACL_MODEL_STREAM_FLAG_HEAD), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclmdlRIBindStream(ri, nullptr, ACL_MODEL_STREAM_FLAG_HEAD), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclmdlRIBindStream(ri, bound_, 5), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclmdlRIBindStream(nullptr, bound_, ACL_MODEL_STREAM_FLAG_HEAD), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclmdlRIBindStream(ri, bound_, ACL_MODEL_STREAM_FLAG_HEAD));
  EXPECT_ACL_ERROR(aclmdlRIBindStream(ri, bound_, ACL_MODEL_STREAM_FLAG_HEAD), ACL_ERROR_RT_STREAM_MODEL);
  EXPECT_ACL_ERROR(aclmdlRICaptureBegin(bound_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_ERROR_RT_STREAM_MODEL);
  EXPECT_ACL_ERROR(aclrtSwitchLabelByIndex(index_, 0, list_, bound_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtSwitchLabelByIndex(index_, 3, list_, bound_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtSwitchLabelByIndex(marks_, 2, nullptr, bound_), ACL_ERROR_INVALID_PARAM);
  // A switch to a label no stream sets fails the build.
  ASSERT_ACL_OK(aclrtSwitchLabelByIndex(index_, 2, list_, bound_));
  ASSERT_ACL_OK(aclrtSetLabel(labels_[0], bound_));
  EXPECT_ACL_ERROR(aclmdlRIExecuteAsync(ri, exec_), ACL_ERROR_RT_MODEL_EXECUTE) << "not built yet";
  EXPECT_ACL_ERROR(aclmdlRIBuildEnd(ri, index_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlRIBuildEnd(ri, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  ASSERT_ACL_OK(aclrtSetLabel(labels_[1], bound_));
  ASSERT_ACL_OK(aclmdlRIEndTask(ri, bound_));
  EXPECT_ACL_ERROR(aclrtMemsetAsync(marks_, 4, 0, 4, bound_), ACL_ERROR_RT_PARAM_INVALID) << "after EndTask";
  ASSERT_ACL_OK(aclmdlRIBuildEnd(ri, nullptr));
  // A built instance takes no more tasks, and runs on no bound stream.
  EXPECT_ACL_ERROR(aclrtMemsetAsync(marks_, 4, 0, 4, bound_), ACL_ERROR_RT_STREAM_MODEL);
  EXPECT_ACL_ERROR(aclmdlRIExecuteAsync(ri, bound_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclmdlRIBuildEnd(ri, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclmdlRIUnbindStream(ri, exec_), ACL_ERROR_RT_STREAM_MODEL);
  EXPECT_ACL_OK(aclmdlRIUnbindStream(ri, bound_));
  EXPECT_ACL_OK(aclrtMemsetAsync(marks_, 4, 0, 4, bound_)) << "unbound: an ordinary stream again";
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  // A destroyed label is not live.
  ASSERT_ACL_OK(aclrtCreateLabel(&label));
  ASSERT_ACL_OK(aclrtDestroyLabel(label));
  EXPECT_ACL_ERROR(aclrtDestroyLabel(label), ACL_ERROR_RT_INVALID_HANDLE);
  EXPECT_ACL_ERROR(aclrtCreateLabelList(&label, 1, &list), ACL_ERROR_RT_PARAM_INVALID);
}

}  // namespace
