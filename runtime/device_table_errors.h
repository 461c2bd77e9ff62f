// The errors the device table's parts share (device_table.cc,
// device_controls.cc).
#ifndef ACLSIM_RUNTIME_DEVICE_TABLE_ERRORS_H_
#define ACLSIM_RUNTIME_DEVICE_TABLE_ERRORS_H_

#include <cstdint>
#include <string>

#include "runtime/status.h"

namespace aclsim::runtime {

inline Status NoContext() {
  return Status(Detail::kNoContext,
                "no current context: call aclrtSetDevice or aclrtSetCurrentContext on this thread first");
}

inline Status InvalidHandle(const char* what) {
  return Status(Detail::kInvalidHandle, std::string(what) + " handle is unknown or already destroyed");
}

inline Status OutOfRange(int32_t device_id, uint32_t count) {
  return Status(Detail::kInvalidDeviceId, "device id " + std::to_string(device_id) + " is out of range (device count " +
                                              std::to_string(count) + ")");
}

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_DEVICE_TABLE_ERRORS_H_
