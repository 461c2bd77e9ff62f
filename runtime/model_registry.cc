#include "runtime/model_registry.h"

#include <algorithm>
#include <cctype>
#include <cstring>

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

// The gear a gear model's gear input holds: one little-endian value per
// value of a gear, 8 bytes each when the buffer has room, else 4 (as the
// aclmdlSet* calls write them).
StatusOr<size_t> ChosenGear(const LoadedModel& m, const BufferView& buf) {
  const size_t k = m.gear_values.empty() ? 0 : m.gear_values.front().size();
  if (buf.data == nullptr || buf.size < 4 * k) {
    return Status(Detail::kDynamicInputLength, std::string("the gear input (") + model::kGearInputName + ") holds " +
                                                   std::to_string(buf.size) + " bytes; model " + std::to_string(m.id) +
                                                   " needs " + std::to_string(4 * k));
  }
  const size_t esize = buf.size >= 8 * k ? 8 : 4;
  std::vector<int64_t> held(k);
  std::string text;
  for (size_t i = 0; i < k; ++i) {
    uint64_t v = 0;
    std::memcpy(&v, static_cast<const char*>(buf.data) + i * esize, esize);
    held[i] = static_cast<int64_t>(v);
    text += (i ? "," : "") + std::to_string(v);
  }
  for (size_t g = 0; g < m.gear_values.size(); ++g) {
    if (m.gear_values[g] == held) return g;
  }
  return Status(Detail::kDynamicBatchSize,
                std::string("the gear input (") + model::kGearInputName + ") holds [" + text +
                    "], which is not a gear of model " + std::to_string(m.id) +
                    "; choose one with aclmdlSetDynamicBatchSize, aclmdlSetDynamicHWSize or aclmdlSetInputDynamicDims");
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
    entry.copy_task = op.type == vendor::kMemcpyTaskType || op.type == vendor::kMemsetTaskType;
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

StatusOr<ModelRef> ModelRegistry::LoadVariants(DeviceState* device, model::ModelVariants variants) {
  if (variants.dynamic) {
    auto top = std::make_shared<LoadedModel>();
    top->device = device;
    top->dynamic = true;
    top->source = std::move(variants.source);
    top->source_options = std::move(variants.source_options);
    top->signature = std::move(variants.signature);
    top->load = variants.load;
    top->graph.name = "dynamic";
    top->ops = std::make_shared<prof::OpTable>();
    std::lock_guard<std::mutex> lock(mu_);
    if (next_model_id_ > vendor::kMaxGearModelId) {
      return Status(StatusCode::kResourceExhausted,
                    "model ids past " + std::to_string(vendor::kMaxGearModelId) + " cannot have dynamic shapes");
    }
    top->id = next_model_id_++;
    Log(LogLevel::kInfo, "loaded dynamic-shape model " + std::to_string(top->id));
    models_.emplace(top->id, top);
    return ModelRef(std::move(top));
  }
  if (variants.gear_kind == model::GearKind::kNone && variants.graphs.size() == 1) {
    return Load(device, std::move(variants.graphs.front()));
  }
  if (variants.graphs.empty() || variants.graphs.size() > 1024 || variants.graphs.size() != variants.gears.size()) {
    return Status(StatusCode::kResourceExhausted, "model: " + std::to_string(variants.graphs.size()) +
                                                      " gears (aclsim runs 1 to 1024, one graph each)");
  }
  std::vector<std::shared_ptr<LoadedModel>> gears;
  auto unload_gears = [&] {
    for (const auto& g : gears) (void)device->device().UnloadGraph(g->executable);
  };
  for (model::Graph& graph : variants.graphs) {
    auto gear = Compile(device, std::move(graph));
    if (!gear.ok()) {
      unload_gears();
      return gear.status();
    }
    gears.push_back(std::move(gear).value());
  }
  // The model describes its largest gear (the most input bytes), as CANN's.
  auto input_bytes = [](const LoadedModel& m) {
    size_t n = 0;
    for (size_t s : m.input_sizes) n += s;
    return n;
  };
  const auto largest = std::max_element(
      gears.begin(), gears.end(), [&](const auto& a, const auto& b) { return input_bytes(*a) < input_bytes(*b); });
  auto top = std::make_shared<LoadedModel>();
  top->device = device;
  top->graph = (*largest)->graph;
  top->ops = (*largest)->ops;
  top->costs_status = (*largest)->costs_status;
  top->input_sizes = (*largest)->input_sizes;
  top->output_sizes = (*largest)->output_sizes;
  for (const auto& g : gears) {
    for (size_t i = 0; i < g->input_sizes.size() && i < top->input_sizes.size(); ++i)
      top->input_sizes[i] = std::max(top->input_sizes[i], g->input_sizes[i]);
    for (size_t i = 0; i < g->output_sizes.size() && i < top->output_sizes.size(); ++i)
      top->output_sizes[i] = std::max(top->output_sizes[i], g->output_sizes[i]);
  }
  top->gear_kind = variants.gear_kind;
  top->gear_values = std::move(variants.gears);
  top->dynamic_inputs = std::move(variants.dynamic_inputs);
  std::lock_guard<std::mutex> lock(mu_);
  if (next_model_id_ > vendor::kMaxGearModelId) {
    unload_gears();
    return Status(StatusCode::kResourceExhausted,
                  "model ids past " + std::to_string(vendor::kMaxGearModelId) + " cannot carry gears");
  }
  top->id = next_model_id_++;
  for (size_t i = 0; i < gears.size(); ++i) {
    gears[i]->id = vendor::GearTag(top->id, static_cast<uint32_t>(i));
    top->gears.push_back(gears[i]);
  }
  Log(LogLevel::kInfo, "loaded model " + std::to_string(top->id) + " '" + top->graph.name + "' with " +
                           std::to_string(gears.size()) + " " + model::GearKindName(top->gear_kind) + " gears");
  models_.emplace(top->id, top);
  return ModelRef(std::move(top));
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
  if (!model->gears.empty() || model->dynamic) {
    for (const ModelRef& g : model->gears) (void)dev.UnloadGraph(g->executable);
    std::lock_guard<std::mutex> shapes(model->shapes_mu);
    for (const ModelRef& g : model->compiled) (void)dev.UnloadGraph(g->executable);
    return OkStatus();
  }
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
    instances_.clear();  // they hold kernels of kernels_, unloaded below
  }
  for (auto& [id, m] : models) {
    (void)m->device->device().SynchronizeDevice();
    for (const ModelRef& g : m->gears) (void)m->device->device().UnloadGraph(g->executable);
    if (m->dynamic) {
      std::lock_guard<std::mutex> shapes(m->shapes_mu);
      for (const ModelRef& g : m->compiled) (void)m->device->device().UnloadGraph(g->executable);
    }
    if (m->gears.empty() && !m->dynamic) (void)m->device->device().UnloadGraph(m->executable);
  }
}

