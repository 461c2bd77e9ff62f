#include "runtime/model_registry.h"

#include <cctype>

#include "runtime/log.h"
#include "runtime/vendor.h"

namespace aclsim::runtime {
namespace {

std::string Upper(const char* s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// msprof's names for the data types it spells differently from ours.
const char* MsprofDtype(model::DataType dtype) {
  switch (dtype) {
    case model::DataType::kFloat32: return "FLOAT";
    case model::DataType::kFloat16: return "FLOAT16";
    case model::DataType::kBfloat16: return "BF16";
    case model::DataType::kFloat64: return "DOUBLE";
    default: return nullptr;
  }
}

enum class Column { kShape, kDataType, kFormat };

// One msprof op_summary column over |tensors|: values joined by ';'.
std::string Join(const model::Graph& g, const std::vector<int32_t>& tensors, Column what) {
  std::string out;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const model::Tensor& t = g.tensor(tensors[i]);
    if (i) out += ';';
    if (what == Column::kShape) {
      for (size_t d = 0; d < t.shape.size(); ++d) out += (d ? "," : "") + std::to_string(t.shape[d]);
    } else if (what == Column::kDataType) {
      const char* name = MsprofDtype(t.dtype);
      out += name ? name : Upper(model::DataTypeName(t.dtype));
    } else {
      out += model::FormatName(t.format);
    }
  }
  return out;
}

Status CheckBuffers(const char* what, const std::vector<BufferView>& bufs, const std::vector<size_t>& sizes) {
  if (bufs.size() != sizes.size()) {
    return Status(StatusCode::kInvalidArgument, std::string(what) + " dataset has " + std::to_string(bufs.size()) +
                                                    " buffers, the model has " + std::to_string(sizes.size()));
  }
  for (size_t i = 0; i < bufs.size(); ++i) {
    if (bufs[i].data == nullptr || bufs[i].size < sizes[i]) {
      return Status(StatusCode::kInvalidArgument, std::string(what) + " buffer " + std::to_string(i) + " holds " +
                                                      std::to_string(bufs[i].size) + " bytes at " +
                                                      (bufs[i].data ? "a valid address" : "NULL") +
                                                      ", the model needs " + std::to_string(sizes[i]));
    }
  }
  return OkStatus();
}

}  // namespace

Status ModelNotLoaded(uint32_t model_id) {
  return Status(Detail::kModelNotLoaded, "model id " + std::to_string(model_id) + " is not loaded");
}

const prof::OpInfo* ModelRegistry::InternOpInfo(const model::Graph& g, const model::Op& op) {
  prof::OpInfo info;
  info.name = op.name;
  info.type = op.type;
  info.task_type = model::EngineName(op.engine);
  if (op.type == vendor::kMemcpyTaskType || op.type == vendor::kMemsetTaskType) {
    info.name.clear();  // a copy has no kernel name (task_time: N/A)
    info.task_type = op.type;
    info.compute = false;
  }
  info.input_shapes = Join(g, op.inputs, Column::kShape);
  info.input_data_types = Join(g, op.inputs, Column::kDataType);
  info.input_formats = Join(g, op.inputs, Column::kFormat);
  info.output_shapes = Join(g, op.outputs, Column::kShape);
  info.output_data_types = Join(g, op.outputs, Column::kDataType);
  info.output_formats = Join(g, op.outputs, Column::kFormat);
  op_infos_.push_back(std::move(info));
  return &op_infos_.back();
}

prof::OpTableRef ModelRegistry::BuildOpTable(const model::Graph& graph, const std::vector<device::OpCost>& costs) {
  auto table = std::make_shared<prof::OpTable>();
  table->reserve(graph.ops.size());
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    const model::Op& op = graph.ops[i];
    prof::OpEntry entry;
    entry.strings = prof::OpNameTable::Global().Intern(op.type, op.name);
    entry.info = InternOpInfo(graph, op);
    if (i < costs.size()) entry.cost = costs[i];
    entry.subgraph = op.type == vendor::kFftsPlusOpType;
    table->push_back(entry);
  }
  return table;
}

StatusOr<std::shared_ptr<LoadedModel>> ModelRegistry::Compile(DeviceState* device, model::Graph graph) {
  // The loaders reject oversized tensors; a graph built by other means is
  // checked here too, so that no size below saturates.
  for (const model::Tensor& t : graph.tensors) {
    if (t.ElementCount() > model::kMaxTensorElements) {
      return Status(Detail::kModelParse, "model: tensor '" + t.name + "' is too large (more than 2^40 elements)");
    }
  }
  auto exe = device->device().LoadGraph(graph);
  if (!exe.ok()) return exe.status();
  auto loaded = std::make_shared<LoadedModel>();
  loaded->device = device;
  loaded->executable = *exe;
  for (int32_t t : graph.inputs) loaded->input_sizes.push_back(static_cast<size_t>(graph.tensor(t).SizeBytes()));
  for (int32_t t : graph.outputs) loaded->output_sizes.push_back(static_cast<size_t>(graph.tensor(t).SizeBytes()));
  auto costs = device->device().GetGraphCosts(*exe);
  if (!costs.ok()) loaded->costs_status = costs.status();
  std::lock_guard<std::mutex> lock(mu_);
  loaded->ops = BuildOpTable(graph, costs.ok() ? *costs : std::vector<device::OpCost>{});
  loaded->graph = std::move(graph);
  return loaded;
}

