// File helpers shared by the runtime/prof tests that write files: a whole
// file's bytes, and a fresh per-process directory under the test temp dir.
#ifndef ACLSIM_TESTS_PROF_TEST_FILES_H_
#define ACLSIM_TESTS_PROF_TEST_FILES_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace aclsim::prof::test_files {

inline std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// <temp>/aclsim_<suite>_<name>_<pid>, emptied; created unless |create| is false.
inline std::filesystem::path FreshDir(const std::string& suite, const std::string& name, bool create = true) {
  std::filesystem::path p =
      std::filesystem::path(::testing::TempDir()) / ("aclsim_" + suite + "_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(p);
  if (create) std::filesystem::create_directories(p);
  return p;
}

}  // namespace aclsim::prof::test_files

#endif  // ACLSIM_TESTS_PROF_TEST_FILES_H_
