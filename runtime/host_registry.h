// Host memory registered for the device (aclrtHostRegister,
// aclrtHostRegisterV2, aclrtHostGetDevicePointer, aclrtHostUnregister;
// docs/host_memory.md). A simulated device reads host memory where it is,
// so a registered range's device address is its host address; as on CANN,
// that address is for kernels: copies still see host memory there.
// Thread-safe.
#ifndef ACLSIM_RUNTIME_HOST_REGISTRY_H_
#define ACLSIM_RUNTIME_HOST_REGISTRY_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

#include "runtime/status.h"

namespace aclsim::runtime {

class HostRegistry {
 public:
  // |mapped|: the range gets a device address. InvalidArgument when |ptr| is
  // not page-aligned; AlreadyExists when it overlaps a registered range.
  Status Register(void* ptr, uint64_t size, bool mapped, bool pinned);
  // The device address of the mapped range holding |ptr| (NotFound when none).
  StatusOr<void*> DevicePointer(void* ptr) const;
  // NotFound when |ptr| does not start a registered range.
  Status Unregister(void* ptr);

 private:
  struct Range {
    uint64_t size = 0;
    bool mapped = false;
    bool pinned = false;
  };
  mutable std::mutex mu_;
  std::map<uintptr_t, Range> ranges_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_HOST_REGISTRY_H_
