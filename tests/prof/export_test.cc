// Tests of the msprof-format exporter (runtime/prof/export.h, spec §7): exact
// CSV headers, golden files for a small hand-built session, structural checks
// of the trace JSON and the SVG, conditional files, determinism, aggregation
// and the write-error path.
//
// Regenerate the goldens (then review the diff!) with
//   ACLSIM_UPDATE_GOLDEN=1 ./prof_export_test --gtest_filter=Export.*Golden*
#include "runtime/prof/export.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "small_session.h"
#include "test_files.h"

namespace aclsim::prof {
namespace {

namespace fs = std::filesystem;
using test_files::ReadFile;
constexpr char kTs[] = "20250101120000";

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

fs::path FreshDir(const std::string& name) { return test_files::FreshDir("export", name, /*create=*/false); }

std::set<std::string> ListDir(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.insert(e.path().filename().string());
  return out;
}

using test_data::kConv;
using test_data::kMatMul;
using test_data::kRelu;
using test_data::kTopK;
using test_data::Marker;
using test_data::Op;
using test_data::SmallSession;

const std::vector<std::pair<std::string, std::string>> kAllFiles = {
    {"op_summary", ".csv"}, {"op_statistic", ".csv"}, {"task_time", ".csv"}, {"api_statistic", ".csv"},
    {"step_trace", ".csv"}, {"msprof_tx", ".csv"},    {"msprof", ".json"},   {"timeline", ".svg"},
    {"msprof_tx", ".json"}, {"step_trace", ".json"},
};

std::string FileName(const std::string& kind, const std::string& ext) { return kind + "_" + kTs + ext; }

nlohmann::json LoadTrace(const fs::path& dir) {
  return nlohmann::json::parse(ReadFile(dir / FileName("msprof", ".json")));
}

// RFC 4180 split of one line (quoted cells may hold commas and "").
std::vector<std::string> SplitCsv(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back().push_back('"');
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else {
      cells.back().push_back(c);
    }
  }
  return cells;
}

double Ts(const nlohmann::json& e) { return std::stod(e.at("ts").get<std::string>()); }

TEST(Export, GivenSmallSessionWhenExportedThenEveryCsvHeaderIsExact) {
  const fs::path dir = FreshDir("headers");
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), dir.string(), kTs).ok());
  const std::map<std::string, std::string> expected = {
      {"op_summary",
       "Device_id,Model ID,Task ID,Stream ID,Op Name,OP Type,OP State,Task Type,Task Start Time(us),"
       "Task Duration(us),Task Wait Time(us),Block Num,Mix Block Num,HF32 Eligible,Input Shapes,"
       "Input Data Types,Input Formats,Output Shapes,Output Data Types,Output Formats,Context ID"},
      {"op_statistic",
       "Device_id,OP Type,Core Type,Count,Total Time(us),Min Time(us),Avg Time(us),Max Time(us),Ratio(%)"},
      {"task_time", "Device_id,kernel_name,kernel_type,stream_id,task_id,task_time(us),task_start(us),task_stop(us)"},
      {"api_statistic", "Device_id,Level,API Name,Time(us),Count,Avg(us),Min(us),Max(us),Variance"},
      {"step_trace",
       "Device_id,Iteration ID,FP Start(us),BP End(us),Iteration End(us),Iteration Time(us),"
       "FP to BP Time(us),Iteration Refresh(us),Data Aug Bound(us),Model ID"},
      {"msprof_tx",
       "Device_id,pid,tid,category,event_type,payload_type,payload_value,Start_time(us),End_time(us),"
       "message_type,message,domain,Device Start_time(us),Device End_time(us)"},
  };
  for (const auto& [kind, header] : expected) {
    EXPECT_EQ(FirstLine(ReadFile(dir / FileName(kind, ".csv"))), header) << kind;
  }
  fs::remove_all(dir);
}

