// Exception information (acl_rt.h; hicann/runtime
// docs/zh/api_ref/13_exception_handling.md): the process's exception
// callbacks, the getters of the record they are handed, and
// aclrtGetThreadLastTaskId (12_execution_control.md). The callbacks are
// runtime::TaskExceptions' (runtime/task_exceptions.h): a failed task is
// reported on the thread that submitted it, with the record below, which
// lives for the duration of the callback.
#include <cstdint>
#include <string>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "runtime/task_exceptions.h"

using aclsim::runtime::TaskExceptions;
using aclsim::runtime::TaskFailure;

// aclrtExceptionInfo's definition (opaque to programs).
struct rtExceptionInfo {
  TaskFailure failure;
};

namespace {

constexpr uint32_t kInvalidExceptionInfo = 0xFFFFFFFFu;  // CANN's answer for a NULL record

void CallC(const TaskFailure& failure, uintptr_t id) {
  rtExceptionInfo info{failure};
  reinterpret_cast<aclrtExceptionInfoCallback>(id)(&info);
}

uintptr_t IdOf(aclrtExceptionInfoCallback callback) { return reinterpret_cast<uintptr_t>(callback); }

// A getter's NULL record: 0xFFFFFFFF, with a message.
uint32_t NullInfo(const char* function) {
  aclsim::api::SetError(static_cast<aclError>(kInvalidExceptionInfo), std::string(function) + ": info is NULL");
  return kInvalidExceptionInfo;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback) try {
  ACLSIM_PROLOGUE(aclrtSetExceptionInfoCallback);
  TaskExceptions::Process().Set(&CallC, IdOf(callback));
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtExceptionInfoCallbackRegister(aclrtExceptionInfoCallback callback) try {
  ACLSIM_PROLOGUE(aclrtExceptionInfoCallbackRegister);
  TaskExceptions::Process().Register(&CallC, IdOf(callback));
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtExceptionInfoCallbackUnregister(aclrtExceptionInfoCallback callback) try {
  ACLSIM_PROLOGUE(aclrtExceptionInfoCallbackUnregister);
  TaskExceptions::Process().Unregister(IdOf(callback));
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo* info) try {
  ACLSIM_PROLOGUE(aclrtGetTaskIdFromExceptionInfo);
  return info == nullptr ? NullInfo(kApiName) : info->failure.task_id;
}
ACLSIM_EDGE_CATCH_RETURN(kInvalidExceptionInfo)

ACL_FUNC_VISIBILITY uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo* info) try {
  ACLSIM_PROLOGUE(aclrtGetStreamIdFromExceptionInfo);
  return info == nullptr ? NullInfo(kApiName) : info->failure.stream_id;
}
ACLSIM_EDGE_CATCH_RETURN(kInvalidExceptionInfo)

ACL_FUNC_VISIBILITY uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo* info) try {
  ACLSIM_PROLOGUE(aclrtGetThreadIdFromExceptionInfo);
  return info == nullptr ? NullInfo(kApiName) : info->failure.thread_id;
}
ACLSIM_EDGE_CATCH_RETURN(kInvalidExceptionInfo)

ACL_FUNC_VISIBILITY uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo* info) try {
  ACLSIM_PROLOGUE(aclrtGetDeviceIdFromExceptionInfo);
  return info == nullptr ? NullInfo(kApiName) : info->failure.device_id;
}
ACLSIM_EDGE_CATCH_RETURN(kInvalidExceptionInfo)

ACL_FUNC_VISIBILITY uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo* info) try {
  ACLSIM_PROLOGUE(aclrtGetErrorCodeFromExceptionInfo);
  return info == nullptr ? NullInfo(kApiName) : info->failure.error;
}
ACLSIM_EDGE_CATCH_RETURN(kInvalidExceptionInfo)

// A kernel's record answers its argument buffer: simulated kernels have
// none, so the buffer is (NULL, 0). A marker's record has no arguments at
// all: 0xFFFFFFFF, as CANN answers a task that is no kernel.
ACL_FUNC_VISIBILITY aclError aclrtGetArgsFromExceptionInfo(const aclrtExceptionInfo* info, void** devArgsPtr,
                                                           uint32_t* devArgsLen) try {
  ACLSIM_PROLOGUE(aclrtGetArgsFromExceptionInfo);
  if (info == nullptr) return static_cast<aclError>(NullInfo(kApiName));
  if (devArgsPtr == nullptr) return aclsim::api::InvalidParam(kApiName, "devArgsPtr is NULL");
  if (devArgsLen == nullptr) return aclsim::api::InvalidParam(kApiName, "devArgsLen is NULL");
  if (!info->failure.kernel) {
    aclsim::api::SetError(static_cast<aclError>(kInvalidExceptionInfo),
                          std::string(kApiName) + ": the failed task is no kernel, so it has no arguments");
    return static_cast<aclError>(kInvalidExceptionInfo);
  }
  *devArgsPtr = nullptr;
  *devArgsLen = 0;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// No simulated task runs a function of a loaded binary (aclrtBinaryLoad…),
// so there is no handle: CANN's answer then is 107000 with *func NULL.
ACL_FUNC_VISIBILITY aclError aclrtGetFuncHandleFromExceptionInfo(const aclrtExceptionInfo* info,
                                                                 aclrtFuncHandle* func) try {
  ACLSIM_PROLOGUE(aclrtGetFuncHandleFromExceptionInfo);
  if (info == nullptr) return static_cast<aclError>(NullInfo(kApiName));
  if (func == nullptr) return aclsim::api::InvalidParam(kApiName, "func is NULL");
  *func = nullptr;
  aclsim::api::SetError(ACL_ERROR_RT_PARAM_INVALID,
                        std::string(kApiName) + ": the failed task ran no function of a loaded binary");
  return ACL_ERROR_RT_PARAM_INVALID;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetThreadLastTaskId(uint32_t* taskId) try {
  ACLSIM_PROLOGUE(aclrtGetThreadLastTaskId);
  *taskId = aclsim::runtime::ThreadLastTaskId();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
