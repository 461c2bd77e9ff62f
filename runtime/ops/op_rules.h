// The shape rules of the single-op definitions (op_def.h), and the context
// they read the arguments through. Internal to aclsim::ops.
#ifndef ACLSIM_RUNTIME_OPS_OP_RULES_H_
#define ACLSIM_RUNTIME_OPS_OP_RULES_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/ops/op_def.h"

namespace aclsim::ops {

using Shape = std::vector<int64_t>;

std::string ShapeText(const Shape& shape);

// Arguments by name, as a rule sees them; a rule may reorder the kernel's
// inputs (the cost model reads the operands of cube ops first) or set
// attributes the cost model needs.
class RuleContext {
 public:
  RuleContext(const OpDef& def, const OpArg* args)
      : def_(def), args_(args), l0_(def.l0), kernel_type_(def.kernel_type) {}

  const OpArg& Arg(std::string_view name) const;
  // NULL when absent.
  const runtime::OpTensor* T(std::string_view name) const { return Arg(name).tensor; }
  const std::vector<const runtime::OpTensor*>& List(std::string_view name) const;
  const std::vector<int64_t>& Ints(std::string_view name) const;
  int64_t I(std::string_view name) const { return Arg(name).i; }
  bool B(std::string_view name) const { return Arg(name).b; }
  std::string_view S(std::string_view name) const { return Arg(name).text; }

  // kInvalidArgument naming the op: "aclnnAdd: <what>".
  Status Invalid(const std::string& what) const;
  // kOpTiling naming the op.
  Status Tiling(const std::string& what) const;
  // OK when tensor |name| is absent or has |shape|; else Invalid.
  Status ExpectShape(std::string_view name, const Shape& shape) const;
  // OK when tensor |name| is absent or has |dtype|; else Invalid.
  Status ExpectDtype(std::string_view name, model::DataType dtype) const;
  // A dim index in [-rank, rank): normalised, or Invalid.
  StatusOr<int64_t> Dim(int64_t dim, size_t rank, std::string_view what) const;

  // The kernel's inputs in this order (by argument name) instead of the
  // arguments' order; and extra attributes for the cost model.
  void SetInputOrder(std::vector<std::string_view> names) { input_order_ = std::move(names); }
  const std::vector<std::string_view>& input_order() const { return input_order_; }
  void SetAttr(const std::string& key, model::AttrValue value) { attrs_[key] = std::move(value); }
  const std::map<std::string, model::AttrValue, std::less<>>& attrs() const { return attrs_; }

  // The kernel a call of these shapes runs instead of the table's.
  void SetKernel(const char* l0, const char* type) {
    l0_ = l0;
    kernel_type_ = type;
  }
  const char* l0() const { return l0_; }
  const char* kernel_type() const { return kernel_type_; }

  const OpDef& def() const { return def_; }

 private:
  const OpDef& def_;
  const OpArg* args_;
  const char* l0_;
  const char* kernel_type_;
  std::vector<std::string_view> input_order_;
  std::map<std::string, model::AttrValue, std::less<>> attrs_;
};

using RuleFn = Status (*)(RuleContext&);
RuleFn GetRule(Rule rule);

// NumPy/PyTorch broadcasting of two shapes; nullopt-like failure as Invalid.
StatusOr<Shape> Broadcast(const RuleContext& c, const Shape& a, const Shape& b);

}  // namespace aclsim::ops

#endif  // ACLSIM_RUNTIME_OPS_OP_RULES_H_
