// main() of every aclsim test binary (in place of gmock_main).
//
// Without flags of its own it is gmock_main: InitGoogleMock, RUN_ALL_TESTS.
//
// With --aclsim_isolate it runs each test case that --gtest_filter selects in
// a process of its own, forked from this one before any test has run, so no
// case sees the process-global state (ACL runtime, devices, profiling
// sessions, MSPTI) that another case left behind: the isolation CTest gives
// when it starts the binary once per case, without paying a process start
// (dynamic loading, sanitizer runtime set-up, static initialisers) per case.
// CTest runs one such process per test suite (cmake/AclsimTests.cmake).
//
//   --aclsim_isolate                 one forked process per selected case
//   --aclsim_case_timeout=SECONDS    a case still running after this is killed
//                                    and counted as failed (default 120)
//
// When this process already has threads of its own at that point, a forked
// child would lack them, so each case is then run by executing this binary
// again with a filter naming that case alone.
//
//   --aclsim_tally_name=NAME         with $ACLSIM_TEST_TALLY naming a file, the
//                                    tally is appended to it as one line,
//                                    "NAME<TAB>run<TAB>passed<TAB>skipped<TAB>xfailed<TAB>failed"
//                                    (scripts/check/test_counts.py adds them up)
//   --aclsim_expected_failures=FILE  the cases this run is known to fail, one
//                                    "Suite.Case  reason" a line ('#' starts a
//                                    comment line; the reason is required)
//
// With an expected-failure list (a backend's known differences from the
// simulator, as IREE's CTS lists them per driver), a listed case that fails
// is an expected failure: printed with its reason and counted, and the run
// still passes. A listed case that passes or is skipped is an error ("remove
// it from the list"); an unlisted case that fails fails as always. Entries
// naming cases this binary does not select are ignored here
// (tests/conformance/check_expected_failures.py checks them all).
//
// The last line printed is the tally:
//   aclsim-isolated: <run> run, <passed> passed, <skipped> skipped, <xfailed> expected failures, <failed> failed
// and, when every case was skipped, "aclsim-isolated: all <n> skipped" before
// it (CTest reports such a suite as skipped).
#include <dirent.h>
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

// gtest's filter syntax: POSITIVE[-NEGATIVE], each a ':'-separated list of
// patterns where '*' matches any string and '?' any one character.
bool PatternMatches(const char* pattern, const char* end, const char* name) {
  if (pattern == end) return *name == '\0';
  if (*pattern == '*') {
    for (const char* n = name;; ++n) {
      if (PatternMatches(pattern + 1, end, n)) return true;
      if (*n == '\0') return false;
    }
  }
  if (*name == '\0') return false;
  if (*pattern == '?' || *pattern == *name) return PatternMatches(pattern + 1, end, name + 1);
  return false;
}

bool ListMatches(const std::string& list, const std::string& name) {
  size_t begin = 0;
  while (true) {
    size_t colon = list.find(':', begin);
    if (colon == std::string::npos) colon = list.size();
    if (PatternMatches(list.data() + begin, list.data() + colon, name.c_str())) return true;
    if (colon == list.size()) return false;
    begin = colon + 1;
  }
}

bool FilterSelects(const std::string& filter, const std::string& name) {
  const size_t dash = filter.find('-');
  std::string positive = filter.substr(0, dash);
  if (positive.empty()) positive = "*";
  if (!ListMatches(positive, name)) return false;
  return dash == std::string::npos || !ListMatches(filter.substr(dash + 1), name);
}

bool IsDisabled(const std::string& suite, const std::string& test) {
  auto disabled = [](const std::string& s) {
    return s.rfind("DISABLED_", 0) == 0 || s.find("/DISABLED_") != std::string::npos;
  };
  return disabled(suite) || disabled(test);
}

int ThreadCount() {
  DIR* dir = opendir("/proc/self/task");
  if (dir == nullptr) return -1;
  int n = 0;
  while (const dirent* entry = readdir(dir)) {
    if (entry->d_name[0] != '.') ++n;
  }
  closedir(dir);
  return n;
}

enum class Outcome { kPassed, kSkipped, kFailed };

// Exit codes of a case's child beyond RUN_ALL_TESTS's 0 and 1.
constexpr int kExitSkipped = 77;

// In a case's child: its own process group (a timed-out case is killed with
// everything it started), and killed if the runner dies.
void DetachCase() {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
}

[[noreturn]] void RunOneCaseInChild(const std::string& name) {
  DetachCase();
  GTEST_FLAG_SET(filter, name);
  int rc = RUN_ALL_TESTS();
  const testing::UnitTest& unit = *testing::UnitTest::GetInstance();
  if (rc == 0 && unit.test_to_run_count() > 0 && unit.skipped_test_count() == unit.test_to_run_count()) {
    rc = kExitSkipped;
  }
  std::fflush(nullptr);
  std::exit(rc);  // exit, not _exit: LeakSanitizer and atexit handlers run as in a process of its own
}

