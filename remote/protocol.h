// Wire format of the remote device protocol ("aclsim remote", v1).
//
// The "remote" backend (remote/client) and aclsim-device-server
// (remote/server) talk over a stream socket — a Unix-domain socket or TCP on
// the loopback interface — with length-prefixed binary frames. This header is
// the one definition of that format; docs/remote_protocol.md describes it
// for people and is kept in step with it.
//
// Frame: a fixed 20-byte header followed by |payload_len| payload bytes.
//   u32 magic        'A','C','L','S' on the wire (kMagic, little-endian)
//   u16 version      kProtocolVersion of the sender
//   u16 type         MessageType; responses set kResponseBit
//   u32 payload_len  <= kMaxPayloadBytes
//   u64 request_id   chosen by the client, echoed by the response
// All integers are little-endian, strings are u32 length + bytes (no NUL).
// Every response payload starts with a status {i32 canonical code, i32
// detail, i64 detail value, string message} (EncodeStatus) and carries its
// type-specific body only when the code is 0. Message types (message_types.h)
// and the bodies of device requests (wire_types.h, server/device_requests.cc)
// are generated from runtime/device/device_api.py.
//
// Versioning: the header layout never changes. A new request type or a new
// trailing field bumps kProtocolVersion; the server answers a Hello whose
// version differs from its own with kUnimplemented and closes.
//
// Thread safety: the free functions are pure.
#ifndef ACLSIM_REMOTE_PROTOCOL_H_
#define ACLSIM_REMOTE_PROTOCOL_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "remote/message_types.h"
#include "remote/wire.h"
#include "runtime/status.h"

namespace aclsim::remote {

inline constexpr uint32_t kMagic = 0x534C4341u;  // "ACLS" as little-endian bytes
inline constexpr uint16_t kProtocolVersion = 4;
inline constexpr size_t kHeaderBytes = 20;
inline constexpr uint32_t kMaxPayloadBytes = 64u << 20;  // 64 MiB, both directions
inline constexpr uint16_t kResponseBit = 0x8000;

struct FrameHeader {
  uint32_t magic = kMagic;
  uint16_t version = kProtocolVersion;
  uint16_t type = 0;
  uint32_t payload_len = 0;
  uint64_t request_id = 0;
};

// Writes |header| into |out| (kHeaderBytes bytes).
void EncodeHeader(const FrameHeader& header, uint8_t* out);
// Reads a header from |in| (kHeaderBytes bytes) and checks the magic and the
// payload bound (not the version: the Hello exchange handles that).
// Bad magic or payload_len > kMaxPayloadBytes → kInternal.
StatusOr<FrameHeader> DecodeHeader(const uint8_t* in);

// The status prefix of every response: {i32 canonical code, i32 detail,
// i64 detail value, string message} (runtime/device/status_codec.h).
void EncodeStatus(Writer& w, const Status& status);
// Decodes a prefix written by EncodeStatus; the Status of a failure is chosen
// for the device function |function| (FromCanonical). False on a short read.
bool DecodeStatus(Reader& r, std::string_view function, Status* out);

// A parsed endpoint: "unix:/path/to/socket" or "tcp:HOST:PORT" where HOST is
// a loopback address (127.x.y.z, ::1 in brackets or bare, or "localhost").
struct Endpoint {
  enum class Kind : uint8_t { kUnix, kTcp };
  Kind kind = Kind::kUnix;
  std::string path;   // kUnix
  std::string host;   // kTcp: numeric address, "localhost" mapped to 127.0.0.1
  uint16_t port = 0;  // kTcp; 0 lets a server pick one
};

// Parses |text|. Malformed text, a Unix path longer than a sockaddr_un
// allows, or a TCP host that is not a loopback address → kInvalidArgument
// with a message naming the endpoint.
StatusOr<Endpoint> ParseEndpoint(std::string_view text);
std::string FormatEndpoint(const Endpoint& endpoint);

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_PROTOCOL_H_
