// Reading a whole input file (model, configuration, device profile) with
// the checks that keep a bad path from hanging or exhausting the process:
// only a regular file is read (a FIFO, a device such as /dev/zero, a socket
// or a directory is refused before any read, and opening never blocks), and
// no more than a cap of bytes.
#ifndef ACLSIM_RUNTIME_READ_FILE_H_
#define ACLSIM_RUNTIME_READ_FILE_H_

#include <cstddef>
#include <string>

#include "runtime/status.h"

namespace aclsim {

// Documented caps (docs/differences.md, "Limits").
constexpr size_t kMaxModelFileBytes = size_t{2} << 30;    // 2 GiB: model files (JSON or ONNX)
constexpr size_t kMaxConfigFileBytes = size_t{16} << 20;  // 16 MiB: aclInit and ACLSIM_CONFIG files
constexpr size_t kMaxProfileFileBytes = size_t{1} << 20;  // 1 MiB: device profile files

// The statuses a caller reports: |cannot_open| when the path cannot be opened
// (missing, permission), |cannot_read| when it opens but is not a regular
// file, is larger than the cap, or a read fails.
struct FileError {
  constexpr FileError(Detail d) : code(CodeOf(d)), detail(d) {}  // NOLINT: implicit by design
  constexpr FileError(StatusCode c) : code(c) {}                 // NOLINT
  Status With(std::string message) const { return Status(code, detail, 0, std::move(message)); }
  StatusCode code;
  Detail detail = Detail::kNone;
};
struct FileErrorCodes {
  FileError cannot_open;
  FileError cannot_read;
};

// Reads the file at |path| into |*out|. |what| starts the messages
// ("model", "config"), e.g. "model: cannot read '/dev/zero': not a regular file".
Status ReadRegularFile(const std::string& path, size_t max_bytes, const std::string& what, FileErrorCodes codes,
                       std::string* out);

}  // namespace aclsim

#endif  // ACLSIM_RUNTIME_READ_FILE_H_
