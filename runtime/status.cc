#include "runtime/status.h"

namespace aclsim {

const char* StatusCodeName(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return "OK";
    case StatusCode::kCancelled: return "CANCELLED";
    case StatusCode::kUnknown: return "UNKNOWN";
    case StatusCode::kInvalidArgument: return "INVALID_ARGUMENT";
    case StatusCode::kDeadlineExceeded: return "DEADLINE_EXCEEDED";
    case StatusCode::kNotFound: return "NOT_FOUND";
    case StatusCode::kAlreadyExists: return "ALREADY_EXISTS";
    case StatusCode::kPermissionDenied: return "PERMISSION_DENIED";
    case StatusCode::kResourceExhausted: return "RESOURCE_EXHAUSTED";
    case StatusCode::kFailedPrecondition: return "FAILED_PRECONDITION";
    case StatusCode::kAborted: return "ABORTED";
    case StatusCode::kOutOfRange: return "OUT_OF_RANGE";
    case StatusCode::kUnimplemented: return "UNIMPLEMENTED";
    case StatusCode::kInternal: return "INTERNAL";
    case StatusCode::kUnavailable: return "UNAVAILABLE";
    case StatusCode::kDataLoss: return "DATA_LOSS";
    case StatusCode::kUnauthenticated: return "UNAUTHENTICATED";
  }
  return "?";
}

const char* DetailName(Detail detail) {
  switch (detail) {
    case Detail::kNone: return "NONE";
    case Detail::kInvalidDeviceId: return "INVALID_DEVICE_ID";
    case Detail::kInvalidHandle: return "INVALID_HANDLE";
    case Detail::kNoDevice: return "NO_DEVICE";
    case Detail::kDeviceLost: return "DEVICE_LOST";
    case Detail::kModelDeserialize: return "MODEL_DESERIALIZE";
    case Detail::kModelParse: return "MODEL_PARSE";
    case Detail::kModelSizeInvalid: return "MODEL_SIZE_INVALID";
    case Detail::kModelMissingAttr: return "MODEL_MISSING_ATTR";
    case Detail::kDeviceError: return "DEVICE_ERROR";
    case Detail::kNotInitialized: return "NOT_INITIALIZED";
    case Detail::kAlreadyInitialized: return "ALREADY_INITIALIZED";
    case Detail::kAlreadyFinalized: return "ALREADY_FINALIZED";
    case Detail::kFileUnusable: return "FILE_UNUSABLE";
    case Detail::kFileRead: return "FILE_READ";
    case Detail::kFileWrite: return "FILE_WRITE";
    case Detail::kFileParse: return "FILE_PARSE";
    case Detail::kFileMissingAttr: return "FILE_MISSING_ATTR";
    case Detail::kFileAttrInvalid: return "FILE_ATTR_INVALID";
    case Detail::kModelNotLoaded: return "MODEL_NOT_LOADED";
    case Detail::kModelInputMismatch: return "MODEL_INPUT_MISMATCH";
    case Detail::kModelOutputMismatch: return "MODEL_OUTPUT_MISMATCH";
    case Detail::kModelNotDynamic: return "MODEL_NOT_DYNAMIC";
    case Detail::kModelDataSize: return "MODEL_DATA_SIZE";
    case Detail::kDynamicInputLength: return "DYNAMIC_INPUT_LENGTH";
    case Detail::kDynamicBatchSize: return "DYNAMIC_BATCH_SIZE";
    case Detail::kModelExecute: return "MODEL_EXECUTE";
    case Detail::kProfilingConfig: return "PROFILING_CONFIG";
    case Detail::kProfilingRunning: return "PROFILING_RUNNING";
    case Detail::kProfilingNotRunning: return "PROFILING_NOT_RUNNING";
    case Detail::kAlreadySubscribed: return "ALREADY_SUBSCRIBED";
    case Detail::kProfilingApiConflict: return "PROFILING_API_CONFLICT";
    case Detail::kProfilingModules: return "PROFILING_MODULES";
    case Detail::kFeatureUnsupported: return "FEATURE_UNSUPPORTED";
    case Detail::kVersionMismatch: return "VERSION_MISMATCH";
    case Detail::kDeviceMemory: return "DEVICE_MEMORY";
    case Detail::kNoContext: return "NO_CONTEXT";
    case Detail::kStreamOfOtherContext: return "STREAM_OF_OTHER_CONTEXT";
    case Detail::kEventNotRecorded: return "EVENT_NOT_RECORDED";
    case Detail::kStreamNotSubscribed: return "STREAM_NOT_SUBSCRIBED";
    case Detail::kThreadNotSubscribed: return "THREAD_NOT_SUBSCRIBED";
    case Detail::kNoCallbackRegistered: return "NO_CALLBACK_REGISTERED";
    case Detail::kStreamNotComplete: return "STREAM_NOT_COMPLETE";
    case Detail::kEventNotComplete: return "EVENT_NOT_COMPLETE";
    case Detail::kContextInUse: return "CONTEXT_IN_USE";
    case Detail::kReportTimeout: return "REPORT_TIMEOUT";
    case Detail::kOptionUnsupported: return "OPTION_UNSUPPORTED";
    case Detail::kOpArgumentNull: return "OP_ARGUMENT_NULL";
    case Detail::kOpTiling: return "OP_TILING";
    case Detail::kOpNotFound: return "OP_NOT_FOUND";
    case Detail::kOpInputMismatch: return "OP_INPUT_MISMATCH";
    case Detail::kOpOutputMismatch: return "OP_OUTPUT_MISMATCH";
    case Detail::kStreamCaptured: return "STREAM_CAPTURED";
    case Detail::kStreamNotCaptured: return "STREAM_NOT_CAPTURED";
    case Detail::kEventCaptured: return "EVENT_CAPTURED";
    case Detail::kCaptureModeRefused: return "CAPTURE_MODE_REFUSED";
    case Detail::kModelCaptured: return "MODEL_CAPTURED";
    case Detail::kCaptureUnmatched: return "CAPTURE_UNMATCHED";
    case Detail::kCaptureWrongThread: return "CAPTURE_WRONG_THREAD";
    case Detail::kStreamBoundToModel: return "STREAM_BOUND_TO_MODEL";
    case Detail::kTaskGroupStatus: return "TASK_GROUP_STATUS";
    case Detail::kTaskTypeUnsupported: return "TASK_TYPE_UNSUPPORTED";
    case Detail::kModelUpdateFailed: return "MODEL_UPDATE_FAILED";
  }
  return "?";
}

std::string Status::ToString() const {
  if (ok()) return "OK";
  std::string out = StatusCodeName(code_);
  if (detail_ != Detail::kNone) {
    out += std::string(" (") + DetailName(detail_);
    if (detail_ == Detail::kDeviceError) out += " " + std::to_string(value_);
    out += ")";
  }
  return out + ": " + message_;
}

Status WithPrefix(const Status& status, const std::string& prefix) {
  return Status(status.code(), status.detail(), status.value(), prefix + status.message());
}

}  // namespace aclsim
