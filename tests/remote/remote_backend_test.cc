// Tests of the "remote" backend against a real aclsim-device-server process
// (started and stopped by each test through remote::testing::ServerProcess,
// on a Unix socket in a private temp dir or on tcp:127.0.0.1): handshake,
// every Device method, byte-identical records versus the in-process
// simulator, shared devices, a client dying mid-run, a server dying or
// stalling, and the loopback-only rule.
#include "remote/client/remote_backend.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>
#include <thread>
#include <vector>

#include "remote/client/connection.h"
#include "remote/protocol.h"
#include "remote/testing/server_process.h"
#include "runtime/model/graph_loader.h"
#include "sim/sim_backend.h"
#include "tests/testing/status_printers.h"

namespace aclsim::remote {
namespace {

using std::chrono::milliseconds;
using testing::RunServerToExit;
using testing::ServerProcess;
using Clock = std::chrono::steady_clock;

std::string ModelPath(const std::string& name) {
  const char* dir = std::getenv("ACLSIM_MODELS_DIR");
  return std::string(dir != nullptr ? dir : ACLSIM_SOURCE_MODELS_DIR) + "/" + name;
}

model::Graph LoadModel(const std::string& name) {
  auto g = model::LoadGraphFromFile(ModelPath(name));
  EXPECT_TRUE(g.ok()) << g.status().ToString();
  if (!g.ok()) std::abort();
  return std::move(g).value();
}

std::unique_ptr<ServerProcess> StartServer(const std::vector<std::string>& args = {}, bool tcp = false) {
  auto server = ServerProcess::Start(args, tcp);
  EXPECT_TRUE(server.ok()) << server.status().ToString();
  if (!server.ok()) std::abort();
  return std::move(server).value();
}

std::unique_ptr<device::Backend> Connect(const std::string& endpoint, milliseconds timeout = milliseconds(10000)) {
  device::BackendOptions options;
  options.endpoint = endpoint;
  RemoteClientOptions client;
  client.io_timeout = timeout;
  auto backend = CreateRemoteBackend(options, client);
  EXPECT_TRUE(backend.ok()) << backend.status().ToString();
  if (!backend.ok()) std::abort();
  return std::move(backend).value();
}

std::unique_ptr<device::Device> Open(device::Backend& backend, uint32_t id = 0) {
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
      bytes_.Record(records[i]);
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
};

Stats ServerStats(const std::string& endpoint) {
  auto conn = Connection::Open(endpoint);
  EXPECT_TRUE(conn.ok()) << conn.status().ToString();
  if (!conn.ok()) return {};
  EXPECT_TRUE((*conn)->Handshake().ok());
  auto r = (*conn)->Call(MessageType::kServerStats, Writer());
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  if (!r.ok()) return {};
  Stats s;
  s.sessions = r->U32();
  s.streams = r->U64();
  s.events = r->U64();
  s.executables = r->U64();
  s.closed = r->U64();
  EXPECT_TRUE(r->Finish("stats").ok());
  return s;
}

// ---------------------------------------------------------------- handshake

TEST(RemoteHandshake, GivenServerWhenHelloThenVersionAndDeviceCount) {
  auto server = StartServer({"--device-count", "3"});
  auto conn = Connection::Open(server->endpoint());
  ASSERT_TRUE(conn.ok()) << conn.status().ToString();
  auto hello = (*conn)->Handshake();
  ASSERT_TRUE(hello.ok()) << hello.status().ToString();
  EXPECT_EQ(hello->version, kProtocolVersion);
  EXPECT_EQ(hello->device_count, 3u);
  EXPECT_NE(hello->server.find("Ascend910B2"), std::string::npos) << hello->server;
  auto count = (*conn)->Call(MessageType::kDeviceCount, Writer());
  ASSERT_TRUE(count.ok());
  EXPECT_EQ(count->U32(), 3u);
  EXPECT_EQ(Connect(server->endpoint())->DeviceCount(), 3u);
  EXPECT_EQ(server->Stop(), 0) << "clean exit after SIGTERM";
}

TEST(RemoteHandshake, GivenVersionMismatchWhenHelloThenRtFeatureNotSupportWithBothVersions) {
  auto server = StartServer();
  auto conn = Connection::Open(server->endpoint());
  ASSERT_TRUE(conn.ok());
  auto hello = (*conn)->Handshake(kProtocolVersion + 41);
  EXPECT_EQ(hello.status().code(), ErrorCode::kRtFeatureNotSupport);
  EXPECT_NE(hello.status().message().find("v42"), std::string::npos) << hello.status().message();
  EXPECT_NE(hello.status().message().find("v1"), std::string::npos) << hello.status().message();
  // The server closed that session; the connection stays broken.
  EXPECT_EQ((*conn)->Call(MessageType::kDeviceCount, Writer()).status().code(), ErrorCode::kRtNoDevice);
}

TEST(RemoteHandshake, GivenRequestBeforeHelloWhenSentThenRejectedAndClosed) {
  auto server = StartServer();
  auto conn = Connection::Open(server->endpoint());
  ASSERT_TRUE(conn.ok());
  EXPECT_EQ((*conn)->Call(MessageType::kDeviceCount, Writer()).status().code(), ErrorCode::kRtParamInvalid);
  EXPECT_EQ((*conn)->Call(MessageType::kDeviceCount, Writer()).status().code(), ErrorCode::kRtNoDevice);
}

TEST(RemoteHandshake, GivenNothingListeningWhenCreatedThenRtNoDeviceAtOnce) {
  char dir[] = "/tmp/aclsim-remote-none-XXXXXX";
  ASSERT_NE(::mkdtemp(dir), nullptr);
  device::BackendOptions options;
  options.endpoint = std::string("unix:") + dir + "/nobody.sock";
  auto t0 = Clock::now();
  auto backend = CreateRemoteBackend(options);
  EXPECT_EQ(backend.status().code(), ErrorCode::kRtNoDevice);
  EXPECT_NE(backend.status().message().find("nobody.sock"), std::string::npos) << backend.status().message();
  options.endpoint = "tcp:127.0.0.1:1";  // privileged port nobody serves
  EXPECT_EQ(CreateRemoteBackend(options).status().code(), ErrorCode::kRtNoDevice);
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(2));
  ::rmdir(dir);
}

TEST(RemoteHandshake, GivenMissingOrNonLoopbackEndpointWhenCreatedThenInvalidParam) {
  device::BackendOptions options;
  EXPECT_EQ(CreateRemoteBackend(options).status().code(), ErrorCode::kInvalidParam);
  options.endpoint = "tcp:192.0.2.1:5000";
  EXPECT_EQ(CreateRemoteBackend(options).status().code(), ErrorCode::kInvalidParam);
  device::BackendRegistry registry;
  RegisterRemoteBackend(registry);
  EXPECT_TRUE(registry.Contains("remote"));
}

// ------------------------------------------------------------ device methods

TEST(RemoteDevice, GivenServerWhenEveryDeviceMethodCalledThenResultsMatchTheSimulator) {
  auto server = StartServer({"--device-count", "2"});
  auto backend = Connect(server->endpoint());
  EXPECT_EQ(backend->name(), "remote");
  EXPECT_EQ(backend->DeviceCount(), 2u);
  EXPECT_EQ(backend->OpenDevice(2).status().code(), ErrorCode::kRtInvalidDeviceId);
  auto dev = Open(*backend, 1);
  EXPECT_EQ(dev->info().profile_name, "Ascend910B2");
  EXPECT_FALSE(dev->info().soc_name.empty());
  EXPECT_GT(dev->info().memory_bytes, 0u);
  EXPECT_GT(dev->info().ai_core_count, 0u);

  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  auto s1 = dev->CreateStream();
  auto s2 = dev->CreateStream();
  ASSERT_TRUE(s1.ok() && s2.ok());
  EXPECT_NE(*s1, *s2);
  auto ev = dev->CreateEvent();
  ASSERT_TRUE(ev.ok());
  auto exe = dev->LoadGraph(LoadModel("sample_mlp.json"));
  ASSERT_TRUE(exe.ok()) << exe.status().ToString();
  auto costs = dev->GetGraphCosts(*exe);
  ASSERT_TRUE(costs.ok());
  EXPECT_EQ(costs->size(), 9u);

  auto first = dev->SubmitGraph(*s1, *exe, device::LaunchInfo{7, 1234});
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  auto records = sink.records();
  ASSERT_EQ(records.size(), 9u);
  EXPECT_EQ(records[0].task_id, *first);
  EXPECT_EQ(records[0].device_id, 1u);
  EXPECT_EQ(records[0].model_tag, 7u);
  EXPECT_EQ(records[0].host_tid, 1234u);
  EXPECT_EQ(records[8].op_index, 8u);
  EXPECT_EQ(records[8].end_ns, 50259) << "sample_mlp takes 50.259 us on Ascend910B2";

  auto marker = dev->SubmitMarker(*s1, device::MarkerInfo{99, 3, 5});
  ASSERT_TRUE(marker.ok());
  records = sink.records();
  ASSERT_EQ(records.size(), 10u);
  EXPECT_EQ(records[9].kind, device::TaskKind::kMarker);
  EXPECT_EQ(records[9].marker_id, 99u);
  EXPECT_EQ(records[9].start_ns, 50259);

  ASSERT_TRUE(dev->SubmitEventRecord(*s1, *ev).ok());
  ASSERT_TRUE(dev->SubmitEventWait(*s2, *ev).ok());
  auto state = dev->QueryEvent(*ev);
  ASSERT_TRUE(state.ok());
  EXPECT_TRUE(state->recorded);
  EXPECT_TRUE(state->complete);
  EXPECT_EQ(state->timestamp_ns, 50259);
  auto m2 = dev->SubmitMarker(*s2, device::MarkerInfo{100, 0, 0});
  ASSERT_TRUE(m2.ok());
  EXPECT_EQ(sink.records().back().start_ns, 50259) << "the wait orders s2 after the event";

  auto idle = dev->QueryStream(*s1);
  ASSERT_TRUE(idle.ok());
  EXPECT_TRUE(*idle);
  EXPECT_EQ(dev->Now(), 0);
  EXPECT_TRUE(dev->SynchronizeStream(*s1).ok());
  EXPECT_EQ(dev->Now(), 50259);
  EXPECT_TRUE(dev->SynchronizeEvent(*ev).ok());
  EXPECT_TRUE(dev->SynchronizeDevice().ok());

  dev->SetCompletionSink(nullptr);
  ASSERT_TRUE(dev->SubmitGraph(*s1, *exe, device::LaunchInfo{}).ok());
  EXPECT_EQ(sink.records().size(), 11u) << "no records without a sink";
  dev->SetCompletionSink(&sink);
  ASSERT_TRUE(dev->SubmitGraph(*s1, *exe, device::LaunchInfo{}).ok());
  EXPECT_EQ(sink.records().size(), 20u);

  // Exact errors for unknown handles.
  EXPECT_EQ(dev->SubmitGraph(999, *exe, {}).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->SubmitGraph(*s1, 999, {}).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->SubmitMarker(999, {}).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->SubmitEventRecord(*s1, 999).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->SubmitEventWait(999, *ev).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->SynchronizeStream(999).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->QueryStream(999).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->SynchronizeEvent(999).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->QueryEvent(999).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->GetGraphCosts(999).status().code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->UnloadGraph(999).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->DestroyEvent(999).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(dev->DestroyStream(999).code(), ErrorCode::kRtInvalidHandle);

  EXPECT_TRUE(dev->UnloadGraph(*exe).ok());
  EXPECT_EQ(dev->UnloadGraph(*exe).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_TRUE(dev->DestroyEvent(*ev).ok());
  EXPECT_TRUE(dev->DestroyStream(*s1).ok());
  EXPECT_TRUE(dev->DestroyStream(*s2).ok());
  EXPECT_EQ(dev->DestroyStream(*s2).code(), ErrorCode::kRtInvalidHandle);
  Stats stats = ServerStats(server->endpoint());
  EXPECT_EQ(stats.streams, 0u);
  EXPECT_EQ(stats.events, 0u);
  EXPECT_EQ(stats.executables, 0u);
}

TEST(RemoteDevice, GivenTcpLoopbackServerWhenGraphSubmittedThenRecordsArrive) {
  auto server = StartServer({}, /*tcp=*/true);
  EXPECT_EQ(server->endpoint().rfind("tcp:127.0.0.1:", 0), 0u) << server->endpoint();
  auto backend = Connect(server->endpoint());
  auto dev = Open(*backend);
  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  auto stream = dev->CreateStream();
  auto exe = dev->LoadGraph(LoadModel("two_branch.json"));
  ASSERT_TRUE(stream.ok() && exe.ok());
  ASSERT_TRUE(dev->SubmitGraph(*stream, *exe, {}).ok());
  EXPECT_EQ(sink.records().size(), 6u);
}

// ----------------------------------------------------- byte-identical records

// One fixed call sequence: graphs (one over 256 ops, so batches split),
// markers, events across streams, sink on/off, synchronisation, clocks.
struct ScriptResult {
  std::vector<uint8_t> record_bytes;
  std::vector<size_t> batches;
  std::vector<int64_t> values;  // task ids, clocks, costs, event states
};

ScriptResult RunScript(device::Device& dev) {
  ScriptResult out;
  RecordingSink sink;
  auto a = dev.CreateStream();
  auto b = dev.CreateStream();
  auto ev = dev.CreateEvent();
  auto mlp = dev.LoadGraph(LoadModel("sample_mlp.json"));
  auto branch = dev.LoadGraph(LoadModel("two_branch.json"));
  auto bert = dev.LoadGraph(LoadModel("bert_base.json"));
  EXPECT_TRUE(a.ok() && b.ok() && ev.ok() && mlp.ok() && branch.ok() && bert.ok());
  if (!(a.ok() && b.ok() && ev.ok() && mlp.ok() && branch.ok() && bert.ok())) return out;
  for (auto exe : {*mlp, *branch, *bert}) {
    auto costs = dev.GetGraphCosts(exe);
    EXPECT_TRUE(costs.ok());
    if (!costs.ok()) return out;
    for (const auto& c : *costs) {
      out.values.insert(out.values.end(), {static_cast<int64_t>(c.flops), static_cast<int64_t>(c.macs),
                                           static_cast<int64_t>(c.bytes), c.block_dim, c.duration_ns});
    }
  }
  auto push = [&](const StatusOr<device::TaskId>& t) {
    EXPECT_TRUE(t.ok()) << t.status().ToString();
    out.values.push_back(t.ok() ? static_cast<int64_t>(*t) : -1);
  };
  dev.SetCompletionSink(&sink);
  push(dev.SubmitGraph(*a, *mlp, {1, 100}));
  push(dev.SubmitMarker(*a, {1, 2, 100}));
  EXPECT_TRUE(dev.SubmitEventRecord(*a, *ev).ok());
  EXPECT_TRUE(dev.SubmitEventWait(*b, *ev).ok());
  push(dev.SubmitGraph(*b, *branch, {2, 200}));
  push(dev.SubmitMarker(*b, {2, 3, 200}));
  push(dev.SubmitGraph(*a, *bert, {3, 100}));
  EXPECT_TRUE(dev.SynchronizeStream(*a).ok());
  out.values.push_back(dev.Now());
  push(dev.SubmitGraph(*b, *mlp, {1, 200}));
  auto state = dev.QueryEvent(*ev);
  EXPECT_TRUE(state.ok());
  if (state.ok()) out.values.insert(out.values.end(), {state->recorded, state->complete, state->timestamp_ns});
  dev.SetCompletionSink(nullptr);
  push(dev.SubmitGraph(*a, *branch, {2, 100}));
  dev.SetCompletionSink(&sink);
  push(dev.SubmitGraph(*a, *bert, {3, 100}));
  push(dev.SubmitMarker(*a, {3, 4, 100}));
  EXPECT_TRUE(dev.SynchronizeDevice().ok());
  out.values.push_back(dev.Now());
  dev.SetCompletionSink(nullptr);
  out.record_bytes = sink.bytes();
  out.batches = sink.batches();
  return out;
}

TEST(RemoteDevice, GivenSameSeedAndJitterWhenScriptRunsRemotelyThenRecordsByteIdenticalToInProcessSim) {
  const std::vector<std::string> args = {"--device-count", "2", "--seed", "42", "--jitter", "0.2"};
  device::BackendOptions sim_options;
  sim_options.device_count = 2;
  sim_options.seed = 42;
  sim_options.jitter = 0.2;
  auto sim_backend = sim::CreateSimBackend(sim_options);
  ASSERT_TRUE(sim_backend.ok());
  auto server = StartServer(args);
  auto remote_backend = Connect(server->endpoint());
  for (uint32_t id = 0; id < 2; ++id) {
    auto local = Open(**sim_backend, id);
    auto remote = Open(*remote_backend, id);
    ScriptResult expected = RunScript(*local);
    ScriptResult actual = RunScript(*remote);
    ASSERT_GT(expected.record_bytes.size(), 600 * kRecordWireBytes);
    EXPECT_EQ(actual.values, expected.values) << "device " << id;
    EXPECT_EQ(actual.batches, expected.batches) << "device " << id;
    EXPECT_TRUE(actual.record_bytes == expected.record_bytes) << "device " << id << ": records differ";
  }
  // Jitter really is on: without it the same script gives other times.
  auto plain_backend = sim::CreateSimBackend(device::BackendOptions{});
  ASSERT_TRUE(plain_backend.ok());
  EXPECT_FALSE(RunScript(*Open(**plain_backend, 0)).record_bytes == RunScript(*Open(*remote_backend, 0)).record_bytes);
}

// ------------------------------------------------------------ shared devices

TEST(RemoteServer, GivenTwoClientsWhenSubmittingConcurrentlyThenBothServedOnSharedDevice) {
  auto server = StartServer();
  const model::Graph graph = LoadModel("two_branch.json");
  constexpr int kIterations = 50;
  struct Client {
    std::unique_ptr<device::Backend> backend;
    std::unique_ptr<device::Device> dev;
    RecordingSink sink;
    device::StreamId stream = 0;
    bool ok = true;
  };
  Client clients[2];
  for (auto& c : clients) {
    c.backend = Connect(server->endpoint());
    c.dev = Open(*c.backend, 0);
    c.dev->SetCompletionSink(&c.sink);
    c.stream = *c.dev->CreateStream();
  }
  EXPECT_NE(clients[0].stream, clients[1].stream) << "streams of one shared device";
  EXPECT_GE(ServerStats(server->endpoint()).sessions, 2u);
  std::vector<std::thread> threads;
  for (auto& c : clients) {
    threads.emplace_back([&c, &graph] {
      auto exe = c.dev->LoadGraph(graph);
      c.ok = exe.ok();
      for (int i = 0; i < kIterations && c.ok; ++i) {
        c.ok = c.dev->SubmitGraph(c.stream, *exe, {}).ok() && c.dev->SubmitMarker(c.stream, {}).ok() &&
               c.dev->SynchronizeStream(c.stream).ok();
      }
    });
  }
  for (auto& t : threads) t.join();
  std::vector<device::TaskId> tasks;
  for (auto& c : clients) {
    EXPECT_TRUE(c.ok);
    auto records = c.sink.records();
    EXPECT_EQ(records.size(), static_cast<size_t>(kIterations * 7));
    for (const auto& r : records) {
      EXPECT_EQ(r.stream_id, c.stream) << "a client only sees its own records";
      tasks.push_back(r.task_id);
    }
  }
  std::sort(tasks.begin(), tasks.end());
  EXPECT_EQ(std::adjacent_find(tasks.begin(), tasks.end()), tasks.end()) << "one task-id space per device";
  // Another client cannot touch a stream it did not create.
  EXPECT_EQ(clients[0].dev->SynchronizeStream(clients[1].stream).code(), ErrorCode::kRtInvalidHandle);
}

// --------------------------------------------------- a client dies mid-run

// Waits (bounded) for one byte on |fd|.
bool ReadByte(int fd, milliseconds timeout) {
  pollfd p{fd, POLLIN, 0};
  char c = 0;
  return ::poll(&p, 1, static_cast<int>(timeout.count())) == 1 && ::read(fd, &c, 1) == 1;
}

TEST(RemoteServer, GivenClientProcessDiesMidRunWhenServerNoticesThenItsHandlesFreedAndOthersServed) {
  auto server = StartServer();
  const std::string endpoint = server->endpoint();
  auto backend = Connect(endpoint);
  auto dev = Open(*backend);
  auto stream = dev->CreateStream();
  auto exe = dev->LoadGraph(LoadModel("sample_mlp.json"));
  ASSERT_TRUE(stream.ok() && exe.ok());

  int ready[2];
  int go[2];
  ASSERT_EQ(::pipe(ready), 0);
  ASSERT_EQ(::pipe(go), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The dying client: builds state on the shared device, then _exit()s
    // mid-run without releasing anything.
    device::BackendOptions options;
    options.endpoint = endpoint;
    auto b = CreateRemoteBackend(options);
    if (!b.ok()) ::_exit(10);
    auto d = (*b)->OpenDevice(0);
    if (!d.ok()) ::_exit(11);
    for (int i = 0; i < 3; ++i) {
      if (!(*d)->CreateStream().ok()) ::_exit(12);
    }
    auto s = (*d)->CreateStream();
    auto x = (*d)->LoadGraph(LoadModel("bert_base.json"));
    if (!s.ok() || !x.ok() || !(*d)->CreateEvent().ok()) ::_exit(13);
    for (int i = 0; i < 5; ++i) {
      if (!(*d)->SubmitGraph(*s, *x, {}).ok()) ::_exit(14);
    }
    if (::write(ready[1], "r", 1) != 1) ::_exit(15);
    ReadByte(go[0], milliseconds(10000));
    ::_exit(0);
  }
  ASSERT_TRUE(ReadByte(ready[0], milliseconds(10000))) << "child did not get ready";
  Stats during = ServerStats(endpoint);
  EXPECT_EQ(during.streams, 1u + 4u);
  EXPECT_EQ(during.events, 1u);
  EXPECT_EQ(during.executables, 2u);
  EXPECT_TRUE(dev->SubmitGraph(*stream, *exe, {}).ok()) << "served while the other client lives";

  ASSERT_EQ(::write(go[1], "g", 1), 1);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;

  Stats after;
  const auto deadline = Clock::now() + std::chrono::seconds(5);
  do {
    std::this_thread::sleep_for(milliseconds(10));
    after = ServerStats(endpoint);
  } while (after.streams != 1u && Clock::now() < deadline);
  EXPECT_EQ(after.streams, 1u) << "the dead client's streams are freed";
  EXPECT_EQ(after.events, 0u);
  EXPECT_EQ(after.executables, 1u);

  EXPECT_TRUE(dev->SubmitGraph(*stream, *exe, {}).ok()) << "the surviving client is still served";
  EXPECT_TRUE(dev->SynchronizeStream(*stream).ok());
  auto newcomer = Connect(endpoint);
  EXPECT_TRUE(Open(*newcomer)->CreateStream().ok()) << "and new clients too";
  for (int fd : {ready[0], ready[1], go[0], go[1]}) ::close(fd);
}

TEST(RemoteServer, GivenGarbageFrameWhenReceivedThenThatSessionClosedAndServerKeepsServing) {
  auto server = StartServer();
  auto ep = ParseEndpoint(server->endpoint());
  ASSERT_TRUE(ep.ok());
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, ep->path.c_str(), sizeof(addr.sun_path) - 1);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)), 0);
  const char garbage[] = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
  ASSERT_EQ(::send(fd, garbage, sizeof(garbage) - 1, MSG_NOSIGNAL), static_cast<ssize_t>(sizeof(garbage) - 1));
  pollfd p{fd, POLLIN, 0};
  ASSERT_EQ(::poll(&p, 1, 5000), 1);
  char buf[64];
  ssize_t n = ::recv(fd, buf, sizeof(buf), 0);
  EXPECT_TRUE(n == 0 || (n < 0 && errno == ECONNRESET)) << "server closed the session; recv: " << n;
  ::close(fd);
  auto dev = Open(*Connect(server->endpoint()));
  EXPECT_TRUE(dev->CreateStream().ok());
}

