// libprofapi.so's reporter API (profiling/aprof_pub.h): model registration
// for subscriptions (the flow of CANN's 2_subscribe_model sample), API
// records reported into a session's api_statistic and timeline, and the
// codes of the record calls (CANN profapi: NULL → -1, no collecting
// session → MSPROF_ERROR_UNINITIALIZE).
#include <dlfcn.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "prof_session_fixture.h"
#include "profiling/aprof_pub.h"

namespace aclsim_conformance {
namespace {

static_assert(sizeof(MsprofApi) == 40, "CANN's layout");
static_assert(sizeof(MsprofCompactInfo) == 64, "CANN's layout");
static_assert(sizeof(MsprofAdditionalInfo) == 256, "CANN's layout");
static_assert(offsetof(MsprofApi, beginTime) == 16, "CANN's layout");
static_assert(offsetof(MsprofCompactInfo, timeStamp) == 16 && offsetof(MsprofCompactInfo, data) == 24, "CANN's layout");

using ProfReporter = ProfSession;

TEST_F(ProfReporter, GivenRegisteredModelWhenSubscribedThenUnsubscribeClosesThePipeAndTheReaderSeesEof) {
  constexpr uint32_t kModel = 0;  // as in the sample: registered, never loaded
  ASSERT_EQ(MsprofSetDeviceIdByGeModelIdx(kModel, 0), 0);
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fds[1]);
  ASSERT_NE(config, nullptr);
  ASSERT_ACL_OK(aclprofModelSubscribe(kModel, config));
  ssize_t total = 0;
  ssize_t last = -1;
  std::thread reader([&] {
    char buf[800];
    while ((last = read(fds[0], buf, sizeof(buf))) > 0) total += last;
  });
  ASSERT_ACL_OK(aclprofModelUnSubscribe(kModel));
  reader.join();
  EXPECT_EQ(last, 0);  // EOF: the write end was closed
  EXPECT_EQ(total, 0);
  EXPECT_EQ(fds[1], -1);
  EXPECT_EQ(close(fds[0]), 0);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

TEST_F(ProfReporter, GivenUnregisteredModelThenSubscribeFailsAsForAnUnloadedModel) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fds[1]);
  EXPECT_ACL_ERROR(aclprofModelSubscribe(7, config), ACL_ERROR_INVALID_MODEL_ID);
  ASSERT_EQ(MsprofSetDeviceIdByGeModelIdx(7, 0), 0);
  ASSERT_EQ(MsprofUnsetDeviceIdByGeModelIdx(7, 0), 0);
  EXPECT_EQ(MsprofUnsetDeviceIdByGeModelIdx(7, 0), -1);
  EXPECT_ACL_ERROR(aclprofModelSubscribe(7, config), ACL_ERROR_INVALID_MODEL_ID);
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
  close(fds[0]);
  close(fds[1]);
}

TEST_F(ProfReporter, GivenNoCollectingSessionThenRecordsAreRefusedWithUninitialize) {
  MsprofApi api{};
  MsprofCompactInfo compact{};
  MsprofAdditionalInfo additional{};
  EXPECT_EQ(MsprofReportApi(0, &api), MSPROF_ERROR_UNINITIALIZE);
  EXPECT_EQ(MsprofReportCompactInfo(0, &compact, sizeof(compact)), MSPROF_ERROR_UNINITIALIZE);
  EXPECT_EQ(MsprofReportAdditionalInfo(0, &additional, sizeof(additional)), MSPROF_ERROR_UNINITIALIZE);
  EXPECT_EQ(MsprofReportApi(0, nullptr), -1);
  EXPECT_EQ(MsprofReportCompactInfo(0, nullptr, sizeof(compact)), -1);
  EXPECT_EQ(MsprofReportCompactInfo(0, &compact, 10), -1);
  EXPECT_EQ(MsprofReportAdditionalInfo(0, nullptr, sizeof(additional)), -1);
  EXPECT_EQ(MsprofReportAdditionalInfo(0, &additional, sizeof(compact)), -1);
  EXPECT_EQ(MsprofReportEvent(0, nullptr), MSPROF_ERROR_NOT_SUPPORTED_ACLSIM);
  EXPECT_EQ(MsprofRegTypeInfo(MSPROF_REPORT_ACL_LEVEL, 1, nullptr), -1);
}

