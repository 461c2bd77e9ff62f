// timeline_<ts>.svg: a fixed-width picture of the device lanes, one lane per
// (device, stream). Ops narrower than one pixel are merged into one box per
// pixel column (its <title> says how many ops it stands for), so the file
// size is bounded by lanes x width, not by the number of ops.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "runtime/prof/export_internal.h"

namespace aclsim::prof::export_internal {
namespace {

constexpr int kWidthPx = 1600;
constexpr int kLeftPx = 170;  // lane labels
constexpr int kRightPx = 30;
constexpr int kPlotPx = kWidthPx - kLeftPx - kRightPx;
constexpr int kTopPx = 64;  // title + legend
constexpr int kLanePx = 24;
constexpr int kBoxPx = 18;
constexpr int kAxisPx = 48;

struct Kind {
  const char* task_type;
  const char* css;
  const char* color;
};
constexpr std::array<Kind, 4> kKinds{{
    {"AI_CORE", "ai_core", "#1f77b4"},
    {"AI_VECTOR_CORE", "ai_vector_core", "#2ca02c"},
    {"AI_CPU", "ai_cpu", "#ff7f0e"},
    {"OTHER", "other", "#7f7f7f"},
}};
constexpr const char* kStepColor = "#d62728";
constexpr const char* kMarkExColor = "#9467bd";

size_t KindOf(const TaskRecord& t) {
  if (t.op != nullptr) {
    for (size_t k = 0; k + 1 < kKinds.size(); ++k) {
      if (t.op->task_type == kKinds[k].task_type) return k;
    }
  }
  return kKinds.size() - 1;
}

void Num(OutFile& f, double v) { f.Fixed(v, 2); }

// 1, 2 or 5 x 10^k µs, giving at most ~10 ticks over |span_ns|.
int64_t TickStepNs(int64_t span_ns) {
  int64_t step = 1000;
  for (;;) {
    for (int m : {1, 2, 5}) {
      if (span_ns / (step * m) <= 10) return step * m;
    }
    if (step > INT64_MAX / 100) return step;
    step *= 10;
  }
}

// Writes the picture element by element; maps host ns to x through the
// plot origin |t0| and scale |px_per_ns|.
class SvgWriter {
 public:
  SvgWriter(const Context& ctx, OutFile& f, int64_t t0, double px_per_ns)
      : ctx_(ctx), f_(f), t0_(t0), px_per_ns_(px_per_ns) {}

  double X(int64_t host_ns) const { return kLeftPx + static_cast<double>(host_ns - t0_) * px_per_ns_; }

  void OpBox(const TaskRecord& t, double x, double w, int y) {
    const Kind& k = kKinds[KindOf(t)];
    f_.Put("<rect class=\"op ");
    f_.Put(k.css);
    f_.Put("\" x=\"");
    Num(f_, x);
    f_.Put("\" y=\"");
    f_.U64(static_cast<uint64_t>(y));
    f_.Put("\" width=\"");
    Num(f_, w);
    f_.Put("\" height=\"");
    f_.U64(kBoxPx);
    f_.Put("\" fill=\"");
    f_.Put(k.color);
    f_.Put("\"><title>");
    f_.Xml(t.op != nullptr ? t.op->name : std::string("N/A"));
    f_.Put(" (");
    f_.Xml(t.op != nullptr ? t.op->type : std::string("N/A"));
    f_.Put(", ");
    f_.Put(k.task_type);
    f_.Put(")&#10;start ");
    f_.Us3(ctx_.HostStart(t));
    f_.Put(" us&#10;duration ");
    f_.Us3(t.end_ns - t.start_ns);
    f_.Put(" us</title></rect>\n");
  }

  // Several sub-pixel ops in pixel column |col|.
  void Aggregate(int col, int y, uint64_t count, const std::array<uint64_t, kKinds.size()>& per_kind, int64_t first_ns,
                 int64_t last_end_ns) {
    size_t best = 0;
    for (size_t k = 1; k < per_kind.size(); ++k) {
      if (per_kind[k] > per_kind[best]) best = k;
    }
    f_.Put("<rect class=\"agg ");
    f_.Put(kKinds[best].css);
    f_.Put("\" x=\"");
    f_.U64(static_cast<uint64_t>(col));
    f_.Put("\" y=\"");
    f_.U64(static_cast<uint64_t>(y));
    f_.Put("\" width=\"1\" height=\"");
    f_.U64(kBoxPx);
    f_.Put("\" fill=\"");
    f_.Put(kKinds[best].color);
    f_.Put("\"><title>");
    f_.U64(count);
    f_.Put(" ops");
    bool first = true;
    for (size_t k = 0; k < per_kind.size(); ++k) {
      if (per_kind[k] == 0) continue;
      f_.Put(first ? " " : ", ");
      first = false;
      f_.U64(per_kind[k]);
      f_.Put(" ");
      f_.Put(kKinds[k].task_type);
    }
    f_.Put("&#10;");
    f_.Us3(first_ns);
    f_.Put(" - ");
    f_.Us3(last_end_ns);
    f_.Put(" us</title></rect>\n");
  }

