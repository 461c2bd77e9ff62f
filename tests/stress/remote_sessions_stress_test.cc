// Stress: clients of one aclsim-device-server (in process, so TSan sees the
// server's threads too) connect, handshake, load and submit, and die in
// every way a client can die — before sending anything, halfway through a
// header, halfway through a payload, right after sending requests whose
// answers it never reads, and by sending garbage — all at once, round after
// round. After every round the server's ServerStats must account for every
// connection exactly (every Hello answered is a closed session or the one
// live checker, nothing is left handshaking, buffered or held), and every
// well-behaved client, during the chaos and after it, must get exactly the
// records an in-process simulator gives for the same graph.
// ACLSIM_STRESS_SCALE multiplies the rounds.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "remote/server/device_server.h"
#include "runtime/model/graph_writer.h"
#include "sim/sim_backend.h"
#include "tests/remote/remote_test_util.h"

namespace aclsim::remote::backend_test {
namespace {

constexpr int kRounds = 10;  // per unit of ACLSIM_STRESS_SCALE
constexpr int kPerKind = 3;  // clients of each kind per round, all at once

int Scale() {
  const char* s = std::getenv("ACLSIM_STRESS_SCALE");
  const int n = s != nullptr ? std::atoi(s) : 1;
  return n > 0 ? n : 1;
}

enum class Kind {
  kGood,         // the whole exchange, answers checked, then hangs up holding its handles
  kSilent,       // connects and hangs up without a byte
  kHalfHello,    // half a Hello header, then hangs up
  kHalfPayload,  // past Hello, half of a LoadGraph payload, then hangs up
  kUnread,       // past Hello, sends SubmitGraph and SynchronizeDevice and hangs up unread
  kGarbage,      // past Hello, a header of garbage (bad magic)
};
constexpr Kind kKinds[] = {Kind::kGood,        Kind::kSilent, Kind::kHalfHello,
                           Kind::kHalfPayload, Kind::kUnread, Kind::kGarbage};

// What one op record must be whatever else runs on the device: everything
// but the times and ids the device assigns.
struct OpResult {
  uint32_t op_index, block_dim, model_tag, host_tid;
  int64_t duration_ns, exec_ns;
  uint64_t flops, bytes;
  bool operator==(const OpResult& o) const {
    return op_index == o.op_index && block_dim == o.block_dim && model_tag == o.model_tag && host_tid == o.host_tid &&
           duration_ns == o.duration_ns && exec_ns == o.exec_ns && flops == o.flops && bytes == o.bytes;
  }
};

std::vector<OpResult> Results(const std::vector<device::CompletionRecord>& records) {
  std::vector<OpResult> out;
  for (const auto& r : records) {
    out.push_back(
        {r.op_index, r.block_dim, r.model_tag, r.host_tid, r.end_ns - r.start_ns, r.exec_ns, r.flops, r.bytes});
  }
  return out;
}

constexpr device::LaunchInfo kLaunch{7, 4242};

class RemoteSessionsStress : public ::testing::Test {
 protected:
  void SetUp() override {
    graph_ = LoadModel("sample_mlp.json");
    graph_json_ = model::WriteGraphJson(graph_);
    // The reference: the same graph on an in-process simulator.
    auto backend = sim::CreateSimBackend(sim::SimOptions());
    ASSERT_TRUE(backend.ok());
    auto dev = (*backend)->OpenDevice(0);
    ASSERT_TRUE(dev.ok());
    RecordingSink sink;
    (*dev)->SetCompletionSink(&sink);
    auto stream = (*dev)->CreateStream();
    auto exe = (*dev)->LoadGraph(graph_);
    ASSERT_TRUE(stream.ok() && exe.ok());
    ASSERT_TRUE((*dev)->SubmitGraph(*stream, *exe, kLaunch).ok());
    ASSERT_TRUE((*dev)->SynchronizeStream(*stream).ok());
    expected_ = Results(sink.records());
    ASSERT_EQ(expected_.size(), graph_.ops.size());

    dir_ = ::testing::TempDir() + "/remote_stress_XXXXXX";
    ASSERT_NE(::mkdtemp(dir_.data()), nullptr);
    ServerOptions options;
    options.listen = "unix:" + dir_ + "/server.sock";
    auto server = DeviceServer::Create(options);
    ASSERT_TRUE(server.ok()) << server.status().ToString();
    server_ = std::move(*server);
    endpoint_ = server_->endpoint();
    serving_ = std::thread([this] { server_->Run(); });
  }

