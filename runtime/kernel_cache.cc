#include "runtime/kernel_cache.h"

#include <utility>

namespace aclsim::runtime {

StatusOr<ModelRef> KernelCache::Get(DeviceState* device, const OpCall& call, uint64_t hash) {
  std::lock_guard<std::mutex> lock(mu_);
  auto& per_device = kernels_[device->id()];
  for (auto [it, end] = per_device.equal_range(hash); it != end; ++it) {
    if (it->second.call == call) {
      ++stats_.hits;
      return it->second.kernel;
    }
  }
  ACLSIM_ASSIGN_OR_RETURN(ModelRef kernel, models_->LoadKernel(device, OpCallGraph(call)));
  profiler_->OnModelLoaded(kernel->id, kernel->ops);
  per_device.emplace(hash, Entry{call, kernel});
  ++stats_.kernels;
  return kernel;
}

KernelCache::Stats KernelCache::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

}  // namespace aclsim::runtime
