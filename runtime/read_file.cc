#include "runtime/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace aclsim {
namespace {

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

std::string Quoted(const std::string& path) { return "'" + path + "'"; }

}  // namespace

Status ReadRegularFile(const std::string& path, size_t max_bytes, const std::string& what, FileErrorCodes codes,
                       std::string* out) {
  // O_NONBLOCK: opening a FIFO with no writer must not wait for one.
  Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  if (fd.get() < 0) {
    return codes.cannot_open.With(what + ": cannot open file " + Quoted(path) + " (" + std::strerror(errno) + ")");
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) {
    return codes.cannot_read.With(what + ": cannot read file " + Quoted(path) + " (" + std::strerror(errno) + ")");
  }
  if (!S_ISREG(st.st_mode)) {
    const char* kind = S_ISDIR(st.st_mode) ? "not a regular file (a directory)" : "not a regular file";
    return codes.cannot_read.With(what + ": cannot read file " + Quoted(path) + ": " + kind);
  }
  const auto too_large = [&] {
    return codes.cannot_read.With(what + ": file " + Quoted(path) + " is larger than the limit of " +
                                  std::to_string(max_bytes) + " bytes");
  };
  if (st.st_size < 0 || static_cast<uint64_t>(st.st_size) > max_bytes) return too_large();
  out->clear();
  out->reserve(static_cast<size_t>(st.st_size));
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd.get(), chunk, sizeof(chunk));
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      return codes.cannot_read.With(what + ": cannot read file " + Quoted(path) + " (" + std::strerror(errno) + ")");
    }
    // The file may grow while it is read: the cap holds for what is read.
    if (out->size() + static_cast<size_t>(n) > max_bytes) return too_large();
    out->append(chunk, static_cast<size_t>(n));
  }
  return OkStatus();
}

}  // namespace aclsim
