// Determinism: the same workload under the same configuration (seed, jitter)
// gives byte-identical task traces, in one process across aclInit/aclFinalize
// cycles and in separate processes; the seed and the jitter change durations
// only as documented.
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclsimConfig;
using aclsim_conformance::ModelIo;
using aclsim_conformance::ModelPath;
using aclsim_conformance::TempFile;
using aclsim_conformance::TraceRecords;

// Runs a fixed multi-stream workload |runs| times under the "aclsim" config
// section |section|, in a fresh aclInit/aclFinalize cycle, and returns the
// trace. Per run: two_branch on stream A, an event recorded on A that stream
// B waits for, sample_mlp on B, and sample_mlp on the default stream.
std::vector<aclsimTaskRecord> RunTraced(const std::string& section, int runs) {
  std::vector<aclsimTaskRecord> records;
  TempFile config(AclsimConfig(section));
  if (aclInit(config.c_str()) != ACL_SUCCESS) {
    ADD_FAILURE() << "aclInit: " << aclsim_conformance::RecentErrMsg();
    return records;
  }
  EXPECT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclsimTraceStart(0));
  uint32_t branch = 0, mlp = 0;
  EXPECT_ACL_OK(aclmdlLoadFromFile(ModelPath("two_branch.json").c_str(), &branch));
  EXPECT_ACL_OK(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &mlp));
  {
    ModelIo branch_io, mlp_io;
    EXPECT_ACL_OK(branch_io.Create(branch));
    EXPECT_ACL_OK(mlp_io.Create(mlp));
    aclrtStream a = nullptr, b = nullptr;
    EXPECT_ACL_OK(aclrtCreateStream(&a));
    EXPECT_ACL_OK(aclrtCreateStream(&b));
    aclrtEvent event = nullptr;
    EXPECT_ACL_OK(aclrtCreateEvent(&event));
    for (int i = 0; i < runs; ++i) {
      EXPECT_ACL_OK(aclmdlExecuteAsync(branch, branch_io.input(), branch_io.output(), a));
      EXPECT_ACL_OK(aclrtRecordEvent(event, a));
      EXPECT_ACL_OK(aclrtStreamWaitEvent(b, event));
      EXPECT_ACL_OK(aclmdlExecuteAsync(mlp, mlp_io.input(), mlp_io.output(), b));
      EXPECT_ACL_OK(aclmdlExecuteAsync(mlp, mlp_io.input(), mlp_io.output(), nullptr));
    }
    EXPECT_ACL_OK(aclrtSynchronizeDevice());
    records = TraceRecords();
    EXPECT_ACL_OK(aclsimTraceStop());
    EXPECT_ACL_OK(aclrtDestroyEvent(event));
    EXPECT_ACL_OK(aclrtDestroyStream(a));
    EXPECT_ACL_OK(aclrtDestroyStream(b));
  }
  EXPECT_ACL_OK(aclmdlUnload(branch));
  EXPECT_ACL_OK(aclmdlUnload(mlp));
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
  return records;
}

constexpr int kRuns = 3;
constexpr size_t kRecordsPerRun = 6 + 9 + 9;

std::string Bytes(const std::vector<aclsimTaskRecord>& records) {
  return std::string(reinterpret_cast<const char*>(records.data()), records.size() * sizeof(aclsimTaskRecord));
}

TEST(ConfDeterminism, GivenSameSeedAndJitterWhenRunInTwoInitCyclesThenTracesAreByteIdentical) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  const std::string section = R"({"seed": 1234, "jitter": 0.25})";
  auto first = RunTraced(section, kRuns);
  auto second = RunTraced(section, kRuns);
  ASSERT_EQ(first.size(), kRuns * kRecordsPerRun);
  ASSERT_EQ(second.size(), first.size());
  EXPECT_TRUE(Bytes(first) == Bytes(second));
  for (size_t i = 0; i < first.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(first[i].startNs, second[i].startNs);
    EXPECT_EQ(first[i].endNs, second[i].endNs);
    EXPECT_STREQ(first[i].opName, second[i].opName);
  }
}

