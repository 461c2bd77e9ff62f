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
// Every response payload starts with {i32 status (ACL code), string message}
// and carries its type-specific body only when status == 0.
//
// Versioning: the header layout never changes. A new request type or a new
// trailing field bumps kProtocolVersion; the server answers a Hello whose
// version differs from its own with kRtFeatureNotSupport and closes.
//
// Thread safety: the free functions are pure; Writer/Reader are plain values.
#ifndef ACLSIM_REMOTE_PROTOCOL_H_
#define ACLSIM_REMOTE_PROTOCOL_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/status.h"

namespace aclsim::remote {

inline constexpr uint32_t kMagic = 0x534C4341u;  // "ACLS" as little-endian bytes
inline constexpr uint16_t kProtocolVersion = 1;
inline constexpr size_t kHeaderBytes = 20;
inline constexpr uint32_t kMaxPayloadBytes = 64u << 20;  // 64 MiB, both directions
inline constexpr uint16_t kResponseBit = 0x8000;
// Size of one encoded CompletionRecord (see EncodeRecord).
inline constexpr size_t kRecordWireBytes = 92;

enum class MessageType : uint16_t {
  kHello = 1,  // must be the first request of a connection
  kDeviceCount = 2,
  kOpenDevice = 3,
  kDeviceInfo = 4,
  kCreateStream = 5,
  kDestroyStream = 6,
  kCreateEvent = 7,
  kDestroyEvent = 8,
  kLoadGraph = 9,
  kUnloadGraph = 10,
  kGraphCosts = 11,
  kSubmitGraph = 12,
  kSubmitMarker = 13,
  kSubmitEventRecord = 14,
  kSubmitEventWait = 15,
  kSynchronizeStream = 16,
  kQueryStream = 17,
  kSynchronizeEvent = 18,
  kQueryEvent = 19,
  kSynchronizeDevice = 20,
  kNow = 21,
  kSetSink = 22,
  kServerStats = 23,  // diagnostics: live sessions and handles on the server
};

// Printable name of |type| (request or response), "?" when unknown.
const char* MessageTypeName(uint16_t type);

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
// Bad magic or payload_len > kMaxPayloadBytes → kRtInternalError.
StatusOr<FrameHeader> DecodeHeader(const uint8_t* in);

// Appends little-endian values to a byte buffer.
class Writer {
 public:
  void U8(uint8_t v) { bytes_.push_back(v); }
  void U16(uint16_t v);
  void U32(uint32_t v);
  void U64(uint64_t v);
  void I32(int32_t v) { U32(static_cast<uint32_t>(v)); }
  void I64(int64_t v) { U64(static_cast<uint64_t>(v)); }
  void Str(std::string_view s);
  void Record(const device::CompletionRecord& r);

  const std::vector<uint8_t>& bytes() const { return bytes_; }
  std::vector<uint8_t>& mutable_bytes() { return bytes_; }
  void Reserve(size_t n) { bytes_.reserve(n); }

 private:
  std::vector<uint8_t> bytes_;
};

// Reads little-endian values from a borrowed byte range (|data| must outlive
// the Reader). A read past the end sets a sticky failure and yields zeros;
// check ok() (or Finish()) after decoding a message.
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}
  explicit Reader(const std::vector<uint8_t>& v) : Reader(v.data(), v.size()) {}

  uint8_t U8();
  uint16_t U16();
  uint32_t U32();
  uint64_t U64();
  int32_t I32() { return static_cast<int32_t>(U32()); }
  int64_t I64() { return static_cast<int64_t>(U64()); }
  std::string Str();
  device::CompletionRecord Record();

  bool ok() const { return ok_; }
  size_t remaining() const { return static_cast<size_t>(end_ - p_); }
  // OK when every read succeeded and all bytes were consumed; otherwise
  // kRtParamInvalid naming |what|.
  Status Finish(std::string_view what) const;

 private:
  bool Take(size_t n);
  const uint8_t* p_;
  const uint8_t* end_;
  bool ok_ = true;
};

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
// allows, or a TCP host that is not a loopback address → kInvalidParam
// with a message naming the endpoint.
StatusOr<Endpoint> ParseEndpoint(std::string_view text);
std::string FormatEndpoint(const Endpoint& endpoint);

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_PROTOCOL_H_