TEST(RemoteServer, GivenMaxSessionsReachedWhenAnotherClientConnectsThenRefusedUntilOneLeaves) {
  auto server = StartServer({"--max-sessions", "1"});
  auto first = Connection::Open(server->endpoint());
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE((*first)->Handshake().ok());
  auto second = Connection::Open(server->endpoint());
  ASSERT_TRUE(second.ok());
  EXPECT_EQ((*second)->Handshake().status().code(), ErrorCode::kRtNoDevice);
  first->reset();  // the only session ends; the server frees its slot
  bool served = false;
  const auto deadline = Clock::now() + std::chrono::seconds(5);
  while (!served && Clock::now() < deadline) {
    auto again = Connection::Open(server->endpoint());
    served = again.ok() && (*again)->Handshake().ok();
    if (!served) std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_TRUE(served);
}

// ------------------------------------------------------------ server failure

TEST(RemoteServer, GivenServerKilledWhenClientCallsThenRtNoDeviceFastAndNeverHangs) {
  auto server = StartServer();
  auto backend = Connect(server->endpoint());
  auto dev = Open(*backend);
  auto stream = dev->CreateStream();
  auto exe = dev->LoadGraph(LoadModel("sample_mlp.json"));
  ASSERT_TRUE(stream.ok() && exe.ok());
  ASSERT_TRUE(dev->SubmitGraph(*stream, *exe, {}).ok());
  ASSERT_TRUE(dev->SynchronizeStream(*stream).ok());
  const auto now = dev->Now();
  const std::string endpoint = server->endpoint();
  server->Kill();

  auto t0 = Clock::now();
  auto submit = dev->SubmitGraph(*stream, *exe, {});
  EXPECT_EQ(submit.status().code(), ErrorCode::kRtNoDevice);
  EXPECT_NE(submit.status().message().find(endpoint), std::string::npos) << submit.status().message();
  EXPECT_EQ(dev->SubmitMarker(*stream, {}).status().code(), ErrorCode::kRtNoDevice);
  EXPECT_EQ(dev->SynchronizeStream(*stream).code(), ErrorCode::kRtNoDevice);
  EXPECT_EQ(dev->CreateStream().status().code(), ErrorCode::kRtNoDevice);
  EXPECT_EQ(dev->QueryEvent(1).status().code(), ErrorCode::kRtNoDevice);
  EXPECT_EQ(dev->SynchronizeDevice().code(), ErrorCode::kRtNoDevice);
  EXPECT_EQ(dev->DestroyStream(*stream).code(), ErrorCode::kRtNoDevice);
  EXPECT_EQ(dev->Now(), now) << "Now() keeps the last observed time";
  dev->SetCompletionSink(nullptr);  // must not hang or crash
  EXPECT_EQ(backend->OpenDevice(0).status().code(), ErrorCode::kRtNoDevice);
  device::BackendOptions options;
  options.endpoint = endpoint;
  EXPECT_EQ(CreateRemoteBackend(options).status().code(), ErrorCode::kRtNoDevice);
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(2));
}