TEST(Export, GivenSmallSessionWhenExportedThenEveryFileMatchesItsGolden) {
  const fs::path dir = FreshDir("golden");
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), dir.string(), kTs).ok());
  const char* update = std::getenv("ACLSIM_UPDATE_GOLDEN");
  for (const auto& [kind, ext] : kAllFiles) {
    const fs::path golden = fs::path(ACLSIM_PROF_GOLDEN_DIR) / ("export_" + kind + ext);
    const std::string actual = ReadFile(dir / FileName(kind, ext));
    if (update != nullptr && std::string(update) == "1") {
      std::ofstream(golden, std::ios::binary) << actual;
      continue;
    }
    ASSERT_TRUE(fs::exists(golden)) << golden;
    EXPECT_EQ(actual, ReadFile(golden)) << "differs from " << golden;
  }
  fs::remove_all(dir);
}

TEST(Export, GivenSameDataWhenExportedTwiceThenFilesAreByteIdentical) {
  const fs::path a = FreshDir("det_a");
  const fs::path b = FreshDir("det_b");
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), a.string(), kTs).ok());
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), b.string(), kTs).ok());
  ASSERT_EQ(ListDir(a), ListDir(b));
  for (const std::string& name : ListDir(a)) EXPECT_EQ(ReadFile(a / name), ReadFile(b / name)) << name;
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST(Export, GivenOnlyTaskTimeWhenExportedThenConditionalFilesAreAbsent) {
  SessionData d = SmallSession();
  d.data_type_config = 0x2;
  d.tasks.erase(std::remove_if(d.tasks.begin(), d.tasks.end(),
                               [](const TaskRecord& t) { return t.is_marker && t.marker_tag != 11; }),
                d.tasks.end());
  const fs::path dir = FreshDir("conditional");
  ASSERT_TRUE(WriteSessionOutput(d, dir.string(), kTs).ok());
  EXPECT_EQ(ListDir(dir), (std::set<std::string>{FileName("op_summary", ".csv"), FileName("op_statistic", ".csv"),
                                                 FileName("task_time", ".csv"), FileName("msprof", ".json"),
                                                 FileName("timeline", ".svg"), "README.txt"}));
  // README.txt describes what was written, timeline files first.
  EXPECT_EQ(ReadFile(dir / "README.txt"),
            "Timeline file description:\n1.msprof.json:Timeline report: the CANN layer (host API calls), the MsprofTx "
            "layer (msproftx and mstx events), the Ascend Hardware layer (device tasks per stream, step markers and "
            "iterations) and the Overlap Analysis layer (Computing and Free per device; Communication rows are empty "
            "in aclsim).\n\nSummary file description:\n1.op_statistic.csv:Per operator type: count and total, "
            "average, minimum and maximum time.\n2.op_summary.csv:One row per operator execution: type, task type, "
            "times, shapes, formats and data types.\n3.task_time.csv:One row per device task, copies and memsets "
            "included.\n\n");
  fs::remove_all(dir);
}

TEST(Export, GivenAllSwitchesWhenExportedThenEveryFileIsPresent) {
  const fs::path dir = FreshDir("all");
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), dir.string(), kTs).ok());
  std::set<std::string> expected;
  for (const auto& [kind, ext] : kAllFiles) expected.insert(FileName(kind, ext));
  expected.insert("README.txt");
  EXPECT_EQ(ListDir(dir), expected);
  fs::remove_all(dir);
}

