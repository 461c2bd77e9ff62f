// aclnn through its public headers and libraries (libnnopbase.so,
// libopapi.so over libascendcl.so): the two phases, the exact aclnnStatus of
// each bad input, executors and workspaces, and the launched task as the
// task trace sees it (name, type, engine, cost, stream order).
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/aclsim_ext.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "conformance_util.h"
#include "prof_test_util.h"

namespace {

using aclsim_conformance::NoHostCostsConfig;
using aclsim_conformance::RecentErrMsg;
using ::testing::HasSubstr;

constexpr aclnnStatus kNullptr = 161001;
constexpr aclnnStatus kInvalid = 161002;
constexpr aclnnStatus kRuntime = 361001;
constexpr aclnnStatus kTiling = 561002;

aclTensor* Tensor(std::vector<int64_t> shape, aclDataType dtype = ACL_FLOAT16) {
  return aclCreateTensor(shape.data(), shape.size(), dtype, nullptr, 0, ACL_FORMAT_ND, shape.data(), shape.size(),
                         nullptr);
}

class Aclnn : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    float one = 1.0f;
    alpha_ = aclCreateScalar(&one, ACL_FLOAT);
    ASSERT_NE(alpha_, nullptr);
  }
  void TearDown() override {
    for (aclTensor* t : tensors_) aclDestroyTensor(t);
    aclDestroyScalar(alpha_);
    (void)aclrtDestroyStream(stream_);
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  aclTensor* T(std::vector<int64_t> shape, aclDataType dtype = ACL_FLOAT16) {
    tensors_.push_back(Tensor(std::move(shape), dtype));
    return tensors_.back();
  }
  std::vector<aclsimTaskRecord> Trace() {
    size_t count = 0;
    uint64_t dropped = 0;
    EXPECT_ACL_OK(aclsimTraceGetCount(&count, &dropped));
    std::vector<aclsimTaskRecord> out(count);
    size_t written = 0;
    EXPECT_ACL_OK(aclsimTraceGetRecords(out.data(), out.size(), &written));
    out.resize(written);
    return out;
  }

  aclrtStream stream_ = nullptr;
  aclScalar* alpha_ = nullptr;
  std::vector<aclTensor*> tensors_;
};

TEST_F(Aclnn, GivenAddWhenBothPhasesRunThenOneVectorTaskNamedAsCannNamesIt) {
  ASSERT_ACL_OK(aclsimTraceStart(0));
  uint64_t ws = 99;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnAddGetWorkspaceSize(T({4, 256}), T({256}), alpha_, T({4, 256}), &ws, &exec), 0);
  EXPECT_EQ(ws, 0u);
  ASSERT_NE(exec, nullptr);
  ASSERT_EQ(aclnnAdd(nullptr, 0, exec, stream_), 0);
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  auto trace = Trace();
  ASSERT_EQ(trace.size(), 1u);
  EXPECT_STREQ(trace[0].opName, "aclnnAdd_AddAiCore_Add");
  EXPECT_STREQ(trace[0].opType, "Add");
  EXPECT_STREQ(trace[0].engine, "AI_VECTOR_CORE");
  EXPECT_EQ(trace[0].flops, 4u * 256u);                     // one per output element
  EXPECT_EQ(trace[0].bytes, (4u * 256u * 2u + 256u) * 2u);  // two inputs and the output, fp16
  EXPECT_GT(trace[0].endNs, trace[0].startNs);
}

TEST_F(Aclnn, GivenMmThenCubeTaskWithTwoMnkFlopsAndLaunchesInStreamOrder) {
  ASSERT_ACL_OK(aclsimTraceStart(0));
  for (int i = 0; i < 3; ++i) {
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnMmGetWorkspaceSize(T({64, 128}), T({128, 32}), T({64, 32}), 0, &ws, &exec), 0);
    ASSERT_EQ(aclnnMm(nullptr, 0, exec, stream_), 0);
  }
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  auto trace = Trace();
  ASSERT_EQ(trace.size(), 3u);
  for (size_t i = 0; i < trace.size(); ++i) {
    EXPECT_STREQ(trace[i].opName, "aclnnMm_MatMulCommon_MatMulV2");
    EXPECT_STREQ(trace[i].engine, "AI_CORE");
    EXPECT_EQ(trace[i].flops, 2u * 64u * 128u * 32u);
    if (i > 0) {
      EXPECT_EQ(trace[i].startNs, trace[i - 1].endNs) << "no host cost: back to back";
      EXPECT_EQ(trace[i].taskId, trace[i - 1].taskId + 1);
      EXPECT_EQ(trace[i].modelId, trace[0].modelId) << "the same kernel";
    }
  }
  EXPECT_GE(trace[0].modelId, 0x80000000u);
}

