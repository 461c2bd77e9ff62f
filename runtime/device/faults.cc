#include "runtime/device/faults.h"

#include <nlohmann/json.hpp>

#include "runtime/device/backend.h"

namespace aclsim::device {
namespace {

using nlohmann::json;

Status Bad(const std::string& what) { return Status(Detail::kFileAttrInvalid, "config: faults." + what); }

Status CheckKeys(const json& obj, const std::string& where, std::initializer_list<const char*> keys) {
  if (!obj.is_object()) return Bad(where + " must be an object");
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (const char* k : keys) known = known || it.key() == k;
    if (!known) return Bad(where + " has unknown key \"" + it.key() + "\"");
  }
  return OkStatus();
}

Status Unsigned(const json& obj, const std::string& where, const char* key, bool required, uint64_t min_value,
                uint64_t* out) {
  auto it = obj.find(key);
  if (it == obj.end()) {
    if (required) return Bad(where + "." + key + " is required");
    return OkStatus();
  }
  uint64_t v = 0;
  if (!AsNonNegativeInteger(*it, &v) || v < min_value) {
    return Bad(where + "." + key + " must be an integer >= " + std::to_string(min_value));
  }
  *out = v;
  return OkStatus();
}

Status DeviceField(const json& obj, const std::string& where, std::optional<uint32_t>* out) {
  uint64_t v = UINT64_MAX;
  ACLSIM_RETURN_IF_ERROR(Unsigned(obj, where, "device", false, 0, &v));
  if (v != UINT64_MAX) {
    if (v > 63) return Bad(where + ".device must be in [0, 63]");
    *out = static_cast<uint32_t>(v);
  }
  return OkStatus();
}

Status ErrorValue(const json& obj, const std::string& where, int32_t* out) {
  uint64_t v = 507011;  // ACL_ERROR_RT_MODEL_EXECUTE
  ACLSIM_RETURN_IF_ERROR(Unsigned(obj, where, "error", false, 1, &v));
  if (v > 999999) return Bad(where + ".error must be an ACL error code");
  *out = static_cast<int32_t>(v);
  return OkStatus();
}

}  // namespace

StatusOr<FaultPlan> ParseFaults(const json& doc) {
  FaultPlan plan;
  if (!doc.is_object()) return Status(Detail::kFileAttrInvalid, "config: faults must be an object (docs/faults.md)");
  ACLSIM_RETURN_IF_ERROR(
      CheckKeys(doc, "", {"fail_task", "fail_op", "lose_device", "stall", "slow_delivery", "corrupt_record"}));
  if (auto it = doc.find("fail_task"); it != doc.end()) {
    ACLSIM_RETURN_IF_ERROR(CheckKeys(*it, "fail_task", {"device", "task", "error"}));
    FaultPlan::FailTask f;
    ACLSIM_RETURN_IF_ERROR(DeviceField(*it, "fail_task", &f.device));
    ACLSIM_RETURN_IF_ERROR(Unsigned(*it, "fail_task", "task", true, 1, &f.task_id));
    ACLSIM_RETURN_IF_ERROR(ErrorValue(*it, "fail_task", &f.error));
    plan.fail_task = f;
  }
  if (auto it = doc.find("fail_op"); it != doc.end()) {
    ACLSIM_RETURN_IF_ERROR(CheckKeys(*it, "fail_op", {"device", "name", "occurrence", "error"}));
    FaultPlan::FailOp f;
    ACLSIM_RETURN_IF_ERROR(DeviceField(*it, "fail_op", &f.device));
    auto name = it->find("name");
    if (name == it->end() || !name->is_string() || name->get<std::string>().empty()) {
      return Bad("fail_op.name must be a non-empty op name");
    }
    f.name = name->get<std::string>();
    ACLSIM_RETURN_IF_ERROR(Unsigned(*it, "fail_op", "occurrence", false, 1, &f.occurrence));
    ACLSIM_RETURN_IF_ERROR(ErrorValue(*it, "fail_op", &f.error));
    plan.fail_op = f;
  }
  if (auto it = doc.find("lose_device"); it != doc.end()) {
    ACLSIM_RETURN_IF_ERROR(CheckKeys(*it, "lose_device", {"device", "after_tasks"}));
    FaultPlan::LoseDevice f;
    ACLSIM_RETURN_IF_ERROR(DeviceField(*it, "lose_device", &f.device));
    ACLSIM_RETURN_IF_ERROR(Unsigned(*it, "lose_device", "after_tasks", true, 0, &f.after_tasks));
    plan.lose_device = f;
  }
  if (auto it = doc.find("stall"); it != doc.end()) {
    ACLSIM_RETURN_IF_ERROR(CheckKeys(*it, "stall", {"device", "task", "ns"}));
    FaultPlan::Stall f;
    ACLSIM_RETURN_IF_ERROR(DeviceField(*it, "stall", &f.device));
    ACLSIM_RETURN_IF_ERROR(Unsigned(*it, "stall", "task", true, 1, &f.at_task));
    uint64_t ns = 0;
    ACLSIM_RETURN_IF_ERROR(Unsigned(*it, "stall", "ns", true, 1, &ns));
    if (ns > (uint64_t{1} << 50)) return Bad("stall.ns is too large");
    f.ns = static_cast<int64_t>(ns);
    plan.stall = f;
  }
  if (auto it = doc.find("slow_delivery"); it != doc.end()) {
    ACLSIM_RETURN_IF_ERROR(CheckKeys(*it, "slow_delivery", {"write_delay_us"}));
    ACLSIM_RETURN_IF_ERROR(Unsigned(*it, "slow_delivery", "write_delay_us", true, 1, &plan.delivery.slow_delivery_us));
    if (plan.delivery.slow_delivery_us > 10'000'000) return Bad("slow_delivery.write_delay_us must be at most 10 s");
  }
  if (auto it = doc.find("corrupt_record"); it != doc.end()) {
    ACLSIM_RETURN_IF_ERROR(CheckKeys(*it, "corrupt_record", {"index"}));
    ACLSIM_RETURN_IF_ERROR(Unsigned(*it, "corrupt_record", "index", true, 1, &plan.delivery.corrupt_record));
  }
  return plan;
}

}  // namespace aclsim::device
