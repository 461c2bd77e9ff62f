// ModelRegistry: the loaded models, each with the one op table every
// consumer reads (prof/op_table.h).
//
// Loading compiles the graph on the device of the caller's current context
// and builds the op table once: interned type and name strings (for
// subscription records), the msprof columns (for collection sessions), the
// device's per-op cost and the FFTS+ subgraph flag. Model ids start at 1 and
// are never reused while the registry lives.
//
// A LoadedModel never changes after it is registered, so a caller may use
// the shared_ptr Find() returns after the registry's lock is released (and
// after the model is unloaded).
//
// Thread safety: all methods are thread-safe; the registry's mutex is a leaf
// (lock order: profiler → model registry; device calls happen outside it).
#ifndef ACLSIM_RUNTIME_MODEL_REGISTRY_H_
#define ACLSIM_RUNTIME_MODEL_REGISTRY_H_

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/device_table.h"
#include "runtime/model/graph.h"
#include "runtime/model/model_variants.h"
#include "runtime/prof/op_table.h"
#include "runtime/single_op.h"
#include "runtime/status.h"

namespace aclsim::runtime {

struct TensorDescription {
  std::string name;
  model::DataType dtype = model::DataType::kUndefined;
  model::Format format = model::Format::kUndefined;
  std::vector<int64_t> dims;
  size_t size_bytes = 0;
};

struct ModelDescription {
  uint32_t model_id = 0;
  std::string name;
  std::vector<TensorDescription> inputs;
  std::vector<TensorDescription> outputs;
  // A model with gears (LoadedModel): the kind, each gear's values, and the
  // inputs with -1 dims in --input_shape order.
  model::GearKind gear_kind = model::GearKind::kNone;
  std::vector<std::vector<int64_t>> gears;
  std::vector<std::pair<std::string, std::vector<int64_t>>> dynamic_inputs;
  bool dynamic = false;  // a dynamic-shape model: its shapes come with each execution
};

// One data buffer of an execution dataset (borrowed for the call).
struct BufferView {
  const void* data = nullptr;
  size_t size = 0;
};

struct LoadedModel;
using ModelRef = std::shared_ptr<const LoadedModel>;

struct LoadedModel {
  uint32_t id = 0;                      // the model id; a gear's tag (vendor::GearTag) for a gear
  DeviceState* device = nullptr;        // borrowed: devices live as long as the DeviceTable
  device::ExecutableId executable = 0;  // 0 for a model with gears (each gear has one)
  model::Graph graph;                   // a model with gears: its largest gear's
  std::vector<size_t> input_sizes;      // a model with gears: the largest over its gears
  std::vector<size_t> output_sizes;
  prof::OpTableRef ops;  // one entry per graph op
  Status costs_status;   // why |ops| has no costs, when the device could not give them

  // A model converted with gears (model/om_format.h): gears[i] runs
  // gear_values[i]; the gear input (kGearInputName) is the last input.
  model::GearKind gear_kind = model::GearKind::kNone;
  std::vector<std::vector<int64_t>> gear_values;
  std::vector<ModelRef> gears;
  std::vector<std::pair<std::string, std::vector<int64_t>>> dynamic_inputs;  // dims with -1
  // The gear the aclmdlSet* calls last chose (-1: none), which CANN keeps
  // per model and aclmdlGetCurOutputDims reports.
  mutable std::atomic<int32_t> current_gear{-1};

  // A dynamic-shape model (model::ModelVariants::dynamic): its source and
  // declared inputs and outputs; each distinct set of input shapes an
  // execution gives is compiled once (tag vendor::GearTag(id, k), k in
  // compile order) and kept until unload.
  bool dynamic = false;
  std::string source;
  model::ModelLoadOptions source_options;
  model::ModelSignature signature;
  StatusOr<model::Graph> (*load)(std::string_view, const model::ModelLoadOptions&) = nullptr;
  mutable std::mutex shapes_mu;
  mutable std::map<std::vector<std::vector<int64_t>>, ModelRef> by_shape;  // guarded by shapes_mu
  mutable std::vector<ModelRef> compiled;                                  // by k; guarded by shapes_mu
};

class ModelRegistry {
 public:
  ModelRegistry() = default;
  ModelRegistry(const ModelRegistry&) = delete;
  ModelRegistry& operator=(const ModelRegistry&) = delete;

