// Tests of aclsim-device-server's limits (docs/remote_protocol.md, "Limits"):
// the handshake deadline and slots, sessions counted after Hello, payloads
// buffered as they arrive under a server-wide cap, graph text bounds,
// per-session handle quotas, the socket file's mode and peer uid check,
// and realtime waits that end on a disconnect or a stop. Every refusal is
// also checked in ServerStats.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "remote/client/connection.h"
#include "remote/protocol.h"
#include "remote_test_util.h"

namespace aclsim::remote::backend_test {
namespace {

// The server's resident memory in KiB (VmRSS), 0 when unreadable.
uint64_t ResidentKiB(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6));
  }
  return 0;
}

// Polls ServerStats until |done| holds, bounded by 5 s; the last stats.
template <typename Pred>
Stats StatsWhen(const std::string& endpoint, Pred done) {
  std::optional<Stats> s = TryServerStats(endpoint);
  const auto deadline = Clock::now() + std::chrono::seconds(5);
  while (!(s && done(*s)) && Clock::now() < deadline) {
    std::this_thread::sleep_for(milliseconds(10));
    s = TryServerStats(endpoint);
  }
  EXPECT_TRUE(s.has_value()) << "ServerStats from " << endpoint;
  return s.value_or(Stats{});
}

// ------------------------------------------------------------ flags

TEST(RemoteServerLimits, GivenHelpFlagWhenRunThenEveryLimitFlagIsListedAndExitIs0) {
  auto result = RunServerToExit({"--help"}, milliseconds(5000));
  EXPECT_EQ(result.exit_code, 0) << result.output;
  for (const char* flag : {"--max-sessions", "--max-handshakes", "--handshake-timeout-ms", "--max-buffered-bytes",
                           "--max-streams-per-session", "--max-events-per-session", "--max-graphs-per-session",
                           "--socket-mode", "--allow-uid"}) {
    EXPECT_NE(result.output.find(flag), std::string::npos) << flag << " missing from --help";
  }
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"--handshake-timeout-ms", "0"},
                                              {"--max-handshakes", "0"},
                                              {"--max-buffered-bytes", "1000"},
                                              {"--socket-mode", "0999"},
                                              {"--allow-uid", "-1"}}) {
    std::vector<std::string> args = {"--listen", "unix:/tmp/aclsim-unused.sock"};
    args.insert(args.end(), bad.begin(), bad.end());
    EXPECT_EQ(RunServerToExit(args, milliseconds(5000)).exit_code, 2) << bad[0] << " " << bad[1];
  }
}

// ------------------------------------------------------------ handshake

TEST(RemoteServerLimits, GivenIdleConnectionsFillingTheHandshakeSlotsWhenAClientConnectsThenItIsServed) {
  // A long handshake timeout: only the slot policy can let the client in.
  auto server = StartServer({"--handshake-timeout-ms", "60000"});
  std::vector<int> idle;
  for (int i = 0; i < 64; ++i) idle.push_back(RawConnect(server->endpoint()));
  for (int fd : idle) ASSERT_GE(fd, 0);
  // The server has taken them all: the first of them is the oldest.
  std::this_thread::sleep_for(milliseconds(100));
  auto conn = Connection::Open(server->endpoint());
  ASSERT_TRUE(conn.ok()) << conn.status().ToString();
  EXPECT_TRUE((*conn)->Handshake().ok()) << "64 idle connections must not lock a client out";
  auto again = Connection::Open(server->endpoint());  // not Connect(): it aborts when refused
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE((*again)->Handshake().ok()) << "and the next one is served too";
  EXPECT_TRUE(ClosedByServer(idle.front(), milliseconds(2000))) << "the oldest idle connection made room";
  EXPECT_GE(ServerStats(server->endpoint()).evicted_handshakes, 1u);
  for (int fd : idle) ::close(fd);
}

TEST(RemoteServerLimits, GivenConnectionWithoutHelloWhenHandshakeTimeoutPassesThenClosedAndCounted) {
  auto server = StartServer({"--handshake-timeout-ms", "200"});
  int silent = RawConnect(server->endpoint());
  ASSERT_GE(silent, 0);
  int trickle = RawConnect(server->endpoint());  // a header, then nothing: the deadline covers the payload too
  ASSERT_GE(trickle, 0);
  ASSERT_TRUE(SendHeader(trickle, MessageType::kHello, 100, 1));
  EXPECT_TRUE(ClosedByServer(silent, milliseconds(3000)));
  EXPECT_TRUE(ClosedByServer(trickle, milliseconds(3000)));
  // A timed-out connection is counted at its timeout and leaves "handshaking"
  // when its session is torn down, a moment later: wait for both.
  Stats s =
      StatsWhen(server->endpoint(), [](const Stats& st) { return st.handshake_timeouts >= 2 && st.handshaking == 0; });
  EXPECT_EQ(s.handshake_timeouts, 2u);
  EXPECT_EQ(s.handshaking, 0u);
  ::close(silent);
  ::close(trickle);
}

