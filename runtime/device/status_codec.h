// The device layer's status codes: canonical codes with a typed detail.
//
// Across the device boundaries — the plugin C ABI (<aclsim/backend_c_api.h>)
// and the remote wire protocol — a failure is a canonical code (the abseil
// numbering: INVALID_ARGUMENT, NOT_FOUND, UNAVAILABLE, ...) plus an optional
// detail naming a case CANN reports with its own code (an unknown device id,
// a lost device, a model that does not parse, an error number the device
// itself reported) and a message. No ACL number crosses those boundaries.
//
// Inside, a Status still carries an ErrorCode, the ACL number of the
// condition. ToCanonical classifies one; FromCanonical picks the ErrorCode
// for a canonical status that came back from a device function, keyed by
// that function ("create_backend", "load_graph", ... as in the C table),
// because the same canonical condition means different ACL codes at
// different calls (INVALID_ARGUMENT is an invalid option for create_backend
// but a bad parameter for a stream call). The pair round-trips every code a
// backend produces by its own logic; any other code (an injected fault, an
// error the device reported) travels as DEVICE_ERROR with the number as the
// detail's value.
//
// Thread safety: pure functions.
#ifndef ACLSIM_RUNTIME_DEVICE_STATUS_CODEC_H_
#define ACLSIM_RUNTIME_DEVICE_STATUS_CODEC_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/status.h"

namespace aclsim::device {

// The abseil canonical codes, same numbers (absl::StatusCode).
enum class CanonicalCode : int32_t {
  kOk = 0,
  kCancelled = 1,
  kUnknown = 2,
  kInvalidArgument = 3,
  kDeadlineExceeded = 4,
  kNotFound = 5,
  kAlreadyExists = 6,
  kPermissionDenied = 7,
  kResourceExhausted = 8,
  kFailedPrecondition = 9,
  kAborted = 10,
  kOutOfRange = 11,
  kUnimplemented = 12,
  kInternal = 13,
  kUnavailable = 14,
  kDataLoss = 15,
  kUnauthenticated = 16,
};
inline constexpr int32_t kMaxCanonicalCode = 16;

// Cases CANN distinguishes that one canonical code does not.
enum class ErrorDetail : int32_t {
  kNone = 0,
  kInvalidDeviceId = 1,   // NOT_FOUND: no device with that id
  kInvalidHandle = 2,     // NOT_FOUND: no stream/event/executable with that id
  kNoDevice = 3,          // UNAVAILABLE: the backend has no (reachable) device
  kDeviceLost = 4,        // UNAVAILABLE: the device stopped answering
  kModelDeserialize = 5,  // INVALID_ARGUMENT: the graph is not readable
  kModelParse = 6,        // INVALID_ARGUMENT: the graph is readable but malformed
  kModelSizeInvalid = 7,  // INVALID_ARGUMENT: a size or count in the graph is out of range
  kModelMissingAttr = 8,  // INVALID_ARGUMENT: the graph lacks a required attribute
  kDeviceError = 9,       // the device reported this error number (|value|)
};
inline constexpr int32_t kMaxErrorDetail = 9;

struct CanonicalStatus {
  CanonicalCode code = CanonicalCode::kOk;
  ErrorDetail detail = ErrorDetail::kNone;
  int64_t value = 0;  // kDeviceError: the device's error number
};

const char* CanonicalCodeName(CanonicalCode code);

// Classifies |code| (kOk → kOk).
CanonicalStatus ToCanonical(ErrorCode code);

// The Status for a failure reported by device function |function| (its C
// table name). Out-of-range codes or details count as kInternal.
Status FromCanonical(std::string_view function, int32_t code, int32_t detail, int64_t value, std::string message);

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_STATUS_CODEC_H_
