#include "remote/client/connection.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace aclsim::remote {
namespace {

using Clock = std::chrono::steady_clock;

// Milliseconds left until |deadline| (0 when past), for poll().
int RemainingMs(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  if (left <= 0) return 0;
  return left > 1000000 ? 1000000 : static_cast<int>(left);
}

// Waits for |events| on |fd| until |deadline|: true when ready.
bool WaitFd(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    pollfd p{fd, events, 0};
    int r = ::poll(&p, 1, RemainingMs(deadline));
    if (r > 0) return true;
    if (r == 0) return false;
    if (errno != EINTR) return true;  // let the following read/write report the error
  }
}

std::string Errno(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

}  // namespace

StatusOr<std::unique_ptr<Connection>> Connection::Open(std::string_view endpoint_text,
                                                       std::chrono::milliseconds io_timeout) {
  ACLSIM_ASSIGN_OR_RETURN(Endpoint ep, ParseEndpoint(endpoint_text));
  sockaddr_storage addr{};
  socklen_t addr_len = 0;
  int family = AF_UNIX;
  if (ep.kind == Endpoint::Kind::kUnix) {
    auto* un = reinterpret_cast<sockaddr_un*>(&addr);
    un->sun_family = AF_UNIX;
    std::memcpy(un->sun_path, ep.path.c_str(), ep.path.size() + 1);
    addr_len = sizeof(sockaddr_un);
  } else if (ep.host.find(':') == std::string::npos) {
    family = AF_INET;
    auto* in = reinterpret_cast<sockaddr_in*>(&addr);
    in->sin_family = AF_INET;
    in->sin_port = htons(ep.port);
    inet_pton(AF_INET, ep.host.c_str(), &in->sin_addr);
    addr_len = sizeof(sockaddr_in);
  } else {
    family = AF_INET6;
    auto* in6 = reinterpret_cast<sockaddr_in6*>(&addr);
    in6->sin6_family = AF_INET6;
    in6->sin6_port = htons(ep.port);
    inet_pton(AF_INET6, ep.host.c_str(), &in6->sin6_addr);
    addr_len = sizeof(sockaddr_in6);
  }
  const std::string name = FormatEndpoint(ep);
  int fd = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return Status(Detail::kNoDevice, "remote device server " + name + ": " + Errno("socket"));
  auto fail = [&](const std::string& why) {
    ::close(fd);
    return Status(Detail::kNoDevice, "no aclsim-device-server reachable at " + name + " (" + why + ")");
  };
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), addr_len) != 0) {
    if (errno != EINPROGRESS && errno != EAGAIN) return fail(Errno("connect"));
    if (!WaitFd(fd, POLLOUT, Clock::now() + io_timeout)) return fail("connect timed out");
    int err = 0;
    socklen_t len = sizeof(err);
    ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
    if (err != 0) {
      errno = err;
      return fail(Errno("connect"));
    }
  }
  if (family != AF_UNIX) {
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  }
  return std::unique_ptr<Connection>(new Connection(fd, name, io_timeout));
}

Connection::~Connection() {
  if (fd_ >= 0) ::close(fd_);
}

Status Connection::Break(const Status& failure) {
  if (broken_reason_.empty()) broken_reason_ = failure.message();
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  return WithPrefix(failure, "remote device server " + endpoint_ + ": ");
}

Status Connection::SendAll(const uint8_t* header, const std::vector<uint8_t>& payload, Clock::time_point deadline) {
  size_t total = kHeaderBytes + payload.size();
  size_t sent = 0;
  while (sent < total) {
    iovec iov[2];
    int n = 0;
    if (sent < kHeaderBytes) {
      iov[n++] = {const_cast<uint8_t*>(header) + sent, kHeaderBytes - sent};
      if (!payload.empty()) iov[n++] = {const_cast<uint8_t*>(payload.data()), payload.size()};
    } else {
      size_t off = sent - kHeaderBytes;
      iov[n++] = {const_cast<uint8_t*>(payload.data()) + off, payload.size() - off};
    }
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = static_cast<size_t>(n);
    ssize_t r = ::sendmsg(fd_, &msg, MSG_NOSIGNAL);
    if (r > 0) {
      sent += static_cast<size_t>(r);
      continue;
    }
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!WaitFd(fd_, POLLOUT, deadline)) {
        return Break(Status(Detail::kNoDevice, "no progress sending a request for " +
                                                   std::to_string(io_timeout_.count()) + " ms (server stalled)"));
      }
      continue;
    }
    return Break(Status(Detail::kNoDevice, "connection lost (" + Errno("send") + ")"));
  }
  return OkStatus();
}