TEST_F(Aclnn, GivenNullRequiredArgumentsThenParamNullptrNamingIt) {
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(aclnnAddGetWorkspaceSize(nullptr, T({4}), alpha_, T({4}), &ws, &exec), kNullptr);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("aclnnAdd: self is NULL"));
  EXPECT_EQ(aclnnAddGetWorkspaceSize(T({4}), T({4}), nullptr, T({4}), &ws, &exec), kNullptr);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("alpha is NULL"));
  EXPECT_EQ(aclnnAddGetWorkspaceSize(T({4}), T({4}), alpha_, nullptr, &ws, &exec), kNullptr);
  EXPECT_EQ(aclnnAddGetWorkspaceSize(T({4}), T({4}), alpha_, T({4}), nullptr, &exec), kNullptr);
  EXPECT_EQ(aclnnAddGetWorkspaceSize(T({4}), T({4}), alpha_, T({4}), &ws, nullptr), kNullptr);
  EXPECT_EQ(exec, nullptr);
}

TEST_F(Aclnn, GivenShapesThatDoNotBroadcastOrAWrongOutThenParamInvalid) {
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(aclnnAddGetWorkspaceSize(T({2, 3}), T({4, 3}), alpha_, T({2, 3}), &ws, &exec), kInvalid);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("[2,3] and [4,3] do not broadcast"));
  EXPECT_EQ(aclnnAddGetWorkspaceSize(T({2, 3}), T({1, 3}), alpha_, T({2, 4}), &ws, &exec), kInvalid);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("out has shape [2,4], the op produces [2,3]"));
  EXPECT_EQ(aclnnMmGetWorkspaceSize(T({2, 3}), T({4, 5}), T({2, 5}), 0, &ws, &exec), kInvalid);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("inner dims differ (3 and 4)"));
  EXPECT_EQ(aclnnGeluGetWorkspaceSize(T({8}, ACL_INT32), T({8}, ACL_INT32), &ws, &exec), kInvalid);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("data type int32"));
  EXPECT_EQ(aclnnAddGetWorkspaceSize(T({1, 1, 1, 1, 1, 1, 1, 1, 2}), T({2}), alpha_, T({2}), &ws, &exec), kInvalid);
  EXPECT_EQ(exec, nullptr);
}

TEST_F(Aclnn, GivenRmsNormShapeErrorsThenTheTilingCode) {
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(aclnnRmsNormGetWorkspaceSize(T({4, 64}), T({32}), 1e-6, T({4, 64}), T({4, 1}, ACL_FLOAT), &ws, &exec),
            kTiling);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("gamma [32] is not the trailing dims of x [4,64]"));
  ASSERT_EQ(aclnnRmsNormGetWorkspaceSize(T({4, 64}), T({64}), 1e-6, T({4, 64}), T({4, 1}, ACL_FLOAT), &ws, &exec), 0);
  EXPECT_ACL_OK(aclDestroyAclOpExecutor(exec));
}

TEST_F(Aclnn, GivenOutputMaskAskingForANullOutputThenParamNullptr) {
  std::vector<int64_t> norm = {64};
  aclIntArray* shape = aclCreateIntArray(norm.data(), norm.size());
  bool mask_all[3] = {true, true, true};
  aclBoolArray* mask = aclCreateBoolArray(mask_all, 3);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(aclnnLayerNormBackwardGetWorkspaceSize(T({8, 64}), T({8, 64}), shape, T({8, 1}), T({8, 1}), T({64}),
                                                   T({64}), mask, T({8, 64}), T({64}), nullptr, &ws, &exec),
            kNullptr);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("outputMask[2] is true and gradBiasOut is NULL"));
  aclDestroyIntArray(shape);
  aclDestroyBoolArray(mask);
}

