// MindSpore's Ascend profiler, replayed against an installed toolkit: its
// toolkit-root lookup, the calls of AscendProfiler in its order with its
// option values, and its step markers (tags 60000/60001 on one step info
// whose indexId it overwrites), with every return code checked and the
// files its parsers read afterwards checked.
//
// Sequence (described from MindSpore's plugin/device/ascend/hal/profiler/
// ascend_profiling.{h,cc}, feature_mgr, acl_prof_symbol.cc,
// res_manager/ascend/symbol_interface/symbol_utils.cc GetAscendPath,
// debug/profiler/mstx/mstx_symbol.cc):
//  * the toolkit root is libascendcl.so's loaded path (dladdr of
//    aclrtMalloc; the plugin links libascendcl.so) cut after its last
//    "latest"; the aclprof* functions come from dlopen(<root>lib64/
//    libmsprofiler.so, RTLD_LAZY | RTLD_GLOBAL); aclprofSetConfig is linked;
//    mstx from <root>lib64/libms_tools_ext.so (3 core + 5 domain functions);
//  * Init: aclInit, the feature query (V2) before aclprofInit, accepting
//    records of component "all" (any version) and throwing on an empty
//    field; aclrtSetDevice; aclprofInit(dir); SetConfig memory frequency
//    "100", sys_io "100", sys_interconnection "50"; aclprofCreateConfig
//    ({device}, 1, PipeUtilization, NULL, Level1 | MSPROFTX | TASK_MEMORY);
//  * Start: SetConfig host_sys (after CreateConfig) → aclprofStart;
//  * each step: aclprofCreateStepInfo, indexId (byte 8) := step number,
//    aclprofGetStepTimestamp(60000, stream), the step's work, a stream
//    sync, aclprofGetStepTimestamp(60001, stream), aclprofDestroyStepInfo;
//  * Stop: aclprofStop; Finalize: aclprofDestroyConfig, aclprofFinalize.
//
// Usage: mindspore_replay <output dir> [steps]. Prints "[INFO] MindSpore
// replay done" on success.
#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

#include <cstring>
#include <string>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "replay_util.h"

namespace {

constexpr uint64_t kLevel1 = 0x27;
constexpr uint64_t kMsproftx = 0x80;
constexpr uint64_t kTaskMemory = 0x1000;
constexpr int kSysHardwareMemFreq = 3, kSysIoFreq = 5, kSysInterconnectionFreq = 6, kHostSys = 8;
constexpr uint32_t kStepStartTag = 60000, kStepEndTag = 60001;

// GetAscendPath: everything up to and including the last "latest/".
std::string AscendRoot() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&aclrtMalloc), &info) == 0 || info.dli_fname == nullptr) {
    REPLAY_FAIL("dladdr(aclrtMalloc) failed");
  }
  const std::string path = info.dli_fname;
  const size_t at = path.rfind("latest");
  if (at == std::string::npos) REPLAY_FAIL("no \"latest\" in %s", path.c_str());
  return path.substr(0, at) + "latest/";
}

// The aclprof* functions MindSpore takes from <root>lib64/libmsprofiler.so
// (acl_prof_symbol.cc), and the mstx ones from libms_tools_ext.so.
struct Prof {
  void* handle = nullptr;
  template <typename Fn>
  Fn Get(const char* name) const {
    auto f = reinterpret_cast<Fn>(dlsym(handle, name));
    if (f == nullptr) REPLAY_FAIL("%s is null", name);
    return f;
  }
  static void* Open(const std::string& root) {
    void* h = dlopen((root + "lib64/libmsprofiler.so").c_str(), RTLD_LAZY | RTLD_GLOBAL);
    if (h == nullptr) REPLAY_FAIL("dlopen %slib64/libmsprofiler.so: %s", root.c_str(), dlerror());
    return h;
  }
  explicit Prof(const std::string& root) : handle(Open(root)) {}
  aclprofConfig* (*create_config)(uint32_t*, uint32_t, aclprofAicoreMetrics, const aclprofAicoreEvents*,
                                  uint64_t) = Get<decltype(create_config)>("aclprofCreateConfig");
  aclError (*destroy_config)(const aclprofConfig*) = Get<decltype(destroy_config)>("aclprofDestroyConfig");
  aclError (*finalize)() = Get<decltype(finalize)>("aclprofFinalize");
  aclError (*init)(const char*, size_t) = Get<decltype(init)>("aclprofInit");
  aclError (*start)(const aclprofConfig*) = Get<decltype(start)>("aclprofStart");
  aclError (*stop)(const aclprofConfig*) = Get<decltype(stop)>("aclprofStop");
  aclprofStepInfo* (*create_step)() = Get<decltype(create_step)>("aclprofCreateStepInfo");
  aclError (*step_stamp)(aclprofStepInfo*, aclprofStepTag,
                         aclrtStream) = Get<decltype(step_stamp)>("aclprofGetStepTimestamp");
  void (*destroy_step)(aclprofStepInfo*) = Get<decltype(destroy_step)>("aclprofDestroyStepInfo");
  int (*features)(size_t*, void**) = Get<decltype(features)>("aclprofGetSupportedFeatures");
  int (*features_v2)(size_t*, void**) = Get<decltype(features_v2)>("aclprofGetSupportedFeaturesV2");
};

