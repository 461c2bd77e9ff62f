#include "runtime/model/graph_loader.h"

#include <algorithm>
#include <optional>
#include <queue>
#include <sstream>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "runtime/model/op_type.h"
#include "runtime/read_file.h"
#include "runtime/time_limits.h"

namespace aclsim::model {
namespace {

using nlohmann::json;

constexpr int64_t kMaxDim = int64_t{1} << 40;
constexpr size_t kMaxRank = 8;

Status ParseError(const std::string& what) { return Status(Detail::kModelParse, "model: " + what); }
Status MissingField(const std::string& where, const char* field) {
  return Status(Detail::kModelMissingAttr, "model: " + where + " has no required field '" + field + "'");
}

Status RequireString(const json& obj, const char* field, const std::string& where, std::string* out) {
  auto it = obj.find(field);
  if (it == obj.end()) return MissingField(where, field);
  if (!it->is_string()) return ParseError(where + "." + field + " must be a string");
  *out = it->get<std::string>();
  if (out->empty()) return ParseError(where + "." + field + " must not be empty");
  return OkStatus();
}

Status ParseTensorSpec(const json& spec, const std::string& where, TensorKind kind, Tensor* out) {
  if (!spec.is_object()) return ParseError(where + " must be an object");
  ACLSIM_RETURN_IF_ERROR(RequireString(spec, "name", where, &out->name));
  std::string dtype;
  ACLSIM_RETURN_IF_ERROR(RequireString(spec, "dtype", where, &dtype));
  auto parsed = ParseDataType(dtype);
  if (!parsed) return ParseError(where + " '" + out->name + "' has unknown dtype '" + dtype + "'");
  out->dtype = *parsed;
  out->format = Format::kNd;
  if (auto it = spec.find("format"); it != spec.end()) {
    if (!it->is_string()) return ParseError(where + ".format must be a string");
    auto fmt = ParseFormat(it->get<std::string>());
    if (!fmt) {
      return ParseError(where + " '" + out->name + "' has unknown format '" + it->get<std::string>() + "'");
    }
    out->format = *fmt;
  }
  auto shape = spec.find("shape");
  if (shape == spec.end()) return MissingField(where + " '" + out->name + "'", "shape");
  if (!shape->is_array() || shape->size() > kMaxRank) {
    return ParseError(where + " '" + out->name + "' shape must be an array of at most 8 dims");
  }
  out->shape.clear();
  for (const auto& d : *shape) {
    if (!d.is_number_integer() || d.get<int64_t>() < 1 || d.get<int64_t>() > kMaxDim) {
      return ParseError(where + " '" + out->name + "' has a dimension that is not a positive integer");
    }
    out->shape.push_back(d.get<int64_t>());
  }
  if (out->ElementCount() > kMaxTensorElements) {
    return ParseError(where + " '" + out->name + "' is too large (more than 2^40 elements)");
  }
  out->kind = kind;
  return OkStatus();
}

StatusOr<AttrValue> ParseAttr(const json& v, const std::string& where) {
  if (v.is_boolean()) return AttrValue(v.get<bool>());
  if (v.is_number_integer()) return AttrValue(v.get<int64_t>());
  if (v.is_number_float()) return AttrValue(v.get<double>());
  if (v.is_string()) return AttrValue(v.get<std::string>());
  if (v.is_array()) {
    bool all_int = true;
    for (const auto& e : v) {
      if (!e.is_number()) return ParseError(where + " lists must hold numbers only");
      all_int = all_int && e.is_number_integer();
    }
    if (all_int) return AttrValue(v.get<std::vector<int64_t>>());
    return AttrValue(v.get<std::vector<double>>());
  }
  return ParseError(where + " has an unsupported value type");
}

// Two ints from a 2- or 4-element attribute ([h, w] or NCHW-style [1, 1, h, w]).
bool HwPair(const Op& op, const char* key, int64_t fallback, int64_t* h, int64_t* w) {
  std::vector<int64_t> v = op.IntsAttr(key);
  if (v.empty()) {
    *h = *w = fallback;
    return true;
  }
  if (v.size() == 2) {
    *h = v[0];
    *w = v[1];
    return true;
  }
  if (v.size() == 4) {
    *h = v[2];
    *w = v[3];
    return true;
  }
  return false;
}

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "]";
}

// Shape consistency of ops whose work the cost model derives from shapes;
// an inconsistent graph would silently give meaningless FLOP counts.
Status ValidateCubeOp(const Graph& g, const Op& op) {
  auto fail = [&](const std::string& why) { return ParseError("op '" + op.name + "' (" + op.type + "): " + why); };
  const std::optional<OpType> type = FindOpType(op.type);
  if (type == OpType::kConv2D) {
    if (op.inputs.size() < 2) return fail("needs inputs x and w");
    const auto& x = g.tensor(op.inputs[0]).shape;
    const auto& w = g.tensor(op.inputs[1]).shape;
    const auto& y = g.tensor(op.outputs[0]).shape;
    if (x.size() != 4 || w.size() != 4 || y.size() != 4) return fail("x, w and the output must be 4-D");
    bool nhwc = g.tensor(op.inputs[0]).format == Format::kNhwc;
    int64_t n = x[0], c = nhwc ? x[3] : x[1], h = nhwc ? x[1] : x[2], wd = nhwc ? x[2] : x[3];
    int64_t groups = op.IntAttr("groups", 1);
    int64_t sh, sw, dh, dw;
    if (groups < 1 || c % groups != 0) return fail("groups must divide the input channels");
    if (!HwPair(op, "strides", 1, &sh, &sw) || !HwPair(op, "dilations", 1, &dh, &dw) || sh < 1 || sw < 1 || dh < 1 ||
        dw < 1) {
      return fail("strides/dilations must be 2 or 4 positive ints");
    }
    std::vector<int64_t> pads = op.IntsAttr("pads");
    if (pads.empty()) pads = {0, 0, 0, 0};
    if (pads.size() != 4) return fail("pads must be [top, bottom, left, right]");
    if (w[1] * groups != c) {
      return fail("weight " + ShapeText(w) + " does not match " + std::to_string(c) + " input channels");
    }
    int64_t ho = (h + pads[0] + pads[1] - dh * (w[2] - 1) - 1) / sh + 1;
    int64_t wo = (wd + pads[2] + pads[3] - dw * (w[3] - 1) - 1) / sw + 1;
    std::vector<int64_t> want = nhwc ? std::vector<int64_t>{n, ho, wo, w[0]} : std::vector<int64_t>{n, w[0], ho, wo};
    if (y != want) return fail("output shape " + ShapeText(y) + " should be " + ShapeText(want));
  } else if (type == OpType::kMatMul || type == OpType::kMatMulV2 || type == OpType::kBatchMatMul ||
             type == OpType::kBatchMatMulV2) {
    if (op.inputs.size() < 2) return fail("needs inputs A and B");
    const auto& a = g.tensor(op.inputs[0]).shape;
    const auto& b = g.tensor(op.inputs[1]).shape;
    const auto& y = g.tensor(op.outputs[0]).shape;
    bool batch = type == OpType::kBatchMatMul || type == OpType::kBatchMatMulV2;
    if (a.size() < 2 || b.size() < 2 || y.size() < 2 || (!batch && (a.size() != 2 || b.size() != 2 || y.size() != 2))) {
      return fail(batch ? "A, B and the output need at least 2 dims" : "A, B and the output must be 2-D");
    }
    bool ta = op.BoolAttr("transpose_a", false) || op.BoolAttr("adj_x1", false) || op.BoolAttr("transpose_x1", false);
    bool tb = op.BoolAttr("transpose_b", false) || op.BoolAttr("adj_x2", false) || op.BoolAttr("transpose_x2", false);
    size_t ra = a.size(), rb = b.size(), ry = y.size();
    int64_t m = ta ? a[ra - 1] : a[ra - 2], ka = ta ? a[ra - 2] : a[ra - 1];
    int64_t kb = tb ? b[rb - 1] : b[rb - 2], nn = tb ? b[rb - 2] : b[rb - 1];
    if (ka != kb) return fail("contraction dims differ: A " + ShapeText(a) + ", B " + ShapeText(b));
    if (y[ry - 2] != m || y[ry - 1] != nn) {
      return fail("output " + ShapeText(y) + " should end in [" + std::to_string(m) + "," + std::to_string(nn) + "]");
    }
  } else if (type == OpType::kFlashAttentionScore) {
    if (op.inputs.size() < 3) return fail("needs inputs q, k and v");
    for (int i = 0; i < 3; ++i) {
      if (g.tensor(op.inputs[static_cast<size_t>(i)]).shape.size() != 4) return fail("q, k and v must be 4-D");
    }
  }
  return OkStatus();
}

// Loading state shared by the steps of LoadGraphFromJson: the graph being
// built, tensor names seen so far, and the ops in file order with the input
// names they still have to resolve.
struct LoadState {
  Graph graph;
  std::unordered_map<std::string, int32_t> tensor_index;
  std::vector<Op> parsed_ops;
  std::vector<std::vector<std::string>> input_names;

