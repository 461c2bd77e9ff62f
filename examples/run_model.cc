// run_model: loads a model, runs it on the simulated NPU and prints one row
// per op (name, type, engine, start, duration) plus the total device time.
//
//   run_model MODEL.json [--iterations N] [--config acl.json] [--limit ROWS]
//
// Written as an Ascend user would write it (aclInit, aclrtSetDevice,
// aclmdlLoadFromFile, datasets from aclrtMalloc, aclmdlExecute), plus the
// aclsim_ext.h trace to read back the device timeline.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/aclsim_ext.h"

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

struct Buffers {
  aclmdlDataset* dataset = nullptr;
  std::vector<void*> memory;
};

Buffers MakeDataset(aclmdlDesc* desc, bool inputs) {
  Buffers b;
  b.dataset = aclmdlCreateDataset();
  size_t n = inputs ? aclmdlGetNumInputs(desc) : aclmdlGetNumOutputs(desc);
  for (size_t i = 0; i < n; ++i) {
    size_t size = inputs ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i);
    void* p = nullptr;
    CHECK_ACL(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
    b.memory.push_back(p);
    CHECK_ACL(aclmdlAddDatasetBuffer(b.dataset, aclCreateDataBuffer(p, size)));
  }
  return b;
}

void FreeDataset(Buffers& b) {
  for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(b.dataset); ++i) {
    CHECK_ACL(aclDestroyDataBuffer(aclmdlGetDatasetBuffer(b.dataset, i)));
  }
  for (void* p : b.memory) CHECK_ACL(aclrtFree(p));
  CHECK_ACL(aclmdlDestroyDataset(b.dataset));
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
    } else if (std::strcmp(argv[i], "--config") == 0 && i + 1 < argc) {
      config = argv[++i];
    } else if (std::strcmp(argv[i], "--limit") == 0 && i + 1 < argc) {
      limit = static_cast<size_t>(std::atol(argv[++i]));
    } else if (argv[i][0] != '-' && model_path == nullptr) {
      model_path = argv[i];
    } else {
      std::fprintf(stderr, "usage: %s MODEL.json [--iterations N] [--config acl.json] [--limit ROWS]\n", argv[0]);
      return 2;
    }
  }
  if (model_path == nullptr || iterations < 1) {
    std::fprintf(stderr, "usage: %s MODEL.json [--iterations N] [--config acl.json] [--limit ROWS]\n", argv[0]);
    return 2;
  }

  CHECK_ACL(aclInit(config));
  CHECK_ACL(aclrtSetDevice(0));
  uint32_t model_id = 0;
  CHECK_ACL(aclmdlLoadFromFile(model_path, &model_id));
  aclmdlDesc* desc = aclmdlCreateDesc();
  CHECK_ACL(aclmdlGetDesc(desc, model_id));
  Buffers in = MakeDataset(desc, true);
  Buffers out = MakeDataset(desc, false);

  CHECK_ACL(aclsimTraceStart(0));
  for (int i = 0; i < iterations; ++i) CHECK_ACL(aclmdlExecute(model_id, in.dataset, out.dataset));
  CHECK_ACL(aclsimTraceStop());

  size_t count = 0;
  uint64_t dropped = 0;
  CHECK_ACL(aclsimTraceGetCount(&count, &dropped));
  std::vector<aclsimTaskRecord> records(count);
  size_t written = 0;
  CHECK_ACL(aclsimTraceGetRecords(records.data(), records.size(), &written));

  const char* soc = aclrtGetSocName();
  std::printf("model %s: %zu inputs, %zu outputs, %zu ops per run, %d run(s) on %s (backend %s)\n\n", model_path,
              aclmdlGetNumInputs(desc), aclmdlGetNumOutputs(desc),
              iterations > 0 ? written / static_cast<size_t>(iterations) : 0, iterations, soc ? soc : "?",
              aclsimGetBackendName());
  std::printf("%-5s %-40s %-22s %-15s %6s %14s %14s\n", "#", "op name", "op type", "engine", "block", "start (us)",
              "duration (us)");
  uint64_t first = written ? records[0].startNs : 0, last = 0, busy = 0;
  for (size_t i = 0; i < written; ++i) {
    const aclsimTaskRecord& r = records[i];
    first = std::min(first, r.startNs);
    last = std::max(last, r.endNs);
    busy += r.endNs - r.startNs;
    if (i < limit) {
      std::printf("%-5zu %-40.40s %-22.22s %-15s %6u %14.3f %14.3f\n", i, r.opName, r.opType, r.engine, r.blockDim,
                  static_cast<double>(r.startNs) / 1e3, static_cast<double>(r.endNs - r.startNs) / 1e3);
    }
  }
  if (written > limit) std::printf("... %zu more ops (use --limit to print them)\n", written - limit);
  uint64_t flops = 0, macs = 0, bytes = 0, op_ns = 0;
  CHECK_ACL(aclsimGetModelCost(model_id, &flops, &macs, &bytes, &op_ns));
  std::printf("\ntotal device time: %.3f us for %d run(s) (%.3f us per run); sum of op durations %.3f us\n",
              static_cast<double>(last - first) / 1e3, iterations, static_cast<double>(last - first) / 1e3 / iterations,
              static_cast<double>(busy) / 1e3);
  std::printf("model cost: %.3f GFLOP per run (%.3f GMAC on cube units), %.1f MB moved\n",
              static_cast<double>(flops) / 1e9, static_cast<double>(macs) / 1e9, static_cast<double>(bytes) / 1e6);
  if (dropped != 0) std::printf("note: %" PRIu64 " trace records did not fit\n", dropped);

  FreeDataset(in);
  FreeDataset(out);
  CHECK_ACL(aclmdlDestroyDesc(desc));
  CHECK_ACL(aclmdlUnload(model_id));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return 0;
}
