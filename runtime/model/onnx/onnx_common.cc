#include "runtime/model/onnx/onnx_common.h"

namespace aclsim::model::onnx_internal {

bool IsDefaultDomain(const std::string& domain) { return domain.empty() || domain == "ai.onnx"; }

Status ParseError(const std::string& what) { return Status(Detail::kModelParse, "onnx model: " + what); }
Status Unsupported(const std::string& what) { return Status(Detail::kFeatureUnsupported, "onnx model: " + what); }
Status NotDynamic(const std::string& what) { return Status(Detail::kModelNotDynamic, "onnx model: " + what); }

bool IsConcrete(const onnx::TensorShapeProto_Dimension& d) { return d.has_dim_value(); }

const onnx::OpSchema* SchemaFor(const Opsets& opsets, const onnx::NodeProto& node) {
  const std::string domain = IsDefaultDomain(node.domain()) ? std::string() : node.domain();
  auto it = opsets.find(domain);
  if (it == opsets.end()) return nullptr;
  return onnx::OpSchemaRegistry::Schema(node.op_type(), it->second, domain);
}

}  // namespace aclsim::model::onnx_internal
