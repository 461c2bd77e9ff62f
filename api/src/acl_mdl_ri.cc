// Model runtime instances (acl_rt.h's aclmdlRI*): capture, build, execute.
//
// Written from hicann/runtime docs/zh/api_ref/15_model_running_instance__management.md
// and the checks of its runtime (src/acl/aclrt_impl/model_ri.cpp,
// src/runtime/feature/aclgraph/), commit 681ef7610df1: NULL handles and
// outputs are 100000 (the acl layer's checks), values the runtime layer
// rejects 107000. The behaviour is runtime/model_ri.h's; docs/model_ri.md.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"
#include "runtime/log.h"

using aclsim::api::Convert;
using aclsim::api::RawEnum;
using aclsim::api::ToStream;
using aclsim::runtime::CaptureMode;
using aclsim::runtime::ModelRI;

namespace {

ModelRI* ToRI(aclmdlRI ri) { return static_cast<ModelRI*>(ri); }

// A value the runtime layer rejects: 107000 with the message.
aclError RtInvalid(const char* function, const std::string& what) {
  aclsim::api::SetError(ACL_ERROR_RT_PARAM_INVALID, std::string(function) + ": " + what);
  return ACL_ERROR_RT_PARAM_INVALID;
}

// By reference: the value a C caller passed is read through RawEnum only.
bool ValidMode(const aclmdlRICaptureMode& mode) {
  const auto raw = static_cast<int64_t>(RawEnum(mode));
  return raw >= 0 && raw <= ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode) try {
  ACLSIM_PROLOGUE(aclmdlRICaptureBegin);
  if (!ValidMode(mode)) return RtInvalid(kApiName, "mode is not an aclmdlRICaptureMode");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->BeginCapture(ToStream(stream), static_cast<CaptureMode>(RawEnum(mode))));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus* status,
                                                    aclmdlRI* modelRI) try {
  ACLSIM_PROLOGUE(aclmdlRICaptureGetInfo);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto s = rt->devices().ResolveStream(ToStream(stream));
  if (!s.ok()) return Convert(__func__, s.status());
  const aclsim::runtime::CaptureInfo info = rt->instances().GetInfo(*s);
  if (status != nullptr) *status = info.active ? ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE : ACL_MODEL_RI_CAPTURE_STATUS_NONE;
  if (modelRI != nullptr) *modelRI = info.instance;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI* modelRI) try {
  ACLSIM_PROLOGUE(aclmdlRICaptureEnd);
  if (modelRI == nullptr) return RtInvalid(kApiName, "modelRI is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto ri = rt->EndCapture(ToStream(stream));
  if (!ri.ok()) return Convert(__func__, ri.status());
  *modelRI = *ri;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIDebugPrint(aclmdlRI modelRI) try {
  ACLSIM_PROLOGUE(aclmdlRIDebugPrint);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto json = rt->InstanceJson(ToRI(modelRI), /*verbose=*/false);
  if (!json.ok()) return Convert(__func__, json.status());
  aclsim::Log(aclsim::LogLevel::kInfo, std::string(kApiName) + ": " + *json);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char* path, uint32_t flags) try {
  ACLSIM_PROLOGUE(aclmdlRIDebugJsonPrint);
  if (flags != ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY && flags != ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE) {
    return RtInvalid(kApiName, "flags is not an ACL_MDLRI_DEBUG_JSON_PRINT_* value");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto json = rt->InstanceJson(ToRI(modelRI), flags == ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE);
  if (!json.ok()) return Convert(__func__, json.status());
  std::FILE* f = std::fopen(path, "wb");
  const bool written = f != nullptr && std::fwrite(json->data(), 1, json->size(), f) == json->size();
  if (f != nullptr && std::fclose(f) != 0) return RtInvalid(kApiName, std::string("cannot write ") + path);
  if (!written) return RtInvalid(kApiName, std::string("cannot write ") + path);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode* mode) try {
  ACLSIM_PROLOGUE(aclmdlRICaptureThreadExchangeMode);
  if (!ValidMode(*mode)) return RtInvalid(kApiName, "*mode is not an aclmdlRICaptureMode");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  const CaptureMode previous =
      rt->instances().ExchangeMode(aclsim::runtime::CurrentThreadId(), static_cast<CaptureMode>(RawEnum(*mode)));
  *mode = static_cast<aclmdlRICaptureMode>(previous);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclmdlRIExecuteAsync);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->ExecuteInstance(ToRI(modelRI), ToStream(stream), /*synchronous=*/false));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout) try {
  ACLSIM_PROLOGUE(aclmdlRIExecute);
  if (timeout < -1 || timeout == 0) return RtInvalid(kApiName, "timeout must be -1 or a positive number of ms");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->ExecuteInstance(ToRI(modelRI), nullptr, /*synchronous=*/true));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIDestroy(aclmdlRI modelRI) try {
  ACLSIM_PROLOGUE(aclmdlRIDestroy);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->DestroyInstance(ToRI(modelRI)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclmdlRICaptureTaskGrpBegin);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->instances().BeginTaskGroup(ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp* handle) try {
  ACLSIM_PROLOGUE(aclmdlRICaptureTaskGrpEnd);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto group = rt->instances().EndTaskGroup(ToStream(stream));
  if (!group.ok()) return Convert(__func__, group.status());
  *handle = *group;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle) try {
  ACLSIM_PROLOGUE(aclmdlRICaptureTaskUpdateBegin);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto s = rt->devices().ResolveStream(ToStream(stream));
  if (!s.ok()) return Convert(__func__, s.status());
  return Convert(__func__, rt->instances().BeginUpdate(*s, static_cast<aclsim::runtime::RiGroupHandle*>(handle)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclmdlRICaptureTaskUpdateEnd);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->EndTaskUpdate(ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIBuildBegin(aclmdlRI* modelRI, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclmdlRIBuildBegin);
  if (flag != 0) return RtInvalid(kApiName, "flag is reserved and must be 0");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto ri = rt->BuildBegin();
  if (!ri.ok()) return Convert(__func__, ri.status());
  *modelRI = *ri;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclmdlRIBindStream);
  if (stream == nullptr) return RtInvalid(kApiName, "stream is NULL (the default stream cannot be bound)");
  if (flag != ACL_MODEL_STREAM_FLAG_HEAD && flag != ACL_MODEL_STREAM_FLAG_DEFAULT) {
    return RtInvalid(kApiName, "flag is neither ACL_MODEL_STREAM_FLAG_HEAD nor ACL_MODEL_STREAM_FLAG_DEFAULT");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto s = rt->devices().ResolveStream(ToStream(stream));
  if (!s.ok()) return Convert(__func__, s.status());
  if (((*s)->flags() & ACL_STREAM_PERSISTENT) == 0) {
    return RtInvalid(kApiName, "the stream was not created with ACL_STREAM_PERSISTENT (aclrtCreateStreamWithConfig)");
  }
  return Convert(__func__, rt->instances().Bind(ToRI(modelRI), *s, flag == ACL_MODEL_STREAM_FLAG_HEAD));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclmdlRIEndTask);
  if (stream == nullptr) return RtInvalid(kApiName, "stream is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->instances().EndTask(ToRI(modelRI), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void* reserve) try {
  ACLSIM_PROLOGUE(aclmdlRIBuildEnd);
  (void)reserve;  // NULL: the prologue checked it
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->BuildEnd(ToRI(modelRI)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclmdlRIUnbindStream);
  if (stream == nullptr) return RtInvalid(kApiName, "stream is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->instances().Unbind(ToRI(modelRI), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRISetName(aclmdlRI modelRI, const char* name) try {
  ACLSIM_PROLOGUE(aclmdlRISetName);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->instances().SetName(ToRI(modelRI), name));
}
ACLSIM_EDGE_CATCH

// The name, cut to 512 bytes and to maxLen - 1, NUL-terminated.
ACL_FUNC_VISIBILITY aclError aclmdlRIGetName(aclmdlRI modelRI, uint32_t maxLen, char* name) try {
  ACLSIM_PROLOGUE(aclmdlRIGetName);
  if (maxLen == 0) return RtInvalid(kApiName, "maxLen is 0");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto got = rt->instances().GetName(ToRI(modelRI));
  if (!got.ok()) return Convert(__func__, got.status());
  const size_t n = std::min<size_t>({got->size(), 512, maxLen - 1});
  std::memcpy(name, got->data(), n);
  name[n] = '\0';
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRIGetId(aclmdlRI modelRI, uint32_t* modelRIId) try {
  ACLSIM_PROLOGUE(aclmdlRIGetId);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status live = rt->instances().Check(ToRI(modelRI));
  if (!live.ok()) return Convert(__func__, live);
  *modelRIId = ToRI(modelRI)->id();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICondHandleCreate(aclmdlRI modelRI, uint32_t defaultLaunchValue,
                                                      aclmdlRICondHandleFlag flag, aclmdlRICondHandle* handle) try {
  ACLSIM_PROLOGUE(aclmdlRICondHandleCreate);
  const auto raw = static_cast<int64_t>(RawEnum(flag));
  if (raw < 0 || raw > ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT) return RtInvalid(kApiName, "flag must be 0 or 1");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created =
      rt->CondHandleCreate(ToRI(modelRI), defaultLaunchValue, raw == ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT);
  if (!created.ok()) return Convert(__func__, created.status());
  *handle = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICondHandleGetCondPtr(aclmdlRICondHandle handle, uint64_t** ptr) try {
  ACLSIM_PROLOGUE(aclmdlRICondHandleGetCondPtr);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto value = rt->instances().CondValue(static_cast<aclsim::runtime::RiCondHandle*>(handle));
  if (!value.ok()) return Convert(__func__, value.status());
  *ptr = static_cast<uint64_t*>(*value);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// The sub-instances go to params.modelRIArray[0 .. size).
ACL_FUNC_VISIBILITY aclError aclmdlRIAddCondTask(aclmdlRICondTaskParams params, aclrtStream stream,
                                                 uint32_t flags) try {
  ACLSIM_PROLOGUE(aclmdlRIAddCondTask);
  const auto type = static_cast<int64_t>(RawEnum(params.type));
  if (type < 0 || type > ACL_MODEL_RI_COND_TYPE_SWITCH)
    return RtInvalid(kApiName, "type is not an aclmdlRICondTaskType");
  if (flags != 0) return RtInvalid(kApiName, "flags is reserved and must be 0");
  if (params.handle == nullptr) return RtInvalid(kApiName, "params.handle is NULL");
  if (params.modelRIArray == nullptr) return RtInvalid(kApiName, "params.modelRIArray is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto subs = rt->AddCondTask(static_cast<aclsim::runtime::RiCondHandle*>(params.handle), static_cast<uint32_t>(type),
                              params.size, ToStream(stream));
  if (!subs.ok()) return Convert(__func__, subs.status());
  for (size_t i = 0; i < subs->size(); ++i) params.modelRIArray[i] = (*subs)[i];
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream, aclmdlRI modelRI,
                                                           aclmdlRICaptureMode mode) try {
  ACLSIM_PROLOGUE(aclmdlRICaptureToModelRIBegin);
  if (!ValidMode(mode)) return RtInvalid(kApiName, "mode is not an aclmdlRICaptureMode");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__,
                 rt->BeginCaptureInto(ToStream(stream), ToRI(modelRI), static_cast<CaptureMode>(RawEnum(mode))));
}
ACLSIM_EDGE_CATCH

}  // extern "C"
