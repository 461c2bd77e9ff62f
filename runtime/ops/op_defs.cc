// The generated op definitions and PlanOp's generic checks (op_def.h).
#include <algorithm>
#include <iterator>
#include <string>

#include "runtime/ops/op_def.h"
#include "runtime/ops/op_rules.h"

namespace aclsim::ops {
namespace {

#include "runtime/ops/generated/op_defs.inc"

constexpr size_t kMaxRank = 8;  // every aclnn op's limit

bool IsOptional(ArgRole role) {
  return role == ArgRole::kOptIn || role == ArgRole::kOptOut || role == ArgRole::kOptRef || role == ArgRole::kOptAttr;
}
bool IsPointer(ArgKind kind) {
  return kind == ArgKind::kTensor || kind == ArgKind::kTensorList || kind == ArgKind::kScalar ||
         kind == ArgKind::kIntArray || kind == ArgKind::kFloatArray || kind == ArgKind::kBoolArray ||
         kind == ArgKind::kString;
}
bool IsInput(ArgRole role) {
  return role == ArgRole::kIn || role == ArgRole::kOptIn || role == ArgRole::kRef || role == ArgRole::kOptRef;
}
bool IsOutput(ArgRole role) {
  return role == ArgRole::kOut || role == ArgRole::kOptOut || role == ArgRole::kRef || role == ArgRole::kOptRef;
}

// Every tensor of argument |a| (one, a list's, or none).
template <typename Fn>
void ForEachTensor(const ArgDef& d, const OpArg& a, Fn fn) {
  if (!a.present) return;
  if (d.kind == ArgKind::kTensor) fn(*a.tensor);
  if (d.kind == ArgKind::kTensorList) {
    for (const runtime::OpTensor* t : *a.list) fn(*t);
  }
}

Status CheckArguments(const OpDef& def, const OpArg* args) {
  bool dtype_checked = def.dtypes == nullptr;
  for (size_t i = 0; i < def.arg_count; ++i) {
    const ArgDef& d = def.args[i];
    const OpArg& a = args[i];
    if (IsPointer(d.kind) && !a.present && !IsOptional(d.role)) {
      return Status(Detail::kOpArgumentNull, std::string(def.api) + ": " + d.name + " is NULL");
    }
    if (d.kind == ArgKind::kTensorList && a.present) {
      for (const runtime::OpTensor* t : *a.list) {
        if (t == nullptr) {
          return Status(Detail::kOpArgumentNull, std::string(def.api) + ": " + d.name + " holds a NULL tensor");
        }
      }
    }
    Status bad;
    ForEachTensor(d, a, [&](const runtime::OpTensor& t) {
      if (bad.ok() && t.shape.size() > kMaxRank) {
        bad = Status(StatusCode::kInvalidArgument, std::string(def.api) + ": " + d.name + " has rank " +
                                                       std::to_string(t.shape.size()) + ", more than 8");
      }
      if (bad.ok() && !dtype_checked && IsInput(d.role)) {
        dtype_checked = true;
        if (std::find(def.dtypes, def.dtypes + def.dtype_count, t.dtype) == def.dtypes + def.dtype_count) {
          bad = Status(StatusCode::kInvalidArgument, std::string(def.api) + ": " + d.name + " has data type " +
                                                         model::DataTypeName(t.dtype) + ", which the op does not take");
        }
      }
    });
    ACLSIM_RETURN_IF_ERROR(bad);
  }
  return OkStatus();
}

// The cost-relevant attributes: integers, booleans, strings, int arrays and
// data types. Floating values (eps, lr, scale) and scalars' values change
// nothing of the cost and would give every learning-rate step its own
// kernel, so they stay out of the kernel.
void AddAttr(const ArgDef& d, const OpArg& a, runtime::OpCall& call) {
  switch (d.kind) {
    case ArgKind::kInt:
    case ArgKind::kDataType: call.attrs[d.name] = a.i; break;
    case ArgKind::kBool: call.attrs[d.name] = a.b; break;
    case ArgKind::kString:
      if (a.present) call.attrs[d.name] = std::string(a.text);
      break;
    case ArgKind::kIntArray:
    case ArgKind::kBoolArray:
      if (a.present) call.attrs[d.name] = *a.ints;
      break;
    default: break;
  }
}

// "<api>_<l0>_<kernel type>", CANN's profiler name of the table's kernel,
// built once per op.
const std::string& ProfilerName(const OpDef& def) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const OpDef& d : kOpDefs) out.push_back(std::string(d.api) + "_" + d.l0 + "_" + d.kernel_type);
    return out;
  }();
  return names[static_cast<size_t>(&def - kOpDefs)];
}

}  // namespace

size_t OpDefCount() { return std::size(kOpDefs); }
const OpDef& GetOpDef(size_t index) { return kOpDefs[index]; }

StatusOr<OpPlan> PlanOp(const OpDef& def, const OpArg* args, size_t count) {
  if (count != def.arg_count) {
    return Status(StatusCode::kInternal, std::string(def.api) + ": " + std::to_string(count) +
                                             " arguments, the op has " + std::to_string(def.arg_count));
  }
  ACLSIM_RETURN_IF_ERROR(CheckArguments(def, args));
  RuleContext ctx(def, args);
  ACLSIM_RETURN_IF_ERROR(GetRule(def.rule)(ctx));

  OpPlan plan;
  runtime::OpCall& call = plan.call;
  call.type = ctx.kernel_type();
  call.name = ctx.l0() == def.l0 ? ProfilerName(def) : std::string(def.api) + "_" + ctx.l0() + "_" + ctx.kernel_type();
  call.engine = def.engine;
  call.inputs.reserve(def.arg_count);
  call.outputs.reserve(def.arg_count);
  auto add_input = [&](const ArgDef& d, const OpArg& a) {
    ForEachTensor(d, a, [&](const runtime::OpTensor& t) { call.inputs.push_back(t); });
  };
  for (std::string_view name : ctx.input_order()) {
    for (size_t i = 0; i < def.arg_count; ++i) {
      if (def.args[i].name == name) add_input(def.args[i], args[i]);
    }
  }
  for (size_t i = 0; i < def.arg_count; ++i) {
    const ArgDef& d = def.args[i];
    const bool ordered =
        std::find(ctx.input_order().begin(), ctx.input_order().end(), d.name) != ctx.input_order().end();
    if (IsInput(d.role) && !ordered) add_input(d, args[i]);
    if (IsOutput(d.role)) {
      ForEachTensor(d, args[i], [&](const runtime::OpTensor& t) { call.outputs.push_back(t); });
    }
    if (d.role == ArgRole::kAttr || d.role == ArgRole::kOptAttr) AddAttr(d, args[i], call);
  }
  for (const auto& [key, value] : ctx.attrs()) call.attrs[key] = value;
  if (def.workspace == WorkspaceRule::kFirstOutput && !call.outputs.empty()) {
    model::Tensor t;
    t.dtype = call.outputs[0].dtype;
    t.shape = call.outputs[0].shape;
    plan.workspace_bytes = static_cast<uint64_t>(std::max<int64_t>(0, t.SizeBytes()));
  }
  return plan;
}

}  // namespace aclsim::ops