Status Connection::RecvAll(uint8_t* out, size_t n, Clock::time_point deadline) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::recv(fd_, out + got, n - got, 0);
    if (r > 0) {
      got += static_cast<size_t>(r);
      continue;
    }
    if (r == 0) return Break(Status(Detail::kNoDevice, "connection closed by the server (server gone?)"));
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      if (!WaitFd(fd_, POLLIN, deadline)) {
        return Break(Status(Detail::kNoDevice,
                            "no response within " + std::to_string(io_timeout_.count()) + " ms (server stalled)"));
      }
      continue;
    }
    return Break(Status(Detail::kNoDevice, "connection lost (" + Errno("recv") + ")"));
  }
  return OkStatus();
}

namespace {

// The function a request stands for, as the status codec keys its mapping.
const char* FunctionOf(MessageType type) {
  switch (type) {
    case MessageType::kHello: return "hello";
    case MessageType::kDeviceCount: return "device_count";
    case MessageType::kOpenDevice: return "open_device";
    case MessageType::kServerStats: return "server_stats";
    default: break;
  }
  const char* name = DeviceFunctionName(static_cast<uint16_t>(type));
  return name != nullptr ? name : "?";
}

}  // namespace

StatusOr<Reader> Connection::Exchange(uint16_t version, MessageType type, const Writer& request) {
  if (broken()) {
    return Status(Detail::kNoDevice, "remote device server " + endpoint_ + " is unavailable: " + broken_reason_);
  }
  const auto deadline = Clock::now() + io_timeout_;
  FrameHeader h;
  h.version = version;
  h.type = static_cast<uint16_t>(type);
  h.payload_len = static_cast<uint32_t>(request.bytes().size());
  h.request_id = next_request_id_++;
  if (request.bytes().size() > kMaxPayloadBytes) {
    return Status(StatusCode::kInvalidArgument,
                  std::string("remote protocol: ") + MessageTypeName(h.type) + " request exceeds the frame size limit");
  }
  uint8_t header[kHeaderBytes];
  EncodeHeader(h, header);
  ACLSIM_RETURN_IF_ERROR(SendAll(header, request.bytes(), deadline));

  uint8_t rx_header[kHeaderBytes];
  ACLSIM_RETURN_IF_ERROR(RecvAll(rx_header, kHeaderBytes, deadline));
  auto decoded = DecodeHeader(rx_header);
  if (!decoded.ok()) return Break(Status(StatusCode::kInternal, decoded.status().message()));
  const FrameHeader& rh = *decoded;
  if (rh.type != (h.type | kResponseBit) || rh.request_id != h.request_id) {
    return Break(Status(StatusCode::kInternal, std::string("protocol violation: expected the response to ") +
                                                   MessageTypeName(h.type) + " #" + std::to_string(h.request_id) +
                                                   ", got " + MessageTypeName(rh.type) + " #" +
                                                   std::to_string(rh.request_id)));
  }
  rx_.resize(rh.payload_len);
  ACLSIM_RETURN_IF_ERROR(RecvAll(rx_.data(), rx_.size(), deadline));
  Reader reader(rx_);
  Status status;
  if (version < 2) {  // a v1 peer's prefix {i32 ACL code, string}: only tests speak v1
    const int32_t code = reader.I32();
    std::string message = reader.Str();
    // The only reply a v1 peer gets is the mismatch of its Hello.
    status = code == 0 ? OkStatus() : Status(Detail::kVersionMismatch, std::move(message));
  } else if (!DecodeStatus(reader, FunctionOf(type), &status)) {
    return Break(Status(StatusCode::kInternal, "protocol violation: response without a status"));
  }
  if (!status.ok()) return status;
  return reader;
}

StatusOr<HelloReply> Connection::Handshake(uint16_t version) {
  Writer w;
  w.Str("aclsim remote client pid " + std::to_string(::getpid()));
  auto r = Exchange(version, MessageType::kHello, w);
  if (!r.ok()) {
    if (r.status().detail() == Detail::kVersionMismatch) {
      return Break(Status(Detail::kVersionMismatch, r.status().message()));
    }
    return r.status();
  }
  HelloReply reply;
  reply.version = r->U16();
  reply.device_count = r->U32();
  reply.server = r->Str();
  ACLSIM_RETURN_IF_ERROR(r->Finish("Hello response"));
  if (reply.version != version) {
    std::string why = "protocol version mismatch: this client speaks v" + std::to_string(version) +
                      ", the server speaks v" + std::to_string(reply.version);
    return Break(Status(Detail::kVersionMismatch, why));
  }
  return reply;
}

StatusOr<Reader> Connection::Call(MessageType type, const Writer& request) {
  return Exchange(kProtocolVersion, type, request);
}

}  // namespace aclsim::remote
