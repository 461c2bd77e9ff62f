// torch_npu's profiler, replayed against an installed toolkit: the calls
// its ProfilerMgr makes, in its order, through its loader, with every
// return code checked and the files left behind read back.
//
// Sequence (described from Ascend/pytorch: torch_npu/csrc/core/npu/register/
// FunctionLoader.cpp, framework/interface/{AclInterface,MsProfilerInterface,
// MstxInterface}.cpp, profiler/{profiler_mgr,feature_mgr,mstx_mgr}.cpp,
// torch_npu/profiler/_profiler_action_controller.py):
//  * loader: a function is looked up in its library's dlopen handle
//    ("libascendcl.so" with RTLD_LAZY; "libmsprofiler.so" with RTLD_LAZY |
//    RTLD_GLOBAL; "libms_tools_ext.so"), by bare name, so through the
//    library path; when LD_PRELOAD is set, dlsym(RTLD_DEFAULT) is tried
//    first. The nine session and step functions are required from
//    libascendcl.so; Warmup, SetConfig, the feature query, the device
//    callback and MarkEx are optional, from libmsprofiler.so;
//  * mstx is used when $ASCEND_HOME_PATH/lib64/libms_tools_ext.so exists and
//    mstxDomainCreateA("test") gives a handle;
//  * each schedule cycle runs, in one process: aclprofInit(dir) →
//    aclprofGetSupportedFeaturesV2 (records parsed: component "all"/"PTA",
//    featureVersion compared with "1") → the aclprofSetConfig calls of its
//    options (memory frequency "50", host_sys, sys_io "100",
//    sys_interconnection "50") → aclprofCreateConfig({device}, 1, metrics,
//    NULL, Level1 | MSPROFTX | TASK_MEMORY | OP_ATTR when ATTR is supported)
//    → aclprofWarmup → the SetConfig calls again → aclprofStart →
//    aclprofRegisterDeviceCallback → marks (mstx; aclprofMarkEx when the
//    mstx library is absent) → aclprofStop → aclprofDestroyConfig →
//    aclprofFinalize.
//
// Usage: torch_npu_replay <output dir> [cycles]. Prints "[INFO] torch_npu
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

// torch_npu's data-type masks (profiler_mgr.h) and feature record layout
// (feature_mgr.h: C++ objects with virtual destructors).
constexpr uint64_t kLevel1 = 0x27;  // TASK_TIME | ACL_API | HCCL_TRACE | AICORE_METRICS
constexpr uint64_t kMsproftx = 0x80;
constexpr uint64_t kTaskMemory = 0x1000;
constexpr uint64_t kOpAttr = 0x4000;
constexpr int kSysHardwareMemFreq = 3, kSysIoFreq = 5, kSysInterconnectionFreq = 6, kHostSys = 8;
constexpr int kPipeUtilization = 1;

struct FeatureRecord {
  void* vptr;
  char featureName[64];
  void* info_vptr;
  char compatibility[16];
  char featureVersion[16];
  char affectedComponent[16];
  char affectedComponentVersion[16];
  char infoLog[128];
};
static_assert(sizeof(FeatureRecord) == 272, "torch_npu's FeatureRecord stride");

// FunctionLoader::Get.
void* Lookup(const char* library, int flags, const char* name) {
  const char* preload = std::getenv("LD_PRELOAD");
  if (preload != nullptr && preload[0] != '\0') {
    if (void* f = dlsym(RTLD_DEFAULT, name)) return f;
  }
  void* handle = dlopen(library, flags);
  if (handle == nullptr) REPLAY_FAIL("dlopen(%s): %s", library, dlerror());
  return dlsym(handle, name);
}

template <typename Fn>
Fn Required(const char* name) {
  auto f = reinterpret_cast<Fn>(Lookup("libascendcl.so", RTLD_LAZY, name));
  if (f == nullptr) REPLAY_FAIL("Failed to find function %s", name);
  return f;
}

template <typename Fn>
Fn Optional(const char* name) {
  return reinterpret_cast<Fn>(Lookup("libmsprofiler.so", RTLD_LAZY | RTLD_GLOBAL, name));
}

