// Loader for the aclsim JSON op-graph format ("aclsim.graph.v1").
//
// The format is documented in docs/model_format.md. Parsing uses nlohmann-json;
// validation covers required fields, known dtypes/formats/engines, unique tensor
// and op names, dangling references and cycles. Errors (details; the API
// edge gives a user of aclmdlLoadFromFile/aclmdlLoadFromMem CANN's codes):
//   kFileUnusable       file cannot be opened (145002)
//   kFileRead           file opened but not readable
//   kModelSizeInvalid   empty input
//   kModelDeserialize   not JSON / not an object / wrong schema tag
//   kModelMissingAttr   a required field is absent
//   kModelParse         any other violation (the message names the field/op)
#ifndef ACLSIM_RUNTIME_MODEL_GRAPH_LOADER_H_
#define ACLSIM_RUNTIME_MODEL_GRAPH_LOADER_H_

#include <string>
#include <string_view>

#include "runtime/model/graph.h"
#include "runtime/status.h"

namespace aclsim::model {

inline constexpr std::string_view kGraphSchemaTag = "aclsim.graph.v1";

// Parses and validates |text|. On success the ops are in a topological order
// (stable with respect to the file order).
StatusOr<Graph> LoadGraphFromJson(std::string_view text);

// Reads |path| and calls LoadGraphFromJson. Unreadable file → kFileRead.
StatusOr<Graph> LoadGraphFromFile(const std::string& path);

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_GRAPH_LOADER_H_
