// ServerProcess: starts and stops an aclsim-device-server child process, for
// tests and benchmarks (never linked into the libraries).
//
// Start() spawns the server binary built by this tree
// (ACLSIM_DEVICE_SERVER_PATH) listening on a Unix socket inside a fresh
// private temporary directory (or on tcp:127.0.0.1 with a kernel-chosen
// port), and waits — bounded — for its "listening on <endpoint>" line. Stop()
// sends SIGTERM and waits a bounded time, then SIGKILLs. The destructor
// stops the process and removes the temporary directory.
//
// Thread safety: none; one owner.
#ifndef ACLSIM_REMOTE_TESTING_SERVER_PROCESS_H_
#define ACLSIM_REMOTE_TESTING_SERVER_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "runtime/status.h"

namespace aclsim::remote::testing {

// Path of the aclsim-device-server binary of this build.
const char* ServerBinaryPath();

class ServerProcess {
 public:
  // Starts the server with |extra_args| after --listen. |tcp| chooses
  // tcp:127.0.0.1:0 instead of a Unix socket. Not ready within
  // |ready_timeout| or exited early → kInternal with its output.
  static StatusOr<std::unique_ptr<ServerProcess>> Start(
      const std::vector<std::string>& extra_args = {}, bool tcp = false,
      std::chrono::milliseconds ready_timeout = std::chrono::milliseconds(10000));
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  const std::string& endpoint() const { return endpoint_; }
  pid_t pid() const { return pid_; }
  const std::string& temp_dir() const { return temp_dir_; }

  // SIGTERM, then waits up to |timeout| (SIGKILL after it). Returns the
  // waitpid status, or -1 when already stopped.
  int Stop(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));
  // SIGKILL and reap: the server dies without any cleanup.
  void Kill();

 private:
  ServerProcess() = default;
  int Reap(std::chrono::milliseconds timeout);

  pid_t pid_ = -1;
  std::string endpoint_;
  std::string temp_dir_;
};

struct RunResult {
  int exit_code = -1;  // -1: killed by a signal or timed out
  std::string output;  // stdout and stderr
};

// Runs the server binary with exactly |args| until it exits (killed after
// |timeout|). For argument-validation tests.
RunResult RunServerToExit(const std::vector<std::string>& args,
                          std::chrono::milliseconds timeout = std::chrono::milliseconds(10000));

}  // namespace aclsim::remote::testing

#endif  // ACLSIM_REMOTE_TESTING_SERVER_PROCESS_H_
