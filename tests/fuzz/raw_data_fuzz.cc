// libFuzzer target: the raw-data reader (runtime/prof/raw_data.h). The
// first byte picks the file kind; the rest is the file. Every input must be
// accepted or rejected with kDataLoss — never a crash, a hang or an
// allocation the input does not justify — and accepted task records may
// refer only to ops parsed before them. An ops file is parsed first when the
// input has a second part (after a 0xFF separator), so task files are
// reached with ops present.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "runtime/prof/raw_data.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const auto kind = static_cast<aclsim::prof::RawKind>(1 + data[0] % 5);
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  aclsim::prof::RawSession session;
  const size_t split = rest.find('\xFF');
  if (split != std::string_view::npos) {
    (void)aclsim::prof::ParseRawFile(rest.substr(0, split), aclsim::prof::RawKind::kOps, "ops", &session);
    rest.remove_prefix(split + 1);
  }
  const aclsim::Status s = aclsim::prof::ParseRawFile(rest, kind, "fuzz", &session);
  if (!s.ok() && s.code() != aclsim::StatusCode::kDataLoss) std::abort();
  for (const auto& t : session.data.tasks) {
    if (t.op != nullptr) (void)t.op->name.size();
  }
  return 0;
}
