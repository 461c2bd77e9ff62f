// Entry points aclsim declares but does not implement (docs/api_coverage.md):
// each returns ACL_ERROR_API_NOT_SUPPORT (or NULL / 0 where the function has
// no error return) and leaves a message naming the function.
#include <dlfcn.h>

#include <functional>
#include <ostream>
#include <string>

#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt_allocator.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "acl/prof_acl_api.h"
#include "conformance_util.h"

namespace {

using aclsim_conformance::RecentErrMsg;

struct NotSupported {
  const char* name;
  std::function<aclError()> call;
};

void PrintTo(const NotSupported& c, std::ostream* os) { *os << c.name; }

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
    ::testing::Values(
        NotSupported{"aclrtSetOpWaitTimeout", [] { return aclrtSetOpWaitTimeout(1); }},
        NotSupported{"aclrtNotifySetImportPid", [] { return aclrtNotifySetImportPid(nullptr, nullptr, 1); }},
        NotSupported{"aclrtNotifyGetExportKey", [] { return aclrtNotifyGetExportKey(nullptr, nullptr, 65, 0); }},
        NotSupported{"aclrtNotifyImportByKey",
                     [] {
                       aclrtNotify notify = nullptr;
                       return aclrtNotifyImportByKey(&notify, "key", 0);
                     }},
        NotSupported{"aclrtGetGroupCount",
                     [] {
                       uint32_t count = 0;
                       return aclrtGetGroupCount(&count);
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
        NotSupported{"aclmdlExecuteV2", [] { return aclmdlExecuteV2(1, nullptr, nullptr, nullptr, nullptr); }},
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
  EXPECT_EQ(aclmdlGetTensorRealName(nullptr, "x"), nullptr);
  EXPECT_THAT(RecentErrMsg(), ::testing::HasSubstr("aclmdlGetTensorRealName"));
}

// acl_dump.h declares acldumpSaveExceptionInfo and acldumpGetExceptionInfoPath
// weak, so that a program can test their address; with libascendcl.so linked,
// both resolve.
TEST(ConfNotSupportedNoReturnCode, GivenWeakDumpFunctionsWhenLinkedThenTheyResolve) {
  EXPECT_NE(reinterpret_cast<void*>(&acldumpSaveExceptionInfo), nullptr);
  EXPECT_NE(reinterpret_cast<void*>(&acldumpGetExceptionInfoPath), nullptr);
  char path[ACL_DUMP_MAX_FILE_PATH_LENGTH] = {};
  // Implemented (dump_test.cc): without exception dump configured, not run.
  EXPECT_ACL_ERROR(acldumpGetExceptionInfoPath(path, sizeof(path)), ACL_ERROR_DUMP_NOT_RUN);
  EXPECT_RECENT_ERR_HAS("acldumpGetExceptionInfoPath");
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
