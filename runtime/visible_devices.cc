#include "runtime/visible_devices.h"

#include <algorithm>

namespace aclsim::runtime {
namespace {

// The id tokens of |value|: digit runs separated by single commas, up to the
// first character that ends the list. Empty when it starts with a non-digit.
std::vector<std::string_view> Tokens(std::string_view value) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < value.size()) {
    const size_t begin = i;
    while (i < value.size() && value[i] >= '0' && value[i] <= '9') ++i;
    if (i == begin) break;  // not a digit where an id starts: the list ends
    out.push_back(value.substr(begin, i - begin));
    if (i == value.size() || value[i] != ',') break;  // another character ends it
    ++i;                                              // the comma; ",," ends it next round
  }
  return out;
}

}  // namespace

std::string VisibleDevices::Problem() const {
  const std::string what = "ASCEND_RT_VISIBLE_DEVICES=\"" + value + "\"";
  switch (state) {
    case State::kDuplicate: return what + " lists a device twice";
    case State::kDescending: return what + " is not in ascending order";
    case State::kNoId: return what + " selects no device (it must start with a device id the backend has)";
    default: return "";
  }
}

VisibleDevices ParseVisibleDevices(const std::optional<std::string>& value, uint32_t backend_devices) {
  VisibleDevices v;
  if (!value.has_value()) return v;
  v.value = *value;
  for (std::string_view token : Tokens(v.value)) {
    if (v.ids.size() == backend_devices) break;  // every device is listed
    if (token.size() > 9) break;                 // does not fit: the list ends here
    const uint32_t id = static_cast<uint32_t>(std::stoul(std::string(token)));
    if (id >= backend_devices) break;  // a device the backend lacks ends the list
    if (std::find(v.ids.begin(), v.ids.end(), id) != v.ids.end()) {
      v.state = VisibleDevices::State::kDuplicate;
      v.ids.clear();
      return v;
    }
    if (!v.ids.empty() && id < v.ids.back()) {
      v.state = VisibleDevices::State::kDescending;
      v.ids.clear();
      return v;
    }
    v.ids.push_back(id);
  }
  v.state = v.ids.empty() ? VisibleDevices::State::kNoId : VisibleDevices::State::kOk;
  return v;
}

}  // namespace aclsim::runtime
