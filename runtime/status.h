// Status: the one error type inside aclsim.
//
// Every fallible function in runtime/, sim/, remote/ and the backends
// returns Status or StatusOr<T>. A failed Status carries a canonical code
// (the abseil set, same numbers as absl::StatusCode), an optional Detail
// naming a case CANN reports with a code of its own (an unloaded model, a
// stream of another context, a lost device, ...), an optional value and a
// message. No ACL number is chosen inside: the api/ edge picks the aclError
// of a Status once, from one table keyed by entry point (api/src/error_table.cc),
// because CANN returns different numbers for the same condition at different
// entry points (an unloaded model is 145003 at aclmdlUnload but 100011 at
// aclprofModelSubscribe; a bad argument is 107000 at aclrtMemcpy but 100000
// at aclmdlExecute).
//
// The device boundaries (plugin C ABI, remote wire) carry the same code and
// the device-level details (1..kMaxDeviceDetail); runtime/device/status_codec.h.
#ifndef ACLSIM_RUNTIME_STATUS_H_
#define ACLSIM_RUNTIME_STATUS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace aclsim {

// The canonical codes (absl::StatusCode numbers).
enum class StatusCode : int32_t {
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
inline constexpr int32_t kMaxStatusCode = 16;

// The cases CANN distinguishes that a canonical code alone does not. Each
// detail implies its canonical code (CodeOf). The numbers are stable: 1..9
// also cross the device boundaries (ACLSIM_BACKEND_DETAIL_* of
// <aclsim/backend_c_api.h>, the wire protocol), so they never change.
enum class Detail : int32_t {
  kNone = 0,
  // Device level (cross the plugin ABI and the wire).
  kInvalidDeviceId = 1,   // NOT_FOUND: no device with that id
  kInvalidHandle = 2,     // NOT_FOUND: no stream/event/context/executable with that id
  kNoDevice = 3,          // UNAVAILABLE: the backend has no (reachable) device
  kDeviceLost = 4,        // UNAVAILABLE: the device stopped answering
  kModelDeserialize = 5,  // INVALID_ARGUMENT: the graph is not readable
  kModelParse = 6,        // INVALID_ARGUMENT: the graph is readable but malformed
  kModelSizeInvalid = 7,  // INVALID_ARGUMENT: a size or count in the graph is out of range
  kModelMissingAttr = 8,  // INVALID_ARGUMENT: the graph lacks a required attribute
  kDeviceError = 9,       // ABORTED: the device reported the error number value()
  // Host level.
  kNotInitialized = 20,        // FAILED_PRECONDITION: aclInit was not called
  kAlreadyInitialized = 21,    // FAILED_PRECONDITION: initialised (or started) twice
  kAlreadyFinalized = 22,      // FAILED_PRECONDITION: aclFinalize was already called
  kFileUnusable = 23,          // NOT_FOUND: a file or directory cannot be opened, created or used
  kFileRead = 24,              // FAILED_PRECONDITION: opened but not readable (a directory)
  kFileWrite = 25,             // INTERNAL: writing a file failed
  kFileParse = 26,             // INVALID_ARGUMENT: a config file does not parse
  kFileMissingAttr = 27,       // INVALID_ARGUMENT: a config file lacks a required item
  kFileAttrInvalid = 28,       // INVALID_ARGUMENT: a config item (or backend option) is invalid
  kModelNotLoaded = 29,        // NOT_FOUND: no model with that id is loaded
  kModelInputMismatch = 30,    // INVALID_ARGUMENT: inputs do not match the model
  kModelOutputMismatch = 31,   // INVALID_ARGUMENT: outputs do not match the model
  kModelNotDynamic = 32,       // FAILED_PRECONDITION: the model has no dynamic dimension
  kModelDataSize = 33,         // INVALID_ARGUMENT: a buffer size does not match the model
  kDynamicInputLength = 34,    // INVALID_ARGUMENT: the dynamic-shape input is too short
  kDynamicBatchSize = 35,      // INVALID_ARGUMENT: not one of the model's batch sizes
  kModelExecute = 36,          // ABORTED: a task of the model failed
  kProfilingConfig = 37,       // INVALID_ARGUMENT: a profiling config is invalid
  kProfilingRunning = 38,      // FAILED_PRECONDITION: the session is already collecting
  kProfilingNotRunning = 39,   // FAILED_PRECONDITION: the session is not collecting
  kAlreadySubscribed = 40,     // ALREADY_EXISTS: the model is already subscribed
  kProfilingApiConflict = 41,  // FAILED_PRECONDITION: the other profiling mode is active
  kProfilingModules = 42,      // INVALID_ARGUMENT: a data type the device does not collect
  kFeatureUnsupported = 43,    // UNIMPLEMENTED: a model or config feature aclsim does not support
  kVersionMismatch = 44,       // FAILED_PRECONDITION: a plugin or peer speaks another version
  kDeviceMemory = 45,          // RESOURCE_EXHAUSTED: device memory is exhausted
  kNoContext = 46,             // FAILED_PRECONDITION: the thread has no current context
  kStreamOfOtherContext = 47,  // FAILED_PRECONDITION: the stream belongs to another context
  kEventNotRecorded = 48,      // FAILED_PRECONDITION: an event has no timestamp yet
  kStreamNotSubscribed = 49,   // FAILED_PRECONDITION: no callback thread serves the stream
  kThreadNotSubscribed = 50,   // FAILED_PRECONDITION: the thread serves no stream
  kNoCallbackRegistered = 51,  // FAILED_PRECONDITION: the stream has no callback to report
  kStreamNotComplete = 52,     // DEADLINE_EXCEEDED: the stream did not finish in time
  kEventNotComplete = 53,      // DEADLINE_EXCEEDED: the event did not complete in time
  kContextInUse = 54,          // FAILED_PRECONDITION: a context still in use cannot be released
  kReportTimeout = 55,         // DEADLINE_EXCEEDED: no callback report arrived in time
  kOptionUnsupported = 56,     // UNIMPLEMENTED: a configuration option that does not apply here
  kOpArgumentNull = 57,        // INVALID_ARGUMENT: a single op's required argument is NULL
  kOpTiling = 58,              // INVALID_ARGUMENT: a single op's shape or value rejected where CANN tiles it
  kOpNotFound = 59,            // NOT_FOUND: no op model or kernel for this op type and signature
  kOpInputMismatch = 60,       // INVALID_ARGUMENT: inputs do not match the op (handle)
  kOpOutputMismatch = 61,      // INVALID_ARGUMENT: outputs do not match the op (handle)
  kStreamCaptured = 62,        // FAILED_PRECONDITION: the stream captures (model runtime instances)
  kStreamNotCaptured = 63,     // FAILED_PRECONDITION: the stream does not capture
  kEventCaptured = 64,         // FAILED_PRECONDITION: the event's latest record belongs to an active capture
  kCaptureModeRefused = 65,    // FAILED_PRECONDITION: the capture modes forbid this call now
  kModelCaptured = 66,         // FAILED_PRECONDITION: the instance is still capturing
  kCaptureUnmatched = 67,      // FAILED_PRECONDITION: the capture was not begun on this stream
  kCaptureWrongThread = 68,    // FAILED_PRECONDITION: the capture must end on the thread that began it
  kStreamBoundToModel = 69,    // FAILED_PRECONDITION: the stream's binding to an instance forbids this
  kTaskGroupStatus = 70,       // FAILED_PRECONDITION: a task group is (not) open or updating
  kTaskTypeUnsupported = 71,   // UNIMPLEMENTED: this task cannot be recorded here
  kModelUpdateFailed = 72,     // FAILED_PRECONDITION: an update does not match its task group
};
inline constexpr int32_t kMaxDeviceDetail = 9;
inline constexpr int32_t kMaxDetail = 72;  // the highest number in use

// The canonical code a detail implies.
constexpr StatusCode CodeOf(Detail detail) {
  switch (detail) {
    case Detail::kNone: return StatusCode::kUnknown;
    case Detail::kInvalidDeviceId:
    case Detail::kInvalidHandle:
    case Detail::kFileUnusable:
    case Detail::kModelNotLoaded:
    case Detail::kOpNotFound: return StatusCode::kNotFound;
    case Detail::kNoDevice:
    case Detail::kDeviceLost: return StatusCode::kUnavailable;
    case Detail::kModelDeserialize:
    case Detail::kModelParse:
    case Detail::kModelSizeInvalid:
    case Detail::kModelMissingAttr:
    case Detail::kFileParse:
    case Detail::kFileMissingAttr:
    case Detail::kFileAttrInvalid:
    case Detail::kModelInputMismatch:
    case Detail::kModelOutputMismatch:
    case Detail::kModelDataSize:
    case Detail::kDynamicInputLength:
    case Detail::kDynamicBatchSize:
    case Detail::kProfilingConfig:
    case Detail::kProfilingModules:
    case Detail::kOpArgumentNull:
    case Detail::kOpTiling:
    case Detail::kOpInputMismatch:
    case Detail::kOpOutputMismatch: return StatusCode::kInvalidArgument;
    case Detail::kDeviceError:
    case Detail::kModelExecute: return StatusCode::kAborted;
    case Detail::kFileWrite: return StatusCode::kInternal;
    case Detail::kAlreadySubscribed: return StatusCode::kAlreadyExists;
    case Detail::kFeatureUnsupported:
    case Detail::kOptionUnsupported:
    case Detail::kTaskTypeUnsupported: return StatusCode::kUnimplemented;
    case Detail::kDeviceMemory: return StatusCode::kResourceExhausted;
    case Detail::kStreamNotComplete:
    case Detail::kEventNotComplete:
    case Detail::kReportTimeout: return StatusCode::kDeadlineExceeded;
    case Detail::kNotInitialized:
    case Detail::kAlreadyInitialized:
    case Detail::kAlreadyFinalized:
    case Detail::kFileRead:
    case Detail::kModelNotDynamic:
    case Detail::kProfilingRunning:
    case Detail::kProfilingNotRunning:
    case Detail::kProfilingApiConflict:
    case Detail::kVersionMismatch:
    case Detail::kNoContext:
    case Detail::kStreamOfOtherContext:
    case Detail::kEventNotRecorded:
    case Detail::kStreamNotSubscribed:
    case Detail::kThreadNotSubscribed:
    case Detail::kNoCallbackRegistered:
    case Detail::kContextInUse:
    case Detail::kStreamCaptured:
    case Detail::kStreamNotCaptured:
    case Detail::kEventCaptured:
    case Detail::kCaptureModeRefused:
    case Detail::kModelCaptured:
    case Detail::kCaptureUnmatched:
    case Detail::kCaptureWrongThread:
    case Detail::kStreamBoundToModel:
    case Detail::kTaskGroupStatus:
    case Detail::kModelUpdateFailed: return StatusCode::kFailedPrecondition;
  }
  return StatusCode::kUnknown;
}

// A success-or-error value. Cheap to copy when OK (no allocation).
class [[nodiscard]] Status {
 public:
  Status() = default;
  // A failure without a detail. |code| must not be kOk.
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}
  // A failure of the case |detail| (its code is CodeOf(detail)).
  Status(Detail detail, std::string message) : code_(CodeOf(detail)), detail_(detail), message_(std::move(message)) {}
  // Everything given (decoders of the device boundaries use this).
  Status(StatusCode code, Detail detail, int64_t value, std::string message)
      : code_(code), detail_(detail), value_(value), message_(std::move(message)) {}