TEST(RemoteServerLimits, GivenMaxSessionsWhenConnectionsHaveNoHelloYetThenTheyDoNotTakeASessionSlot) {
  auto server = StartServer({"--max-sessions", "1"});
  std::vector<int> idle;
  for (int i = 0; i < 3; ++i) idle.push_back(RawConnect(server->endpoint()));
  auto first = Connection::Open(server->endpoint());
  ASSERT_TRUE(first.ok());
  EXPECT_TRUE((*first)->Handshake().ok()) << "idle connections are not sessions";
  auto second = Connection::Open(server->endpoint());
  ASSERT_TRUE(second.ok());
  auto refused = (*second)->Handshake();
  EXPECT_EQ(refused.status().detail(), Detail::kNoDevice);
  EXPECT_NE(refused.status().message().find("--max-sessions"), std::string::npos) << refused.status().message();
  first->reset();
  // ServerStats needs a session slot itself: wait for the freed one.
  Stats s = StatsWhen(server->endpoint(), [](const Stats& st) { return st.refused_sessions >= 1; });
  EXPECT_GE(s.refused_sessions, 1u);
  for (int fd : idle) ::close(fd);
}

// ------------------------------------------------------------ buffers

TEST(RemoteServerLimits, GivenHeadersDeclaring64MiBWhenNoPayloadFollowsThenServerDoesNotAllocateIt) {
  auto server = StartServer();
  const uint64_t before = ResidentKiB(server->pid());
  ASSERT_GT(before, 0u);
  std::vector<int> fds;
  for (int i = 0; i < 4; ++i) {
    int fd = RawConnect(server->endpoint());
    ASSERT_GE(fd, 0);
    ASSERT_TRUE(RawHello(fd));
    ASSERT_TRUE(SendHeader(fd, MessageType::kDeviceCount, kMaxPayloadBytes, 2));
    ASSERT_TRUE(SendAll(fd, "0123456789abcdef", 16));
    fds.push_back(fd);
  }
  uint64_t peak = 0;
  for (int i = 0; i < 25; ++i) {  // 4 x 64 MiB would show at once
    peak = std::max(peak, ResidentKiB(server->pid()));
    std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_LT(peak, before + 32 * 1024) << "resident KiB before " << before << ", peak " << peak;
  Stats s = ServerStats(server->endpoint());
  // A first chunk per connection at most (and the stats session's own small buffers).
  EXPECT_LE(s.buffered_bytes, 4u * (64u << 10) + 1024);
  for (int fd : fds) ::close(fd);
}

TEST(RemoteServerLimits, GivenMaxBufferedBytesWhenARequestExceedsItThenConnectionClosedAndCounted) {
  auto server = StartServer({"--max-buffered-bytes", "1048576"});
  int fd = RawConnect(server->endpoint());
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(RawHello(fd));
  ASSERT_TRUE(SendHeader(fd, MessageType::kDeviceCount, 4u << 20, 2));
  std::vector<uint8_t> chunk(256 << 10, 0);
  for (int i = 0; i < 16; ++i) {
    if (!SendAll(fd, chunk.data(), chunk.size())) break;  // the server closed it
  }
  EXPECT_TRUE(ClosedByServer(fd, milliseconds(3000)));
  ::close(fd);
  Stats s = StatsWhen(server->endpoint(), [](const Stats& st) { return st.buffer_closes >= 1; });
  EXPECT_EQ(s.buffer_closes, 1u);
  EXPECT_LT(s.buffered_bytes, 1024u) << "the closed connection's buffer is released";
  EXPECT_TRUE(Open(*Connect(server->endpoint()))->CreateStream().ok()) << "others are served";
}

// ------------------------------------------------------------ graph text

// sample_mlp.json with a |depth|-deep array in an extra field.
std::string DeeplyNestedGraph(size_t depth) {
  std::ifstream in(ModelPath("sample_mlp.json"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t brace = text.rfind('}');
  return text.substr(0, brace) + ", \"extra\": " + std::string(depth, '[') + std::string(depth, ']') + "}";
}

TEST(RemoteServerLimits, GivenDeeplyNestedGraphWhenLoadedThenRejectedAsInProcess) {
  const std::string shallow = DeeplyNestedGraph(model::kMaxGraphJsonDepth - 2);
  ASSERT_TRUE(model::LoadGraphFromJson(shallow).ok()) << "extra fields at an allowed depth are ignored";
  const std::string deep = DeeplyNestedGraph(200000);
  auto local = model::LoadGraphFromJson(deep);
  EXPECT_EQ(local.status().detail(), Detail::kModelDeserialize) << local.status().ToString();

  auto server = StartServer();
  auto conn = Connection::Open(server->endpoint());
  ASSERT_TRUE(conn.ok());
  ASSERT_TRUE((*conn)->Handshake().ok());
  Writer open;
  open.U32(0);
  ASSERT_TRUE((*conn)->Call(MessageType::kOpenDevice, open).ok());
  Writer load;
  load.U32(0);
  load.Str(deep);
  auto remote = (*conn)->Call(MessageType::kLoadGraph, load);
  EXPECT_EQ(remote.status().detail(), Detail::kModelDeserialize) << remote.status().ToString();
  EXPECT_NE(remote.status().message().find("nested"), std::string::npos) << remote.status().message();
}

// ------------------------------------------------------------ quotas

TEST(RemoteServerLimits, GivenPerSessionQuotasWhenExceededThenResourceErrorNamingTheFlag) {
  auto server =
      StartServer({"--max-streams-per-session", "3", "--max-events-per-session", "2", "--max-graphs-per-session", "1"});
  auto backend = Connect(server->endpoint());
  auto dev = Open(*backend);
  std::vector<device::StreamId> streams;
  for (int i = 0; i < 3; ++i) {
    auto s = dev->CreateStream();
    ASSERT_TRUE(s.ok()) << s.status().ToString();
    streams.push_back(*s);
  }
  auto fourth = dev->CreateStream();
  EXPECT_EQ(fourth.status().detail(), Detail::kDeviceMemory);
  EXPECT_NE(fourth.status().message().find("--max-streams-per-session"), std::string::npos)
      << fourth.status().message();
  ASSERT_TRUE(dev->DestroyStream(streams.back()).ok());
  EXPECT_TRUE(dev->CreateStream().ok()) << "a destroyed stream frees its quota";

  ASSERT_TRUE(dev->CreateEvent().ok());
  ASSERT_TRUE(dev->CreateEvent().ok());
  EXPECT_EQ(dev->CreateEvent().status().detail(), Detail::kDeviceMemory);

  const model::Graph graph = LoadModel("sample_mlp.json");
  ASSERT_TRUE(dev->LoadGraph(graph).ok());
  auto second = dev->LoadGraph(graph);
  EXPECT_EQ(second.status().detail(), Detail::kDeviceMemory);
  EXPECT_NE(second.status().message().find("--max-graphs-per-session"), std::string::npos) << second.status().message();

  EXPECT_TRUE(Open(*Connect(server->endpoint()))->CreateStream().ok()) << "quotas are per session";
  EXPECT_EQ(ServerStats(server->endpoint()).quota_refusals, 3u);
}

// ------------------------------------------------------------ socket access

TEST(RemoteServerLimits, GivenUnixSocketWhenCreatedThenItsModeIs0600WhateverTheUmask) {
  const mode_t old = ::umask(0);  // the child server inherits it
  auto server = StartServer();
  auto other = StartServer({"--socket-mode", "0660"});
  ::umask(old);
  for (const auto& [srv, mode] : {std::pair{server.get(), 0600}, std::pair{other.get(), 0660}}) {
    auto ep = ParseEndpoint(srv->endpoint());
    ASSERT_TRUE(ep.ok());
    struct stat st {};
    ASSERT_EQ(::lstat(ep->path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, static_cast<mode_t>(mode)) << srv->endpoint();
  }
  EXPECT_TRUE(Open(*Connect(server->endpoint()))->CreateStream().ok());
}

// Runs a child that connects as |uid| and sends Hello; its exit code:
// 0 served, 1 refused or closed, 2 could not connect.
int HelloAs(const std::string& endpoint, uid_t uid) {
  pid_t child = ::fork();
  if (child == 0) {
    if (::setuid(uid) != 0) ::_exit(3);
    auto conn = Connection::Open(endpoint, milliseconds(3000));
    if (!conn.ok()) ::_exit(2);
    ::_exit((*conn)->Handshake().ok() ? 0 : 1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(RemoteServerLimits, GivenPeerOfAnotherUidWhenConnectingThenRefusedUnlessAllowed) {
  if (::getuid() != 0) GTEST_SKIP() << "needs root to connect as another uid";
  constexpr uid_t kOther = 65534;
  // World-accessible socket: only the peer check may refuse.
  auto server = StartServer({"--socket-mode", "0666"});
  auto allowing = StartServer({"--socket-mode", "0666", "--allow-uid", std::to_string(kOther)});
  for (auto* srv : {server.get(), allowing.get()}) ASSERT_EQ(::chmod(srv->temp_dir().c_str(), 0711), 0);

  EXPECT_EQ(HelloAs(server->endpoint(), kOther), 1) << "another uid is refused";
  EXPECT_EQ(ServerStats(server->endpoint()).refused_peers, 1u);
  EXPECT_EQ(HelloAs(allowing->endpoint(), kOther), 0) << "an allowed uid is served";
  EXPECT_EQ(ServerStats(allowing->endpoint()).refused_peers, 0u);
}

// ------------------------------------------------------------ realtime waits

// A one-op graph that runs for an hour.
std::string HourLongGraph() {
  return R"({"schema": "aclsim.graph.v1", "name": "hour",
    "inputs": [{"name": "x", "dtype": "float16", "format": "ND", "shape": [16]}],
    "outputs": ["y"],
    "ops": [{"name": "slow", "type": "Relu", "inputs": ["x"], "duration_ns": 3600000000000,
             "outputs": [{"name": "y", "dtype": "float16", "format": "ND", "shape": [16]}]}]})";
}

// Opens device 0 on |conn|, creates a stream, submits the hour-long graph
// and returns the stream, or 0.
uint64_t SubmitHour(Connection& conn) {
  if (!conn.Handshake().ok()) return 0;
  Writer open;
  open.U32(0);
  if (!conn.Call(MessageType::kOpenDevice, open).ok()) return 0;
  Writer create;
  create.U32(0);
  auto s = conn.Call(MessageType::kCreateStream, create);
  if (!s.ok()) return 0;
  const uint64_t stream = s->U64();
  Writer load;
  load.U32(0);
  load.Str(HourLongGraph());
  auto x = conn.Call(MessageType::kLoadGraph, load);
  if (!x.ok()) return 0;
  const uint64_t exe = x->U64();
  Writer submit;
  submit.U32(0);
  submit.U64(stream);
  submit.U64(exe);
  submit.U32(0);  // LaunchInfo: model_tag, host_tid, host_ready_ns
  submit.U32(0);
  submit.I64(0);
  if (!conn.Call(MessageType::kSubmitGraph, submit).ok()) return 0;
  return stream;
}

TEST(RemoteServerLimits, GivenRealtimeSyncOfAnHourWhenClientDisconnectsThenServerEndsTheWait) {
  auto server = StartServer({"--clock", "realtime"});
  {
    auto conn = Connection::Open(server->endpoint(), milliseconds(300));
    ASSERT_TRUE(conn.ok());
    const uint64_t stream = SubmitHour(**conn);
    ASSERT_NE(stream, 0u);
    Writer sync;
    sync.U32(0);
    sync.U64(stream);
    EXPECT_EQ((*conn)->Call(MessageType::kSynchronizeStream, sync).status().detail(), Detail::kNoDevice)
        << "the client gives up after its I/O timeout";
  }  // and disconnects
  Stats s = StatsWhen(server->endpoint(), [](const Stats& st) { return st.sessions == 1 && st.streams == 0; });
  EXPECT_EQ(s.sessions, 1u) << "the waiting session ended (only the stats session is left)";
  EXPECT_EQ(s.streams, 0u) << "and its stream was destroyed without waiting for it";
  EXPECT_EQ(s.waits_interrupted, 1u);
}

TEST(RemoteServerLimits, GivenRealtimeSyncOfAnHourWhenServerGetsSigtermThenItStopsCleanly) {
  auto server = StartServer({"--clock", "realtime"});
  auto conn = Connection::Open(server->endpoint(), milliseconds(5000));
  ASSERT_TRUE(conn.ok());
  const uint64_t stream = SubmitHour(**conn);
  ASSERT_NE(stream, 0u);
  std::thread waiter([&] {
    Writer sync;
    sync.U32(0);
    sync.U64(stream);
    EXPECT_EQ((*conn)->Call(MessageType::kSynchronizeStream, sync).status().detail(), Detail::kNoDevice);
  });
  std::this_thread::sleep_for(milliseconds(100));  // the server is in the wait (either order passes)
  const int status = server->Stop(milliseconds(3000));
  waiter.join();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "exit status " << status << " (killed?)";
}

}  // namespace
}  // namespace aclsim::remote::backend_test
