// Loader for the aclsim JSON op-graph format ("aclsim.graph.v1").
//
// The format is documented in docs/model_format.md. Parsing uses nlohmann-json;
// validation covers required fields, known dtypes/formats/engines, unique tensor
// and op names, dangling references and cycles. Errors (details; the API
// edge gives a user of aclmdlLoadFromFile/aclmdlLoadFromMem CANN's codes):
//   kFileUnusable       file cannot be opened (145002)
//   kFileRead           file opened but not readable
//   kModelDeserialize   not JSON / not an object / wrong schema tag / nested
//                       deeper than kMaxGraphJsonDepth
//   kModelSizeInvalid   more than kMaxGraphJsonValues values (also: empty input)
//   kModelMissingAttr   a required field is absent
//   kModelParse         any other violation (the message names the field/op)
#ifndef ACLSIM_RUNTIME_MODEL_GRAPH_LOADER_H_
#define ACLSIM_RUNTIME_MODEL_GRAPH_LOADER_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "runtime/model/graph.h"
#include "runtime/status.h"

namespace aclsim::model {

inline constexpr std::string_view kGraphSchemaTag = "aclsim.graph.v1";

// Bounds on the JSON text, checked by a linear scan before it is parsed so
// that parse memory stays proportional to a real graph: the deepest nesting
// of objects and arrays (a graph needs about 6), and the number of values
// (counted as objects, arrays and the commas between elements). Shared by
// every loader of graph text, in-process and in the device server.
inline constexpr int kMaxGraphJsonDepth = 64;
inline constexpr size_t kMaxGraphJsonValues = size_t{1} << 21;

// Parses and validates |text|. On success the ops are in a topological order
// (stable with respect to the file order).
StatusOr<Graph> LoadGraphFromJson(std::string_view text);

// Reads |path| and calls LoadGraphFromJson. Unreadable file → kFileRead.
StatusOr<Graph> LoadGraphFromFile(const std::string& path);

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_GRAPH_LOADER_H_
