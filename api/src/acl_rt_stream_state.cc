// aclrtRegStreamStateCallback (hicann/runtime docs/zh/api_ref/06): named
// callbacks told after a stream is created and before it is destroyed.
// aclsim calls them for the streams aclrtCreateStream and
// aclrtCreateStreamWithConfig create and the destroy calls destroy; the
// default streams of contexts are not reported (docs/differences.md).
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/stream_state.h"

namespace aclsim::api {
namespace {

struct StreamStateRegistration {
  std::string name;
  aclrtStreamStateCallback callback;
  void* args;
};

std::mutex& StreamStateMutex() {
  static std::mutex mu;
  return mu;
}

std::vector<StreamStateRegistration>& StreamStateCallbacks() {
  static auto* registry = new std::vector<StreamStateRegistration>();  // leaked: callbacks may run at exit
  return *registry;
}

}  // namespace

void NotifyStreamState(aclrtStream stream, aclrtStreamState state) noexcept {
  std::vector<StreamStateRegistration> copy;
  try {
    std::lock_guard<std::mutex> lock(StreamStateMutex());
    copy = StreamStateCallbacks();
  } catch (...) {
    return;  // no memory for the copy: nobody is told
  }
  for (const StreamStateRegistration& r : copy) r.callback(stream, state, r.args);
}

}  // namespace aclsim::api

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtRegStreamStateCallback(const char* regName, aclrtStreamStateCallback callback,
                                                         void* args) try {
  ACLSIM_PROLOGUE(aclrtRegStreamStateCallback);
  const std::string name(regName);
  std::lock_guard<std::mutex> lock(aclsim::api::StreamStateMutex());
  auto& registry = aclsim::api::StreamStateCallbacks();
  auto it = registry.begin();
  while (it != registry.end() && it->name != name) ++it;
  if (callback == nullptr) {
    if (it != registry.end()) registry.erase(it);
    return ACL_SUCCESS;
  }
  if (it != registry.end()) {
    aclsim::api::SetError(ACL_ERROR_RT_PARAM_INVALID,
                          std::string(kApiName) + ": a callback is already registered as '" + name + "'");
    return ACL_ERROR_RT_PARAM_INVALID;
  }
  registry.push_back({name, callback, args});
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
