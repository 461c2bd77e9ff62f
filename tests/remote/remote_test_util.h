// Helpers of the remote backend tests (remote_*_test.cc): model files,
// starting an aclsim-device-server process (remote::testing::ServerProcess),
// connecting the "remote" backend to it, raw connections that send whole or
// partial frames, a sink that keeps every record, and the server's
// ServerStats diagnostic. Failures to set up abort the test
// process: nothing after them could run.
#ifndef ACLSIM_TESTS_REMOTE_REMOTE_TEST_UTIL_H_
#define ACLSIM_TESTS_REMOTE_REMOTE_TEST_UTIL_H_

#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "remote/client/connection.h"
#include "remote/client/remote_backend.h"
#include "remote/protocol.h"
#include "remote/testing/server_process.h"
#include "remote/wire_types.h"
#include "runtime/model/graph_loader.h"
#include "tests/testing/status_printers.h"

namespace aclsim::remote::backend_test {

using std::chrono::milliseconds;
using testing::RunServerToExit;
using testing::ServerProcess;
using Clock = std::chrono::steady_clock;

inline std::string ModelPath(const std::string& name) {
  const char* dir = std::getenv("ACLSIM_MODELS_DIR");
  return std::string(dir != nullptr ? dir : ACLSIM_SOURCE_MODELS_DIR) + "/" + name;
}

inline model::Graph LoadModel(const std::string& name) {
  auto g = model::LoadGraphFromFile(ModelPath(name));
  EXPECT_TRUE(g.ok()) << g.status().ToString();
  if (!g.ok()) std::abort();
  return std::move(g).value();
}

inline std::unique_ptr<ServerProcess> StartServer(const std::vector<std::string>& args = {}, bool tcp = false) {
  auto server = ServerProcess::Start(args, tcp);
  EXPECT_TRUE(server.ok()) << server.status().ToString();
  if (!server.ok()) std::abort();
  return std::move(server).value();
}

inline std::unique_ptr<device::Backend> Connect(const std::string& endpoint,
                                                milliseconds timeout = milliseconds(10000)) {
  RemoteOptions options;
  options.endpoint = endpoint;
  options.io_timeout = timeout;
  auto backend = CreateRemoteBackend(options);
  EXPECT_TRUE(backend.ok()) << backend.status().ToString();
  if (!backend.ok()) std::abort();
  return std::move(backend).value();
}

inline std::unique_ptr<device::Device> Open(device::Backend& backend, uint32_t id = 0) {
  auto dev = backend.OpenDevice(id);
  EXPECT_TRUE(dev.ok()) << dev.status().ToString();
  if (!dev.ok()) std::abort();
  return std::move(dev).value();
}

// Keeps every record and the size of every batch, as encoded wire bytes
// (a canonical byte form of CompletionRecord, free of struct padding).
class RecordingSink final : public device::CompletionSink {
 public:
  void OnCompletions(const device::CompletionRecord* records, size_t count) override {
    std::lock_guard<std::mutex> lock(mu_);
    batches_.push_back(count);
    for (size_t i = 0; i < count; ++i) {
      records_.push_back(records[i]);
      Encode(bytes_, records[i]);
    }
  }
  std::vector<device::CompletionRecord> records() const {
    std::lock_guard<std::mutex> lock(mu_);
    return records_;
  }
  std::vector<uint8_t> bytes() const {
    std::lock_guard<std::mutex> lock(mu_);
    return bytes_.bytes();
  }
  std::vector<size_t> batches() const {
    std::lock_guard<std::mutex> lock(mu_);
    return batches_;
  }

 private:
  mutable std::mutex mu_;
  std::vector<device::CompletionRecord> records_;
  std::vector<size_t> batches_;
  Writer bytes_;
};

// ---- Raw connections: whole or partial frames on a Unix socket, for
// tests that break the protocol on purpose.

// A raw connection to a Unix-socket server; -1 on failure.
inline int RawConnect(const std::string& endpoint) {
  auto ep = ParseEndpoint(endpoint);
  if (!ep.ok()) return -1;
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, ep->path.c_str(), sizeof(addr.sun_path) - 1);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// True when the server closes |fd| within |timeout| (EOF or reset).
inline bool ClosedByServer(int fd, milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  char buf[256];
  while (Clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now()).count();
    if (::poll(&p, 1, static_cast<int>(std::max<int64_t>(left, 1))) != 1) continue;
    ssize_t n = ::recv(fd, buf, sizeof(buf), 0);
    if (n == 0 || (n < 0 && errno == ECONNRESET)) return true;
  }
  return false;
}

inline bool SendAll(int fd, const void* data, size_t n) {
  const auto* p = static_cast<const uint8_t*>(data);
  while (n > 0) {
    ssize_t k = ::send(fd, p, n, MSG_NOSIGNAL);
    if (k <= 0) return false;
    p += k;
    n -= static_cast<size_t>(k);
  }
  return true;
}