// mstx rows: no category, payload or message type; the domain by name; a
// range's device span from its two tag-12 markers, which are not steps.
TEST(Export, GivenMstxRecordsWhenExportedThenRowsCarryDomainAndDeviceSpan) {
  SessionData d = SmallSession();
  d.tasks.push_back(Marker(0, 5, 12, 7, 12, 17'200));
  d.tasks.push_back(Marker(0, 5, 13, 7, 12, 18'700));
  TxRecord mark;
  mark.pid = 4242;
  mark.tid = 100;
  mark.mstx = true;
  mark.event_type = 0;
  mark.start_ns = mark.end_ns = 1'000'024'000;
  mark.message = "host only";
  mark.domain_name = "default";
  mark.mark_id = 6;
  TxRecord range = mark;
  range.event_type = 2;
  range.start_ns = 1'000'016'000;
  range.end_ns = 1'000'016'900;
  range.message = "allreduce";
  range.domain_name = "communication";
  range.mark_id = 7;
  range.device_tag = 12;
  range.has_device = true;
  range.device_id = 0;
  range.device_ns = 17'200;
  range.device_end_ns = 18'700;
  d.tx.push_back(mark);
  d.tx.push_back(range);
  const fs::path dir = FreshDir("mstx");
  ASSERT_TRUE(WriteSessionOutput(d, dir.string(), kTs).ok());
  const std::string tx = ReadFile(dir / FileName("msprof_tx", ".csv"));
  EXPECT_NE(tx.find("\nhost,4242,100,N/A,marker,N/A,N/A,1000024.000,1000024.000,N/A,host only,default,N/A,N/A\n"),
            std::string::npos)
      << tx;
  // Device 0's clock starts at 5'000 at host 1'000'000'000 ns.
  EXPECT_NE(tx.find("\n0,4242,100,N/A,start/end,N/A,N/A,1000016.000,1000016.900,N/A,allreduce,communication,"
                    "1000012.200,1000013.700\n"),
            std::string::npos)
      << tx;
  // The two range markers do not make a third iteration.
  std::istringstream steps(ReadFile(dir / FileName("step_trace", ".csv")));
  std::string line;
  int rows = -1;
  while (std::getline(steps, line)) ++rows;
  EXPECT_EQ(rows, 2);
  // The timeline: the range named by its message, with its domain, and the
  // start of its MsTx flow.
  const nlohmann::json trace = LoadTrace(dir);
  int ranges = 0, flows = 0;
  for (const auto& e : trace) {
    if (e.value("name", "") == "allreduce" && e.value("ph", "") == "X") {
      ++ranges;
      EXPECT_EQ(e["args"]["domain"], "communication");
      EXPECT_EQ(e["args"]["event_type"], "start/end");
      EXPECT_EQ(e["dur"].get<double>(), 0.9);
    }
    if (e.value("cat", "") == "MsTx" && e.value("id", "") == "7") ++flows;
  }
  EXPECT_EQ(ranges, 1);
  EXPECT_EQ(flows, 2);
  fs::remove_all(dir);
}

TEST(Export, GivenTaskTimeL0OnlyWhenExportedThenOpDetailsAreNa) {
  SessionData d = SmallSession();
  d.data_type_config = 0x800;
  const fs::path dir = FreshDir("l0");
  ASSERT_TRUE(WriteSessionOutput(d, dir.string(), kTs).ok());
  std::istringstream csv(ReadFile(dir / FileName("op_summary", ".csv")));
  std::string line;
  std::getline(csv, line);
  int rows = 0;
  while (std::getline(csv, line)) {
    ++rows;
    const std::vector<std::string> cells = SplitCsv(line);
    ASSERT_EQ(cells.size(), 21u) << line;
    EXPECT_EQ(cells[5], "N/A");  // OP Type
    EXPECT_EQ(cells[7], "N/A");  // Task Type
    EXPECT_EQ(cells[11], "0");   // Block Num
    for (int c = 14; c <= 19; ++c) EXPECT_EQ(cells[c], "N/A") << c;
  }
  EXPECT_EQ(rows, 8);
  fs::remove_all(dir);
}

TEST(Export, GivenShapeListsWhenExportedThenCommaCellsAreQuoted) {
  const fs::path dir = FreshDir("quote");
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), dir.string(), kTs).ok());
  const std::string summary = ReadFile(dir / FileName("op_summary", ".csv"));
  EXPECT_NE(summary.find(",\"1,3,224,224;64,3,7,7\",FLOAT16;FLOAT16,NCHW;NCHW,\"1,64,112,112\","), std::string::npos);
  EXPECT_NE(summary.find(",\"post/topk,v2\",TopKV2,"), std::string::npos);
  fs::remove_all(dir);
}

TEST(Export, GivenTraceWhenParsedThenItIsAWellFormedChromeTrace) {
  const fs::path dir = FreshDir("json");
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), dir.string(), kTs).ok());
  const nlohmann::json trace = LoadTrace(dir);
  ASSERT_TRUE(trace.is_array());
  std::map<std::pair<uint64_t, uint64_t>, std::vector<std::pair<double, double>>> rows;
  std::map<std::string, int> flow_starts;
  std::map<std::string, int> flow_ends;
  std::set<std::string> process_names;
  bool seen_event = false;
  for (const auto& e : trace) {
    const std::string ph = e.at("ph");
    ASSERT_TRUE(e.contains("pid") && e.contains("tid") && e.contains("name")) << e.dump();
    if (ph == "M") {
      EXPECT_FALSE(seen_event) << "metadata must precede events: " << e.dump();
      if (e["name"] == "process_name") process_names.insert(e["args"]["name"].get<std::string>());
      continue;
    }
    seen_event = true;
    ASSERT_TRUE(e.at("ts").is_string()) << e.dump();
    if (ph == "X") {
      ASSERT_TRUE(e.at("dur").is_number()) << e.dump();
      EXPECT_GE(e["dur"].get<double>(), 0.0) << e.dump();
      rows[{e["pid"].get<uint64_t>(), e["tid"].get<uint64_t>()}].push_back({Ts(e), Ts(e) + e["dur"].get<double>()});
    } else if (ph == "s") {
      ++flow_starts[e.at("cat").get<std::string>() + "#" + e.at("id").get<std::string>()];
    } else if (ph == "f") {
      EXPECT_EQ(e.at("bp"), "e");
      ++flow_ends[e.at("cat").get<std::string>() + "#" + e.at("id").get<std::string>()];
    } else {
      ADD_FAILURE() << "unexpected phase " << e.dump();
    }
  }
  EXPECT_EQ(process_names, (std::set<std::string>{"CANN", "python3", "Ascend Hardware", "Overlap Analysis"}));
  // Each flow has exactly one start and one end; 3 launches + 1 MarkEx.
  EXPECT_EQ(flow_starts, flow_ends);
  EXPECT_EQ(flow_starts.size(), 4u);
  for (const auto& [id, n] : flow_starts) EXPECT_EQ(n, 1) << id;
  EXPECT_EQ(flow_starts.count("HostToDevice#1"), 1u);
  EXPECT_EQ(flow_starts.count("MsTx#1"), 1u);
  // Rows never overlap partially: device rows never overlap at all, host rows
  // may only nest (push/pop ranges around marks).
  const uint64_t ascend_hw_layer = 14;
  for (auto& [key, spans] : rows) {
    std::sort(spans.begin(), spans.end());
    const bool device_row = ((key.first >> 5) & 31) == ascend_hw_layer;
    for (size_t i = 1; i < spans.size(); ++i) {
      if (device_row) {
        EXPECT_LE(spans[i - 1].second, spans[i].first + 1e-9) << "pid " << key.first << " tid " << key.second;
      } else {
        const bool disjoint = spans[i - 1].second <= spans[i].first + 1e-9;
        const bool nested = spans[i].second <= spans[i - 1].second + 1e-9;
        EXPECT_TRUE(disjoint || nested) << "pid " << key.first << " tid " << key.second;
      }
    }
  }
  fs::remove_all(dir);
}

