// Notifies, stream memory operations, bounded synchronisation, failure
// modes, aborts and the flagged event calls of acl_rt.h (hicann/runtime
// docs/zh/api_ref/06, 07, 08 and 11-09; runtime/stream_sync.h).
#include <string>

#include "acl/acl.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::ToEvent;
using aclsim::api::ToStream;

namespace {

aclsim::runtime::Notify* ToNotify(aclrtNotify n) { return static_cast<aclsim::runtime::Notify*>(n); }

aclError SyncFail(aclError code, const std::string& message) {
  aclsim::api::SetError(code, message);
  return code;
}

// The event flag calls that need a graph being captured (aclmdlRICapture*).
aclError SyncNotCapturing(const char* api, const char* flag) {
  return SyncFail(ACL_ERROR_RT_PARAM_INVALID,
                  std::string(api) + ": " + flag + " is only valid on a stream being captured into a model instance");
}

}  // namespace

extern "C" {

// ------------------------------------------------------------------ events

// Flags other than ACL_EVENT_IPC make an ordinary event (every event keeps
// timestamps and can be waited for); such an event cannot be reset, nor
// queried with aclrtQueryEvent or aclrtQueryEventWaitStatus (page 07).
ACL_FUNC_VISIBILITY aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclrtCreateEventExWithFlag);
  // ACL_EVENT_IPC is used alone (api_error.cc, EventCreateEx).
  if ((flag & ACL_EVENT_IPC) != 0 && flag != ACL_EVENT_IPC) {
    return SyncFail(ACL_ERROR_RT_PARAM_INVALID,
                    std::string(kApiName) + ": ACL_EVENT_IPC cannot be combined with another flag");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = flag == ACL_EVENT_IPC ? rt->ipc_events().CreateEvent() : rt->devices().CreateEvent();
  if (!created.ok()) return Convert(__func__, created.status());
  rt->stream_sync().SetEventKind(*created, {flag, /*ex=*/true, /*with_flag=*/false});
  *event = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclrtRecordEventWithFlag);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  // An external record belongs in a model instance being captured, where it
  // is recorded like any other.
  if (flag == ACL_EVENT_RECORD_EXTERNAL && rt->instances().CheckNotCapturing(ToStream(stream), "").ok()) {
    return SyncNotCapturing(kApiName, "ACL_EVENT_RECORD_EXTERNAL");
  }
  return Convert(__func__, rt->RecordEvent(ToEvent(event), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtResetEvent);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status ipc = rt->ipc_events().Refuse(ToEvent(event), kApiName);
  if (!ipc.ok()) return Convert(__func__, ipc);
  const aclsim::runtime::EventKind kind = rt->stream_sync().KindOf(ToEvent(event));
  // aclrtCreateEvent's events synchronise streams as ACL_EVENT_SYNC ones do
  // (CANN's stream/2_multi_stream sample resets one).
  // The page allows ACL_EVENT_SYNC events only; CANN's
  // model_ri/1_model_update sample resets an ACL_EVENT_EXTERNAL one and
  // expects success, so those are accepted too (docs/differences.md).
  if (kind.ex || (kind.with_flag && (kind.flags & (ACL_EVENT_SYNC | ACL_EVENT_EXTERNAL)) == 0)) {
    return SyncFail(ACL_ERROR_RT_PARAM_INVALID, std::string(kApiName) +
                                                    ": an event created by aclrtCreateEventExWithFlag, or by "
                                                    "aclrtCreateEventWithFlag without ACL_EVENT_SYNC, cannot be reset");
  }
  // On a capturing stream the reset is also recorded into the instance
  // (docs/model_ri.md); it takes effect at once either way.
  const aclsim::Status recorded = rt->ResetEvent(ToEvent(event), ToStream(stream));
  if (!recorded.ok()) return Convert(__func__, recorded);
  return Convert(__func__, rt->devices().ResetEvent(ToEvent(event), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status) try {
  ACLSIM_PROLOGUE(aclrtQueryEventWaitStatus);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status ipc = rt->ipc_events().Refuse(ToEvent(event), kApiName);
  if (!ipc.ok()) return Convert(__func__, ipc);
  if (rt->stream_sync().KindOf(ToEvent(event)).ex) {
    return SyncFail(ACL_ERROR_RT_PARAM_INVALID,
                    std::string(kApiName) + ": an event created by aclrtCreateEventExWithFlag has no wait status");
  }
  auto done = rt->stream_sync().EventWaitsComplete(ToEvent(event));
  if (!done.ok()) return Convert(__func__, done.status());
  *status = *done ? ACL_EVENT_WAIT_STATUS_COMPLETE : ACL_EVENT_WAIT_STATUS_NOT_READY;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout) try {
  ACLSIM_PROLOGUE(aclrtSynchronizeEventWithTimeout);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (rt->ipc_events().IsIpc(ToEvent(event))) {
    return Convert(__func__, rt->ipc_events().Synchronize(ToEvent(event), timeout));
  }
  return Convert(__func__, rt->stream_sync().SynchronizeEvent(ToEvent(event), timeout));
}
ACLSIM_EDGE_CATCH

// Microseconds of the device clock (the simulated device's counter starts
// at its clock origin, docs/time_base.md).
ACL_FUNC_VISIBILITY aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t* timestamp) try {
  ACLSIM_PROLOGUE(aclrtEventGetTimestamp);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status ipc = rt->ipc_events().Refuse(ToEvent(event), kApiName);
  if (!ipc.ok()) return Convert(__func__, ipc);
  auto us = rt->stream_sync().EventTimestampUs(ToEvent(event));
  if (!us.ok()) return Convert(__func__, us.status());
  *timestamp = *us;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// The device's event number (a reset event gets a new one).
ACL_FUNC_VISIBILITY aclError aclrtGetEventId(aclrtEvent event, uint32_t* eventId) try {
  ACLSIM_PROLOGUE(aclrtGetEventId);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::Status ipc = rt->ipc_events().Refuse(ToEvent(event), kApiName);
  if (!ipc.ok()) return Convert(__func__, ipc);
  auto resolved = rt->devices().ResolveEvent(ToEvent(event));
  if (!resolved.ok()) return Convert(__func__, resolved.status());
  *eventId = static_cast<uint32_t>(resolved->second);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// The timeout bounds a wait for a record that is never made; a record
// already submitted is always reached (the simulated device never hangs),
// so it changes nothing here.
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEventWithFlag(aclrtStream stream, aclrtEvent event, uint32_t timeout,
                                                          uint32_t flag) try {
  ACLSIM_PROLOGUE(aclrtStreamWaitEventWithFlag);
  (void)timeout;
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (flag == ACL_EVENT_WAIT_EXTERNAL && rt->instances().CheckNotCapturing(ToStream(stream), "").ok()) {
    return SyncNotCapturing(kApiName, "ACL_EVENT_WAIT_EXTERNAL");
  }
  return Convert(__func__, rt->StreamWaitEvent(ToStream(stream), ToEvent(event)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event,
                                                             int32_t timeout) try {
  ACLSIM_PROLOGUE(aclrtStreamWaitEventWithTimeout);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->StreamWaitEvent(ToStream(stream), ToEvent(event)));
}
ACLSIM_EDGE_CATCH

// ----------------------------------------------------------------- streams

ACL_FUNC_VISIBILITY aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode) try {
  ACLSIM_PROLOGUE(aclrtSetStreamFailureMode);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->stream_sync().SetFailureMode(ToStream(stream), mode == ACL_STOP_ON_FAILURE));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) try {
  ACLSIM_PROLOGUE(aclrtSynchronizeStreamWithTimeout);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->stream_sync().SynchronizeStream(ToStream(stream), timeout));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout) try {
  ACLSIM_PROLOGUE(aclrtSynchronizeDeviceWithTimeout);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->stream_sync().SynchronizeDevice(timeout));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtStreamAbort(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtStreamAbort);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->stream_sync().AbortStream(ToStream(stream)));
}
ACLSIM_EDGE_CATCH