  void TearDown() override {
    if (server_ != nullptr) server_->Stop();
    if (serving_.joinable()) serving_.join();
    server_.reset();
    ::rmdir(dir_.c_str());
  }

  // Past Hello on a raw connection: OpenDevice 0, a stream and the graph
  // loaded (ids into |stream|, |exe|). False when any answer is wrong.
  bool Prepare(int fd, uint64_t* stream, uint64_t* exe) {
    if (!RawHello(fd)) return false;
    Status status;
    std::vector<uint8_t> body;
    Writer open;
    open.U32(0);
    if (!RawCall(fd, MessageType::kOpenDevice, open, 2, &status) || !status.ok()) return false;
    Writer sink;
    sink.U32(0);
    sink.U8(1);
    if (!RawCall(fd, MessageType::kSetCompletionSink, sink, 3, &status) || !status.ok()) return false;
    Writer create;
    create.U32(0);
    if (!RawCall(fd, MessageType::kCreateStream, create, 4, &status, &body) || !status.ok()) return false;
    *stream = Reader(body).U64();
    Writer load;
    load.U32(0);
    load.Str(graph_json_);
    if (!RawCall(fd, MessageType::kLoadGraph, load, 5, &status, &body) || !status.ok()) return false;
    *exe = Reader(body).U64();
    return true;
  }

  Writer SubmitRequest(uint64_t stream, uint64_t exe) {
    Writer w;
    w.U32(0);
    w.U64(stream);
    w.U64(exe);
    Encode(w, kLaunch);
    return w;
  }

  // One client of |kind|; false when the server did not behave.
  bool RunClient(Kind kind) {
    const int fd = RawConnect(endpoint_);
    if (fd < 0) return false;
    bool ok = true;
    uint64_t stream = 0, exe = 0;
    switch (kind) {
      case Kind::kGood: {
        ok = Prepare(fd, &stream, &exe);
        Status status;
        std::vector<uint8_t> body;
        ok = ok && RawCall(fd, MessageType::kSubmitGraph, SubmitRequest(stream, exe), 6, &status, &body) && status.ok();
        if (ok) {
          Reader r(body);
          (void)r.U64();  // task id
          std::vector<device::CompletionRecord> records(r.U32());
          for (auto& rec : records) ok = ok && Decode(r, &rec);
          ok = ok && r.Finish("SubmitGraph").ok() && Results(records) == expected_;
          good_checked_ += ok ? 1 : 0;
        }
        break;
      }
      case Kind::kSilent: break;
      case Kind::kHalfHello: {
        uint8_t raw[kHeaderBytes];
        FrameHeader h;
        h.type = static_cast<uint16_t>(MessageType::kHello);
        h.payload_len = 8;
        EncodeHeader(h, raw);
        ok = SendAll(fd, raw, kHeaderBytes / 2);
        break;
      }
      case Kind::kHalfPayload: {
        ok = Prepare(fd, &stream, &exe);
        Writer load;
        load.U32(0);
        load.Str(graph_json_);
        ok = ok && SendHeader(fd, MessageType::kLoadGraph, static_cast<uint32_t>(load.bytes().size()), 6) &&
             SendAll(fd, load.bytes().data(), load.bytes().size() / 2);
        break;
      }
      case Kind::kUnread: {
        ok = Prepare(fd, &stream, &exe) && SendRequest(fd, MessageType::kSubmitGraph, SubmitRequest(stream, exe), 6);
        Writer sync;
        sync.U32(0);
        ok = ok && SendRequest(fd, MessageType::kSynchronizeDevice, sync, 7);
        break;
      }
      case Kind::kGarbage: {
        ok = RawHello(fd);
        std::vector<uint8_t> junk(kHeaderBytes, 0xEE);
        ok = ok && SendAll(fd, junk.data(), junk.size());
        break;
      }
    }
    ::close(fd);
    return ok;
  }