  Status AddTensor(Tensor t, const std::string& where) {
    if (!tensor_index.emplace(t.name, static_cast<int32_t>(graph.tensors.size())).second) {
      return ParseError(where + ": duplicate tensor name '" + t.name + "'");
    }
    graph.tensors.push_back(std::move(t));
    return OkStatus();
  }
};

// Within kMaxGraphJsonDepth and kMaxGraphJsonValues; one pass, no memory.
// Whether the text is JSON at all is the parser's to say.
Status CheckJsonBounds(std::string_view text) {
  int depth = 0;
  size_t values = 0;
  bool in_string = false;
  bool escaped = false;
  for (char ch : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (ch == '\\') {
        escaped = true;
      } else if (ch == '"') {
        in_string = false;
      }
      continue;
    }
    switch (ch) {
      case '"': in_string = true; break;
      case '{':
      case '[':
        if (++depth > kMaxGraphJsonDepth) {
          return Status(Detail::kModelDeserialize,
                        "model: JSON nested deeper than " + std::to_string(kMaxGraphJsonDepth) + " levels");
        }
        ++values;
        break;
      case '}':
      case ']': --depth; break;
      case ',': ++values; break;
      default: continue;
    }
    if (values > kMaxGraphJsonValues) {
      return Status(Detail::kModelSizeInvalid,
                    "model: more than " + std::to_string(kMaxGraphJsonValues) + " JSON values");
    }
  }
  return OkStatus();
}