struct Acl {
  aclError (*init)(const char*, size_t) = Required<decltype(init)>("aclprofInit");
  aclError (*start)(const aclprofConfig*) = Required<decltype(start)>("aclprofStart");
  aclError (*stop)(const aclprofConfig*) = Required<decltype(stop)>("aclprofStop");
  aclError (*finalize)() = Required<decltype(finalize)>("aclprofFinalize");
  aclprofConfig* (*create_config)(uint32_t*, uint32_t, aclprofAicoreMetrics, const aclprofAicoreEvents*,
                                  uint64_t) = Required<decltype(create_config)>("aclprofCreateConfig");
  aclError (*destroy_config)(const aclprofConfig*) = Required<decltype(destroy_config)>("aclprofDestroyConfig");
  void* create_step = Required<void*>("aclprofCreateStepInfo");
  void* step = Required<void*>("aclprofGetStepTimestamp");
  void* destroy_step = Required<void*>("aclprofDestroyStepInfo");
  aclError (*warmup)(const aclprofConfig*) = Optional<decltype(warmup)>("aclprofWarmup");
  aclError (*set_config)(int, const char*, size_t) = Optional<decltype(set_config)>("aclprofSetConfig");
  int (*features_v2)(size_t*, void**) = Optional<decltype(features_v2)>("aclprofGetSupportedFeaturesV2");
  aclError (*device_callback)() = Optional<decltype(device_callback)>("aclprofRegisterDeviceCallback");
  aclError (*mark_ex)(const char*, size_t, aclrtStream) = Optional<decltype(mark_ex)>("aclprofMarkEx");
};

struct Mstx {
  using Domain = void*;
  void (*mark)(const char*, aclrtStream) = nullptr;
  uint64_t (*range_start)(const char*, aclrtStream) = nullptr;
  void (*range_end)(uint64_t) = nullptr;
  Domain (*domain_create)(const char*) = nullptr;
  void (*domain_mark)(Domain, const char*, aclrtStream) = nullptr;
  bool supported = false;
  bool domains = false;

  // IsSupportMstxFunc / IsSupportMstxDomainFunc.
  Mstx() {
    const char* home = std::getenv("ASCEND_HOME_PATH");
    char real[PATH_MAX];
    if (home == nullptr || realpath((std::string(home) + "/lib64/libms_tools_ext.so").c_str(), real) == nullptr) return;
    const auto get = [](const char* name) { return Lookup("libms_tools_ext.so", RTLD_LAZY, name); };
    mark = reinterpret_cast<decltype(mark)>(get("mstxMarkA"));
    range_start = reinterpret_cast<decltype(range_start)>(get("mstxRangeStartA"));
    range_end = reinterpret_cast<decltype(range_end)>(get("mstxRangeEnd"));
    domain_create = reinterpret_cast<decltype(domain_create)>(get("mstxDomainCreateA"));
    domain_mark = reinterpret_cast<decltype(domain_mark)>(get("mstxDomainMarkA"));
    supported = mark != nullptr && range_start != nullptr && range_end != nullptr;
    domains = domain_create != nullptr && domain_mark != nullptr && domain_create("test") != nullptr;
  }
};

// FeatureMgr::Init: the features torch_npu may use (ATTR, AICORE_SHAPE).
bool AttrSupported(const Acl& acl) {
  REPLAY_TRUE(acl.features_v2 != nullptr);
  size_t count = 0;
  void* data = nullptr;
  REPLAY_OK(acl.features_v2(&count, &data));
  REPLAY_TRUE(data != nullptr && count >= 2);
  bool attr = false;
  int parsed = 0;
  for (size_t i = 0; i < count; ++i) {
    const FeatureRecord& r = static_cast<const FeatureRecord*>(data)[i];
    for (const char* field : {r.featureName, r.compatibility, r.featureVersion, r.affectedComponent,
                              r.affectedComponentVersion, r.infoLog}) {
      if (field[0] == '\0') REPLAY_FAIL("feature record %zu has an empty field", i);
    }
    const std::string component = r.affectedComponent, name = r.featureName;
    if (component != "all" && component != "PTA") continue;
    ++parsed;
    // Supported: "1" > version → no; equal → yes; less → when compatibility is "1".
    const int cmp = std::strcmp("1", r.featureVersion);
    const bool supported = cmp == 0 || (cmp < 0 && std::strcmp(r.compatibility, "1") == 0);
    if (name == "ATTR") attr = supported;
  }
  REPLAY_TRUE(parsed == static_cast<int>(count));
  return attr;
}

// PrepareProfilerConfig: the options of a profile with memory, host_sys,
// sys_io and sys_interconnection on.
void SetConfigs(const Acl& acl) {
  REPLAY_TRUE(acl.set_config != nullptr);
  REPLAY_OK(acl.set_config(kSysHardwareMemFreq, "50", 2));
  REPLAY_OK(acl.set_config(kHostSys, "cpu,mem", 7));
  REPLAY_OK(acl.set_config(kSysIoFreq, "100", 3));
  REPLAY_OK(acl.set_config(kSysInterconnectionFreq, "50", 2));
}