  void Marker(const TaskRecord& t, int y) {
    const bool step = Context::IsStepMarker(t);
    const double x = X(ctx_.HostStart(t));
    f_.Put("<line class=\"");
    f_.Put(step ? "step" : "markex");
    f_.Put("\" x1=\"");
    Num(f_, x);
    f_.Put("\" x2=\"");
    Num(f_, x);
    f_.Put("\" y1=\"");
    f_.U64(static_cast<uint64_t>(y - 2));
    f_.Put("\" y2=\"");
    f_.U64(static_cast<uint64_t>(y + kBoxPx + 2));
    f_.Put("\" stroke=\"");
    f_.Put(step ? kStepColor : kMarkExColor);
    f_.Put("\" stroke-width=\"2\"><title>");
    if (step) {
      f_.Put(t.marker_tag == 0 ? "step start, index " : "step end, index ");
    } else {
      f_.Put("MarkEx, id ");
    }
    f_.U64(t.marker_id);
    f_.Put("&#10;at ");
    f_.Us3(ctx_.HostStart(t));
    f_.Put(" us</title></line>\n");
  }

  // The <svg> element, background and title.
  void Header(int height, int lane_count) {
    f_.Put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
    f_.U64(kWidthPx);
    f_.Put("\" height=\"");
    f_.U64(static_cast<uint64_t>(height));
    f_.Put("\" viewBox=\"0 0 ");
    f_.U64(kWidthPx);
    f_.Put(" ");
    f_.U64(static_cast<uint64_t>(height));
    f_.Put("\" font-family=\"sans-serif\" font-size=\"12\" shape-rendering=\"crispEdges\">\n");
    f_.Put("<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    f_.Put("<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">aclsim device timeline (");
    f_.U64(ctx_.data.tasks.size());
    f_.Put(" tasks, ");
    f_.U64(static_cast<uint64_t>(lane_count));
    f_.Put(" lanes)</text>\n");
  }

  // A swatch per task kind, then the two marker kinds.
  void Legend() {
    int lx = 10;
    for (const Kind& k : kKinds) {
      f_.Put("<rect class=\"legend\" x=\"");
      f_.U64(static_cast<uint64_t>(lx));
      f_.Put("\" y=\"32\" width=\"14\" height=\"14\" fill=\"");
      f_.Put(k.color);
      f_.Put("\"/><text x=\"");
      f_.U64(static_cast<uint64_t>(lx + 20));
      f_.Put("\" y=\"44\">");
      f_.Put(k.task_type);
      f_.Put("</text>\n");
      lx += 160;
    }
    for (int step = 1; step >= 0; --step) {
      f_.Put("<line x1=\"");
      f_.U64(static_cast<uint64_t>(lx + 7));
      f_.Put("\" x2=\"");
      f_.U64(static_cast<uint64_t>(lx + 7));
      f_.Put("\" y1=\"30\" y2=\"48\" stroke=\"");
      f_.Put(step ? kStepColor : kMarkExColor);
      f_.Put("\" stroke-width=\"2\"/><text x=\"");
      f_.U64(static_cast<uint64_t>(lx + 20));
      f_.Put("\" y=\"44\">");
      f_.Put(step ? "step marker" : "MarkEx marker");
      f_.Put("</text>\n");
      lx += 160;
    }
  }

  // One (device, stream) lane: background, label, op boxes, then markers on top.
  void Lane(uint32_t device, uint32_t stream, const std::vector<uint32_t>& tasks, int lane_index) {
    const int lane_y = kTopPx + lane_index * kLanePx;
    const int box_y = lane_y + (kLanePx - kBoxPx) / 2;
    f_.Put("<g class=\"lane\" data-device=\"");
    f_.U64(device);
    f_.Put("\" data-stream=\"");
    f_.U64(stream);
    f_.Put("\">\n<rect class=\"lane-bg\" x=\"");
    f_.U64(kLeftPx);
    f_.Put("\" y=\"");
    f_.U64(static_cast<uint64_t>(lane_y));
    f_.Put("\" width=\"");
    f_.U64(kPlotPx);
    f_.Put("\" height=\"");
    f_.U64(kLanePx);
    f_.Put(lane_index % 2 == 0 ? "\" fill=\"#f4f4f4\"/>\n" : "\" fill=\"#e9e9e9\"/>\n");
    f_.Put("<text x=\"10\" y=\"");
    f_.U64(static_cast<uint64_t>(box_y + 13));
    f_.Put("\">Device ");
    f_.U64(device);
    f_.Put(" / Stream ");
    f_.U64(stream);
    f_.Put("</text>\n");
    LaneOps(tasks, box_y);
    for (uint32_t i : tasks) {
      if (ctx_.data.tasks[i].is_marker) Marker(ctx_.data.tasks[i], box_y);
    }
    f_.Put("</g>\n");
  }