// Non-blank, valid JSON within the bounds, an object, with the schema tag
// this loader reads.
StatusOr<json> ParseDocument(std::string_view text) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return Status(Detail::kModelSizeInvalid, "model: input is empty");
  }
  ACLSIM_RETURN_IF_ERROR(CheckJsonBounds(text));
  json doc = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    return Status(Detail::kModelDeserialize, "model: input is not valid JSON");
  }
  if (!doc.is_object()) {
    return Status(Detail::kModelDeserialize, "model: top level must be a JSON object");
  }
  auto schema = doc.find("schema");
  if (schema == doc.end()) return MissingField("graph", "schema");
  if (!schema->is_string() || schema->get<std::string>() != kGraphSchemaTag) {
    return Status(Detail::kModelDeserialize, "model: unsupported schema (expected \"aclsim.graph.v1\")");
  }
  return doc;
}

// The graph's "inputs" (required) and "weights" (optional) tensors.
Status ParseGraphTensors(const json& doc, LoadState* st) {
  auto inputs = doc.find("inputs");
  if (inputs == doc.end()) return MissingField("graph", "inputs");
  if (!inputs->is_array()) return ParseError("inputs must be an array");
  for (size_t i = 0; i < inputs->size(); ++i) {
    Tensor t;
    std::string where = "inputs[" + std::to_string(i) + "]";
    ACLSIM_RETURN_IF_ERROR(ParseTensorSpec((*inputs)[i], where, TensorKind::kInput, &t));
    st->graph.inputs.push_back(static_cast<int32_t>(st->graph.tensors.size()));
    ACLSIM_RETURN_IF_ERROR(st->AddTensor(std::move(t), where));
  }
  if (auto weights = doc.find("weights"); weights != doc.end()) {
    if (!weights->is_array()) return ParseError("weights must be an array");
    for (size_t i = 0; i < weights->size(); ++i) {
      Tensor t;
      std::string where = "weights[" + std::to_string(i) + "]";
      ACLSIM_RETURN_IF_ERROR(ParseTensorSpec((*weights)[i], where, TensorKind::kWeight, &t));
      ACLSIM_RETURN_IF_ERROR(st->AddTensor(std::move(t), where));
    }
  }
  return OkStatus();
}

