// fork() after the runtime exists (api/src/global.h, "Fork handling"): the
// child never uses or tears down the parent's runtime. Every call that needs
// it returns a clear error, aclFinalize returns 100037, exit is clean, and
// aclInit in the child starts a runtime of its own. The parent is unaffected.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <thread>

#include "acl/acl_prof.h"
#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

constexpr size_t kRecordsPerRun = 9;  // sample_mlp.json

// Runs |child| in a forked child, which exits with its return value (via
// exit() when |clean_exit|, so static destructors run; otherwise _exit()).
// Returns the exit code, or -1 if the child hung (killed after 20 s) or died
// of a signal.
int InChild(const std::function<int()>& child, bool clean_exit) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int code = child();
    if (clean_exit) std::exit(code);
    ::_exit(code);
  }
  EXPECT_GT(pid, 0);
  int status = 0;
  for (int i = 0; i < 2000; ++i) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  return -1;
}

// Exit codes of the children: 0 when every check held, else the failing one.
int Check(bool ok, int code) { return ok ? 0 : code; }

class Fork : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    model_ = std::make_unique<LoadedModel>("sample_mlp.json");
    config_ = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader_.write_fd);
    ASSERT_NE(config_, nullptr);
    ASSERT_ACL_OK(aclprofModelSubscribe(model_->id(), config_));
    ASSERT_ACL_OK(model_->Execute());
  }
  void TearDown() override {
    // The parent's subscription, model and records are untouched.
    EXPECT_ACL_OK(model_->Execute());
    EXPECT_ACL_OK(aclprofModelUnSubscribe(model_->id()));
    reader_.Join();
    EXPECT_EQ(reader_.bytes.size(), 2 * kRecordsPerRun * 80);
    (void)aclprofDestroySubscribeConfig(config_);
    model_.reset();
    (void)aclrtResetDevice(0);
    EXPECT_ACL_OK(aclFinalize());
  }
  PipeReader reader_;
  std::unique_ptr<LoadedModel> model_;
  aclprofSubscribeConfig* config_ = nullptr;
};

TEST_F(Fork, GivenChildAfterSubscribeWhenUnsubscribingThenNotInitializedWithoutHanging) {
  const uint32_t id = model_->id();
  EXPECT_EQ(InChild(
                [id] {
                  if (aclprofModelUnSubscribe(id) != ACL_ERROR_UNINITIALIZE) return 1;
                  const char* msg = aclGetRecentErrMsg();
                  return Check(msg != nullptr && std::string(msg).find("forked") != std::string::npos, 2);
                },
                false),
            0);
}

TEST_F(Fork, GivenChildAfterSubscribeWhenExecutingThenNotInitializedWithoutHanging) {
  LoadedModel* model = model_.get();
  EXPECT_EQ(InChild([model] { return Check(model->Execute() == ACL_ERROR_GE_EXEC_NOT_INIT, 1); }, false), 0);
}

TEST_F(Fork, GivenChildAfterSubscribeWhenFinalizingThenRepeatFinalizeAndExitIsClean) {
  EXPECT_EQ(InChild([] { return Check(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE, 1); }, true), 0);
}

TEST_F(Fork, GivenChildAfterSubscribeWhenExitingAtOnceThenExitIsClean) {
  EXPECT_EQ(InChild([] { return 0; }, true), 0);
}

TEST_F(Fork, GivenChildAfterSubscribeWhenInitializingThenItGetsARuntimeOfItsOwn) {
  EXPECT_EQ(InChild(
                [] {
                  if (aclInit(nullptr) != ACL_SUCCESS) return 1;
                  if (aclrtSetDevice(0) != ACL_SUCCESS) return 2;
                  uint32_t id = 0;
                  if (aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &id) != ACL_SUCCESS) return 3;
                  aclmdlDesc* desc = aclmdlCreateDesc();
                  if (aclmdlGetDesc(desc, id) != ACL_SUCCESS) return 4;
                  if (aclmdlGetNumInputs(desc) != 1) return 5;
                  (void)aclmdlDestroyDesc(desc);
                  if (aclmdlUnload(id) != ACL_SUCCESS) return 6;
                  return Check(aclFinalize() == ACL_SUCCESS, 7);
                },
                true),
            0);
}

}  // namespace
}  // namespace aclsim_conformance