// True once |pid| is in state T (stopped), bounded by 5 s.
bool WaitStopped(pid_t pid) {
  const auto deadline = Clock::now() + std::chrono::seconds(5);
  const std::string path = "/proc/" + std::to_string(pid) + "/stat";
  while (Clock::now() < deadline) {
    std::ifstream in(path);
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t paren = stat.rfind(')');
    if (paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] == 'T') return true;
    std::this_thread::sleep_for(milliseconds(1));
  }
  return false;
}

TEST(RemoteServer, GivenServerStalledWhenClientCallsThenRtNoDeviceAfterTheIoTimeout) {
  auto server = StartServer();
  auto backend = Connect(server->endpoint(), milliseconds(300));
  auto dev = Open(*backend);
  auto stream = dev->CreateStream();
  ASSERT_TRUE(stream.ok());
  ASSERT_EQ(::kill(server->pid(), SIGSTOP), 0);
  ASSERT_TRUE(WaitStopped(server->pid())) << "SIGSTOP is asynchronous: wait until it took effect";
  auto t0 = Clock::now();
  EXPECT_EQ(dev->SynchronizeStream(*stream).code(), ErrorCode::kRtNoDevice);
  auto elapsed = Clock::now() - t0;
  EXPECT_GE(elapsed, milliseconds(250));
  EXPECT_LT(elapsed, std::chrono::seconds(5));
  EXPECT_EQ(dev->SubmitMarker(*stream, {}).status().code(), ErrorCode::kRtNoDevice) << "broken for good";
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(5));
  ASSERT_EQ(::kill(server->pid(), SIGCONT), 0);
  EXPECT_EQ(server->Stop(), 0);
}

