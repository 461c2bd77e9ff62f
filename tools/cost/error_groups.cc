#include "error_groups.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace aclsim::cost {
namespace {

constexpr double kSmallUs = 20;

struct Target {
  const char* group;
  double max_abs;     // every |error| at most this (0: no target)
  double median_abs;  // median |error| at most this (0: no target)
};
constexpr Target kTargets[] = {
    {"small", 0.50, 0},
    {"streaming", 0.25, 0.15},
    {"gemm", 0.30, 0},
    {"attention", 0, 0},
};

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

const char* ErrorGroup(const PricedPoint& p) {
  using sim::OpClass;
  if (p.measured_us < kSmallUs) return "small";
  switch (p.op_class) {
    case OpClass::kGemm:
    case OpClass::kGemv:
    case OpClass::kConv:
    case OpClass::kQuantMatmul:
    case OpClass::kGroupedMatmul: return "gemm";
    case OpClass::kAttention:
    case OpClass::kAttentionDecode: return "attention";
    default: return "streaming";
  }
}

TargetReport CheckTargets(const std::vector<PricedPoint>& points, const AcceptedErrors& accepted) {
  constexpr double kSlack = 0.005;
  TargetReport report;
  for (const char* split : {"fit", "holdout"}) {
    const bool held_out = std::string(split) == "holdout";
    for (const Target& t : kTargets) {
      std::vector<double> errors;
      for (const auto& p : points) {
        if (p.use == split && std::string(ErrorGroup(p)) == t.group) errors.push_back(std::fabs(p.error));
      }
      if (errors.empty()) continue;
      const GroupError g{errors.size(), Median(errors), *std::max_element(errors.begin(), errors.end())};
      const bool miss =
          held_out && ((t.max_abs > 0 && g.max > t.max_abs) || (t.median_abs > 0 && g.median > t.median_abs));
      bool worse = false;
      if (held_out) {
        report.holdout[t.group] = g;
        auto it = accepted.find(t.group);
        worse = it != accepted.end() && (g.median > it->second.median + kSlack || g.max > it->second.max + kSlack);
      }
      report.targets_met = report.targets_met && !miss;
      report.ok = report.ok && !worse;
      char line[200];
      std::snprintf(line, sizeof line, "%-8s %-10s n=%3zu median |error| %5.1f %% max %5.1f %%%s%s\n", split, t.group,
                    g.count, g.median * 100, g.max * 100, miss ? "  misses target" : "",
                    worse ? "  WORSE THAN ACCEPTED" : "");
      report.text += line;
    }
  }
  return report;
}

}  // namespace aclsim::cost