ModelRef ModelRegistry::Find(uint32_t model_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = models_.find(model_id);
  return it == models_.end() ? nullptr : it->second;
}

StatusOr<uint32_t> ModelRegistry::ReserveId() {
  std::lock_guard<std::mutex> lock(mu_);
  if (next_model_id_ > vendor::kMaxGearModelId) {
    return Status(StatusCode::kResourceExhausted, "no model id is left for a model runtime instance");
  }
  return next_model_id_++;
}

void ModelRegistry::SetInstance(uint32_t id, DeviceState* device, std::vector<ModelRef> op_kernels) {
  auto m = std::make_shared<LoadedModel>();
  m->id = id;
  m->device = device;
  m->ops = std::make_shared<const prof::OpTable>();
  m->gears = std::move(op_kernels);
  std::lock_guard<std::mutex> lock(mu_);
  instances_[id] = std::move(m);
}

void ModelRegistry::RemoveInstance(uint32_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  instances_.erase(id);
}

ModelRef ModelRegistry::FindInstance(uint32_t id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = instances_.find(id);
  return it == instances_.end() ? nullptr : it->second;
}

ModelRef ModelRegistry::FindTag(uint32_t tag) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (vendor::IsGearTag(tag)) {
    auto it = models_.find(vendor::ExportedModelId(tag));
    const size_t gear = (tag - vendor::kFirstGearTag) >> vendor::kGearShift;
    if (it == models_.end()) {
      it = instances_.find(vendor::ExportedModelId(tag));
      if (it == instances_.end()) return nullptr;
    }
    if (it->second->dynamic) {
      std::lock_guard<std::mutex> shapes(it->second->shapes_mu);  // lock order: registry, then the model's shapes
      return gear < it->second->compiled.size() ? it->second->compiled[gear] : nullptr;
    }
    return gear >= it->second->gears.size() ? nullptr : it->second->gears[gear];
  }
  const auto& table = IsKernelTag(tag) ? kernels_ : models_;
  auto it = table.find(tag);
  return it == table.end() ? nullptr : it->second;
}

