#include "runtime/op_models.h"

#include <utility>

#include "runtime/log.h"

namespace aclsim::runtime {

void OpModelRegistry::AddCompiled(const std::string& key) {
  std::lock_guard<std::mutex> lock(mu_);
  compiled_.insert(key);
}

void OpModelRegistry::AddModelSource(const std::string& what) {
  Log(LogLevel::kInfo, what +
                           ": accepted; aclsim does not read CANN op models and runs every op type of its "
                           "operator table (docs/aclnn_coverage.md) as a timed task");
  std::lock_guard<std::mutex> lock(mu_);
  any_model_source_ = true;
}

bool OpModelRegistry::Matches(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  return any_model_source_ || compiled_.count(key) != 0;
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