// An op's optional fields: engine, stream, duration_ns, block_dim, core_limit, attrs.
Status ParseOpOptions(const json& o, const std::string& where, Op* op) {
  op->engine = DefaultEngineForOpType(op->type);
  if (auto e = o.find("engine"); e != o.end()) {
    auto engine = e->is_string() ? ParseEngine(e->get<std::string>()) : std::nullopt;
    if (!engine) return ParseError(where + " has unknown engine (AI_CORE, AI_VECTOR, AI_CPU)");
    op->engine = *engine;
  }
  if (auto s = o.find("stream"); s != o.end()) {
    if (!s->is_number_integer() || s->get<int64_t>() < 0 || s->get<int64_t>() > 63) {
      return ParseError(where + " stream must be an integer in [0, 63]");
    }
    op->stream = static_cast<uint32_t>(s->get<int64_t>());
  }
  if (auto d = o.find("duration_ns"); d != o.end()) {
    if (!d->is_number_integer() || d->get<int64_t>() < 0 || d->get<int64_t>() > kMaxTaskDurationNs) {
      return ParseError(where + " duration_ns must be an integer in [0, 2^50]");
    }
    op->duration_ns = d->get<int64_t>();
  }
  if (auto b = o.find("block_dim"); b != o.end()) {
    if (!b->is_number_integer() || b->get<int64_t>() < 1 || b->get<int64_t>() > 65535) {
      return ParseError(where + " block_dim must be an integer in [1, 65535]");
    }
    op->block_dim = static_cast<uint32_t>(b->get<int64_t>());
  }
  if (auto c = o.find("core_limit"); c != o.end()) {
    if (!c->is_number_integer() || c->get<int64_t>() < 1 || c->get<int64_t>() > 65535) {
      return ParseError(where + " core_limit must be an integer in [1, 65535]");
    }
    op->core_limit = static_cast<uint32_t>(c->get<int64_t>());
  }
  if (auto a = o.find("attrs"); a != o.end()) {
    if (!a->is_object()) return ParseError(where + " attrs must be an object");
    for (auto it = a->begin(); it != a->end(); ++it) {
      auto value = ParseAttr(it.value(), where + " attr '" + it.key() + "'");
      if (!value.ok()) return value.status();
      op->attrs.emplace(it.key(), std::move(value).value());
    }
  }
  return OkStatus();
}

