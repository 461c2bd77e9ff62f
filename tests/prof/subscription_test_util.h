// Helpers of the SubscriptionManager tests (subscription_*_test.cc): a model
// with a fixed op table, synthetic CompletionRecords with distinct field
// values and the check of one delivered record against them, a reader
// thread that keeps every read()'s size, pipes (and filling one up) and
// SOCK_SEQPACKET socket pairs (where every write() arrives as one packet, so
// write boundaries are visible).
#ifndef ACLSIM_TESTS_PROF_SUBSCRIPTION_TEST_UTIL_H_
#define ACLSIM_TESTS_PROF_SUBSCRIPTION_TEST_UTIL_H_

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "runtime/prof/op_desc.h"
#include "runtime/prof/op_name_table.h"
#include "runtime/prof/subscription.h"

namespace aclsim::prof::subscription_test {

using device::CompletionRecord;
using device::TaskKind;
using model::Engine;

struct OpSpec {
  const char* type;
  const char* name;
  Engine engine;
};

// Op table shared by the tests: op 1 is a subgraph (FFTS_PLUS → flag 1).
inline const std::vector<OpSpec>& Ops() {
  static const std::vector<OpSpec> ops = {
      {"Conv2D", "conv1", Engine::kAiCore},
      {"FFTS_PLUS", "subgraph0", Engine::kAiCore},
      {"Add", "add1", Engine::kAiVector},
      {"Cast", "cast1", Engine::kAiCpu},
  };
  return ops;
}

inline SubscribedModel MakeModel(uint32_t model_id, uint32_t device_id) {
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
inline CompletionRecord Completion(uint32_t model_id, uint32_t device_id, uint64_t i) {
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
inline void ExpectRecord(const uint8_t* buf, size_t len, uint32_t index, uint32_t model_id, uint32_t device_id,
                         uint64_t i, bool take_names = true) {
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

inline Reader::Options ReadOptions(bool packets, int start_delay_ms = 0, size_t close_after_bytes = SIZE_MAX,
                                   size_t read_size = 80 * 64) {
  Reader::Options o;
  o.packets = packets;
  o.start_delay_ms = start_delay_ms;
  o.close_after_bytes = close_after_bytes;
  o.read_size = read_size;
  return o;
}

// Fills |write_fd| (a pipe) until a write would block; returns the bytes.
inline size_t FillPipe(int write_fd) {
  const int flags = ::fcntl(write_fd, F_GETFL);
  ::fcntl(write_fd, F_SETFL, flags | O_NONBLOCK);
  std::vector<char> junk(80, 'J');
  size_t total = 0;
  while (::write(write_fd, junk.data(), junk.size()) == static_cast<ssize_t>(junk.size())) total += junk.size();
  ::fcntl(write_fd, F_SETFL, flags);
  return total;
}

inline bool FdOpen(int fd) { return ::fcntl(fd, F_GETFD) != -1; }

inline SubscribeConfig Config(int* fd, int8_t time_info = 1, int32_t metrics = kAicoreMetricsNone) {
  SubscribeConfig c;
  c.time_info = time_info;
  c.aicore_metrics = metrics;
  c.fd = fd;
  return c;
}

inline void Feed(SubscriptionManager& mgr, uint32_t model_id, uint32_t device_id, uint64_t first, uint64_t count,
                 size_t batch = 100) {
  std::vector<CompletionRecord> records;
  for (uint64_t i = first; i < first + count;) {
    records.clear();
    for (size_t k = 0; k < batch && i < first + count; ++k, ++i) records.push_back(Completion(model_id, device_id, i));
    mgr.OnCompletions(records.data(), records.size());
  }
}

}  // namespace aclsim::prof::subscription_test

#endif  // ACLSIM_TESTS_PROF_SUBSCRIPTION_TEST_UTIL_H_
