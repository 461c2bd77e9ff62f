#include "runtime/device/status_codec.h"

#include <cstdint>
#include <utility>

namespace aclsim::device {
namespace {

// The detail of a plain |code| from |function|, where it has one meaning.
Detail PlainDetail(std::string_view function, StatusCode code) {
  const bool creating = function == "create_backend";
  switch (code) {
    case StatusCode::kNotFound: return function == "open_device" ? Detail::kInvalidDeviceId : Detail::kNone;
    case StatusCode::kResourceExhausted: return creating ? Detail::kNone : Detail::kDeviceMemory;
    case StatusCode::kUnavailable:
    case StatusCode::kDeadlineExceeded: return Detail::kNoDevice;
    case StatusCode::kUnimplemented: return creating ? Detail::kOptionUnsupported : Detail::kNone;
    default: return Detail::kNone;
  }
}

}  // namespace

CanonicalStatus ToCanonical(const Status& status) {
  if (status.ok()) return {};
  return {status.code(), status.detail(), status.detail() == Detail::kDeviceError ? status.value() : 0};
}

Status FromCanonical(std::string_view function, int32_t code, int32_t detail, int64_t value, std::string message) {
  if (code == 0) return OkStatus();
  if (code < 0 || code > kMaxStatusCode || detail < 0 || detail > kMaxDetail ||
      std::string_view(DetailName(static_cast<Detail>(detail))) == "?") {
    return Status(StatusCode::kInternal, std::string(function) + " returned an unknown status (code " +
                                             std::to_string(code) + ", detail " + std::to_string(detail) +
                                             "): " + message);
  }
  const auto canonical = static_cast<StatusCode>(code);
  const auto given = static_cast<Detail>(detail);
  if (given == Detail::kDeviceError) {
    if (value <= 0 || value > INT32_MAX) {
      return Status(StatusCode::kInternal, std::string(function) + " returned DEVICE_ERROR with the invalid value " +
                                               std::to_string(value) + ": " + message);
    }
    return Status(canonical, given, value, std::move(message));
  }
  const Detail named = given == Detail::kNone ? PlainDetail(function, canonical) : given;
  return Status(canonical, named, 0, std::move(message));
}

}  // namespace aclsim::device
