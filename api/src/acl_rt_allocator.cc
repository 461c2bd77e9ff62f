// User allocator entry points (acl_rt_allocator.h).
//
// A description holds the user's allocator object and four callbacks; a
// registration copies them for one stream, keyed by the stream handle, so a
// later change to the description or its destruction does not change what
// aclrtAllocatorGetByStream reports (it still reports the description's
// handle). Registering again on a stream replaces the registration;
// unregistering a stream that has none succeeds. The checks follow CANN's
// API pages ("Custom memory allocator", aclrtAllocatorDesc operations):
// NULL descriptions, callbacks, objects and streams are refused with
// ACL_ERROR_INVALID_PARAM, as is a query of a stream with no registration.
//
// Which work allocates through a registration: CANN uses it for the
// runtime-allocated memory of single-operator execution and dynamic-shape
// model execution on the stream. aclsim's single operators and models
// allocate no runtime memory on the device (their simulated kernels take no
// workspace; outputs are the caller's buffers), so no aclsim operation calls
// the callbacks; the registration is kept and reported exactly.
#include <map>
#include <mutex>

#include "acl/acl.h"
#include "acl/acl_rt_allocator.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/live_handles.h"

namespace {

struct AllocatorDescription {
  aclrtAllocator object = nullptr;
  aclrtAllocatorAllocFunc alloc = nullptr;
  aclrtAllocatorFreeFunc free = nullptr;
  aclrtAllocatorAllocAdviseFunc alloc_advise = nullptr;
  aclrtAllocatorGetAddrFromBlockFunc get_addr = nullptr;
};

using AllocatorDescriptions = aclsim::api::LiveHandles<AllocatorDescription>;

struct AllocatorRegistration {
  aclrtAllocatorDesc handle = nullptr;
  AllocatorDescription copy;
};

class AllocatorRegistrations {
 public:
  void Set(aclrtStream stream, AllocatorRegistration r) {
    std::lock_guard<std::mutex> lock(mu_);
    by_stream_[stream] = r;
  }
  bool Get(aclrtStream stream, AllocatorRegistration* r) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = by_stream_.find(stream);
    if (it == by_stream_.end()) return false;
    *r = it->second;
    return true;
  }
  void Erase(aclrtStream stream) {
    std::lock_guard<std::mutex> lock(mu_);
    by_stream_.erase(stream);
  }
  static AllocatorRegistrations& Global() {
    static AllocatorRegistrations* registrations = new AllocatorRegistrations();
    return *registrations;
  }

 private:
  mutable std::mutex mu_;
  std::map<aclrtStream, AllocatorRegistration> by_stream_;
};

AllocatorDescription* LiveAllocatorDesc(aclrtAllocatorDesc desc) {
  auto* d = static_cast<AllocatorDescription*>(desc);
  return AllocatorDescriptions::Global().IsLive(d) ? d : nullptr;
}

constexpr char kAllocatorDescNotLive[] = "allocatorDesc is not a live aclrtAllocatorDesc";

// The five aclrtAllocatorSet*ToDesc functions: |value| into the field |member|
// of a live description.
template <typename T>
aclError SetInDesc(const char* api, aclrtAllocatorDesc desc, T AllocatorDescription::*member, T value) {
  AllocatorDescription* d = LiveAllocatorDesc(desc);
  if (d == nullptr) return aclsim::api::InvalidParam(api, kAllocatorDescNotLive);
  d->*member = value;
  return ACL_SUCCESS;
}

}  // namespace

using aclsim::api::InvalidParam;

extern "C" {

ACL_FUNC_VISIBILITY aclrtAllocatorDesc aclrtAllocatorCreateDesc(void) try {
  return AllocatorDescriptions::Global().Create();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc) try {
  ACLSIM_PROLOGUE(aclrtAllocatorDestroyDesc);
  if (!AllocatorDescriptions::Global().Destroy(static_cast<AllocatorDescription*>(allocatorDesc))) {
    return InvalidParam(kApiName, kAllocatorDescNotLive);
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetObjToDesc(aclrtAllocatorDesc allocatorDesc,
                                                        aclrtAllocator allocator) try {
  ACLSIM_PROLOGUE(aclrtAllocatorSetObjToDesc);
  return SetInDesc(kApiName, allocatorDesc, &AllocatorDescription::object, allocator);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetAllocFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                              aclrtAllocatorAllocFunc func) try {
  ACLSIM_PROLOGUE(aclrtAllocatorSetAllocFuncToDesc);
  return SetInDesc(kApiName, allocatorDesc, &AllocatorDescription::alloc, func);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetFreeFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                             aclrtAllocatorFreeFunc func) try {
  ACLSIM_PROLOGUE(aclrtAllocatorSetFreeFuncToDesc);
  return SetInDesc(kApiName, allocatorDesc, &AllocatorDescription::free, func);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetAllocAdviseFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                                    aclrtAllocatorAllocAdviseFunc func) try {
  ACLSIM_PROLOGUE(aclrtAllocatorSetAllocAdviseFuncToDesc);
  return SetInDesc(kApiName, allocatorDesc, &AllocatorDescription::alloc_advise, func);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetGetAddrFromBlockFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                                         aclrtAllocatorGetAddrFromBlockFunc func) try {
  ACLSIM_PROLOGUE(aclrtAllocatorSetGetAddrFromBlockFuncToDesc);
  return SetInDesc(kApiName, allocatorDesc, &AllocatorDescription::get_addr, func);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtAllocatorRegister(aclrtStream stream, aclrtAllocatorDesc allocatorDesc) try {
  ACLSIM_PROLOGUE(aclrtAllocatorRegister);
  AllocatorDescription* d = LiveAllocatorDesc(allocatorDesc);
  if (d == nullptr) return InvalidParam(kApiName, kAllocatorDescNotLive);
  if (d->object == nullptr) return InvalidParam(kApiName, "allocatorDesc has no allocator object");
  if (d->alloc == nullptr) return InvalidParam(kApiName, "allocatorDesc has no alloc function");
  if (d->free == nullptr) return InvalidParam(kApiName, "allocatorDesc has no free function");
  if (d->get_addr == nullptr) return InvalidParam(kApiName, "allocatorDesc has no get-address function");
  AllocatorRegistrations::Global().Set(stream, AllocatorRegistration{allocatorDesc, *d});
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtAllocatorGetByStream(aclrtStream stream, aclrtAllocatorDesc* allocatorDesc,
                                                       aclrtAllocator* allocator, aclrtAllocatorAllocFunc* allocFunc,
                                                       aclrtAllocatorFreeFunc* freeFunc,
                                                       aclrtAllocatorAllocAdviseFunc* allocAdviseFunc,
                                                       aclrtAllocatorGetAddrFromBlockFunc* getAddrFromBlockFunc) try {
  ACLSIM_PROLOGUE(aclrtAllocatorGetByStream);
  AllocatorRegistration r;
  if (!AllocatorRegistrations::Global().Get(stream, &r)) {
    return InvalidParam(kApiName, "the stream is not registered with any allocator");
  }
  *allocatorDesc = r.handle;
  if (allocator != nullptr) *allocator = r.copy.object;
  if (allocFunc != nullptr) *allocFunc = r.copy.alloc;
  if (freeFunc != nullptr) *freeFunc = r.copy.free;
  if (allocAdviseFunc != nullptr) *allocAdviseFunc = r.copy.alloc_advise;
  if (getAddrFromBlockFunc != nullptr) *getAddrFromBlockFunc = r.copy.get_addr;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtAllocatorUnregister(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtAllocatorUnregister);
  AllocatorRegistrations::Global().Erase(stream);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