struct Mstx {
  uint64_t (*range_start)(const char*, aclrtStream) = nullptr;
  void (*range_end)(uint64_t) = nullptr;
  explicit Mstx(const std::string& root) {
    void* lib = dlopen((root + "lib64/libms_tools_ext.so").c_str(), RTLD_LAZY);
    REPLAY_TRUE(lib != nullptr);
    for (const char* name : {"mstxMarkA", "mstxRangeStartA", "mstxRangeEnd", "mstxDomainCreateA", "mstxDomainDestroy",
                             "mstxDomainMarkA", "mstxDomainRangeStartA", "mstxDomainRangeEnd"}) {
      if (dlsym(lib, name) == nullptr) REPLAY_FAIL("libms_tools_ext.so lacks %s", name);
    }
    range_start = reinterpret_cast<decltype(range_start)>(dlsym(lib, "mstxRangeStartA"));
    range_end = reinterpret_cast<decltype(range_end)>(dlsym(lib, "mstxRangeEnd"));
  }
};

// The layout MindSpore writes through: {bool startFlag; bool endFlag;
// uint64_t indexId;} (spec §4.1).
struct StepInfoView {
  bool start_flag;
  bool end_flag;
  uint64_t index_id;
};
static_assert(offsetof(StepInfoView, index_id) == 8 && sizeof(StepInfoView) == 16, "MindSpore's step info view");

// FeatureMgr::Init: every field of every record non-empty (it throws otherwise).
void CheckFeatures(const Prof& prof) {
  size_t count = 0;
  void* data = nullptr;
  REPLAY_OK(prof.features_v2(&count, &data));
  REPLAY_TRUE(count >= 1 && data != nullptr);
  struct Record {  // FeatureRecord, as CANN lays it out (spec §2.1)
    void* vptr;
    char name[64];
    void* info_vptr;
    char fields[4][16];  // compatibility, featureVersion, affectedComponent(Version)
    char info_log[128];
  };
  static_assert(sizeof(Record) == 272, "record stride");
  for (size_t i = 0; i < count; ++i) {
    const Record& r = static_cast<const Record*>(data)[i];
    if (r.name[0] == '\0' || r.info_log[0] == '\0') REPLAY_FAIL("feature record %zu has an empty field", i);
    for (int f = 0; f < 4; ++f) {
      if (r.fields[f][0] == '\0') REPLAY_FAIL("feature record %zu has an empty field", i);
    }
  }
}

// AscendProfiler's steps: a step info per step with MindSpore's step number
// as its indexId, 60000 before the step's work, 60001 after a sync.
void RunSteps(const Prof& prof, const Mstx& mstx, int steps, aclrtStream stream) {
  replay::AddOp op;
  for (int step = 1; step <= steps; ++step) {
    aclprofStepInfo* info = prof.create_step();
    REPLAY_TRUE(info != nullptr);
    reinterpret_cast<StepInfoView*>(info)->index_id = static_cast<uint64_t>(step);
    REPLAY_OK(prof.step_stamp(info, static_cast<aclprofStepTag>(kStepStartTag), stream));
    const uint64_t range = mstx.range_start("train step", stream);
    REPLAY_TRUE(range != 0);
    for (int i = 0; i < 2; ++i) op.Launch(stream);
    mstx.range_end(range);
    REPLAY_OK(aclrtSynchronizeStream(stream));
    REPLAY_OK(prof.step_stamp(info, static_cast<aclprofStepTag>(kStepEndTag), stream));
    prof.destroy_step(info);
  }
}