[[noreturn]] void ExecOneCase(const std::string& self, const std::string& name) {
  DetachCase();
  std::string filter = "--gtest_filter=" + name;
  std::vector<char*> argv = {const_cast<char*>(self.c_str()), filter.data(), const_cast<char*>("--aclsim_report_skip"),
                             nullptr};
  execv(self.c_str(), argv.data());
  std::fprintf(stderr, "aclsim-isolated: cannot execute %s: %s\n", self.c_str(), std::strerror(errno));
  std::_Exit(127);
}

Outcome RunCase(const std::string& self, const std::string& name, bool use_exec, int timeout_s) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    std::fprintf(stderr, "aclsim-isolated: fork failed for %s: %s\n", name.c_str(), std::strerror(errno));
    return Outcome::kFailed;
  }
  if (pid == 0) {
    if (use_exec) ExecOneCase(self, name);
    RunOneCaseInChild(name);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  long wait_ns = 20000;
  int status = 0;
  while (true) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) {
      std::fprintf(stderr, "aclsim-isolated: waitpid failed for %s: %s\n", name.c_str(), std::strerror(errno));
      return Outcome::kFailed;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      std::fprintf(stderr, "aclsim-isolated: %s timed out after %d s and was killed\n", name.c_str(), timeout_s);
      return Outcome::kFailed;
    }
    const timespec pause{0, wait_ns};
    nanosleep(&pause, nullptr);
    if (wait_ns < 2000000) wait_ns *= 2;
  }
  kill(-pid, SIGKILL);  // anything the case left running in its group
  if (WIFSIGNALED(status)) {
    std::fprintf(stderr, "aclsim-isolated: %s ended by signal %d (%s)\n", name.c_str(), WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    return Outcome::kFailed;
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  if (code == 0) return Outcome::kPassed;
  if (code == kExitSkipped) return Outcome::kSkipped;
  std::fprintf(stderr, "aclsim-isolated: %s failed (exit %d)\n", name.c_str(), code);
  return Outcome::kFailed;
}

// Reads an expected-failure list (case name → reason). A malformed line is
// an error naming the file and line.
bool ReadExpectedFailures(const std::string& path, std::map<std::string, std::string>* out) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "aclsim-isolated: cannot read the expected-failure list %s\n", path.c_str());
    return false;
  }
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const size_t begin = line.find_first_not_of(" \t");
    if (begin == std::string::npos || line[begin] == '#') continue;
    const size_t name_end = line.find_first_of(" \t", begin);
    const size_t reason = name_end == std::string::npos ? name_end : line.find_first_not_of(" \t", name_end);
    const std::string name = line.substr(begin, name_end - begin);
    if (reason == std::string::npos || name.find('.') == std::string::npos) {
      std::fprintf(stderr, "aclsim-isolated: %s:%d: expected \"Suite.Case  reason\", got \"%s\"\n", path.c_str(),
                   number, line.c_str());
      return false;
    }
    if (!out->emplace(name, line.substr(reason)).second) {
      std::fprintf(stderr, "aclsim-isolated: %s:%d: %s is listed twice\n", path.c_str(), number, name.c_str());
      return false;
    }
  }
  return true;
}

// Appends the tally line to $ACLSIM_TEST_TALLY, in one write (O_APPEND keeps
// the lines of suites run in parallel whole).
bool AppendTally(const std::string& name, size_t run, int passed, int skipped, int xfailed, int failed) {
  const char* path = std::getenv("ACLSIM_TEST_TALLY");
  if (path == nullptr || *path == '\0' || name.empty()) return true;
  const std::string line = name + "\t" + std::to_string(run) + "\t" + std::to_string(passed) + "\t" +
                           std::to_string(skipped) + "\t" + std::to_string(xfailed) + "\t" + std::to_string(failed) +
                           "\n";
  const int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    std::fprintf(stderr, "aclsim-isolated: cannot open %s: %s\n", path, std::strerror(errno));
    return false;
  }
  const bool ok = write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  close(fd);
  if (!ok) std::fprintf(stderr, "aclsim-isolated: cannot append to %s\n", path);
  return ok;
}

