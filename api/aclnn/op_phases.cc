// The two generic phases of every aclnn operator (opapi_table.h), in
// libnnopbase.so. The first turns the handles into plain descriptions,
// checks them against the op's definition (runtime/ops/op_def.h: NULLs,
// types, the shape rule) and keeps the planned launch in an executor; the
// second checks the executor and workspace and launches through
// libascendcl.so (op_api.h). An executor not made repeatable is freed by
// its launch, as CANN frees it.
#include <string>
#include <vector>

#include "acl/aclsim_ext.h"
#include "api/aclnn/aclnn_objects.h"
#include "api/aclnn/opapi_table.h"
#include "api/src/companion_table.h"
#include "api/src/live_handles.h"
#include "api/src/op_api.h"
#include "runtime/ops/op_def.h"

namespace {

using aclsim::Detail;
using aclsim::Status;
using aclsim::StatusCode;
using aclsim::api::LiveHandles;
using aclsim::ops::ArgKind;

using aclsim::aclnn::kInvalid;
using aclsim::aclnn::kNullptr;
constexpr size_t kMaxArgs = 32;

const aclsim::api::OpApi* Table() {
  static const aclsim::api::OpApi* table = aclsim::api::CheckedTable<aclsim::api::OpApi>(
      aclsimInternalGetOpApi(aclsim::api::kOpApiVersion), aclsim::api::kOpApiVersion, "libnnopbase.so", "op");
  return table;
}

aclnnStatus Fail(const char* api, const Status& s, aclnnStatus fallback) {
  const auto* t = Table();
  if (t == nullptr) return fallback;
  return t->fail(api, static_cast<int32_t>(s.code()), static_cast<int32_t>(s.detail()), s.message().c_str());
}

template <typename T>
bool Live(const void* p) {
  return LiveHandles<T>::Global().IsLive(static_cast<const T*>(p));
}

// The checker's view of argument |raw| of kind |kind|; false when a pointer
// is not a live handle of its kind.
bool Convert(ArgKind kind, const aclsimOpArg& raw, aclsim::ops::OpArg* out) {
  switch (kind) {
    case ArgKind::kInt:
    case ArgKind::kDataType: out->i = raw.i; return true;
    case ArgKind::kFloat: out->f = raw.f; return true;
    case ArgKind::kBool: out->b = raw.b; return true;
    default: break;
  }
  out->present = raw.p != nullptr;
  if (!out->present) return true;
  switch (kind) {
    case ArgKind::kTensor: out->tensor = &static_cast<const aclTensor*>(raw.p)->desc; return Live<aclTensor>(raw.p);
    case ArgKind::kTensorList:
      out->list = &static_cast<const aclTensorList*>(raw.p)->descs;
      return Live<aclTensorList>(raw.p);
    case ArgKind::kScalar: out->scalar = &static_cast<const aclScalar*>(raw.p)->value; return Live<aclScalar>(raw.p);
    case ArgKind::kIntArray:
      out->ints = &static_cast<const aclIntArray*>(raw.p)->values;
      return Live<aclIntArray>(raw.p);
    case ArgKind::kBoolArray:
      out->ints = &static_cast<const aclBoolArray*>(raw.p)->values;
      return Live<aclBoolArray>(raw.p);
    case ArgKind::kFloatArray:
      out->floats = &static_cast<const aclFloatArray*>(raw.p)->values;
      return Live<aclFloatArray>(raw.p);
    case ArgKind::kString: out->text = static_cast<const char*>(raw.p); return true;
    default: return false;
  }
}

aclnnStatus PrepareOp(size_t op_index, const aclsimOpArg* args, size_t count, uint64_t* workspace_size,
                      aclOpExecutor** executor) {
  if (op_index >= aclsim::ops::OpDefCount() || count > kMaxArgs || (args == nullptr && count != 0)) {
    return Fail("aclnn", Status(StatusCode::kInternal, "aclnn: libopapi.so and libnnopbase.so do not match"), kInvalid);
  }
  const aclsim::ops::OpDef& def = aclsim::ops::GetOpDef(op_index);
  if (workspace_size == nullptr || executor == nullptr) {
    return Fail(def.api, Status(Detail::kOpArgumentNull, std::string(def.api) + ": workspaceSize or executor is NULL"),
                kNullptr);
  }
  // Reused per thread: only the op's own arguments are reset.
  thread_local std::vector<aclsim::ops::OpArg> values;
  values.assign(count, aclsim::ops::OpArg{});
  for (size_t i = 0; i < count && i < def.arg_count; ++i) {
    if (!Convert(def.args[i].kind, args[i], &values[i])) {
      return Fail(def.api,
                  Status(StatusCode::kInvalidArgument, std::string(def.api) + ": " + def.args[i].name +
                                                           " is not a live handle (destroyed, or never created)"),
                  kInvalid);
    }
  }
  auto plan = aclsim::ops::PlanOp(def, values.data(), count);
  if (!plan.ok()) return Fail(def.api, plan.status(), kInvalid);
  aclOpExecutor planned;
  planned.op_index = op_index;
  planned.hash = aclsim::runtime::OpCallHash(plan->call);
  planned.call = std::move(plan->call);
  planned.workspace_bytes = plan->workspace_bytes;
  *executor = LiveHandles<aclOpExecutor>::Global().Create(std::move(planned));
  *workspace_size = (*executor)->workspace_bytes;
  return 0;
}

aclnnStatus LaunchOp(size_t op_index, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                     aclrtStream stream) {
  if (op_index >= aclsim::ops::OpDefCount()) {
    return Fail("aclnn", Status(StatusCode::kInternal, "aclnn: libopapi.so and libnnopbase.so do not match"), kInvalid);
  }
  const char* api = aclsim::ops::GetOpDef(op_index).api;
  if (executor == nullptr)
    return Fail(api, Status(Detail::kOpArgumentNull, std::string(api) + ": executor is NULL"), kNullptr);
  if (!LiveHandles<aclOpExecutor>::Global().IsLive(executor)) {
    return Fail(api,
                Status(StatusCode::kInvalidArgument, std::string(api) + ": executor is not live (launched "
                                                                        "already and not repeatable, or destroyed)"),
                kInvalid);
  }
  if (executor->op_index != op_index) {
    return Fail(
        api,
        Status(StatusCode::kInvalidArgument, std::string(api) + ": executor was made by " +
                                                 aclsim::ops::GetOpDef(executor->op_index).api + "GetWorkspaceSize"),
        kInvalid);
  }
  if (workspace_size < executor->workspace_bytes || (workspace == nullptr && executor->workspace_bytes > 0)) {
    const Status s =
        workspace == nullptr && executor->workspace_bytes > 0
            ? Status(Detail::kOpArgumentNull, std::string(api) + ": workspace is NULL, the op needs " +
                                                  std::to_string(executor->workspace_bytes) + " bytes")
            : Status(StatusCode::kInvalidArgument,
                     std::string(api) + ": workspaceSize " + std::to_string(workspace_size) + " is less than the " +
                         std::to_string(executor->workspace_bytes) + " bytes the first phase asked for");
    return Fail(api, s, s.detail() == Detail::kOpArgumentNull ? kNullptr : kInvalid);
  }
  const auto* t = Table();
  const aclnnStatus rc = t == nullptr ? 361001 : t->launch(api, &executor->call, executor->hash, stream);
  if (!executor->repeatable) (void)LiveHandles<aclOpExecutor>::Global().Destroy(executor);
  return rc;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclnnStatus aclsimInternalOpPrepare(size_t op_index, const aclsimOpArg* args, size_t count,
                                                        uint64_t* workspaceSize, aclOpExecutor** executor) try {
  return PrepareOp(op_index, args, count, workspaceSize, executor);
} catch (...) {
  return 561000;  // ACLNN_ERR_INNER: out of memory
}

ACL_FUNC_VISIBILITY aclnnStatus aclsimInternalOpLaunch(size_t op_index, void* workspace, uint64_t workspaceSize,
                                                       aclOpExecutor* executor, aclrtStream stream) try {
  return LaunchOp(op_index, workspace, workspaceSize, executor, stream);
} catch (...) {
  return 561000;
}

}  // extern "C"
