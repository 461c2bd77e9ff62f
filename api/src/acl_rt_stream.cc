// Stream and event entry points (acl_rt.h).
#include <cstring>
#include <string>

#include "acl/acl.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"
#include "api/src/stream_state.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::api::ToEvent;
using aclsim::api::ToStream;

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream* stream) try {
  ACLSIM_PROLOGUE(aclrtCreateStream);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->devices().CreateStream();
  if (!created.ok()) return Convert(__func__, created.status());
  *stream = *created;
  aclsim::api::NotifyStreamState(*created, ACL_RT_STREAM_STATE_CREATE_POST);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtDestroyStream);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (rt->devices().ResolveStream(ToStream(stream)).ok() && stream != nullptr) {
    aclsim::api::NotifyStreamState(stream, ACL_RT_STREAM_STATE_DESTROY_PRE);
  }
  return Convert(__func__, rt->DestroyStream(ToStream(stream), /*force=*/false));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtSynchronizeStream);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status refused = rt->instances().CheckNotCapturing(ToStream(stream), kApiName);
  if (!refused.ok()) return Convert(__func__, refused);
  return Convert(__func__, rt->devices().SynchronizeStream(ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) try {
  ACLSIM_PROLOGUE(aclrtStreamQuery);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status refused = rt->instances().CheckNotCapturing(ToStream(stream), kApiName);
  if (!refused.ok()) return Convert(__func__, refused);
  auto idle = rt->devices().QueryStream(ToStream(stream));
  if (!idle.ok()) return Convert(__func__, idle.status());
  *status = *idle ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent* event) try {
  ACLSIM_PROLOGUE(aclrtCreateEvent);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->devices().CreateEvent();
  if (!created.ok()) return Convert(__func__, created.status());
  *event = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// Every event keeps timestamps and can be waited for, whatever its flags;
// they decide which calls accept it (aclrtResetEvent needs ACL_EVENT_SYNC).
ACL_FUNC_VISIBILITY aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclrtCreateEventWithFlag);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->devices().CreateEvent();
  if (!created.ok()) return Convert(__func__, created.status());
  rt->stream_sync().SetEventKind(*created, {flag, /*ex=*/false, /*with_flag=*/true});
  *event = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event) try {
  ACLSIM_PROLOGUE(aclrtDestroyEvent);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status destroyed = rt->devices().DestroyEvent(ToEvent(event));
  if (destroyed.ok()) {
    rt->stream_sync().ForgetEvent(ToEvent(event));
    rt->ipc_events().Forget(ToEvent(event));
  }
  return Convert(__func__, destroyed);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtRecordEvent);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->RecordEvent(ToEvent(event), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) try {
  ACLSIM_PROLOGUE(aclrtStreamWaitEvent);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->StreamWaitEvent(ToStream(stream), ToEvent(event)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event) try {
  ACLSIM_PROLOGUE(aclrtSynchronizeEvent);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (rt->ipc_events().IsIpc(ToEvent(event)))
    return Convert(__func__, rt->ipc_events().Synchronize(ToEvent(event), -1));
  aclsim::Status refused = rt->instances().CheckEventNotCaptured(ToEvent(event), kApiName);
  if (!refused.ok()) return Convert(__func__, refused);
  return Convert(__func__, rt->devices().SynchronizeEvent(ToEvent(event)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) try {
  ACLSIM_PROLOGUE(aclrtQueryEvent);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status ipc = rt->ipc_events().Refuse(ToEvent(event), kApiName);
  if (!ipc.ok()) return Convert(__func__, ipc);
  aclsim::Status refused = rt->instances().CheckEventNotCaptured(ToEvent(event), kApiName);
  if (!refused.ok()) return Convert(__func__, refused);
  if (rt->stream_sync().KindOf(ToEvent(event)).ex) {
    aclsim::api::SetError(ACL_ERROR_RT_PARAM_INVALID,
                          std::string(kApiName) +
                              ": an event created by aclrtCreateEventExWithFlag cannot be queried "
                              "with aclrtQueryEvent (use aclrtQueryEventStatus)");
    return ACL_ERROR_RT_PARAM_INVALID;
  }
  auto state = rt->devices().QueryEvent(ToEvent(event));
  if (!state.ok()) return Convert(__func__, state.status());
  *status = state->complete ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) try {
  ACLSIM_PROLOGUE(aclrtQueryEventStatus);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (rt->ipc_events().IsIpc(ToEvent(event))) {
    auto complete = rt->ipc_events().Complete(ToEvent(event));
    if (!complete.ok()) return Convert(__func__, complete.status());
    *status = *complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    return ACL_SUCCESS;
  }
  aclsim::Status refused = rt->instances().CheckEventNotCaptured(ToEvent(event), kApiName);
  if (!refused.ok()) return Convert(__func__, refused);
  auto state = rt->devices().QueryEvent(ToEvent(event));
  if (!state.ok()) return Convert(__func__, state.status());
  *status = state->complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) try {
  ACLSIM_PROLOGUE(aclrtEventElapsedTime);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status ipc = rt->ipc_events().Refuse(ToEvent(startEvent), kApiName);
  if (ipc.ok()) ipc = rt->ipc_events().Refuse(ToEvent(endEvent), kApiName);
  if (!ipc.ok()) return Convert(__func__, ipc);
  aclsim::Status refused = rt->instances().CheckEventNotCaptured(ToEvent(startEvent), kApiName);
  if (refused.ok()) refused = rt->instances().CheckEventNotCaptured(ToEvent(endEvent), kApiName);
  if (!refused.ok()) return Convert(__func__, refused);
  auto elapsed = rt->devices().EventElapsedTime(ToEvent(startEvent), ToEvent(endEvent));
  if (!elapsed.ok()) return Convert(__func__, elapsed.status());
  *ms = *elapsed;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"

extern "C" {

// aclrtStreamGetId (hicann/runtime docs/zh/api_ref/06_stream_management.md):
// the stream's device-local id, the "Stream ID" of the exports; NULL is the
// current context's default stream.
ACL_FUNC_VISIBILITY aclError aclrtStreamGetId(aclrtStream stream, int32_t* streamId) try {
  ACLSIM_PROLOGUE(aclrtStreamGetId);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto target = rt->devices().ResolveTarget(ToStream(stream));
  if (!target.ok()) return Convert(__func__, target.status());
  *streamId = static_cast<int32_t>(target->stream);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// aclrtProfTrace (docs/zh/api_ref/24_other_APIs.md; runtime's rtsProfTrace):
// a profiling marker on |stream| from a packed {u64 id; u64 modelId; u16
// tagId} of at most 18 bytes, zero-filled when shorter. NULL userdata →
// 100000, a length outside (0, 18] → 107000. The marker carries id and tag
// (the step and msproftx tags mean what they mean for those markers);
// aclsim's markers all report model id 0xFFFFFFFF, so modelId is not kept.
ACL_FUNC_VISIBILITY aclError aclrtProfTrace(void* userdata, int32_t length, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtProfTrace);
  constexpr int32_t kUserDataSize = 18;
  if (length <= 0 || length > kUserDataSize) {
    aclsim::api::SetError(ACL_ERROR_RT_PARAM_INVALID,
                          "aclrtProfTrace: length " + std::to_string(length) + " is not in (0, 18]");
    return ACL_ERROR_RT_PARAM_INVALID;
  }
  unsigned char data[kUserDataSize] = {};
  std::memcpy(data, userdata, static_cast<size_t>(length));
  uint64_t id = 0;
  uint16_t tag = 0;
  std::memcpy(&id, data, sizeof(id));
  std::memcpy(&tag, data + 16, sizeof(tag));
  aclsim::api::ApiScope api_scope(kApiName);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().StepMarker(ToStream(stream), id, tag));
}
ACLSIM_EDGE_CATCH

// aclrtCreateStreamWithConfig (docs/zh/api_ref/06_stream_management.md):
// FAST_LAUNCH, FAST_SYNC and HUGE tune how CANN's runtime submits, waits and
// sizes the queue, which changes nothing the simulation models: such a
// stream is an ordinary one. A PERSISTENT stream is one that
// aclmdlRIBindStream takes (its tasks are then recorded, docs/model_ri.md);
// unbound it runs its tasks as any stream. CPU_SCHEDULE and DEVICE_USE_ONLY
// streams do not run their tasks as submitted, which aclsim does not
// simulate: 200001 naming the flag. Bits of no flag make an ordinary stream,
// as CANN documents. Priority ("reserved") and flags are kept for
// aclrtStreamGetPriority/Flags.
ACL_FUNC_VISIBILITY aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclrtCreateStreamWithConfig);
  constexpr struct {
    uint32_t bit;
    const char* name;
  } kUnsimulated[] = {{ACL_STREAM_CPU_SCHEDULE, "ACL_STREAM_CPU_SCHEDULE"},
                      {ACL_STREAM_DEVICE_USE_ONLY, "ACL_STREAM_DEVICE_USE_ONLY"}};
  for (const auto& f : kUnsimulated) {
    if ((flag & f.bit) != 0) {
      aclsim::api::SetError(ACL_ERROR_API_NOT_SUPPORT, std::string("aclrtCreateStreamWithConfig: ") + f.name +
                                                           " streams are not simulated by aclsim");
      return ACL_ERROR_API_NOT_SUPPORT;
    }
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->devices().CreateStream(priority, flag);
  if (!created.ok()) return Convert(__func__, created.status());
  *stream = *created;
  aclsim::api::NotifyStreamState(*created, ACL_RT_STREAM_STATE_CREATE_POST);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// aclrtDestroyStreamForce: the stream is forgotten without the host waiting
// for it. Work already submitted is not cancelled: the simulated device
// still completes it (runtime/device_table.h).
ACL_FUNC_VISIBILITY aclError aclrtDestroyStreamForce(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtDestroyStreamForce);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (rt->devices().ResolveStream(ToStream(stream)).ok() && stream != nullptr) {
    aclsim::api::NotifyStreamState(stream, ACL_RT_STREAM_STATE_DESTROY_PRE);
  }
  return Convert(__func__, rt->DestroyStream(ToStream(stream), /*force=*/true));
}
ACLSIM_EDGE_CATCH

// NULL is the current context's default stream (priority 0, flags 0).
ACL_FUNC_VISIBILITY aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t* priority) try {
  ACLSIM_PROLOGUE(aclrtStreamGetPriority);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto resolved = rt->devices().ResolveStream(ToStream(stream));
  if (!resolved.ok()) return Convert(__func__, resolved.status());
  *priority = (*resolved)->priority();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t* flags) try {
  ACLSIM_PROLOGUE(aclrtStreamGetFlags);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto resolved = rt->devices().ResolveStream(ToStream(stream));
  if (!resolved.ok()) return Convert(__func__, resolved.status());
  *flags = (*resolved)->flags();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