// What its parsers read: the first PROF_*, its device directory, the clock
// files, one step_trace row per step with the index id it wrote, the ops.
void CheckJob(const std::string& dir, uint32_t device_id, int steps) {
  const auto jobs = replay::Glob(dir, "PROF_.*");
  REPLAY_TRUE(jobs.size() == 1);
  const std::string& job = jobs[0];
  REPLAY_TRUE(replay::Glob(job, "device_[0-9]+").size() == 1);
  replay::CheckJobLayout(job, device_id);
  const auto trace = replay::ReadCsv(replay::OneOutput(job, "step_trace", "csv"));
  REPLAY_TRUE(trace.size() == 1 + static_cast<size_t>(steps));
  const size_t iteration = replay::Column(trace[0], "Iteration ID");
  for (int step = 1; step <= steps; ++step) {
    if (trace[step][iteration] != std::to_string(step)) {
      REPLAY_FAIL("step_trace row %d has Iteration ID %s", step, trace[step][iteration].c_str());
    }
  }
  const auto ops = replay::ReadCsv(replay::OneOutput(job, "op_summary", "csv"));
  REPLAY_TRUE(ops.size() == 1 + 2 * static_cast<size_t>(steps));
  const auto tx = replay::ReadCsv(replay::OneOutput(job, "msprof_tx", "csv"));
  REPLAY_TRUE(tx.size() == 1 + static_cast<size_t>(steps));
  REPLAY_TRUE(!replay::Glob(job + "/mindstudio_profiler_output", "msprof_[0-9]+\\.json").empty());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) REPLAY_FAIL("usage: mindspore_replay <output dir> [steps]");
  const int steps = argc > 2 ? std::atoi(argv[2]) : 3;
  char real[PATH_MAX];
  if (realpath(argv[1], real) == nullptr) REPLAY_FAIL("no directory %s", argv[1]);
  const std::string dir = real;
  const std::string root = AscendRoot();
  const Prof prof(root);
  const Mstx mstx(root);

  // Init: the feature query comes before aclprofInit.
  REPLAY_OK(aclInit(nullptr));
  CheckFeatures(prof);
  const uint32_t device_id = 0;
  REPLAY_OK(aclrtSetDevice(static_cast<int32_t>(device_id)));
  REPLAY_OK(prof.init(dir.c_str(), dir.size()));
  REPLAY_OK(aclprofSetConfig(static_cast<aclprofConfigType>(kSysHardwareMemFreq), "100", 3));
  REPLAY_OK(aclprofSetConfig(static_cast<aclprofConfigType>(kSysIoFreq), "100", 3));
  REPLAY_OK(aclprofSetConfig(static_cast<aclprofConfigType>(kSysInterconnectionFreq), "50", 2));
  uint32_t devices[] = {device_id};
  aclprofConfig* config =
      prof.create_config(devices, 1, ACL_AICORE_PIPE_UTILIZATION, nullptr, kLevel1 | kMsproftx | kTaskMemory);
  REPLAY_TRUE(config != nullptr);
  // Start: host_sys after CreateConfig.
  REPLAY_OK(aclprofSetConfig(static_cast<aclprofConfigType>(kHostSys), "cpu,mem", 7));
  REPLAY_OK(prof.start(config));
  aclrtStream stream = nullptr;
  REPLAY_OK(aclrtCreateStream(&stream));
  RunSteps(prof, mstx, steps, stream);
  // Stop, then Finalize.
  REPLAY_OK(prof.stop(config));
  REPLAY_OK(prof.destroy_config(config));
  REPLAY_OK(prof.finalize());
  CheckJob(dir, device_id, steps);

  REPLAY_OK(aclrtDestroyStream(stream));
  REPLAY_OK(aclrtResetDevice(static_cast<int32_t>(device_id)));
  REPLAY_OK(aclFinalize());
  std::printf("[INFO] MindSpore replay done: %d steps\n", steps);
  return 0;
}
