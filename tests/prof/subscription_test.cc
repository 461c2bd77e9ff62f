// Tests of SubscriptionManager (spec §2.2 subscribe/unsubscribe rules, §3.5
// delivery) over real descriptors: pipes, and SOCK_SEQPACKET socket pairs
// where every write() arrives as one packet so write boundaries are visible.
// Completions are synthetic CompletionRecords fed through OnCompletions.
#include "runtime/prof/subscription.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "runtime/prof/op_desc.h"
#include "runtime/prof/op_name_table.h"

namespace aclsim::prof {
namespace {

using device::CompletionRecord;
using device::TaskKind;
using model::Engine;

struct OpSpec {
  const char* type;
  const char* name;
  Engine engine;
};

// Op table shared by the tests: op 1 is a subgraph (FFTS_PLUS → flag 1).
const std::vector<OpSpec>& Ops() {
  static const std::vector<OpSpec> ops = {
      {"Conv2D", "conv1", Engine::kAiCore},
      {"FFTS_PLUS", "subgraph0", Engine::kAiCore},
      {"Add", "add1", Engine::kAiVector},
      {"Cast", "cast1", Engine::kAiCpu},
  };
  return ops;
}

SubscribedModel MakeModel(uint32_t model_id, uint32_t device_id) {
  SubscribedModel m;
  m.model_id = model_id;
  m.device_id = device_id;
  auto table = std::make_shared<OpTable>();
  for (const OpSpec& op : Ops()) {
    OpEntry entry;
    entry.strings = OpNameTable::Global().Intern(op.type, op.name);
    entry.subgraph = std::strcmp(op.type, "FFTS_PLUS") == 0;
    table->push_back(entry);
  }
  m.ops = std::move(table);
  return m;
}

// The i-th completion of |model_id|: deterministic, distinct field values.
CompletionRecord Completion(uint32_t model_id, uint32_t device_id, uint64_t i) {
  CompletionRecord r;
  r.device_id = device_id;
  r.kind = TaskKind::kOp;
  r.op_index = static_cast<uint32_t>(i % Ops().size());
  r.engine = Ops()[r.op_index].engine;
  r.model_tag = model_id;
  r.host_tid = 4000 + static_cast<uint32_t>(i % 3);
  r.stream_id = 1;
  r.task_id = i;
  r.start_ns = static_cast<device::VirtualTimeNs>(1000000 + i * 1000);
  r.end_ns = r.start_ns + 100 + static_cast<device::VirtualTimeNs>(i % 17);
  r.exec_ns = 90 + static_cast<device::VirtualTimeNs>(i % 5);
  r.flops = 5000 + i;
  r.bytes = 64;
  return r;
}

// Checks one received record against Completion(model_id, device_id, i).
void ExpectRecord(const uint8_t* buf, size_t len, uint32_t index, uint32_t model_id, uint32_t device_id, uint64_t i,
                  bool take_names = true) {
  SCOPED_TRACE("record " + std::to_string(index) + " (completion " + std::to_string(i) + " of model " +
               std::to_string(model_id) + ")");
  const uint8_t* rec = CheckedRecord(buf, len, index);
  ASSERT_NE(rec, nullptr) << "bad signature or range";
  ASSERT_EQ(Load32(rec), RecordSignaturePortable(rec));
  const CompletionRecord c = Completion(model_id, device_id, i);
  auto f32 = [&](Field f) { return Load32(rec + static_cast<uint32_t>(f)); };
  auto f64 = [&](Field f) { return Load64(rec + static_cast<uint32_t>(f)); };
  EXPECT_EQ(f32(Field::kModelId), model_id);
  EXPECT_EQ(f32(Field::kFlag), c.op_index == 1 ? kFlagSubgraph : kFlagOp);
  EXPECT_EQ(f32(Field::kThreadId), c.host_tid);
  EXPECT_EQ(f64(Field::kStart), static_cast<uint64_t>(c.start_ns));
  EXPECT_EQ(f64(Field::kEnd), static_cast<uint64_t>(c.end_ns));
  EXPECT_EQ(f64(Field::kDuration), static_cast<uint64_t>(c.end_ns - c.start_ns));
  EXPECT_EQ(f64(Field::kExecutionTime), static_cast<uint64_t>(c.exec_ns));
  if (c.engine == Engine::kAiCore) {
    EXPECT_EQ(f64(Field::kCubeFops), c.flops);
    EXPECT_EQ(f64(Field::kVectorFops), 0u);
  } else {
    EXPECT_EQ(f64(Field::kCubeFops), 0u);
    EXPECT_EQ(f64(Field::kVectorFops), c.flops);
  }
  EXPECT_EQ(f32(Field::kDevId), device_id);
  EXPECT_EQ(Load32(rec + 76), 0u);
  const uint64_t op_index = f64(Field::kOpIndex);
  EXPECT_GE(op_index, 1u);
  if (!take_names) return;
  // Take leaves bytes between strlen and buf_len - 2 untouched (spec §2.2):
  // zero the buffer so each string ends at its own NUL.
  char buf_name[64] = {};
  size_t name_len = 0;
  ASSERT_TRUE(OpNameTable::Global().Length(op_index, OpNameTable::Which::kName, &name_len));
  EXPECT_EQ(name_len, std::strlen(Ops()[c.op_index].name) + 1);
  ASSERT_TRUE(OpNameTable::Global().Take(op_index, OpNameTable::Which::kName, buf_name, sizeof(buf_name)));
  EXPECT_STREQ(buf_name, Ops()[c.op_index].name);
  std::memset(buf_name, 0, sizeof(buf_name));
  ASSERT_TRUE(OpNameTable::Global().Take(op_index, OpNameTable::Which::kType, buf_name, sizeof(buf_name)));
  EXPECT_STREQ(buf_name, Ops()[c.op_index].type);
}

// Reads |fd| on its own thread until EOF, an error, a timeout, or
// |close_after_bytes| bytes (then closes |fd| itself). Keeps each read()'s size.
class Reader {
 public:
  struct Options {
    bool packets = false;  // recv() whole SOCK_SEQPACKET packets
    int start_delay_ms = 0;
    size_t close_after_bytes = SIZE_MAX;
    size_t read_size = 80 * 64;
    int timeout_ms = 30000;
  };

