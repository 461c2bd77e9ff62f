// OpModelRegistry: what the single-operator API (aclop*) knows about op
// models — the signatures compiled with aclopCompile, whether op models
// were handed over with aclopSetModelDir / aclopLoad, and the compile
// options of aclSetCompileopt.
//
// CANN executes an aclop call only when a compiled or loaded op model
// matches it (otherwise ACL_ERROR_OP_NOT_FOUND). aclsim cannot read CANN's
// op models, so a model directory or buffer is accepted, logged and taken
// to hold every op type aclsim runs; a compiled signature matches exactly.
//
// Thread safety: all methods are thread-safe (one leaf mutex).
#ifndef ACLSIM_RUNTIME_OP_MODELS_H_
#define ACLSIM_RUNTIME_OP_MODELS_H_

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "runtime/single_op.h"

namespace aclsim::runtime {

class OpModelRegistry {
 public:
  // aclopCompile of |call| (whose OpCallHash is |hash|).
  void AddCompiled(const OpCall& call, uint64_t hash);
  // aclopSetModelDir / aclopLoad.
  void AddModelSource(const std::string& what);
  // True when an execution of |call| finds an op model.
  bool Matches(const OpCall& call, uint64_t hash) const;

  void SetOption(int32_t option, std::string value);
  std::optional<std::string> Option(int32_t option) const;

 private:
  mutable std::mutex mu_;
  std::unordered_multimap<uint64_t, OpCall> compiled_;
  bool any_model_source_ = false;
  std::map<int32_t, std::string> options_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_OP_MODELS_H_
