// The Status → aclError table (api/src/error_table.h): every entry point
// returns the number CANN returns for the condition there. The pairs below
// are the ones the API and conformance suites reach, plus one per detail.
#include "api/src/error_table.h"

#include <gtest/gtest.h>

#include <string>

#include "acl/acl.h"

namespace aclsim::api {
namespace {

struct Case {
  const char* entry;
  Status status;
  aclError acl;
};

Status Plain(StatusCode code) { return Status(code, "m"); }
Status Of(Detail detail) { return Status(detail, "m"); }

TEST(ErrorTable, GivenOkThenSuccessEverywhere) {
  EXPECT_EQ(AclCodeFor("aclInit", OkStatus()), ACL_SUCCESS);
  EXPECT_EQ(AclCodeFor("aclrtMemcpy", OkStatus()), ACL_SUCCESS);
  EXPECT_EQ(AclCodeFor("aclprofMark", OkStatus()), ACL_SUCCESS);
}

TEST(ErrorTable, GivenTheSameConditionAtDifferentEntryPointsThenEachReturnsCannsCode) {
  const Case cases[] = {
      // An unloaded model: GE's code in the model layer, ACL's in profiling.
      {"aclmdlUnload", Of(Detail::kModelNotLoaded), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID},
      {"aclmdlExecute", Of(Detail::kModelNotLoaded), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID},
      {"aclmdlGetDesc", Of(Detail::kModelNotLoaded), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID},
      {"aclsimGetModelCost", Of(Detail::kModelNotLoaded), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID},
      {"aclprofModelSubscribe", Of(Detail::kModelNotLoaded), ACL_ERROR_INVALID_MODEL_ID},
      {"aclprofModelUnSubscribe", Of(Detail::kModelNotLoaded), ACL_ERROR_INVALID_MODEL_ID},
      // No aclInit.
      {"aclmdlLoadFromMem", Of(Detail::kNotInitialized), ACL_ERROR_GE_EXEC_NOT_INIT},
      {"aclmdlExecuteAsync", Of(Detail::kNotInitialized), ACL_ERROR_GE_EXEC_NOT_INIT},
      {"aclprofStart", Of(Detail::kNotInitialized), ACL_ERROR_UNINITIALIZE},
      // A bad argument: the runtime layer's 107000, 100000 elsewhere.
      {"aclrtMemcpy", Plain(StatusCode::kInvalidArgument), ACL_ERROR_RT_PARAM_INVALID},
      {"aclrtFree", Plain(StatusCode::kInvalidArgument), ACL_ERROR_RT_PARAM_INVALID},
      {"aclrtDestroyContext", Plain(StatusCode::kInvalidArgument), ACL_ERROR_RT_PARAM_INVALID},
      {"aclmdlExecute", Plain(StatusCode::kInvalidArgument), ACL_ERROR_INVALID_PARAM},
      {"aclprofCreateConfig", Plain(StatusCode::kInvalidArgument), ACL_ERROR_INVALID_PARAM},
      {"aclInit", Plain(StatusCode::kInvalidArgument), ACL_ERROR_INVALID_PARAM},
      {"aclsimCheckBackendFeature", Plain(StatusCode::kInvalidArgument), ACL_ERROR_INVALID_PARAM},
      // A file that cannot be opened.
      {"aclmdlLoadFromFile", Of(Detail::kFileUnusable), ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID},
      {"aclInit", Of(Detail::kFileUnusable), ACL_ERROR_INVALID_FILE},
      {"aclprofInit", Of(Detail::kFileUnusable), ACL_ERROR_INVALID_FILE},
      // Something unimplemented / internal, without a detail.
      {"aclrtSetDevice", Plain(StatusCode::kUnimplemented), ACL_ERROR_RT_FEATURE_NOT_SUPPORT},
      {"aclInit", Plain(StatusCode::kUnimplemented), ACL_ERROR_API_NOT_SUPPORT},
      {"aclsimCheckBackendFeature", Plain(StatusCode::kUnimplemented), ACL_ERROR_API_NOT_SUPPORT},
      {"aclrtEventElapsedTime", Plain(StatusCode::kInternal), ACL_ERROR_RT_INTERNAL_ERROR},
      {"aclmdlExecute", Plain(StatusCode::kInternal), ACL_ERROR_INTERNAL_ERROR},
      {"aclrtMalloc", Plain(StatusCode::kResourceExhausted), ACL_ERROR_RT_MEMORY_ALLOCATION},
      {"aclmdlLoadFromMem", Plain(StatusCode::kResourceExhausted), ACL_ERROR_BAD_ALLOC},
      {"aclrtStreamQuery", Plain(StatusCode::kNotFound), ACL_ERROR_RT_INVALID_HANDLE},
      {"aclrtCreateStream", Plain(StatusCode::kUnavailable), ACL_ERROR_RT_NO_DEVICE},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.entry) + " " + c.status.ToString());
    EXPECT_EQ(AclCodeFor(c.entry, c.status), c.acl);
  }
}