  // The ops of a lane: a box each when at least one pixel wide, otherwise
  // merged with the other sub-pixel ops of the same pixel column.
  void LaneOps(const std::vector<uint32_t>& tasks, int box_y) {
    const SessionData& d = ctx_.data;
    int col = -1;
    uint64_t count = 0;
    std::array<uint64_t, kKinds.size()> per_kind{};
    int64_t first_ns = 0;
    int64_t last_end_ns = 0;
    uint32_t only = 0;
    auto flush = [&]() {
      if (count == 1) {
        OpBox(d.tasks[only], col, 1.0, box_y);
      } else if (count > 1) {
        Aggregate(col, box_y, count, per_kind, first_ns, last_end_ns);
      }
      count = 0;
      per_kind.fill(0);
    };
    for (uint32_t i : tasks) {
      const TaskRecord& t = d.tasks[i];
      if (t.is_marker) continue;
      const double x = X(ctx_.HostStart(t));
      const double width = static_cast<double>(t.end_ns - t.start_ns) * px_per_ns_;
      if (width >= 1.0) {
        flush();
        col = -1;
        OpBox(t, x, width, box_y);
        continue;
      }
      const int c = static_cast<int>(std::floor(x));
      if (c != col) {
        flush();
        col = c;
        first_ns = ctx_.HostStart(t);
      }
      if (count == 0) first_ns = ctx_.HostStart(t);
      ++count;
      ++per_kind[KindOf(t)];
      last_end_ns = std::max(last_end_ns, ctx_.HostEnd(t));
      only = i;
    }
    flush();
  }

  // Time axis (µs relative to the first task; the caption gives the origin).
  void Axis(int lane_count, int64_t span_ns) {
    const int axis_y = kTopPx + lane_count * kLanePx + 6;
    f_.Put("<g class=\"axis\">\n<line x1=\"");
    f_.U64(kLeftPx);
    f_.Put("\" x2=\"");
    f_.U64(kLeftPx + kPlotPx);
    f_.Put("\" y1=\"");
    f_.U64(static_cast<uint64_t>(axis_y));
    f_.Put("\" y2=\"");
    f_.U64(static_cast<uint64_t>(axis_y));
    f_.Put("\" stroke=\"#000000\"/>\n");
    const int64_t tick = TickStepNs(span_ns);
    for (int64_t rel = 0; rel <= span_ns; rel += tick) {
      const double x = kLeftPx + static_cast<double>(rel) * px_per_ns_;
      f_.Put("<line x1=\"");
      Num(f_, x);
      f_.Put("\" x2=\"");
      Num(f_, x);
      f_.Put("\" y1=\"");
      f_.U64(static_cast<uint64_t>(axis_y));
      f_.Put("\" y2=\"");
      f_.U64(static_cast<uint64_t>(axis_y + 5));
      f_.Put("\" stroke=\"#000000\"/><text x=\"");
      Num(f_, x);
      f_.Put("\" y=\"");
      f_.U64(static_cast<uint64_t>(axis_y + 18));
      f_.Put("\" text-anchor=\"middle\">");
      f_.Fixed(static_cast<double>(rel) / 1000.0, rel % 1000 == 0 ? 0 : 3);
      f_.Put("</text>\n");
      if (rel > INT64_MAX - tick) break;
    }
    f_.Put("<text x=\"10\" y=\"");
    f_.U64(static_cast<uint64_t>(axis_y + 36));
    f_.Put("\">time (us) from ");
    f_.Us3(t0_);
    f_.Put(" us</text>\n</g>\n</svg>\n");
  }

 private:
  const Context& ctx_;
  OutFile& f_;
  int64_t t0_;
  double px_per_ns_;
};

}  // namespace

Status WriteTimelineSvg(const Context& ctx, const std::string& path) {
  const SessionData& d = ctx.data;
  // Lanes: (device, stream) in ascending order; tasks of each lane in time order.
  std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> lanes;
  int64_t t0 = INT64_MAX;
  int64_t t1 = INT64_MIN;
  for (uint32_t i : ctx.sorted) {
    const TaskRecord& t = d.tasks[i];
    lanes[{t.device_id, t.stream_id}].push_back(i);
    t0 = std::min(t0, ctx.HostStart(t));
    t1 = std::max(t1, ctx.HostEnd(t));
  }
  if (lanes.empty()) {
    t0 = 0;
    t1 = 1000;
  }
  const int64_t span_ns = std::max<int64_t>(t1 - t0, 1);
  const double px_per_ns = static_cast<double>(kPlotPx) / static_cast<double>(span_ns);
  const int lane_count = static_cast<int>(lanes.size());
  const int height = kTopPx + lane_count * kLanePx + kAxisPx;

  OutFile f;
  ACLSIM_RETURN_IF_ERROR(f.Open(path));
  SvgWriter w(ctx, f, t0, px_per_ns);
  w.Header(height, lane_count);
  w.Legend();
  int lane_index = 0;
  for (const auto& [key, tasks] : lanes) w.Lane(key.first, key.second, tasks, lane_index++);
  w.Axis(lane_count, span_ns);
  return f.Close();
}

}  // namespace aclsim::prof::export_internal
