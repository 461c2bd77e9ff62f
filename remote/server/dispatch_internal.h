// What the generated device-request handlers (server/device_requests.cc,
// from runtime/device/device_api.py) and the hand-written dispatch
// (server/dispatch.cc) share: the call context and the helpers for handle
// ownership, submissions and the completion sink.
#ifndef ACLSIM_REMOTE_SERVER_DISPATCH_INTERNAL_H_
#define ACLSIM_REMOTE_SERVER_DISPATCH_INTERNAL_H_

#include <cstdint>
#include <functional>

#include "remote/server/dispatch.h"

namespace aclsim::remote {

// One device request: the device is open on this connection.
struct DeviceCall {
  SessionState& session;
  device::Device& dev;
  DeviceState& state;  // what this connection opened on |dev|
  const char* name;    // the request type's name, for error messages
  Reader& r;
  Writer& body;
};

// kInvalidArgument naming the malformed request |what|.
Status BadArgs(const char* what);
// OK when this connection created handle |id| of |kind|; else kInvalidHandle.
Status Own(const DeviceCall& c, HandleKind kind, uint64_t id);
// Records that this connection created / destroyed handle |id|.
void Track(DeviceCall& c, HandleKind kind, uint64_t id);
void Untrack(DeviceCall& c, HandleKind kind, uint64_t id);
// Runs a submission with this session's record collector installed and
// writes {u64 task id, u32 record count, records} (records only while the
// client asked for them).
Status Submit(DeviceCall& c, const std::function<StatusOr<device::TaskId>()>& call);
// The SetCompletionSink request: {u8 on}.
Status SetSink(DeviceCall& c);

// Dispatches a device request (generated).
Status HandleDeviceRequest(MessageType type, DeviceCall& c);

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_SERVER_DISPATCH_INTERNAL_H_
