// Logging as CANN logs (docs/logging.md): lines in plog's format
//
//   [ERROR] ASCENDCL(4242,train):2026-12-02-15:45:27.123.456 [acl_rt.cc:88]4243 aclrtFree: message
//
// go to plog files, <root>/debug/plog/plog-<pid>_<YYYYMMDDhhmmssmmm>.log
// for Log() and <root>/run/plog/... for LogRun(), where <root> is
// $ASCEND_PROCESS_LOG_PATH, else $ASCEND_WORK_PATH/log, else
// $HOME/ascend/log; to stdout instead (no file) with
// ASCEND_LOG_PRINT_TO_STDOUT=1, or ASCEND_SLOG_PRINT_TO_STDOUT=1 when the
// former is unset. The debug log's level follows CANN's
// ASCEND_GLOBAL_LOG_LEVEL convention (0 debug, 1 info, 2 warning, 3 error,
// the default, 4 none), set once from options at the edge; the run log
// takes every line (CANN's run logs are fixed at INFO).
//
// The file, line and function of a line are the caller's
// (__builtin_FILE/LINE/FUNCTION as default arguments, as
// std::source_location does). The environment is read at the first line.
#ifndef ACLSIM_RUNTIME_LOG_H_
#define ACLSIM_RUNTIME_LOG_H_

#include <string_view>

namespace aclsim {

enum class LogLevel : int { kDebug = 0, kInfo = 1, kWarning = 2, kError = 3, kNone = 4 };

void SetLogLevel(LogLevel level);
LogLevel GetLogLevel();
bool LogEnabled(LogLevel level);

// A debug-log line (plog's debug/ class), when |level| is enabled.
void Log(LogLevel level, std::string_view message, const char* file = __builtin_FILE(), int line = __builtin_LINE(),
         const char* function = __builtin_FUNCTION());

// A run-log line (plog's run/ class, level INFO): the life-cycle events an
// operator reads (runtime initialised, device opened, backend loaded).
void LogRun(std::string_view message, const char* file = __builtin_FILE(), int line = __builtin_LINE(),
            const char* function = __builtin_FUNCTION());

}  // namespace aclsim

#endif  // ACLSIM_RUNTIME_LOG_H_
