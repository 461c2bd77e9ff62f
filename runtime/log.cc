#include "runtime/log.h"

#include <errno.h>  // program_invocation_short_name (glibc)
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <chrono>

#include "runtime/plog_sink.h"

namespace aclsim {
namespace {

std::atomic<int> g_level{static_cast<int>(LogLevel::kError)};
constexpr const char* kNames[] = {"DEBUG", "INFO", "WARNING", "ERROR", "NULL"};

// Made at the first line, from the environment then; never destroyed, so
// lines logged from static destructors still have somewhere to go.
log_internal::PlogSink& Sink() {
  static log_internal::PlogSink* sink = new log_internal::PlogSink(log_internal::PlogOptionsFromEnv());
  return *sink;
}

void Emit(log_internal::LogClass log_class, LogLevel level, std::string_view message, const char* file, int line,
          const char* function) {
  const std::string text = log_internal::FormatLine(
      kNames[static_cast<int>(level)], ::getpid(), program_invocation_short_name, std::chrono::system_clock::now(),
      file, line, static_cast<long>(::syscall(SYS_gettid)), function, message);
  Sink().Write(log_class, text);
}

}  // namespace

void SetLogLevel(LogLevel level) { g_level.store(static_cast<int>(level), std::memory_order_relaxed); }
LogLevel GetLogLevel() { return static_cast<LogLevel>(g_level.load(std::memory_order_relaxed)); }
bool LogEnabled(LogLevel level) {
  return level != LogLevel::kNone && static_cast<int>(level) >= g_level.load(std::memory_order_relaxed);
}

void Log(LogLevel level, std::string_view message, const char* file, int line, const char* function) {
  if (!LogEnabled(level)) return;
  Emit(log_internal::LogClass::kDebug, level, message, file, line, function);
}

void LogRun(std::string_view message, const char* file, int line, const char* function) {
  Emit(log_internal::LogClass::kRun, LogLevel::kInfo, message, file, line, function);
}

}  // namespace aclsim
