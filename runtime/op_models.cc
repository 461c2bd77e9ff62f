#include "runtime/op_models.h"

#include <utility>

#include "runtime/log.h"

namespace aclsim::runtime {

void OpModelRegistry::AddCompiled(const OpCall& call, uint64_t hash) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto [it, end] = compiled_.equal_range(hash); it != end; ++it) {
    if (it->second == call) return;
  }
  compiled_.emplace(hash, call);
}

void OpModelRegistry::AddModelSource(const std::string& what) {
  Log(LogLevel::kInfo, what +
                           ": accepted; aclsim does not read CANN op models and runs every op type of its "
                           "operator table (docs/aclnn_coverage.md) as a timed task");
  std::lock_guard<std::mutex> lock(mu_);
  any_model_source_ = true;
}

bool OpModelRegistry::Matches(const OpCall& call, uint64_t hash) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (any_model_source_) return true;
  for (auto [it, end] = compiled_.equal_range(hash); it != end; ++it) {
    if (it->second == call) return true;
  }
  return false;
}

void OpModelRegistry::SetOption(int32_t option, std::string value) {
  std::lock_guard<std::mutex> lock(mu_);
  options_[option] = std::move(value);
}

std::optional<std::string> OpModelRegistry::Option(int32_t option) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = options_.find(option);
  if (it == options_.end()) return std::nullopt;
  return it->second;
}

}  // namespace aclsim::runtime
