// Logging with CANN's ASCEND_GLOBAL_LOG_LEVEL convention
// (0 debug, 1 info, 2 warning, 3 error, 4 none). Lines go to stderr as
// "[aclsim][LEVEL] message". The level is set once from options at the edge.
#ifndef ACLSIM_RUNTIME_LOG_H_
#define ACLSIM_RUNTIME_LOG_H_

#include <string_view>

namespace aclsim {

enum class LogLevel : int { kDebug = 0, kInfo = 1, kWarning = 2, kError = 3, kNone = 4 };

void SetLogLevel(LogLevel level);
LogLevel GetLogLevel();
bool LogEnabled(LogLevel level);
void Log(LogLevel level, std::string_view message);

}  // namespace aclsim

#endif  // ACLSIM_RUNTIME_LOG_H_
