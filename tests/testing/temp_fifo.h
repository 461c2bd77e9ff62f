// A named pipe for tests of file readers (runtime/read_file.h): reading
// it with no writer would wait forever, so a reader must refuse it.
#ifndef ACLSIM_TESTS_TESTING_TEMP_FIFO_H_
#define ACLSIM_TESTS_TESTING_TEMP_FIFO_H_

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

namespace aclsim::testing {

// A named pipe (FIFO) in a fresh temporary directory, removed with it. No
// writer ever opens it: reading it would wait forever.
class TempFifo {
 public:
  TempFifo() {
    char dir[] = "/tmp/aclsim_fifo_XXXXXX";
    if (::mkdtemp(dir) == nullptr) {
      ADD_FAILURE() << "mkdtemp failed";
      return;
    }
    dir_ = dir;
    path_ = dir_ + "/fifo";
    if (::mkfifo(path_.c_str(), 0600) != 0) ADD_FAILURE() << "mkfifo failed";
  }
  ~TempFifo() {
    if (dir_.empty()) return;
    std::remove(path_.c_str());
    ::rmdir(dir_.c_str());
  }
  TempFifo(const TempFifo&) = delete;
  TempFifo& operator=(const TempFifo&) = delete;

  const std::string& path() const { return path_; }
  const char* c_str() const { return path_.c_str(); }

 private:
  std::string dir_;
  std::string path_;
};

}  // namespace aclsim::testing

#endif  // ACLSIM_TESTS_TESTING_TEMP_FIFO_H_