StatusOr<ModelDescription> ModelRegistry::Describe(uint32_t model_id) const {
  ModelRef m = Find(model_id);
  if (!m) return ModelNotLoaded(model_id);
  const model::Graph& g = m->graph;
  ModelDescription desc;
  if (m->dynamic) {
    // As declared, -1 for a dim known at execution; such a tensor's size is 0.
    auto describe_sig = [](const model::TensorSignature& t) {
      int64_t n = static_cast<int64_t>(model::DataTypeSize(t.dtype));
      for (int64_t d : t.dims) n = d < 0 ? 0 : n * d;
      return TensorDescription{t.name, t.dtype, t.format, t.dims, static_cast<size_t>(n)};
    };
    desc.model_id = model_id;
    desc.name = g.name;
    desc.dynamic = true;
    for (const auto& t : m->signature.inputs) desc.inputs.push_back(describe_sig(t));
    for (const auto& t : m->signature.outputs) desc.outputs.push_back(describe_sig(t));
    return desc;
  }
  desc.model_id = model_id;
  desc.name = g.name;
  auto describe = [&](int32_t index) {
    const model::Tensor& t = g.tensor(index);
    return TensorDescription{t.name, t.dtype, t.format, t.shape, static_cast<size_t>(t.SizeBytes())};
  };
  for (int32_t t : g.inputs) desc.inputs.push_back(describe(t));
  for (int32_t t : g.outputs) desc.outputs.push_back(describe(t));
  desc.gear_kind = m->gear_kind;
  desc.gears = m->gear_values;
  desc.dynamic_inputs = m->dynamic_inputs;
  // A model with gears: -1 on the dynamic axes, the largest gear's sizes.
  for (size_t i = 0; i < desc.inputs.size() && !m->gears.empty(); ++i) {
    desc.inputs[i].size_bytes = m->input_sizes[i];
    for (const auto& [name, dims] : m->dynamic_inputs) {
      if (name == desc.inputs[i].name) desc.inputs[i].dims = dims;
    }
  }
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

StatusOr<ModelRef> ModelRegistry::CompileShape(const ModelRef& m, const std::vector<std::vector<int64_t>>& shapes,
                                               bool* out_compiled) {
  {
    std::lock_guard<std::mutex> lock(m->shapes_mu);
    auto it = m->by_shape.find(shapes);
    if (it != m->by_shape.end()) return it->second;
  }
  // Compiled outside the model's lock (Compile takes the registry's).
  model::ModelLoadOptions options = m->source_options;
  for (size_t i = 0; i < shapes.size() && i < m->signature.inputs.size(); ++i) {
    options.input_shapes[m->signature.inputs[i].name] = shapes[i];
  }
  if (m->load == nullptr) return Status(Detail::kModelParse, "model: no loader for the dynamic-shape model");
  StatusOr<model::Graph> graph = m->load(m->source, options);
  if (!graph.ok()) {
    return Status(StatusCode::kInvalidArgument, "the input shapes do not fit model " + std::to_string(m->id) + ": " +
                                                    std::string(graph.status().message()));
  }
  ACLSIM_ASSIGN_OR_RETURN(std::shared_ptr<LoadedModel> compiled, Compile(m->device, std::move(graph).value()));
  std::lock_guard<std::mutex> lock(m->shapes_mu);
  auto it = m->by_shape.find(shapes);
  if (it != m->by_shape.end()) {  // another thread compiled the same shapes meanwhile
    (void)m->device->device().UnloadGraph(compiled->executable);
    return it->second;
  }
  if (m->compiled.size() >= model::kMaxOmGears) {
    (void)m->device->device().UnloadGraph(compiled->executable);
    return Status(StatusCode::kResourceExhausted, "model " + std::to_string(m->id) + " already runs " +
                                                      std::to_string(model::kMaxOmGears) + " distinct input shapes");
  }
  compiled->id = vendor::GearTag(m->id, static_cast<uint32_t>(m->compiled.size()));
  m->compiled.push_back(compiled);
  m->by_shape.emplace(shapes, compiled);
  if (out_compiled != nullptr) *out_compiled = true;
  return ModelRef(std::move(compiled));
}

StatusOr<ModelRef> ModelRegistry::PrepareExecution(uint32_t model_id, const std::vector<BufferView>& inputs,
                                                   const std::vector<BufferView>& outputs,
                                                   const std::vector<std::vector<int64_t>>* input_shapes,
                                                   bool* out_compiled) {
  ModelRef m = Find(model_id);
  if (!m) return ModelNotLoaded(model_id);
  if (m->dynamic) {
    const size_t n = m->signature.inputs.size();
    if (input_shapes == nullptr || input_shapes->size() != n ||
        std::any_of(input_shapes->begin(), input_shapes->end(), [](const auto& s) { return s.empty(); })) {
      return Status(StatusCode::kInvalidArgument,
                    "model " + std::to_string(model_id) +
                        " has dynamic shapes: give every input its shape with aclmdlSetDatasetTensorDesc");
    }
    ACLSIM_ASSIGN_OR_RETURN(m, CompileShape(m, *input_shapes, out_compiled));
  }
  if (!m->gears.empty() && inputs.size() == m->input_sizes.size()) {
    ACLSIM_ASSIGN_OR_RETURN(size_t gear, ChosenGear(*m, inputs.back()));
    m = m->gears[gear];
  }
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
