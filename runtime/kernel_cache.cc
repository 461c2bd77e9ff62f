#include "runtime/kernel_cache.h"

#include <utility>

namespace aclsim::runtime {

StatusOr<ModelRef> KernelCache::Get(DeviceState* device, const OpCall& call, const std::string& key) {
  std::lock_guard<std::mutex> lock(mu_);
  auto& per_device = kernels_[device->id()];
  if (auto it = per_device.find(key); it != per_device.end()) {
    ++stats_.hits;
    return it->second;
  }
  ACLSIM_ASSIGN_OR_RETURN(ModelRef kernel, models_->LoadKernel(device, OpCallGraph(call)));
  profiler_->OnModelLoaded(kernel->id, kernel->ops);
  per_device.emplace(key, kernel);
  ++stats_.kernels;
  return kernel;
}

KernelCache::Stats KernelCache::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

}  // namespace aclsim::runtime