  Reader(int fd, Options options) : fd_(fd), options_(options) {
    thread_ = std::thread([this] { Run(); });
  }
  ~Reader() { Join(); }

  void Join() {
    if (thread_.joinable()) thread_.join();
  }
  const std::vector<uint8_t>& data() const { return data_; }
  const std::vector<ssize_t>& sizes() const { return sizes_; }
  bool eof() const { return eof_; }
  bool timed_out() const { return timed_out_; }
  int error() const { return error_; }
  size_t records() const { return data_.size() / kOpDescSize; }

 private:
  void Run() {
    if (options_.start_delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(options_.start_delay_ms));
    std::vector<uint8_t> buf(options_.packets ? 65536 : options_.read_size);
    while (true) {
      if (data_.size() >= options_.close_after_bytes) {
        ::close(fd_);
        return;
      }
      pollfd pfd{fd_, POLLIN, 0};
      const int pr = ::poll(&pfd, 1, options_.timeout_ms);
      if (pr == 0) {
        timed_out_ = true;
        return;
      }
      if (pr < 0 && errno == EINTR) continue;
      size_t want = buf.size();
      if (options_.close_after_bytes != SIZE_MAX) want = std::min(want, options_.close_after_bytes - data_.size());
      const ssize_t n =
          options_.packets ? ::recv(fd_, buf.data(), buf.size(), MSG_TRUNC) : ::read(fd_, buf.data(), want);
      if (n == 0) {
        eof_ = true;
        return;
      }
      if (n < 0) {
        if (errno == EINTR) continue;
        error_ = errno;
        return;
      }
      sizes_.push_back(n);
      const size_t kept = std::min(static_cast<size_t>(n), buf.size());
      data_.insert(data_.end(), buf.begin(), buf.begin() + static_cast<ptrdiff_t>(kept));
    }
  }

  int fd_;
  Options options_;
  std::vector<uint8_t> data_;
  std::vector<ssize_t> sizes_;
  bool eof_ = false;
  bool timed_out_ = false;
  int error_ = 0;
  std::thread thread_;
};

struct Pipe {
  int read_fd = -1;
  int write_fd = -1;
  Pipe() {
    int fds[2];
    EXPECT_EQ(::pipe2(fds, O_CLOEXEC), 0);
    read_fd = fds[0];
    write_fd = fds[1];
  }
};

struct SeqPacket {
  int read_fd = -1;
  int write_fd = -1;
  SeqPacket() {
    int fds[2];
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds), 0);
    read_fd = fds[0];
    write_fd = fds[1];
  }
};

Reader::Options ReadOptions(bool packets, int start_delay_ms = 0, size_t close_after_bytes = SIZE_MAX,
                            size_t read_size = 80 * 64) {
  Reader::Options o;
  o.packets = packets;
  o.start_delay_ms = start_delay_ms;
  o.close_after_bytes = close_after_bytes;
  o.read_size = read_size;
  return o;
}

bool FdOpen(int fd) { return ::fcntl(fd, F_GETFD) != -1; }

SubscribeConfig Config(int* fd, int8_t time_info = 1, int32_t metrics = kAicoreMetricsNone) {
  SubscribeConfig c;
  c.time_info = time_info;
  c.aicore_metrics = metrics;
  c.fd = fd;
  return c;
}

void Feed(SubscriptionManager& mgr, uint32_t model_id, uint32_t device_id, uint64_t first, uint64_t count,
          size_t batch = 100) {
  std::vector<CompletionRecord> records;
  for (uint64_t i = first; i < first + count;) {
    records.clear();
    for (size_t k = 0; k < batch && i < first + count; ++k, ++i) records.push_back(Completion(model_id, device_id, i));
    mgr.OnCompletions(records.data(), records.size());
  }
}

// ---------------------------------------------------------------------------
// Record contents and write boundaries

