#include "cost_points.h"

#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

namespace aclsim::cost {
namespace {

using nlohmann::json;

Status PointError(size_t line, const std::string& what) {
  return Status(StatusCode::kInvalidArgument, "points line " + std::to_string(line) + ": " + what);
}

// "float16[1024,1024]" → a tensor.
bool ParseTensor(std::string_view text, model::Tensor* t) {
  const size_t open = text.find('[');
  if (open == std::string_view::npos || text.empty() || text.back() != ']') return false;
  auto dtype = model::ParseDataType(text.substr(0, open));
  if (!dtype) return false;
  t->dtype = *dtype;
  t->shape.clear();
  std::string_view dims = text.substr(open + 1, text.size() - open - 2);
  while (!dims.empty()) {
    const size_t comma = dims.find(',');
    const std::string dim(dims.substr(0, comma));
    char* end = nullptr;
    const long long v = std::strtoll(dim.c_str(), &end, 10);
    if (dim.empty() || *end != '\0' || v < 0 || v > model::kMaxTensorElements) return false;
    t->shape.push_back(v);
    dims = comma == std::string_view::npos ? std::string_view() : dims.substr(comma + 1);
  }
  return true;
}

bool AddTensors(const std::string& list, model::TensorKind kind, model::Graph* g, std::vector<int32_t>* ids) {
  std::string_view rest = list;
  while (!rest.empty()) {
    const size_t semi = rest.find(';');
    model::Tensor t;
    if (!ParseTensor(rest.substr(0, semi), &t)) return false;
    t.kind = kind;
    t.name = "t" + std::to_string(g->tensors.size());
    ids->push_back(static_cast<int32_t>(g->tensors.size()));
    g->tensors.push_back(std::move(t));
    rest = semi == std::string_view::npos ? std::string_view() : rest.substr(semi + 1);
  }
  return !ids->empty();
}

bool ParseAttrs(const std::string& text, model::Op* op) {
  if (text.empty()) return true;
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return false;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const json& v = it.value();
    if (v.is_boolean()) {
      op->attrs[it.key()] = v.get<bool>();
    } else if (v.is_number_integer()) {
      op->attrs[it.key()] = v.get<int64_t>();
    } else if (v.is_number()) {
      op->attrs[it.key()] = v.get<double>();
    } else if (v.is_string()) {
      op->attrs[it.key()] = v.get<std::string>();
    } else if (v.is_array() && std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_number_integer(); })) {
      op->attrs[it.key()] = v.get<std::vector<int64_t>>();
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

bool NextCsvRecord(const std::string& text, size_t* pos, std::vector<std::string>* fields) {
  fields->clear();
  if (*pos >= text.size()) return false;
  std::string field;
  bool quoted = false;
  size_t i = *pos;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields->push_back(std::move(field));
      field.clear();
    } else if (c == '\n') {
      break;
    } else if (c != '\r') {
      field += c;
    }
  }
  fields->push_back(std::move(field));
  *pos = i + 1;
  return true;
}

StatusOr<std::vector<CostPoint>> ParsePoints(const std::string& csv_text) {
  static const std::vector<std::string> kHeader = {"id",    "device",      "op_type", "inputs", "outputs",
                                                   "attrs", "measured_us", "use",     "source"};
  std::vector<CostPoint> points;
  std::vector<std::string> f;
  size_t pos = 0, line = 1;
  if (!NextCsvRecord(csv_text, &pos, &f) || f != kHeader) return PointError(1, "the header must be the 9 columns");
  while (NextCsvRecord(csv_text, &pos, &f)) {
    ++line;
    if (f.size() == 1 && f[0].empty()) continue;
    if (f.size() != kHeader.size()) return PointError(line, "expected 9 fields");
    CostPoint p;
    p.id = f[0];
    p.device = f[1];
    p.use = f[7];
    p.source = f[8];
    char* end = nullptr;
    p.measured_us = std::strtod(f[6].c_str(), &end);
    if (f[6].empty() || *end != '\0' || !(p.measured_us > 0)) return PointError(line, "measured_us must be > 0");
    if (p.use != "fit" && p.use != "holdout" && p.use.rfind("excluded", 0) != 0) {
      return PointError(line, "use must be fit, holdout or excluded: <reason>");
    }
    model::Op op;
    op.name = "point" + p.id;
    op.type = f[2];
    op.engine = model::DefaultEngineForOpType(op.type);
    if (!AddTensors(f[3], model::TensorKind::kInput, &p.graph, &op.inputs)) return PointError(line, "bad inputs");
    p.graph.inputs = op.inputs;
    if (!AddTensors(f[4], model::TensorKind::kIntermediate, &p.graph, &op.outputs)) {
      return PointError(line, "bad outputs");
    }
    for (int32_t t : op.outputs) p.graph.tensors[static_cast<size_t>(t)].producer = 0;
    p.graph.outputs = op.outputs;
    if (!ParseAttrs(f[5], &op)) return PointError(line, "attrs must be a JSON object of scalars and int lists");
    p.graph.name = op.name;
    p.graph.ops.push_back(std::move(op));
    points.push_back(std::move(p));
  }
  return points;
}

}  // namespace aclsim::cost
