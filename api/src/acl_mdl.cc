// Model entry points (acl_mdl.h): load/unload/execute, descriptions, datasets.
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"
#include "api/src/live_handles.h"
#include "runtime/model/model_loader.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::api::LiveHandles;

namespace {

aclsim::Status NotInitialized(const char* function) {
  return aclsim::Status(aclsim::Detail::kNotInitialized,
                        std::string(function) + ": model execution is not initialised; call aclInit first");
}

aclError LoadGraph(const char* function, aclsim::StatusOr<aclsim::model::ModelVariants> graph, uint32_t* modelId) {
  if (!graph.ok()) return Convert(function, graph.status());
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  auto id = rt->LoadModelVariants(std::move(graph).value());
  if (!id.ok()) return Convert(function, id.status());
  *modelId = *id;
  return ACL_SUCCESS;
}

// Buffers of |dataset| as views; NULL entries → error.
aclError Views(const char* function, const aclmdlDataset* dataset, std::vector<aclsim::runtime::BufferView>* out) {
  for (const aclDataBuffer* b : dataset->buffers) {
    if (b == nullptr) return InvalidParam(function, "dataset holds a NULL data buffer");
    out->push_back({b->data, b->size});
  }
  return ACL_SUCCESS;
}

// Replaces the desc at |index| of |dataset| (NULL: removes it).
void PutDesc(aclmdlDataset* dataset, size_t index, aclTensorDesc* desc) {
  if (dataset->descs.size() <= index) dataset->descs.resize(index + 1, nullptr);
  if (dataset->descs[index] != nullptr) (void)LiveHandles<aclTensorDesc>::Global().Destroy(dataset->descs[index]);
  dataset->descs[index] = desc;
}

// The output descs after an execution with input descs: each output's data
// type and format, and the shape it ran with. A desc already there is
// updated in place (CANN recreates it; a pointer read before stays valid
// here), so a steady loop allocates nothing.
void SetOutputDescs(aclsim::runtime::Runtime& rt, uint32_t model_id, const std::vector<std::vector<int64_t>>& shapes,
                    aclmdlDataset* output) {
  std::optional<aclsim::StatusOr<aclsim::runtime::ModelDescription>> desc;
  for (size_t i = 0; i < output->buffers.size() && i < shapes.size(); ++i) {
    if (i < output->descs.size() && output->descs[i] != nullptr) {
      output->descs[i]->tensor.shape = shapes[i];
      continue;
    }
    if (!desc) desc = rt.models().Describe(model_id);
    aclTensorDesc d;
    if (desc->ok() && i < (*desc)->outputs.size()) {
      d.tensor.dtype = (*desc)->outputs[i].dtype;
      d.tensor.format = (*desc)->outputs[i].format;
      d.name = (*desc)->outputs[i].name;
    }
    d.tensor.shape = shapes[i];
    PutDesc(output, i, LiveHandles<aclTensorDesc>::Global().Create(std::move(d)));
  }
}

// The shapes of the input dataset's tensor descs (an empty shape where
// there is none); empty when it has none at all.
std::vector<std::vector<int64_t>> DescShapes(const aclmdlDataset* input) {
  std::vector<std::vector<int64_t>> shapes(input->buffers.size());
  bool any = false;
  for (size_t i = 0; i < input->descs.size() && i < shapes.size(); ++i) {
    if (input->descs[i] == nullptr) continue;
    shapes[i] = input->descs[i]->tensor.shape;
    any = true;
  }
  if (!any) shapes.clear();
  return shapes;
}

aclError Execute(const char* function, uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output,
                 aclrtStream stream, bool synchronous) {
  aclsim::api::ApiScope api_scope(function);
  if (input == nullptr || output == nullptr) return InvalidParam(function, "input or output dataset is NULL");
  std::vector<aclsim::runtime::BufferView> in, out;
  if (aclError e = Views(function, input, &in); e != ACL_SUCCESS) return e;
  if (aclError e = Views(function, output, &out); e != ACL_SUCCESS) return e;
  if (!aclsim::api::IsInitialized()) return Convert(function, NotInitialized(function));
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  const std::vector<std::vector<int64_t>> shapes = DescShapes(input);
  std::vector<std::vector<int64_t>> out_shapes;
  aclsim::Status s = rt->ExecuteModel(modelId, in, out, aclsim::api::ToStream(stream), synchronous, api_scope.launch(),
                                      shapes.empty() ? nullptr : &shapes, shapes.empty() ? nullptr : &out_shapes);
  if (!s.ok()) return Convert(function, s);
  // With input tensor descs, every output gets one with the shape it ran with (CANN's model.cpp ModelExecute).
  if (!shapes.empty()) SetOutputDescs(*rt, modelId, out_shapes, output);
  return ACL_SUCCESS;
}

const aclsim::runtime::TensorDescription* Tensor(const aclmdlDesc* desc, size_t index, bool input) {
  if (desc == nullptr || !desc->filled) return nullptr;
  const auto& list = input ? desc->desc.inputs : desc->desc.outputs;
  return index < list.size() ? &list[index] : nullptr;
}

aclError Dims(const char* function, const aclmdlDesc* desc, size_t index, aclmdlIODims* dims, bool input) {
  if (dims == nullptr) return InvalidParam(function, "dims is NULL");
  const auto* t = Tensor(desc, index, input);
  if (t == nullptr) return InvalidParam(function, "NULL or unfilled description, or index out of range");
  std::memset(dims, 0, sizeof(*dims));
  std::strncpy(dims->name, t->name.c_str(), ACL_MAX_TENSOR_NAME_LEN - 1);
  dims->dimCount = t->dims.size();
  for (size_t i = 0; i < t->dims.size() && i < ACL_MAX_DIM_CNT; ++i) dims->dims[i] = t->dims[i];
  return ACL_SUCCESS;
}

aclError IndexByName(const char* function, const aclmdlDesc* desc, const char* name, size_t* index, bool input) {
  if (desc == nullptr || name == nullptr || index == nullptr) return InvalidParam(function, "NULL argument");
  if (desc->filled) {
    const auto& list = input ? desc->desc.inputs : desc->desc.outputs;
    for (size_t i = 0; i < list.size(); ++i) {
      if (list[i].name == name) {
        *index = i;
        return ACL_SUCCESS;
      }
    }
  }
  return InvalidParam(function, (std::string("no tensor named '") + name + "'").c_str());
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromFile(const char* modelPath, uint32_t* modelId) try {
  ACLSIM_PROLOGUE(aclmdlLoadFromFile);
  if (!aclsim::api::IsInitialized()) return Convert(__func__, NotInitialized(kApiName));
  return LoadGraph(kApiName, aclsim::model::LoadModelVariantsFromFile(modelPath, {}), modelId);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromMem(const void* model, size_t modelSize, uint32_t* modelId) try {
  ACLSIM_PROLOGUE(aclmdlLoadFromMem);
  if (!aclsim::api::IsInitialized()) return Convert(__func__, NotInitialized(kApiName));
  std::string_view bytes(static_cast<const char*>(model), modelSize);
  return LoadGraph(kApiName, aclsim::model::LoadModelVariants(bytes, {}), modelId);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlUnload(uint32_t modelId) try {
  ACLSIM_PROLOGUE(aclmdlUnload);
  if (!aclsim::api::IsInitialized()) return Convert(__func__, NotInitialized(kApiName));
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->UnloadModel(modelId));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output) try {
  ACLSIM_PROLOGUE(aclmdlExecute);
  return Execute(kApiName, modelId, input, output, nullptr, /*synchronous=*/true);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlExecuteAsync(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output,
                                                aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclmdlExecuteAsync);
  return Execute(kApiName, modelId, input, output, stream, /*synchronous=*/false);
}
ACLSIM_EDGE_CATCH

// ------------------------------------------------------------ descriptions

ACL_FUNC_VISIBILITY aclmdlDesc* aclmdlCreateDesc(void) try { return LiveHandles<aclmdlDesc>::Global().Create(); }
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError aclmdlDestroyDesc(aclmdlDesc* modelDesc) try {
  ACLSIM_PROLOGUE(aclmdlDestroyDesc);
  if (!LiveHandles<aclmdlDesc>::Global().Destroy(modelDesc)) {
    return InvalidParam(kApiName, "modelDesc is not a live model description (already destroyed?)");
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlGetDesc(aclmdlDesc* modelDesc, uint32_t modelId) try {
  ACLSIM_PROLOGUE(aclmdlGetDesc);
  if (!aclsim::api::IsInitialized()) return Convert(__func__, NotInitialized(kApiName));
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto desc = rt->models().Describe(modelId);
  if (!desc.ok()) return Convert(__func__, desc.status());
  modelDesc->desc = std::move(desc).value();
  modelDesc->filled = true;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY size_t aclmdlGetNumInputs(aclmdlDesc* modelDesc) try {
  return modelDesc != nullptr && modelDesc->filled ? modelDesc->desc.inputs.size() : 0;
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

ACL_FUNC_VISIBILITY size_t aclmdlGetNumOutputs(aclmdlDesc* modelDesc) try {
  return modelDesc != nullptr && modelDesc->filled ? modelDesc->desc.outputs.size() : 0;
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

ACL_FUNC_VISIBILITY size_t aclmdlGetInputSizeByIndex(aclmdlDesc* modelDesc, size_t index) try {
  const auto* t = Tensor(modelDesc, index, true);
  return t ? t->size_bytes : 0;
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

ACL_FUNC_VISIBILITY size_t aclmdlGetOutputSizeByIndex(aclmdlDesc* modelDesc, size_t index) try {
  const auto* t = Tensor(modelDesc, index, false);
  return t ? t->size_bytes : 0;
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) try {
  ACLSIM_PROLOGUE(aclmdlGetInputDims);
  return Dims(kApiName, modelDesc, index, dims, true);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDimsV2(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) try {
  ACLSIM_PROLOGUE(aclmdlGetInputDimsV2);
  return Dims(kApiName, modelDesc, index, dims, true);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlGetOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) try {
  ACLSIM_PROLOGUE(aclmdlGetOutputDims);
  return Dims(kApiName, modelDesc, index, dims, false);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY const char* aclmdlGetInputNameByIndex(const aclmdlDesc* modelDesc, size_t index) try {
  const auto* t = Tensor(modelDesc, index, true);
  return t ? t->name.c_str() : "";
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY const char* aclmdlGetOutputNameByIndex(const aclmdlDesc* modelDesc, size_t index) try {
  const auto* t = Tensor(modelDesc, index, false);
  return t ? t->name.c_str() : "";
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclFormat aclmdlGetInputFormat(const aclmdlDesc* modelDesc, size_t index) try {
  const auto* t = Tensor(modelDesc, index, true);
  return t ? static_cast<aclFormat>(t->format) : ACL_FORMAT_UNDEFINED;
}
ACLSIM_EDGE_CATCH_RETURN(ACL_FORMAT_UNDEFINED)

ACL_FUNC_VISIBILITY aclFormat aclmdlGetOutputFormat(const aclmdlDesc* modelDesc, size_t index) try {
  const auto* t = Tensor(modelDesc, index, false);
  return t ? static_cast<aclFormat>(t->format) : ACL_FORMAT_UNDEFINED;
}
ACLSIM_EDGE_CATCH_RETURN(ACL_FORMAT_UNDEFINED)

ACL_FUNC_VISIBILITY aclDataType aclmdlGetInputDataType(const aclmdlDesc* modelDesc, size_t index) try {
  const auto* t = Tensor(modelDesc, index, true);
  return t ? static_cast<aclDataType>(t->dtype) : ACL_DT_UNDEFINED;
}
ACLSIM_EDGE_CATCH_RETURN(ACL_DT_UNDEFINED)

ACL_FUNC_VISIBILITY aclDataType aclmdlGetOutputDataType(const aclmdlDesc* modelDesc, size_t index) try {
  const auto* t = Tensor(modelDesc, index, false);
  return t ? static_cast<aclDataType>(t->dtype) : ACL_DT_UNDEFINED;
}
ACLSIM_EDGE_CATCH_RETURN(ACL_DT_UNDEFINED)

ACL_FUNC_VISIBILITY aclError aclmdlGetInputIndexByName(const aclmdlDesc* modelDesc, const char* name,
                                                       size_t* index) try {
  ACLSIM_PROLOGUE(aclmdlGetInputIndexByName);
  return IndexByName(kApiName, modelDesc, name, index, true);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlGetOutputIndexByName(const aclmdlDesc* modelDesc, const char* name,
                                                        size_t* index) try {
  ACLSIM_PROLOGUE(aclmdlGetOutputIndexByName);
  return IndexByName(kApiName, modelDesc, name, index, false);
}
ACLSIM_EDGE_CATCH

// ---------------------------------------------------------------- datasets

ACL_FUNC_VISIBILITY aclmdlDataset* aclmdlCreateDataset(void) try {
  return LiveHandles<aclmdlDataset>::Global().Create();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError aclmdlDestroyDataset(const aclmdlDataset* dataset) try {
  ACLSIM_PROLOGUE(aclmdlDestroyDataset);
  if (LiveHandles<aclmdlDataset>::Global().IsLive(dataset)) {
    for (aclTensorDesc* d : dataset->descs) {
      if (d != nullptr) (void)LiveHandles<aclTensorDesc>::Global().Destroy(d);
    }
  }
  if (!LiveHandles<aclmdlDataset>::Global().Destroy(dataset)) {
    return InvalidParam(kApiName, "dataset is not a live dataset (already destroyed?)");
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlAddDatasetBuffer(aclmdlDataset* dataset, aclDataBuffer* dataBuffer) try {
  ACLSIM_PROLOGUE(aclmdlAddDatasetBuffer);
  dataset->buffers.push_back(dataBuffer);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY size_t aclmdlGetDatasetNumBuffers(const aclmdlDataset* dataset) try {
  return dataset == nullptr ? 0 : dataset->buffers.size();
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

ACL_FUNC_VISIBILITY aclDataBuffer* aclmdlGetDatasetBuffer(const aclmdlDataset* dataset, size_t index) try {
  if (dataset == nullptr || index >= dataset->buffers.size()) return nullptr;
  return dataset->buffers[index];
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

// CANN keeps a deep copy (the caller may destroy its own); NULL removes the
// desc (hicann/ge model_om2.cpp aclmdlSetDatasetTensorDescImplOm2).
ACL_FUNC_VISIBILITY aclError aclmdlSetDatasetTensorDesc(aclmdlDataset* dataset, aclTensorDesc* tensorDesc,
                                                        size_t index) try {
  ACLSIM_PROLOGUE(aclmdlSetDatasetTensorDesc);
  if (tensorDesc == nullptr) {
    PutDesc(dataset, index, nullptr);
    return ACL_SUCCESS;
  }
  if (!LiveHandles<aclTensorDesc>::Global().IsLive(tensorDesc)) {
    return InvalidParam(kApiName, "tensorDesc is not a live tensor description");
  }
  PutDesc(dataset, index, LiveHandles<aclTensorDesc>::Global().Create(aclTensorDesc(*tensorDesc)));
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclTensorDesc* aclmdlGetDatasetTensorDesc(const aclmdlDataset* dataset, size_t index) try {
  if (dataset == nullptr || index >= dataset->buffers.size() || index >= dataset->descs.size()) return nullptr;
  return dataset->descs[index];
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

}  // extern "C"
