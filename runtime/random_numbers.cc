#include "runtime/random_numbers.h"

#include <cmath>
#include <cstring>
#include <string>

#include "runtime/float16.h"

namespace aclsim::runtime {

namespace {

constexpr uint32_t kPhiloxM0 = 0xD2511F53u;
constexpr uint32_t kPhiloxM1 = 0xCD9E8D57u;
constexpr uint32_t kPhiloxW0 = 0x9E3779B9u;
constexpr uint32_t kPhiloxW1 = 0xBB67AE85u;

std::array<uint32_t, 4> AddToCounter(std::array<uint32_t, 4> c, uint64_t n) {
  uint64_t carry = n;
  for (uint32_t& word : c) {
    if (carry == 0) break;
    const uint64_t sum = static_cast<uint64_t>(word) + (carry & 0xFFFFFFFFu);
    word = static_cast<uint32_t>(sum);
    carry = (carry >> 32) + (sum >> 32);
  }
  return c;
}

float Unit(uint32_t w) { return static_cast<float>(w >> 8) * (1.0f / 16777216.0f); }

bool IsFloat(RandomType t) {
  return t == RandomType::kFloat32 || t == RandomType::kFloat16 || t == RandomType::kBfloat16;
}

float AsFloat(RandomType t, uint64_t raw) {
  switch (t) {
    case RandomType::kFloat16: return HalfToFloat(static_cast<uint16_t>(raw));
    case RandomType::kBfloat16: return Bf16ToFloat(static_cast<uint16_t>(raw));
    default: {
      const uint32_t bits = static_cast<uint32_t>(raw);
      float f;
      std::memcpy(&f, &bits, sizeof f);
      return f;
    }
  }
}

void StoreFloat(RandomType t, float f, uint8_t* out) {
  if (t == RandomType::kFloat32) {
    std::memcpy(out, &f, 4);
    return;
  }
  const uint16_t h = t == RandomType::kFloat16 ? FloatToHalf(f) : FloatToBf16(f);
  std::memcpy(out, &h, 2);
}

float BoxMuller(const std::array<uint32_t, 4>& w) {
  const float u1 = 1.0f - Unit(w[0]);  // (0, 1]
  const float u2 = Unit(w[1]);
  return std::sqrt(-2.0f * std::log(u1)) * std::cos(6.2831853071795864769f * u2);
}

}  // namespace

size_t RandomTypeSize(RandomType type) {
  switch (type) {
    case RandomType::kInt64:
    case RandomType::kUint64: return 8;
    case RandomType::kBfloat16:
    case RandomType::kFloat16: return 2;
    default: return 4;
  }
}

std::array<uint32_t, 4> Philox4x32(std::array<uint32_t, 4> c, uint64_t key) {
  uint32_t k0 = static_cast<uint32_t>(key);
  uint32_t k1 = static_cast<uint32_t>(key >> 32);
  for (int round = 0; round < 10; ++round) {
    const uint64_t p0 = static_cast<uint64_t>(kPhiloxM0) * c[0];
    const uint64_t p1 = static_cast<uint64_t>(kPhiloxM1) * c[2];
    c = {static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k0, static_cast<uint32_t>(p1),
         static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k1, static_cast<uint32_t>(p0)};
    k0 += kPhiloxW0;
    k1 += kPhiloxW1;
  }
  return c;
}

uint64_t RandomResultBytes(const RandomValues& v) {
  if (v.distribution == RandomDistribution::kDropoutBitmask) return (v.count + 7) / 8;
  return v.count * RandomTypeSize(v.type);
}

StatusOr<std::vector<uint8_t>> GenerateRandom(const RandomValues& v) {
  const size_t size = RandomTypeSize(v.type);
  if (v.count > (uint64_t{1} << 32)) {
    return Status(StatusCode::kInvalidArgument, "randomNum " + std::to_string(v.count) + " exceeds 2^32");
  }
  if (v.distribution != RandomDistribution::kUniform && !IsFloat(v.type)) {
    return Status(StatusCode::kInvalidArgument, "this distribution takes a floating-point dataType only");
  }
  std::vector<uint8_t> out(static_cast<size_t>(RandomResultBytes(v)), 0);
  auto block = [&](uint64_t i) { return Philox4x32(AddToCounter(v.counter, i), v.seed); };
  switch (v.distribution) {
    case RandomDistribution::kDropoutBitmask: {
      const float ratio = AsFloat(v.type, v.a);
      if (!(ratio >= 0.0f && ratio <= 1.0f)) {
        return Status(StatusCode::kInvalidArgument, "dropout ratio is not in [0, 1]");
      }
      for (uint64_t i = 0; i < v.count; ++i) {
        if (Unit(block(i)[0]) >= ratio) out[i / 8] = static_cast<uint8_t>(out[i / 8] | (1u << (i % 8)));
      }
      break;
    }
    case RandomDistribution::kUniform:
      if (IsFloat(v.type)) {
        const float lo = AsFloat(v.type, v.a);
        const float hi = AsFloat(v.type, v.b);
        if (!(lo <= hi)) return Status(StatusCode::kInvalidArgument, "uniform min is greater than max");
        for (uint64_t i = 0; i < v.count; ++i) StoreFloat(v.type, lo + Unit(block(i)[0]) * (hi - lo), &out[i * size]);
      } else {
        const bool is_signed = v.type == RandomType::kInt32 || v.type == RandomType::kInt64;
        const int shift = static_cast<int>(64 - size * 8);
        // Sign- or zero-extend the parameters to 64 bits.
        auto widen = [&](uint64_t raw) -> uint64_t {
          if (shift == 0) return raw;
          raw &= (uint64_t{1} << (size * 8)) - 1;
          if (is_signed && (raw >> (size * 8 - 1)) != 0) raw |= ~uint64_t{0} << (size * 8);
          return raw;
        };
        const uint64_t lo = widen(v.a);
        const uint64_t hi = widen(v.b);
        const bool ordered = is_signed ? static_cast<int64_t>(lo) <= static_cast<int64_t>(hi) : lo <= hi;
        if (!ordered) return Status(StatusCode::kInvalidArgument, "uniform min is greater than max");
        const uint64_t range = hi - lo;
        for (uint64_t i = 0; i < v.count; ++i) {
          const auto w = block(i);
          const uint64_t r = size == 8 ? (static_cast<uint64_t>(w[1]) << 32 | w[0]) : w[0];
          const uint64_t value = range == 0 ? lo : lo + r % range;
          std::memcpy(&out[i * size], &value, size);  // little-endian low bytes
        }
      }
      break;
    case RandomDistribution::kNormal:
    case RandomDistribution::kTruncatedNormal: {
      const float mean = AsFloat(v.type, v.a);
      const float stddev = AsFloat(v.type, v.b);
      if (!(stddev >= 0.0f)) return Status(StatusCode::kInvalidArgument, "stddev is negative");
      const bool truncated = v.distribution == RandomDistribution::kTruncatedNormal;
      for (uint64_t i = 0; i < v.count; ++i) {
        float z = BoxMuller(block(i));
        for (uint64_t k = 1; truncated && std::fabs(z) > 2.0f && k <= 64; ++k) z = BoxMuller(block(i + k * v.count));
        if (truncated && std::fabs(z) > 2.0f) z = z > 0 ? 2.0f : -2.0f;
        StoreFloat(v.type, mean + stddev * z, &out[i * size]);
      }
      break;
    }
  }
  return out;
}

}  // namespace aclsim::runtime
