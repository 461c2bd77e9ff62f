// Single operators: one op launched on its own (aclnn, aclop), as opposed to
// a model's graph.
//
// An OpCall describes the launch the way the device needs it — CANN op type,
// the name the profiler shows, engine, tensor descriptions and attributes —
// and nothing of the API it came from. The runtime compiles each distinct
// call once per device into a one-op graph (KernelCache), as CANN's op cache
// keeps one compiled kernel per op type, shapes, dtypes and attributes, and
// submits it through the same task path as model ops: so a single op is a
// timed task on its stream, in subscriptions, sessions and the task trace.
#ifndef ACLSIM_RUNTIME_SINGLE_OP_H_
#define ACLSIM_RUNTIME_SINGLE_OP_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/model/graph.h"
#include "runtime/vendor.h"

namespace aclsim::runtime {

struct OpTensor {
  model::DataType dtype = model::DataType::kFloat32;
  model::Format format = model::Format::kNd;
  std::vector<int64_t> shape;
};

struct OpCall {
  std::string type;  // CANN op type: the cost model and OP Type column key on it
  std::string name;  // the op name profiling shows (aclnn: "aclnnAdd_AddAiCore_Add")
  model::Engine engine = model::Engine::kAiVector;
  std::vector<OpTensor> inputs;
  std::vector<OpTensor> outputs;
  std::map<std::string, model::AttrValue, std::less<>> attrs;
  std::optional<int64_t> duration_ns;  // explicit duration (copies know theirs), else the cost model's
  std::optional<uint32_t> core_limit;  // the core limit in force at launch (aclrtSetDeviceResLimit)
};

// Calls that compile to the same kernel: equal type, name, engine, every
// tensor's dtype, format and shape, attributes and explicit duration.
bool operator==(const OpTensor& a, const OpTensor& b);
bool operator==(const OpCall& a, const OpCall& b);
// A hash of everything operator== compares (deterministic): the
// kernel cache's bucket, computed once by a caller that launches the same
// call again.
uint64_t OpCallHash(const OpCall& call);

// The one-op graph of |call|: inputs "x0".."xN", outputs "y0".."yM", the op
// named call.name.
model::Graph OpCallGraph(const OpCall& call);

// Tags of single-op kernels in completion records (LaunchInfo.model_tag) are
// at or above this; model ids stay below it.
inline constexpr uint32_t kFirstKernelTag = vendor::kFirstKernelTag;
inline bool IsKernelTag(uint32_t tag) { return tag >= kFirstKernelTag; }

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_SINGLE_OP_H_
