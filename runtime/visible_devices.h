// ASCEND_RT_VISIBLE_DEVICES, read as CANN's runtime reads it
// (docs/devices.md): a comma-separated, ascending list of the backend's
// device ids that the program sees, renumbered 0…n-1 (the "user" ids every
// ACL call takes).
//
// Parsing stops, keeping the ids before it, at the first character that is
// neither a digit nor a single comma, at a number that does not fit, and at
// an id the backend does not have; it ends once every device is listed. A
// duplicate or a descending id makes the whole value an error, as does a
// value that yields no id at all (empty, or not starting with a digit): the
// program then sees no device (aclrtGetDeviceCount → ACL_ERROR_RT_NO_DEVICE).
#ifndef ACLSIM_RUNTIME_VISIBLE_DEVICES_H_
#define ACLSIM_RUNTIME_VISIBLE_DEVICES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aclsim::runtime {

struct VisibleDevices {
  enum class State { kUnset, kOk, kDuplicate, kDescending, kNoId };
  State state = State::kUnset;
  std::string value;          // the variable's value, for messages
  std::vector<uint32_t> ids;  // user id → backend device id (kOk)

  bool ok() const { return state == State::kUnset || state == State::kOk; }
  // Why the value selects no device ("" when ok()).
  std::string Problem() const;
};

// |value| (std::nullopt: the variable is unset) against a backend of
// |backend_devices| devices.
VisibleDevices ParseVisibleDevices(const std::optional<std::string>& value, uint32_t backend_devices);

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_VISIBLE_DEVICES_H_