// Sends a frame header of |type| declaring |payload_len| bytes.
inline bool SendHeader(int fd, MessageType type, uint32_t payload_len, uint64_t request_id) {
  FrameHeader h;
  h.type = static_cast<uint16_t>(type);
  h.payload_len = payload_len;
  h.request_id = request_id;
  uint8_t raw[kHeaderBytes];
  EncodeHeader(h, raw);
  return SendAll(fd, raw, sizeof(raw));
}

// Sends a whole |type| request.
inline bool SendRequest(int fd, MessageType type, const Writer& payload, uint64_t request_id) {
  return SendHeader(fd, type, static_cast<uint32_t>(payload.bytes().size()), request_id) &&
         SendAll(fd, payload.bytes().data(), payload.bytes().size());
}

// Reads |n| bytes, each wait bounded by 5 s; false on EOF, error or timeout.
inline bool RecvAll(int fd, uint8_t* out, size_t n) {
  size_t got = 0;
  while (got < n) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 5000) != 1) return false;
    ssize_t k = ::recv(fd, out + got, n - got, 0);
    if (k <= 0) return false;
    got += static_cast<size_t>(k);
  }
  return true;
}

// Sends a |type| request and reads its response: the status into |status|
// and, when given, the body after it into |body|. False when the exchange
// failed (the server closed, timed out or answered out of protocol).
inline bool RawCall(int fd, MessageType type, const Writer& payload, uint64_t request_id, Status* status,
                    std::vector<uint8_t>* body = nullptr) {
  if (!SendRequest(fd, type, payload, request_id)) return false;
  uint8_t raw[kHeaderBytes];
  if (!RecvAll(fd, raw, sizeof(raw))) return false;
  auto h = DecodeHeader(raw);
  if (!h.ok() || h->request_id != request_id || h->type != (static_cast<uint16_t>(type) | kResponseBit)) return false;
  std::vector<uint8_t> response(h->payload_len);
  if (!RecvAll(fd, response.data(), response.size())) return false;
  Reader r(response);
  if (!DecodeStatus(r, MessageTypeName(static_cast<uint16_t>(type)), status)) return false;
  if (body != nullptr) body->assign(response.end() - static_cast<std::ptrdiff_t>(r.remaining()), response.end());
  return true;
}

// Sends Hello on a raw connection and reads (and drops) the response.
inline bool RawHello(int fd) {
  Writer w;
  w.Str("raw-test");
  Status status;
  return RawCall(fd, MessageType::kHello, w, 1, &status) && status.ok();
}

struct Stats {
  uint32_t sessions = 0;
  uint64_t streams = 0;
  uint64_t events = 0;
  uint64_t executables = 0;
  uint64_t closed = 0;
  uint32_t handshaking = 0;
  uint64_t buffered_bytes = 0;
  uint64_t refused_peers = 0;
  uint64_t refused_handshakes = 0;
  uint64_t evicted_handshakes = 0;
  uint64_t refused_sessions = 0;
  uint64_t handshake_timeouts = 0;
  uint64_t buffer_closes = 0;
  uint64_t quota_refusals = 0;
  uint64_t waits_interrupted = 0;
  uint64_t bad_frames = 0;
};

// The server's ServerStats, or nullopt when it cannot be had (no session
// slot free, say).
// The ServerStats of the server |conn| (past its Hello) is connected to, or
// nullopt when the exchange fails.
inline std::optional<Stats> ReadServerStats(Connection& conn) {
  auto r = conn.Call(MessageType::kServerStats, Writer());
  if (!r.ok()) return std::nullopt;
  Stats s;
  s.sessions = r->U32();
  s.streams = r->U64();
  s.events = r->U64();
  s.executables = r->U64();
  s.closed = r->U64();
  s.handshaking = r->U32();
  for (uint64_t* v :
       {&s.buffered_bytes, &s.refused_peers, &s.refused_handshakes, &s.evicted_handshakes, &s.refused_sessions,
        &s.handshake_timeouts, &s.buffer_closes, &s.quota_refusals, &s.waits_interrupted, &s.bad_frames}) {
    *v = r->U64();
  }
  if (!r->Finish("stats").ok()) return std::nullopt;
  return s;
}

inline std::optional<Stats> TryServerStats(const std::string& endpoint) {
  auto conn = Connection::Open(endpoint);
  if (!conn.ok() || !(*conn)->Handshake().ok()) return std::nullopt;
  return ReadServerStats(**conn);
}

inline Stats ServerStats(const std::string& endpoint) {
  std::optional<Stats> s = TryServerStats(endpoint);
  EXPECT_TRUE(s.has_value()) << "ServerStats from " << endpoint;
  return s.value_or(Stats{});
}

}  // namespace aclsim::remote::backend_test

#endif  // ACLSIM_TESTS_REMOTE_REMOTE_TEST_UTIL_H_
