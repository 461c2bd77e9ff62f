// Definitions of the opaque ACL handle types that are plain data at the edge
// (data buffers, datasets, model descriptions) and the casts between ACL
// handles and runtime objects. The only place these layouts are known.
#ifndef ACLSIM_API_SRC_HANDLES_H_
#define ACLSIM_API_SRC_HANDLES_H_

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "runtime/prof/session_config.h"
#include "runtime/prof/subscription.h"
#include "runtime/runtime.h"

struct aclDataBuffer {
  void* data = nullptr;
  size_t size = 0;
};

// A tensor description (acl_base.h): what the aclop* calls read.
struct aclTensorDesc {
  aclsim::runtime::OpTensor tensor;  // data type, format, dims
  std::string name;
  aclMemType placement = ACL_MEMTYPE_DEVICE;
  std::vector<char> const_data;  // aclSetTensorConst
  bool is_const = false;
  std::vector<std::array<int64_t, 2>> shape_range;    // aclSetTensorShapeRange: [min, max] per dim
  std::vector<std::array<int64_t, 2>> value_range;    // aclSetTensorValueRange
  std::optional<aclFormat> storage_format;            // aclSetTensorStorageFormat
  std::optional<std::vector<int64_t>> storage_shape;  // aclSetTensorStorageShape
  std::string dynamic_input;                          // aclSetTensorDynamicInput
};

// Operator attributes (acl_op.h), by name.
struct aclopAttr {
  std::map<std::string, aclsim::model::AttrValue, std::less<>> attrs;
};

// An aclop execution handle: the op and its descriptions, planned once.
struct aclopHandle {
  aclsim::runtime::OpCall call;
  uint64_t hash = 0;  // OpCallHash(call)
};

struct aclmdlDataset {
  std::vector<aclDataBuffer*> buffers;  // borrowed: destroyed by the user
  uint64_t dynamic_batch = 0;           // set by aclmdlSetDynamicBatchSize
  // By buffer index: the tensor descs of aclmdlSetDatasetTensorDesc (deep
  // copies) and, on outputs, those an execution of a dynamic-shape model
  // wrote; owned by the dataset (live handles), NULL where there is none.
  std::vector<aclTensorDesc*> descs;
};

struct aclprofSubscribeConfig {
  aclsim::prof::SubscribeConfig config;
};

struct aclprofConfig {
  aclsim::prof::SessionConfig config;
};

// De-facto ABI (spec §4.1): MindSpore casts the handle to an identical
// struct and overwrites indexId before aclprofGetStepTimestamp.
struct aclprofStepInfo {
  bool startFlag;
  bool endFlag;
  uint64_t indexId;
};
static_assert(sizeof(aclprofStepInfo) == 16 && offsetof(aclprofStepInfo, endFlag) == 1 &&
                  offsetof(aclprofStepInfo, indexId) == 8,
              "aclprofStepInfo layout is {bool, bool, pad[6], uint64}");

struct aclmdlDesc {
  bool filled = false;
  aclsim::runtime::ModelDescription desc;
};

namespace aclsim::api {

inline runtime::Stream* ToStream(aclrtStream s) { return static_cast<runtime::Stream*>(s); }
inline runtime::Event* ToEvent(aclrtEvent e) { return static_cast<runtime::Event*>(e); }
inline runtime::Context* ToContext(aclrtContext c) { return static_cast<runtime::Context*>(c); }

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_HANDLES_H_
