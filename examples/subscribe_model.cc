// subscribe_model: the operator-subscription flow of CANN's official sample,
// as an Ascend user writes it. A reader thread reads whole records from a
// pipe (N x aclprofGetOpDescSize bytes per read) until EOF and decodes each
// with the aclprof* accessors; the main thread loads a model, subscribes,
// executes it, unsubscribes (which flushes and closes the pipe's write end)
// and joins the reader.
//
//   subscribe_model MODEL.json [--iterations N] [--limit ROWS] [--config acl.json]
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/prof_acl_api.h"

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

struct OpRow {
  std::string name;
  std::string type;
  uint64_t start = 0;
  uint64_t duration = 0;
  uint64_t execution = 0;
  size_t model_id = 0;
};

// Reads records until the write end is closed; returns them in arrival order.
std::vector<OpRow> ReadRecords(int read_fd, uint64_t* bytes_read) {
  size_t desc_size = 0;
  CHECK_ACL(aclprofGetOpDescSize(&desc_size));
  const size_t batch = 32;
  std::vector<char> buffer(desc_size * batch);
  std::vector<OpRow> rows;
  *bytes_read = 0;
  while (true) {
    ssize_t n = read(read_fd, buffer.data(), buffer.size());
    if (n == 0) break;  // aclprofModelUnSubscribe closed the write end
    if (n < 0) {
      std::perror("read");
      break;
    }
    *bytes_read += static_cast<uint64_t>(n);
    uint32_t count = 0;
    CHECK_ACL(aclprofGetOpNum(buffer.data(), static_cast<size_t>(n), &count));
    for (uint32_t i = 0; i < count; ++i) {
      OpRow row;
      size_t len = 0;
      CHECK_ACL(aclprofGetOpTypeLen(buffer.data(), static_cast<size_t>(n), i, &len));
      std::vector<char> text(len);
      CHECK_ACL(aclprofGetOpType(buffer.data(), static_cast<size_t>(n), i, text.data(), len));
      row.type = text.data();
      CHECK_ACL(aclprofGetOpNameLen(buffer.data(), static_cast<size_t>(n), i, &len));
      text.assign(len, '\0');
      CHECK_ACL(aclprofGetOpName(buffer.data(), static_cast<size_t>(n), i, text.data(), len));
      row.name = text.data();
      row.start = aclprofGetOpStart(buffer.data(), static_cast<size_t>(n), i);
      row.duration = aclprofGetOpDuration(buffer.data(), static_cast<size_t>(n), i);
      row.execution = ProfGetOpExecutionTime(buffer.data(), static_cast<uint32_t>(n), i);
      row.model_id = aclprofGetModelId(buffer.data(), static_cast<size_t>(n), i);
      rows.push_back(std::move(row));
    }
  }
  return rows;
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
  size_t limit = 40;
};

// False when the arguments do not make a valid command line.
bool ParseArgs(int argc, char** argv, Options* opt) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      opt->iterations = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--limit") == 0 && i + 1 < argc) {
      opt->limit = static_cast<size_t>(std::atol(argv[++i]));
    } else if (std::strcmp(argv[i], "--config") == 0 && i + 1 < argc) {
      opt->config = argv[++i];
    } else if (argv[i][0] != '-' && opt->model_path == nullptr) {
      opt->model_path = argv[i];
    } else {
      opt->model_path = nullptr;
      break;
    }
  }
  return opt->model_path != nullptr && opt->iterations >= 1;
}

// A loaded model with device buffers for its inputs and outputs.
struct Model {
  uint32_t id = 0;
  aclmdlDesc* desc = nullptr;
  std::vector<void*> memory;
  aclmdlDataset* input = nullptr;
  aclmdlDataset* output = nullptr;
};

Model LoadModel(const char* path) {
  Model m;
  CHECK_ACL(aclmdlLoadFromFile(path, &m.id));
  m.desc = aclmdlCreateDesc();
  CHECK_ACL(aclmdlGetDesc(m.desc, m.id));
  m.input = MakeDataset(m.desc, true, &m.memory);
  m.output = MakeDataset(m.desc, false, &m.memory);
  return m;
}

