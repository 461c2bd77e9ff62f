// aclsim-cost: prices ops and models with the simulator's cost model.
//
//   aclsim-cost points FILE [--profile-file P] [--check]
//       every calibration point of FILE (tools/cost/cost_points.h) on its
//       device's built-in profile (or on P, for the points of P's device):
//       the work terms, the modelled and the measured time, as CSV. --check
//       also prints the error per group (and which targets of
//       docs/cost_model.md are missed) and fails when a held-out group is
//       worse than --accepted FILE records.
//   aclsim-cost model FILE [--profile NAME] [--atc] [--batch N] [--ops]
//       the device time of one execution of a model (ops in order on one
//       stream), its FLOPs, the time per op class and the throughput.
// Used by scripts/calibrate.py and by the calibration test.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cost_points.h"
#include "error_groups.h"
#include "runtime/model/model_loader.h"
#include "runtime/read_file.h"
#include "sim/cost_model.h"

namespace {

using aclsim::StatusCode;
using aclsim::StatusOr;
using aclsim::sim::CostModel;
using aclsim::sim::DeviceProfile;

StatusOr<DeviceProfile> ProfileFor(const std::string& name, const std::string& file) {
  if (!file.empty()) return aclsim::sim::LoadDeviceProfileFile(file);
  return aclsim::sim::BuiltinDeviceProfile(name);
}

int Fail(const std::string& message) {
  std::fprintf(stderr, "aclsim-cost: %s\n", message.c_str());
  return 2;
}

// sim/calibration/accepted_errors.json: {"holdout": {group: {"median", "max"}}}.
StatusOr<aclsim::cost::AcceptedErrors> ReadAccepted(const std::string& path) {
  aclsim::cost::AcceptedErrors accepted;
  if (path.empty()) return accepted;
  std::string text;
  ACLSIM_RETURN_IF_ERROR(aclsim::ReadRegularFile(path, 1u << 20, "accepted errors",
                                                 {StatusCode::kInvalidArgument, StatusCode::kInvalidArgument}, &text));
  auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.contains("holdout") || !doc["holdout"].is_object()) {
    return aclsim::Status(StatusCode::kInvalidArgument, path + ": no \"holdout\" object");
  }
  for (const auto& [group, e] : doc["holdout"].items()) {
    if (!e.contains("median") || !e.contains("max") || !e["median"].is_number() || !e["max"].is_number()) {
      return aclsim::Status(StatusCode::kInvalidArgument, path + ": " + group + " needs numeric median and max");
    }
    accepted[group] = {0, e["median"].get<double>(), e["max"].get<double>()};
  }
  return accepted;
}

int RunPoints(const std::string& path, const std::string& profile_file, bool check, const std::string& accepted_path) {
  std::string text;
  if (auto s = aclsim::ReadRegularFile(path, 64u << 20, "points",
                                       {StatusCode::kInvalidArgument, StatusCode::kInvalidArgument}, &text);
      !s.ok())
    return Fail(s.ToString());
  auto points = aclsim::cost::ParsePoints(text);
  if (!points.ok()) return Fail(points.status().ToString());
  std::map<std::string, DeviceProfile> profiles;
  std::vector<aclsim::cost::PricedPoint> priced;
  std::printf(
      "id,use,device,op_type,class,engine,dtype,unaligned,rows,flops,bytes,blocks,block_dim,cores,peak_flops_per_s,"
      "bandwidth,"
      "core_bandwidth,floor_ns,fill_ns,compute_ns,memory_ns,predicted_us,measured_us,error\n");
  for (const auto& p : *points) {
    auto it = profiles.find(p.device);
    if (it == profiles.end()) {
      auto prof = ProfileFor(p.device, profile_file);
      if (!prof.ok()) return Fail("point " + p.id + ": " + prof.status().ToString());
      it = profiles.emplace(p.device, std::move(prof).value()).first;
    }
    if (!profile_file.empty() && it->second.name != p.device) continue;
    const DeviceProfile& prof = it->second;
    const CostModel model(prof);
    const auto& op = p.graph.ops[0];
    const auto work = aclsim::sim::ComputeOpWork(p.graph, op);
    const uint32_t block_dim = model.BlockDim(op, work);
    const auto cost = model.Cost(op, work, block_dim);
    const double peak = prof.PeakFlopsPerS(op.engine, work.compute_dtype);
    const double predicted_us = static_cast<double>(cost.duration_ns) / 1e3;
    const double error = predicted_us / p.measured_us - 1;
    std::printf("%s,%s,%s,%s,%s,%s,%s,%d,%llu,%llu,%llu,%llu,%u,%u,%.6g,%.6g,%.6g,%lld,%lld,%lld,%lld,%.3f,%.3f,%.4f\n",
                p.id.c_str(), p.use.rfind("excluded", 0) == 0 ? "excluded" : p.use.c_str(), p.device.c_str(),
                op.type.c_str(), aclsim::sim::OpClassName(work.op_class), aclsim::model::EngineName(op.engine),
                aclsim::model::DataTypeName(work.compute_dtype), work.unaligned ? 1 : 0,
                static_cast<unsigned long long>(work.rows), static_cast<unsigned long long>(work.flops),
                static_cast<unsigned long long>(work.bytes), static_cast<unsigned long long>(work.blocks), block_dim,
                prof.CoreCount(op.engine), peak, prof.memory_bandwidth_bytes_per_s,
                prof.core_bandwidth_bytes_per_s * prof.core_bandwidth_scale, static_cast<long long>(cost.floor_ns),
                static_cast<long long>(cost.fill_ns), static_cast<long long>(cost.compute_ns),
                static_cast<long long>(cost.memory_ns), predicted_us, p.measured_us, error);
    priced.push_back({p.use, work.op_class, p.measured_us, error});
  }
  if (!check) return 0;
  auto accepted = ReadAccepted(accepted_path);
  if (!accepted.ok()) return Fail(accepted.status().ToString());
  const auto report = aclsim::cost::CheckTargets(priced, *accepted);
  std::fputs(report.text.c_str(), stderr);
  return report.ok ? 0 : 1;
}