TEST(ProfSubscription, GivenSubscribedModelThenRecordsArriveWholeInOrderWithExactFields) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first_on_device = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(7, 2), Config(&fd), &first_on_device).ok());
  EXPECT_TRUE(first_on_device);
  Reader reader(sp.read_fd, ReadOptions(/*packets=*/true));

  // Mixed batches: ops of the subscribed model interleaved with markers,
  // event records, another (unsubscribed) model, a wrong device and an
  // out-of-range op index, all of which must be skipped.
  constexpr uint64_t kCount = 1000;
  uint64_t next = 0;
  while (next < kCount) {
    std::vector<CompletionRecord> batch;
    for (int k = 0; k < 37 && next < kCount; ++k) {
      batch.push_back(Completion(7, 2, next++));
      CompletionRecord noise = Completion(7, 2, 0);
      switch (k % 5) {
        case 0: noise.kind = TaskKind::kMarker; break;
        case 1: noise.kind = TaskKind::kEventRecord; break;
        case 2: noise.model_tag = 8; break;
        case 3: noise.device_id = 3; break;
        case 4: noise.op_index = static_cast<uint32_t>(Ops().size()); break;
      }
      batch.push_back(noise);
    }
    mgr.OnCompletions(batch.data(), batch.size());
  }
  bool idle = false;
  uint32_t device = 99;
  ASSERT_TRUE(mgr.Unsubscribe(7, &idle, &device).ok());
  EXPECT_TRUE(idle);
  EXPECT_EQ(device, 2u);
  EXPECT_EQ(fd, -1);
  reader.Join();
  ASSERT_TRUE(reader.eof());
  ASSERT_EQ(reader.error(), 0);
  ASSERT_EQ(reader.data().size(), kCount * kOpDescSize);
  for (ssize_t n : reader.sizes()) {
    EXPECT_EQ(n % 80, 0) << "write of " << n << " bytes";
    EXPECT_GT(n, 0);
    EXPECT_LE(n, 4080);
  }
  uint32_t count = 0;
  ASSERT_TRUE(CountRecords(reader.data().data(), reader.data().size(), &count));
  EXPECT_EQ(count, kCount);
  for (uint32_t i = 0; i < kCount; ++i) ExpectRecord(reader.data().data(), reader.data().size(), i, 7, 2, i);
  auto stats = mgr.Stats(7);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->produced, kCount);
  EXPECT_EQ(stats->delivered, kCount);
  EXPECT_EQ(stats->dropped, 0u);
  ::close(sp.read_fd);
}

TEST(ProfSubscription, GivenOneLargeBatchThenEveryWriteIsWholeRecordsAndAtMost4080Bytes) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 1, 0, 0, 5000, 5000);
  Feed(mgr, 1, 0, 5000, 333, 1);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  reader.Join();
  ASSERT_TRUE(reader.eof());
  ASSERT_EQ(reader.data().size(), 5333 * kOpDescSize);
  size_t max_packet = 0;
  for (ssize_t n : reader.sizes()) {
    ASSERT_EQ(n % 80, 0) << n;
    ASSERT_LE(n, 4080);
    max_packet = std::max(max_packet, static_cast<size_t>(n));
  }
  EXPECT_GE(reader.sizes().size(), 5333u / 51);
  for (uint32_t i = 0; i < 5333; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 1, 0, i, /*take_names=*/i % 97 == 0);
  }
  ::close(sp.read_fd);
}

TEST(ProfSubscription, GivenPipeFilledInSeveralWritesThenEveryLargeReadIsWholeRecords) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(4, 0), Config(&fd), &first).ok());
  // Several OnCompletions calls fill the pipe while nobody reads.
  Feed(mgr, 4, 0, 0, 600, 7);
  Reader reader(p.read_fd, ReadOptions(false, /*start_delay_ms=*/100, SIZE_MAX, /*read_size=*/80 * 1000));
  Feed(mgr, 4, 0, 600, 1400, 13);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(4, &idle, &device).ok());
  reader.Join();
  ASSERT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 2000u);
  ASSERT_EQ(reader.data().size(), 2000 * kOpDescSize);
  for (ssize_t n : reader.sizes()) EXPECT_EQ(n % 80, 0) << n;
  for (uint32_t i = 0; i < 2000; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 4, 0, i, /*take_names=*/i % 50 == 0);
  }
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenOneBatchThenOpIndicesAreConsecutiveAndResolveInOrder) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(5, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 5, 0, 0, 8, 8);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(5, &idle, &device).ok());
  reader.Join();
  ASSERT_EQ(reader.records(), 8u);
  const uint64_t first_index = Load64(reader.data().data() + 16);
  for (uint32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(Load64(reader.data().data() + i * kOpDescSize + 16), first_index + i);
    ExpectRecord(reader.data().data(), reader.data().size(), i, 5, 0, i);
  }
  ::close(sp.read_fd);
}

// ---------------------------------------------------------------------------
// Subscribe / Unsubscribe rules