  // Polls the checker's ServerStats until |closed| sessions have ended, none
  // is handshaking and only the checker's is live with nothing held (the
  // server notices a hang-up on its own threads), bounded by 60 s; the last
  // stats.
  Stats Settled(Connection& checker, uint64_t closed) {
    std::optional<Stats> s = ReadServerStats(checker);
    const auto deadline = Clock::now() + std::chrono::seconds(60);
    // Settled: every session but the checker's torn down (a dying session
    // frees its streams and executables before it leaves the live count).
    auto settled = [&](const Stats& st) {
      return st.closed == closed && st.handshaking == 0 && st.sessions == 1 && st.streams == 0 && st.executables == 0 &&
             st.events == 0;
    };
    while (s && !settled(*s) && Clock::now() < deadline) {
      std::this_thread::sleep_for(milliseconds(5));
      s = ReadServerStats(checker);
    }
    EXPECT_TRUE(s.has_value());
    return s.value_or(Stats{});
  }

  model::Graph graph_;
  std::string graph_json_;
  std::vector<OpResult> expected_;
  std::string dir_;
  std::unique_ptr<DeviceServer> server_;
  std::string endpoint_;
  std::thread serving_;
  std::atomic<int> good_checked_{0};
};

TEST_F(RemoteSessionsStress, EveryDyingSessionIsAccountedForAndGoodClientsGetExactResults) {
  auto checker = Connection::Open(endpoint_);
  ASSERT_TRUE(checker.ok());
  ASSERT_TRUE((*checker)->Handshake().ok());
  // The checker's own request buffer stays charged while it lives.
  const std::optional<Stats> before = ReadServerStats(**checker);
  ASSERT_TRUE(before.has_value());
  ASSERT_EQ(before->sessions, 1u);

  const int rounds = kRounds * Scale();
  uint64_t hellos = 0;  // Hellos answered OK, besides the checker's
  uint64_t garbage = 0;
  int connections = 0;
  for (int round = 0; round < rounds; ++round) {
    std::vector<std::thread> clients;
    std::atomic<int> failures{0};
    for (int i = 0; i < kPerKind; ++i) {
      for (Kind kind : kKinds) {
        clients.emplace_back([this, kind, &failures] {
          if (!RunClient(kind)) failures++;
        });
        ++connections;
        if (kind != Kind::kSilent && kind != Kind::kHalfHello) ++hellos;
        if (kind == Kind::kGarbage) ++garbage;
      }
    }
    for (auto& t : clients) t.join();
    ASSERT_EQ(failures.load(), 0) << "round " << round;

    const Stats s = Settled(**checker, hellos);
    EXPECT_EQ(s.closed, hellos) << "round " << round;
    EXPECT_EQ(s.sessions, 1u);  // the checker
    EXPECT_EQ(s.handshaking, 0u);
    EXPECT_EQ(s.streams, 0u);
    EXPECT_EQ(s.events, 0u);
    EXPECT_EQ(s.executables, 0u);
    EXPECT_EQ(s.buffered_bytes, before->buffered_bytes);
    EXPECT_EQ(s.bad_frames, garbage);
    EXPECT_EQ(s.handshake_timeouts, 0u);
    EXPECT_EQ(s.refused_peers, 0u);
    EXPECT_EQ(s.refused_handshakes, 0u);
    EXPECT_EQ(s.evicted_handshakes, 0u);
    EXPECT_EQ(s.refused_sessions, 0u);
    EXPECT_EQ(s.buffer_closes, 0u);
    EXPECT_EQ(s.quota_refusals, 0u);
    EXPECT_EQ(s.waits_interrupted, 0u);
  }
  EXPECT_EQ(good_checked_.load(), rounds * kPerKind);

  // Afterwards a client of the remote backend gets exact records.
  auto backend = Connect(endpoint_);
  auto dev = Open(*backend);
  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  auto stream = dev->CreateStream();
  auto exe = dev->LoadGraph(graph_);
  ASSERT_TRUE(stream.ok() && exe.ok());
  ASSERT_TRUE(dev->SubmitGraph(*stream, *exe, kLaunch).ok());
  ASSERT_TRUE(dev->SynchronizeStream(*stream).ok());
  EXPECT_TRUE(Results(sink.records()) == expected_);
  EXPECT_EQ(sink.records().size(), graph_.ops.size());

  std::printf(
      "remote sessions stress: %d rounds, %d connections (%llu past Hello, %llu bad frames), %d good "
      "clients checked, %zu records each\n",
      rounds, connections, static_cast<unsigned long long>(hellos), static_cast<unsigned long long>(garbage),
      good_checked_.load() + 1, expected_.size());
}

}  // namespace
}  // namespace aclsim::remote::backend_test