// An op's "inputs" (names, resolved later) and "outputs" (tensors it defines,
// added now so that ops listed earlier may read them).
Status ParseOpTensors(const json& o, const std::string& where, size_t op_index, LoadState* st, Op* op,
                      std::vector<std::string>* names) {
  auto in = o.find("inputs");
  if (in == o.end()) return MissingField(where, "inputs");
  if (!in->is_array()) return ParseError(where + " inputs must be an array of tensor names");
  for (const auto& n : *in) {
    if (!n.is_string()) return ParseError(where + " inputs must be tensor names");
    names->push_back(n.get<std::string>());
  }
  auto out = o.find("outputs");
  if (out == o.end()) return MissingField(where, "outputs");
  if (!out->is_array() || out->empty()) return ParseError(where + " outputs must be a non-empty array");
  for (size_t k = 0; k < out->size(); ++k) {
    Tensor t;
    ACLSIM_RETURN_IF_ERROR(ParseTensorSpec((*out)[k], where + " output", TensorKind::kIntermediate, &t));
    t.producer = static_cast<int32_t>(op_index);
    op->outputs.push_back(static_cast<int32_t>(st->graph.tensors.size()));
    ACLSIM_RETURN_IF_ERROR(st->AddTensor(std::move(t), where));
  }
  return OkStatus();
}

// First pass over "ops": op fields and output tensors, so inputs may name
// outputs of ops listed later (the order is fixed up by SortOps).
Status ParseOps(const json& doc, LoadState* st) {
  auto ops = doc.find("ops");
  if (ops == doc.end()) return MissingField("graph", "ops");
  if (!ops->is_array() || ops->empty()) return ParseError("ops must be a non-empty array");
  std::unordered_map<std::string, size_t> op_names;
  st->parsed_ops.reserve(ops->size());
  for (size_t i = 0; i < ops->size(); ++i) {
    const json& o = (*ops)[i];
    std::string where = "ops[" + std::to_string(i) + "]";
    if (!o.is_object()) return ParseError(where + " must be an object");
    Op op;
    ACLSIM_RETURN_IF_ERROR(RequireString(o, "name", where, &op.name));
    where = "op '" + op.name + "'";
    if (!op_names.emplace(op.name, i).second) return ParseError("duplicate op name '" + op.name + "'");
    ACLSIM_RETURN_IF_ERROR(RequireString(o, "type", where, &op.type));
    ACLSIM_RETURN_IF_ERROR(ParseOpOptions(o, where, &op));
    std::vector<std::string> names;
    ACLSIM_RETURN_IF_ERROR(ParseOpTensors(o, where, i, st, &op, &names));
    st->parsed_ops.push_back(std::move(op));
    st->input_names.push_back(std::move(names));
  }
  return OkStatus();
}

// Op dependencies in file order: who consumes each op's outputs, and how many
// producers each op still waits for.
struct Dependencies {
  std::vector<std::vector<size_t>> consumers;
  std::vector<size_t> pending;
};

// Resolves every op's input names to tensor indices and records the edges.
StatusOr<Dependencies> ResolveInputs(LoadState* st) {
  const size_t n = st->parsed_ops.size();
  Dependencies deps{std::vector<std::vector<size_t>>(n), std::vector<size_t>(n, 0)};
  for (size_t i = 0; i < n; ++i) {
    for (const auto& name : st->input_names[i]) {
      auto it = st->tensor_index.find(name);
      if (it == st->tensor_index.end()) {
        return ParseError("op '" + st->parsed_ops[i].name + "' reads tensor '" + name +
                          "' that no input, weight or op defines");
      }
      st->parsed_ops[i].inputs.push_back(it->second);
      int32_t producer = st->graph.tensors[static_cast<size_t>(it->second)].producer;
      if (producer >= 0) {
        if (static_cast<size_t>(producer) == i) {
          return ParseError("op '" + st->parsed_ops[i].name + "' reads its own output (cycle)");
        }
        deps.consumers[static_cast<size_t>(producer)].push_back(i);
        ++deps.pending[i];
      }
    }
  }
  return deps;
}