TEST_F(Aclnn, GivenConvolutionThenOutputShapeFromStridePaddingDilation) {
  std::vector<int64_t> one = {1, 1}, pad = {1, 1}, none = {0, 0};
  aclIntArray* stride = aclCreateIntArray(one.data(), 2);
  aclIntArray* padding = aclCreateIntArray(pad.data(), 2);
  aclIntArray* dilation = aclCreateIntArray(one.data(), 2);
  aclIntArray* out_pad = aclCreateIntArray(none.data(), 2);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(aclnnConvolutionGetWorkspaceSize(T({1, 3, 8, 8}), T({4, 3, 3, 3}), nullptr, stride, padding, dilation,
                                             false, out_pad, 1, T({1, 4, 7, 7}), 0, &ws, &exec),
            kInvalid);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("the op produces [1,4,8,8]"));
  ASSERT_EQ(aclnnConvolutionGetWorkspaceSize(T({1, 3, 8, 8}), T({4, 3, 3, 3}), T({4}), stride, padding, dilation, false,
                                             out_pad, 1, T({1, 4, 8, 8}), 0, &ws, &exec),
            0);
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_EQ(aclnnConvolution(nullptr, 0, exec, stream_), 0);
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  auto trace = Trace();
  ASSERT_EQ(trace.size(), 1u);
  EXPECT_STREQ(trace[0].opType, "Conv2DV2");
  EXPECT_EQ(trace[0].flops, 2u * (1 * 4 * 8 * 8) * (3 * 3 * 3));
  for (aclIntArray* a : {stride, padding, dilation, out_pad}) EXPECT_EQ(aclDestroyIntArray(a), 0);
}

TEST_F(Aclnn, GivenWorkspaceOpThenTheLaunchNeedsThatWorkspace) {
  std::vector<int64_t> dims = {1};
  aclIntArray* dim = aclCreateIntArray(dims.data(), 1);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnMeanGetWorkspaceSize(T({8, 16}, ACL_FLOAT), dim, false, ACL_FLOAT, T({8}, ACL_FLOAT), &ws, &exec), 0);
  EXPECT_EQ(ws, 8u * 4u);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), 0);
  EXPECT_EQ(aclnnMean(nullptr, ws, exec, stream_), kNullptr);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("workspace is NULL, the op needs 32 bytes"));
  void* buffer = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&buffer, ws, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_EQ(aclnnMean(buffer, ws - 1, exec, stream_), kInvalid);
  EXPECT_EQ(aclnnMean(buffer, ws, exec, stream_), 0);
  EXPECT_EQ(aclnnMean(buffer, ws, exec, stream_), 0) << "a repeatable executor launches again";
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), 0);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), kInvalid);
  ASSERT_ACL_OK(aclrtFree(buffer));
  aclDestroyIntArray(dim);
}

TEST_F(Aclnn, GivenExecutorLaunchedOnceThenASecondLaunchOrAnotherOpsLaunchIsRefused) {
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnAddGetWorkspaceSize(T({4}), T({4}), alpha_, T({4}), &ws, &exec), 0);
  EXPECT_EQ(aclnnMm(nullptr, 0, exec, stream_), kInvalid);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("executor was made by aclnnAddGetWorkspaceSize"));
  ASSERT_EQ(aclnnAdd(nullptr, 0, exec, stream_), 0);
  EXPECT_EQ(aclnnAdd(nullptr, 0, exec, stream_), kInvalid);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("executor is not live"));
  EXPECT_EQ(aclnnAdd(nullptr, 0, nullptr, stream_), kNullptr);
}

TEST_F(Aclnn, GivenDestroyedTensorThenParamInvalidNotARead) {
  aclTensor* self = T({4});
  aclTensor* out = T({4});
  aclTensor* gone = Tensor({4});  // destroyed last, so no later tensor takes its address
  ASSERT_EQ(aclDestroyTensor(gone), 0);
  EXPECT_EQ(aclDestroyTensor(gone), kInvalid);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(aclnnAddGetWorkspaceSize(self, gone, alpha_, out, &ws, &exec), kInvalid);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("other is not a live handle"));
}

TEST_F(Aclnn, GivenBadStreamThenRuntimeError) {
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnAddGetWorkspaceSize(T({4}), T({4}), alpha_, T({4}), &ws, &exec), 0);
  int not_a_stream = 0;
  EXPECT_EQ(aclnnAdd(nullptr, 0, exec, &not_a_stream), kRuntime);
}

TEST_F(Aclnn, GivenThreadSubscriptionThenAclnnOpsArriveAsSingleOpRecordsAndCopiesDoNot) {
  aclsim_conformance::PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_NE(config, nullptr);
  ASSERT_ACL_OK(ProfOpSubscribe(0, config));
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnAddGetWorkspaceSize(T({4, 8}), T({8}), alpha_, T({4, 8}), &ws, &exec), 0);
  ASSERT_EQ(aclnnAdd(nullptr, 0, exec, stream_), 0);
  void* dev = nullptr;
  std::vector<char> host(64);
  ASSERT_ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMemcpyAsync(dev, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE, stream_));
  ASSERT_EQ(aclnnMmGetWorkspaceSize(T({8, 16}), T({16, 4}), T({8, 4}), 0, &ws, &exec), 0);
  ASSERT_EQ(aclnnMm(nullptr, 0, exec, stream_), 0);
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  ASSERT_ACL_OK(ProfOpUnSubscribe(0));
  reader.Join();
  auto records = aclsim_conformance::DecodeAll(reader.bytes);
  ASSERT_EQ(records.size(), 2u) << "the copy is a task, not an op";
  EXPECT_EQ(records[0].name, "aclnnAdd_AddAiCore_Add");
  EXPECT_EQ(records[0].type, "Add");
  EXPECT_EQ(records[1].name, "aclnnMm_MatMulCommon_MatMulV2");
  EXPECT_EQ(records[1].type, "MatMulV2");
  for (const auto& r : records) EXPECT_EQ(r.model_id, 4294967295u);
  EXPECT_GE(records[1].start, records[0].end);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
  ASSERT_ACL_OK(aclrtFree(dev));
}

