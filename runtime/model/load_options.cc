#include "runtime/model/load_options.h"

#include <string>

namespace aclsim::model {

Status ModelLoadOptions::Validate() const {
  if (default_batch < 1 || default_batch > (int64_t{1} << 30)) {
    return Status(StatusCode::kInvalidArgument,
                  "model options: default_batch must be in [1, 2^30], got " + std::to_string(default_batch));
  }
  return OkStatus();
}

}  // namespace aclsim::model
