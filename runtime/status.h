// Status: the one error type inside aclsim.
//
// Every fallible function in runtime/ and sim/ returns Status or StatusOr<T>.
// A Status carries an ErrorCode and a human-readable message. ErrorCode values
// are numerically identical to the ACL error codes CANN returns for the same
// failure (acl_base.h, rt_error_codes.h, ge_error_codes.h), so the api/ edge
// converts a Status to aclError with a cast; tests/api checks that every
// ErrorCode equals the header constant of the same meaning. Inside the core the
// vendor names never appear: only these enumerators do.
#ifndef ACLSIM_RUNTIME_STATUS_H_
#define ACLSIM_RUNTIME_STATUS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace aclsim {

enum class ErrorCode : int32_t {
  kOk = 0,
  // ACL layer (acl_base.h).
  kInvalidParam = 100000,
  kUninitialized = 100001,
  kRepeatInitialize = 100002,
  kInvalidFile = 100003,
  kWriteFile = 100004,
  kParseFile = 100006,
  kFileMissingAttr = 100007,
  kFileAttrInvalid = 100008,
  kInvalidProfilingConfig = 100010,
  kInvalidModelId = 100011,
  kDeserializeModel = 100012,
  kParseModel = 100013,
  kReadModelFailure = 100014,
  kModelSizeInvalid = 100015,
  kModelMissingAttr = 100016,
  kModelInputNotMatch = 100017,
  kModelOutputNotMatch = 100018,
  kModelNotDynamic = 100019,
  kRepeatFinalize = 100037,
  kProfAlreadyRun = 100042,
  kProfNotRun = 100043,
  kProfRepeatSubscribe = 148046,
  kProfApiConflict = 148047,
  kBadAlloc = 200000,
  kApiNotSupport = 200001,
  kInvalidDevice = 200002,
  kFeatureUnsupported = 200006,
  kProfModulesUnsupported = 200007,
  kInternalError = 500000,
  kFailure = 500001,
  kGeFailure = 500002,
  kRtFailure = 500003,
  kProfilingFailure = 500005,
  // Runtime layer (rt_error_codes.h).
  kRtParamInvalid = 107000,
  kRtInvalidDeviceId = 107001,
  kRtContextNull = 107002,
  kRtStreamContext = 107003,
  kRtEventTimestampInvalid = 107006,
  kRtStreamSubscribe = 107011,
  kRtThreadSubscribe = 107012,
  kRtStreamNoCbReg = 107015,
  kRtInvalidHandle = 107017,
  kRtFeatureNotSupport = 207000,
  kRtMemoryAllocation = 207001,
  kRtNoDevice = 207004,
  kRtInternalError = 507000,
  kRtStreamNotComplete = 507004,
  kRtEventNotComplete = 507006,
  kRtContextReleaseError = 507007,
  kRtLostHeartbeat = 507010,
  kRtModelExecute = 507011,
  kRtReportTimeout = 507012,
  // Model layer (ge_error_codes.h).
  kGeParamInvalid = 145000,
  kGeExecModelPathInvalid = 145002,
  kGeExecNotInit = 145001,
  kGeExecModelIdInvalid = 145003,
  kGeExecModelDataSizeInvalid = 145006,
  kGeDynamicInputLengthInvalid = 145012,
  kGeDynamicBatchSizeInvalid = 145013,
};

// A success-or-error value. Cheap to copy when OK (no allocation).
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }

  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  std::string ToString() const;

 private:
  ErrorCode code_ = ErrorCode::kOk;
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

const char* ErrorCodeName(ErrorCode code);

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
