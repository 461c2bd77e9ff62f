// Tests of aclsim-device-server as seen by clients of the "remote" backend:
// devices shared by concurrent clients, a client dying mid-run (its handles
// are freed), garbage frames and the session limit, a server dying or
// stalling, and the listen rules (loopback only, one server per socket).
#include "remote/client/remote_backend.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "remote/client/connection.h"
#include "remote/protocol.h"
#include "remote_test_util.h"

namespace aclsim::remote::backend_test {
namespace {

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
  EXPECT_EQ(clients[0].dev->SynchronizeStream(clients[1].stream).detail(), Detail::kInvalidHandle);
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
    RemoteOptions options;
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
  EXPECT_EQ(ServerStats(server->endpoint()).bad_frames, 1u) << "the close is counted";
}

TEST(RemoteServer, GivenMaxSessionsReachedWhenAnotherClientConnectsThenRefusedUntilOneLeaves) {
  auto server = StartServer({"--max-sessions", "1"});
  auto first = Connection::Open(server->endpoint());
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE((*first)->Handshake().ok());
  auto second = Connection::Open(server->endpoint());
  ASSERT_TRUE(second.ok());
  EXPECT_EQ((*second)->Handshake().status().detail(), Detail::kNoDevice);
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
  EXPECT_EQ(submit.status().detail(), Detail::kNoDevice);
  EXPECT_NE(submit.status().message().find(endpoint), std::string::npos) << submit.status().message();
  EXPECT_EQ(dev->SubmitMarker(*stream, {}).status().detail(), Detail::kNoDevice);
  EXPECT_EQ(dev->SynchronizeStream(*stream).detail(), Detail::kNoDevice);
  EXPECT_EQ(dev->CreateStream().status().detail(), Detail::kNoDevice);
  EXPECT_EQ(dev->QueryEvent(1).status().detail(), Detail::kNoDevice);
  EXPECT_EQ(dev->SynchronizeDevice().detail(), Detail::kNoDevice);
  EXPECT_EQ(dev->DestroyStream(*stream).detail(), Detail::kNoDevice);
  EXPECT_EQ(dev->Now(), now) << "Now() keeps the last observed time";
  dev->SetCompletionSink(nullptr);  // must not hang or crash
  EXPECT_EQ(backend->OpenDevice(0).status().detail(), Detail::kNoDevice);
  RemoteOptions options;
  options.endpoint = endpoint;
  EXPECT_EQ(CreateRemoteBackend(options).status().detail(), Detail::kNoDevice);
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
  EXPECT_EQ(dev->SynchronizeStream(*stream).detail(), Detail::kNoDevice);
  auto elapsed = Clock::now() - t0;
  EXPECT_GE(elapsed, milliseconds(250));
  EXPECT_LT(elapsed, std::chrono::seconds(5));
  EXPECT_EQ(dev->SubmitMarker(*stream, {}).status().detail(), Detail::kNoDevice) << "broken for good";
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
}  // namespace aclsim::remote::backend_test
