// Delivery guarantees of the subscription pipe (DESIGN.md contract 5):
// whole records, backpressure instead of loss, survival when the reader goes
// away, and deterministic record streams.
#include <sys/socket.h>
#include <sys/wait.h>

#include <atomic>
#include <cstring>
#include <future>
#include <set>

#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

class Delivery : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
};

// A slow reader (one 80-byte read at a time, sleeping) and eight streams fed
// by four host threads: every record arrives, none is dropped.
TEST_F(Delivery, GivenSlowReaderAndManyStreamsThenNoRecordIsLost) {
  LoadedModel model("resnet50.json");
  PipeReader reader(80, std::chrono::microseconds(20));
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  constexpr int kThreads = 4, kStreamsPerThread = 2, kRunsPerStream = 3;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      if (aclrtSetCurrentContext(context) != ACL_SUCCESS) ++failures;
      std::vector<aclrtStream> streams(kStreamsPerThread);
      for (auto& s : streams) {
        if (aclrtCreateStream(&s) != ACL_SUCCESS) ++failures;
      }
      for (int r = 0; r < kRunsPerStream; ++r) {
        for (auto s : streams) {
          if (model.ExecuteAsync(s) != ACL_SUCCESS) ++failures;
        }
      }
      for (auto s : streams) {
        if (aclrtSynchronizeStream(s) != ACL_SUCCESS || aclrtDestroyStream(s) != ACL_SUCCESS) ++failures;
      }
    });
  }
  for (auto& t : threads) t.join();
  ASSERT_EQ(failures.load(), 0);
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();
  const uint64_t expected = 174u * kThreads * kStreamsPerThread * kRunsPerStream;
  ASSERT_EQ(reader.bytes.size(), expected * 80);
  std::vector<Decoded> records = DecodeAll(reader.bytes);
  std::set<std::pair<uint64_t, std::string>> unique;
  for (const auto& r : records) unique.insert({r.start, r.name});
  // Ops of different streams may share a start time, but never one op twice.
  EXPECT_GE(unique.size(), 174u);
  aclsimSubscriptionStats stats{};
  ASSERT_ACL_OK(aclsimGetSubscriptionStats(model.id(), &stats));
  EXPECT_EQ(stats.produced, expected);
  EXPECT_EQ(stats.delivered, expected);
  EXPECT_EQ(stats.dropped, 0u);
  EXPECT_EQ(stats.broken, 0u);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

// The reader closes its end in the middle of the run: the process is not
// killed by SIGPIPE, the subscription is marked broken and counts what it
// could not deliver, and another subscription keeps receiving everything.
TEST_F(Delivery, GivenReaderClosingMidRunThenSubscriptionBreaksAndOthersFlow) {
  LoadedModel victim("resnet50.json");
  LoadedModel other("sample_mlp.json");
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  int victim_fd = fds[1];
  PipeReader healthy;
  aclprofSubscribeConfig* cv = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &victim_fd);
  aclprofSubscribeConfig* ch = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &healthy.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(victim.id(), cv));
  ASSERT_ACL_OK(aclprofModelSubscribe(other.id(), ch));
  // Read two records, then walk away.
  std::thread reader([&] {
    char buf[160];
    size_t got = 0;
    while (got < sizeof(buf)) {
      ssize_t n = read(fds[0], buf + got, sizeof(buf) - got);
      if (n <= 0) break;
      got += static_cast<size_t>(n);
    }
    close(fds[0]);
  });
  for (int i = 0; i < 20; ++i) {
    ASSERT_ACL_OK(victim.Execute());
    ASSERT_ACL_OK(other.Execute());
  }
  reader.join();
  for (int i = 0; i < 5; ++i) ASSERT_ACL_OK(victim.Execute());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(victim.id()));
  ASSERT_ACL_OK(aclprofModelUnSubscribe(other.id()));
  EXPECT_EQ(victim_fd, -1);
  healthy.Join();

  aclsimSubscriptionStats vs{}, hs{};
  ASSERT_ACL_OK(aclsimGetSubscriptionStats(victim.id(), &vs));
  ASSERT_ACL_OK(aclsimGetSubscriptionStats(other.id(), &hs));
  EXPECT_EQ(vs.broken, 1u);
  EXPECT_EQ(vs.produced, 174u * 25);
  EXPECT_EQ(vs.produced, vs.delivered + vs.dropped);
  EXPECT_GT(vs.dropped, 0u);
  EXPECT_GE(vs.delivered, 2u);
  EXPECT_EQ(hs.broken, 0u);
  EXPECT_EQ(hs.delivered, 9u * 20);
  EXPECT_EQ(DecodeAll(healthy.bytes).size(), 9u * 20);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(cv));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(ch));
}