int RunIsolated(const std::string& self, int timeout_s, const std::string& tally_name,
                const std::map<std::string, std::string>& expected, const std::string& expected_path) {
  const std::string filter = GTEST_FLAG_GET(filter);
  const bool also_disabled = GTEST_FLAG_GET(also_run_disabled_tests);
  const testing::UnitTest& unit = *testing::UnitTest::GetInstance();
  std::vector<std::string> cases;
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const testing::TestSuite& suite = *unit.GetTestSuite(i);
    for (int j = 0; j < suite.total_test_count(); ++j) {
      const testing::TestInfo& info = *suite.GetTestInfo(j);
      const std::string name = std::string(info.test_suite_name()) + "." + info.name();
      if (!also_disabled && IsDisabled(info.test_suite_name(), info.name())) continue;
      if (FilterSelects(filter, name)) cases.push_back(name);
    }
  }
  const int threads = ThreadCount();
  const bool use_exec = threads != 1;
  if (use_exec) {
    std::printf("aclsim-isolated: this process has %d threads before any case ran; each case is executed afresh\n",
                threads);
  }
  int passed = 0, skipped = 0, xfailed = 0, failed = 0;
  std::vector<std::string> failures, xfailures;
  for (const std::string& name : cases) {
    const Outcome outcome = RunCase(self, name, use_exec, timeout_s);
    const auto listed = expected.find(name);
    if (listed == expected.end()) {
      if (outcome == Outcome::kPassed) ++passed;
      if (outcome == Outcome::kSkipped) ++skipped;
      if (outcome == Outcome::kFailed) failures.push_back(name);
    } else if (outcome == Outcome::kFailed) {
      xfailures.push_back(name + " (" + listed->second + ")");
    } else {
      failures.push_back(name + ": unexpectedly " + (outcome == Outcome::kPassed ? "passed" : "skipped") +
                         ": remove it from the list " + expected_path);
    }
  }
  failed = static_cast<int>(failures.size());
  xfailed = static_cast<int>(xfailures.size());
  for (const std::string& what : xfailures) std::printf("aclsim-isolated: EXPECTED FAILURE %s\n", what.c_str());
  for (const std::string& what : failures) std::printf("aclsim-isolated: FAILED %s\n", what.c_str());
  if (!cases.empty() && skipped == static_cast<int>(cases.size())) {
    std::printf("aclsim-isolated: all %d skipped\n", skipped);
  }
  std::printf("aclsim-isolated: %zu run, %d passed, %d skipped, %d expected failures, %d failed\n", cases.size(),
              passed, skipped, xfailed, failed);
  std::fflush(nullptr);
  if (!AppendTally(tally_name, cases.size(), passed, skipped, xfailed, failed)) return 1;
  if (cases.empty()) {
    std::fprintf(stderr, "aclsim-isolated: the filter '%s' selects no test\n", filter.c_str());
    return 1;
  }
  return failed == 0 ? 0 : 1;
}

bool TakeFlag(int* argc, char** argv, const char* flag, std::string* value) {
  const size_t len = std::strlen(flag);
  for (int i = 1; i < *argc; ++i) {
    if (std::strncmp(argv[i], flag, len) != 0) continue;
    if (argv[i][len] != '\0' && argv[i][len] != '=') continue;
    if (value != nullptr) *value = argv[i][len] == '=' ? argv[i] + len + 1 : "";
    for (int k = i; k + 1 < *argc; ++k) argv[k] = argv[k + 1];
    --*argc;
    argv[*argc] = nullptr;
    return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  std::string timeout_arg;
  std::string tally_name;
  const bool isolate = TakeFlag(&argc, argv, "--aclsim_isolate", nullptr);
  const bool report_skip = TakeFlag(&argc, argv, "--aclsim_report_skip", nullptr);
  const bool has_timeout = TakeFlag(&argc, argv, "--aclsim_case_timeout", &timeout_arg);
  TakeFlag(&argc, argv, "--aclsim_tally_name", &tally_name);
  std::string expected_path;
  const bool has_expected = TakeFlag(&argc, argv, "--aclsim_expected_failures", &expected_path);
  testing::InitGoogleMock(&argc, argv);
  if (!isolate) {
    int rc = RUN_ALL_TESTS();
    const testing::UnitTest& unit = *testing::UnitTest::GetInstance();
    if (report_skip && rc == 0 && unit.test_to_run_count() > 0 &&
        unit.skipped_test_count() == unit.test_to_run_count()) {
      rc = kExitSkipped;
    }
    return rc;
  }
  int timeout_s = 120;
  if (has_timeout) {
    char* end = nullptr;
    const long v = std::strtol(timeout_arg.c_str(), &end, 10);
    if (end == timeout_arg.c_str() || *end != '\0' || v <= 0 || v > 86400) {
      std::fprintf(stderr, "aclsim-isolated: --aclsim_case_timeout takes seconds (1..86400), not '%s'\n",
                   timeout_arg.c_str());
      return 2;
    }
    timeout_s = static_cast<int>(v);
  }
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (n <= 0) {
    std::fprintf(stderr, "aclsim-isolated: cannot read /proc/self/exe: %s\n", std::strerror(errno));
    return 1;
  }
  self[n] = '\0';
  std::map<std::string, std::string> expected;
  if (has_expected && !ReadExpectedFailures(expected_path, &expected)) return 2;
  return RunIsolated(self, timeout_s, tally_name, expected, expected_path);
}
