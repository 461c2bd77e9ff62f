// Single-operator definitions: what an aclnn operator takes and how its
// arguments are checked, turned into a launch (runtime/single_op.h).
//
// The definitions are data, generated from api/aclnn/aclnn_ops.py into
// generated/op_defs.inc: each names its arguments with a kind (tensor,
// scalar, int array, …) and a role (input, output, read-and-written,
// attribute; optional or not), its shape rule, engine, and the kernel name
// and type CANN's profiler shows. PlanOp checks one call's arguments against
// its definition — NULLs, the first tensor's data type, ranks, then the shape
// rule (op_rules.cc) — and returns the OpCall to launch and the workspace the
// caller must provide. It knows nothing of the ACL types: the api/ edge hands
// it plain descriptions.
//
// Errors: kOpArgumentNull (a required argument is NULL), kInvalidArgument
// (a data type, shape or value the op rejects), kOpTiling (the same, for the
// checks CANN makes at tiling time).
#ifndef ACLSIM_RUNTIME_OPS_OP_DEF_H_
#define ACLSIM_RUNTIME_OPS_OP_DEF_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/model/graph.h"
#include "runtime/single_op.h"
#include "runtime/status.h"

namespace aclsim::ops {

enum class ArgKind : uint8_t {
  kTensor,
  kTensorList,
  kScalar,
  kIntArray,
  kFloatArray,
  kBoolArray,
  kString,
  kInt,
  kFloat,
  kBool,
  kDataType,
};
enum class ArgRole : uint8_t { kIn, kOptIn, kOut, kOptOut, kRef, kOptRef, kAttr, kOptAttr };

enum class Rule : uint8_t {
#define ACLSIM_OP_RULE(name) k_##name,
#include "runtime/ops/generated/op_rules.inc"
#undef ACLSIM_OP_RULE
};
enum class WorkspaceRule : uint8_t { kNone, kFirstOutput };

struct ArgDef {
  const char* name;
  ArgKind kind;
  ArgRole role;
};

struct OpDef {
  const char* api;          // "aclnnAdd"
  const char* l0;           // the L0 function of CANN's op name: "AddAiCore"
  const char* kernel_type;  // the kernel op type: "Add"
  model::Engine engine;
  Rule rule;
  WorkspaceRule workspace;
  const ArgDef* args;
  size_t arg_count;
  const model::DataType* dtypes;  // of the first tensor argument; nullptr: any
  size_t dtype_count;
};

// The definitions, in table order (the index the generated functions pass).
size_t OpDefCount();
const OpDef& GetOpDef(size_t index);

struct OpScalar {
  model::DataType dtype = model::DataType::kFloat32;
  double value = 0;
};

// One argument's value. Pointer kinds are NULL when |present| is false.
struct OpArg {
  bool present = false;
  const runtime::OpTensor* tensor = nullptr;                    // kTensor
  const std::vector<const runtime::OpTensor*>* list = nullptr;  // kTensorList
  const OpScalar* scalar = nullptr;                             // kScalar
  const std::vector<int64_t>* ints = nullptr;                   // kIntArray, kBoolArray (0/1)
  const std::vector<double>* floats = nullptr;                  // kFloatArray
  std::string_view text;                                        // kString
  int64_t i = 0;                                                // kInt, kDataType
  double f = 0;                                                 // kFloat
  bool b = false;                                               // kBool
};

struct OpPlan {
  runtime::OpCall call;
  uint64_t workspace_bytes = 0;
};

// Checks |args| (|count| must be def.arg_count) and plans the launch.
StatusOr<OpPlan> PlanOp(const OpDef& def, const OpArg* args, size_t count);

using AttrMap = std::map<std::string, model::AttrValue, std::less<>>;

// The launch of an aclop call (aclopExecuteV2, aclopCompileAndExecute, a
// handle) of CANN op type |type| with these tensors and attributes. The
// type must be a kernel type of the op table or one of the further CANN op
// types aclsim times (AclopTypes()); otherwise kOpNotFound. Tensors must be
// static (no negative dim): kInvalidArgument. Floating attributes stay out
// of the kernel (as for aclnn).
StatusOr<runtime::OpCall> PlanAclop(std::string_view type, std::vector<runtime::OpTensor> inputs,
                                    std::vector<runtime::OpTensor> outputs, const AttrMap& attrs);
// Every op type PlanAclop accepts, sorted.
std::vector<std::string> AclopTypes();

}  // namespace aclsim::ops

#endif  // ACLSIM_RUNTIME_OPS_OP_DEF_H_
