// Tests of the "remote" backend against a real aclsim-device-server process
// (started and stopped by each test through remote::testing::ServerProcess,
// on a Unix socket in a private temp dir or on tcp:127.0.0.1): handshake,
// every Device method, and byte-identical records versus the in-process
// simulator. Server-side behaviour is in remote_server_test.cc.
#include "remote/client/remote_backend.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "remote/client/connection.h"
#include "remote/protocol.h"
#include "remote_test_util.h"
#include "sim/sim_backend.h"

namespace aclsim::remote::backend_test {

// Where the server's fresh virtual device clocks start (its default origin).
constexpr int64_t kT0 = kDefaultClockOriginNs;
namespace {

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
  EXPECT_EQ(hello.status().detail(), Detail::kVersionMismatch);
  EXPECT_NE(hello.status().message().find("v" + std::to_string(kProtocolVersion + 41)), std::string::npos)
      << hello.status().message();
  EXPECT_NE(hello.status().message().find("speaks v" + std::to_string(kProtocolVersion)), std::string::npos)
      << hello.status().message();
  // The server closed that session; the connection stays broken.
  EXPECT_EQ((*conn)->Call(MessageType::kDeviceCount, Writer()).status().detail(), Detail::kNoDevice);
}

TEST(RemoteHandshake, GivenProtocolOneClientWhenHelloThenItCanReadTheMismatch) {
  // A v1 client reads a response status as {i32 ACL code, string}; the server
  // answers its Hello in that form.
  auto server = StartServer();
  auto conn = Connection::Open(server->endpoint());
  ASSERT_TRUE(conn.ok());
  auto hello = (*conn)->Handshake(1);
  EXPECT_EQ(hello.status().detail(), Detail::kVersionMismatch);
  EXPECT_EQ(hello.status().message(), "remote device server " + (*conn)->endpoint() +
                                          ": remote protocol version mismatch: the client speaks v1, "
                                          "aclsim-device-server speaks v" +
                                          std::to_string(kProtocolVersion));
}

TEST(RemoteHandshake, GivenRequestBeforeHelloWhenSentThenRejectedAndClosed) {
  auto server = StartServer();
  auto conn = Connection::Open(server->endpoint());
  ASSERT_TRUE(conn.ok());
  EXPECT_EQ((*conn)->Call(MessageType::kDeviceCount, Writer()).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ((*conn)->Call(MessageType::kDeviceCount, Writer()).status().detail(), Detail::kNoDevice);
}

TEST(RemoteHandshake, GivenNothingListeningWhenCreatedThenRtNoDeviceAtOnce) {
  char dir[] = "/tmp/aclsim-remote-none-XXXXXX";
  ASSERT_NE(::mkdtemp(dir), nullptr);
  RemoteOptions options;
  options.endpoint = std::string("unix:") + dir + "/nobody.sock";
  auto t0 = Clock::now();
  auto backend = CreateRemoteBackend(options);
  EXPECT_EQ(backend.status().detail(), Detail::kNoDevice);
  EXPECT_NE(backend.status().message().find("nobody.sock"), std::string::npos) << backend.status().message();
  options.endpoint = "tcp:127.0.0.1:1";  // privileged port nobody serves
  EXPECT_EQ(CreateRemoteBackend(options).status().detail(), Detail::kNoDevice);
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(2));
  ::rmdir(dir);
}

TEST(RemoteHandshake, GivenMissingOrNonLoopbackEndpointWhenCreatedThenInvalidParam) {
  RemoteOptions options;
  EXPECT_EQ(CreateRemoteBackend(options).status().code(), StatusCode::kInvalidArgument);
  options.endpoint = "tcp:192.0.2.1:5000";
  EXPECT_EQ(CreateRemoteBackend(options).status().code(), StatusCode::kInvalidArgument);
  device::BackendRegistry registry;
  RegisterRemoteBackend(registry);
  EXPECT_TRUE(registry.Contains("remote"));
}

TEST(RemoteBackend, GivenServerThenItsClockModeAndTheFeaturesItLacksAreReported) {
  auto virtual_server = StartServer();
  auto backend = Connect(virtual_server->endpoint());
  EXPECT_EQ(backend->clock_mode(), device::ClockMode::kVirtual);
  EXPECT_TRUE(backend->delivery_faults().empty());
  for (std::string_view feature : {device::kFeatureClientDeviceOptions, device::kFeatureFreshDeviceClock}) {
    Status s = backend->CheckFeature(feature);
    EXPECT_EQ(s.code(), StatusCode::kUnimplemented) << feature;
    EXPECT_NE(s.message().find(virtual_server->endpoint()), std::string::npos) << s.message();
  }
  EXPECT_EQ(backend->CheckFeature("warp_drive").code(), StatusCode::kInvalidArgument);
  auto realtime_server = StartServer({"--clock", "realtime"});
  EXPECT_EQ(Connect(realtime_server->endpoint())->clock_mode(), device::ClockMode::kRealtime);
}

// ------------------------------------------------------------ device methods

// The handles GivenServerWhenEveryDeviceMethodCalled... creates on device 1.
struct DeviceHandles {
  device::StreamId s1 = 0;
  device::StreamId s2 = 0;
  device::EventId ev = 0;
  device::ExecutableId exe = 0;
};

// Two streams, an event, and sample_mlp loaded with its 9 op costs.
void CreateHandles(device::Device& dev, DeviceHandles* h) {
  auto s1 = dev.CreateStream();
  auto s2 = dev.CreateStream();
  ASSERT_TRUE(s1.ok() && s2.ok());
  EXPECT_NE(*s1, *s2);
  h->s1 = *s1;
  h->s2 = *s2;
  auto ev = dev.CreateEvent();
  ASSERT_TRUE(ev.ok());
  h->ev = *ev;
  auto exe = dev.LoadGraph(LoadModel("sample_mlp.json"));
  ASSERT_TRUE(exe.ok()) << exe.status().ToString();
  h->exe = *exe;
  auto costs = dev.GetGraphCosts(*exe);
  ASSERT_TRUE(costs.ok());
  EXPECT_EQ(costs->size(), 9u);
}

// A graph and a marker on s1 with their records, then an event recorded on s1
// and waited for on s2.
void CheckSubmitsAndEvents(device::Device& dev, const RecordingSink& sink, const DeviceHandles& h) {
  auto first = dev.SubmitGraph(h.s1, h.exe, device::LaunchInfo{7, 1234});
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  auto records = sink.records();
  ASSERT_EQ(records.size(), 9u);
  EXPECT_EQ(records[0].task_id, *first);
  EXPECT_EQ(records[0].device_id, 1u);
  EXPECT_EQ(records[0].model_tag, 7u);
  EXPECT_EQ(records[0].host_tid, 1234u);
  EXPECT_EQ(records[8].op_index, 8u);
  EXPECT_EQ(records[8].end_ns, kT0 + 61607) << "sample_mlp takes 61.607 us on Ascend910B2";

  auto marker = dev.SubmitMarker(h.s1, device::MarkerInfo{99, 3, 5});
  ASSERT_TRUE(marker.ok());
  records = sink.records();
  ASSERT_EQ(records.size(), 10u);
  EXPECT_EQ(records[9].kind, device::TaskKind::kMarker);
  EXPECT_EQ(records[9].marker_id, 99u);
  EXPECT_EQ(records[9].start_ns, kT0 + 61607);

  ASSERT_TRUE(dev.SubmitEventRecord(h.s1, h.ev).ok());
  ASSERT_TRUE(dev.SubmitEventWait(h.s2, h.ev).ok());
  auto state = dev.QueryEvent(h.ev);
  ASSERT_TRUE(state.ok());
  EXPECT_TRUE(state->recorded);
  EXPECT_TRUE(state->complete);
  EXPECT_EQ(state->timestamp_ns, kT0 + 61607);
  auto m2 = dev.SubmitMarker(h.s2, device::MarkerInfo{100, 0, 0});
  ASSERT_TRUE(m2.ok());
  EXPECT_EQ(sink.records().back().start_ns, kT0 + 61607) << "the wait orders s2 after the event";
}

// Queries and synchronisation, then records only while a sink is set.
void CheckSyncAndSink(device::Device& dev, RecordingSink& sink, const DeviceHandles& h) {
  auto idle = dev.QueryStream(h.s1);
  ASSERT_TRUE(idle.ok());
  EXPECT_TRUE(*idle);
  EXPECT_EQ(dev.Now(), kT0);
  EXPECT_TRUE(dev.SynchronizeStream(h.s1).ok());
  EXPECT_EQ(dev.Now(), kT0 + 61607);
  EXPECT_TRUE(dev.SynchronizeEvent(h.ev).ok());
  EXPECT_TRUE(dev.SynchronizeDevice().ok());

  dev.SetCompletionSink(nullptr);
  ASSERT_TRUE(dev.SubmitGraph(h.s1, h.exe, device::LaunchInfo{}).ok());
  EXPECT_EQ(sink.records().size(), 11u) << "no records without a sink";
  dev.SetCompletionSink(&sink);
  ASSERT_TRUE(dev.SubmitGraph(h.s1, h.exe, device::LaunchInfo{}).ok());
  EXPECT_EQ(sink.records().size(), 20u);
}

// Exact errors for unknown handles.
void ExpectUnknownHandlesRejected(device::Device& dev, const DeviceHandles& h) {
  EXPECT_EQ(dev.SubmitGraph(999, h.exe, {}).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.SubmitGraph(h.s1, 999, {}).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.SubmitMarker(999, {}).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.SubmitEventRecord(h.s1, 999).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.SubmitEventWait(999, h.ev).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.SynchronizeStream(999).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.QueryStream(999).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.SynchronizeEvent(999).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.QueryEvent(999).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.GetGraphCosts(999).status().detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.UnloadGraph(999).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.DestroyEvent(999).detail(), Detail::kInvalidHandle);
  EXPECT_EQ(dev.DestroyStream(999).detail(), Detail::kInvalidHandle);
}

TEST(RemoteDevice, GivenServerWhenEveryDeviceMethodCalledThenResultsMatchTheSimulator) {
  auto server = StartServer({"--device-count", "2"});
  auto backend = Connect(server->endpoint());
  EXPECT_EQ(backend->name(), "remote");
  EXPECT_EQ(backend->DeviceCount(), 2u);
  EXPECT_EQ(backend->OpenDevice(2).status().detail(), Detail::kInvalidDeviceId);
  auto dev = Open(*backend, 1);
  EXPECT_EQ(dev->info().profile_name, "Ascend910B2");
  EXPECT_FALSE(dev->info().soc_name.empty());
  EXPECT_GT(dev->info().memory_bytes, 0u);
  EXPECT_GT(dev->info().ai_core_count, 0u);

  RecordingSink sink;
  dev->SetCompletionSink(&sink);
  DeviceHandles h;
  ASSERT_NO_FATAL_FAILURE(CreateHandles(*dev, &h));
  ASSERT_NO_FATAL_FAILURE(CheckSubmitsAndEvents(*dev, sink, h));
  ASSERT_NO_FATAL_FAILURE(CheckSyncAndSink(*dev, sink, h));
  ExpectUnknownHandlesRejected(*dev, h);

  EXPECT_TRUE(dev->UnloadGraph(h.exe).ok());
  EXPECT_EQ(dev->UnloadGraph(h.exe).detail(), Detail::kInvalidHandle);
  EXPECT_TRUE(dev->DestroyEvent(h.ev).ok());
  EXPECT_TRUE(dev->DestroyStream(h.s1).ok());
  EXPECT_TRUE(dev->DestroyStream(h.s2).ok());
  EXPECT_EQ(dev->DestroyStream(h.s2).detail(), Detail::kInvalidHandle);
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
  sim::SimOptions sim_options;
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
    ASSERT_GT(expected.record_bytes.size(), 600 * kCompletionRecordWireBytes);
    EXPECT_EQ(actual.values, expected.values) << "device " << id;
    EXPECT_EQ(actual.batches, expected.batches) << "device " << id;
    EXPECT_TRUE(actual.record_bytes == expected.record_bytes) << "device " << id << ": records differ";
  }
  // Jitter really is on: without it the same script gives other times.
  auto plain_backend = sim::CreateSimBackend(sim::SimOptions{});
  ASSERT_TRUE(plain_backend.ok());
  EXPECT_FALSE(RunScript(*Open(**plain_backend, 0)).record_bytes == RunScript(*Open(*remote_backend, 0)).record_bytes);
}

}  // namespace
}  // namespace aclsim::remote::backend_test