TEST(ProfSubscription, GivenNullFdPointerThenSubscribeIsInvalidParam) {
  SubscriptionManager mgr;
  bool first = true;
  const Status s = mgr.Subscribe(MakeModel(1, 0), Config(nullptr), &first);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
  EXPECT_FALSE(mgr.IsSubscribed(1));
  EXPECT_FALSE(mgr.HasActive());
  EXPECT_EQ(mgr.Stats(1).status().code(), ErrorCode::kInvalidModelId);
}

TEST(ProfSubscription, GivenTimeInfoZeroAndMetricsNoneThenSubscribeIsInvalidParam) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  EXPECT_EQ(mgr.Subscribe(MakeModel(1, 0), Config(&fd, 0, kAicoreMetricsNone), &first).code(),
            ErrorCode::kInvalidParam);
  EXPECT_FALSE(mgr.IsSubscribed(1));
  EXPECT_EQ(fd, p.write_fd);
  EXPECT_TRUE(FdOpen(p.write_fd));
  // timeInfo 0 with a metrics value is accepted.
  EXPECT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd, 0, 1), &first).ok());
  EXPECT_TRUE(first);
}

TEST(ProfSubscription, GivenSubscribedModelThenSecondSubscribeIsRepeatSubscribe) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(3, 0), Config(&fd), &first).ok());
  EXPECT_EQ(mgr.Subscribe(MakeModel(3, 0), Config(&fd), &first).code(), ErrorCode::kProfRepeatSubscribe);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kProfRepeatSubscribe), 148046);
  // Even with a different device / config the model is already subscribed.
  EXPECT_EQ(mgr.Subscribe(MakeModel(3, 1), Config(&fd, 1, 2), &first).code(), ErrorCode::kProfRepeatSubscribe);
  EXPECT_TRUE(mgr.IsSubscribed(3));
}

TEST(ProfSubscription, GivenDeviceWithSubscriptionThenAnotherConfigIsInvalidProfilingConfig) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd, 1, kAicoreMetricsNone), &first).ok());
  EXPECT_TRUE(first);
  // Other metrics, other timeInfo, both: rejected on device 0.
  EXPECT_EQ(mgr.Subscribe(MakeModel(2, 0), Config(&fd, 1, 0), &first).code(), ErrorCode::kInvalidProfilingConfig);
  EXPECT_EQ(mgr.Subscribe(MakeModel(2, 0), Config(&fd, 0, 3), &first).code(), ErrorCode::kInvalidProfilingConfig);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kInvalidProfilingConfig), 100010);
  EXPECT_FALSE(mgr.IsSubscribed(2));
  // The same config on the same device is fine and is not first on the device.
  first = true;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd, 1, kAicoreMetricsNone), &first).ok());
  EXPECT_FALSE(first);
  // Another device may use another config.
  first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(9, 1), Config(&fd, 1, 0), &first).ok());
  EXPECT_TRUE(first);
}

