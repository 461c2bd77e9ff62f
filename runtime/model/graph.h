// In-memory op graph: the device-independent form of a loaded model.
//
// A Graph is what the model loaders (JSON today, other formats later) produce
// and what a device backend compiles into an executable. It holds tensors
// (graph inputs, weights, op outputs), ops in topological order, and the
// graph's output list. Values in DataType and Format equal CANN's aclDataType
// and aclFormat enumerators so the api/ edge converts with a cast.
#ifndef ACLSIM_RUNTIME_MODEL_GRAPH_H_
#define ACLSIM_RUNTIME_MODEL_GRAPH_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace aclsim::model {

// Numeric values equal aclDataType.
enum class DataType : int32_t {
  kUndefined = -1,
  kFloat32 = 0,
  kFloat16 = 1,
  kInt8 = 2,
  kInt32 = 3,
  kUint8 = 4,
  kInt16 = 6,
  kUint16 = 7,
  kUint32 = 8,
  kInt64 = 9,
  kUint64 = 10,
  kFloat64 = 11,
  kBool = 12,
  kBfloat16 = 27,
};

// Numeric values equal aclFormat.
enum class Format : int32_t {
  kUndefined = -1,
  kNchw = 0,
  kNhwc = 1,
  kNd = 2,
  kNc1hwc0 = 3,
  kFractalZ = 4,
  kFractalNz = 29,
};

// Which kind of compute unit runs an op (msprof "Task Type").
enum class Engine : uint8_t { kAiCore = 0, kAiVector = 1, kAiCpu = 2 };
inline constexpr int kEngineCount = 3;

// Size in bytes of one element; 0 for kUndefined.
size_t DataTypeSize(DataType dtype);
// Parses "float16", "fp16", ...; nullopt when unknown.
std::optional<DataType> ParseDataType(std::string_view text);
const char* DataTypeName(DataType dtype);
std::optional<Format> ParseFormat(std::string_view text);
const char* FormatName(Format format);
std::optional<Engine> ParseEngine(std::string_view text);
// "AI_CORE", "AI_VECTOR_CORE", "AI_CPU" (msprof task-type spelling).
const char* EngineName(Engine engine);

// The most elements a tensor may have (2^40, as for ONNX): every loader
// rejects a larger tensor with kModelParse, so sizes computed from a loaded
// graph (at most 2^43 bytes per tensor) never overflow.
constexpr int64_t kMaxTensorElements = int64_t{1} << 40;

enum class TensorKind : uint8_t { kInput, kWeight, kIntermediate };

struct Tensor {
  std::string name;
  DataType dtype = DataType::kFloat16;
  Format format = Format::kNd;
  std::vector<int64_t> shape;
  TensorKind kind = TensorKind::kIntermediate;
  int32_t producer = -1;  // index of the producing op; -1 for inputs/weights

  // Product of the dims, saturating at INT64_MAX: the loaders reject
  // tensors of more than kMaxTensorElements, so only a graph built by hand
  // can reach the saturation (and then fails to load, ModelRegistry).
  int64_t ElementCount() const;
  // ElementCount() times the dtype's size, saturating at INT64_MAX.
  int64_t SizeBytes() const;
};

// An op attribute: integer, float, bool, string or a list of ints/floats.
using AttrValue = std::variant<int64_t, double, bool, std::string, std::vector<int64_t>, std::vector<double>>;

struct Op {
  std::string name;
  std::string type;
  Engine engine = Engine::kAiVector;
  std::vector<int32_t> inputs;   // tensor indices
  std::vector<int32_t> outputs;  // tensor indices
  std::map<std::string, AttrValue, std::less<>> attrs;
  uint32_t stream = 0;                 // parallel branch inside the model
  std::optional<int64_t> duration_ns;  // explicit duration, overrides the cost model
  std::optional<uint32_t> block_dim;   // cores used; default chosen by the backend
  std::optional<uint32_t> core_limit;  // at most this many cores (a core limit in force at launch)

  int64_t IntAttr(std::string_view key, int64_t fallback) const;
  bool BoolAttr(std::string_view key, bool fallback) const;
  std::vector<int64_t> IntsAttr(std::string_view key) const;
};

struct Graph {
  std::string name;
  std::vector<Tensor> tensors;
  std::vector<Op> ops;           // topological order
  std::vector<int32_t> inputs;   // tensor indices, model input order
  std::vector<int32_t> outputs;  // tensor indices, model output order
  uint32_t stream_count = 1;     // max(op.stream) + 1

  const Tensor& tensor(int32_t index) const { return tensors[static_cast<size_t>(index)]; }
};

// Default engine for an op type: its row's in the op-type table
// (runtime/model/op_type.h: the cube kinds on AI_CORE, host ops on AI_CPU,
// the rest on AI_VECTOR); AI_VECTOR for a type the table does not list.
Engine DefaultEngineForOpType(std::string_view type);

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_GRAPH_H_