void UnloadModel(Model* m) {
  DestroyDataset(m->input);
  DestroyDataset(m->output);
  for (void* p : m->memory) CHECK_ACL(aclrtFree(p));
  CHECK_ACL(aclmdlDestroyDesc(m->desc));
  CHECK_ACL(aclmdlUnload(m->id));
}

// What the subscription delivered.
struct Collected {
  std::vector<OpRow> rows;
  uint64_t bytes = 0;
  int write_fd = -1;  // the pipe's write end, as aclprofModelUnSubscribe left it
};

// Subscribes to |model| with a pipe read by a reader thread, runs it
// |iterations| times, unsubscribes and joins the reader. False on failure.
bool SubscribeAndRun(const Model& model, int iterations, Collected* out) {
  int fds[2];
  if (pipe(fds) != 0) {
    std::perror("pipe");
    return false;
  }
  out->write_fd = fds[1];  // must stay alive until aclprofModelUnSubscribe
  std::thread reader([&] { out->rows = ReadRecords(fds[0], &out->bytes); });

  aclprofSubscribeConfig* sub_config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &out->write_fd);
  if (sub_config == nullptr) {
    std::fprintf(stderr, "aclprofCreateSubscribeConfig failed\n");
    return false;
  }
  CHECK_ACL(aclprofModelSubscribe(model.id, sub_config));
  for (int i = 0; i < iterations; ++i) CHECK_ACL(aclmdlExecute(model.id, model.input, model.output));
  CHECK_ACL(aclprofModelUnSubscribe(model.id));
  reader.join();
  close(fds[0]);
  CHECK_ACL(aclprofDestroySubscribeConfig(sub_config));
  return true;
}

// The first |opt.limit| records as a table, then the device time they span.
void PrintRecords(const Collected& c, const Options& opt) {
  const std::vector<OpRow>& rows = c.rows;
  std::printf("subscription: %zu op records (%" PRIu64
              " bytes) from %d run(s) of %s; write fd after unsubscribe: %d\n\n",
              rows.size(), c.bytes, opt.iterations, opt.model_path, c.write_fd);
  std::printf("%-5s %-6s %-40s %-22s %14s %14s %12s\n", "#", "model", "op name", "op type", "start (us)",
              "duration (us)", "exec (us)");
  uint64_t first = rows.empty() ? 0 : rows[0].start, last = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    first = std::min(first, rows[i].start);
    last = std::max(last, rows[i].start + rows[i].duration);
    if (i < opt.limit) {
      std::printf("%-5zu %-6zu %-40.40s %-22.22s %14.3f %14.3f %12.3f\n", i, rows[i].model_id, rows[i].name.c_str(),
                  rows[i].type.c_str(), static_cast<double>(rows[i].start) / 1e3,
                  static_cast<double>(rows[i].duration) / 1e3, static_cast<double>(rows[i].execution) / 1e3);
    }
  }
  if (rows.size() > opt.limit) {
    std::printf("... %zu more records (use --limit to print them)\n", rows.size() - opt.limit);
  }
  std::printf("\ntotal device time: %.3f us for %d run(s)\n", static_cast<double>(last - first) / 1e3, opt.iterations);
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (!ParseArgs(argc, argv, &opt)) {
    std::fprintf(stderr, "usage: %s MODEL.json [--iterations N] [--limit ROWS] [--config acl.json]\n", argv[0]);
    return 2;
  }

  CHECK_ACL(aclInit(opt.config));
  CHECK_ACL(aclrtSetDevice(0));
  Model model = LoadModel(opt.model_path);
  Collected collected;
  if (!SubscribeAndRun(model, opt.iterations, &collected)) return 1;
  PrintRecords(collected, opt);

  UnloadModel(&model);
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return 0;
}
