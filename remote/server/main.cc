// aclsim-device-server: hosts simulated Ascend devices for the "remote"
// backend (see remote/server/device_server.h and docs/remote_protocol.md).
//
//   aclsim-device-server --listen unix:/path | tcp:127.0.0.1:PORT
//       [--device-count N] [--profile NAME|FILE.json] [--seed S] [--jitter J]
//       [--clock virtual|realtime] [--clock-origin-ns NS] [--max-sessions N] [--max-handshakes N]
//       [--handshake-timeout-ms MS] [--max-buffered-bytes N]
//       [--max-streams-per-session N] [--max-events-per-session N]
//       [--max-graphs-per-session N] [--socket-mode OCTAL] [--allow-uid UID]...
//       [--verbose]
//
// Prints "listening on <endpoint>" on stdout once it accepts connections
// (with the real port when PORT is 0) and serves until SIGTERM or SIGINT.
// Exit status: 0 after a clean stop, 2 on bad arguments (including a
// non-loopback address), 1 when it cannot start.
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

#include "remote/server/device_server.h"

namespace {

void PrintUsage(std::FILE* out, const char* argv0) {
  std::fprintf(out,
               "usage: %s --listen unix:/path|tcp:127.0.0.1:PORT [options]\n"
               "  --device-count N            devices hosted, 1-64 (1)\n"
               "  --profile NAME|FILE.json    device profile (Ascend910B2)\n"
               "  --seed S, --jitter J        seeded duration jitter, J in [0, 0.5] (0, 0)\n"
               "  --clock virtual|realtime    device clock mode (virtual)\n"
               "  --clock-origin-ns NS        where the virtual device clocks start (3600000000000)\n"
               "  --max-sessions N            sessions past their Hello; a Hello beyond is refused (64)\n"
               "  --max-handshakes N          connections waiting for their Hello; beyond, the oldest is\n"
               "                              closed (64)\n"
               "  --handshake-timeout-ms MS   a connection without a Hello answered by then is closed (5000)\n"
               "  --max-buffered-bytes N      request bytes buffered by all sessions; the connection that\n"
               "                              would exceed it is closed (268435456)\n"
               "  --max-streams-per-session N, --max-events-per-session N, --max-graphs-per-session N\n"
               "                              handles one session may hold (1024, 4096, 256)\n"
               "  --socket-mode OCTAL         file mode of the Unix socket (0600)\n"
               "  --allow-uid UID             also accept Unix-socket peers of this uid (repeatable;\n"
               "                              the server's own uid always is)\n"
               "  --verbose                   log sessions to stderr\n"
               "  --help                      this text\n"
               "Limits: docs/remote_protocol.md. Refusals and limit closes are logged to stderr and counted\n"
               "in ServerStats.\n",
               argv0);
}

int Usage(const char* argv0, const std::string& why) {
  std::fprintf(stderr, "aclsim-device-server: %s\n", why.c_str());
  PrintUsage(stderr, argv0);
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

// The limit and access flags: nullopt when |flag| is none of them, else ""
// once applied to |options| or why |value| is bad.
std::optional<std::string> ParseLimitFlag(const std::string& flag, const char* value,
                                          aclsim::remote::ServerOptions* options) {
  unsigned long long n = 0;
  if (flag == "--max-sessions" || flag == "--max-handshakes") {
    if (!ParseUnsigned(value, 4096, &n) || n == 0) return flag + " must be in [1, 4096]";
    (flag == "--max-sessions" ? options->max_sessions : options->max_handshakes) = static_cast<uint32_t>(n);
  } else if (flag == "--handshake-timeout-ms") {
    if (!ParseUnsigned(value, 3600000, &n) || n == 0) return flag + " must be in [1, 3600000]";
    options->handshake_timeout = std::chrono::milliseconds(n);
  } else if (flag == "--max-buffered-bytes") {
    if (!ParseUnsigned(value, ~0ull, &n) || n < aclsim::remote::kMaxHelloPayloadBytes) {
      return flag + " must be at least " + std::to_string(aclsim::remote::kMaxHelloPayloadBytes);
    }
    options->max_buffered_bytes = n;
  } else if (flag == "--max-streams-per-session" || flag == "--max-events-per-session" ||
             flag == "--max-graphs-per-session") {
    if (!ParseUnsigned(value, 1u << 20, &n)) return flag + " must be in [0, 1048576]";
    uint32_t& quota = flag == "--max-streams-per-session"  ? options->max_streams
                      : flag == "--max-events-per-session" ? options->max_events
                                                           : options->max_graphs;
    quota = static_cast<uint32_t>(n);
  } else if (flag == "--socket-mode") {
    char* end = nullptr;
    errno = 0;
    unsigned long mode = std::strtoul(value, &end, 8);
    if (*value == '\0' || *value == '-' || errno != 0 || *end != '\0' || mode > 0777) {
      return flag + " must be an octal file mode in [0, 0777]";
    }
    options->socket_mode = static_cast<uint32_t>(mode);
  } else if (flag == "--allow-uid") {
    if (!ParseUnsigned(value, 0xFFFFFFFEull, &n)) return flag + " must be a uid";
    options->allowed_uids.push_back(static_cast<uint32_t>(n));
  } else {
    return std::nullopt;
  }
  return std::string();
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
    if (flag == "--help" || flag == "-h") {
      PrintUsage(stdout, argv[0]);
      return 0;
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
    } else if (flag == "--clock-origin-ns") {
      if (!ParseUnsigned(value, 1ull << 60, &n) || n < 1) {
        return Usage(argv[0], "--clock-origin-ns must be in [1, 2^60]");
      }
      options.devices.clock_origin_ns = static_cast<int64_t>(n);
    } else if (std::optional<std::string> error = ParseLimitFlag(flag, value, &options)) {
      if (!error->empty()) return Usage(argv[0], *error);
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