  static Status Ok() { return Status(); }
  // The device reported error number |number| (a CANN runtime code, as a
  // fault plan or a driver gives it); the edge returns that number.
  static Status DeviceError(int64_t number, std::string message) {
    return Status(StatusCode::kAborted, Detail::kDeviceError, number, std::move(message));
  }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  Detail detail() const { return detail_; }
  int64_t value() const { return value_; }
  const std::string& message() const { return message_; }
  // "NOT_FOUND (MODEL_NOT_LOADED): message"; "OK" when ok().
  std::string ToString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  Detail detail_ = Detail::kNone;
  int64_t value_ = 0;
  std::string message_;
};

inline Status OkStatus() { return Status(); }

// Holds either a value or a non-OK Status.
template <typename T>
class [[nodiscard]] StatusOr {
 public:
  StatusOr(T value) : value_(std::move(value)) {}          // NOLINT: implicit by design
  StatusOr(Status status) : status_(std::move(status)) {}  // NOLINT

  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T& operator*() & { return *value_; }
  const T& operator*() const& { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }

 private:
  Status status_;
  std::optional<T> value_;
};

// "INVALID_ARGUMENT", ...; "?" for a number outside the enum.
const char* StatusCodeName(StatusCode code);
// "MODEL_NOT_LOADED", ...; "NONE" for kNone, "?" outside the enum.
const char* DetailName(Detail detail);
// The same message with |prefix| in front (code, detail and value kept).
Status WithPrefix(const Status& status, const std::string& prefix);

}  // namespace aclsim

#define ACLSIM_RETURN_IF_ERROR(expr)                 \
  do {                                               \
    ::aclsim::Status aclsim_status_ = (expr);        \
    if (!aclsim_status_.ok()) return aclsim_status_; \
  } while (0)

#define ACLSIM_CONCAT_INNER_(a, b) a##b
#define ACLSIM_CONCAT_(a, b) ACLSIM_CONCAT_INNER_(a, b)
#define ACLSIM_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                  \
  if (!tmp.ok()) return tmp.status();                 \
  lhs = std::move(tmp).value()
#define ACLSIM_ASSIGN_OR_RETURN(lhs, expr) \
  ACLSIM_ASSIGN_OR_RETURN_IMPL_(ACLSIM_CONCAT_(aclsim_sor_, __LINE__), lhs, expr)

#endif  // ACLSIM_RUNTIME_STATUS_H_
