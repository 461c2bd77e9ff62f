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

struct Options {
  const char* model_path = nullptr;
  std::string output = "./aclsim_prof_output";
  int iterations = 2;
  bool all_switches = false;
};

// False when the arguments do not make a valid command line.
bool ParseArgs(int argc, char** argv, Options* opt) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      opt->iterations = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--output") == 0 && i + 1 < argc) {
      opt->output = argv[++i];
    } else if (std::strcmp(argv[i], "--all-switches") == 0) {
      opt->all_switches = true;
    } else if (argv[i][0] != '-' && opt->model_path == nullptr) {
      opt->model_path = argv[i];
    } else {
      opt->model_path = nullptr;
      break;
    }
  }
  return opt->model_path != nullptr && opt->iterations >= 1;
}

// aclprofInit, the collection config and aclprofStart. Returns the config
// (needed to stop the session), or nullptr when it cannot be created.
aclprofConfig* StartProfiling(const Options& opt) {
  CHECK_ACL(aclprofInit(opt.output.c_str(), opt.output.size()));
  uint32_t devices[] = {0};
  const uint64_t types =
      opt.all_switches ? (ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS | ACL_PROF_AICPU |
                          ACL_PROF_L2CACHE | ACL_PROF_HCCL_TRACE | ACL_PROF_TRAINING_TRACE | ACL_PROF_MSPROFTX |
                          ACL_PROF_RUNTIME_API | ACL_PROF_GE_API_L0 | ACL_PROF_TASK_TIME_L0 | ACL_PROF_TASK_MEMORY |
                          ACL_PROF_TASK_TIME_L2 | ACL_PROF_OP_ATTR | ACL_PROF_TASK_TIME_L3 | ACL_PROF_GE_API_L1)
                       : (ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_MSPROFTX);
  aclprofConfig* config =
      aclprofCreateConfig(devices, 1, opt.all_switches ? ACL_AICORE_PIPE_UTILIZATION : ACL_AICORE_NONE, nullptr, types);
  if (config == nullptr) {
    std::fprintf(stderr, "aclprofCreateConfig failed: %s\n", aclGetRecentErrMsg());
    return nullptr;
  }
  if (!opt.all_switches) CHECK_ACL(aclprofSetConfig(ACL_PROF_SYS_HARDWARE_MEM_FREQ, "15", 2));
  CHECK_ACL(aclprofStart(config));
  return config;
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

// Each iteration between step START/END markers; in the first flow with
// msproftx stamps around the execution (Mark, nested Push/Pop, a Range, MarkEx).
void RunIterations(const Model& model, aclrtStream stream, const Options& opt) {
  void* run_stamp = opt.all_switches ? nullptr : aclprofCreateStamp();
  for (int i = 0; i < opt.iterations; ++i) {
    aclprofStepInfo* step = aclprofCreateStepInfo();
    CHECK_ACL(aclprofGetStepTimestamp(step, ACL_STEP_START, stream));
    if (!opt.all_switches) {
      void* mark = aclprofCreateStamp();
      const std::string label = "iteration " + std::to_string(i);
      CHECK_ACL(aclprofSetStampTraceMessage(mark, label.c_str(), static_cast<uint32_t>(label.size())));
      CHECK_ACL(aclprofMark(mark));
      CHECK_ACL(aclprofPush(run_stamp));
      CHECK_ACL(aclprofPush(mark));
      CHECK_ACL(aclmdlExecuteAsync(model.id, model.input, model.output, stream));
      CHECK_ACL(aclprofPop());
      CHECK_ACL(aclprofPop());
      uint32_t range = 0;
      CHECK_ACL(aclprofRangeStart(mark, &range));
      CHECK_ACL(aclprofMarkEx("after execute", 13, stream));
      CHECK_ACL(aclrtSynchronizeStream(stream));
      CHECK_ACL(aclprofRangeStop(range));
      aclprofDestroyStamp(mark);
    } else {
      CHECK_ACL(aclmdlExecuteAsync(model.id, model.input, model.output, stream));
    }
    CHECK_ACL(aclprofGetStepTimestamp(step, ACL_STEP_END, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));
    aclprofDestroyStepInfo(step);
  }
  if (run_stamp != nullptr) aclprofDestroyStamp(run_stamp);
}

// aclprofStop, aclprofDestroyConfig, aclprofFinalize; returns the session's
// directory (aclsim extension).
std::string StopProfiling(aclprofConfig* config) {
  CHECK_ACL(aclprofStop(config));
  char dir[4096] = {};
  CHECK_ACL(aclsimGetLastProfDirectory(dir, sizeof(dir)));
  CHECK_ACL(aclprofDestroyConfig(config));
  CHECK_ACL(aclprofFinalize());
  return dir;
}

// Lists the msprof-format files of the session; the exit code is 1 when
// there are none.
int PrintOutputFiles(const Options& opt, const std::string& dir) {
  std::printf("profiling session of %d iteration(s) of %s written to:\n  %s\n", opt.iterations, opt.model_path,
              dir.c_str());
  const std::string out_dir = dir + "/mindstudio_profiler_output";
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

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (!ParseArgs(argc, argv, &opt)) {
    std::fprintf(stderr, "usage: %s MODEL.json [--iterations N] [--output DIR] [--all-switches]\n", argv[0]);
    return 2;
  }

  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  aclprofConfig* config = StartProfiling(opt);
  if (config == nullptr) return 1;

  Model model = LoadModel(opt.model_path);
  RunIterations(model, stream, opt);
  const std::string dir = StopProfiling(config);

  UnloadModel(&model);
  CHECK_ACL(aclrtDestroyStream(stream));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return PrintOutputFiles(opt, dir);
}
