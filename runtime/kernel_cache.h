// KernelCache: the compiled single-op kernels, one per device and distinct
// OpCall (runtime/single_op.h), as CANN's op cache keeps one compiled kernel
// per op signature.
//
// A miss compiles the call's one-op graph on the device (ModelRegistry::
// LoadKernel) and tells the profiler (its op table goes to subscriptions and
// sessions, like a loaded model's); later launches of the same signature
// find the kernel by its key. Kernels live until the runtime goes.
//
// Thread safety: thread-safe. The cache's mutex is held while a kernel is
// compiled, so two threads missing the same key compile it once; lock
// order: KernelCache::mu_ → ModelRegistry::mu_ / backend device lock, and
// the profiler's leaf locks (OnModelLoaded).
#ifndef ACLSIM_RUNTIME_KERNEL_CACHE_H_
#define ACLSIM_RUNTIME_KERNEL_CACHE_H_

#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "runtime/device_table.h"
#include "runtime/model_registry.h"
#include "runtime/profiler.h"
#include "runtime/single_op.h"
#include "runtime/status.h"

namespace aclsim::runtime {

class KernelCache {
 public:
  // Both borrowed; they outlive the cache.
  KernelCache(ModelRegistry* models, Profiler* profiler) : models_(models), profiler_(profiler) {}
  KernelCache(const KernelCache&) = delete;
  KernelCache& operator=(const KernelCache&) = delete;

  // The kernel of |call| (whose OpCallHash is |hash|) on |device|, compiled
  // on first use. Errors: the device's compile error (kModelParse … for a
  // call the device cannot build).
  StatusOr<ModelRef> Get(DeviceState* device, const OpCall& call, uint64_t hash);

  // Kernels compiled and launches that found theirs in the cache.
  struct Stats {
    uint64_t kernels = 0;
    uint64_t hits = 0;
  };
  Stats stats() const;

 private:
  ModelRegistry* const models_;
  Profiler* const profiler_;
  mutable std::mutex mu_;
  struct Entry {
    OpCall call;  // compared on a hash match
    ModelRef kernel;
  };
  // Per device (backend id), OpCallHash → kernels.
  std::unordered_map<int32_t, std::unordered_multimap<uint64_t, Entry>> kernels_;
  Stats stats_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_KERNEL_CACHE_H_