TEST(ErrorTable, GivenADeviceReportedNumberThenItIsReturnedAsItIs) {
  EXPECT_EQ(AclCodeFor("aclmdlExecute", Status::DeviceError(507015, "m")), 507015);
  EXPECT_EQ(AclCodeFor("aclrtSynchronizeStream", Status::DeviceError(507011, "m")), 507011);
  // A number that is not an aclError is the runtime's internal error.
  EXPECT_EQ(AclCodeFor("aclrtSynchronizeStream", Status::DeviceError(int64_t{1} << 40, "m")),
            ACL_ERROR_RT_INTERNAL_ERROR);
  // The step marker reports every failure, a device's included, as 500002.
  EXPECT_EQ(AclCodeFor("aclprofGetStepTimestamp", Status::DeviceError(507015, "m")), ACL_ERROR_GE_FAILURE);
  EXPECT_EQ(AclCodeFor("aclprofGetStepTimestamp", Of(Detail::kInvalidHandle)), ACL_ERROR_GE_FAILURE);
}

TEST(ErrorTable, GivenMsproftxFailuresThenProfilingFailedExceptTheDocumentedOnes) {
  // spec §2.4: a NULL pointer is 100000 in Push, RangeStart and RangePushEx.
  EXPECT_EQ(AclCodeFor("aclprofPush", Plain(StatusCode::kInvalidArgument)), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(AclCodeFor("aclprofRangeStart", Plain(StatusCode::kInvalidArgument)), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(AclCodeFor("aclprofRangePushEx", Plain(StatusCode::kInvalidArgument)), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(AclCodeFor("aclprofRangePop", Plain(StatusCode::kFailedPrecondition)), ACL_ERROR_INVALID_PARAM);
  for (const char* entry : {"aclprofPush", "aclprofRangeStart", "aclprofRangePushEx"}) {
    SCOPED_TRACE(entry);
    EXPECT_EQ(AclCodeFor(entry, Of(Detail::kProfilingNotRunning)), kProfilingFailed);
    EXPECT_EQ(AclCodeFor(entry, Of(Detail::kInvalidHandle)), kProfilingFailed);
  }
  for (const char* entry :
       {"aclprofSetStampTraceMessage", "aclprofMark", "aclprofMarkEx", "aclprofPop", "aclprofRangeStop",
        "aclprofSetCategoryName", "aclprofSetStampCategory", "aclprofSetStampPayload"}) {
    SCOPED_TRACE(entry);
    EXPECT_EQ(AclCodeFor(entry, Plain(StatusCode::kInvalidArgument)), kProfilingFailed);
    EXPECT_EQ(AclCodeFor(entry, Of(Detail::kProfilingNotRunning)), kProfilingFailed);
    EXPECT_EQ(AclCodeFor(entry, Of(Detail::kInvalidHandle)), kProfilingFailed);
  }
  EXPECT_EQ(AclCodeFor("aclprofRangePushEx", Of(Detail::kFeatureUnsupported)), kProfilingFailed);
}

TEST(ErrorTable, GivenThreadSubscriptionFailuresThenMsprofsCodes) {
  // ProfOpSubscribe / ProfOpUnSubscribe (prof_acl_api.h): a device not open
  // and no subscription to end are msprof's 500005; the rest as for models.
  EXPECT_EQ(AclCodeFor("ProfOpSubscribe", Plain(StatusCode::kFailedPrecondition)), ACL_ERROR_PROFILING_FAILURE);
  EXPECT_EQ(AclCodeFor("ProfOpUnSubscribe", Plain(StatusCode::kNotFound)), ACL_ERROR_PROFILING_FAILURE);
  EXPECT_EQ(AclCodeFor("ProfOpSubscribe", Plain(StatusCode::kInvalidArgument)), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(AclCodeFor("ProfOpSubscribe", Of(Detail::kAlreadySubscribed)), ACL_ERROR_PROF_REPEAT_SUBSCRIBE);
  EXPECT_EQ(AclCodeFor("ProfOpSubscribe", Of(Detail::kProfilingConfig)), ACL_ERROR_INVALID_PROFILING_CONFIG);
  EXPECT_EQ(AclCodeFor("ProfOpUnSubscribe", Of(Detail::kProfilingApiConflict)), ACL_ERROR_PROF_API_CONFLICT);
}

TEST(ErrorTable, GivenAclnnFailuresThenAclnnStatusCodes) {
  EXPECT_EQ(AclCodeFor("aclnnAdd", Of(Detail::kOpArgumentNull)), 161001);
  EXPECT_EQ(AclCodeFor("aclnnAdd", Status(StatusCode::kInvalidArgument, "x")), 161002);
  EXPECT_EQ(AclCodeFor("aclnnRmsNorm", Of(Detail::kOpTiling)), 561002);
  // Whatever fails below the op: the runtime error.
  for (Detail d : {Detail::kNotInitialized, Detail::kNoContext, Detail::kInvalidHandle, Detail::kDeviceLost}) {
    EXPECT_EQ(AclCodeFor("aclnnMm", Of(d)), 361001) << DetailName(d);
  }
  EXPECT_EQ(AclCodeFor("aclnnMm", Status(StatusCode::kInternal, "x")), 361001);
  EXPECT_EQ(AclCodeFor("aclnnMm", OkStatus()), ACL_SUCCESS);
}

// Each detail's code where no entry point or family says otherwise.
const std::pair<Detail, aclError> kDetailDefaults[] = {
    {Detail::kInvalidDeviceId, ACL_ERROR_RT_INVALID_DEVICEID},
    {Detail::kInvalidHandle, ACL_ERROR_RT_INVALID_HANDLE},
    {Detail::kNoDevice, ACL_ERROR_RT_NO_DEVICE},
    {Detail::kDeviceLost, ACL_ERROR_RT_LOST_HEARTBEAT},
    {Detail::kModelDeserialize, ACL_ERROR_DESERIALIZE_MODEL},
    {Detail::kModelParse, ACL_ERROR_PARSE_MODEL},
    {Detail::kModelSizeInvalid, ACL_ERROR_MODEL_SIZE_INVALID},
    {Detail::kModelMissingAttr, ACL_ERROR_MODEL_MISSING_ATTR},
    {Detail::kNotInitialized, ACL_ERROR_UNINITIALIZE},
    {Detail::kAlreadyInitialized, ACL_ERROR_REPEAT_INITIALIZE},
    {Detail::kAlreadyFinalized, ACL_ERROR_REPEAT_FINALIZE},
    {Detail::kFileUnusable, ACL_ERROR_INVALID_FILE},
    {Detail::kFileRead, ACL_ERROR_READ_MODEL_FAILURE},
    {Detail::kFileWrite, ACL_ERROR_WRITE_FILE},
    {Detail::kFileParse, ACL_ERROR_PARSE_FILE},
    {Detail::kFileMissingAttr, ACL_ERROR_FILE_MISSING_ATTR},
    {Detail::kFileAttrInvalid, ACL_ERROR_FILE_ATTR_INVALID},
    {Detail::kModelNotLoaded, ACL_ERROR_INVALID_MODEL_ID},
    {Detail::kModelInputMismatch, ACL_ERROR_MODEL_INPUT_NOT_MATCH},
    {Detail::kModelOutputMismatch, ACL_ERROR_MODEL_OUTPUT_NOT_MATCH},
    {Detail::kModelNotDynamic, ACL_ERROR_MODEL_NOT_DYNAMIC},
    {Detail::kModelDataSize, ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID},
    {Detail::kDynamicInputLength, ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID},
    {Detail::kDynamicBatchSize, ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID},
    {Detail::kModelExecute, ACL_ERROR_RT_MODEL_EXECUTE},
    {Detail::kProfilingConfig, ACL_ERROR_INVALID_PROFILING_CONFIG},
    {Detail::kProfilingRunning, ACL_ERROR_PROF_ALREADY_RUN},
    {Detail::kProfilingNotRunning, ACL_ERROR_PROF_NOT_RUN},
    {Detail::kAlreadySubscribed, ACL_ERROR_PROF_REPEAT_SUBSCRIBE},
    {Detail::kProfilingApiConflict, ACL_ERROR_PROF_API_CONFLICT},
    {Detail::kProfilingModules, ACL_ERROR_PROF_MODULES_UNSUPPORTED},
    {Detail::kFeatureUnsupported, ACL_ERROR_FEATURE_UNSUPPORTED},
    {Detail::kVersionMismatch, ACL_ERROR_RT_FEATURE_NOT_SUPPORT},
    {Detail::kDeviceMemory, ACL_ERROR_RT_MEMORY_ALLOCATION},
    {Detail::kNoContext, ACL_ERROR_RT_CONTEXT_NULL},
    {Detail::kStreamOfOtherContext, ACL_ERROR_RT_STREAM_CONTEXT},
    {Detail::kEventNotRecorded, ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID},
    {Detail::kStreamNotSubscribed, ACL_ERROR_RT_STREAM_SUBSCRIBE},
    {Detail::kThreadNotSubscribed, ACL_ERROR_RT_THREAD_SUBSCRIBE},
    {Detail::kNoCallbackRegistered, ACL_ERROR_RT_STREAM_NO_CB_REG},
    {Detail::kStreamNotComplete, ACL_ERROR_RT_STREAM_NOT_COMPLETE},
    {Detail::kEventNotComplete, ACL_ERROR_RT_EVENT_NOT_COMPLETE},
    {Detail::kContextInUse, ACL_ERROR_RT_CONTEXT_RELEASE_ERROR},
    {Detail::kReportTimeout, ACL_ERROR_RT_REPORT_TIMEOUT},
    {Detail::kOptionUnsupported, ACL_ERROR_API_NOT_SUPPORT},
    {Detail::kOpArgumentNull, ACL_ERROR_INVALID_PARAM},
    {Detail::kOpTiling, ACL_ERROR_INVALID_PARAM},
    {Detail::kOpNotFound, ACL_ERROR_OP_NOT_FOUND},
    {Detail::kOpInputMismatch, ACL_ERROR_OP_INPUT_NOT_MATCH},
    {Detail::kOpOutputMismatch, ACL_ERROR_OP_OUTPUT_NOT_MATCH},
    {Detail::kStreamCaptured, ACL_ERROR_RT_STREAM_CAPTURED},
    {Detail::kStreamNotCaptured, ACL_ERROR_RT_STREAM_NOT_CAPTURED},
    {Detail::kEventCaptured, ACL_ERROR_RT_EVENT_CAPTURED},
    {Detail::kCaptureModeRefused, ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT},
    {Detail::kModelCaptured, ACL_ERROR_RT_MODEL_CAPTURED},
    {Detail::kCaptureUnmatched, ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED},
    {Detail::kCaptureWrongThread, ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD},
    {Detail::kStreamBoundToModel, ACL_ERROR_RT_STREAM_MODEL},
    {Detail::kTaskGroupStatus, ACL_ERROR_STREAM_TASK_GROUP_STATUS},
    {Detail::kTaskTypeUnsupported, ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT},
    {Detail::kModelUpdateFailed, ACL_ERROR_RT_MODEL_UPDATE_FAILED},
};

TEST(ErrorTable, GivenEachDetailThenItsDefaultCode) {
  int covered = 0;
  for (const auto& [detail, acl] : kDetailDefaults) {
    SCOPED_TRACE(DetailName(detail));
    // The same number at an entry point of every layer.
    for (const char* entry : {"aclInit", "aclrtSetDevice", "aclprofStart"}) {
      if (detail == Detail::kNotInitialized || detail == Detail::kModelNotLoaded) continue;
      EXPECT_EQ(AclCodeFor(entry, Of(detail)), acl) << entry;
    }
    EXPECT_EQ(AclCodeFor("aclInit", Of(detail)), acl);
    ++covered;
  }
  // Every detail but kNone and kDeviceError (returned as its number) is listed.
  int details = 0;
  for (int32_t n = 1; n <= kMaxDetail; ++n) {
    const auto d = static_cast<Detail>(n);
    if (std::string(DetailName(d)) != "?" && d != Detail::kDeviceError) ++details;
  }
  EXPECT_EQ(covered, details);
}

}  // namespace
}  // namespace aclsim::api
