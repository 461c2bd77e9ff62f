// libFuzzer target: the raw-data reader (runtime/prof/raw_data.h). The
// first byte picks the file kind, the second the resealing below; the rest
// is the file. Every input must be
// accepted or rejected with kDataLoss — never a crash, a hang or an
// allocation the input does not justify — and accepted task records may
// refer only to ops parsed before them. An ops file is parsed first when the
// input has a second part (after a 0xFF separator), so task files are
// reached with ops present. When the second byte is odd, the harness
// rewrites each file's payload size and checksum to match its payload, so
// mutations reach the record parser instead of stopping at the checksum.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "runtime/prof/crc32c.h"
#include "runtime/prof/raw_data.h"

namespace {

// |file| with its header's payload size and CRC-32C made to match.
std::string Resealed(std::string_view file) {
  std::string out(file);
  if (out.size() < 40) return out;
  const uint64_t payload = out.size() - 40;
  const uint32_t crc = aclsim::prof::Crc32c(out.data() + 40, payload);
  for (int i = 0; i < 8; ++i) out[24 + i] = static_cast<char>((payload >> (8 * i)) & 0xFF);
  for (int i = 0; i < 4; ++i) out[32 + i] = static_cast<char>((crc >> (8 * i)) & 0xFF);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const auto kind = static_cast<aclsim::prof::RawKind>(1 + data[0] % 5);
  const bool reseal = (data[1] & 1) != 0;
  std::string_view rest(reinterpret_cast<const char*>(data + 2), size - 2);
  aclsim::prof::RawSession session;
  const size_t split = rest.find('\xFF');
  if (split != std::string_view::npos) {
    const std::string ops = reseal ? Resealed(rest.substr(0, split)) : std::string(rest.substr(0, split));
    (void)aclsim::prof::ParseRawFile(ops, aclsim::prof::RawKind::kOps, "ops", &session);
    rest.remove_prefix(split + 1);
  }
  const std::string file = reseal ? Resealed(rest) : std::string(rest);
  const aclsim::Status s = aclsim::prof::ParseRawFile(file, kind, "fuzz", &session);
  if (!s.ok() && s.code() != aclsim::StatusCode::kDataLoss) std::abort();
  for (const auto& t : session.data.tasks) {
    if (t.op != nullptr) (void)t.op->name.size();
  }
  return 0;
}
