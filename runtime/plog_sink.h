// PlogSink: where log lines go (runtime/log.h, docs/logging.md). Files in
// CANN's plog layout, one per class and process,
//
//   <root>/debug/plog/plog-<pid>_<YYYYMMDDhhmmssmmm>.log
//   <root>/run/plog/plog-<pid>_<YYYYMMDDhhmmssmmm>.log
//
// created at their first line (directories 0750, files 0640), rotated at
// max_file_bytes (CANN: 20 MiB) keeping at most max_files of this process
// per directory (ASCEND_HOST_LOG_FILE_NUM, 1…1000, default 10; the oldest
// goes); or stdout. A line the sink cannot write to its file goes to
// stderr instead, counted (lines_to_stderr), with one notice saying why:
// no line is lost. A forked child starts files of its own pid.
//
// Thread safety: thread-safe (one mutex; a leaf).
#ifndef ACLSIM_RUNTIME_PLOG_SINK_H_
#define ACLSIM_RUNTIME_PLOG_SINK_H_

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>

namespace aclsim::log_internal {

enum class LogClass { kDebug = 0, kRun = 1 };

struct PlogOptions {
  std::string root;  // the directory holding debug/ and run/
  bool to_stdout = false;
  size_t max_file_bytes = size_t{20} * 1024 * 1024;
  int max_files = 10;
};

// The options CANN's environment gives: ASCEND_PROCESS_LOG_PATH >
// ASCEND_WORK_PATH/log > $HOME/ascend/log; ASCEND_LOG_PRINT_TO_STDOUT (or,
// when unset, ASCEND_SLOG_PRINT_TO_STDOUT) "1"; ASCEND_HOST_LOG_FILE_NUM.
PlogOptions PlogOptionsFromEnv();

// One line in plog's format, ending in '\n':
// "[LEVEL] ASCENDCL(pid,pname):YYYY-MM-DD-hh:mm:ss.mmm.uuu [file:line]tid function: message"
// (local time; |file| as its last path component).
std::string FormatLine(std::string_view level, pid_t pid, std::string_view process_name,
                       std::chrono::system_clock::time_point when, std::string_view file, int line, long tid,
                       std::string_view function, std::string_view message);

class PlogSink {
 public:
  explicit PlogSink(PlogOptions options);
  ~PlogSink();
  PlogSink(const PlogSink&) = delete;
  PlogSink& operator=(const PlogSink&) = delete;

  void Write(LogClass log_class, std::string_view line);

  uint64_t lines_to_stderr() const;
  // The files of |log_class| this process has open or kept, oldest first.
  std::deque<std::string> files(LogClass log_class) const;

 private:
  struct File {
    int fd = -1;
    pid_t pid = 0;  // the process that opened it
    size_t bytes = 0;
    int64_t last_stamp_ms = 0;
    std::deque<std::string> paths;  // this process's files, oldest first
  };
  // Opens a fresh file for |log_class|; false (errno set) when it cannot.
  bool OpenLocked(LogClass log_class, File* file);
  void ToStderrLocked(std::string_view line, const std::string& why);

  const PlogOptions options_;
  mutable std::mutex mu_;
  File files_[2];
  uint64_t to_stderr_ = 0;
  bool noticed_ = false;
};

}  // namespace aclsim::log_internal

#endif  // ACLSIM_RUNTIME_PLOG_SINK_H_