TEST(AclnnMeta, GivenTensorThenItsDescriptionReadsBack) {
  std::vector<int64_t> view = {2, 3}, stride = {1, 2}, storage = {3, 2};
  int dummy = 0;
  aclTensor* t =
      aclCreateTensor(view.data(), 2, ACL_BF16, stride.data(), 5, ACL_FORMAT_NCHW, storage.data(), 2, &dummy);
  ASSERT_NE(t, nullptr);
  int64_t* dims = nullptr;
  uint64_t n = 0;
  ASSERT_EQ(aclGetViewShape(t, &dims, &n), 0);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + n), view);
  delete[] dims;
  ASSERT_EQ(aclGetViewStrides(t, &dims, &n), 0);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + n), stride);
  delete[] dims;
  ASSERT_EQ(aclGetStorageShape(t, &dims, &n), 0);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + n), storage);
  delete[] dims;
  int64_t offset = 0;
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
  void* addr = nullptr;
  EXPECT_EQ(aclGetViewOffset(t, &offset), 0);
  EXPECT_EQ(offset, 5);
  EXPECT_EQ(aclGetDataType(t, &dtype), 0);
  EXPECT_EQ(dtype, ACL_BF16);
  EXPECT_EQ(aclGetFormat(t, &format), 0);
  EXPECT_EQ(format, ACL_FORMAT_NCHW);
  EXPECT_EQ(aclGetRawTensorAddr(t, &addr), 0);
  EXPECT_EQ(addr, &dummy);
  EXPECT_EQ(aclGetViewShape(nullptr, &dims, &n), kNullptr);
  // Bad descriptions are refused with NULL.
  std::vector<int64_t> negative = {-1};
  EXPECT_EQ(aclCreateTensor(negative.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), nullptr);
  EXPECT_EQ(
      aclCreateTensor(view.data(), 2, static_cast<aclDataType>(5), nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr),
      nullptr);
  const aclTensor* members[] = {t};
  aclTensorList* list = aclCreateTensorList(members, 1);
  ASSERT_NE(list, nullptr);
  uint64_t size = 0;
  EXPECT_EQ(aclGetTensorListSize(list, &size), 0);
  EXPECT_EQ(size, 1u);
  EXPECT_EQ(aclDestroyTensorList(list), 0);
  EXPECT_EQ(aclDestroyTensor(t), kInvalid) << "the list owned it";
}

TEST(AclnnMeta, GivenHalfAndIntScalarsThenAccepted) {
  uint16_t half_two = 0x4000;  // 2.0
  int64_t seven = 7;
  aclScalar* a = aclCreateScalar(&half_two, ACL_FLOAT16);
  aclScalar* b = aclCreateScalar(&seven, ACL_INT64);
  EXPECT_NE(a, nullptr);
  EXPECT_NE(b, nullptr);
  EXPECT_EQ(aclCreateScalar(nullptr, ACL_FLOAT), nullptr);
  EXPECT_EQ(aclDestroyScalar(a), 0);
  EXPECT_EQ(aclDestroyScalar(b), 0);
}

TEST(AclnnNoInit, GivenNoAclInitThenFirstPhaseWorksAndLaunchIsARuntimeError) {
  std::vector<int64_t> s = {4};
  aclTensor* x = Tensor(s);
  aclTensor* y = Tensor(s);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnGeluGetWorkspaceSize(x, y, &ws, &exec), 0);
  EXPECT_EQ(aclnnGelu(nullptr, 0, exec, nullptr), kRuntime);
  EXPECT_THAT(RecentErrMsg(), HasSubstr("aclInit"));
  EXPECT_EQ(aclnnInit(nullptr), 0);
  EXPECT_EQ(aclnnFinalize(), 0);
  aclDestroyTensor(x);
  aclDestroyTensor(y);
}

}  // namespace