// ------------------------------------------------------------ listen rules

TEST(RemoteServer, GivenNonLoopbackListenAddressWhenStartedThenRejectedWithExitCode2) {
  for (const char* listen : {"tcp:0.0.0.0:0", "tcp:[::]:0", "tcp:192.0.2.1:5000", "tcp:example.com:80"}) {
    auto result = RunServerToExit({"--listen", listen}, milliseconds(5000));
    EXPECT_EQ(result.exit_code, 2) << listen << ": " << result.output;
    EXPECT_NE(result.output.find("loopback"), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find("listening on"), std::string::npos) << result.output;
  }
  auto bad_flag = RunServerToExit({"--listen", "unix:/tmp/x.sock", "--jitter", "0.9"}, milliseconds(5000));
  EXPECT_EQ(bad_flag.exit_code, 2) << bad_flag.output;
  auto no_listen = RunServerToExit({}, milliseconds(5000));
  EXPECT_EQ(no_listen.exit_code, 2) << no_listen.output;
}

TEST(RemoteServer, GivenSocketInUseWhenSecondServerStartsThenItRefusesAndFirstKeepsServing) {
  auto server = StartServer();
  auto result = RunServerToExit({"--listen", server->endpoint()}, milliseconds(5000));
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("another server"), std::string::npos) << result.output;
  EXPECT_TRUE(Open(*Connect(server->endpoint()))->CreateStream().ok());
}

}  // namespace
}  // namespace aclsim::remote