// Overlap Analysis (layer 31): per device, Computing is the union of its
// compute tasks and Free the gaps between its first and last task; no
// communication rows have events.
TEST(Export, GivenTraceThenOverlapAnalysisHoldsTheComputeUnionAndItsGaps) {
  const fs::path dir = FreshDir("overlap");
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), dir.string(), kTs).ok());
  const uint64_t device1 = (4242ull << 10) | (31 << 5) | 1;
  std::vector<std::pair<std::string, double>> rows;  // (name, dur) on device 1, in time order
  std::map<uint64_t, std::string> threads;
  for (const auto& e : LoadTrace(dir)) {
    if (e["pid"] != device1) continue;
    if (e["ph"] == "M" && e["name"] == "thread_name") threads[e["tid"]] = e["args"]["name"];
    if (e["ph"] == "X") {
      EXPECT_EQ(e["name"], threads[e["tid"]]);
      EXPECT_TRUE(e["args"].empty());
      rows.emplace_back(e["name"], e["dur"].get<double>());
    }
  }
  EXPECT_EQ(threads, (std::map<uint64_t, std::string>{
                         {0, "Computing"}, {1, "Communication"}, {2, "Communication(Not Overlapped)"}, {3, "Free"}}));
  // Device 1: MatMul 3 us, a 0.5 us gap, Relu 0.5 us.
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(rows, (std::vector<std::pair<std::string, double>>{{"Computing", 0.5}, {"Computing", 3.0}, {"Free", 0.5}}));
  fs::remove_all(dir);
}

