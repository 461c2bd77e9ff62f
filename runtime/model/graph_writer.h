// Writes a Graph back as "aclsim.graph.v1" JSON (docs/model_format.md).
//
// Used wherever a graph crosses a process or library boundary (device
// plugins, the remote device server): the JSON form is the one documented,
// versioned representation. LoadGraphFromJson(WriteGraphJson(g)) gives a
// graph equal to |g| op for op, tensor for tensor (ops are already in
// topological order, so the order is kept). Deterministic output.
#ifndef ACLSIM_RUNTIME_MODEL_GRAPH_WRITER_H_
#define ACLSIM_RUNTIME_MODEL_GRAPH_WRITER_H_

#include <string>

#include "runtime/model/graph.h"

namespace aclsim::model {

std::string WriteGraphJson(const Graph& graph);

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_GRAPH_WRITER_H_
