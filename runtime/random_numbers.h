// The values of aclrtRandomNumAsync, computed on the host for the simulated
// device's memory.
//
// CANN's pages give the task's inputs (a 64-bit seed, a 16-byte counter in
// device memory, the count, the distribution and its parameters) but not the
// generator, so aclsim's choice is Philox4x32-10, the counter-based
// generator those inputs fit: key = seed, and element i takes the 128-bit
// block Philox(counter + i). The values are deterministic in (seed,
// counter, count, distribution, parameters) — equal inputs give equal
// values, a different counter or seed different ones — but they are not the
// bits a real device produces. Per element, with words w0..w3 of its block
// and u(w) = (w >> 8) * 2^-24 in [0, 1):
//   uniform, float types: min + u(w0) * (max - min), in float, rounded to
//     the type (min > max is refused);
//   uniform, integer types: min + r mod (max - min) in [min, max) (r = w0,
//     or w1:w0 for 64-bit types; min == max gives min; min > max is refused);
//   normal (float types): mean + stddev * z, z by Box-Muller from
//     1 - u(w0) and u(w1);
//   truncated normal: the same, redrawn from block counter + i + k * count
//     (k = 1, 2, ...) while |z| > 2;
//   dropout bitmask: bit i (LSB first in byte i / 8) is 1 when u(w0) is at
//     least the ratio (a float type; the element is kept), ceil(count / 8)
//     bytes.
// The counter in device memory is read, not advanced.
#ifndef ACLSIM_RUNTIME_RANDOM_NUMBERS_H_
#define ACLSIM_RUNTIME_RANDOM_NUMBERS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/status.h"

namespace aclsim::runtime {

enum class RandomDistribution : uint8_t { kDropoutBitmask, kUniform, kNormal, kTruncatedNormal };
enum class RandomType : uint8_t { kInt32, kInt64, kUint32, kUint64, kBfloat16, kFloat16, kFloat32 };

size_t RandomTypeSize(RandomType type);

// One Philox4x32-10 block of |counter| (128-bit, word 0 lowest) under |key|.
std::array<uint32_t, 4> Philox4x32(std::array<uint32_t, 4> counter, uint64_t key);

struct RandomValues {
  RandomDistribution distribution = RandomDistribution::kUniform;
  RandomType type = RandomType::kFloat32;
  uint64_t seed = 0;
  std::array<uint32_t, 4> counter{};
  uint64_t count = 0;
  // The distribution's parameters as little-endian values of |type| (min and
  // max, mean and stddev, or the ratio in |a|).
  uint64_t a = 0;
  uint64_t b = 0;
};

// One parameter of an aclrtRandomNumAsync task as the caller gave it: its
// value's bytes (the first |size| of them), or, when |is_addr|, the device
// address (8 bytes) of the value's |size| bytes.
struct RandomParam {
  bool is_addr = false;
  uint8_t value[8] = {};
  uint8_t size = 0;
};

// An aclrtRandomNumAsync task: the seed and count are 64-bit parameters,
// |counter| 16 bytes of device memory, |result| device memory for
// RandomResultBytes.
struct RandomNumRequest {
  RandomDistribution distribution = RandomDistribution::kUniform;
  RandomType type = RandomType::kFloat32;
  RandomParam a;
  RandomParam b;
  RandomParam seed;
  RandomParam count;
  void* result = nullptr;
  void* counter = nullptr;
};

// Bytes the result takes: count elements of the type, or ceil(count / 8)
// for the bitmask.
uint64_t RandomResultBytes(const RandomValues& v);
// The result's bytes; kInvalidArgument for a distribution the type cannot
// take or parameters out of range.
StatusOr<std::vector<uint8_t>> GenerateRandom(const RandomValues& v);

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_RANDOM_NUMBERS_H_
