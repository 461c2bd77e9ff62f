// The accuracy targets of the calibrated cost model (docs/cost_model.md),
// checked on held-out points: |error| = |modelled - measured| / measured.
//   small kernels (measured < 20 us)                  every |error| <= 50 %
//   large streaming ops (element-wise, reductions,
//     norms, data movement, casts, memsets; >= 20 us) every |error| <= 25 %,
//                                                     median <= 15 %
//   GEMM shapes (gemm, gemv, conv, quantised and
//     grouped matmuls; >= 20 us)                      every |error| <= 30 %
//   attention (>= 20 us)                              reported, no target
#ifndef ACLSIM_TOOLS_COST_ERROR_GROUPS_H_
#define ACLSIM_TOOLS_COST_ERROR_GROUPS_H_

#include <string>
#include <vector>

#include "sim/op_class.h"

namespace aclsim::cost {

struct PricedPoint {
  std::string use;  // "fit", "holdout", "excluded…"
  sim::OpClass op_class = sim::OpClass::kOther;
  double measured_us = 0;
  double error = 0;  // modelled / measured - 1
};

// The group a point's error is judged in: "small", "streaming", "gemm" or
// "attention".
const char* ErrorGroup(const PricedPoint& p);

struct TargetReport {
  bool ok = true;
  std::string text;  // one line per group and split: count, median, max
};

// Errors per group of the fit and held-out points; ok is false when a
// held-out group misses its target.
TargetReport CheckTargets(const std::vector<PricedPoint>& points);

}  // namespace aclsim::cost

#endif  // ACLSIM_TOOLS_COST_ERROR_GROUPS_H_
