#include "launch.h"

#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>

namespace aclsim::msprof {
namespace {

constexpr int kFailed = 255;

std::set<std::string> ProfJobs(const std::string& dir) {
  std::set<std::string> jobs;
  if (DIR* d = opendir(dir.c_str())) {
    while (const dirent* e = readdir(d)) {
      if (std::strncmp(e->d_name, "PROF_", 5) == 0) jobs.insert(e->d_name);
    }
    closedir(d);
  }
  return jobs;
}

// msprof's default output: $ASCEND_WORK_PATH/profiling_data, else the
// program's directory for --application, else the working directory.
std::string OutputDir(const LaunchOptions& o) {
  std::string dir = o.output;
  if (dir.empty()) {
    const char* work = std::getenv("ASCEND_WORK_PATH");
    if (work != nullptr && *work != '\0') {
      dir = std::string(work) + "/profiling_data";
    } else if (o.from_application && o.argv[0].find('/') != std::string::npos) {
      dir = o.argv[0].substr(0, o.argv[0].rfind('/'));
    } else {
      dir = ".";
    }
  }
  char real[PATH_MAX];
  ::mkdir(dir.c_str(), 0750);
  return realpath(dir.c_str(), real) != nullptr ? std::string(real) : dir;
}

// The mstx tool of this toolkit: libascendcl.so beside msprof's tree
// (<root>/tools/profiler/bin/msprof → <root>/lib64/, or lib/ in the build
// tree); "" when neither exists.
std::string MstxTool() {
  char exe[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n <= 0) return "";
  std::string root(exe, static_cast<size_t>(n));
  for (int up = 0; up < 4; ++up) root = root.substr(0, root.rfind('/'));  // msprof, bin, profiler, tools
  for (const char* lib : {"/lib64/libascendcl.so", "/lib/libascendcl.so"}) {
    if (access((root + lib).c_str(), R_OK) == 0) return root + lib;
  }
  return "";
}

}  // namespace

int Launch(const LaunchOptions& options) {
  const std::string output = OutputDir(options);
  struct stat st {};
  if (stat(output.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || access(output.c_str(), W_OK) != 0) {
    std::printf("[ERROR] the output directory '%s' cannot be created or written\n", output.c_str());
    return kFailed;
  }
  nlohmann::json sample = nlohmann::json::object();
  for (const auto& [key, value] : options.sample) sample[key] = value;
  sample["result_dir"] = output;
  sample["devices"] = "all";
  const std::string config = sample.dump();
  const std::set<std::string> before = ProfJobs(output);

  const std::string mstx_tool = MstxTool();
  std::printf("[INFO] Start profiling....\n");
  std::fflush(stdout);
  const pid_t child = fork();
  if (child < 0) {
    std::printf("[ERROR] cannot start the application: %s\n", std::strerror(errno));
    return kFailed;
  }
  if (child == 0) {
    std::vector<char*> argv;
    for (const std::string& a : options.argv) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    setenv("PROFILER_SAMPLECONFIG", config.c_str(), 1);
    // The program's mstx calls (mstx/ms_tools_ext.h) reach this toolkit's
    // tool even when it loads libascendcl.so outside the global scope
    // (Python modules); a tool the user named is kept.
    if (std::getenv("MSTX_INJECTION_PATH") == nullptr && !mstx_tool.empty()) {
      setenv("MSTX_INJECTION_PATH", mstx_tool.c_str(), 1);
    }
    execvp(argv[0], argv.data());
    std::printf("[ERROR] cannot run '%s': %s\n", argv[0], std::strerror(errno));
    std::fflush(stdout);
    _exit(kFailed);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (code != 0) {
    std::printf("[WARNING] An exception has occurred in process App, return code: %d.\n", code);
  }
  std::vector<std::string> jobs;
  for (const std::string& job : ProfJobs(output)) {
    if (before.count(job) == 0) jobs.push_back(job);
  }
  if (jobs.empty()) {
    std::printf(
        "[ERROR] Failed to find profiling data, please check that the application executes AI-related business, or "
        "ensure that aclInit/GEInitialize is invoked in the application\n");
    std::printf("[ERROR] Running profiling failed. Please check log for more info.\n");
    return code != 0 ? code : kFailed;
  }
  for (const std::string& job : jobs) std::printf("[INFO] Export all data in %s done.\n", job.c_str());
  std::printf("[INFO] Profiling finished.\n");
  std::printf("[INFO] Process profiling data complete. Data is saved in %s/%s\n", output.c_str(), jobs.back().c_str());
  return code;
}

}  // namespace aclsim::msprof
