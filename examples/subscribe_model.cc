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

}  // namespace

int main(int argc, char** argv) {
  const char* model_path = nullptr;
  const char* config = nullptr;
  int iterations = 1;
  size_t limit = 40;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      iterations = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--limit") == 0 && i + 1 < argc) {
      limit = static_cast<size_t>(std::atol(argv[++i]));
    } else if (std::strcmp(argv[i], "--config") == 0 && i + 1 < argc) {
      config = argv[++i];
    } else if (argv[i][0] != '-' && model_path == nullptr) {
      model_path = argv[i];
    } else {
      model_path = nullptr;
      break;
    }
  }
  if (model_path == nullptr || iterations < 1) {
    std::fprintf(stderr, "usage: %s MODEL.json [--iterations N] [--limit ROWS] [--config acl.json]\n", argv[0]);
    return 2;
  }

  CHECK_ACL(aclInit(config));
  CHECK_ACL(aclrtSetDevice(0));
  uint32_t model_id = 0;
  CHECK_ACL(aclmdlLoadFromFile(model_path, &model_id));
  aclmdlDesc* desc = aclmdlCreateDesc();
  CHECK_ACL(aclmdlGetDesc(desc, model_id));
  std::vector<void*> memory;
  aclmdlDataset* input = MakeDataset(desc, true, &memory);
  aclmdlDataset* output = MakeDataset(desc, false, &memory);

  int fds[2];
  if (pipe(fds) != 0) {
    std::perror("pipe");
    return 1;
  }
  int write_fd = fds[1];  // must stay alive until aclprofModelUnSubscribe
  std::vector<OpRow> rows;
  uint64_t bytes = 0;
  std::thread reader([&] { rows = ReadRecords(fds[0], &bytes); });

  aclprofSubscribeConfig* sub_config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &write_fd);
  if (sub_config == nullptr) {
    std::fprintf(stderr, "aclprofCreateSubscribeConfig failed\n");
    return 1;
  }
  CHECK_ACL(aclprofModelSubscribe(model_id, sub_config));
  for (int i = 0; i < iterations; ++i) CHECK_ACL(aclmdlExecute(model_id, input, output));
  CHECK_ACL(aclprofModelUnSubscribe(model_id));
  reader.join();
  close(fds[0]);
  CHECK_ACL(aclprofDestroySubscribeConfig(sub_config));

  std::printf("subscription: %zu op records (%" PRIu64
              " bytes) from %d run(s) of %s; write fd after unsubscribe: %d\n\n",
              rows.size(), bytes, iterations, model_path, write_fd);
  std::printf("%-5s %-6s %-40s %-22s %14s %14s %12s\n", "#", "model", "op name", "op type", "start (us)",
              "duration (us)", "exec (us)");
  uint64_t first = rows.empty() ? 0 : rows[0].start, last = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    first = std::min(first, rows[i].start);
    last = std::max(last, rows[i].start + rows[i].duration);
    if (i < limit) {
      std::printf("%-5zu %-6zu %-40.40s %-22.22s %14.3f %14.3f %12.3f\n", i, rows[i].model_id, rows[i].name.c_str(),
                  rows[i].type.c_str(), static_cast<double>(rows[i].start) / 1e3,
                  static_cast<double>(rows[i].duration) / 1e3, static_cast<double>(rows[i].execution) / 1e3);
    }
  }
  if (rows.size() > limit) std::printf("... %zu more records (use --limit to print them)\n", rows.size() - limit);
  std::printf("\ntotal device time: %.3f us for %d run(s)\n", static_cast<double>(last - first) / 1e3, iterations);

  DestroyDataset(input);
  DestroyDataset(output);
  for (void* p : memory) CHECK_ACL(aclrtFree(p));
  CHECK_ACL(aclmdlDestroyDesc(desc));
  CHECK_ACL(aclmdlUnload(model_id));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return 0;
}
