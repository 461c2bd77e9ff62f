// Little-endian byte buffers of the remote protocol (remote/protocol.h).
//
// Thread safety: Writer and Reader are plain values.
#ifndef ACLSIM_REMOTE_WIRE_H_
#define ACLSIM_REMOTE_WIRE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/status.h"

namespace aclsim::remote {

// Appends little-endian values to a byte buffer.
class Writer {
 public:
  void U8(uint8_t v) { bytes_.push_back(v); }
  void U16(uint16_t v);
  void U32(uint32_t v);
  void U64(uint64_t v);
  void I32(int32_t v) { U32(static_cast<uint32_t>(v)); }
  void I64(int64_t v) { U64(static_cast<uint64_t>(v)); }
  void Str(std::string_view s);

  const std::vector<uint8_t>& bytes() const { return bytes_; }
  std::vector<uint8_t>& mutable_bytes() { return bytes_; }
  void Reserve(size_t n) { bytes_.reserve(n); }

 private:
  std::vector<uint8_t> bytes_;
};

// Reads little-endian values from a borrowed byte range (|data| must outlive
// the Reader). A read past the end sets a sticky failure and yields zeros;
// check ok() (or Finish()) after decoding a message.
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}
  explicit Reader(const std::vector<uint8_t>& v) : Reader(v.data(), v.size()) {}

  uint8_t U8();
  uint16_t U16();
  uint32_t U32();
  uint64_t U64();
  int32_t I32() { return static_cast<int32_t>(U32()); }
  int64_t I64() { return static_cast<int64_t>(U64()); }
  std::string Str();

  bool ok() const { return ok_; }
  size_t remaining() const { return static_cast<size_t>(end_ - p_); }
  // OK when every read succeeded and all bytes were consumed; otherwise
  // kInvalidArgument naming |what|.
  Status Finish(std::string_view what) const;

 private:
  bool Take(size_t n);
  const uint8_t* p_;
  const uint8_t* end_;
  bool ok_ = true;
};

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_WIRE_H_
