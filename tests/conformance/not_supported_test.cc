// Entry points aclsim declares but does not implement (docs/api_coverage.md):
// each returns ACL_ERROR_API_NOT_SUPPORT (or NULL / 0 where the function has
// no error return) and leaves a message naming the function.
#include <dlfcn.h>

#include <functional>
#include <ostream>
#include <string>

#include "acl/acl_prof.h"
#include "acl/prof_acl_api.h"
#include "conformance_util.h"

namespace {

using aclsim_conformance::RecentErrMsg;

struct NotSupported {
  const char* name;
  std::function<aclError()> call;
};

void PrintTo(const NotSupported& c, std::ostream* os) { *os << c.name; }

void NoOp(void*) {}

class ConfNotSupported : public ::testing::TestWithParam<NotSupported> {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDeviceForce(0);
    (void)aclFinalize();
  }
};

TEST_P(ConfNotSupported, GivenUnimplementedFunctionWhenCalledThenApiNotSupportNamingIt) {
  const NotSupported& c = GetParam();
  EXPECT_ACL_ERROR(c.call(), ACL_ERROR_API_NOT_SUPPORT);
  EXPECT_EQ(ACL_ERROR_API_NOT_SUPPORT, 200001);
  EXPECT_RECENT_ERR_HAS(c.name);
  EXPECT_RECENT_ERR_HAS("not implemented");
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
INSTANTIATE_TEST_SUITE_P(
    Conf, ConfNotSupported,
    ::testing::Values(NotSupported{"aclrtLaunchCallback",
                                   [] { return aclrtLaunchCallback(NoOp, nullptr, ACL_CALLBACK_BLOCK, nullptr); }},
                      NotSupported{"aclrtSubscribeReport", [] { return aclrtSubscribeReport(1, nullptr); }},
                      NotSupported{"aclrtProcessReport", [] { return aclrtProcessReport(1); }},
                      NotSupported{"aclrtMallocCached",
                                   [] {
                                     void* p = nullptr;
                                     return aclrtMallocCached(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST);
                                   }},
                      NotSupported{"aclrtCreateStreamWithConfig",
                                   [] {
                                     aclrtStream s = nullptr;
                                     return aclrtCreateStreamWithConfig(&s, 0, 0);
                                   }},
                      NotSupported{"aclrtSynchronizeStreamWithTimeout",
                                   [] { return aclrtSynchronizeStreamWithTimeout(nullptr, 10); }},
                      NotSupported{"aclrtResetEvent", [] { return aclrtResetEvent(nullptr, nullptr); }},
                      NotSupported{"aclrtEventGetTimestamp",
                                   [] {
                                     uint64_t stamp = 0;
                                     return aclrtEventGetTimestamp(nullptr, &stamp);
                                   }},
                      NotSupported{"aclrtGetDeviceUtilizationRate",
                                   [] {
                                     aclrtUtilizationInfo rate{};
                                     return aclrtGetDeviceUtilizationRate(0, &rate);
                                   }},
                      NotSupported{"aclFinalizeReference",
                                   [] {
                                     uint64_t ref = 0;
                                     return aclFinalizeReference(&ref);
                                   }},
                      NotSupported{"aclGetDeviceCapability",
                                   [] {
                                     int64_t v = 0;
                                     return aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &v);
                                   }},
                      NotSupported{"aclmdlLoadFromFileWithMem",
                                   [] {
                                     uint32_t id = 0;
                                     return aclmdlLoadFromFileWithMem("x.json", &id, nullptr, 0, nullptr, 0);
                                   }},
                      NotSupported{"aclmdlExecuteV2",
                                   [] { return aclmdlExecuteV2(1, nullptr, nullptr, nullptr, nullptr); }},
                      NotSupported{"aclmdlQuerySize",
                                   [] {
                                     size_t work = 0, weight = 0;
                                     return aclmdlQuerySize("x.json", &work, &weight);
                                   }},
                      NotSupported{"aclmdlGetDescFromFile", [] { return aclmdlGetDescFromFile(nullptr, "x.json"); }},
                      // libmsprofiler.so forwards to libascendcl.so; the answer is the same.
                      NotSupported{"aclgrphProfGraphSubscribe", [] { return aclgrphProfGraphSubscribe(1, nullptr); }}),
    [](const ::testing::TestParamInfo<NotSupported>& p) { return std::string(p.param.name); });
#pragma GCC diagnostic pop

TEST(ConfNotSupportedNoReturnCode, GivenPointerOrValueFunctionWhenCalledThenNeutralResultAndMessageNamingIt) {
  EXPECT_EQ(aclmdlCreateAIPP(1), nullptr);
  EXPECT_THAT(RecentErrMsg(), ::testing::HasSubstr("aclmdlCreateAIPP"));
  EXPECT_EQ(aclrtGetTaskIdFromExceptionInfo(nullptr), 0u);
  EXPECT_THAT(RecentErrMsg(), ::testing::HasSubstr("aclrtGetTaskIdFromExceptionInfo"));
  EXPECT_EQ(aclmdlGetTensorRealName(nullptr, "x"), nullptr);
  EXPECT_THAT(RecentErrMsg(), ::testing::HasSubstr("aclmdlGetTensorRealName"));
}

TEST(ConfNotSupportedNoReturnCode, GivenMsprofilerLoadedWithDlopenWhenSymbolCalledThenSameAnswer) {
  void* lib = ::dlopen("libmsprofiler.so", RTLD_NOW);
  ASSERT_NE(lib, nullptr) << ::dlerror();
  using GraphSubscribeFn = int (*)(uint32_t, const aclprofSubscribeConfig*);
  auto subscribe = reinterpret_cast<GraphSubscribeFn>(::dlsym(lib, "aclgrphProfGraphSubscribe"));
  ASSERT_NE(subscribe, nullptr) << ::dlerror();
  EXPECT_ACL_ERROR(subscribe(1, nullptr), ACL_ERROR_API_NOT_SUPPORT);
  EXPECT_RECENT_ERR_HAS("aclgrphProfGraphSubscribe");
  ::dlclose(lib);
}

}  // namespace
