// Labels and stream control (acl_rt.h): the tasks only a stream bound to a
// model runtime instance being built takes (runtime/model_ri.h).
//
// Written from hicann/runtime docs/zh/api_ref/10_label_management.md and
// 06_stream_management.md (aclrtActiveStream, aclrtSwitchStream), commit
// 681ef7610df1: NULL arguments are 100000 (the acl layer's checks), values
// the runtime layer rejects 107000.
#include <cstddef>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::RawEnum;
using aclsim::api::ToStream;
using aclsim::runtime::Label;
using aclsim::runtime::LabelList;

namespace {

// CANN's limit on a label list (and on a process's labels).
constexpr size_t kMaxLabels = 65535;

aclError LabelRtInvalid(const char* function, const std::string& what) {
  aclsim::api::SetError(ACL_ERROR_RT_PARAM_INVALID, std::string(function) + ": " + what);
  return ACL_ERROR_RT_PARAM_INVALID;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtCreateLabel(aclrtLabel* label) try {
  ACLSIM_PROLOGUE(aclrtCreateLabel);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  *label = rt->instances().CreateLabel();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetLabel(aclrtLabel label, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtSetLabel);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->SetLabel(static_cast<Label*>(label), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDestroyLabel(aclrtLabel label) try {
  ACLSIM_PROLOGUE(aclrtDestroyLabel);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->instances().DestroyLabel(static_cast<Label*>(label)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtCreateLabelList(aclrtLabel* labels, size_t num, aclrtLabelList* labelList) try {
  ACLSIM_PROLOGUE(aclrtCreateLabelList);
  if (num == 0 || num > kMaxLabels) return LabelRtInvalid(kApiName, "num must be in (0, 65535]");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  std::vector<Label*> list(num);
  for (size_t i = 0; i < num; ++i) list[i] = static_cast<Label*>(labels[i]);
  auto created = rt->instances().CreateLabelList(list);
  if (!created.ok()) return Convert(__func__, created.status());
  *labelList = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDestroyLabelList(aclrtLabelList labelList) try {
  ACLSIM_PROLOGUE(aclrtDestroyLabelList);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->instances().DestroyLabelList(static_cast<LabelList*>(labelList)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSwitchLabelByIndex(void* ptr, uint32_t maxValue, aclrtLabelList labelList,
                                                     aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtSwitchLabelByIndex);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->SwitchLabelByIndex(ptr, maxValue, static_cast<LabelList*>(labelList), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtActiveStream(aclrtStream activeStream, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtActiveStream);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->ActiveStream(ToStream(activeStream), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSwitchStream(void* leftValue, aclrtCondition cond, void* rightValue,
                                               aclrtCompareDataType dataType, aclrtStream trueStream,
                                               aclrtStream falseStream, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtSwitchStream);
  (void)falseStream;  // NULL: the prologue checked it
  const auto raw_cond = static_cast<int64_t>(RawEnum(cond));
  const auto raw_type = static_cast<int64_t>(RawEnum(dataType));
  if (raw_cond < ACL_RT_EQUAL || raw_cond > ACL_RT_LESS_OR_EQUAL) {
    return LabelRtInvalid(kApiName, "cond is not an aclrtCondition");
  }
  if (raw_type != ACL_RT_SWITCH_INT32 && raw_type != ACL_RT_SWITCH_INT64) {
    return LabelRtInvalid(kApiName, "dataType is not an aclrtCompareDataType");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->SwitchStream(leftValue, static_cast<uint32_t>(raw_cond), rightValue,
                                            static_cast<uint32_t>(raw_type), ToStream(trueStream), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

}  // extern "C"
