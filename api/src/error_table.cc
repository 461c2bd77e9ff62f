#include "api/src/error_table.h"

#include <cstdint>

namespace aclsim::api {
namespace {

enum class Match : uint8_t {
  kAny,           // every failure
  kPlain,         // a failure without a detail
  kCode,          // a failure of |code| without a detail
  kDetail,        // a failure with |detail|
  kDeviceNumber,  // a number the device reported: returned as it is
};

struct Row {
  const char* entry;  // an entry point, or a prefix ending in '*'
  Match match;
  StatusCode code;
  Detail detail;
  aclError acl;
};

constexpr Row Any(const char* entry, aclError acl) { return {entry, Match::kAny, StatusCode::kOk, Detail::kNone, acl}; }
constexpr Row Plain(const char* entry, StatusCode code, aclError acl) {
  return {entry, Match::kCode, code, Detail::kNone, acl};
}
constexpr Row Of(const char* entry, Detail detail, aclError acl) {
  return {entry, Match::kDetail, StatusCode::kOk, detail, acl};
}
constexpr Row AnyPlain(const char* entry, aclError acl) {
  return {entry, Match::kPlain, StatusCode::kOk, Detail::kNone, acl};
}
constexpr Row DeviceNumber(const char* entry) {
  return {entry, Match::kDeviceNumber, StatusCode::kOk, Detail::kDeviceError, 0};
}

using C = StatusCode;
using D = Detail;

// aclnnStatus values (CANN's op_errno.h; aclnn/acl_meta.h names them).
constexpr aclError kAclnnErrParamNullptr = 161001;
constexpr aclError kAclnnErrParamInvalid = 161002;
constexpr aclError kAclnnErrRuntime = 361001;
constexpr aclError kAclnnErrInnerTiling = 561002;

// First match wins: entry points, then families, then the defaults ("*").
constexpr Row kRows[] = {
    // ---- entry points with a code of their own
    // The step marker reports any failure as a GE failure (spec §2.3).
    Any("aclprofGetStepTimestamp", ACL_ERROR_GE_FAILURE),
    // msproftx (spec §2.4): a NULL pointer argument is 100000 in the three
    // calls that check one, everything else PROFILING_FAILED; a RangePop
    // without a RangePushEx is 100000.
    Plain("aclprofPush", C::kInvalidArgument, ACL_ERROR_INVALID_PARAM),
    Plain("aclprofRangeStart", C::kInvalidArgument, ACL_ERROR_INVALID_PARAM),
    Plain("aclprofRangePushEx", C::kInvalidArgument, ACL_ERROR_INVALID_PARAM),
    Any("aclprofRangePop", ACL_ERROR_INVALID_PARAM),
    Any("aclprofSetStampTraceMessage", kProfilingFailed),
    Any("aclprofMark", kProfilingFailed),
    Any("aclprofMarkEx", kProfilingFailed),
    Any("aclprofPush", kProfilingFailed),
    Any("aclprofPop", kProfilingFailed),
    Any("aclprofRangeStart", kProfilingFailed),
    Any("aclprofRangeStop", kProfilingFailed),
    Any("aclprofSetCategoryName", kProfilingFailed),
    Any("aclprofSetStampCategory", kProfilingFailed),
    Any("aclprofSetStampPayload", kProfilingFailed),
    Any("aclprofSetStampTagName", kProfilingFailed),
    Any("aclprofSetStampCallStack", kProfilingFailed),
    Any("aclprofRangePushEx", kProfilingFailed),
    // ProfOpSubscribe's device is not open, or ProfOpUnSubscribe finds no
    // subscription of the thread: msprof's own failure code (500005).
    Plain("ProfOp*", C::kFailedPrecondition, ACL_ERROR_PROFILING_FAILURE),
    Plain("ProfOpUnSubscribe", C::kNotFound, ACL_ERROR_PROFILING_FAILURE),
    // A model file that cannot be opened (as traced: 145002).
    Of("aclmdlLoadFromFile", D::kFileUnusable, ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID),
    // aclnn (aclnnStatus, CANN's op_errno.h): a NULL argument 161001, an
    // argument the op rejects 161002 (561002 where CANN checks at tiling),
    // and any failure of the runtime below it 361001.
    Of("aclnn*", D::kOpArgumentNull, kAclnnErrParamNullptr),
    Of("aclnn*", D::kOpTiling, kAclnnErrInnerTiling),
    Plain("aclnn*", C::kInvalidArgument, kAclnnErrParamInvalid),
    Any("aclnn*", kAclnnErrRuntime),
    // Queues and channels (acl_tdt_queue.h, acl_tdt.h): a wait that ran out
    // is a full queue or channel for the calls that copy data in, an empty
    // one for those that copy data out, and a failure for the buffer calls;
    // a stopped channel, and an attach without a grant, fail.
    Plain("acltdtSendTensor", C::kDeadlineExceeded, ACL_ERROR_RT_QUEUE_FULL),
    Plain("acltdtEnqueueData", C::kDeadlineExceeded, ACL_ERROR_RT_QUEUE_FULL),
    Plain("acltdtReceiveTensor", C::kDeadlineExceeded, ACL_ERROR_RT_QUEUE_EMPTY),
    Plain("acltdtDequeueData", C::kDeadlineExceeded, ACL_ERROR_RT_QUEUE_EMPTY),
    Plain("acltdt*", C::kDeadlineExceeded, ACL_ERROR_FAILURE),
    Plain("acltdt*", C::kCancelled, ACL_ERROR_FAILURE),
    Plain("acltdt*", C::kPermissionDenied, ACL_ERROR_FAILURE),
    // Bounded synchronisation: a bound that passed is a timeout (507046,
    // 507047); a wait ended by aclrtStreamAbort is 107023 (page 06).
    Of("aclrtSynchronizeStreamWithTimeout", D::kStreamNotComplete, ACL_ERROR_RT_STREAM_SYNC_TIMEOUT),
    Of("aclrtSynchronizeDeviceWithTimeout", D::kStreamNotComplete, ACL_ERROR_RT_STREAM_SYNC_TIMEOUT),
    Of("aclrtSynchronizeEventWithTimeout", D::kEventNotComplete, ACL_ERROR_RT_EVENT_SYNC_TIMEOUT),
    Plain("aclrt*", C::kCancelled, ACL_ERROR_RT_STREAM_ABORT),
    // Everywhere else a failure the device reported keeps its number.
    DeviceNumber("*"),

    // ---- families
    // The model layer (GE) names an unloaded model and a missing aclInit
    // with its own codes; the profiling layer says 100011 / 100001.
    Of("aclmdl*", D::kNotInitialized, ACL_ERROR_GE_EXEC_NOT_INIT),
    Of("aclmdl*", D::kModelNotLoaded, ACL_ERROR_GE_EXEC_MODEL_ID_INVALID),
    Of("aclsim*", D::kModelNotLoaded, ACL_ERROR_GE_EXEC_MODEL_ID_INVALID),
    // The runtime layer (rt_error_codes.h) answers plain failures itself.
    Plain("aclrtIpc*", C::kPermissionDenied, ACL_ERROR_RT_NO_PERMISSION),
    Plain("aclrtHostRegister*", C::kAlreadyExists, ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED),
    Plain("aclrtHostGetDevicePointer", C::kNotFound, ACL_ERROR_HOST_MEMORY_NOT_REGISTERED),
    Plain("aclrtHostUnregister", C::kNotFound, ACL_ERROR_HOST_MEMORY_NOT_REGISTERED),
    Plain("aclrtMemImportFromShareableHandle*", C::kPermissionDenied, ACL_ERROR_RT_NO_PERMISSION),
    Plain("aclrtIpc*", C::kResourceExhausted, ACL_ERROR_RT_RESOURCE_ALLOC_FAIL),
    // The model runtime instances (aclmdlRI*) are the runtime layer's too.
    Plain("aclmdlRI*", C::kInvalidArgument, ACL_ERROR_RT_PARAM_INVALID),
    Plain("aclmdlRI*", C::kNotFound, ACL_ERROR_RT_INVALID_HANDLE),
    Plain("aclmdlRI*", C::kUnimplemented, ACL_ERROR_RT_FEATURE_NOT_SUPPORT),
    Plain("aclrt*", C::kInvalidArgument, ACL_ERROR_RT_PARAM_INVALID),
    Plain("aclrt*", C::kOutOfRange, ACL_ERROR_RT_PARAM_INVALID),
    Plain("aclrt*", C::kNotFound, ACL_ERROR_RT_INVALID_HANDLE),
    Plain("aclrt*", C::kResourceExhausted, ACL_ERROR_RT_MEMORY_ALLOCATION),
    Plain("aclrt*", C::kUnimplemented, ACL_ERROR_RT_FEATURE_NOT_SUPPORT),
    Plain("aclrt*", C::kUnavailable, ACL_ERROR_RT_NO_DEVICE),
    AnyPlain("aclrt*", ACL_ERROR_RT_INTERNAL_ERROR),

    // ---- one number per detail
    Of("*", D::kInvalidDeviceId, ACL_ERROR_RT_INVALID_DEVICEID),
    Of("*", D::kInvalidHandle, ACL_ERROR_RT_INVALID_HANDLE),
    Of("*", D::kNoDevice, ACL_ERROR_RT_NO_DEVICE),
    Of("*", D::kDeviceLost, ACL_ERROR_RT_LOST_HEARTBEAT),
    Of("*", D::kModelDeserialize, ACL_ERROR_DESERIALIZE_MODEL),
    Of("*", D::kModelParse, ACL_ERROR_PARSE_MODEL),
    Of("*", D::kModelSizeInvalid, ACL_ERROR_MODEL_SIZE_INVALID),
    Of("*", D::kModelMissingAttr, ACL_ERROR_MODEL_MISSING_ATTR),
    Of("*", D::kNotInitialized, ACL_ERROR_UNINITIALIZE),
    Of("*", D::kAlreadyInitialized, ACL_ERROR_REPEAT_INITIALIZE),
    Of("*", D::kAlreadyFinalized, ACL_ERROR_REPEAT_FINALIZE),
    Of("*", D::kFileUnusable, ACL_ERROR_INVALID_FILE),
    Of("*", D::kFileRead, ACL_ERROR_READ_MODEL_FAILURE),
    Of("*", D::kFileWrite, ACL_ERROR_WRITE_FILE),
    Of("*", D::kFileParse, ACL_ERROR_PARSE_FILE),
    Of("*", D::kFileMissingAttr, ACL_ERROR_FILE_MISSING_ATTR),
    Of("*", D::kFileAttrInvalid, ACL_ERROR_FILE_ATTR_INVALID),
    Of("*", D::kModelNotLoaded, ACL_ERROR_INVALID_MODEL_ID),
    Of("*", D::kModelInputMismatch, ACL_ERROR_MODEL_INPUT_NOT_MATCH),
    Of("*", D::kModelOutputMismatch, ACL_ERROR_MODEL_OUTPUT_NOT_MATCH),
    Of("*", D::kModelNotDynamic, ACL_ERROR_MODEL_NOT_DYNAMIC),
    Of("*", D::kModelDataSize, ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID),
    Of("*", D::kDynamicInputLength, ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID),
    Of("*", D::kDynamicBatchSize, ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID),
    Of("*", D::kModelExecute, ACL_ERROR_RT_MODEL_EXECUTE),
    Of("*", D::kDeviceError, ACL_ERROR_RT_INTERNAL_ERROR),  // a number outside aclError's range
    Of("*", D::kProfilingConfig, ACL_ERROR_INVALID_PROFILING_CONFIG),
    Of("*", D::kProfilingRunning, ACL_ERROR_PROF_ALREADY_RUN),
    Of("*", D::kProfilingNotRunning, ACL_ERROR_PROF_NOT_RUN),
    Of("*", D::kAlreadySubscribed, ACL_ERROR_PROF_REPEAT_SUBSCRIBE),
    Of("*", D::kProfilingApiConflict, ACL_ERROR_PROF_API_CONFLICT),
    Of("*", D::kProfilingModules, ACL_ERROR_PROF_MODULES_UNSUPPORTED),
    Of("*", D::kFeatureUnsupported, ACL_ERROR_FEATURE_UNSUPPORTED),
    Of("*", D::kOptionUnsupported, ACL_ERROR_API_NOT_SUPPORT),
    Of("*", D::kOpArgumentNull, ACL_ERROR_INVALID_PARAM),
    Of("*", D::kOpTiling, ACL_ERROR_INVALID_PARAM),
    Of("*", D::kOpNotFound, ACL_ERROR_OP_NOT_FOUND),
    Of("*", D::kOpInputMismatch, ACL_ERROR_OP_INPUT_NOT_MATCH),
    Of("*", D::kOpOutputMismatch, ACL_ERROR_OP_OUTPUT_NOT_MATCH),
    Of("*", D::kVersionMismatch, ACL_ERROR_RT_FEATURE_NOT_SUPPORT),
    Of("*", D::kDeviceMemory, ACL_ERROR_RT_MEMORY_ALLOCATION),
    Of("*", D::kNoContext, ACL_ERROR_RT_CONTEXT_NULL),
    Of("*", D::kStreamOfOtherContext, ACL_ERROR_RT_STREAM_CONTEXT),
    Of("*", D::kEventNotRecorded, ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID),
    Of("*", D::kStreamNotSubscribed, ACL_ERROR_RT_STREAM_SUBSCRIBE),
    Of("*", D::kThreadNotSubscribed, ACL_ERROR_RT_THREAD_SUBSCRIBE),
    Of("*", D::kNoCallbackRegistered, ACL_ERROR_RT_STREAM_NO_CB_REG),
    Of("*", D::kStreamNotComplete, ACL_ERROR_RT_STREAM_NOT_COMPLETE),
    Of("*", D::kEventNotComplete, ACL_ERROR_RT_EVENT_NOT_COMPLETE),
    Of("*", D::kContextInUse, ACL_ERROR_RT_CONTEXT_RELEASE_ERROR),
    Of("*", D::kReportTimeout, ACL_ERROR_RT_REPORT_TIMEOUT),
    Of("*", D::kStreamCaptured, ACL_ERROR_RT_STREAM_CAPTURED),
    Of("*", D::kStreamNotCaptured, ACL_ERROR_RT_STREAM_NOT_CAPTURED),
    Of("*", D::kEventCaptured, ACL_ERROR_RT_EVENT_CAPTURED),
    Of("*", D::kCaptureModeRefused, ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT),
    Of("*", D::kModelCaptured, ACL_ERROR_RT_MODEL_CAPTURED),
    Of("*", D::kCaptureUnmatched, ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED),
    Of("*", D::kCaptureWrongThread, ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD),
    Of("*", D::kStreamBoundToModel, ACL_ERROR_RT_STREAM_MODEL),
    Of("*", D::kTaskGroupStatus, ACL_ERROR_STREAM_TASK_GROUP_STATUS),
    Of("*", D::kTaskTypeUnsupported, ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT),
    Of("*", D::kModelUpdateFailed, ACL_ERROR_RT_MODEL_UPDATE_FAILED),

    // ---- plain codes outside the runtime layer
    Plain("*", C::kInvalidArgument, ACL_ERROR_INVALID_PARAM),
    Plain("*", C::kOutOfRange, ACL_ERROR_INVALID_PARAM),
    Plain("*", C::kResourceExhausted, ACL_ERROR_BAD_ALLOC),
    Plain("*", C::kUnimplemented, ACL_ERROR_API_NOT_SUPPORT),
    Plain("*", C::kUnavailable, ACL_ERROR_RT_NO_DEVICE),
    AnyPlain("*", ACL_ERROR_INTERNAL_ERROR),
};

bool EntryMatches(const char* pattern, std::string_view function) {
  std::string_view p(pattern);
  if (!p.empty() && p.back() == '*') return function.substr(0, p.size() - 1) == p.substr(0, p.size() - 1);
  return function == p;
}

bool StatusMatches(const Row& row, const Status& status) {
  switch (row.match) {
    case Match::kAny: return true;
    case Match::kPlain: return status.detail() == Detail::kNone;
    case Match::kCode: return status.detail() == Detail::kNone && status.code() == row.code;
    case Match::kDetail: return status.detail() == row.detail;
    case Match::kDeviceNumber:
      return status.detail() == Detail::kDeviceError && status.value() > 0 && status.value() <= INT32_MAX;
  }
  return false;
}

}  // namespace

aclError AclCodeFor(std::string_view function, const Status& status) noexcept {
  if (status.ok()) return ACL_SUCCESS;
  for (const Row& row : kRows) {
    if (!EntryMatches(row.entry, function) || !StatusMatches(row, status)) continue;
    return row.match == Match::kDeviceNumber ? static_cast<aclError>(status.value()) : row.acl;
  }
  // Unreachable: the last row takes every plain code, and each detail has
  // a row; a detail added without one lands here.
  return ACL_ERROR_INTERNAL_ERROR;
}

}  // namespace aclsim::api