TEST(ConfDeterminism, GivenSameSeedWhenRunInTwoChildProcessesThenTracesAreIdentical) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  const std::string section = R"({"seed": 99, "jitter": 0.1})";
  std::string outputs[2];
  for (std::string& out : outputs) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      ::close(fds[0]);
      auto records = RunTraced(section, kRuns);
      for (auto& r : records) r.hostTid = 0;  // the only per-process field
      const std::string bytes = Bytes(records);
      size_t done = 0;
      while (done < bytes.size()) {
        ssize_t n = ::write(fds[1], bytes.data() + done, bytes.size() - done);
        if (n <= 0) ::_exit(2);
        done += static_cast<size_t>(n);
      }
      ::close(fds[1]);
      ::_exit(::testing::Test::HasFailure() ? 1 : 0);
    }
    ::close(fds[1]);
    char buf[4096];
    ssize_t n = 0;
    while ((n = ::read(fds[0], buf, sizeof(buf))) > 0) out.append(buf, static_cast<size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
  }
  EXPECT_EQ(outputs[0].size(), kRuns * kRecordsPerRun * sizeof(aclsimTaskRecord));
  EXPECT_TRUE(outputs[0] == outputs[1]);
}

TEST(ConfDeterminism, GivenDifferentSeedsWithJitterWhenRunThenDurationsDiffer) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
  auto a = RunTraced(R"({"seed": 1, "jitter": 0.3})", 1);
  auto b = RunTraced(R"({"seed": 2, "jitter": 0.3})", 1);
  ASSERT_EQ(a.size(), kRecordsPerRun);
  ASSERT_EQ(b.size(), a.size());
  size_t differing = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_STREQ(a[i].opName, b[i].opName);
    if (a[i].endNs - a[i].startNs != b[i].endNs - b[i].startNs) ++differing;
  }
  EXPECT_GT(differing, a.size() / 2);
}

TEST(ConfDeterminism, GivenNoJitterWhenSeedChangesThenTraceUnchanged) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  auto a = RunTraced(R"({"seed": 1})", 1);
  auto b = RunTraced(R"({"seed": 77, "jitter": 0})", 1);
  ASSERT_EQ(a.size(), kRecordsPerRun);
  EXPECT_TRUE(Bytes(a) == Bytes(b));
}

TEST(ConfDeterminism, GivenJitterWhenRunThenEachOpDurationStaysWithinTheJitterBound) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");
  auto nominal = RunTraced(R"({"seed": 5})", kRuns);
  auto jittered = RunTraced(R"({"seed": 5, "jitter": 0.2})", kRuns);
  ASSERT_EQ(nominal.size(), kRuns * kRecordsPerRun);
  ASSERT_EQ(jittered.size(), nominal.size());
  size_t changed = 0;
  for (size_t i = 0; i < nominal.size(); ++i) {
    SCOPED_TRACE(nominal[i].opName);
    ASSERT_STREQ(nominal[i].opName, jittered[i].opName);
    const double d = static_cast<double>(nominal[i].endNs - nominal[i].startNs);
    const double j = static_cast<double>(jittered[i].endNs - jittered[i].startNs);
    EXPECT_GE(j, std::floor(d * 0.8) - 1);
    EXPECT_LE(j, std::ceil(d * 1.2) + 1);
    if (j != d) ++changed;
  }
  EXPECT_GT(changed, nominal.size() / 2);
  // Without jitter an explicit duration_ns is exact.
  for (size_t i = 0; i < nominal.size(); ++i) {
    if (std::string(nominal[i].opName) == "branch1.gelu") {
      EXPECT_EQ(nominal[i].endNs - nominal[i].startNs, 20000u);
    }
  }
}

}  // namespace
