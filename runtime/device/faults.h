// Fault injection: the "faults" section of the configuration (docs/faults.md).
//
// A FaultPlan says what goes wrong and when, deterministically (counted in
// tasks and records, never in host time):
//   fail_task     the device's task with this id (1-based, ops and markers
//                 count) fails with |error|; ops of the same execution that
//                 completed before it are reported; the execution returns
//                 the error.
//   fail_op       the |occurrence|-th execution of the op named |name| fails
//                 the same way.
//   lose_device   after |after_tasks| tasks the device is lost: that
//                 submission and every later device call fail with
//                 kDeviceLost; subscriptions on it flush and close.
//   stall         the task with id |at_task| starts |ns| later than it could
//                 (the stream stalls before it).
//   slow_delivery every subscription write() is preceded by a sleep of
//                 |write_delay_us| (host time; exercises slow consumers).
//   corrupt_record the |index|-th subscription record built in the process
//                 (1-based) carries a wrong signature.
// Each may name a |device| (default: every device).
//
// The plan is parsed once, by the options parser of the backend that
// simulates the devices (sim/sim_options.h). slow_delivery and
// corrupt_record act on the host side of subscriptions: the backend reports
// them through Backend::delivery_faults() and the runtime's profiler applies
// them.
#ifndef ACLSIM_RUNTIME_DEVICE_FAULTS_H_
#define ACLSIM_RUNTIME_DEVICE_FAULTS_H_

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "runtime/status.h"

namespace aclsim::device {

// The faults of a plan that act on subscription delivery.
struct DeliveryFaults {
  uint64_t slow_delivery_us = 0;  // sleep before every subscription write(); 0 = none
  uint64_t corrupt_record = 0;    // 1-based index of the record built with a wrong signature; 0 = none

  bool empty() const { return slow_delivery_us == 0 && corrupt_record == 0; }
};

struct FaultPlan {
  struct FailTask {
    std::optional<uint32_t> device;
    uint64_t task_id = 0;
    int32_t error = 0;
  };
  struct FailOp {
    std::optional<uint32_t> device;
    std::string name;
    uint64_t occurrence = 1;
    int32_t error = 0;
  };
  struct LoseDevice {
    std::optional<uint32_t> device;
    uint64_t after_tasks = 0;
  };
  struct Stall {
    std::optional<uint32_t> device;
    uint64_t at_task = 0;
    int64_t ns = 0;
  };
  std::optional<FailTask> fail_task;
  std::optional<FailOp> fail_op;
  std::optional<LoseDevice> lose_device;
  std::optional<Stall> stall;
  DeliveryFaults delivery;

  bool empty() const { return !fail_task && !fail_op && !lose_device && !stall && delivery.empty(); }
  static bool Applies(const std::optional<uint32_t>& device, uint32_t device_id) {
    return !device || *device == device_id;
  }
};

// Parses the value of a "faults" key. Not an object, unknown keys, wrong
// types or out-of-range values → kFileAttrInvalid naming the key.
StatusOr<FaultPlan> ParseFaults(const nlohmann::json& faults);

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_FAULTS_H_
