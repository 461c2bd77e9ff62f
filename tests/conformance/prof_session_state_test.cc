// Collection sessions (acl_prof.h, spec §2.0, §2.1): the HEAD state machine
// of aclprofInit / Start / Stop / Finalize / Warmup, aclprofInit's argument
// checks, and where the PROF_* job directory goes.
#include <unistd.h>

#include <string>

#include "prof_session_fixture.h"

namespace aclsim_conformance {
namespace {

// ------------------------------------------------------------ state machine

TEST_F(ProfSession, GivenNoInitWhenStopOrFinalizeThenSuccessAndNothingHappens) {
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_ACL_OK(aclprofStop(nullptr));
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_EQ(LastProfDir(), "");
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenInitTwiceThenRepeatInitializeUntilFinalize) {
  ASSERT_ACL_OK(Init());
  EXPECT_ACL_ERROR(Init(), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_OK(Init());  // the pair may be repeated
  EXPECT_ACL_OK(aclprofFinalize());
}

TEST_F(ProfSession, GivenBadInitArgumentsThenInvalidParam) {
  EXPECT_ACL_ERROR(aclprofInit(nullptr, 4), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofInit(dir_.c_str(), 0), ACL_ERROR_INVALID_PARAM);
  const std::string too_long(4096, 'a');
  EXPECT_ACL_ERROR(aclprofInit(too_long.c_str(), too_long.size()), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofInit(dir_.c_str(), dir_.path().size() - 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofInit(dir_.c_str(), dir_.path().size() + 1), ACL_ERROR_INVALID_PARAM);
  // None of them initialised anything.
  EXPECT_ACL_OK(Init());
}

TEST_F(ProfSession, GivenForbiddenCharactersInInitPathThenInvalidFile) {
  for (const char* name : {"a|b", "a$b", "a;b", "a`b"}) {
    SCOPED_TRACE(name);
    const std::string path = dir_.Sub(name);
    EXPECT_ACL_ERROR(Init(path), ACL_ERROR_INVALID_FILE);
    EXPECT_FALSE(IsDirectory(path));
  }
  EXPECT_ACL_OK(Init());
}

TEST_F(ProfSession, GivenLongestInitPathThenInitAcceptsAndStartFailsWhenDirectoryCannotBeMade) {
  std::string path = dir_.path() + "/";
  path += std::string(4095 - path.size(), 'd');  // one 4000+-character component
  ASSERT_EQ(path.size(), 4095u);
  ASSERT_ACL_OK(Init(path));  // HEAD defers directory creation to Start
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_ERROR(aclprofStart(config), ACL_ERROR_INVALID_FILE);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenActiveSubscriptionWhenInitThenApiConflict) {
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* sub = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), sub));
  EXPECT_ACL_ERROR(Init(), ACL_ERROR_PROF_API_CONFLICT);
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_ERROR(aclprofStart(config), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_ERROR(aclprofStop(config), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_ERROR(aclprofFinalize(), ACL_ERROR_PROF_API_CONFLICT);
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();
  EXPECT_ACL_OK(Init());  // the last unsubscribe left the mode
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(sub));
}

TEST_F(ProfSession, GivenInitWhenSubscribeThenApiConflict) {
  LoadedModel model("sample_mlp.json");
  PipeReader reader;
  aclprofSubscribeConfig* sub = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(Init());
  EXPECT_ACL_ERROR(aclprofModelSubscribe(model.id(), sub), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_ERROR(aclprofModelUnSubscribe(model.id()), ACL_ERROR_PROF_API_CONFLICT);
  ASSERT_ACL_OK(aclprofFinalize());
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), sub));
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(sub));
}

TEST_F(ProfSession, GivenNoInitWhenStartThenItInitialisesInTheCurrentDirectory) {
  char cwd[4096] = {};
  ASSERT_NE(getcwd(cwd, sizeof(cwd)), nullptr);
  ASSERT_EQ(chdir(dir_.c_str()), 0);
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_OK(aclprofStart(config));
  const std::string job = LastProfDir();
  EXPECT_EQ(ProfDirsUnder(dir_.path()).size(), 1u);
  EXPECT_EQ(job.substr(0, dir_.path().size() + 1), dir_.path() + "/");
  EXPECT_ACL_ERROR(Init(), ACL_ERROR_REPEAT_INITIALIZE);  // the mode is API_CTRL now
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_FALSE(OutputFiles(job, "op_summary", "csv").empty());
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  ASSERT_EQ(chdir(cwd), 0);
}