TEST(Export, GivenTraceWhenParsedThenPidsFollowMsprofEncoding) {
  const fs::path dir = FreshDir("pids");
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), dir.string(), kTs).ok());
  std::map<uint64_t, std::string> names;
  std::map<std::pair<uint64_t, uint64_t>, std::string> threads;
  for (const auto& e : LoadTrace(dir)) {
    if (e["ph"] != "M") continue;
    if (e["name"] == "process_name") names[e["pid"]] = e["args"]["name"];
    if (e["name"] == "thread_name") threads[{e["pid"], e["tid"]}] = e["args"]["name"];
  }
  const uint64_t base = 4242ull << 10;
  EXPECT_EQ(names[base | (7 << 5) | 31], "CANN");
  EXPECT_EQ(names[base | (6 << 5) | 31], "python3");  // the msproftx layer is named after the process
  EXPECT_EQ(names[base | (14 << 5) | 0], "Ascend Hardware");
  EXPECT_EQ(names[base | (14 << 5) | 1], "Ascend Hardware");
  EXPECT_EQ((threads[{base | (14 << 5) | 0, 3}]), "Stream 3");
  EXPECT_EQ((threads[{base | (14 << 5) | 0, 5}]), "Stream 5");
  EXPECT_EQ((threads[{base | (14 << 5) | 1, 3}]), "Stream 3");
  EXPECT_EQ((threads[{base | (7 << 5) | 31, 100}]), "Thread 100");
  fs::remove_all(dir);
}

TEST(Export, GivenStepMarkersWhenTracedThenEachLiesBetweenTheOpsAroundIt) {
  const SessionData d = SmallSession();
  const fs::path dir = FreshDir("steps");
  ASSERT_TRUE(WriteSessionOutput(d, dir.string(), kTs).ok());
  // Device 0 stream 3, by task id: markers 1,4,5,8 around ops 2,3,6,7.
  std::map<uint64_t, std::pair<double, double>> by_task;  // task id -> (ts, end)
  const uint64_t pid0 = (4242ull << 10) | (14 << 5);
  int iterations = 0;
  for (const auto& e : LoadTrace(dir)) {
    if (e["ph"] != "X" || e["pid"] != pid0) continue;
    if (e["tid"] == 3) by_task[e["args"]["Task Id"]] = {Ts(e), Ts(e) + e["dur"].get<double>()};
    if (e["name"].get<std::string>().rfind("Iteration ", 0) == 0) ++iterations;
  }
  EXPECT_EQ(iterations, 2);
  ASSERT_EQ(by_task.size(), 8u);
  for (uint64_t marker : {4u, 5u}) {
    EXPECT_GE(by_task[marker].first, by_task[marker - 1].second) << marker;
    EXPECT_LE(by_task[marker].first, by_task[marker + 1].first) << marker;
  }
  EXPECT_LE(by_task[1].first, by_task[2].first);
  EXPECT_GE(by_task[8].first, by_task[7].second);
  // step_trace.csv: iteration 1 is 12900-10000 ns long, iteration 2 starts 7100 ns after it ends.
  const std::string steps = ReadFile(dir / FileName("step_trace", ".csv"));
  EXPECT_NE(steps.find("0,1,N/A,N/A,1000007.900,2.900,N/A,N/A,N/A,N/A\n"), std::string::npos) << steps;
  EXPECT_NE(steps.find("0,2,N/A,N/A,1000017.500,2.500,N/A,N/A,7.100,N/A\n"), std::string::npos) << steps;
  fs::remove_all(dir);
}