// Moves the ops into the graph in topological order (Kahn's algorithm,
// smallest file index first: stable and deterministic) and renumbers the
// tensors' producers to match.
Status SortOps(Dependencies deps, LoadState* st) {
  const size_t n = st->parsed_ops.size();
  std::priority_queue<size_t, std::vector<size_t>, std::greater<>> ready;
  for (size_t i = 0; i < n; ++i) {
    if (deps.pending[i] == 0) ready.push(i);
  }
  std::vector<int32_t> new_index(n, -1);
  std::vector<size_t> order;
  order.reserve(n);
  while (!ready.empty()) {
    size_t i = ready.top();
    ready.pop();
    new_index[i] = static_cast<int32_t>(order.size());
    order.push_back(i);
    for (size_t c : deps.consumers[i]) {
      if (--deps.pending[c] == 0) ready.push(c);
    }
  }
  if (order.size() != n) {
    for (size_t i = 0; i < n; ++i) {
      if (new_index[i] < 0) {
        return ParseError("the op graph has a cycle through op '" + st->parsed_ops[i].name + "'");
      }
    }
  }
  Graph& graph = st->graph;
  graph.ops.reserve(n);
  for (size_t i : order) graph.ops.push_back(std::move(st->parsed_ops[i]));
  for (auto& t : graph.tensors) {
    if (t.producer >= 0) t.producer = new_index[static_cast<size_t>(t.producer)];
  }
  uint32_t max_stream = 0;
  for (const auto& op : graph.ops) max_stream = std::max(max_stream, op.stream);
  graph.stream_count = max_stream + 1;
  return OkStatus();
}

// The graph's "outputs": distinct names of tensors that ops produce.
Status ParseGraphOutputs(const json& doc, LoadState* st) {
  auto outputs = doc.find("outputs");
  if (outputs == doc.end()) return MissingField("graph", "outputs");
  if (!outputs->is_array() || outputs->empty()) {
    return ParseError("outputs must be a non-empty array of tensor names");
  }
  Graph& graph = st->graph;
  for (const auto& o : *outputs) {
    if (!o.is_string()) return ParseError("outputs must be tensor names");
    auto it = st->tensor_index.find(o.get<std::string>());
    if (it == st->tensor_index.end()) {
      return ParseError("graph output '" + o.get<std::string>() + "' is not a defined tensor");
    }
    if (graph.tensors[static_cast<size_t>(it->second)].kind != TensorKind::kIntermediate) {
      return ParseError("graph output '" + o.get<std::string>() + "' must be produced by an op");
    }
    if (std::find(graph.outputs.begin(), graph.outputs.end(), it->second) != graph.outputs.end()) {
      return ParseError("graph output '" + o.get<std::string>() + "' is listed twice");
    }
    graph.outputs.push_back(it->second);
  }
  return OkStatus();
}

}  // namespace

StatusOr<Graph> LoadGraphFromJson(std::string_view text) {
  ACLSIM_ASSIGN_OR_RETURN(const json doc, ParseDocument(text));
  LoadState st;
  ACLSIM_RETURN_IF_ERROR(RequireString(doc, "name", "graph", &st.graph.name));
  ACLSIM_RETURN_IF_ERROR(ParseGraphTensors(doc, &st));
  ACLSIM_RETURN_IF_ERROR(ParseOps(doc, &st));
  ACLSIM_ASSIGN_OR_RETURN(Dependencies deps, ResolveInputs(&st));
  ACLSIM_RETURN_IF_ERROR(SortOps(std::move(deps), &st));
  ACLSIM_RETURN_IF_ERROR(ParseGraphOutputs(doc, &st));
  for (const auto& op : st.graph.ops) ACLSIM_RETURN_IF_ERROR(ValidateCubeOp(st.graph, op));
  return std::move(st.graph);
}

StatusOr<Graph> LoadGraphFromFile(const std::string& path) {
  std::string text;
  ACLSIM_RETURN_IF_ERROR(
      ReadRegularFile(path, kMaxModelFileBytes, "model", {Detail::kFileUnusable, Detail::kFileRead}, &text));
  return LoadGraphFromJson(text);
}

}  // namespace aclsim::model
