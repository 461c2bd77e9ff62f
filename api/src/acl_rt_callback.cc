// Host tasks on streams (acl_rt.h): aclrtLaunchCallback with its report
// subscriptions, and aclrtLaunchHostFunc with its host-function
// subscriptions (hicann/runtime docs/zh/api_ref/12_execution_control.md,
// 24_other_APIs.md). The behaviour is runtime::HostTasks'
// (runtime/host_tasks.h, docs/host_tasks.md).
#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::api::ToStream;
using aclsim::runtime::HostTaskKind;

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtSubscribeReport);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->host_tasks().SubscribeReport(threadId, ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtUnSubscribeReport);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->host_tasks().UnsubscribeReport(threadId, ToStream(stream)));
}
ACLSIM_EDGE_CATCH

// CANN checks blockType (100000) before fn (107000).
ACL_FUNC_VISIBILITY aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType,
                                                 aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtLaunchCallback);
  const auto block = aclsim::api::RawEnum(blockType);
  if (block != ACL_CALLBACK_BLOCK && block != ACL_CALLBACK_NO_BLOCK) {
    return InvalidParam(kApiName, "blockType is neither ACL_CALLBACK_BLOCK nor ACL_CALLBACK_NO_BLOCK");
  }
  if (fn == nullptr) return aclsim::api::Reject(ACL_ERROR_RT_PARAM_INVALID, kApiName, "fn is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__,
                 rt->host_tasks().LaunchCallback(fn, userData, block == ACL_CALLBACK_BLOCK, ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtProcessReport(int32_t timeout) try {
  ACLSIM_PROLOGUE(aclrtProcessReport);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->host_tasks().Process(HostTaskKind::kCallback, timeout));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void* args) try {
  ACLSIM_PROLOGUE(aclrtLaunchHostFunc);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->host_tasks().LaunchHostFunc(ToStream(stream), fn, args));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream) try {
  ACLSIM_PROLOGUE(aclrtSubscribeHostFunc);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->host_tasks().SubscribeHostFunc(hostFuncThreadId, ToStream(exeStream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream) try {
  ACLSIM_PROLOGUE(aclrtUnSubscribeHostFunc);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->host_tasks().UnsubscribeHostFunc(hostFuncThreadId, ToStream(exeStream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtProcessHostFunc(int32_t timeout) try {
  ACLSIM_PROLOGUE(aclrtProcessHostFunc);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->host_tasks().Process(HostTaskKind::kHostFunc, timeout));
}
ACLSIM_EDGE_CATCH

}  // extern "C"