TEST(ProfSubscription, GivenDeviceEmptiedByUnsubscribeThenNewConfigAcceptedAndFirstOnDevice) {
  Pipe p;
  int fd1 = p.write_fd;
  int fd2 = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 4), Config(&fd1), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 4), Config(&fd2), &first).ok());
  EXPECT_FALSE(first);
  bool idle = true;
  uint32_t device = 99;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_FALSE(idle);
  EXPECT_EQ(device, 4u);
  EXPECT_TRUE(mgr.HasActive());
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  EXPECT_TRUE(idle);
  EXPECT_EQ(device, 4u);
  EXPECT_FALSE(mgr.HasActive());
  Pipe q;
  int fd3 = q.write_fd;
  first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(3, 4), Config(&fd3, 1, 5), &first).ok());
  EXPECT_TRUE(first);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenUnknownModelThenUnsubscribeIsInvalidModelId) {
  SubscriptionManager mgr;
  bool idle = false;
  uint32_t device = 77;
  EXPECT_EQ(mgr.Unsubscribe(42, &idle, &device).code(), ErrorCode::kInvalidModelId);
  EXPECT_EQ(device, 77u);
  Pipe p;
  int fd = p.write_fd;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(42, 0), Config(&fd), &first).ok());
  ASSERT_TRUE(mgr.Unsubscribe(42, &idle, &device).ok());
  // Second unsubscribe of the same model.
  EXPECT_EQ(mgr.Unsubscribe(42, &idle, &device).code(), ErrorCode::kInvalidModelId);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenQueuedRecordsWhenUnsubscribedThenAllFlushedThenFdClosedAndMinusOne) {
  Pipe p;
  int fd = p.write_fd;
  const int fd_value = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(6, 0), Config(&fd), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false));
  Feed(mgr, 6, 0, 0, 3000, 250);
  bool idle = false;
  uint32_t device = 9;
  ASSERT_TRUE(mgr.Unsubscribe(6, &idle, &device).ok());
  // Unsubscribe returned: everything was written before the close.
  EXPECT_EQ(fd, -1);
  EXPECT_FALSE(FdOpen(fd_value));
  EXPECT_EQ(errno, EBADF);
  EXPECT_FALSE(mgr.IsSubscribed(6));
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 3000u);
  for (uint32_t i = 0; i < 3000; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 6, 0, i, /*take_names=*/i % 10 == 0);
  }
  auto stats = mgr.Stats(6);
  ASSERT_TRUE(stats.ok());
  EXPECT_FALSE(stats->active);
  EXPECT_EQ(stats->produced, 3000u);
  EXPECT_EQ(stats->delivered, 3000u);
  EXPECT_EQ(stats->dropped, 0u);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenTwoSubscriptionsSharingFdThenOnlyLastUnsubscribeClosesAndWritesMinusOne) {
  Pipe p;
  int fd_a = p.write_fd;
  int fd_b = p.write_fd;
  const int fd_value = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd_a), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd_b), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false));
  Feed(mgr, 1, 0, 0, 400, 40);
  Feed(mgr, 2, 0, 0, 300, 30);
  bool idle = true;
  uint32_t device = 9;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_FALSE(idle);
  EXPECT_EQ(fd_a, fd_value);  // not -1: model 2 still uses the descriptor
  EXPECT_EQ(fd_b, fd_value);
  EXPECT_TRUE(FdOpen(fd_value));
  // Model 2 keeps delivering through the shared descriptor.
  Feed(mgr, 2, 0, 300, 200, 50);
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  EXPECT_TRUE(idle);
  EXPECT_EQ(fd_b, -1);
  EXPECT_EQ(fd_a, fd_value);
  EXPECT_FALSE(FdOpen(fd_value));
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 900u);
  // All of model 1's records precede model 2's (fed first, one queue).
  for (uint32_t i = 0; i < 400; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 1, 0, i, /*take_names=*/false);
  }
  for (uint32_t i = 0; i < 500; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), 400 + i, 2, 0, i, /*take_names=*/false);
  }
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenUnsubscribedModelThenLaterCompletionsAreNotDelivered) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 1, 0, 0, 10);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  Feed(mgr, 1, 0, 10, 10);  // ignored: no longer subscribed
  reader.Join();
  EXPECT_EQ(reader.records(), 10u);
  auto stats = mgr.Stats(1);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->produced, 10u);
  EXPECT_EQ(stats->delivered, 10u);
  ::close(sp.read_fd);
}

TEST(ProfSubscription, GivenResubscribeAfterUnsubscribeThenFreshCountersAndDelivery) {
  SubscriptionManager mgr;
  bool first = false;
  bool idle = false;
  uint32_t device = 0;
  SeqPacket a;
  int fd_a = a.write_fd;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd_a), &first).ok());
  Reader ra(a.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 1, 0, 0, 20);
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  ra.Join();
  EXPECT_EQ(ra.records(), 20u);

  SeqPacket b;
  int fd_b = b.write_fd;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd_b), &first).ok());
  EXPECT_TRUE(first);
  auto stats = mgr.Stats(1);
  ASSERT_TRUE(stats.ok());
  EXPECT_TRUE(stats->active);
  EXPECT_EQ(stats->fd, b.write_fd);
  EXPECT_EQ(stats->produced, 0u);
  Reader rb(b.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 1, 0, 20, 30);
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  rb.Join();
  ASSERT_EQ(rb.records(), 30u);
  for (uint32_t i = 0; i < 30; ++i) ExpectRecord(rb.data().data(), rb.data().size(), i, 1, 0, 20 + i);
  ::close(a.read_fd);
  ::close(b.read_fd);
}

// ---------------------------------------------------------------------------
// Backpressure and broken readers

TEST(ProfSubscription, GivenSmallQueueAndLateReaderThenAllRecordsArriveNoneDropped) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(11, 0), Config(&fd), &first).ok());
  constexpr uint64_t kCount = 10000;
  const auto t0 = std::chrono::steady_clock::now();
  Reader reader(p.read_fd, ReadOptions(false, /*start_delay_ms=*/200));
  Feed(mgr, 11, 0, 0, kCount, 100);
  const auto producer_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  // The producer cannot finish before the reader starts: it was held back.
  EXPECT_GE(producer_ms, 190);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(11, &idle, &device).ok());
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), kCount);
  ASSERT_EQ(reader.data().size(), kCount * kOpDescSize);
  for (uint32_t i = 0; i < kCount; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 11, 0, i, /*take_names=*/i % 100 == 0);
  }
  auto stats = mgr.Stats(11);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->produced, kCount);
  EXPECT_EQ(stats->delivered, kCount);
  EXPECT_EQ(stats->dropped, 0u);
  EXPECT_FALSE(stats->broken);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenSmallQueueAndConcurrentProducersThenAllRecordsArrive) {
  SeqPacket a;
  SeqPacket b;
  int fd_a = a.write_fd;
  int fd_b = b.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd_a), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 1), Config(&fd_b), &first).ok());
  Reader ra(a.read_fd, ReadOptions(true, /*start_delay_ms=*/50));
  Reader rb(b.read_fd, ReadOptions(true, /*start_delay_ms=*/100));
  std::thread pa([&] { Feed(mgr, 1, 0, 0, 4000, 17); });
  std::thread pb([&] { Feed(mgr, 2, 1, 0, 3000, 64); });
  pa.join();
  pb.join();
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  ra.Join();
  rb.Join();
  ASSERT_EQ(ra.records(), 4000u);
  ASSERT_EQ(rb.records(), 3000u);
  for (ssize_t n : ra.sizes()) ASSERT_TRUE(n % 80 == 0 && n <= 4080) << n;
  for (ssize_t n : rb.sizes()) ASSERT_TRUE(n % 80 == 0 && n <= 4080) << n;
  for (uint32_t i = 0; i < 4000; ++i) ExpectRecord(ra.data().data(), ra.data().size(), i, 1, 0, i, false);
  for (uint32_t i = 0; i < 3000; ++i) ExpectRecord(rb.data().data(), rb.data().size(), i, 2, 1, i, false);
  ::close(a.read_fd);
  ::close(b.read_fd);
}