// step_trace_<ts>.json holds the timeline's iteration events, on msprof's
// Step Trace row of their model: tid = model id + 70000 in 32-bit
// arithmetic (69999 for model id 0xFFFFFFFF, the golden's case).
TEST(Export, GivenModelStepsWhenExportedThenStepTraceJsonHoldsTheTimelineIterationsOnTheModelRow) {
  SessionData d = SmallSession();
  for (TaskRecord& t : d.tasks) {
    if (t.is_marker && t.marker_tag <= 1) t.model_id = 7;
  }
  const fs::path dir = FreshDir("step_json");
  ASSERT_TRUE(WriteSessionOutput(d, dir.string(), kTs).ok());
  const nlohmann::json steps = nlohmann::json::parse(ReadFile(dir / FileName("step_trace", ".json")));
  const uint64_t pid0 = (4242ull << 10) | (14 << 5);
  std::vector<nlohmann::json> in_steps;
  std::map<std::string, std::string> meta;  // "<name>@<tid>" -> value
  for (const auto& e : steps) {
    EXPECT_EQ(e["pid"], pid0) << e.dump();
    if (e["ph"] == "X") in_steps.push_back(e);
    if (e["ph"] == "M")
      meta[e["name"].get<std::string>() + "@" + std::to_string(e["tid"].get<uint64_t>())] =
          e["args"].begin().value().dump();
  }
  EXPECT_EQ(meta, (std::map<std::string, std::string>{{"process_name@0", "\"Ascend Hardware\""},
                                                      {"process_labels@0", "\"NPU 0\""},
                                                      {"process_sort_index@0", "14"},
                                                      {"thread_name@70007", "\"Step Trace(Model ID:7)\""},
                                                      {"thread_sort_index@70007", "70007"}}));
  std::vector<nlohmann::json> in_trace;
  for (const auto& e : LoadTrace(dir)) {
    if (e["ph"] == "X" && e["tid"] == 70007) in_trace.push_back(e);
  }
  ASSERT_EQ(in_steps.size(), 2u);
  EXPECT_EQ(in_steps, in_trace);
  EXPECT_EQ(in_steps[0]["name"], "Iteration 1");
  EXPECT_EQ(in_steps[0]["cat"], "Iteration Time");
  EXPECT_EQ(in_steps[1]["args"]["Iteration Time(us)"], 2.5);
  fs::remove_all(dir);
}

// Minimal XML well-formedness: balanced, properly nested tags.
bool WellFormedXml(const std::string& s, std::string* why) {
  std::vector<std::string> stack;
  size_t i = 0;
  while ((i = s.find('<', i)) != std::string::npos) {
    const size_t end = s.find('>', i);
    if (end == std::string::npos) return *why = "unterminated tag", false;
    const std::string tag = s.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.empty()) return *why = "empty tag", false;
    if (tag[0] == '?' || tag[0] == '!') continue;
    if (tag[0] == '/') {
      if (stack.empty() || stack.back() != tag.substr(1)) return *why = "mismatched </" + tag.substr(1) + ">", false;
      stack.pop_back();
      continue;
    }
    if (tag.back() == '/') continue;
    stack.push_back(tag.substr(0, tag.find_first_of(" \t\n")));
  }
  if (!stack.empty()) return *why = "unclosed <" + stack.back() + ">", false;
  return true;
}

size_t Count(const std::string& s, const std::string& needle) {
  size_t n = 0;
  for (size_t i = s.find(needle); i != std::string::npos; i = s.find(needle, i + 1)) ++n;
  return n;
}

