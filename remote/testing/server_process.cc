#include "remote/testing/server_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

extern char** environ;

namespace aclsim::remote::testing {
namespace {

using Clock = std::chrono::steady_clock;

// Spawns the server with |args|; its stdout (and stderr when
// |capture_stderr|) go to the returned pipe read end.
Status Spawn(const std::vector<std::string>& args, bool capture_stderr, pid_t* out_pid, int* out_fd) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return Status(StatusCode::kInternal, "pipe2 failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  if (capture_stderr) posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  std::vector<std::string> argv_storage;
  argv_storage.push_back(ServerBinaryPath());
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  int rc = ::posix_spawn(&pid, ServerBinaryPath(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (rc != 0) {
    ::close(fds[0]);
    return Status(StatusCode::kInternal, std::string("posix_spawn failed: ") + std::strerror(rc));
  }
  *out_pid = pid;
  *out_fd = fds[0];
  return OkStatus();
}

// Reads from |fd| into |out| until |stop| says so, EOF, or |deadline|.
// Returns true when |stop| matched.
template <typename Stop>
bool ReadUntil(int fd, std::string* out, Clock::time_point deadline, Stop stop) {
  char buf[4096];
  for (;;) {
    if (stop(*out)) return true;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    int r = ::poll(&p, 1, static_cast<int>(left));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return stop(*out);
    out->append(buf, static_cast<size_t>(n));
  }
}

int WaitBounded(pid_t pid, std::chrono::milliseconds timeout, bool* out_exited) {
  const auto deadline = Clock::now() + timeout;
  int status = 0;
  for (;;) {
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid || (r < 0 && errno != EINTR)) {
      *out_exited = true;
      return status;
    }
    if (Clock::now() >= deadline) {
      *out_exited = false;
      return 0;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace

const char* ServerBinaryPath() { return ACLSIM_DEVICE_SERVER_PATH; }

StatusOr<std::unique_ptr<ServerProcess>> ServerProcess::Start(const std::vector<std::string>& extra_args, bool tcp,
                                                              std::chrono::milliseconds ready_timeout) {
  std::unique_ptr<ServerProcess> p(new ServerProcess());
  std::string tmpl = "/tmp/aclsim-remote-XXXXXX";
  if (::mkdtemp(tmpl.data()) == nullptr) return Status(StatusCode::kInternal, "mkdtemp failed");
  p->temp_dir_ = tmpl;
  std::vector<std::string> args = {"--listen", tcp ? "tcp:127.0.0.1:0" : "unix:" + p->temp_dir_ + "/server.sock"};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  int fd = -1;
  ACLSIM_RETURN_IF_ERROR(Spawn(args, false, &p->pid_, &fd));
  std::string output;
  static constexpr char kReady[] = "listening on ";
  bool ready = ReadUntil(fd, &output, Clock::now() + ready_timeout, [](const std::string& s) {
    size_t at = s.find(kReady);
    return at != std::string::npos && s.find('\n', at) != std::string::npos;
  });
  ::close(fd);  // the server prints nothing more on stdout
  if (!ready) {
    return Status(StatusCode::kInternal, "aclsim-device-server did not become ready: '" + output + "'");
  }
  size_t at = output.find(kReady) + sizeof(kReady) - 1;
  p->endpoint_ = output.substr(at, output.find('\n', at) - at);
  return p;
}

int ServerProcess::Reap(std::chrono::milliseconds timeout) {
  bool exited = false;
  int status = WaitBounded(pid_, timeout, &exited);
  if (!exited) {
    ::kill(pid_, SIGKILL);
    status = WaitBounded(pid_, std::chrono::milliseconds(5000), &exited);
  }
  pid_ = -1;
  return status;
}

int ServerProcess::Stop(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, SIGTERM);
  return Reap(timeout);
}

void ServerProcess::Kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  Reap(std::chrono::milliseconds(5000));
}

ServerProcess::~ServerProcess() {
  Stop();
  if (!temp_dir_.empty()) {
    ::unlink((temp_dir_ + "/server.sock").c_str());
    ::rmdir(temp_dir_.c_str());
  }
}

RunResult RunServerToExit(const std::vector<std::string>& args, std::chrono::milliseconds timeout) {
  RunResult result;
  pid_t pid = -1;
  int fd = -1;
  if (!Spawn(args, true, &pid, &fd).ok()) return result;
  ReadUntil(fd, &result.output, Clock::now() + timeout, [](const std::string&) { return false; });
  ::close(fd);
  bool exited = false;
  int status = WaitBounded(pid, std::chrono::milliseconds(1000), &exited);
  if (!exited) {
    ::kill(pid, SIGKILL);
    WaitBounded(pid, std::chrono::milliseconds(5000), &exited);
    return result;
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

}  // namespace aclsim::remote::testing
