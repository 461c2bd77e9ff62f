// aoe_subscriber: an operator-subscription reader written the way tuning
// tools (AOE-style) read the pipe. The read end is non-blocking and watched
// with epoll; each read takes exactly one record (aclprofGetOpDescSize
// bytes), and a record whose start or end is 0, or whose end precedes its
// start, is a parse error, as such readers treat it. A short read is an error
// too: the runtime writes whole records.
//
//   aoe_subscriber MODEL.json [--iterations N] [--config acl.json]
//
// Exits 0 only when records arrived and every one parsed; the test checks
// the count.
#include <fcntl.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"

namespace {

#define CHECK_ACL(expr)                                                                          \
  do {                                                                                           \
    aclError check_ret_ = (expr);                                                                \
    if (check_ret_ != ACL_SUCCESS) {                                                             \
      const char* msg = aclGetRecentErrMsg();                                                    \
      std::fprintf(stderr, "%s failed: %d (%s)\n", #expr, check_ret_, msg ? msg : "no message"); \
      std::exit(1);                                                                              \
    }                                                                                            \
  } while (0)

struct ReaderResult {
  uint64_t records = 0;
  uint64_t parse_errors = 0;
  uint64_t short_reads = 0;
  uint64_t first_start = 0;
  uint64_t last_end = 0;
};

// Parses one record; false when a tuner would reject it.
bool ParseRecord(const char* record, size_t size, ReaderResult* r) {
  uint32_t count = 0;
  if (aclprofGetOpNum(record, size, &count) != ACL_SUCCESS || count != 1) return false;
  uint64_t start = aclprofGetOpStart(record, size, 0);
  uint64_t end = aclprofGetOpEnd(record, size, 0);
  if (start == 0 || end == 0 || end < start) {
    std::fprintf(stderr, "record %" PRIu64 ": bad times start=%" PRIu64 " end=%" PRIu64 "\n", r->records, start, end);
    return false;
  }
  if (r->records == 0 || start < r->first_start) r->first_start = start;
  if (end > r->last_end) r->last_end = end;
  return true;
}

// Reads one record per read() until the write end is closed.
ReaderResult ReadWithEpoll(int read_fd, size_t desc_size) {
  ReaderResult r;
  int ep = epoll_create1(EPOLL_CLOEXEC);
  if (ep < 0) {
    std::perror("epoll_create1");
    std::exit(1);
  }
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = read_fd;
  if (epoll_ctl(ep, EPOLL_CTL_ADD, read_fd, &ev) != 0) {
    std::perror("epoll_ctl");
    std::exit(1);
  }
  std::vector<char> record(desc_size);
  bool open = true;
  while (open) {
    epoll_event got{};
    int n = epoll_wait(ep, &got, 1, 10000);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      std::fprintf(stderr, "epoll_wait: %s\n", n == 0 ? "no data for 10 s" : std::strerror(errno));
      break;
    }
    // Drain what is readable, one record per read.
    while (true) {
      ssize_t got_bytes = read(read_fd, record.data(), record.size());
      if (got_bytes < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (got_bytes < 0 && errno == EINTR) continue;
      if (got_bytes <= 0) {
        open = false;  // EOF: aclprofModelUnSubscribe closed the write end
        break;
      }
      if (static_cast<size_t>(got_bytes) != desc_size) {
        ++r.short_reads;
        continue;
      }
      if (!ParseRecord(record.data(), desc_size, &r)) ++r.parse_errors;
      ++r.records;
    }
  }
  close(ep);
  return r;
}

aclmdlDataset* MakeDataset(aclmdlDesc* desc, bool inputs, std::vector<void*>* memory) {
  aclmdlDataset* dataset = aclmdlCreateDataset();
  size_t n = inputs ? aclmdlGetNumInputs(desc) : aclmdlGetNumOutputs(desc);
  for (size_t i = 0; i < n; ++i) {
    size_t size = inputs ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i);
    void* p = nullptr;
    CHECK_ACL(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
    memory->push_back(p);
    CHECK_ACL(aclmdlAddDatasetBuffer(dataset, aclCreateDataBuffer(p, size)));
  }
  return dataset;
}

void DestroyDataset(aclmdlDataset* dataset) {
  for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(dataset); ++i) {
    CHECK_ACL(aclDestroyDataBuffer(aclmdlGetDatasetBuffer(dataset, i)));
  }
  CHECK_ACL(aclmdlDestroyDataset(dataset));
}

struct Options {
  const char* model_path = nullptr;
  const char* config = nullptr;
  int iterations = 1;
};

bool ParseArgs(int argc, char** argv, Options* opt) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      opt->iterations = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--config") == 0 && i + 1 < argc) {
      opt->config = argv[++i];
    } else if (argv[i][0] != '-' && opt->model_path == nullptr) {
      opt->model_path = argv[i];
    } else {
      return false;
    }
  }
  return opt->model_path != nullptr && opt->iterations >= 1;
}

// Loads the model, subscribes with a non-blocking pipe, runs it and
// returns what the reader saw.
ReaderResult SubscribeAndRun(const Options& opt) {
  uint32_t model_id = 0;
  CHECK_ACL(aclmdlLoadFromFile(opt.model_path, &model_id));
  aclmdlDesc* desc = aclmdlCreateDesc();
  CHECK_ACL(aclmdlGetDesc(desc, model_id));
  std::vector<void*> memory;
  aclmdlDataset* input = MakeDataset(desc, true, &memory);
  aclmdlDataset* output = MakeDataset(desc, false, &memory);

  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0 || fcntl(fds[0], F_SETFL, O_NONBLOCK) != 0) {
    std::perror("pipe");
    std::exit(1);
  }
  size_t desc_size = 0;
  CHECK_ACL(aclprofGetOpDescSize(&desc_size));
  ReaderResult result;
  std::thread reader([&] { result = ReadWithEpoll(fds[0], desc_size); });

  int write_fd = fds[1];
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &write_fd);
  if (config == nullptr) {
    std::fprintf(stderr, "aclprofCreateSubscribeConfig failed\n");
    std::exit(1);
  }
  CHECK_ACL(aclprofModelSubscribe(model_id, config));
  for (int i = 0; i < opt.iterations; ++i) CHECK_ACL(aclmdlExecute(model_id, input, output));
  CHECK_ACL(aclprofModelUnSubscribe(model_id));  // flushes, then closes write_fd
  reader.join();
  close(fds[0]);
  CHECK_ACL(aclprofDestroySubscribeConfig(config));

  DestroyDataset(input);
  DestroyDataset(output);
  for (void* p : memory) CHECK_ACL(aclrtFree(p));
  CHECK_ACL(aclmdlDestroyDesc(desc));
  CHECK_ACL(aclmdlUnload(model_id));
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (!ParseArgs(argc, argv, &opt)) {
    std::fprintf(stderr, "usage: %s MODEL.json [--iterations N] [--config acl.json]\n", argv[0]);
    return 2;
  }
  CHECK_ACL(aclInit(opt.config));
  CHECK_ACL(aclrtSetDevice(0));
  ReaderResult r = SubscribeAndRun(opt);
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());

  std::printf("epoll reader: %" PRIu64 " records, one per read, from %d run(s) of %s\n", r.records, opt.iterations,
              opt.model_path);
  std::printf("parse errors: %" PRIu64 ", short reads: %" PRIu64 "\n", r.parse_errors, r.short_reads);
  std::printf("device time: %" PRIu64 " ns to %" PRIu64 " ns\n", r.first_start, r.last_end);
  return r.records > 0 && r.parse_errors == 0 && r.short_reads == 0 ? 0 : 1;
}