TEST(Export, GivenSmallSessionWhenDrawnThenSvgIsWellFormedWithOneLanePerStream) {
  const fs::path dir = FreshDir("svg");
  ASSERT_TRUE(WriteSessionOutput(SmallSession(), dir.string(), kTs).ok());
  const std::string svg = ReadFile(dir / FileName("timeline", ".svg"));
  std::string why;
  EXPECT_TRUE(WellFormedXml(svg, &why)) << why;
  EXPECT_EQ(Count(svg, "<g class=\"lane\""), 3u);
  EXPECT_EQ(Count(svg, "<rect class=\"op "), 8u);
  EXPECT_EQ(Count(svg, "<line class=\"step\""), 4u);
  EXPECT_EQ(Count(svg, "<line class=\"markex\""), 1u);
  EXPECT_NE(svg.find("<title>resnet/conv1 (Conv2D, AI_CORE)&#10;start 1000005.100 us&#10;duration 2.000 us</title>"),
            std::string::npos);
  fs::remove_all(dir);
}

TEST(Export, GivenHundredThousandOpsInOneLaneWhenDrawnThenBoxesAreAggregated) {
  SessionData d;
  d.pid = 1;
  d.data_type_config = 0x2;
  d.clock_sync = {{0, 0, 0}};
  d.tasks.reserve(100'000);
  for (uint64_t i = 0; i < 100'000; ++i) {
    const OpInfo* op = i % 3 == 0 ? &kConv : (i % 3 == 1 ? &kRelu : &kTopK);
    d.tasks.push_back(Op(0, 0, i, op, static_cast<int64_t>(i) * 1000, static_cast<int64_t>(i) * 1000 + 700, 1));
  }
  const fs::path dir = FreshDir("agg");
  ASSERT_TRUE(WriteSessionOutput(d, dir.string(), kTs).ok());
  const fs::path svg_path = dir / FileName("timeline", ".svg");
  EXPECT_LT(fs::file_size(svg_path), 2u << 20);
  const std::string svg = ReadFile(svg_path);
  std::string why;
  EXPECT_TRUE(WellFormedXml(svg, &why)) << why;
  const size_t boxes = Count(svg, "<rect class=\"agg ");
  EXPECT_GT(boxes, 1000u);
  EXPECT_LE(boxes, 1600u);
  // 1400 plot pixels over 1e5 evenly spaced ops: 71 or 72 ops per column, all three kinds.
  const size_t title = std::min(svg.find("<title>71 ops "), svg.find("<title>72 ops "));
  ASSERT_NE(title, std::string::npos);
  const std::string text = svg.substr(title, svg.find("</title>", title) - title);
  EXPECT_NE(text.find(" AI_CORE, "), std::string::npos) << text;
  EXPECT_NE(text.find(" AI_VECTOR_CORE, "), std::string::npos) << text;
  EXPECT_NE(text.find(" AI_CPU&#10;"), std::string::npos) << text;
  fs::remove_all(dir);
}

TEST(Export, GivenUnwritableDirectoryWhenExportedThenWriteFileError) {
  const fs::path dir = FreshDir("unwritable");
  fs::create_directories(dir);
  const fs::path blocker = dir / "a_file";
  std::ofstream(blocker) << "x";
  const Status s = WriteSessionOutput(SmallSession(), (blocker / "out").string(), kTs);
  EXPECT_EQ(s.detail(), Detail::kFileWrite) << s.ToString();
  EXPECT_EQ(WriteSessionOutput(SmallSession(), "", kTs).detail(), Detail::kFileWrite);
  fs::remove_all(dir);
}

TEST(Export, GivenFullDeviceWhenExportedThenWriteFileError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  // A directory whose op_summary path is a symlink to /dev/full: writes fail with ENOSPC.
  const fs::path dir = FreshDir("full");
  fs::create_directories(dir);
  fs::create_symlink("/dev/full", dir / FileName("op_summary", ".csv"));
  const Status s = WriteSessionOutput(SmallSession(), dir.string(), kTs);
  EXPECT_EQ(s.detail(), Detail::kFileWrite) << s.ToString();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace aclsim::prof
