// Registries of the live plain-data handles of the edge (handles.h): data
// buffers, datasets, model descriptions, step infos, subscribe configs and
// profiling configs. Create* records the pointer, Destroy* removes it, so a
// second destroy (or a pointer never created) is refused with
// ACL_ERROR_INVALID_PARAM and a message instead of a double free — as the
// device table already does for streams and events (107017). Only handle
// validity lives here; the objects' behaviour is in the runtime.
//
// A freed address the allocator hands out again is live again: a stale
// pointer destroyed after that destroys the new object (as with any
// address-keyed check).
#ifndef ACLSIM_API_SRC_LIVE_HANDLES_H_
#define ACLSIM_API_SRC_LIVE_HANDLES_H_

#include <memory>
#include <mutex>
#include <unordered_set>
#include <utility>

namespace aclsim::api {

template <typename T>
class LiveHandles {
 public:
  // Creates a T from |args| and records it; the pointer is owned by the
  // caller's user until Destroy. Throws std::bad_alloc with nothing leaked.
  template <typename... Args>
  T* Create(Args&&... args) {
    auto object = std::make_unique<T>(T{std::forward<Args>(args)...});
    std::lock_guard<std::mutex> lock(mu_);
    live_.insert(object.get());
    return object.release();
  }

  // Deletes |p| if it is live; false (nothing done) when it is not.
  bool Destroy(const T* p) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (live_.erase(p) == 0) return false;
    }
    delete p;
    return true;
  }

  bool IsLive(const T* p) const {
    std::lock_guard<std::mutex> lock(mu_);
    return live_.count(p) != 0;
  }

  // The process-wide registry of T handles. Never destroyed, so a destroy
  // from another static destructor at exit still finds it.
  static LiveHandles& Global() {
    static LiveHandles* registry = new LiveHandles();
    return *registry;
  }

 private:
  mutable std::mutex mu_;
  std::unordered_set<const T*> live_;
};

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_LIVE_HANDLES_H_
