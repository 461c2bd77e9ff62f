// Helpers of the remote backend tests (remote_*_test.cc): model files,
// starting an aclsim-device-server process (remote::testing::ServerProcess),
// connecting the "remote" backend to it, a sink that keeps every record, and
// the server's ServerStats diagnostic. Failures to set up abort the test
// process: nothing after them could run.
#ifndef ACLSIM_TESTS_REMOTE_REMOTE_TEST_UTIL_H_
#define ACLSIM_TESTS_REMOTE_REMOTE_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
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
inline std::optional<Stats> TryServerStats(const std::string& endpoint) {
  auto conn = Connection::Open(endpoint);
  if (!conn.ok() || !(*conn)->Handshake().ok()) return std::nullopt;
  auto r = (*conn)->Call(MessageType::kServerStats, Writer());
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

inline Stats ServerStats(const std::string& endpoint) {
  std::optional<Stats> s = TryServerStats(endpoint);
  EXPECT_TRUE(s.has_value()) << "ServerStats from " << endpoint;
  return s.value_or(Stats{});
}

}  // namespace aclsim::remote::backend_test

#endif  // ACLSIM_TESTS_REMOTE_REMOTE_TEST_UTIL_H_
