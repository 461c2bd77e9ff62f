#include "runtime/log.h"

#include <atomic>
#include <cstdio>
#include <string>

namespace aclsim {
namespace {
std::atomic<int> g_level{static_cast<int>(LogLevel::kError)};
constexpr const char* kNames[] = {"DEBUG", "INFO", "WARNING", "ERROR", "NONE"};
}  // namespace

void SetLogLevel(LogLevel level) { g_level.store(static_cast<int>(level), std::memory_order_relaxed); }
LogLevel GetLogLevel() { return static_cast<LogLevel>(g_level.load(std::memory_order_relaxed)); }
bool LogEnabled(LogLevel level) {
  return level != LogLevel::kNone && static_cast<int>(level) >= g_level.load(std::memory_order_relaxed);
}

void Log(LogLevel level, std::string_view message) {
  if (!LogEnabled(level)) return;
  std::string line = "[aclsim][";
  line += kNames[static_cast<int>(level)];
  line += "] ";
  line += message;
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace aclsim
