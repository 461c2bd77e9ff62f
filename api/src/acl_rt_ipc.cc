// Device memory shared between processes (acl_rt.h's aclrtIpcMem*, and
// aclrtDeviceGetBareTgid); the sharing itself is runtime/ipc_memory.h's
// (docs/ipc.md).
//
// Written from hicann/runtime docs/zh/api_ref/11-07_IPC_memory_sharing.md
// and 04_device_management.md, with the argument checks of CANN's runtime
// (681ef76, src/runtime/api/impl/api_error.cc: IpcSetMemoryName,
// SetIpcMemPid, IpcOpenMemory, IpcSetMemoryAttr): a zero size or length, a
// flag or attribute out of range, a count of 0 are ACL_ERROR_RT_PARAM_INVALID;
// a NULL pointer argument ACL_ERROR_INVALID_PARAM.
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"

using aclsim::Status;
using aclsim::StatusCode;
using aclsim::api::Convert;
using aclsim::api::RawEnum;

namespace {

aclError ParamInvalid(const char* function, const std::string& what) {
  return Convert(function, Status(StatusCode::kInvalidArgument, what));
}

}  // namespace

extern "C" {

// The calling process's id, as importers are whitelisted by it (CANN gives
// the host's id of a containerised process; aclsim's processes share one
// host, so it is getpid()).
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetBareTgid(int32_t* pid) try {
  ACLSIM_PROLOGUE(aclrtDeviceGetBareTgid);
  *pid = static_cast<int32_t>(::getpid());
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtIpcMemGetExportKey(void* devPtr, size_t size, char* key, size_t len,
                                                     uint64_t flags) try {
  ACLSIM_PROLOGUE(aclrtIpcMemGetExportKey);
  if (size == 0) return ParamInvalid(__func__, "size must not be 0");
  if (len == 0) return ParamInvalid(__func__, "len must not be 0");
  if (flags > ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION) {
    return ParamInvalid(__func__, "flags must be ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT or _DISABLE_PID_VALIDATION");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto device = rt->devices().CurrentDevice();
  if (!device.ok()) return Convert(__func__, device.status());
  auto exported =
      rt->ipc_memory().Export(devPtr, size, (flags & ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION) == 0);
  if (!exported.ok()) return Convert(__func__, exported.status());
  if (exported->size() + 1 > len) {
    (void)rt->ipc_memory().Close(*exported);
    return ParamInvalid(__func__, "len " + std::to_string(len) + " cannot hold the key (65 bytes)");
  }
  std::memcpy(key, exported->c_str(), exported->size() + 1);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtIpcMemSetImportPid(const char* key, int32_t* pid, size_t num) try {
  ACLSIM_PROLOGUE(aclrtIpcMemSetImportPid);
  if (num == 0 || num > INT32_MAX) return ParamInvalid(__func__, "num must be in (0, 2147483647]");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->ipc_memory().SetImportPids(key, pid, num));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtIpcMemImportByKey(void** devPtr, const char* key, uint64_t flags) try {
  ACLSIM_PROLOGUE(aclrtIpcMemImportByKey);
  if (flags > ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS) {
    return ParamInvalid(__func__, "flags must be ACL_RT_IPC_MEM_IMPORT_FLAG_DEFAULT or _ENABLE_PEER_ACCESS");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto device = rt->devices().CurrentDevice();
  if (!device.ok()) return Convert(__func__, device.status());
  auto mapped = rt->ipc_memory().Import(key, (*device)->id());
  if (!mapped.ok()) return Convert(__func__, mapped.status());
  *devPtr = *mapped;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtIpcMemClose(const char* key) try {
  ACLSIM_PROLOGUE(aclrtIpcMemClose);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->ipc_memory().Close(key));
}
ACLSIM_EDGE_CATCH

// The link between two dies (SIO or HCCS) that a cross-die access takes:
// checked and accepted; one simulated device has no dies to choose between.
ACL_FUNC_VISIBILITY aclError aclrtIpcMemSetAttr(const char* key, aclrtIpcMemAttrType type, uint64_t attr) try {
  ACLSIM_PROLOGUE(aclrtIpcMemSetAttr);
  if (RawEnum(type) != ACL_RT_IPC_MEM_ATTR_ACCESS_LINK) {
    return ParamInvalid(__func__, "type must be ACL_RT_IPC_MEM_ATTR_ACCESS_LINK");
  }
  if (attr > ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_UB_MULTI_PORT_PATH) {
    return ParamInvalid(__func__, "attr is not an ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_* value");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (!rt->ipc_memory().Exported(key)) {
    return ParamInvalid(__func__, std::string("key \"") + key + "\" was not exported by this process");
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"

extern "C" {

// Events shared between processes (hicann/runtime
// docs/zh/api_ref/07_event_management.md; runtime/ipc_events.h). Only an
// event created with ACL_EVENT_IPC has a handle (CANN: the runtime's
// invalid-value error).
ACL_FUNC_VISIBILITY aclError aclrtIpcGetEventHandle(aclrtEvent event, aclrtIpcEventHandle* handle) try {
  ACLSIM_PROLOGUE(aclrtIpcGetEventHandle);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto* e = static_cast<aclsim::runtime::Event*>(event);
  auto live = rt->devices().ResolveEvent(e);
  if (!live.ok()) return Convert(__func__, live.status());
  auto exported = rt->ipc_events().Export(e);
  if (!exported.ok()) return ParamInvalid(__func__, "the event was not created with ACL_EVENT_IPC");
  static_assert(sizeof(handle->reserved) == aclsim::runtime::kIpcEventHandleBytes, "the handle's size is CANN's");
  std::memcpy(handle->reserved, exported->data(), exported->size());
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// The event is one of the current device's; its state is the creator's.
ACL_FUNC_VISIBILITY aclError aclrtIpcOpenEventHandle(aclrtIpcEventHandle handle, aclrtEvent* event) try {
  ACLSIM_PROLOGUE(aclrtIpcOpenEventHandle);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::runtime::IpcEventHandle bytes{};
  std::memcpy(bytes.data(), handle.reserved, bytes.size());
  auto opened = rt->ipc_events().OpenEvent(bytes);
  if (!opened.ok()) return Convert(__func__, opened.status());
  rt->stream_sync().SetEventKind(*opened, {ACL_EVENT_IPC, /*ex=*/true, /*with_flag=*/false});
  *event = *opened;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
