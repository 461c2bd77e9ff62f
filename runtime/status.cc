#include "runtime/status.h"

namespace aclsim {

const char* ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk: return "OK";
    case ErrorCode::kInvalidParam: return "INVALID_PARAM";
    case ErrorCode::kUninitialized: return "UNINITIALIZE";
    case ErrorCode::kRepeatInitialize: return "REPEAT_INITIALIZE";
    case ErrorCode::kInvalidFile: return "INVALID_FILE";
    case ErrorCode::kWriteFile: return "WRITE_FILE";
    case ErrorCode::kParseFile: return "PARSE_FILE";
    case ErrorCode::kFileMissingAttr: return "FILE_MISSING_ATTR";
    case ErrorCode::kFileAttrInvalid: return "FILE_ATTR_INVALID";
    case ErrorCode::kInvalidProfilingConfig: return "INVALID_PROFILING_CONFIG";
    case ErrorCode::kInvalidModelId: return "INVALID_MODEL_ID";
    case ErrorCode::kDeserializeModel: return "DESERIALIZE_MODEL";
    case ErrorCode::kParseModel: return "PARSE_MODEL";
    case ErrorCode::kReadModelFailure: return "READ_MODEL_FAILURE";
    case ErrorCode::kModelSizeInvalid: return "MODEL_SIZE_INVALID";
    case ErrorCode::kModelMissingAttr: return "MODEL_MISSING_ATTR";
    case ErrorCode::kModelInputNotMatch: return "MODEL_INPUT_NOT_MATCH";
    case ErrorCode::kModelOutputNotMatch: return "MODEL_OUTPUT_NOT_MATCH";
    case ErrorCode::kModelNotDynamic: return "MODEL_NOT_DYNAMIC";
    case ErrorCode::kRepeatFinalize: return "REPEAT_FINALIZE";
    case ErrorCode::kProfAlreadyRun: return "PROF_ALREADY_RUN";
    case ErrorCode::kProfNotRun: return "PROF_NOT_RUN";
    case ErrorCode::kProfRepeatSubscribe: return "PROF_REPEAT_SUBSCRIBE";
    case ErrorCode::kProfApiConflict: return "PROF_API_CONFLICT";
    case ErrorCode::kProfModulesUnsupported: return "PROF_MODULES_UNSUPPORTED";
    case ErrorCode::kGeFailure: return "GE_FAILURE";
    case ErrorCode::kProfilingFailure: return "PROFILING_FAILURE";
    case ErrorCode::kBadAlloc: return "BAD_ALLOC";
    case ErrorCode::kApiNotSupport: return "API_NOT_SUPPORT";
    case ErrorCode::kInvalidDevice: return "INVALID_DEVICE";
    case ErrorCode::kFeatureUnsupported: return "FEATURE_UNSUPPORTED";
    case ErrorCode::kInternalError: return "INTERNAL_ERROR";
    case ErrorCode::kFailure: return "FAILURE";
    case ErrorCode::kRtFailure: return "RT_FAILURE";
    case ErrorCode::kRtParamInvalid: return "RT_PARAM_INVALID";
    case ErrorCode::kRtInvalidDeviceId: return "RT_INVALID_DEVICEID";
    case ErrorCode::kRtContextNull: return "RT_CONTEXT_NULL";
    case ErrorCode::kRtStreamContext: return "RT_STREAM_CONTEXT";
    case ErrorCode::kRtEventTimestampInvalid: return "RT_EVENT_TIMESTAMP_INVALID";
    case ErrorCode::kRtStreamSubscribe: return "RT_STREAM_SUBSCRIBE";
    case ErrorCode::kRtThreadSubscribe: return "RT_THREAD_SUBSCRIBE";
    case ErrorCode::kRtStreamNoCbReg: return "RT_STREAM_NO_CB_REG";
    case ErrorCode::kRtInvalidHandle: return "RT_INVALID_HANDLE";
    case ErrorCode::kRtContextReleaseError: return "RT_CONTEXT_RELEASE_ERROR";
    case ErrorCode::kRtReportTimeout: return "RT_REPORT_TIMEOUT";
    case ErrorCode::kGeExecNotInit: return "GE_EXEC_NOT_INIT";
    case ErrorCode::kGeExecModelDataSizeInvalid: return "GE_EXEC_MODEL_DATA_SIZE_INVALID";
    case ErrorCode::kGeDynamicInputLengthInvalid: return "GE_DYNAMIC_INPUT_LENGTH_INVALID";
    case ErrorCode::kGeDynamicBatchSizeInvalid: return "GE_DYNAMIC_BATCH_SIZE_INVALID";
    case ErrorCode::kRtFeatureNotSupport: return "RT_FEATURE_NOT_SUPPORT";
    case ErrorCode::kRtMemoryAllocation: return "RT_MEMORY_ALLOCATION";
    case ErrorCode::kRtNoDevice: return "RT_NO_DEVICE";
    case ErrorCode::kRtInternalError: return "RT_INTERNAL_ERROR";
    case ErrorCode::kRtStreamNotComplete: return "RT_STREAM_NOT_COMPLETE";
    case ErrorCode::kRtEventNotComplete: return "RT_EVENT_NOT_COMPLETE";
    case ErrorCode::kRtLostHeartbeat: return "RT_LOST_HEARTBEAT";
    case ErrorCode::kRtModelExecute: return "RT_MODEL_EXECUTE";
    case ErrorCode::kGeParamInvalid: return "GE_PARAM_INVALID";
    case ErrorCode::kGeExecModelPathInvalid: return "GE_EXEC_MODEL_PATH_INVALID";
    case ErrorCode::kGeExecModelIdInvalid: return "GE_EXEC_MODEL_ID_INVALID";
  }
  return "UNKNOWN";
}

std::string Status::ToString() const {
  if (ok()) return "OK";
  return std::string(ErrorCodeName(code_)) + " (" + std::to_string(static_cast<int32_t>(code_)) + "): " + message_;
}

}  // namespace aclsim
