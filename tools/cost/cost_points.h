// Calibration points: measured kernel durations (sim/calibration/*.csv) and
// the one-op graphs the cost model prices them with.
//
// A points file is CSV with a header row and the columns
//   id, device, op_type, inputs, outputs, attrs, measured_us, use, source
// where inputs and outputs are ';'-separated tensors written
// dtype[d0,d1,...] (e.g. float16[1024,1024]), attrs is a JSON object of op
// attributes (or empty), and use is "fit", "holdout" or "excluded: why".
#ifndef ACLSIM_TOOLS_COST_COST_POINTS_H_
#define ACLSIM_TOOLS_COST_COST_POINTS_H_

#include <string>
#include <vector>

#include "runtime/model/graph.h"
#include "runtime/status.h"

namespace aclsim::cost {

struct CostPoint {
  std::string id;
  std::string device;
  std::string use;  // "fit", "holdout" or "excluded: <reason>"
  std::string source;
  double measured_us = 0;
  model::Graph graph;  // one op; graph inputs are its inputs, outputs its outputs
};

// Parses a points file. Errors: kInvalidArgument naming the line and field.
StatusOr<std::vector<CostPoint>> ParsePoints(const std::string& csv_text);

// Splits one CSV record (RFC 4180 quoting) starting at |*pos| of |text|;
// advances |*pos| past the record's line end. False at the end of text.
bool NextCsvRecord(const std::string& text, size_t* pos, std::vector<std::string>* fields);

}  // namespace aclsim::cost

#endif  // ACLSIM_TOOLS_COST_COST_POINTS_H_
