// Gears of models converted with --dynamic_batch_size, --dynamic_image_size
// or --dynamic_dims (acl_mdl.h): reading them from a description, choosing
// one by writing the gear input, and the current output dims. The checks,
// their order and codes follow GE's (hicann/ge api/acl/acl_model/model/
// model.cpp aclmdlSet*Impl, model_om2.cpp aclmdlGetDynamic*ImplOm2, and
// runtime/v1/executor/ge_executor.cc SetDynamic*).
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::model::GearKind;

namespace {

constexpr size_t kMaxGears = 128;  // ACL_MAX_BATCH_NUM, ACL_MAX_HW_NUM, ACL_MAX_SHAPE_COUNT

aclError OverLimit(const char* function, size_t n) {
  aclsim::api::SetError(ACL_ERROR_STORAGE_OVER_LIMIT, std::string(function) + ": the model has " + std::to_string(n) +
                                                          " gears; the structure holds 128");
  return ACL_ERROR_STORAGE_OVER_LIMIT;
}

const aclsim::runtime::ModelDescription* Described(const aclmdlDesc* desc) {
  static const aclsim::runtime::ModelDescription kEmpty;
  return desc->filled ? &desc->desc : &kEmpty;
}

// The dims of every input with -1 axes, in --input_shape order, with gear
// |gear|'s values in place of the -1s (or the -1s when |gear| is null).
std::vector<int64_t> GearDims(const aclsim::runtime::ModelDescription& d, const std::vector<int64_t>* gear) {
  std::vector<int64_t> out;
  size_t next = 0;
  for (const auto& [name, dims] : d.dynamic_inputs) {
    for (int64_t v : dims) {
      out.push_back(v == -1 && gear != nullptr && next < gear->size() ? (*gear)[next++] : v);
    }
  }
  return out;
}

// The dataset buffer at |index| (ACL's checks, before GE's).
aclError GearBuffer(const char* function, aclmdlDataset* dataset, size_t index, aclDataBuffer** out) {
  if (index >= dataset->buffers.size() || dataset->buffers[index] == nullptr) {
    return InvalidParam(function, "index names no buffer of the dataset");
  }
  if (dataset->buffers[index]->data == nullptr) return InvalidParam(function, "the buffer at index has no address");
  *out = dataset->buffers[index];
  return ACL_SUCCESS;
}

aclError TooShort(const char* function, size_t have, size_t need) {
  return Convert(function, aclsim::Status(aclsim::Detail::kDynamicInputLength,
                                          std::string("the gear buffer holds ") + std::to_string(have) +
                                              " bytes; it needs at least " + std::to_string(need)));
}

// Checks |values| against the gears of |modelId| of |kind| and writes them
// into |buf|: one little-endian value each, 8 bytes when the buffer holds
// that many, else 4. The model then reports that gear as its current one.
aclError ChooseGear(const char* function, uint32_t modelId, GearKind kind, const std::vector<int64_t>& values,
                    aclDataBuffer* buf) {
  if (!aclsim::api::IsInitialized()) {
    return Convert(function, aclsim::Status(aclsim::Detail::kNotInitialized, "call aclInit first"));
  }
  if (buf->size < 4 * values.size()) return TooShort(function, buf->size, 4 * values.size());
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  aclsim::runtime::ModelRef m = rt->models().Find(modelId);
  if (!m) return Convert(function, aclsim::runtime::ModelNotLoaded(modelId));
  std::string text;
  for (int64_t v : values) text += (text.empty() ? "" : ",") + std::to_string(v);
  int32_t gear = -1;
  for (size_t g = 0; m->gear_kind == kind && g < m->gear_values.size(); ++g) {
    if (m->gear_values[g] == values) gear = static_cast<int32_t>(g);
  }
  if (gear < 0) {
    std::string gears;
    for (size_t g = 0; m->gear_kind == kind && g < m->gear_values.size(); ++g) {
      gears += gears.empty() ? " (" : "; ";
      for (size_t i = 0; i < m->gear_values[g].size(); ++i) {
        gears += (i ? "," : "") + std::to_string(m->gear_values[g][i]);
      }
    }
    return Convert(function,
                   aclsim::Status(aclsim::Detail::kDynamicBatchSize,
                                  "[" + text + "] is not a " + aclsim::model::GearKindName(kind) + " gear of model " +
                                      std::to_string(modelId) +
                                      (gears.empty() ? ": the model has no " +
                                                           std::string(aclsim::model::GearKindName(kind)) + " gears"
                                                     : gears + " are its gears)")));
  }
  const size_t esize = buf->size >= 8 * values.size() ? 8 : 4;
  for (size_t i = 0; i < values.size(); ++i) {
    const uint64_t v = static_cast<uint64_t>(values[i]);
    std::memcpy(static_cast<char*>(buf->data) + i * esize, &v, esize);  // little-endian hosts only
  }
  m->current_gear.store(gear);
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclmdlGetDynamicBatch(const aclmdlDesc* modelDesc, aclmdlBatch* batch) try {
  ACLSIM_PROLOGUE(aclmdlGetDynamicBatch);
  const auto* d = Described(modelDesc);
  const size_t n = d->gear_kind == GearKind::kBatch ? d->gears.size() : 0;
  if (n > kMaxGears) return OverLimit(__func__, n);
  batch->batchCount = n;
  for (size_t i = 0; i < n; ++i) batch->batch[i] = static_cast<uint64_t>(d->gears[i][0]);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlGetDynamicHW(const aclmdlDesc* modelDesc, size_t index, aclmdlHW* hw) try {
  ACLSIM_PROLOGUE(aclmdlGetDynamicHW);
  (void)index;  // GE ignores it
  if (modelDesc == nullptr || hw == nullptr) return InvalidParam(kApiName, "NULL argument");
  const auto* d = Described(modelDesc);
  const size_t n = d->gear_kind == GearKind::kImageSize ? d->gears.size() : 0;
  if (n > kMaxGears) return OverLimit(__func__, n);
  hw->hwCount = n;
  for (size_t i = 0; i < n; ++i) {
    hw->hw[i][0] = static_cast<uint64_t>(d->gears[i][0]);
    hw->hw[i][1] = static_cast<uint64_t>(d->gears[i][1]);
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDynamicGearCount(const aclmdlDesc* modelDesc, size_t index,
                                                            size_t* gearCount) try {
  ACLSIM_PROLOGUE(aclmdlGetInputDynamicGearCount);
  const auto* d = Described(modelDesc);
  const size_t n = d->gear_kind == GearKind::kDims ? d->gears.size() : 0;  // dims gears only
  if (n > kMaxGears) return OverLimit(__func__, n);
  *gearCount = n;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDynamicDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims,
                                                       size_t gearCount) try {
  ACLSIM_PROLOGUE(aclmdlGetInputDynamicDims);
  const auto* d = Described(modelDesc);
  const size_t n = d->gear_kind == GearKind::kDims ? d->gears.size() : 0;
  if (gearCount < n) return InvalidParam(kApiName, "gearCount is less than the model's gear count");
  for (size_t g = 0; g < n; ++g) {
    const std::vector<int64_t> all = GearDims(*d, &d->gears[g]);
    if (all.size() > ACL_MAX_DIM_CNT) {
      aclsim::api::SetError(ACL_ERROR_FAILURE, "aclmdlGetInputDynamicDims: more than 128 dims in a gear");
      return ACL_ERROR_FAILURE;
    }
    dims[g].dimCount = all.size();  // the name is left as it was, as in GE
    for (size_t i = 0; i < all.size(); ++i) dims[g].dims[i] = all[i];
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlSetDynamicBatchSize(uint32_t modelId, aclmdlDataset* dataset, size_t index,
                                                       uint64_t batchSize) try {
  ACLSIM_PROLOGUE(aclmdlSetDynamicBatchSize);
  aclDataBuffer* buf = nullptr;
  if (aclError e = GearBuffer(__func__, dataset, index, &buf); e != ACL_SUCCESS) return e;
  dataset->dynamic_batch = batchSize;
  return ChooseGear(__func__, modelId, GearKind::kBatch, {static_cast<int64_t>(batchSize)}, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlSetDynamicHWSize(uint32_t modelId, aclmdlDataset* dataset, size_t index,
                                                    uint64_t height, uint64_t width) try {
  ACLSIM_PROLOGUE(aclmdlSetDynamicHWSize);
  aclDataBuffer* buf = nullptr;
  if (aclError e = GearBuffer(__func__, dataset, index, &buf); e != ACL_SUCCESS) return e;
  return ChooseGear(__func__, modelId, GearKind::kImageSize,
                    {static_cast<int64_t>(height), static_cast<int64_t>(width)}, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlSetInputDynamicDims(uint32_t modelId, aclmdlDataset* dataset, size_t index,
                                                       const aclmdlIODims* dims) try {
  ACLSIM_PROLOGUE(aclmdlSetInputDynamicDims);
  aclDataBuffer* buf = nullptr;
  if (aclError e = GearBuffer(__func__, dataset, index, &buf); e != ACL_SUCCESS) return e;
  if (!aclsim::api::IsInitialized()) {
    return Convert(__func__, aclsim::Status(aclsim::Detail::kNotInitialized, "call aclInit first"));
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto described = rt->models().Describe(modelId);
  if (!described.ok()) return Convert(__func__, described.status());
  // The dims of every dynamic input in order: their count must match, and so
  // must every static value; the values at the -1 positions form the gear.
  const std::vector<int64_t> model_dims = GearDims(*described, nullptr);
  auto length = [&](const std::string& why) {
    return Convert(__func__, aclsim::Status(aclsim::Detail::kDynamicInputLength, why));
  };
  if (dims->dimCount != model_dims.size() || described->gear_kind != GearKind::kDims) {
    return length("dims->dimCount is " + std::to_string(dims->dimCount) + "; the model's dynamic inputs have " +
                  std::to_string(model_dims.size()) + " dims");
  }
  std::vector<int64_t> values;
  for (size_t i = 0; i < model_dims.size(); ++i) {
    if (model_dims[i] == -1) {
      values.push_back(dims->dims[i]);
    } else if (dims->dims[i] != model_dims[i]) {
      return length("dim " + std::to_string(i) + " is " + std::to_string(dims->dims[i]) + "; the model fixes it at " +
                    std::to_string(model_dims[i]));
    }
  }
  return ChooseGear(__func__, modelId, GearKind::kDims, values, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlGetCurOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) try {
  ACLSIM_PROLOGUE(aclmdlGetCurOutputDims);
  if (modelDesc->filled && modelDesc->desc.dynamic) {  // GE: not for runtime-v2 (dynamic-shape) models
    aclsim::api::SetError(ACL_ERROR_API_NOT_SUPPORT, "aclmdlGetCurOutputDims: model " +
                                                         std::to_string(modelDesc->desc.model_id) +
                                                         " has dynamic shapes; read the output tensor descs instead");
    return ACL_ERROR_API_NOT_SUPPORT;
  }
  if (!modelDesc->filled || index >= modelDesc->desc.outputs.size()) {
    return InvalidParam(kApiName, "NULL or unfilled description, or index out of range");
  }
  // The largest gear's dims (the description's) until a gear is chosen.
  std::vector<int64_t> shape = modelDesc->desc.outputs[index].dims;
  if (aclsim::api::IsInitialized()) {
    if (auto rt = aclsim::api::ExistingRuntime(); rt.ok()) {
      aclsim::runtime::ModelRef m = (*rt)->models().Find(modelDesc->desc.model_id);
      const int32_t gear = m ? m->current_gear.load() : -1;
      if (gear >= 0 && static_cast<size_t>(gear) < m->gears.size()) {
        const aclsim::model::Graph& g = m->gears[static_cast<size_t>(gear)]->graph;
        shape = g.tensor(g.outputs[index]).shape;
      }
    }
  }
  std::memset(dims, 0, sizeof(*dims));
  std::strncpy(dims->name, modelDesc->desc.outputs[index].name.c_str(), ACL_MAX_TENSOR_NAME_LEN - 1);
  dims->dimCount = shape.size();
  for (size_t i = 0; i < shape.size() && i < ACL_MAX_DIM_CNT; ++i) dims->dims[i] = shape[i];
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
