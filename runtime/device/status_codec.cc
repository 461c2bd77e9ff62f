#include "runtime/device/status_codec.h"

#include <utility>

namespace aclsim::device {
namespace {

struct Native {
  ErrorCode code;
  CanonicalCode canonical;
  ErrorDetail detail;
};

// The codes backends produce by their own logic. Anything else is a number
// the device reported (kDeviceError).
constexpr Native kNative[] = {
    {ErrorCode::kInvalidParam, CanonicalCode::kInvalidArgument, ErrorDetail::kNone},
    {ErrorCode::kRtParamInvalid, CanonicalCode::kInvalidArgument, ErrorDetail::kNone},
    {ErrorCode::kRtInvalidDeviceId, CanonicalCode::kNotFound, ErrorDetail::kInvalidDeviceId},
    {ErrorCode::kRtInvalidHandle, CanonicalCode::kNotFound, ErrorDetail::kInvalidHandle},
    {ErrorCode::kRtNoDevice, CanonicalCode::kUnavailable, ErrorDetail::kNoDevice},
    {ErrorCode::kRtLostHeartbeat, CanonicalCode::kUnavailable, ErrorDetail::kDeviceLost},
    {ErrorCode::kRtMemoryAllocation, CanonicalCode::kResourceExhausted, ErrorDetail::kNone},
    {ErrorCode::kRtInternalError, CanonicalCode::kInternal, ErrorDetail::kNone},
    {ErrorCode::kRtFeatureNotSupport, CanonicalCode::kUnimplemented, ErrorDetail::kNone},
    {ErrorCode::kDeserializeModel, CanonicalCode::kInvalidArgument, ErrorDetail::kModelDeserialize},
    {ErrorCode::kParseModel, CanonicalCode::kInvalidArgument, ErrorDetail::kModelParse},
    {ErrorCode::kModelSizeInvalid, CanonicalCode::kInvalidArgument, ErrorDetail::kModelSizeInvalid},
    {ErrorCode::kModelMissingAttr, CanonicalCode::kInvalidArgument, ErrorDetail::kModelMissingAttr},
};

// The ErrorCode of a canonical code without a detail, per function.
ErrorCode PlainCode(std::string_view function, CanonicalCode code) {
  const bool creating = function == "create_backend";
  switch (code) {
    case CanonicalCode::kInvalidArgument:
    case CanonicalCode::kOutOfRange: return creating ? ErrorCode::kInvalidParam : ErrorCode::kRtParamInvalid;
    case CanonicalCode::kNotFound:
      return function == "open_device" ? ErrorCode::kRtInvalidDeviceId : ErrorCode::kRtInvalidHandle;
    case CanonicalCode::kResourceExhausted: return ErrorCode::kRtMemoryAllocation;
    case CanonicalCode::kUnimplemented: return creating ? ErrorCode::kApiNotSupport : ErrorCode::kRtFeatureNotSupport;
    case CanonicalCode::kUnavailable:
    case CanonicalCode::kDeadlineExceeded: return ErrorCode::kRtNoDevice;
    default: return ErrorCode::kRtInternalError;
  }
}

}  // namespace

const char* CanonicalCodeName(CanonicalCode code) {
  switch (code) {
    case CanonicalCode::kOk: return "OK";
    case CanonicalCode::kCancelled: return "CANCELLED";
    case CanonicalCode::kUnknown: return "UNKNOWN";
    case CanonicalCode::kInvalidArgument: return "INVALID_ARGUMENT";
    case CanonicalCode::kDeadlineExceeded: return "DEADLINE_EXCEEDED";
    case CanonicalCode::kNotFound: return "NOT_FOUND";
    case CanonicalCode::kAlreadyExists: return "ALREADY_EXISTS";
    case CanonicalCode::kPermissionDenied: return "PERMISSION_DENIED";
    case CanonicalCode::kResourceExhausted: return "RESOURCE_EXHAUSTED";
    case CanonicalCode::kFailedPrecondition: return "FAILED_PRECONDITION";
    case CanonicalCode::kAborted: return "ABORTED";
    case CanonicalCode::kOutOfRange: return "OUT_OF_RANGE";
    case CanonicalCode::kUnimplemented: return "UNIMPLEMENTED";
    case CanonicalCode::kInternal: return "INTERNAL";
    case CanonicalCode::kUnavailable: return "UNAVAILABLE";
    case CanonicalCode::kDataLoss: return "DATA_LOSS";
    case CanonicalCode::kUnauthenticated: return "UNAUTHENTICATED";
  }
  return "?";
}

CanonicalStatus ToCanonical(ErrorCode code) {
  if (code == ErrorCode::kOk) return {};
  for (const Native& n : kNative) {
    if (n.code == code) return {n.canonical, n.detail, 0};
  }
  return {CanonicalCode::kAborted, ErrorDetail::kDeviceError, static_cast<int64_t>(code)};
}

Status FromCanonical(std::string_view function, int32_t code, int32_t detail, int64_t value, std::string message) {
  if (code == 0) return OkStatus();
  if (code < 0 || code > kMaxCanonicalCode || detail < 0 || detail > kMaxErrorDetail) {
    return Status(ErrorCode::kRtInternalError, std::string(function) + " returned an unknown status (code " +
                                                   std::to_string(code) + ", detail " + std::to_string(detail) +
                                                   "): " + message);
  }
  const auto canonical = static_cast<CanonicalCode>(code);
  switch (static_cast<ErrorDetail>(detail)) {
    case ErrorDetail::kNone: return Status(PlainCode(function, canonical), std::move(message));
    case ErrorDetail::kDeviceError:
      if (value <= 0 || value > INT32_MAX) break;
      return Status(static_cast<ErrorCode>(value), std::move(message));
    default:
      for (const Native& n : kNative) {
        if (static_cast<int32_t>(n.detail) == detail) return Status(n.code, std::move(message));
      }
  }
  return Status(ErrorCode::kRtInternalError, std::string(function) + " returned DEVICE_ERROR with the invalid value " +
                                                 std::to_string(value) + ": " + message);
}

}  // namespace aclsim::device
