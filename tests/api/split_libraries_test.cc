// A program linked against the libraries CANN splits the API into
// (libacl_rt.so, libacl_mdl.so, libacl_op_executor.so; docs/libraries.md)
// and not against libascendcl.so: the names come from those libraries, and
// each call reaches libascendcl.so's implementation with its exact result.
#include <dlfcn.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "acl/acl.h"
#include "acl/acl_dump.h"

namespace {

std::string LibraryOf(const void* address) {
  Dl_info info{};
  if (dladdr(address, &info) == 0 || info.dli_fname == nullptr) return "";
  std::string path = info.dli_fname;
  return path.substr(path.rfind('/') + 1);
}

TEST(SplitLibraries, EachNameComesFromItsCannLibrary) {
  EXPECT_EQ(LibraryOf(reinterpret_cast<const void*>(&aclrtMalloc)), "libacl_rt.so");
  EXPECT_EQ(LibraryOf(reinterpret_cast<const void*>(&aclInit)), "libacl_rt.so");
  EXPECT_EQ(LibraryOf(reinterpret_cast<const void*>(&aclmdlLoadFromFile)), "libacl_mdl.so");
  EXPECT_EQ(LibraryOf(reinterpret_cast<const void*>(&aclopExecuteV2)), "libacl_op_executor.so");
}

// acl_dump.h declares these two weak; this program does not link
// libascend_dump.so, and libacl_rt.so brings it, as CANN's does.
TEST(SplitLibraries, WeakDumpFunctionsResolveThroughLibaclRt) {
  ASSERT_NE(reinterpret_cast<const void*>(&acldumpGetExceptionInfoPath), nullptr);
  ASSERT_NE(reinterpret_cast<const void*>(&acldumpSaveExceptionInfo), nullptr);
  EXPECT_EQ(LibraryOf(reinterpret_cast<const void*>(&acldumpGetExceptionInfoPath)), "libascend_dump.so");
}

TEST(SplitLibraries, RuntimeCallsReachTheImplementation) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
  const char* msg = aclGetRecentErrMsg();
  ASSERT_NE(msg, nullptr);
  EXPECT_NE(std::string(msg).find("device id -1 is out of range"), std::string::npos) << msg;
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  int32_t device = -1;
  ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0);
  std::vector<uint8_t> in(4096), out(4096, 0);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint8_t>(i * 7 + 3);
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, in.size(), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(dev, in.size(), in.data(), in.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(out.data(), out.size(), dev, in.size(), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(out, in);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(SplitLibraries, ModelCallsReachTheImplementation) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  uint32_t id = 0;
  EXPECT_EQ(aclmdlLoadFromFile("/nonexistent/dir/model.json", &id), ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID);
  const std::string path = std::string(std::getenv("ACLSIM_MODELS_DIR")) + "/sample_mlp.json";
  ASSERT_EQ(aclmdlLoadFromFile(path.c_str(), &id), ACL_SUCCESS);
  aclmdlDesc* desc = aclmdlCreateDesc();
  ASSERT_NE(desc, nullptr);
  ASSERT_EQ(aclmdlGetDesc(desc, id), ACL_SUCCESS);
  EXPECT_EQ(aclmdlGetNumInputs(desc), 1u);
  EXPECT_EQ(aclmdlDestroyDesc(desc), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(SplitLibraries, AppLogGoesThroughTheImplementation) {
  ::testing::internal::CaptureStdout();
  setenv("ASCEND_LOG_PRINT_TO_STDOUT", "1", 1);
  ACL_APP_LOG(ACL_ERROR, "split %d", 42);
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_NE(out.find("[ERROR] ASCENDCL("), std::string::npos) << out;
  EXPECT_NE(out.find("[split_libraries_test.cc:"), std::string::npos) << out;
  EXPECT_NE(out.find(" TestBody: split 42\n"), std::string::npos) << out;
}

TEST(SplitLibraries, LibascendclHandsOutOnlyItsTable) {
  void* acl = dlopen("libascendcl.so", RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(acl, nullptr);
  using Resolve = const void* (*)(const char*);
  auto resolve = reinterpret_cast<Resolve>(dlsym(acl, "aclsimInternalResolveFunction"));
  ASSERT_NE(resolve, nullptr);
  EXPECT_EQ(resolve(nullptr), nullptr);
  EXPECT_EQ(resolve("aclrtNoSuchFunction"), nullptr);
  const void* impl = resolve("aclrtMalloc");
  ASSERT_NE(impl, nullptr);
  EXPECT_EQ(LibraryOf(impl), "libascendcl.so");
  EXPECT_EQ(impl, dlsym(acl, "aclrtMalloc"));
  dlclose(acl);
}

}  // namespace
