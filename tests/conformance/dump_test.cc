// Dump configuration (acl_rt.h aclmdlInitDump/SetDump/FinalizeDump,
// acl_dump.h): CANN's order checks and codes, the paths of each dump kind,
// the callback's registration and the exception-info file.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl_dump.h"
#include "conformance_util.h"

namespace {

using aclsim_conformance::TempFile;

int32_t Callback(const acldumpChunk*, int32_t) { return 0; }

std::string WithDump(const std::string& dump) { return std::string(R"({"dump": )") + dump + "}"; }

class ConfDump : public ::testing::Test {
 protected:
  void TearDown() override {
    if (initialized_) (void)aclFinalize();
  }
  void Init(const char* config = nullptr) {
    ASSERT_ACL_OK(aclInit(config));
    initialized_ = true;
  }
  bool initialized_ = false;
};

TEST_F(ConfDump, GivenNoAclInitWhenDumpFunctionsThenUninitialize) {
  EXPECT_ACL_ERROR(aclmdlInitDump(), ACL_ERROR_UNINITIALIZE);
  EXPECT_ACL_ERROR(aclmdlSetDump("x.json"), ACL_ERROR_UNINITIALIZE);
  EXPECT_ACL_ERROR(aclmdlFinalizeDump(), ACL_ERROR_UNINITIALIZE);
}

TEST_F(ConfDump, GivenInitDumpWhenSetDumpThenDataDumpPathUntilFinalize) {
  Init();
  EXPECT_EQ(acldumpGetPath(DATA_DUMP), nullptr);
  EXPECT_ACL_ERROR(aclmdlSetDump("x.json"), ACL_ERROR_DUMP_NOT_RUN);
  EXPECT_ACL_ERROR(aclmdlFinalizeDump(), ACL_ERROR_DUMP_NOT_RUN);
  ASSERT_ACL_OK(aclmdlInitDump());
  EXPECT_ACL_ERROR(aclmdlInitDump(), ACL_ERROR_REPEAT_INITIALIZE);
  TempFile cfg(WithDump(R"({"dump_path": "/tmp/aclsim_dump_out", "dump_list": [{}], "dump_op_switch": "on",
                            "dump_data": "tensor"})"));
  ASSERT_ACL_OK(aclmdlSetDump(cfg.c_str()));
  ASSERT_NE(acldumpGetPath(DATA_DUMP), nullptr);
  EXPECT_STREQ(acldumpGetPath(DATA_DUMP), "/tmp/aclsim_dump_out");
  EXPECT_EQ(acldumpGetPath(OVERFLOW_DUMP), nullptr);
  EXPECT_EQ(acldumpGetPath(AIC_ERR_BRIEF_DUMP), nullptr);
  // A second configuration replaces the first.
  TempFile overflow(WithDump(R"({"dump_path": "out2", "dump_debug": "on"})"));
  ASSERT_ACL_OK(aclmdlSetDump(overflow.c_str()));
  EXPECT_EQ(acldumpGetPath(DATA_DUMP), nullptr);
  EXPECT_STREQ(acldumpGetPath(OVERFLOW_DUMP), "out2");
  ASSERT_ACL_OK(aclmdlFinalizeDump());
  EXPECT_EQ(acldumpGetPath(OVERFLOW_DUMP), nullptr);
  EXPECT_ACL_ERROR(aclmdlFinalizeDump(), ACL_ERROR_DUMP_NOT_RUN);
  // Init again after finalize.
  EXPECT_ACL_OK(aclmdlInitDump());
  EXPECT_ACL_OK(aclmdlFinalizeDump());
}

TEST_F(ConfDump, GivenConfigsThatBreakCannsRulesWhenSetDumpThenInvalidDumpConfig) {
  Init();
  ASSERT_ACL_OK(aclmdlInitDump());
  for (const char* dump : {
           R"({"dump_list": [{}], "dump_op_switch": "on"})",                                // no dump_path
           R"({"dump_path": "o", "dump_debug": "on", "dump_op_switch": "on"})",             // overflow + op dump
           R"({"dump_path": "o", "dump_scene": "aic_err_brief_dump", "dump_list": [{}]})",  // exception + model
           R"({"dump_path": "o", "dump_scene": "nonsense"})",
           R"({"dump_path": "o", "dump_mode": "sideways", "dump_op_switch": "on"})",
           R"({"dump_path": 3})",
       }) {
    TempFile cfg(WithDump(dump));
    EXPECT_ACL_ERROR(aclmdlSetDump(cfg.c_str()), ACL_ERROR_INVALID_DUMP_CONFIG) << dump;
    EXPECT_RECENT_ERR_HAS("aclmdlSetDump");
  }
  EXPECT_ACL_ERROR(aclmdlSetDump(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlSetDump("/nonexistent/dump.json"), ACL_ERROR_INVALID_FILE);
  EXPECT_EQ(acldumpGetPath(DATA_DUMP), nullptr);
  EXPECT_ACL_OK(aclmdlFinalizeDump());
}

TEST_F(ConfDump, GivenDumpInAclInitThenItsPathAndInitDumpRefused) {
  TempFile cfg(WithDump(R"({"dump_path": "./", "dump_list": [], "dump_op_switch": "on", "dump_data": "tensor"})"));
  Init(cfg.c_str());
  EXPECT_STREQ(acldumpGetPath(DATA_DUMP), "./");
  EXPECT_ACL_ERROR(aclmdlInitDump(), ACL_ERROR_DUMP_ALREADY_RUN);
  ASSERT_ACL_OK(aclFinalize());
  initialized_ = false;
  EXPECT_EQ(acldumpGetPath(DATA_DUMP), nullptr);  // aclFinalize ends it
}

TEST_F(ConfDump, GivenBadDumpSectionInAclInitThenInvalidDumpConfigAndNotInitialized) {
  TempFile cfg(WithDump(R"({"dump_op_switch": "on"})"));
  EXPECT_ACL_ERROR(aclInit(cfg.c_str()), ACL_ERROR_INVALID_DUMP_CONFIG);
  EXPECT_RECENT_ERR_HAS("dump_path");
  Init();  // the failed call initialized nothing
}

TEST_F(ConfDump, GivenCallbackWhenRegisteredThenCannsChecks) {
  Init();
  EXPECT_ACL_ERROR(acldumpRegCallback(nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acldumpRegCallback(Callback, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("flag");
  EXPECT_ACL_OK(acldumpRegCallback(Callback, 0));
  acldumpUnregCallback();
  acldumpUnregCallback();  // again: nothing to do
}

TEST_F(ConfDump, GivenDumpArgsWhenStartedThenDirectoryCreatedAndCannsChecks) {
  Init();
  char templ[] = "/tmp/aclsim_dumpargs_XXXXXX";
  ASSERT_NE(::mkdtemp(templ), nullptr);
  const std::string dir = std::string(templ) + "/args/sub";
  EXPECT_ACL_ERROR(aclopStartDumpArgs(2, dir.c_str()), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopStartDumpArgs(ACL_OP_DUMP_OP_AICORE_ARGS, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclopStartDumpArgs(ACL_OP_DUMP_OP_AICORE_ARGS, dir.c_str()));
  struct stat st {};
  EXPECT_EQ(::stat(dir.c_str(), &st), 0);
  EXPECT_TRUE(S_ISDIR(st.st_mode));
  EXPECT_ACL_ERROR(aclopStopDumpArgs(0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclopStopDumpArgs(ACL_OP_DUMP_OP_AICORE_ARGS));
  (void)std::system((std::string("rm -rf ") + templ).c_str());
}

TEST_F(ConfDump, GivenExceptionDumpWhenSaveExceptionInfoThenFileUnderDevicePath) {
  char templ[] = "/tmp/aclsim_excdump_XXXXXX";
  ASSERT_NE(::mkdtemp(templ), nullptr);
  ::unsetenv("NPU_COLLECT_PATH");
  ::unsetenv("ASCEND_WORK_PATH");
  TempFile cfg(WithDump(std::string(R"({"dump_path": ")") + templ + R"(", "dump_scene": "aic_err_brief_dump"})"));
  Init(cfg.c_str());
  ASSERT_ACL_OK(aclrtSetDevice(0));
  char path[ACL_DUMP_MAX_FILE_PATH_LENGTH] = {};
  ASSERT_ACL_OK(acldumpGetExceptionInfoPath(path, sizeof(path)));
  const std::string expected = std::string(templ) + "/extra-info/data-dump/0/";
  EXPECT_EQ(std::string(path), expected);
  EXPECT_STREQ(acldumpGetPath(AIC_ERR_BRIEF_DUMP), templ);
  EXPECT_ACL_ERROR(acldumpGetExceptionInfoPath(path, 8), ACL_ERROR_INVALID_PARAM);

  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 16, ACL_MEM_MALLOC_HUGE_FIRST));
  const float values[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  ASSERT_ACL_OK(aclrtMemcpy(dev, 16, values, 16, ACL_MEMCPY_HOST_TO_DEVICE));
  acldumpTensorInfo t = {};
  t.type = ACL_DUMP_TENSOR_INPUT;
  t.tensorSize = 16;
  t.format = ACL_FORMAT_ND;
  t.dataType = ACL_FLOAT;
  t.tensorAddr = static_cast<int64_t*>(dev);
  t.addrType = ACL_DUMP_ADDR_RAW;
  t.placement = ACL_DUMP_PLACEMENT_DEVICE;
  t.shapeNum = 2;
  t.shape[0] = 2;
  t.shape[1] = 2;
  EXPECT_ACL_ERROR(acldumpSaveExceptionInfo("../x", "tag", &t, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acldumpSaveExceptionInfo("x", "tag", &t, 0), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(acldumpSaveExceptionInfo("my_op", "tag1", &t, 1));
  EXPECT_ACL_OK(aclrtFree(dev));

  // <path>/my_op.custom.<ms>: aclsim's header lines, then the bytes.
  const std::string listing = "ls " + expected + " > " + std::string(templ) + "/ls.txt";
  ASSERT_EQ(std::system(listing.c_str()), 0);
  std::ifstream ls(std::string(templ) + "/ls.txt");
  std::string name;
  std::getline(ls, name);
  ASSERT_EQ(name.rfind("my_op.custom.", 0), 0u) << name;
  std::ifstream file(expected + name, std::ios::binary);
  std::stringstream content;
  content << file.rdbuf();
  const std::string header =
      "aclsim-exception-info v1 tag=tag1 tensors=1\ntensor 0 type=0 format=2 dtype=0 shape=2,2 bytes=16\n";
  ASSERT_EQ(content.str().size(), header.size() + 16);
  EXPECT_EQ(content.str().substr(0, header.size()), header);
  EXPECT_EQ(std::memcmp(content.str().data() + header.size(), values, 16), 0);
  (void)aclrtResetDeviceForce(0);
  (void)std::system((std::string("rm -rf ") + templ).c_str());
}

}  // namespace
