#include "runtime/plog_sink.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace aclsim::log_internal {
namespace {

constexpr const char* kClassDirs[] = {"debug", "run"};

const char* Env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? v : nullptr;
}

// mkdir -p with mode 0750 for what it creates; false (errno set) on failure.
bool MakeDirs(const std::string& path) {
  for (size_t i = 1; i <= path.size(); ++i) {
    if (i != path.size() && path[i] != '/') continue;
    const std::string prefix = path.substr(0, i);
    if (::mkdir(prefix.c_str(), 0750) != 0 && errno != EEXIST) return false;
  }
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::tm LocalTime(std::time_t t) {
  std::tm tm{};
  localtime_r(&t, &tm);
  return tm;
}

// YYYYMMDDhhmmssmmm of |ms| since the epoch, local time.
std::string FileStamp(int64_t ms) {
  const std::tm tm = LocalTime(static_cast<std::time_t>(ms / 1000));
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%04d%02d%02d%02d%02d%02d%03d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
  return buf;
}

bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

PlogOptions PlogOptionsFromEnv() {
  PlogOptions o;
  if (const char* p = Env("ASCEND_PROCESS_LOG_PATH")) {
    o.root = p;
  } else if (const char* w = Env("ASCEND_WORK_PATH")) {
    o.root = std::string(w) + "/log";
  } else {
    const char* home = Env("HOME");
    o.root = std::string(home != nullptr ? home : "/tmp") + "/ascend/log";
  }
  // The current variable decides when set; the older one only when it is not.
  const char* to_stdout = std::getenv("ASCEND_LOG_PRINT_TO_STDOUT");
  if (to_stdout == nullptr) to_stdout = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  o.to_stdout = to_stdout != nullptr && std::strcmp(to_stdout, "1") == 0;
  if (const char* n = Env("ASCEND_HOST_LOG_FILE_NUM")) {
    char* end = nullptr;
    const long v = std::strtol(n, &end, 10);
    if (*end == '\0' && v >= 1 && v <= 1000) o.max_files = static_cast<int>(v);
  }
  return o;
}

std::string FormatLine(std::string_view level, pid_t pid, std::string_view process_name,
                       std::chrono::system_clock::time_point when, std::string_view file, int line, long tid,
                       std::string_view function, std::string_view message) {
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(when.time_since_epoch()).count();
  const std::tm tm = LocalTime(static_cast<std::time_t>(us / 1'000'000));
  char stamp[80];
  std::snprintf(stamp, sizeof(stamp), "%04d-%02d-%02d-%02d:%02d:%02d.%03d.%03d", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(us / 1000 % 1000),
                static_cast<int>(us % 1000));
  const size_t slash = file.rfind('/');
  if (slash != std::string_view::npos) file.remove_prefix(slash + 1);
  std::string out;
  out.reserve(96 + process_name.size() + file.size() + function.size() + message.size());
  out.append("[").append(level).append("] ASCENDCL(").append(std::to_string(pid)).append(",");
  out.append(process_name).append("):").append(stamp).append(" [").append(file).append(":");
  out.append(std::to_string(line)).append("]").append(std::to_string(tid)).append(" ");
  out.append(function).append(": ").append(message).append("\n");
  return out;
}

PlogSink::PlogSink(PlogOptions options) : options_(std::move(options)) {}

PlogSink::~PlogSink() {
  for (File& f : files_) {
    if (f.fd >= 0 && f.pid == ::getpid()) ::close(f.fd);
  }
}

bool PlogSink::OpenLocked(LogClass log_class, File* file) {
  const std::string dir = options_.root + "/" + kClassDirs[static_cast<int>(log_class)] + "/plog";
  if (!MakeDirs(dir)) return false;
  // A fresh, later stamp for each file of this process, as CANN makes a new
  // name when the old one would repeat.
  const int64_t now_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  file->last_stamp_ms = now_ms > file->last_stamp_ms ? now_ms : file->last_stamp_ms + 1;
  const std::string path = dir + "/plog-" + std::to_string(::getpid()) + "_" + FileStamp(file->last_stamp_ms) + ".log";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (fd < 0) return false;
  if (file->fd >= 0) ::close(file->fd);
  file->fd = fd;
  file->bytes = 0;
  file->paths.push_back(path);
  while (file->paths.size() > static_cast<size_t>(options_.max_files)) {
    (void)::unlink(file->paths.front().c_str());
    file->paths.pop_front();
  }
  return true;
}

void PlogSink::ToStderrLocked(std::string_view line, const std::string& why) {
  if (!noticed_) {
    noticed_ = true;
    const std::string notice = "[aclsim] plog: " + why + "; log lines go to stderr\n";
    (void)WriteAll(STDERR_FILENO, notice);
  }
  (void)WriteAll(STDERR_FILENO, line);
  ++to_stderr_;
}

void PlogSink::Write(LogClass log_class, std::string_view line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (options_.to_stdout) {
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
    return;
  }
  File& file = files_[static_cast<int>(log_class)];
  const pid_t pid = ::getpid();
  if (file.fd >= 0 && file.pid != pid) {  // inherited across fork(): the parent's file
    ::close(file.fd);
    file = File{};
  }
  if (file.fd < 0 || file.bytes + line.size() > options_.max_file_bytes) {
    if (!OpenLocked(log_class, &file)) {
      ToStderrLocked(line, "cannot write under " + options_.root + ": " + std::strerror(errno));
      return;
    }
    file.pid = pid;
  }
  if (!WriteAll(file.fd, line)) {
    ToStderrLocked(line, "writing " + file.paths.back() + " failed: " + std::strerror(errno));
    return;
  }
  file.bytes += line.size();
}

uint64_t PlogSink::lines_to_stderr() const {
  std::lock_guard<std::mutex> lock(mu_);
  return to_stderr_;
}

std::deque<std::string> PlogSink::files(LogClass log_class) const {
  std::lock_guard<std::mutex> lock(mu_);
  return files_[static_cast<int>(log_class)].paths;
}

}  // namespace aclsim::log_internal
