// What frameworks' loaders do with the installed libraries (spec §0):
//  * torch_npu (Ascend/pytorch torch_npu/csrc/core/npu/interface/
//    AclInterface.cpp) dlopens libascendcl.so and dlsyms the nine session
//    and step functions from that handle, failing when one is NULL;
//  * the same names through RTLD_DEFAULT when libascendcl.so is preloaded
//    (LD_PRELOAD, the GivenPreloaded case: run by its own CTest entry);
//  * MindSpore finds the toolkit root from libascendcl.so's path (dladdr)
//    and opens <root>/lib64/libmsprofiler.so beside it.
// This binary does not link libascendcl.so: everything goes through dlsym.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "acl/acl.h"
#include "acl/acl_prof.h"

namespace {

constexpr const char* kTorchNames[] = {
    "aclprofInit",           "aclprofStart",         "aclprofStop",           "aclprofFinalize",
    "aclprofCreateConfig",   "aclprofDestroyConfig", "aclprofCreateStepInfo", "aclprofGetStepTimestamp",
    "aclprofDestroyStepInfo"};

std::string LibPath(const char* name) { return std::string(ACLSIM_TEST_LIB_DIR) + "/" + name; }

template <typename Fn>
Fn Sym(void* handle, const char* name) {
  return reinterpret_cast<Fn>(dlsym(handle, name));
}

// One profiling session through the symbols of |handle|, as torch_npu's
// profiler runs it: init, config, start, a step marker, stop, finalize.
void RunSession(void* handle, const std::string& dir) {
  auto init = Sym<aclError (*)(const char*)>(handle, "aclInit");
  auto set_device = Sym<aclError (*)(int32_t)>(handle, "aclrtSetDevice");
  auto finalize = Sym<aclError (*)()>(handle, "aclFinalize");
  auto prof_init = Sym<aclError (*)(const char*, size_t)>(handle, "aclprofInit");
  auto create_config =
      Sym<aclprofConfig* (*)(uint32_t*, uint32_t, aclprofAicoreMetrics, const aclprofAicoreEvents*, uint64_t)>(
          handle, "aclprofCreateConfig");
  auto start = Sym<aclError (*)(const aclprofConfig*)>(handle, "aclprofStart");
  auto stop = Sym<aclError (*)(const aclprofConfig*)>(handle, "aclprofStop");
  auto destroy_config = Sym<aclError (*)(const aclprofConfig*)>(handle, "aclprofDestroyConfig");
  auto prof_finalize = Sym<aclError (*)()>(handle, "aclprofFinalize");
  auto create_step = Sym<aclprofStepInfo* (*)()>(handle, "aclprofCreateStepInfo");
  auto step = Sym<aclError (*)(aclprofStepInfo*, aclprofStepTag, aclrtStream)>(handle, "aclprofGetStepTimestamp");
  auto destroy_step = Sym<void (*)(aclprofStepInfo*)>(handle, "aclprofDestroyStepInfo");
  for (const char* name : kTorchNames) ASSERT_NE(dlsym(handle, name), nullptr) << name;
  ASSERT_NE(init, nullptr);

  ASSERT_EQ(init(nullptr), ACL_SUCCESS);
  ASSERT_EQ(set_device(0), ACL_SUCCESS);
  ASSERT_EQ(prof_init(dir.c_str(), dir.size()), ACL_SUCCESS);
  uint32_t devices[1] = {0};
  aclprofConfig* config = create_config(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME | ACL_PROF_ACL_API);
  ASSERT_NE(config, nullptr);
  ASSERT_EQ(start(config), ACL_SUCCESS);
  aclprofStepInfo* info = create_step();
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(step(info, ACL_STEP_START, nullptr), ACL_SUCCESS);
  EXPECT_EQ(step(info, ACL_STEP_END, nullptr), ACL_SUCCESS);
  destroy_step(info);
  EXPECT_EQ(stop(config), ACL_SUCCESS);
  EXPECT_EQ(destroy_config(config), ACL_SUCCESS);
  // Destroying it again is refused: the config is gone from the one state.
  EXPECT_EQ(destroy_config(config), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(prof_finalize(), ACL_SUCCESS);
  EXPECT_EQ(finalize(), ACL_SUCCESS);
}

std::string TempDir() {
  char tmpl[] = "/tmp/aclsim_loader_XXXXXX";
  const char* dir = mkdtemp(tmpl);
  return dir == nullptr ? std::string() : std::string(dir);
}

TEST(FrameworkLoader, GivenLibascendclHandleWhenTorchNpuDlsymsTheNineThenASessionRuns) {
  void* handle = dlopen(LibPath("libascendcl.so").c_str(), RTLD_LAZY);
  ASSERT_NE(handle, nullptr) << dlerror();
  std::string dir = TempDir();
  ASSERT_FALSE(dir.empty());
  RunSession(handle, dir);
}

TEST(FrameworkLoader, GivenBothLibrariesWhenAConfigCrossesThemThenTheyShareOneState) {
  void* acl = dlopen(LibPath("libascendcl.so").c_str(), RTLD_LAZY);
  ASSERT_NE(acl, nullptr) << dlerror();
  void* prof = dlopen(LibPath("libmsprofiler.so").c_str(), RTLD_LAZY | RTLD_LOCAL);
  ASSERT_NE(prof, nullptr) << dlerror();
  using Create = aclprofConfig* (*)(uint32_t*, uint32_t, aclprofAicoreMetrics, const aclprofAicoreEvents*, uint64_t);
  using Destroy = aclError (*)(const aclprofConfig*);
  auto create = Sym<Create>(acl, "aclprofCreateConfig");
  auto destroy_in_prof = Sym<Destroy>(prof, "aclprofDestroyConfig");
  auto destroy_in_acl = Sym<Destroy>(acl, "aclprofDestroyConfig");
  ASSERT_NE(create, nullptr);
  ASSERT_NE(destroy_in_prof, nullptr);
  // Two definitions, one per library, both exported.
  EXPECT_NE(reinterpret_cast<void*>(destroy_in_prof), reinterpret_cast<void*>(destroy_in_acl));
  uint32_t devices[1] = {0};
  aclprofConfig* config = create(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
  ASSERT_NE(config, nullptr);
  EXPECT_EQ(destroy_in_prof(config), ACL_SUCCESS);
  EXPECT_EQ(destroy_in_acl(config), ACL_ERROR_INVALID_PARAM);
  dlclose(prof);
}

TEST(FrameworkLoader, GivenLibascendclPathWhenMindSporeLooksBesideItThenLibmsprofilerLoads) {
  void* acl = dlopen(LibPath("libascendcl.so").c_str(), RTLD_LAZY);
  ASSERT_NE(acl, nullptr) << dlerror();
  Dl_info info{};
  ASSERT_NE(dladdr(dlsym(acl, "aclInit"), &info), 0);
  ASSERT_NE(info.dli_fname, nullptr);
  std::string lib = info.dli_fname;
  std::string dir = lib.substr(0, lib.rfind('/'));
  EXPECT_EQ(dir, std::string(ACLSIM_TEST_LIB_DIR));
  void* prof = dlopen((dir + "/libmsprofiler.so").c_str(), RTLD_LAZY | RTLD_LOCAL);
  ASSERT_NE(prof, nullptr) << dlerror();
  EXPECT_NE(dlsym(prof, "aclprofSetConfig"), nullptr);
  EXPECT_NE(dlsym(prof, "aclprofGetSupportedFeaturesV2"), nullptr);
  dlclose(prof);
}

// Run with LD_PRELOAD=libascendcl.so (its own CTest entry).
TEST(FrameworkLoader, GivenPreloadedLibascendclWhenLookingUpInRtldDefaultThenASessionRuns) {
  const char* preload = std::getenv("LD_PRELOAD");
  ASSERT_NE(preload, nullptr) << "run this case with LD_PRELOAD=" << LibPath("libascendcl.so");
  for (const char* name : kTorchNames) ASSERT_NE(dlsym(RTLD_DEFAULT, name), nullptr) << name;
  std::string dir = TempDir();
  ASSERT_FALSE(dir.empty());
  RunSession(RTLD_DEFAULT, dir);
}

}  // namespace
