// The test side of ipc_peer.cc, the second process of the IPC memory and
// shareable physical memory tests (ipc_memory_test.cc,
// virtual_memory_test.cc): the peer started with pipes to its stdin and
// from its stdout, one question and one answer line at a time.
#ifndef ACLSIM_TESTS_CONFORMANCE_IPC_PEER_CLIENT_H_
#define ACLSIM_TESTS_CONFORMANCE_IPC_PEER_CLIENT_H_

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

extern char** environ;

namespace aclsim_conformance {

// A running ipc_peer.
class Peer {
 public:
  Peer() {
    int in[2], out[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addclose(&actions, in[1]);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    char* argv[] = {const_cast<char*>(ACLSIM_IPC_PEER_BIN), nullptr};
    if (posix_spawn(&pid_, ACLSIM_IPC_PEER_BIN, &actions, nullptr, argv, environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~Peer() {
    if (to_ >= 0) ::close(to_);
    if (from_ >= 0) ::close(from_);
    if (pid_ > 0) ::waitpid(pid_, nullptr, 0);
  }
  Peer(const Peer&) = delete;
  Peer& operator=(const Peer&) = delete;

  pid_t pid() const { return pid_; }
  // Sends "<key> <mode>" and returns the peer's answer line.
  std::string Ask(const std::string& key, const std::string& mode) { return Say(key + " " + mode); }
  // Sends one line and returns the peer's next answer line.
  std::string Say(const std::string& text) { return Send(text) ? Answer() : "write failed"; }
  // Sends one line without waiting for an answer.
  bool Send(const std::string& text) {
    const std::string line = text + "\n";
    return ::write(to_, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  }
  // The peer's next answer line.
  std::string Answer() {
    std::string answer;
    char c = 0;
    while (::read(from_, &c, 1) == 1 && c != '\n') answer += c;
    return answer;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1;
  int from_ = -1;
};

}  // namespace aclsim_conformance

#endif  // ACLSIM_TESTS_CONFORMANCE_IPC_PEER_CLIENT_H_
