// profile_model: a collection session around model execution, in the order
// of CANN's official profiling sample (spec terms): aclprofInit,
// aclprofCreateConfig (ACL API + task time + msproftx), aclprofSetConfig,
// aclprofStart, per-iteration step START/END markers around the work,
// msproftx stamps (Mark, nested Push/Pop, a Range), aclprofStop,
// aclprofDestroyConfig, aclprofFinalize. Then it says where msprof-format
// summaries and the timeline were written.
//
//   profile_model MODEL.json [--iterations N] [--output DIR] [--all-switches]
//
// --all-switches runs the second sample flow instead: every data-type switch
// on, Start, the iterations, Stop, Finalize.
#include <dirent.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
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
  std::string output = "./aclsim_prof_output";
  int iterations = 2;
  bool all_switches = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      iterations = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--output") == 0 && i + 1 < argc) {
      output = argv[++i];
    } else if (std::strcmp(argv[i], "--all-switches") == 0) {
      all_switches = true;
    } else if (argv[i][0] != '-' && model_path == nullptr) {
      model_path = argv[i];
    } else {
      model_path = nullptr;
      break;
    }
  }
  if (model_path == nullptr || iterations < 1) {
    std::fprintf(stderr, "usage: %s MODEL.json [--iterations N] [--output DIR] [--all-switches]\n", argv[0]);
    return 2;
  }

  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  CHECK_ACL(aclprofInit(output.c_str(), output.size()));

  uint32_t devices[] = {0};
  const uint64_t types =
      all_switches ? (ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS | ACL_PROF_AICPU |
                      ACL_PROF_L2CACHE | ACL_PROF_HCCL_TRACE | ACL_PROF_TRAINING_TRACE | ACL_PROF_MSPROFTX |
                      ACL_PROF_RUNTIME_API | ACL_PROF_GE_API_L0 | ACL_PROF_TASK_TIME_L0 | ACL_PROF_TASK_MEMORY |
                      ACL_PROF_TASK_TIME_L2 | ACL_PROF_OP_ATTR | ACL_PROF_TASK_TIME_L3 | ACL_PROF_GE_API_L1)
                   : (ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_MSPROFTX);
  aclprofConfig* config =
      aclprofCreateConfig(devices, 1, all_switches ? ACL_AICORE_PIPE_UTILIZATION : ACL_AICORE_NONE, nullptr, types);
  if (config == nullptr) {
    std::fprintf(stderr, "aclprofCreateConfig failed: %s\n", aclGetRecentErrMsg());
    return 1;
  }
  if (!all_switches) CHECK_ACL(aclprofSetConfig(ACL_PROF_SYS_HARDWARE_MEM_FREQ, "15", 2));
  CHECK_ACL(aclprofStart(config));

  uint32_t model_id = 0;
  CHECK_ACL(aclmdlLoadFromFile(model_path, &model_id));
  aclmdlDesc* desc = aclmdlCreateDesc();
  CHECK_ACL(aclmdlGetDesc(desc, model_id));
  std::vector<void*> memory;
  aclmdlDataset* input = MakeDataset(desc, true, &memory);
  aclmdlDataset* output_set = MakeDataset(desc, false, &memory);

  void* run_stamp = all_switches ? nullptr : aclprofCreateStamp();
  for (int i = 0; i < iterations; ++i) {
    aclprofStepInfo* step = aclprofCreateStepInfo();
    CHECK_ACL(aclprofGetStepTimestamp(step, ACL_STEP_START, stream));
    if (!all_switches) {
      void* mark = aclprofCreateStamp();
      const std::string label = "iteration " + std::to_string(i);
      CHECK_ACL(aclprofSetStampTraceMessage(mark, label.c_str(), static_cast<uint32_t>(label.size())));
      CHECK_ACL(aclprofMark(mark));
      CHECK_ACL(aclprofPush(run_stamp));
      CHECK_ACL(aclprofPush(mark));
      CHECK_ACL(aclmdlExecuteAsync(model_id, input, output_set, stream));
      CHECK_ACL(aclprofPop());
      CHECK_ACL(aclprofPop());
      uint32_t range = 0;
      CHECK_ACL(aclprofRangeStart(mark, &range));
      CHECK_ACL(aclprofMarkEx("after execute", 13, stream));
      CHECK_ACL(aclrtSynchronizeStream(stream));
      CHECK_ACL(aclprofRangeStop(range));
      aclprofDestroyStamp(mark);
    } else {
      CHECK_ACL(aclmdlExecuteAsync(model_id, input, output_set, stream));
    }
    CHECK_ACL(aclprofGetStepTimestamp(step, ACL_STEP_END, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));
    aclprofDestroyStepInfo(step);
  }
  if (run_stamp != nullptr) aclprofDestroyStamp(run_stamp);

  CHECK_ACL(aclprofStop(config));
  char dir[4096] = {};
  CHECK_ACL(aclsimGetLastProfDirectory(dir, sizeof(dir)));
  CHECK_ACL(aclprofDestroyConfig(config));
  CHECK_ACL(aclprofFinalize());

  DestroyDataset(input);
  DestroyDataset(output_set);
  for (void* p : memory) CHECK_ACL(aclrtFree(p));
  CHECK_ACL(aclmdlDestroyDesc(desc));
  CHECK_ACL(aclmdlUnload(model_id));
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());

  std::printf("profiling session of %d iteration(s) of %s written to:\n  %s\n", iterations, model_path, dir);
  const std::string out_dir = std::string(dir) + "/mindstudio_profiler_output";
  std::vector<std::string> files;
  if (DIR* d = opendir(out_dir.c_str())) {
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] != '.') files.push_back(e->d_name);
    }
    closedir(d);
  }
  std::sort(files.begin(), files.end());
  std::printf("summaries and timeline in %s:\n", out_dir.c_str());
  for (const auto& f : files) std::printf("  %s\n", f.c_str());
  std::printf(
      "open the msprof_*.json timeline in https://ui.perfetto.dev, chrome://tracing or MindStudio Insight;\n"
      "timeline_*.svg opens in any browser.\n");
  return files.empty() ? 1 : 0;
}
