#include "runtime/model/graph.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "runtime/checked_math.h"
#include "runtime/model/op_type.h"

namespace aclsim::model {
namespace {

struct DtypeEntry {
  const char* name;
  DataType dtype;
  size_t size;
};

constexpr std::array<DtypeEntry, 13> kDtypes = {{
    {"float32", DataType::kFloat32, 4},
    {"float16", DataType::kFloat16, 2},
    {"int8", DataType::kInt8, 1},
    {"int32", DataType::kInt32, 4},
    {"uint8", DataType::kUint8, 1},
    {"int16", DataType::kInt16, 2},
    {"uint16", DataType::kUint16, 2},
    {"uint32", DataType::kUint32, 4},
    {"int64", DataType::kInt64, 8},
    {"uint64", DataType::kUint64, 8},
    {"float64", DataType::kFloat64, 8},
    {"bool", DataType::kBool, 1},
    {"bfloat16", DataType::kBfloat16, 2},
}};

struct FormatEntry {
  const char* name;
  Format format;
};
constexpr std::array<FormatEntry, 6> kFormats = {{
    {"NCHW", Format::kNchw},
    {"NHWC", Format::kNhwc},
    {"ND", Format::kNd},
    {"NC1HWC0", Format::kNc1hwc0},
    {"FRACTAL_Z", Format::kFractalZ},
    {"FRACTAL_NZ", Format::kFractalNz},
}};

}  // namespace

size_t DataTypeSize(DataType dtype) {
  for (const auto& e : kDtypes) {
    if (e.dtype == dtype) return e.size;
  }
  return 0;
}

std::optional<DataType> ParseDataType(std::string_view text) {
  for (const auto& e : kDtypes) {
    if (text == e.name) return e.dtype;
  }
  if (text == "fp16" || text == "half") return DataType::kFloat16;
  if (text == "fp32" || text == "float") return DataType::kFloat32;
  if (text == "bf16") return DataType::kBfloat16;
  if (text == "double") return DataType::kFloat64;
  return std::nullopt;
}

const char* DataTypeName(DataType dtype) {
  for (const auto& e : kDtypes) {
    if (e.dtype == dtype) return e.name;
  }
  return "undefined";
}

std::optional<Format> ParseFormat(std::string_view text) {
  for (const auto& e : kFormats) {
    if (text == e.name) return e.format;
  }
  return std::nullopt;
}

const char* FormatName(Format format) {
  for (const auto& e : kFormats) {
    if (e.format == format) return e.name;
  }
  return "UNDEFINED";
}

std::optional<Engine> ParseEngine(std::string_view text) {
  if (text == "AI_CORE") return Engine::kAiCore;
  if (text == "AI_VECTOR" || text == "AI_VECTOR_CORE") return Engine::kAiVector;
  if (text == "AI_CPU") return Engine::kAiCpu;
  return std::nullopt;
}

const char* EngineName(Engine engine) {
  switch (engine) {
    case Engine::kAiCore: return "AI_CORE";
    case Engine::kAiVector: return "AI_VECTOR_CORE";
    case Engine::kAiCpu: return "AI_CPU";
  }
  return "AI_CORE";
}

int64_t Tensor::ElementCount() const {
  int64_t count = 1;
  for (int64_t d : shape) count = SaturatingMul<int64_t>(count, std::max<int64_t>(d, 0));
  return count;
}

int64_t Tensor::SizeBytes() const {
  return SaturatingMul<int64_t>(ElementCount(), static_cast<int64_t>(DataTypeSize(dtype)));
}

int64_t Op::IntAttr(std::string_view key, int64_t fallback) const {
  auto it = attrs.find(key);
  if (it == attrs.end()) return fallback;
  if (const auto* i = std::get_if<int64_t>(&it->second)) return *i;
  if (const auto* b = std::get_if<bool>(&it->second)) return *b ? 1 : 0;
  if (const auto* d = std::get_if<double>(&it->second)) return static_cast<int64_t>(*d);
  return fallback;
}

bool Op::BoolAttr(std::string_view key, bool fallback) const {
  auto it = attrs.find(key);
  if (it == attrs.end()) return fallback;
  if (const auto* b = std::get_if<bool>(&it->second)) return *b;
  if (const auto* i = std::get_if<int64_t>(&it->second)) return *i != 0;
  return fallback;
}

std::vector<int64_t> Op::IntsAttr(std::string_view key) const {
  auto it = attrs.find(key);
  if (it == attrs.end()) return {};
  if (const auto* v = std::get_if<std::vector<int64_t>>(&it->second)) return *v;
  if (const auto* i = std::get_if<int64_t>(&it->second)) return {*i};
  return {};
}

Engine DefaultEngineForOpType(std::string_view type) {
  const OpTraits* traits = FindOpTraits(type);
  return traits != nullptr ? traits->engine : Engine::kAiVector;
}

}  // namespace aclsim::model
