#include "runtime/model/load_options.h"

#include <string>

namespace aclsim::model {

Status ModelLoadOptions::Validate() const {
  if (default_batch < 1 || default_batch > (int64_t{1} << 30)) {
    return Status(StatusCode::kInvalidArgument,
                  "model options: default_batch must be in [1, 2^30], got " + std::to_string(default_batch));
  }
  for (const auto& [name, dims] : input_shapes) {
    for (int64_t d : dims) {
      if (d < 1 || d > (int64_t{1} << 40)) {
        return Status(StatusCode::kInvalidArgument, "model options: input shape of '" + name + "' has dimension " +
                                                        std::to_string(d) + " (each must be in [1, 2^40])");
      }
    }
  }
  return OkStatus();
}

}  // namespace aclsim::model