int RunModel(const std::string& path, const std::string& profile_name, bool fusion, int64_t batch, bool ops) {
  aclsim::model::ModelLoadOptions options;
  options.fusion = fusion;
  options.cube_fp16 = fusion;  // as atc's defaults: fusion and force_fp16
  options.default_batch = batch;
  auto graph = aclsim::model::LoadModelFile(path, options);
  if (!graph.ok()) return Fail(graph.status().ToString());
  auto prof = aclsim::sim::BuiltinDeviceProfile(profile_name);
  if (!prof.ok()) return Fail(prof.status().ToString());
  const CostModel model(*prof);
  int64_t total_ns = 0;
  uint64_t flops = 0;
  std::map<std::string, std::pair<int64_t, int>> by_class;
  for (const auto& op : graph->ops) {
    const auto work = aclsim::sim::ComputeOpWork(*graph, op);
    const uint32_t block_dim = model.BlockDim(op, work);
    const auto cost = model.Cost(op, work, block_dim);
    const int64_t ns = cost.duration_ns;
    total_ns += ns;
    if (ops) {
      std::printf(
          "  %-40s %-20s %-14s blocks %6llu on %3u  floor %7lld fill %7lld compute %9lld memory %9lld -> %9lld ns\n",
          op.name.c_str(), op.type.c_str(), aclsim::sim::OpClassName(work.op_class),
          static_cast<unsigned long long>(work.blocks), block_dim, static_cast<long long>(cost.floor_ns),
          static_cast<long long>(cost.fill_ns), static_cast<long long>(cost.compute_ns),
          static_cast<long long>(cost.memory_ns), static_cast<long long>(ns));
    }
    flops += work.flops;
    auto& c = by_class[aclsim::sim::OpClassName(work.op_class)];
    c.first += ns;
    c.second += 1;
  }
  std::printf("model %s on %s, batch %lld%s: %zu ops, %.3f GFLOP\n", path.c_str(), profile_name.c_str(),
              static_cast<long long>(batch), fusion ? ", fused" : "", graph->ops.size(),
              static_cast<double>(flops) / 1e9);
  for (const auto& [cls, c] : by_class) {
    std::printf("  %-16s %5d ops %12.1f us\n", cls.c_str(), c.second, static_cast<double>(c.first) / 1e3);
  }
  std::printf("device time %.1f us, %.1f samples/s\n", static_cast<double>(total_ns) / 1e3,
              total_ns > 0 ? static_cast<double>(batch) * 1e9 / static_cast<double>(total_ns) : 0.0);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Prices ops and models with the aclsim cost model"};
  app.require_subcommand(1);
  std::string file, profile_file, accepted, profile = "Ascend910B2";
  bool check = false, fusion = false, ops = false;
  int64_t batch = 1;
  auto* points = app.add_subcommand("points", "price the calibration points of a CSV file");
  points->add_option("file", file, "points CSV")->required();
  points->add_option("--profile-file", profile_file, "a profile JSON for the points of its device");
  points->add_flag("--check", check, "report the errors per group; fail when held-out errors exceed --accepted");
  points->add_option("--accepted", accepted, "the accepted held-out errors (JSON)");
  auto* model = app.add_subcommand("model", "the device time of one execution of a model");
  model->add_option("file", file, "JSON, ONNX or .om model")->required();
  model->add_option("--profile", profile, "built-in device profile");
  model->add_flag("--atc", fusion, "as atc converts it: the fusion passes and force_fp16");
  model->add_flag("--ops", ops, "print every op's cost");
  model->add_option("--batch", batch, "batch size for a symbolic batch axis")->check(CLI::Range(1, 1 << 20));
  CLI11_PARSE(app, argc, argv);
  if (points->parsed()) return RunPoints(file, profile_file, check, accepted);
  return RunModel(file, profile, fusion, batch, ops);
}
