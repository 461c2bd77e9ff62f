// The device layer's status codes: canonical codes with a typed detail.
//
// Across the device boundaries — the plugin C ABI (<aclsim/backend_c_api.h>)
// and the remote wire protocol — a failure is a canonical code (the abseil
// numbering of aclsim::StatusCode) plus an optional detail (the numbers of
// aclsim::Detail: 1..kMaxDeviceDetail are the device-level ones the ABI
// names, such as an unknown handle, a lost device or an error number the
// device itself reported; a backend may also give the others, such as an
// invalid option from create_backend) and a message. No ACL number crosses
// those boundaries: the API edge chooses it (api/src/error_table.cc).
//
// ToCanonical is the encoder. FromCanonical is the decoder;
// it checks the numbers it is given and, where a function's plain code has
// one meaning only, names it: NOT_FOUND from open_device is an unknown
// device id, RESOURCE_EXHAUSTED from a device function is device memory,
// UNAVAILABLE or DEADLINE_EXCEEDED is a device that cannot be reached, and
// UNIMPLEMENTED from create_backend is an option the backend does not take.
//
// Thread safety: pure functions.
#ifndef ACLSIM_RUNTIME_DEVICE_STATUS_CODEC_H_
#define ACLSIM_RUNTIME_DEVICE_STATUS_CODEC_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/status.h"

namespace aclsim::device {

struct CanonicalStatus {
  StatusCode code = StatusCode::kOk;
  Detail detail = Detail::kNone;
  int64_t value = 0;  // kDeviceError: the device's error number
};

// The boundary form of |status| (OK → all zero).
CanonicalStatus ToCanonical(const Status& status);

// The Status for a failure reported by device function |function| (its C
// table name). Out-of-range codes, details or values count as kInternal.
Status FromCanonical(std::string_view function, int32_t code, int32_t detail, int64_t value, std::string message);

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_STATUS_CODEC_H_
