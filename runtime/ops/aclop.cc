// PlanAclop (op_def.h): the aclop* single-operator API's view of the op
// table — by CANN op type, with positional tensors and named attributes.
#include <set>
#include <string>
#include <variant>

#include "runtime/model/op_type.h"
#include "runtime/ops/op_def.h"

namespace aclsim::ops {
namespace {

// CANN op types beyond the aclnn kernel types that programs commonly run
// through aclopExecuteV2 (the ATC/GE names of the same operators and their
// neighbours): the rows of the op-type table with the aclop flag; each is
// timed by the cost model like the kernel types.
bool IsExtraType(std::string_view type) {
  const model::OpTraits* traits = model::FindOpTraits(type);
  return traits != nullptr && traits->Has(model::OpFlags::kAclop);
}

const OpDef* DefOfKernel(std::string_view type) {
  for (size_t i = 0; i < OpDefCount(); ++i) {
    if (GetOpDef(i).kernel_type == type) return &GetOpDef(i);
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> AclopTypes() {
  std::set<std::string> types;
  for (size_t i = 0; i < model::kOpTypeCount; ++i) {
    const model::OpTraits& traits = model::TraitsOf(static_cast<model::OpType>(i));
    if (traits.Has(model::OpFlags::kAclop)) types.emplace(traits.name);
  }
  for (size_t i = 0; i < OpDefCount(); ++i) types.insert(GetOpDef(i).kernel_type);
  return {types.begin(), types.end()};
}

StatusOr<runtime::OpCall> PlanAclop(std::string_view type, std::vector<runtime::OpTensor> inputs,
                                    std::vector<runtime::OpTensor> outputs, const AttrMap& attrs) {
  const OpDef* def = DefOfKernel(type);
  if (def == nullptr && !IsExtraType(type)) {
    return Status(
        Detail::kOpNotFound,
        "op type '" + std::string(type) + "' has no op model in aclsim (the op types it runs: docs/aclnn_coverage.md)");
  }
  for (const auto* list : {&inputs, &outputs}) {
    for (const runtime::OpTensor& t : *list) {
      for (int64_t d : t.shape) {
        if (d < 0) {
          return Status(StatusCode::kInvalidArgument, "op '" + std::string(type) +
                                                          "': a tensor description has a dynamic dim (" +
                                                          std::to_string(d) + "); executing needs static shapes");
        }
      }
    }
  }
  runtime::OpCall call;
  call.type = std::string(type);
  call.name = call.type;
  call.engine = def != nullptr ? def->engine : model::DefaultEngineForOpType(type);
  call.inputs = std::move(inputs);
  call.outputs = std::move(outputs);
  for (const auto& [key, value] : attrs) {
    if (!std::holds_alternative<double>(value) && !std::holds_alternative<std::vector<double>>(value)) {
      call.attrs[key] = value;
    }
  }
  return call;
}

}  // namespace aclsim::ops