StatusOr<ModelRef> ModelRegistry::Load(DeviceState* device, model::Graph graph) {
  ACLSIM_ASSIGN_OR_RETURN(std::shared_ptr<LoadedModel> loaded, Compile(device, std::move(graph)));
  std::lock_guard<std::mutex> lock(mu_);
  loaded->id = next_model_id_++;
  const uint32_t id = loaded->id;
  Log(LogLevel::kInfo, "loaded model " + std::to_string(id) + " '" + loaded->graph.name + "' with " +
                           std::to_string(loaded->graph.ops.size()) + " ops");
  models_.emplace(id, loaded);
  return ModelRef(std::move(loaded));
}

StatusOr<ModelRef> ModelRegistry::LoadKernel(DeviceState* device, model::Graph graph) {
  ACLSIM_ASSIGN_OR_RETURN(std::shared_ptr<LoadedModel> loaded, Compile(device, std::move(graph)));
  std::lock_guard<std::mutex> lock(mu_);
  if (next_kernel_tag_ == UINT32_MAX) {
    return Status(StatusCode::kResourceExhausted, "no single-op kernel tag left (2^31 kernels compiled)");
  }
  loaded->id = next_kernel_tag_++;
  Log(LogLevel::kDebug, "compiled single-op kernel " + std::to_string(loaded->id) + " '" + loaded->graph.name +
                            "' on device " + std::to_string(device->id()));
  kernels_.emplace(loaded->id, loaded);
  return ModelRef(std::move(loaded));
}

Status ModelRegistry::Unload(uint32_t model_id) {
  ModelRef model;
  {
    // Out of the table first: a racing Unload of the same id finds nothing,
    // and new executions fail with the unknown model id.
    std::lock_guard<std::mutex> lock(mu_);
    auto it = models_.find(model_id);
    if (it == models_.end()) return ModelNotLoaded(model_id);
    model = std::move(it->second);
    models_.erase(it);
  }
  device::Device& dev = model->device->device();
  (void)dev.SynchronizeDevice();
  if (Status s = dev.UnloadGraph(model->executable); !s.ok()) {
    std::lock_guard<std::mutex> lock(mu_);
    models_.emplace(model_id, std::move(model));  // still loaded on the device
    return s;
  }
  return OkStatus();
}

void ModelRegistry::UnloadAll() {
  std::unordered_map<uint32_t, ModelRef> models;
  {
    std::lock_guard<std::mutex> lock(mu_);
    models.swap(models_);
    models.merge(kernels_);
    kernels_.clear();
  }
  for (auto& [id, m] : models) {
    (void)m->device->device().SynchronizeDevice();
    (void)m->device->device().UnloadGraph(m->executable);
  }
}

ModelRef ModelRegistry::Find(uint32_t model_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = models_.find(model_id);
  return it == models_.end() ? nullptr : it->second;
}

ModelRef ModelRegistry::FindTag(uint32_t tag) const {
  std::lock_guard<std::mutex> lock(mu_);
  const auto& table = IsKernelTag(tag) ? kernels_ : models_;
  auto it = table.find(tag);
  return it == table.end() ? nullptr : it->second;
}

StatusOr<ModelDescription> ModelRegistry::Describe(uint32_t model_id) const {
  ModelRef m = Find(model_id);
  if (!m) return ModelNotLoaded(model_id);
  const model::Graph& g = m->graph;
  ModelDescription desc;
  desc.model_id = model_id;
  desc.name = g.name;
  auto describe = [&](int32_t index) {
    const model::Tensor& t = g.tensor(index);
    return TensorDescription{t.name, t.dtype, t.format, t.shape, static_cast<size_t>(t.SizeBytes())};
  };
  for (int32_t t : g.inputs) desc.inputs.push_back(describe(t));
  for (int32_t t : g.outputs) desc.outputs.push_back(describe(t));
  return desc;
}

StatusOr<std::vector<device::OpCost>> ModelRegistry::Costs(uint32_t model_id) const {
  ModelRef m = Find(model_id);
  if (!m) return ModelNotLoaded(model_id);
  if (!m->costs_status.ok()) return m->costs_status;
  std::vector<device::OpCost> costs;
  costs.reserve(m->ops->size());
  for (const prof::OpEntry& op : *m->ops) costs.push_back(op.cost);
  return costs;
}

StatusOr<ModelRef> ModelRegistry::PrepareExecution(uint32_t model_id, const std::vector<BufferView>& inputs,
                                                   const std::vector<BufferView>& outputs) const {
  ModelRef m = Find(model_id);
  if (!m) return ModelNotLoaded(model_id);
  ACLSIM_RETURN_IF_ERROR(CheckBuffers("input", inputs, m->input_sizes));
  ACLSIM_RETURN_IF_ERROR(CheckBuffers("output", outputs, m->output_sizes));
  return m;
}

StatusOr<std::pair<std::string, std::string>> ModelRegistry::GetOp(uint32_t model_id, uint32_t op_index) const {
  ModelRef m = Find(model_id);
  if (!m || op_index >= m->graph.ops.size()) {
    return Status(StatusCode::kInvalidArgument,
                  "no op " + std::to_string(op_index) + " in model " + std::to_string(model_id));
  }
  const model::Op& op = m->graph.ops[op_index];
  return std::make_pair(op.name, op.type);
}

}  // namespace aclsim::runtime