  // Compiles |graph| on |device| and registers it; returns the loaded model
  // (its id is ->id).
  StatusOr<ModelRef> Load(DeviceState* device, model::Graph graph);
  // Compiles every gear of |variants| (or its one graph) and registers the
  // model; each gear gets its tag (vendor::GearTag). More than 1024 gears,
  // or a model id past vendor::kMaxGearModelId → kResourceExhausted.
  StatusOr<ModelRef> LoadVariants(DeviceState* device, model::ModelVariants variants);
  // Synchronises the model's device and unloads its executable.
  // Not loaded → kModelNotLoaded.
  Status Unload(uint32_t model_id);
  // Compiles the one-op graph of a single-op kernel (runtime/single_op.h)
  // on |device| and keeps it until UnloadAll; its id is a kernel tag
  // (>= kFirstKernelTag), which no aclmdl call accepts.
  StatusOr<ModelRef> LoadKernel(DeviceState* device, model::Graph graph);
  // nullptr when |model_id| is not a loaded model (kernels are not models).
  ModelRef Find(uint32_t model_id) const;

  // Model runtime instances (model_ri.h) take their ids from the models'
  // (never reused) and are registered as a model whose gear k is the kernel
  // of their k-th op task, so the records of a replay (tag
  // vendor::GearTag(id, k)) resolve to that kernel's op table. No aclmdl
  // call finds an instance (Find does not); FindInstance does.
  // ReserveId: no id left below vendor::kMaxGearModelId → kResourceExhausted.
  StatusOr<uint32_t> ReserveId();
  void SetInstance(uint32_t id, DeviceState* device, std::vector<ModelRef> op_kernels);
  void RemoveInstance(uint32_t id);
  ModelRef FindInstance(uint32_t id) const;
  // A model, else an instance (subscriptions take either).
  ModelRef FindModelOrInstance(uint32_t id) const { return Find(id) ? Find(id) : FindInstance(id); }
  // The model or kernel whose records carry |tag| (LaunchInfo.model_tag).
  ModelRef FindTag(uint32_t tag) const;
  // Unloads every model (at runtime teardown, before devices close).
  void UnloadAll();

  // Not loaded → kModelNotLoaded for the three below.
  StatusOr<ModelDescription> Describe(uint32_t model_id) const;
  StatusOr<std::vector<device::OpCost>> Costs(uint32_t model_id) const;
  // Checks the execution datasets against the model (kInvalidArgument with the
  // offending buffer named) and returns it; for a model with gears, the gear
  // its gear input holds (kDynamicBatchSize when it holds none of them,
  // kDynamicInputLength when that buffer is too short).
  // A dynamic-shape model runs the shapes |input_shapes| gives (one per
  // input; kInvalidArgument when it has none or any is empty), compiled on
  // first use; |out_compiled| (may be null) then says so.
  StatusOr<ModelRef> PrepareExecution(uint32_t model_id, const std::vector<BufferView>& inputs,
                                      const std::vector<BufferView>& outputs,
                                      const std::vector<std::vector<int64_t>>* input_shapes = nullptr,
                                      bool* out_compiled = nullptr);
  // Name and type of op |op_index| of a loaded model (kInvalidArgument otherwise).
  StatusOr<std::pair<std::string, std::string>> GetOp(uint32_t model_id, uint32_t op_index) const;

 private:
  StatusOr<std::shared_ptr<LoadedModel>> Compile(DeviceState* device, model::Graph graph);
  StatusOr<ModelRef> CompileShape(const ModelRef& m, const std::vector<std::vector<int64_t>>& shapes,
                                  bool* out_compiled);
  prof::OpTableRef BuildOpTable(const model::Graph& graph, const std::vector<device::OpCost>& costs);
  const prof::OpInfo* InternOpInfo(const model::Graph& graph, const model::Op& op);

  mutable std::mutex mu_;
  std::unordered_map<uint32_t, ModelRef> models_;
  std::unordered_map<uint32_t, ModelRef> kernels_;
  std::unordered_map<uint32_t, ModelRef> instances_;
  uint32_t next_model_id_ = 1;
  uint32_t next_kernel_tag_ = kFirstKernelTag;
  // Stable addresses for the op tables' msprof columns; sessions keep
  // pointers into it after a model is unloaded, so entries are never freed.
  std::deque<prof::OpInfo> op_infos_;
};

Status ModelNotLoaded(uint32_t model_id);

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_MODEL_REGISTRY_H_