TEST_F(ProfSession, GivenRunningSessionWhenStartAgainThenSameDataTypesOkOtherwiseInvalidProfilingConfig) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  aclprofConfig* same = Config(kTaskTimeOnly);
  aclprofConfig* other = Config(kAllSummaries);
  ASSERT_ACL_OK(aclprofStart(config));
  const std::string job = LastProfDir();
  EXPECT_ACL_OK(aclprofStart(config));
  EXPECT_ACL_OK(aclprofStart(same));
  EXPECT_ACL_ERROR(aclprofStart(other), ACL_ERROR_INVALID_PROFILING_CONFIG);
  EXPECT_EQ(LastProfDir(), job);  // no new job directory
  EXPECT_EQ(ProfDirsUnder(dir_.path()).size(), 1u);
  EXPECT_ACL_ERROR(aclprofStop(other), ACL_ERROR_INVALID_PROFILING_CONFIG);
  EXPECT_ACL_OK(aclprofStop(same));    // equal dataTypeConfig is enough
  EXPECT_ACL_OK(aclprofStop(config));  // nothing running any more
  EXPECT_ACL_OK(aclprofFinalize());
  for (auto* c : {config, same, other}) EXPECT_ACL_OK(aclprofDestroyConfig(c));
}

TEST_F(ProfSession, GivenNullConfigThenStartUsesDefaultsAndStopUsesTheRunningConfig) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  ASSERT_ACL_OK(aclprofStart(nullptr));  // HEAD 9.0+: every open device, default switches
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(nullptr));
  const std::string job = LastProfDir();
  EXPECT_TRUE(IsDirectory(job + "/device_0"));
  EXPECT_EQ(OpSummaryRows(job), 9u);
  EXPECT_ACL_OK(aclprofStop(nullptr));  // nothing running any more
}

TEST_F(ProfSession, GivenRunningSessionWhenStopWithNullThenItStopsAndWrites) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(nullptr));
  EXPECT_EQ(OpSummaryRows(LastProfDir()), 9u);
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenRunningSessionWhenProfFinalizeThenItStopsAndWrites) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kAllSummaries);
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofFinalize());
  const std::string job = LastProfDir();
  EXPECT_EQ(OpSummaryRows(job), 9u);
  EXPECT_EQ(OutputFiles(job, "msprof_tx", "csv").size(), 1u);
  EXPECT_ACL_OK(aclprofStop(config));  // not initialised any more
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenRelativeInitPathThenJobDirectoryIsUnderTheAbsoluteForm) {
  char cwd[4096] = {};
  ASSERT_NE(getcwd(cwd, sizeof(cwd)), nullptr);
  ASSERT_EQ(chdir(dir_.c_str()), 0);
  ASSERT_ACL_OK(aclprofInit("rel/out", 7));
  ASSERT_EQ(chdir(cwd), 0);  // the path was made absolute at Init
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(aclprofStart(config));
  EXPECT_EQ(LastProfDir().substr(0, dir_.path().size() + 9), dir_.path() + "/rel/out/");
  EXPECT_EQ(ProfDirsUnder(dir_.Sub("rel/out")).size(), 1u);
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenFinalizeAndInitWithAnotherPathThenNextJobGoesThere) {
  TempDir other;
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(Init());
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(aclprofStop(config));
  ASSERT_ACL_OK(aclprofFinalize());
  ASSERT_ACL_OK(Init(other.path()));
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(aclprofStop(config));
  EXPECT_EQ(ProfDirsUnder(dir_.path()).size(), 1u);
  EXPECT_EQ(ProfDirsUnder(other.path()).size(), 1u);
  EXPECT_EQ(LastProfDir().substr(0, other.path().size() + 1), other.path() + "/");
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

// ------------------------------------------------------------------ warmup

TEST_F(ProfSession, GivenWarmupThenNullIsInvalidBeforeInitNotRunAfterStartConflict) {
  aclprofConfig* config = Config(kTaskTimeOnly);
  EXPECT_ACL_ERROR(aclprofWarmup(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofWarmup(config), ACL_ERROR_PROF_NOT_RUN);
  ASSERT_ACL_OK(Init());
  EXPECT_ACL_ERROR(aclprofWarmup(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclprofWarmup(config));
  EXPECT_ACL_OK(aclprofStart(config));
  EXPECT_ACL_ERROR(aclprofWarmup(config), ACL_ERROR_PROF_API_CONFLICT);
  EXPECT_ACL_OK(aclprofStop(config));
  EXPECT_EQ(OutputFiles(LastProfDir(), "op_summary", "csv").size(), 1u);
  EXPECT_ACL_OK(aclprofWarmup(config));  // stopped: may warm up again
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_ERROR(aclprofWarmup(config), ACL_ERROR_PROF_NOT_RUN);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

TEST_F(ProfSession, GivenWarmupWithUnsupportedBitsThenModulesUnsupported) {
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(ACL_PROF_TASK_TIME | 0x10000ull);
  EXPECT_ACL_ERROR(aclprofWarmup(config), ACL_ERROR_PROF_MODULES_UNSUPPORTED);
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
}

}  // namespace
}  // namespace aclsim_conformance