TEST(ProfSubscription, GivenReaderClosesMidStreamThenBrokenCountedAndOtherSubscriptionUnaffected) {
  Pipe p1;
  Pipe p2;
  int fd1 = p1.write_fd;
  int fd2 = p2.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd1), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd2), &first).ok());
  // Reader 1 takes 100 records, then closes its end: later writes get EPIPE
  // (and SIGPIPE, which would kill this test process if it got through).
  Reader r1(p1.read_fd, ReadOptions(false, 0, /*close_after_bytes=*/100 * kOpDescSize));
  Reader r2(p2.read_fd, ReadOptions(false));
  constexpr uint64_t kCount = 5000;
  std::vector<CompletionRecord> batch;
  for (uint64_t i = 0; i < kCount;) {
    batch.clear();
    for (int k = 0; k < 50 && i < kCount; ++k, ++i) {
      batch.push_back(Completion(1, 0, i));
      batch.push_back(Completion(2, 0, i));
    }
    mgr.OnCompletions(batch.data(), batch.size());
  }
  r1.Join();
  ASSERT_EQ(r1.records(), 100u);
  for (uint32_t i = 0; i < 100; ++i) ExpectRecord(r1.data().data(), r1.data().size(), i, 1, 0, i, false);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_EQ(fd1, -1);
  auto s1 = mgr.Stats(1);
  ASSERT_TRUE(s1.ok());
  EXPECT_TRUE(s1->broken);
  EXPECT_FALSE(s1->active);
  EXPECT_EQ(s1->produced, kCount);
  EXPECT_EQ(s1->produced, s1->delivered + s1->dropped);
  EXPECT_GE(s1->delivered, 100u);
  EXPECT_GT(s1->dropped, 0u);
  // Model 2 still flows after model 1 broke.
  Feed(mgr, 2, 0, kCount, 1000, 100);
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  r2.Join();
  EXPECT_TRUE(r2.eof());
  ASSERT_EQ(r2.records(), kCount + 1000);
  for (uint32_t i = 0; i < kCount + 1000; ++i) {
    ExpectRecord(r2.data().data(), r2.data().size(), i, 2, 0, i, /*take_names=*/i % 100 == 0);
  }
  auto s2 = mgr.Stats(2);
  ASSERT_TRUE(s2.ok());
  EXPECT_FALSE(s2->broken);
  EXPECT_EQ(s2->produced, kCount + 1000);
  EXPECT_EQ(s2->delivered, kCount + 1000);
  EXPECT_EQ(s2->dropped, 0u);
  ::close(p2.read_fd);
}

// Subscribes model 1 on device 0 with |*fd|, feeds |count| completions in
// batches of |batch|, unsubscribes and returns the final counters.
SubscriptionStats FeedAndUnsubscribe(int* fd, uint64_t count, size_t batch) {
  SubscriptionManager mgr;
  bool first = false;
  EXPECT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(fd), &first).ok());
  Feed(mgr, 1, 0, 0, count, batch);
  bool idle = false;
  uint32_t device = 0;
  EXPECT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  auto s = mgr.Stats(1);
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? *s : SubscriptionStats{};
}

TEST(ProfSubscription, GivenReadEndClosedBeforeFirstWriteThenAllDroppedAndProcessSurvives) {
  Pipe p;
  int fd = p.write_fd;
  ::close(p.read_fd);
  SubscriptionStats s = FeedAndUnsubscribe(&fd, 500, 50);
  EXPECT_TRUE(s.broken);
  EXPECT_EQ(s.produced, 500u);
  EXPECT_EQ(s.delivered, 0u);
  EXPECT_EQ(s.dropped, 500u);
  EXPECT_EQ(fd, -1);
  EXPECT_FALSE(FdOpen(p.write_fd));
}

