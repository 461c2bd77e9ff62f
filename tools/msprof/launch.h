// msprof's application mode: runs a program with collection on, as CANN's
// msprof does (hicann/runtime src/dfx/msprof/collector/dvvp/msprofbin
// application.cpp, running_mode.cpp): the program gets PROFILER_SAMPLECONFIG
// (a flat JSON of collection parameters, runtime/prof/command_config.h
// reads it) and collects in command mode into PROF_* jobs under the output
// directory, which aclsim's runtime exports at aclFinalize. Unless the user
// set it, the program also gets MSTX_INJECTION_PATH naming this toolkit's
// libascendcl.so, the mstx tool (docs/profiling.md).
#ifndef ACLSIM_TOOLS_MSPROF_LAUNCH_H_
#define ACLSIM_TOOLS_MSPROF_LAUNCH_H_

#include <map>
#include <string>
#include <vector>

namespace aclsim::msprof {

struct LaunchOptions {
  std::vector<std::string> argv;              // the program and its arguments
  std::string output;                         // "" = msprof's default
  bool from_application = false;              // given as --application (its default output is the program's directory)
  std::map<std::string, std::string> sample;  // PROFILER_SAMPLECONFIG keys beyond result_dir
};

// Runs the program and waits for it. Returns its exit code (128 + signal
// when a signal ended it; 255 when it could not be run, or when it ran
// cleanly but left no PROF_* job: nothing called aclInit/aclrtSetDevice).
int Launch(const LaunchOptions& options);

}  // namespace aclsim::msprof

#endif  // ACLSIM_TOOLS_MSPROF_LAUNCH_H_
