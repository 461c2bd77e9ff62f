// The single-operator API (acl_op.h, acl_op_compiler.h): executing an op
// by CANN op type with tensor descriptions and data buffers, compiling,
// handles, op models and compile options. Each execution plans the op with
// the op table (runtime/ops, PlanAclop) and launches it through the same
// kernel cache and task path as aclnn (Runtime::LaunchOp). The checks and
// their order follow CANN's (GE api/acl/acl_op_executor: NULLs and counts,
// then the empty-output short-cut, then buffers, then the op model).
#include <sys/stat.h>

#include <cstring>
#include <string>
#include <vector>

#include "acl/acl_op.h"
#include "acl/acl_op_compiler.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"
#include "api/src/live_handles.h"
#include "runtime/ops/op_def.h"

namespace {

using aclsim::Detail;
using aclsim::Status;
using aclsim::StatusCode;
using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::api::LiveHandles;
using aclsim::runtime::OpTensor;

Status Invalid(const std::string& what) { return Status(StatusCode::kInvalidArgument, what); }

// The descriptions of |n| tensors; kInvalidArgument for a NULL or dead one.
Status Descs(int n, const aclTensorDesc* const descs[], std::vector<OpTensor>* out) {
  if (n < 0) return Invalid("a tensor count is negative");
  if (n > 0 && descs == nullptr) return Invalid("a tensor description array is NULL");
  for (int i = 0; i < n; ++i) {
    if (descs[i] == nullptr || !LiveHandles<aclTensorDesc>::Global().IsLive(descs[i])) {
      return Invalid("tensor description " + std::to_string(i) + " is NULL or not live");
    }
    out->push_back(descs[i]->tensor);
  }
  return aclsim::OkStatus();
}

Status Buffers(int n, const aclDataBuffer* const buffers[]) {
  if (n > 0 && buffers == nullptr) return Invalid("a data buffer array is NULL");
  for (int i = 0; i < n; ++i) {
    if (buffers[i] == nullptr || (buffers[i]->data == nullptr && buffers[i]->size > 0)) {
      return Invalid("data buffer " + std::to_string(i) + " is NULL, or has a size and no data");
    }
  }
  return aclsim::OkStatus();
}

// Every output has a 0 dim: CANN returns success and runs nothing.
bool AllOutputsEmpty(const std::vector<OpTensor>& outputs) {
  if (outputs.empty()) return false;
  for (const OpTensor& t : outputs) {
    bool empty = false;
    for (int64_t d : t.shape) empty = empty || d == 0;
    if (!empty) return false;
  }
  return true;
}

struct OpRequest {
  const char* type;
  int num_inputs;
  const aclTensorDesc* const* input_desc;
  const aclDataBuffer* const* inputs;
  int num_outputs;
  const aclTensorDesc* const* output_desc;
  const aclDataBuffer* const* outputs;
  const aclopAttr* attr;
};

// Plans |r|; |*empty| when CANN's empty-output short-cut applies.
aclsim::StatusOr<aclsim::runtime::OpCall> Plan(const OpRequest& r, bool check_buffers, bool* empty) {
  if (r.type == nullptr) return Invalid("opType is NULL");
  std::vector<OpTensor> in, out;
  ACLSIM_RETURN_IF_ERROR(Descs(r.num_inputs, r.input_desc, &in));
  ACLSIM_RETURN_IF_ERROR(Descs(r.num_outputs, r.output_desc, &out));
  *empty = AllOutputsEmpty(out);
  if (*empty) return aclsim::runtime::OpCall{};
  if (check_buffers) {
    ACLSIM_RETURN_IF_ERROR(Buffers(r.num_inputs, r.inputs));
    ACLSIM_RETURN_IF_ERROR(Buffers(r.num_outputs, r.outputs));
  }
  if (r.attr != nullptr && !LiveHandles<aclopAttr>::Global().IsLive(r.attr)) return Invalid("attr is not live");
  static const aclsim::ops::AttrMap kNoAttrs;
  return aclsim::ops::PlanAclop(r.type, std::move(in), std::move(out), r.attr ? r.attr->attrs : kNoAttrs);
}

// Compiles (records) and/or executes |r| on |stream|.
aclError Run(const char* function, const OpRequest& r, bool compile, bool execute, aclrtStream stream) {
  aclsim::api::ApiScope api_scope(function);
  if (r.num_inputs < 0 || r.num_outputs < 0) return InvalidParam(function, "numInputs or numOutputs is negative");
  if (!aclsim::api::IsInitialized()) {
    return Convert(function, Status(Detail::kNotInitialized, std::string(function) + ": aclInit was not called"));
  }
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  bool empty = false;
  auto call = Plan(r, execute, &empty);
  if (!call.ok()) return Convert(function, call.status());
  if (empty) return ACL_SUCCESS;
  const uint64_t hash = aclsim::runtime::OpCallHash(*call);
  if (compile) rt->op_models().AddCompiled(*call, hash);
  if (!execute) return ACL_SUCCESS;
  if (!rt->op_models().Matches(*call, hash)) {
    return Convert(function, Status(Detail::kOpNotFound,
                                    std::string(function) + ": no op model matches op '" + r.type +
                                        "' with these tensors and attributes: compile it (aclopCompile) or load op "
                                        "models (aclopSetModelDir, aclopLoad) first"));
  }
  return Convert(function, rt->LaunchOp(*call, hash, aclsim::api::ToStream(stream), api_scope.launch()));
}

// The checks aclopCompile and aclopCompileAndExecute share.
aclError CheckCompile(const char* function, aclopCompileType flag, const char* op_path, int n_in,
                      const aclTensorDesc* const in[], int n_out, const aclTensorDesc* const out[]) {
  if (flag != ACL_COMPILE_SYS && flag != ACL_COMPILE_UNREGISTERED) {
    aclsim::api::SetError(ACL_ERROR_API_NOT_SUPPORT, std::string(function) + ": compileFlag is not supported");
    return ACL_ERROR_API_NOT_SUPPORT;
  }
  if (flag == ACL_COMPILE_UNREGISTERED && op_path == nullptr) return InvalidParam(function, "opPath is NULL");
  for (auto [n, descs] : {std::pair{n_in, in}, std::pair{n_out, out}}) {
    for (int i = 0; descs != nullptr && i < n; ++i) {
      if (descs[i] != nullptr && LiveHandles<aclTensorDesc>::Global().IsLive(descs[i]) &&
          descs[i]->placement != ACL_MEMTYPE_DEVICE) {
        aclsim::api::SetError(ACL_ERROR_API_NOT_SUPPORT,
                              std::string(function) + ": host-placed tensors cannot be compiled");
        return ACL_ERROR_API_NOT_SUPPORT;
      }
    }
  }
  return ACL_SUCCESS;
}

// aclopCompileAndExecute(V2): the compile checks, then compile and run.
aclError CompileAndRun(const char* function, const OpRequest& r, aclopCompileType flag, const char* op_path,
                       aclrtStream stream) {
  if (aclError e = CheckCompile(function, flag, op_path, r.num_inputs, r.input_desc, r.num_outputs, r.output_desc)) {
    return e;
  }
  return Run(function, r, /*compile=*/true, /*execute=*/true, stream);
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclopSetModelDir(const char* modelDir) try {
  ACLSIM_PROLOGUE(aclopSetModelDir);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  struct stat st {};
  if (stat(modelDir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    return Convert(__func__, Status(Detail::kFileUnusable,
                                    std::string("aclopSetModelDir: '") + modelDir + "' is not a directory"));
  }
  rt->op_models().AddModelSource(std::string("aclopSetModelDir(") + modelDir + ")");
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopLoad(const void* model, size_t modelSize) try {
  ACLSIM_PROLOGUE(aclopLoad);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  rt->op_models().AddModelSource("aclopLoad(" + std::to_string(modelSize) + " bytes)");
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopExecuteV2(const char* opType, int numInputs, aclTensorDesc* inputDesc[],
                                            aclDataBuffer* inputs[], int numOutputs, aclTensorDesc* outputDesc[],
                                            aclDataBuffer* outputs[], aclopAttr* attr, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclopExecuteV2);
  return Run(kApiName, {opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs, attr},
             /*compile=*/false, /*execute=*/true, stream);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopExecute(const char* opType, int numInputs, const aclTensorDesc* const inputDesc[],
                                          const aclDataBuffer* const inputs[], int numOutputs,
                                          const aclTensorDesc* const outputDesc[], aclDataBuffer* const outputs[],
                                          const aclopAttr* attr, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclopExecute);
  return Run(kApiName, {opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs, attr}, false, true,
             stream);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopCompile(const char* opType, int numInputs, const aclTensorDesc* const inputDesc[],
                                          int numOutputs, const aclTensorDesc* const outputDesc[],
                                          const aclopAttr* attr, aclopEngineType engineType,
                                          aclopCompileType compileFlag, const char* opPath) try {
  ACLSIM_PROLOGUE(aclopCompile);
  (void)engineType;  // every engine compiles the same way here
  if (aclError e = CheckCompile(kApiName, compileFlag, opPath, numInputs, inputDesc, numOutputs, outputDesc)) {
    return e;
  }
  return Run(kApiName, {opType, numInputs, inputDesc, nullptr, numOutputs, outputDesc, nullptr, attr}, true, false,
             nullptr);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopCompileAndExecute(
    const char* opType, int numInputs, const aclTensorDesc* const inputDesc[], const aclDataBuffer* const inputs[],
    int numOutputs, const aclTensorDesc* const outputDesc[], aclDataBuffer* const outputs[], const aclopAttr* attr,
    aclopEngineType engineType, aclopCompileType compileFlag, const char* opPath, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclopCompileAndExecute);
  (void)engineType;
  return CompileAndRun(kApiName, {opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs, attr},
                       compileFlag, opPath, stream);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopCompileAndExecuteV2(const char* opType, int numInputs, aclTensorDesc* inputDesc[],
                                                      aclDataBuffer* inputs[], int numOutputs,
                                                      aclTensorDesc* outputDesc[], aclDataBuffer* outputs[],
                                                      aclopAttr* attr, aclopEngineType engineType,
                                                      aclopCompileType compileFlag, const char* opPath,
                                                      aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclopCompileAndExecuteV2);
  (void)engineType;
  return CompileAndRun(kApiName, {opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs, attr},
                       compileFlag, opPath, stream);
}
ACLSIM_EDGE_CATCH

// ---------------------------------------------------------------- handles

ACL_FUNC_VISIBILITY aclError aclopCreateHandle(const char* opType, int numInputs,
                                               const aclTensorDesc* const inputDesc[], int numOutputs,
                                               const aclTensorDesc* const outputDesc[], const aclopAttr* opAttr,
                                               aclopHandle** handle) try {
  ACLSIM_PROLOGUE(aclopCreateHandle);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  bool empty = false;
  auto call = Plan({opType, numInputs, inputDesc, nullptr, numOutputs, outputDesc, nullptr, opAttr}, false, &empty);
  if (!call.ok()) return Convert(__func__, call.status());
  aclopHandle h;
  h.call = std::move(call).value();
  h.hash = aclsim::runtime::OpCallHash(h.call);
  if (!empty && !rt->op_models().Matches(h.call, h.hash)) {
    return Convert(__func__, Status(Detail::kOpNotFound, std::string("aclopCreateHandle: no op model matches op '") +
                                                             opType + "': compile it or load op models first"));
  }
  *handle = LiveHandles<aclopHandle>::Global().Create(std::move(h));
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY void aclopDestroyHandle(aclopHandle* handle) try {
  if (handle != nullptr) (void)LiveHandles<aclopHandle>::Global().Destroy(handle);
}
ACLSIM_EDGE_CATCH_VOID

ACL_FUNC_VISIBILITY aclError aclopExecWithHandle(aclopHandle* handle, int numInputs,
                                                 const aclDataBuffer* const inputs[], int numOutputs,
                                                 aclDataBuffer* const outputs[], aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclopExecWithHandle);
  if (static_cast<size_t>(numInputs) != handle->call.inputs.size()) {
    return Convert(__func__, Status(Detail::kOpInputMismatch, "aclopExecWithHandle: " + std::to_string(numInputs) +
                                                                  " inputs, the handle has " +
                                                                  std::to_string(handle->call.inputs.size())));
  }
  if (static_cast<size_t>(numOutputs) != handle->call.outputs.size()) {
    return Convert(__func__, Status(Detail::kOpOutputMismatch, "aclopExecWithHandle: " + std::to_string(numOutputs) +
                                                                   " outputs, the handle has " +
                                                                   std::to_string(handle->call.outputs.size())));
  }
  Status bad = Buffers(numInputs, inputs);
  if (bad.ok()) bad = Buffers(numOutputs, outputs);
  if (!bad.ok()) return Convert(__func__, bad);
  bool all_empty = numOutputs > 0;
  for (int i = 0; i < numOutputs; ++i) all_empty = all_empty && outputs[i]->size == 0;
  if (all_empty || handle->call.type.empty()) return ACL_SUCCESS;  // CANN's empty-output short-cut
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->LaunchOp(handle->call, handle->hash, aclsim::api::ToStream(stream), api_scope.launch()));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopCast(const aclTensorDesc* srcDesc, const aclDataBuffer* srcBuffer,
                                       const aclTensorDesc* dstDesc, aclDataBuffer* dstBuffer, uint8_t truncate,
                                       aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclopCast);
  (void)truncate;  // reserved
  const aclTensorDesc* in[] = {srcDesc};
  const aclTensorDesc* out[] = {dstDesc};
  const aclDataBuffer* in_buf[] = {srcBuffer};
  const aclDataBuffer* out_buf[] = {dstBuffer};
  return Run(kApiName, {"Cast", 1, in, in_buf, 1, out, out_buf, nullptr}, false, true, stream);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopCreateHandleForCast(aclTensorDesc* srcDesc, aclTensorDesc* dstDesc, uint8_t truncate,
                                                      aclopHandle** handle) try {
  (void)truncate;
  const aclTensorDesc* in[] = {srcDesc};
  const aclTensorDesc* out[] = {dstDesc};
  return aclopCreateHandle("Cast", 1, in, 1, out, nullptr, handle);
}
ACLSIM_EDGE_CATCH

// -------------------------------------------------------- compile options

ACL_FUNC_VISIBILITY aclError aclSetCompileopt(aclCompileOpt opt, const char* value) try {
  ACLSIM_PROLOGUE(aclSetCompileopt);
  if (opt == ACL_AUTO_TUNE_MODE) {
    aclsim::api::SetError(ACL_ERROR_FEATURE_UNSUPPORTED, "aclSetCompileopt: ACL_AUTO_TUNE_MODE is discarded");
    return ACL_ERROR_FEATURE_UNSUPPORTED;
  }
  if (opt < ACL_PRECISION_MODE || opt > ACL_OP_DEBUG_OPTION) {
    aclsim::api::SetError(ACL_ERROR_INTERNAL_ERROR, "aclSetCompileopt: unknown option " + std::to_string(opt));
    return ACL_ERROR_INTERNAL_ERROR;
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  rt->op_models().SetOption(opt, value);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// What aclGetCompileopt reports: ACL_OP_JIT_COMPILE is the SoC's default
// (enabled on the 310P class, disabled on 910B), whatever was set, as in
// CANN; ACL_OP_DEBUG_OPTION is the value set.
static std::string CompileoptValue(aclsim::runtime::Runtime* rt, aclCompileOpt opt) {
  if (opt == ACL_OP_JIT_COMPILE) {
    auto device = rt->devices().CurrentDevice();
    const bool p310 = device.ok() && (*device)->device().info().soc_name.find("310P") != std::string::npos;
    return p310 ? "enable" : "disable";
  }
  return rt->op_models().Option(opt).value_or("");
}

ACL_FUNC_VISIBILITY size_t aclGetCompileoptSize(aclCompileOpt opt) try {
  if (opt == ACL_OP_JIT_COMPILE) return 256;
  auto rt = aclsim::api::GetRuntime();
  if (!rt.ok()) return 0;
  auto value = (*rt)->op_models().Option(opt);
  return value ? value->size() + 1 : 0;
}
ACLSIM_EDGE_CATCH_RETURN(size_t{0})

ACL_FUNC_VISIBILITY aclError aclGetCompileopt(aclCompileOpt opt, char* value, size_t length) try {
  ACLSIM_PROLOGUE(aclGetCompileopt);
  if (opt != ACL_OP_DEBUG_OPTION && opt != ACL_OP_JIT_COMPILE) {
    aclsim::api::SetError(ACL_ERROR_API_NOT_SUPPORT,
                          "aclGetCompileopt: only ACL_OP_DEBUG_OPTION and ACL_OP_JIT_COMPILE can be read");
    return ACL_ERROR_API_NOT_SUPPORT;
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  const std::string v = CompileoptValue(rt, opt);
  if (length < v.size() + 1) {
    aclsim::api::SetError(ACL_ERROR_FAILURE,
                          "aclGetCompileopt: length " + std::to_string(length) + " < " + std::to_string(v.size() + 1));
    return ACL_ERROR_FAILURE;
  }
  std::memcpy(value, v.c_str(), v.size() + 1);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetCompileFlag(aclOpCompileFlag flag) try {
  ACLSIM_PROLOGUE(aclopSetCompileFlag);
  return ACL_SUCCESS;  // compiling is recording the signature either way
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum) try {
  ACLSIM_PROLOGUE(aclopSetMaxOpQueueNum);
  return ACL_SUCCESS;  // the kernel cache has no eviction to bound
}
ACLSIM_EDGE_CATCH

}  // extern "C"
