#include "remote/protocol.h"

#include <arpa/inet.h>
#include <sys/un.h>

#include <cstring>

#include "runtime/device/status_codec.h"

namespace aclsim::remote {
namespace {

uint32_t LoadU32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}
uint64_t LoadU64(const uint8_t* p) { return uint64_t{LoadU32(p)} | uint64_t{LoadU32(p + 4)} << 32; }
void StoreU32(uint32_t v, uint8_t* p) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}
void StoreU64(uint64_t v, uint8_t* p) {
  StoreU32(static_cast<uint32_t>(v), p);
  StoreU32(static_cast<uint32_t>(v >> 32), p + 4);
}

Status BadEndpoint(std::string_view text, const std::string& why) {
  return Status(StatusCode::kInvalidArgument, "remote endpoint '" + std::string(text) + "': " + why);
}

}  // namespace

void EncodeHeader(const FrameHeader& header, uint8_t* out) {
  StoreU32(header.magic, out);
  out[4] = static_cast<uint8_t>(header.version);
  out[5] = static_cast<uint8_t>(header.version >> 8);
  out[6] = static_cast<uint8_t>(header.type);
  out[7] = static_cast<uint8_t>(header.type >> 8);
  StoreU32(header.payload_len, out + 8);
  StoreU64(header.request_id, out + 12);
}

StatusOr<FrameHeader> DecodeHeader(const uint8_t* in) {
  FrameHeader h;
  h.magic = LoadU32(in);
  h.version = static_cast<uint16_t>(in[4] | in[5] << 8);
  h.type = static_cast<uint16_t>(in[6] | in[7] << 8);
  h.payload_len = LoadU32(in + 8);
  h.request_id = LoadU64(in + 12);
  if (h.magic != kMagic) {
    return Status(StatusCode::kInternal, "remote protocol: bad frame magic (not an aclsim peer?)");
  }
  if (h.payload_len > kMaxPayloadBytes) {
    return Status(StatusCode::kInternal, "remote protocol: frame of " + std::to_string(h.payload_len) +
                                             " bytes exceeds the " + std::to_string(kMaxPayloadBytes) + "-byte limit");
  }
  return h;
}

void Writer::U16(uint16_t v) {
  bytes_.push_back(static_cast<uint8_t>(v));
  bytes_.push_back(static_cast<uint8_t>(v >> 8));
}

void Writer::U32(uint32_t v) {
  uint8_t b[4];
  StoreU32(v, b);
  bytes_.insert(bytes_.end(), b, b + 4);
}

void Writer::U64(uint64_t v) {
  uint8_t b[8];
  StoreU64(v, b);
  bytes_.insert(bytes_.end(), b, b + 8);
}

void Writer::Str(std::string_view s) {
  U32(static_cast<uint32_t>(s.size()));
  bytes_.insert(bytes_.end(), s.begin(), s.end());
}

// 92 bytes: u32 device_id, u8 kind, u8 engine, u16 zero, u32 block_dim,
// u64 stream_id, u64 task_id, u32 model_tag, u32 op_index, u32 host_tid,
// u32 marker_tag, u64 marker_id, i64 start_ns, i64 end_ns, i64 exec_ns,
// u64 flops, u64 bytes.
bool Reader::Take(size_t n) {
  if (!ok_ || remaining() < n) {
    ok_ = false;
    return false;
  }
  return true;
}

uint8_t Reader::U8() {
  if (!Take(1)) return 0;
  return *p_++;
}

uint16_t Reader::U16() {
  if (!Take(2)) return 0;
  uint16_t v = static_cast<uint16_t>(p_[0] | p_[1] << 8);
  p_ += 2;
  return v;
}

uint32_t Reader::U32() {
  if (!Take(4)) return 0;
  uint32_t v = LoadU32(p_);
  p_ += 4;
  return v;
}

uint64_t Reader::U64() {
  if (!Take(8)) return 0;
  uint64_t v = LoadU64(p_);
  p_ += 8;
  return v;
}

std::string Reader::Str() {
  uint32_t n = U32();
  if (!Take(n)) return std::string();
  std::string s(reinterpret_cast<const char*>(p_), n);
  p_ += n;
  return s;
}

Status Reader::Finish(std::string_view what) const {
  if (ok_ && p_ == end_) return OkStatus();
  return Status(StatusCode::kInvalidArgument,
                "remote protocol: malformed " + std::string(what) + " payload (" +
                    (ok_ ? std::to_string(remaining()) + " trailing bytes" : std::string("truncated")) + ")");
}

void EncodeStatus(Writer& w, const Status& status) {
  const device::CanonicalStatus canonical = device::ToCanonical(status);
  w.I32(static_cast<int32_t>(canonical.code));
  w.I32(static_cast<int32_t>(canonical.detail));
  w.I64(canonical.value);
  w.Str(status.ok() ? std::string_view() : std::string_view(status.message()));
}

bool DecodeStatus(Reader& r, std::string_view function, Status* out) {
  const int32_t code = r.I32();
  const int32_t detail = r.I32();
  const int64_t value = r.I64();
  std::string message = r.Str();
  if (!r.ok()) return false;
  *out = device::FromCanonical(function, code, detail, value, std::move(message));
  return true;
}

StatusOr<Endpoint> ParseEndpoint(std::string_view text) {
  Endpoint ep;
  if (text.rfind("unix:", 0) == 0) {
    ep.kind = Endpoint::Kind::kUnix;
    ep.path = std::string(text.substr(5));
    if (ep.path.empty()) return BadEndpoint(text, "empty socket path");
    if (ep.path.size() >= sizeof(sockaddr_un{}.sun_path)) {
      return BadEndpoint(text,
                         "socket path longer than " + std::to_string(sizeof(sockaddr_un{}.sun_path) - 1) + " bytes");
    }
    return ep;
  }
  if (text.rfind("tcp:", 0) != 0) return BadEndpoint(text, "expected unix:/path or tcp:127.0.0.1:port");
  std::string_view rest = text.substr(4);
  size_t colon = rest.rfind(':');
  if (colon == std::string_view::npos) return BadEndpoint(text, "missing :port");
  std::string host(rest.substr(0, colon));
  std::string port(rest.substr(colon + 1));
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos ||
      std::stoul(port) > 65535) {
    return BadEndpoint(text, "port must be an integer in [0, 65535]");
  }
  ep.kind = Endpoint::Kind::kTcp;
  ep.port = static_cast<uint16_t>(std::stoul(port));
  if (host == "localhost") host = "127.0.0.1";
  in_addr v4{};
  in6_addr v6{};
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) {
    if ((ntohl(v4.s_addr) >> 24) != 127) {
      return BadEndpoint(text, "only loopback addresses (127.0.0.0/8, ::1) are allowed");
    }
  } else if (inet_pton(AF_INET6, host.c_str(), &v6) == 1) {
    if (std::memcmp(&v6, &in6addr_loopback, sizeof(v6)) != 0) {
      return BadEndpoint(text, "only loopback addresses (127.0.0.0/8, ::1) are allowed");
    }
  } else {
    return BadEndpoint(text, "host must be a numeric loopback address or localhost");
  }
  ep.host = host;
  return ep;
}

std::string FormatEndpoint(const Endpoint& endpoint) {
  if (endpoint.kind == Endpoint::Kind::kUnix) return "unix:" + endpoint.path;
  bool v6 = endpoint.host.find(':') != std::string::npos;
  return "tcp:" + (v6 ? "[" + endpoint.host + "]" : endpoint.host) + ":" + std::to_string(endpoint.port);
}

}  // namespace aclsim::remote