// Tasks of the simulated device are never running while the host calls:
// their times are settled when they are submitted. Stopping the running
// task is therefore nothing; the stream is checked.
ACL_FUNC_VISIBILITY aclError aclrtStreamStop(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtStreamStop);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().ResolveStream(ToStream(stream)).status());
}
ACLSIM_EDGE_CATCH

// Priorities 0 (highest) to 7, as aclrtCreateStreamWithConfig takes them.
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetStreamPriorityRange(int32_t* leastPriority, int32_t* greatestPriority) try {
  ACLSIM_PROLOGUE(aclrtDeviceGetStreamPriorityRange);
  *leastPriority = 7;
  *greatestPriority = 0;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// -------------------------------------------------- stream memory operations

ACL_FUNC_VISIBILITY aclError aclrtValueWrite(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtValueWrite);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->stream_sync().ValueWrite(devAddr, value, ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtValueWait(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtValueWait);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->stream_sync().ValueWait(devAddr, value, static_cast<aclsim::runtime::ValueCompare>(flag),
                                                       ToStream(stream)));
}
ACLSIM_EDGE_CATCH

// ----------------------------------------------------------------- notifies

// ACL_NOTIFY_DEVICE_USE_ONLY makes an ordinary notify: every notify is
// recorded and waited for by streams only.
ACL_FUNC_VISIBILITY aclError aclrtCreateNotify(aclrtNotify* notify, uint64_t flag) try {
  ACLSIM_PROLOGUE(aclrtCreateNotify);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->stream_sync().CreateNotify();
  if (!created.ok()) return Convert(__func__, created.status());
  *notify = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDestroyNotify(aclrtNotify notify) try {
  ACLSIM_PROLOGUE(aclrtDestroyNotify);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->stream_sync().DestroyNotify(ToNotify(notify)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtRecordNotify);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->stream_sync().RecordNotify(ToNotify(notify), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

// The timeout bounds a wait for a record that never comes; aclsim's wait
// holds the stream until the record (docs/differences.md).
ACL_FUNC_VISIBILITY aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream, uint32_t timeout) try {
  ACLSIM_PROLOGUE(aclrtWaitAndResetNotify);
  (void)timeout;
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->stream_sync().WaitAndResetNotify(ToNotify(notify), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetNotifyId(aclrtNotify notify, uint32_t* notifyId) try {
  ACLSIM_PROLOGUE(aclrtGetNotifyId);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto id = rt->stream_sync().NotifyId(ToNotify(notify));
  if (!id.ok()) return Convert(__func__, id.status());
  *notifyId = *id;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtNotifyBatchReset(aclrtNotify* notifies, size_t num) try {
  ACLSIM_PROLOGUE(aclrtNotifyBatchReset);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__,
                 rt->stream_sync().ResetNotifies(reinterpret_cast<aclsim::runtime::Notify* const*>(notifies), num));
}
ACLSIM_EDGE_CATCH

}  // extern "C"