// A descriptor that is not open: broken at the first write, nothing crashes.
TEST_F(Delivery, GivenInvalidDescriptorThenSubscriptionIsBrokenAndExecutionSucceeds) {
  LoadedModel model("sample_mlp.json");
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  close(fds[0]);
  close(fds[1]);
  int stale = fds[1];
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &stale);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  aclsimSubscriptionStats stats{};
  ASSERT_ACL_OK(aclsimGetSubscriptionStats(model.id(), &stats));
  EXPECT_EQ(stats.broken, 1u);
  EXPECT_EQ(stats.produced, 9u);
  EXPECT_EQ(stats.delivered, 0u);
  EXPECT_EQ(stats.dropped, 9u);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

// Reads whose size is a multiple of 80 always return whole records, even
// with a pipe that fills up: with a SEQPACKET socket as the descriptor,
// every write is visible as one packet: whole records, at most 51.
TEST_F(Delivery, GivenPacketDescriptorThenEveryWriteIsWholeRecordsAndAtMost4080Bytes) {
  LoadedModel model("resnet50.json");
  int sv[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
  int write_end = sv[0];
  std::vector<size_t> packets;
  std::thread reader([&] {
    std::vector<char> buf(65536);
    while (true) {
      ssize_t n = recv(sv[1], buf.data(), buf.size(), 0);
      if (n <= 0) break;
      packets.push_back(static_cast<size_t>(n));
    }
  });
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &write_end);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  for (int i = 0; i < 3; ++i) ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.join();
  close(sv[1]);
  size_t total = 0;
  for (size_t n : packets) {
    EXPECT_EQ(n % 80, 0u);
    EXPECT_LE(n, 4080u);
    total += n;
  }
  EXPECT_EQ(total, 174u * 3 * 80);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

// Runs bert_base twice under |config_json| in a fresh child process and
// returns the delivered bytes. Children start from the same state, so even
// opIndex values match; only the launching thread's OS id (threadId, bytes
// 12..15) differs between processes, so it and the signature computed over
// it are zeroed before comparing every other byte.
std::vector<char> RunInChild(const char* config_json) {
  int fds[2];
  EXPECT_EQ(pipe(fds), 0);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    char path[] = "/tmp/aclsim_det_XXXXXX";
    int cfd = mkstemp(path);
    if (cfd < 0 || write(cfd, config_json, std::strlen(config_json)) < 0) _exit(2);
    close(cfd);
    if (aclInit(path) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) _exit(3);
    unlink(path);
    std::vector<char> bytes;
    {
      LoadedModel model("bert_base.json");
      PipeReader reader;
      aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
      if (aclprofModelSubscribe(model.id(), config) != ACL_SUCCESS) _exit(4);
      for (int i = 0; i < 2; ++i) {
        if (model.Execute() != ACL_SUCCESS) _exit(5);
      }
      if (aclprofModelUnSubscribe(model.id()) != ACL_SUCCESS) _exit(6);
      reader.Join();
      bytes = reader.bytes;
    }
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
    size_t off = 0;
    while (off < bytes.size()) {
      ssize_t n = write(fds[1], bytes.data() + off, bytes.size() - off);
      if (n <= 0) _exit(7);
      off += static_cast<size_t>(n);
    }
    _exit(0);
  }
  close(fds[1]);
  std::vector<char> out;
  char buf[65536];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof(buf))) > 0) out.insert(out.end(), buf, buf + n);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
  uint32_t count = 0;
  EXPECT_EQ(aclprofGetOpNum(out.data(), out.size(), &count), ACL_SUCCESS);  // as delivered: valid
  for (size_t off = 0; off + 80 <= out.size(); off += 80) {
    std::memset(out.data() + off, 0, 4);       // signature (covers the thread id)
    std::memset(out.data() + off + 12, 0, 4);  // threadId
  }
  return out;
}

TEST(DeliveryDeterminism, GivenSameSeedThenDeliveredRecordStreamsAreIdentical) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  const char* seed1 = R"({"aclsim":{"seed":7,"jitter":0.2}})";
  const char* seed2 = R"({"aclsim":{"seed":8,"jitter":0.2}})";
  std::vector<char> a = RunInChild(seed1);
  std::vector<char> b = RunInChild(seed1);
  std::vector<char> c = RunInChild(seed2);
  ASSERT_EQ(a.size(), 296u * 2 * 80);
  EXPECT_TRUE(a == b) << "same seed, different record bytes";
  EXPECT_FALSE(a == c) << "a different seed should change the jittered times";
}