TEST(ProfSubscription, GivenClosedDescriptorNumberThenBrokenWithoutCrash) {
  int fds[2];
  ASSERT_EQ(::pipe2(fds, O_CLOEXEC), 0);
  ::close(fds[0]);
  ::close(fds[1]);
  int fd = fds[1];  // a descriptor number that is no longer open
  SubscriptionStats s = FeedAndUnsubscribe(&fd, 120, 40);
  EXPECT_TRUE(s.broken);
  EXPECT_EQ(s.produced, 120u);
  EXPECT_EQ(s.delivered, 0u);
  EXPECT_EQ(s.dropped, 120u);
  EXPECT_EQ(fd, -1);
}

TEST(ProfSubscription, GivenNegativeDescriptorThenBrokenWithoutCrash) {
  int fd = -1;
  SubscriptionStats s = FeedAndUnsubscribe(&fd, 60, 60);
  EXPECT_TRUE(s.broken);
  EXPECT_EQ(s.fd, -1);
  EXPECT_EQ(s.produced, 60u);
  EXPECT_EQ(s.dropped, 60u);
  EXPECT_EQ(fd, -1);
}

// ---------------------------------------------------------------------------
// Stats and destruction

TEST(ProfSubscription, GivenNeverSubscribedModelThenStatsIsInvalidModelId) {
  SubscriptionManager mgr;
  EXPECT_EQ(mgr.Stats(5).status().code(), ErrorCode::kInvalidModelId);
  Pipe p;
  int fd = p.write_fd;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(6, 0), Config(&fd), &first).ok());
  EXPECT_EQ(mgr.Stats(5).status().code(), ErrorCode::kInvalidModelId);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenActiveSubscriptionThenStatsDescribeIt) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(12, 3), Config(&fd), &first).ok());
  auto s = mgr.Stats(12);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->model_id, 12u);
  EXPECT_EQ(s->device_id, 3u);
  EXPECT_EQ(s->fd, p.write_fd);
  EXPECT_TRUE(s->active);
  EXPECT_FALSE(s->broken);
  EXPECT_EQ(s->produced, 0u);
  EXPECT_EQ(s->delivered, 0u);
  EXPECT_EQ(s->dropped, 0u);
  EXPECT_TRUE(mgr.IsSubscribed(12));
  EXPECT_TRUE(mgr.HasActive());
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenUnsubscribedModelThenStatsAreFinalCountersWithActiveFalse) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(13, 1), Config(&fd), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false));
  Feed(mgr, 13, 1, 0, 250, 25);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(13, &idle, &device).ok());
  reader.Join();
  auto s = mgr.Stats(13);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->model_id, 13u);
  EXPECT_EQ(s->device_id, 1u);
  EXPECT_EQ(s->fd, p.write_fd);
  EXPECT_FALSE(s->active);
  EXPECT_FALSE(s->broken);
  EXPECT_EQ(s->produced, 250u);
  EXPECT_EQ(s->delivered, 250u);
  EXPECT_EQ(s->dropped, 0u);
  EXPECT_EQ(reader.records(), 250u);
  EXPECT_FALSE(mgr.IsSubscribed(13));
  EXPECT_FALSE(mgr.HasActive());
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenActiveSubscriptionWhenManagerDestroyedThenRecordsFlushedAndFdClosedWithoutMinusOne) {
  Pipe p;
  int fd = p.write_fd;
  auto mgr = std::make_unique<SubscriptionManager>(64);
  bool first = false;
  ASSERT_TRUE(mgr->Subscribe(MakeModel(1, 0), Config(&fd), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false, /*start_delay_ms=*/50));
  Feed(*mgr, 1, 0, 0, 2000, 100);
  mgr.reset();
  EXPECT_EQ(fd, p.write_fd);  // the caller's int may be gone: not written
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 2000u);
  for (uint32_t i = 0; i < 2000; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 1, 0, i, /*take_names=*/i % 100 == 0);
  }
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenNoSubscriptionThenCompletionsAreIgnored) {
  SubscriptionManager mgr;
  std::vector<CompletionRecord> batch;
  for (uint64_t i = 0; i < 10; ++i) batch.push_back(Completion(1, 0, i));
  mgr.OnCompletions(batch.data(), batch.size());
  mgr.OnCompletions(batch.data(), 0);
  EXPECT_FALSE(mgr.HasActive());
  EXPECT_EQ(mgr.Stats(1).status().code(), ErrorCode::kInvalidModelId);
}

// ---------------------------------------------------------------------------
// Edge cases of routing and of unsubscribe racing with producers

TEST(ProfSubscription, GivenModelIdUint32MaxThenItsRecordsAreDelivered) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(UINT32_MAX, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(true));
  Feed(mgr, UINT32_MAX, 0, 0, 10, 10);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(UINT32_MAX, &idle, &device).ok());
  reader.Join();
  auto stats = mgr.Stats(UINT32_MAX);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->produced, 10u);
  EXPECT_EQ(stats->delivered, 10u);
  ASSERT_EQ(reader.records(), 10u);
  for (uint32_t i = 0; i < 10; ++i) ExpectRecord(reader.data().data(), reader.data().size(), i, UINT32_MAX, 0, i);
  ::close(sp.read_fd);
}

