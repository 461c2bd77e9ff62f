// Stream and event entry points (acl_rt.h).
#include "acl/acl.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::api::ToEvent;
using aclsim::api::ToStream;

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream* stream) try {
  aclsim::api::ApiScope api_scope("aclrtCreateStream");
  if (stream == nullptr) return InvalidParam("aclrtCreateStream", "stream is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->devices().CreateStream();
  if (!created.ok()) return Convert(__func__, created.status());
  *stream = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream) try {
  aclsim::api::ApiScope api_scope("aclrtDestroyStream");
  if (stream == nullptr) return InvalidParam("aclrtDestroyStream", "stream is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().DestroyStream(ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream) try {
  aclsim::api::ApiScope api_scope("aclrtSynchronizeStream");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SynchronizeStream(ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) try {
  if (status == nullptr) return InvalidParam("aclrtStreamQuery", "status is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto idle = rt->devices().QueryStream(ToStream(stream));
  if (!idle.ok()) return Convert(__func__, idle.status());
  *status = *idle ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent* event) try {
  if (event == nullptr) return InvalidParam("aclrtCreateEvent", "event is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->devices().CreateEvent();
  if (!created.ok()) return Convert(__func__, created.status());
  *event = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) try {
  if (event == nullptr) return InvalidParam("aclrtCreateEventWithFlag", "event is NULL");
  if ((flag & ~(ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE)) != 0) {
    return InvalidParam("aclrtCreateEventWithFlag", "unknown flag bits");
  }
  return aclrtCreateEvent(event);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event) try {
  if (event == nullptr) return InvalidParam("aclrtDestroyEvent", "event is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().DestroyEvent(ToEvent(event)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) try {
  aclsim::api::ApiScope api_scope("aclrtRecordEvent");
  if (event == nullptr) return InvalidParam("aclrtRecordEvent", "event is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().RecordEvent(ToEvent(event), ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) try {
  aclsim::api::ApiScope api_scope("aclrtStreamWaitEvent");
  if (event == nullptr) return InvalidParam("aclrtStreamWaitEvent", "event is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().StreamWaitEvent(ToStream(stream), ToEvent(event)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event) try {
  aclsim::api::ApiScope api_scope("aclrtSynchronizeEvent");
  if (event == nullptr) return InvalidParam("aclrtSynchronizeEvent", "event is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SynchronizeEvent(ToEvent(event)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) try {
  if (event == nullptr || status == nullptr) return InvalidParam("aclrtQueryEvent", "NULL argument");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto state = rt->devices().QueryEvent(ToEvent(event));
  if (!state.ok()) return Convert(__func__, state.status());
  *status = state->complete ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) try {
  if (event == nullptr || status == nullptr) return InvalidParam("aclrtQueryEventStatus", "NULL argument");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto state = rt->devices().QueryEvent(ToEvent(event));
  if (!state.ok()) return Convert(__func__, state.status());
  *status = state->complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) try {
  if (ms == nullptr || startEvent == nullptr || endEvent == nullptr) {
    return InvalidParam("aclrtEventElapsedTime", "NULL argument");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto elapsed = rt->devices().EventElapsedTime(ToEvent(startEvent), ToEvent(endEvent));
  if (!elapsed.ok()) return Convert(__func__, elapsed.status());
  *ms = *elapsed;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