// What another thread does on the device while a subscriber stalls: read
// the clock, record and synchronise an event, run a model; the codes returned.
std::vector<aclError> UseDevice(aclrtContext context, aclrtStream stream, LoadedModel& model) {
  std::vector<aclError> codes;
  codes.push_back(aclrtSetCurrentContext(context));
  uint64_t now_ns = 0;
  codes.push_back(aclsimGetDeviceTimeNs(0, &now_ns));
  aclrtEvent event = nullptr;
  codes.push_back(aclrtCreateEvent(&event));
  codes.push_back(aclrtRecordEvent(event, stream));
  codes.push_back(aclrtSynchronizeEvent(event));
  codes.push_back(model.ExecuteAsync(stream));
  codes.push_back(aclrtSynchronizeStream(stream));
  codes.push_back(aclrtDestroyEvent(event));
  return codes;
}

// A subscriber that stops reading holds up only the submissions that produce
// its records (backpressure, nothing dropped). Meanwhile another thread can
// still read the device clock, record and synchronise an event on another
// stream, and run an unsubscribed model on the same device: completions are
// delivered without the device lock held.
TEST_F(Delivery, GivenStalledReaderThenOnlyItsProducerWaitsAndTheDeviceStaysUsable) {
  LoadedModel subscribed("resnet50.json");
  LoadedModel other("resnet50.json");
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  int write_fd = fds[1];
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(subscribed.id(), config));
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  aclrtStream producer_stream = nullptr, other_stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&producer_stream));
  ASSERT_ACL_OK(aclrtCreateStream(&other_stream));

  // More records than the pipe, the subscription queue (64 Ki records) and
  // the delivery thread's batch (4 Ki records) hold together.
  constexpr int kRuns = 500;
  constexpr uint64_t kRecords = 174u * kRuns;
  std::atomic<int> runs_done{0};
  std::atomic<int> producer_failures{0};
  std::thread producer([&] {
    if (aclrtSetCurrentContext(context) != ACL_SUCCESS) ++producer_failures;
    for (int i = 0; i < kRuns; ++i, ++runs_done) {
      if (subscribed.ExecuteAsync(producer_stream) != ACL_SUCCESS) ++producer_failures;
    }
  });
  // Wait until the producer is held by backpressure: records stop growing
  // while runs remain.
  aclsimSubscriptionStats stats{};
  uint64_t last = 0;
  int still = 0;
  for (int i = 0; i < 3000 && still < 10; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_ACL_OK(aclsimGetSubscriptionStats(subscribed.id(), &stats));
    still = stats.produced == last && stats.produced > 0 ? still + 1 : 0;
    last = stats.produced;
  }
  const bool held = runs_done.load() < kRuns && stats.produced < kRecords;
  EXPECT_TRUE(held) << "the producer was never held up by the stalled reader: produced " << stats.produced;
  bool finished = false;
  std::future<std::vector<aclError>> others;
  if (held) {
    others = std::async(std::launch::async, [&] { return UseDevice(context, other_stream, other); });
    finished = others.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
    EXPECT_TRUE(finished) << "calls on the device blocked behind the stalled subscriber";
    EXPECT_LT(runs_done.load(), kRuns) << "the producer should still be waiting for the reader";
  }

  // The reader catches up: everything arrives, nothing is dropped.
  std::vector<char> bytes;
  std::thread reader([&] {
    std::vector<char> buf(64 * 1024);
    ssize_t n = 0;
    while ((n = read(fds[0], buf.data(), buf.size())) > 0) bytes.insert(bytes.end(), buf.begin(), buf.begin() + n);
  });
  producer.join();
  EXPECT_EQ(producer_failures.load(), 0);
  if (finished) {
    EXPECT_EQ(others.get(), std::vector<aclError>(8, ACL_SUCCESS));
  }
  // No ASSERT before the reader is joined: an early return would leave it joinable.
  EXPECT_ACL_OK(aclrtSynchronizeStream(producer_stream));
  EXPECT_ACL_OK(aclprofModelUnSubscribe(subscribed.id()));
  reader.join();
  close(fds[0]);
  EXPECT_EQ(bytes.size(), kRecords * 80);
  ASSERT_ACL_OK(aclsimGetSubscriptionStats(subscribed.id(), &stats));
  EXPECT_EQ(stats.produced, kRecords);
  EXPECT_EQ(stats.delivered, kRecords);
  EXPECT_EQ(stats.dropped, 0u);
  EXPECT_ACL_OK(aclrtDestroyStream(producer_stream));
  EXPECT_ACL_OK(aclrtDestroyStream(other_stream));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

}  // namespace
}  // namespace aclsim_conformance