// One schedule cycle; returns the PROF_* job directory it left.
std::string Cycle(const Acl& acl, const Mstx& mstx, const std::string& dir, int cycle, aclrtStream stream,
                  replay::AddOp& op) {
  const auto before = replay::Glob(dir, "PROF_.*");
  REPLAY_OK(acl.init(dir.c_str(), dir.size()));
  const bool attr = AttrSupported(acl);
  SetConfigs(acl);
  int32_t device = -1;
  REPLAY_OK(aclrtGetDevice(&device));
  uint32_t devices[] = {static_cast<uint32_t>(device)};
  const uint64_t mask = kLevel1 | kMsproftx | kTaskMemory | (attr ? kOpAttr : 0);
  aclprofConfig* config =
      acl.create_config(devices, 1, static_cast<aclprofAicoreMetrics>(kPipeUtilization), nullptr, mask);
  REPLAY_TRUE(config != nullptr);
  REPLAY_OK(acl.warmup(config));
  SetConfigs(acl);  // Start prepares the options again and reuses the warm-up's config
  REPLAY_OK(acl.start(config));
  REPLAY_OK(acl.device_callback());

  // A training step: eager ops between mstx marks and a range.
  REPLAY_TRUE(mstx.supported && mstx.domains);
  const std::string step = "step " + std::to_string(cycle);
  mstx.mark(step.c_str(), stream);
  const uint64_t forward = mstx.range_start("forward", stream);
  REPLAY_TRUE(forward != 0);
  for (int i = 0; i < 3; ++i) op.Launch(stream);
  mstx.range_end(forward);
  mstx.mark("host only", nullptr);
  mstx.domain_mark(mstx.domain_create("communication"), "{\"opName\":\"hcom_allReduce_\"}", nullptr);
  REPLAY_OK(acl.mark_ex("markex fallback", 15, stream));  // the path without libms_tools_ext.so
  REPLAY_OK(aclrtSynchronizeStream(stream));

  REPLAY_OK(acl.stop(config));
  REPLAY_OK(acl.destroy_config(config));
  REPLAY_OK(acl.finalize());
  const auto after = replay::Glob(dir, "PROF_.*");
  REPLAY_TRUE(after.size() == before.size() + 1);
  for (const std::string& job : after) {
    bool is_old = false;
    for (const std::string& b : before) is_old = is_old || b == job;
    if (!is_old) return job;
  }
  REPLAY_FAIL("no new PROF_* directory");
}

// What torch_npu's parsers read: the layout, the ops, the marks.
void CheckJob(const std::string& job, int cycle) {
  replay::CheckJobLayout(job, 0);
  const auto ops = replay::ReadCsv(replay::OneOutput(job, "op_summary", "csv"));
  REPLAY_TRUE(ops.size() == 1 + 3);
  REPLAY_TRUE(ops[1][replay::Column(ops[0], "OP Type")] == "Add");
  const auto tx = replay::ReadCsv(replay::OneOutput(job, "msprof_tx", "csv"));
  REPLAY_TRUE(tx.size() == 1 + 5);
  const size_t message = replay::Column(tx[0], "message"), domain = replay::Column(tx[0], "domain");
  const size_t type = replay::Column(tx[0], "event_type"), device = replay::Column(tx[0], "Device_id");
  REPLAY_TRUE(tx[1][message] == "step " + std::to_string(cycle) && tx[1][type] == "marker" && tx[1][device] == "0");
  REPLAY_TRUE(tx[2][message] == "forward" && tx[2][type] == "start/end" && tx[2][domain] == "default");
  REPLAY_TRUE(tx[3][message] == "host only" && tx[3][device] == "host");
  REPLAY_TRUE(tx[4][domain] == "communication");
  REPLAY_TRUE(tx[5][message] == "markex fallback" && tx[5][type] == "marker_ex");
  REPLAY_TRUE(replay::ReadAll(replay::OneOutput(job, "msprof", "json")).find("\"forward\"") != std::string::npos);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) REPLAY_FAIL("usage: torch_npu_replay <output dir> [cycles]");
  const int cycles = argc > 2 ? std::atoi(argv[2]) : 2;
  char real[PATH_MAX];
  if (realpath(argv[1], real) == nullptr) REPLAY_FAIL("no directory %s", argv[1]);
  const std::string dir = real;

  REPLAY_OK(aclInit(nullptr));
  REPLAY_OK(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  REPLAY_OK(aclrtCreateStream(&stream));
  const Acl acl;
  const Mstx mstx;
  {
    replay::AddOp op;
    for (int cycle = 1; cycle <= cycles; ++cycle) CheckJob(Cycle(acl, mstx, dir, cycle, stream, op), cycle);
  }
  REPLAY_OK(aclrtDestroyStream(stream));
  REPLAY_OK(aclrtResetDevice(0));
  REPLAY_OK(aclFinalize());
  std::printf("[INFO] torch_npu replay done: %d cycles\n", cycles);
  return 0;
}