int32_t Handle(uint32_t, void*, uint32_t) { return 0; }

TEST_F(ProfReporter, GivenCallbackThenRegistrationAcceptsItAndRefusesNull) {
  EXPECT_EQ(MsprofRegisterCallback(45, nullptr), -1);
  EXPECT_EQ(MsprofRegisterCallback(45, &Handle), 0);
  EXPECT_EQ(MsprofRegisterCallback(45, &Handle), 0);  // again: accepted, kept once
}

// MsprofGetHashId / MsprofStr2Id: msprof's DoubleHash over the bytes, the
// same as aclprofStr2Id's for a string; also reachable through
// libascendcl.so, as direct callers (torch_npu's kernel launchers) need.
TEST_F(ProfReporter, GivenHashInfoThenMsprofGetHashIdIsTheDoubleHashOfItsBytes) {
  EXPECT_EQ(MsprofGetHashId("Conv2D", 6), aclprofStr2Id("Conv2D"));
  EXPECT_EQ(MsprofGetHashId("Conv2D-and-more", 6), aclprofStr2Id("Conv2D"));
  EXPECT_EQ(MsprofStr2Id("MatMul", 6), MsprofGetHashId("MatMul", 6));
  EXPECT_EQ(MsprofGetHashId("a", 1), (static_cast<uint64_t>(97) << 32) | 97u);
  EXPECT_EQ(MsprofGetHashId(nullptr, 4), UINT64_MAX);
  EXPECT_EQ(MsprofGetHashId("x", 0), UINT64_MAX);
  void* acl = dlopen("libascendcl.so", RTLD_LAZY | RTLD_NOLOAD);
  ASSERT_NE(acl, nullptr);
  auto via_acl = reinterpret_cast<uint64_t (*)(const char*, size_t)>(dlsym(acl, "MsprofGetHashId"));
  ASSERT_NE(via_acl, nullptr);
  EXPECT_EQ(via_acl("Conv2D", 6), aclprofStr2Id("Conv2D"));
  dlclose(acl);
}

TEST_F(ProfReporter, GivenSysCycleTimeThenItIsNonZeroAndIncreasing) {
  uint64_t a = MsprofSysCycleTime();
  uint64_t b = MsprofSysCycleTime();
  EXPECT_NE(a, 0u);
  EXPECT_GT(b, a);
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST_F(ProfReporter, GivenAclApiSessionWhenAnApiIsReportedThenItIsInApiStatisticAndTheTimeline) {
  constexpr uint32_t kType = MSPROF_REPORT_ACL_OTHERS_BASE_TYPE + 7;
  ASSERT_EQ(MsprofRegTypeInfo(MSPROF_REPORT_ACL_LEVEL, kType, "myFrameworkCall"), 0);
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(ACL_PROF_ACL_API | ACL_PROF_TASK_TIME);
  ASSERT_ACL_OK(aclprofStart(config));
  MsprofApi api{};
  api.level = MSPROF_REPORT_ACL_LEVEL;
  api.type = kType;
  api.threadId = static_cast<uint32_t>(gettid());
  api.beginTime = MsprofSysCycleTime();
  api.endTime = api.beginTime + 2500;  // 2.5 us
  EXPECT_EQ(MsprofReportApi(0, &api), 0);
  EXPECT_EQ(MsprofReportApi(0, &api), 0);
  MsprofCompactInfo compact{};
  EXPECT_EQ(MsprofReportCompactInfo(0, &compact, sizeof(compact)), 0);
  ASSERT_ACL_OK(aclprofStop(config));
  const std::string job = LastProfDir();
  Csv csv = ReadCsv(OneOutputFile(job, "api_statistic", "csv"));
  bool found = false;
  for (size_t i = 0; i < csv.rows.size(); ++i) {
    if (csv.Cell(i, "API Name") != "myFrameworkCall") continue;
    found = true;
    EXPECT_EQ(csv.Cell(i, "Level"), "AscendCL");
    EXPECT_EQ(csv.Cell(i, "Count"), "2");
    EXPECT_EQ(csv.Cell(i, "Time(us)"), "5.000");
  }
  EXPECT_TRUE(found);
  EXPECT_NE(ReadAll(OneOutputFile(job, "msprof", "json")).find("\"AscendCL@myFrameworkCall\""), std::string::npos);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

}  // namespace
}  // namespace aclsim_conformance