TEST(ProfSubscription, GivenNonBlockingPipeAndLateReaderThenAllRecordsArrive) {
  int fds[2];
  ASSERT_EQ(::pipe2(fds, O_CLOEXEC | O_NONBLOCK), 0);
  // Only the write end is non-blocking for the manager; the reader polls.
  int fd = fds[1];
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(3, 0), Config(&fd), &first).ok());
  Reader reader(fds[0], ReadOptions(false, /*start_delay_ms=*/150));
  Feed(mgr, 3, 0, 0, 3000, 100);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(3, &idle, &device).ok());
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 3000u);
  for (ssize_t n : reader.sizes()) EXPECT_EQ(n % 80, 0) << n;
  for (uint32_t i = 0; i < 3000; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 3, 0, i, /*take_names=*/i % 100 == 0);
  }
  auto stats = mgr.Stats(3);
  ASSERT_TRUE(stats.ok());
  EXPECT_FALSE(stats->broken);
  EXPECT_EQ(stats->delivered, 3000u);
  EXPECT_EQ(stats->dropped, 0u);
  ::close(fds[0]);
}

TEST(ProfSubscription, GivenUnsubscribeDuringProductionThenReaderGetsExactlyTheProducedRecords) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(true));
  std::atomic<bool> stop{false};
  std::thread producer([&] {
    uint64_t i = 0;
    while (!stop.load()) {
      Feed(mgr, 1, 0, i, 10, 10);
      i += 10;
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  stop = true;
  producer.join();
  reader.Join();
  EXPECT_TRUE(reader.eof());
  auto stats = mgr.Stats(1);
  ASSERT_TRUE(stats.ok());
  EXPECT_GT(stats->produced, 0u);
  EXPECT_EQ(stats->delivered, stats->produced);
  EXPECT_EQ(stats->dropped, 0u);
  ASSERT_EQ(reader.records(), stats->produced);
  // Whatever made it in is a gap-free prefix of the completions, in order.
  for (uint32_t i = 0; i < reader.records(); ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 1, 0, i, /*take_names=*/false);
  }
  ::close(sp.read_fd);
}

// Fills |write_fd| (a pipe) until it would block; returns the bytes written.
size_t FillPipe(int write_fd) {
  const int flags = ::fcntl(write_fd, F_GETFL);
  ::fcntl(write_fd, F_SETFL, flags | O_NONBLOCK);
  std::vector<char> junk(80, 'J');
  size_t total = 0;
  while (::write(write_fd, junk.data(), junk.size()) == static_cast<ssize_t>(junk.size())) total += junk.size();
  ::fcntl(write_fd, F_SETFL, flags);
  return total;
}

TEST(ProfSubscription, GivenProducerBlockedAcrossResubscribeCyclesThenStaleRecordsNeverReachNewSubscription) {
  // subscription.cc (OnCompletions) promises that records built for a
  // subscription that was unsubscribed while the producer waited for queue
  // space are not queued, "even destroyed by a re-subscribe". Holding the
  // producer blocked across two unsubscribe/subscribe cycles lets the
  // allocator hand the first subscription's address to the third one.
  Pipe blocker;  // model 2's pipe, full: the delivery thread blocks on it
  const size_t prefill = FillPipe(blocker.write_fd);
  ASSERT_GT(prefill, 0u);
  int fd_blocker = blocker.write_fd;
  Pipe p1;
  int fd1 = p1.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd_blocker), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd1), &first).ok());

  // 200 records of model 2 fill the pipe, the delivery batch and the queue;
  // the producer then waits holding model 1's 10 records.
  std::thread producer([&] {
    std::vector<CompletionRecord> batch;
    for (uint64_t i = 0; i < 200; ++i) batch.push_back(Completion(2, 0, i));
    for (uint64_t i = 0; i < 10; ++i) batch.push_back(Completion(1, 0, i));
    mgr.OnCompletions(batch.data(), batch.size());
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  auto s1 = mgr.Stats(1);
  ASSERT_TRUE(s1.ok());
  ASSERT_EQ(s1->produced, 0u) << "the producer should still be blocked before model 1's records";

  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_EQ(fd1, -1);
  Pipe p3;
  int fd3 = p3.write_fd;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd3), &first).ok());
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  SeqPacket p4;
  int fd4 = p4.write_fd;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd4), &first).ok());

  // Unblock: drain model 2's pipe.
  Reader blocker_reader(blocker.read_fd, ReadOptions(false));
  Reader r4(p4.read_fd, ReadOptions(true));
  producer.join();
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  blocker_reader.Join();
  r4.Join();
  EXPECT_EQ(blocker_reader.data().size(), prefill + 200 * kOpDescSize);
  auto s4 = mgr.Stats(1);
  ASSERT_TRUE(s4.ok());
  EXPECT_EQ(s4->produced, 0u) << "records completed before this subscription were queued to it";
  EXPECT_EQ(r4.records(), 0u) << "records completed before this subscription were delivered to its fd";
  ::close(blocker.read_fd);
  ::close(p1.read_fd);
  ::close(p3.read_fd);
  ::close(p4.read_fd);
}

}  // namespace
}  // namespace aclsim::prof
