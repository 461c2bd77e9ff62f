// Frameworks dlopen libmsprofiler.so and dlsym the aclprof* names; the
// symbols must resolve and share state with libascendcl.so.
#include <dlfcn.h>

#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "api/src/internal_entry_points.h"

namespace {

std::string LibPath(const char* name) { return std::string(ACLSIM_TEST_LIB_DIR) + "/" + name; }

TEST(Dlopen, GivenMsprofilerWhenDlsymAclprofNamesThenTheyResolve) {
  void* handle = dlopen(LibPath("libmsprofiler.so").c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(handle, nullptr) << dlerror();
  for (const char* name :
       {"aclprofInit", "aclprofStart", "aclprofStop", "aclprofFinalize", "aclprofModelSubscribe",
        "aclprofGetOpDescSize", "aclprofGetOpDuration", "aclprofGetStepTimestamp", "aclprofCreateStepInfo",
        "aclprofWarmup", "aclprofGetSupportedFeaturesV2", "ProfGetOpExecutionTime", "aclgrphProfGraphSubscribe",
        "ProfOpSubscribe", "ProfOpUnSubscribe"}) {
    EXPECT_NE(dlsym(handle, name), nullptr) << name;
  }
  EXPECT_EQ(dlsym(handle, "aclsimInternalGetProfApi"), dlsym(RTLD_DEFAULT, "aclsimInternalGetProfApi"));
  dlclose(handle);
}

// The table libmsprofiler.so takes (api/src/internal_entry_points.h).
TEST(Dlopen, GivenProfTableVersionWhenQueriedThenOnlyVersion1Exists) {
  EXPECT_NE(aclsimInternalGetProfApi(1), nullptr);
  EXPECT_EQ(aclsimInternalGetProfApi(0), nullptr);
  EXPECT_EQ(aclsimInternalGetProfApi(2), nullptr);
}

TEST(Dlopen, GivenDlsymmedUnimplementedCallThenRecentErrorIsSharedWithAscendcl) {
  void* handle = dlopen(LibPath("libmsprofiler.so").c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(handle, nullptr) << dlerror();
  using GetOpNumFn = aclError (*)(const void*, size_t, uint32_t*);
  auto fn = reinterpret_cast<GetOpNumFn>(dlsym(handle, "aclprofGetOpNum"));
  ASSERT_NE(fn, nullptr);
  uint32_t n = 0;
  EXPECT_EQ(fn(nullptr, 80, &n), ACL_ERROR_INVALID_PARAM);
  // The message was recorded by libascendcl.so's state, read through aclGetRecentErrMsg.
  const char* msg = aclGetRecentErrMsg();
  ASSERT_NE(msg, nullptr);
  EXPECT_NE(std::strstr(msg, "aclprofGetOpNum"), nullptr) << msg;
  dlclose(handle);
}

}  // namespace
