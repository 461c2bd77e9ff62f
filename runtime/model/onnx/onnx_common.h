// Internals shared by the ONNX loader's translation units (runtime/model/onnx/):
// the loader's error constructors, the default-domain test, the opset table
// and schema lookup, and the per-value index that shape inference fills and
// the converter reads. Not a public interface: only runtime/model/onnx/*.cc
// include it.
#ifndef ACLSIM_RUNTIME_MODEL_ONNX_ONNX_COMMON_H_
#define ACLSIM_RUNTIME_MODEL_ONNX_ONNX_COMMON_H_

#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>

#include <string>
#include <unordered_map>

#include "runtime/status.h"

namespace aclsim::model::onnx_internal {

bool IsDefaultDomain(const std::string& domain);

// Errors of the loader, each prefixed "onnx model: ".
Status ParseError(const std::string& what);
Status Unsupported(const std::string& what);
Status NotDynamic(const std::string& what);

bool IsConcrete(const onnx::TensorShapeProto_Dimension& d);

// Imported opset version per domain; the default domain (ai.onnx) is "".
using Opsets = std::unordered_map<std::string, int>;

// The schema of |node| at the opset the model imports for its domain, or null
// (custom domain, domain not imported, or an op newer than libonnx).
const onnx::OpSchema* SchemaFor(const Opsets& opsets, const onnx::NodeProto& node);

// Everything the converter needs to know about one value name.
struct ValueInfo {
  const onnx::TypeProto* type = nullptr;  // from inputs/outputs/value_info
  const onnx::TensorProto* initializer = nullptr;
  const onnx::SparseTensorProto* sparse = nullptr;
};
using ValueIndex = std::unordered_map<std::string, ValueInfo>;

}  // namespace aclsim::model::onnx_internal

#endif  // ACLSIM_RUNTIME_MODEL_ONNX_ONNX_COMMON_H_
