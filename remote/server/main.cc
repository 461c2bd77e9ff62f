// aclsim-device-server: hosts simulated Ascend devices for the "remote"
// backend (see remote/server/device_server.h and docs/remote_protocol.md).
//
//   aclsim-device-server --listen unix:/path | tcp:127.0.0.1:PORT
//       [--device-count N] [--profile NAME|FILE.json] [--seed S] [--jitter J]
//       [--clock virtual|realtime] [--max-sessions N] [--verbose]
//
// Prints "listening on <endpoint>" on stdout once it accepts connections
// (with the real port when PORT is 0) and serves until SIGTERM or SIGINT.
// Exit status: 0 after a clean stop, 2 on bad arguments (including a
// non-loopback address), 1 when it cannot start.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "remote/server/device_server.h"

namespace {

int Usage(const char* argv0, const std::string& why) {
  std::fprintf(stderr, "aclsim-device-server: %s\n", why.c_str());
  std::fprintf(stderr,
               "usage: %s --listen unix:/path|tcp:127.0.0.1:PORT [--device-count N] [--profile NAME|FILE.json]\n"
               "          [--seed S] [--jitter J] [--clock virtual|realtime] [--max-sessions N] [--verbose]\n",
               argv0);
  return 2;
}

bool ParseUnsigned(const char* text, unsigned long long max, unsigned long long* out) {
  if (text == nullptr || *text == '\0' || *text == '-') return false;
  char* end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(text, &end, 10);
  if (errno != 0 || *end != '\0' || v > max) return false;
  *out = v;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  aclsim::remote::ServerOptions options;
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    if (flag == "--verbose") {
      options.verbose = true;
      continue;
    }
    if (i + 1 >= argc) return Usage(argv[0], "missing value for " + flag);
    const char* value = argv[++i];
    unsigned long long n = 0;
    if (flag == "--listen") {
      options.listen = value;
    } else if (flag == "--device-count") {
      if (!ParseUnsigned(value, 64, &n)) return Usage(argv[0], "--device-count must be in [1, 64]");
      options.devices.device_count = static_cast<uint32_t>(n);
    } else if (flag == "--profile") {
      std::string p = value;
      if (p.size() > 5 && p.compare(p.size() - 5, 5, ".json") == 0) {
        options.devices.device_profile_path = p;
      } else {
        options.devices.device_profile = p;
      }
    } else if (flag == "--seed") {
      if (!ParseUnsigned(value, ~0ull, &n)) return Usage(argv[0], "--seed must be a non-negative integer");
      options.devices.seed = n;
    } else if (flag == "--jitter") {
      char* end = nullptr;
      double j = std::strtod(value, &end);
      if (*end != '\0') return Usage(argv[0], "--jitter must be a number in [0, 0.5]");
      options.devices.jitter = j;
    } else if (flag == "--clock") {
      if (std::strcmp(value, "virtual") == 0) {
        options.devices.clock_mode = aclsim::device::ClockMode::kVirtual;
      } else if (std::strcmp(value, "realtime") == 0) {
        options.devices.clock_mode = aclsim::device::ClockMode::kRealtime;
      } else {
        return Usage(argv[0], "--clock must be virtual or realtime");
      }
    } else if (flag == "--max-sessions") {
      if (!ParseUnsigned(value, 4096, &n) || n == 0) return Usage(argv[0], "--max-sessions must be in [1, 4096]");
      options.max_sessions = static_cast<uint32_t>(n);
    } else {
      return Usage(argv[0], "unknown flag " + flag);
    }
  }
  if (options.listen.empty()) return Usage(argv[0], "--listen is required");
  if (aclsim::Status s = options.Validate(); !s.ok()) return Usage(argv[0], s.message());

  std::signal(SIGPIPE, SIG_IGN);  // a vanished client must not kill the server
  auto server = aclsim::remote::DeviceServer::Create(options);
  if (!server.ok()) {
    std::fprintf(stderr, "aclsim-device-server: %s\n", server.status().message().c_str());
    return 1;
  }
  std::printf("listening on %s\n", (*server)->endpoint().c_str());
  std::fflush(stdout);
  (*server)->Run();
  return 0;
}
