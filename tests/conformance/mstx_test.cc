// mstx (mstx/ms_tools_ext.h, libms_tools_ext.so): markers and ranges are
// recorded only while a collection with ACL_PROF_MSPROFTX runs; with a
// stream they also place stream-ordered device markers (tag 11 for a mark,
// tag 12 at a range's start and end, with the event's id); they land in
// msprof_tx_*.csv and the timeline with their domain; domains, refused
// messages and unmatched range ends follow the public mstx behaviour, and
// every refused or lost event is counted (aclsimGetMstxStats).
#include <algorithm>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "mstx/ms_tools_ext.h"
#include "mstx/ms_tools_ext_mem.h"
#include "prof_session_fixture.h"

namespace aclsim_conformance {
namespace {

using nlohmann::json;

class Mstx : public ProfTxSession {};

aclsimMstxStats Stats() {
  aclsimMstxStats s{};
  EXPECT_ACL_OK(aclsimGetMstxStats(&s));
  EXPECT_EQ(s.structSize, sizeof(s));
  return s;
}

Csv TxCsv() { return ReadCsv(OneOutputFile(LastProfDir(), "msprof_tx", "csv")); }

json Timeline() {
  std::ifstream in(OneOutputFile(LastProfDir(), "msprof", "json"));
  return json::parse(in, nullptr, false);
}

TEST_F(Mstx, GivenNoMsproftxCollectionThenCallsRecordNothingAndRangesGetTheInvalidId) {
  uint64_t tool = 77;
  mstxGetToolId(&tool);
  EXPECT_EQ(tool, static_cast<uint64_t>(MSTX_TOOL_INVALID_ID));
  mstxMarkA("before any session", nullptr);
  EXPECT_EQ(mstxRangeStartA("before any session", nullptr), static_cast<mstxRangeId>(MSTX_INVALID_ID));
  Start(ACL_PROF_TASK_TIME);  // collecting, but not msproftx
  mstxMarkA("not msproftx", nullptr);
  EXPECT_EQ(mstxRangeStartA("not msproftx", nullptr), static_cast<mstxRangeId>(MSTX_INVALID_ID));
  mstxGetToolId(&tool);
  EXPECT_EQ(tool, static_cast<uint64_t>(MSTX_TOOL_INVALID_ID));
  Stop();
  const aclsimMstxStats s = Stats();
  EXPECT_EQ(s.marks, 0u);
  EXPECT_EQ(s.ranges, 0u);
  EXPECT_EQ(s.refused, 0u);
  EXPECT_TRUE(OutputFiles(LastProfDir(), "msprof_tx", "csv").empty());
  mstxGetToolId(nullptr);  // does nothing
}

TEST_F(Mstx, GivenHostMarksRangesAndDomainsThenMsprofTxRowsCarryThemWithTheirDomain) {
  Start();
  uint64_t tool = 0;
  mstxGetToolId(&tool);
  EXPECT_EQ(tool, static_cast<uint64_t>(MSTX_TOOL_MSPROF_ID));
  mstxMarkA("host mark", nullptr);
  const mstxRangeId range = mstxRangeStartA("host range", nullptr);
  EXPECT_EQ(range, 2u);  // ids count from 1 across the process
  mstxRangeEnd(range);
  mstxDomainHandle_t comm = mstxDomainCreateA("communication");
  ASSERT_NE(comm, nullptr);
  mstxDomainMarkA(comm, "{\"opName\":\"hcom_allReduce_1\"}", nullptr);
  const mstxRangeId in_domain = mstxDomainRangeStartA(comm, "allreduce", nullptr);
  EXPECT_EQ(in_domain, 4u);
  mstxDomainRangeEnd(comm, in_domain);
  mstxDomainMarkA(nullptr, "default by NULL", nullptr);  // NULL is the default domain
  Stop();

  const Csv csv = TxCsv();
  ASSERT_EQ(csv.rows.size(), 5u);
  const std::vector<std::string> messages = {"host mark", "host range", "{\"opName\":\"hcom_allReduce_1\"}",
                                             "allreduce", "default by NULL"};
  const std::vector<std::string> types = {"marker", "start/end", "marker", "start/end", "marker"};
  const std::vector<std::string> domains = {"default", "default", "communication", "communication", "default"};
  for (size_t i = 0; i < 5; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(csv.Cell(i, "message"), messages[i]);
    EXPECT_EQ(csv.Cell(i, "event_type"), types[i]);
    EXPECT_EQ(csv.Cell(i, "domain"), domains[i]);
    EXPECT_EQ(csv.Cell(i, "Device_id"), "host");
    EXPECT_EQ(csv.Cell(i, "category"), "N/A");
    EXPECT_EQ(csv.Cell(i, "payload_type"), "N/A");
    EXPECT_EQ(csv.Cell(i, "message_type"), "N/A");
    EXPECT_EQ(csv.Cell(i, "Device Start_time(us)"), "N/A");
    EXPECT_EQ(csv.Cell(i, "pid"), std::to_string(getpid()));
  }
  EXPECT_EQ(csv.Cell(0, "Start_time(us)"), csv.Cell(0, "End_time(us)"));
  EXPECT_LT(std::stod(csv.Cell(1, "Start_time(us)")), std::stod(csv.Cell(1, "End_time(us)")));
  const aclsimMstxStats s = Stats();
  EXPECT_EQ(s.marks, 3u);
  EXPECT_EQ(s.ranges, 2u);
  EXPECT_EQ(s.refused, 0u);
  EXPECT_EQ(s.unmatchedEnds, 0u);
}

TEST_F(Mstx, GivenAStreamThenMarksAndRangesPlaceStreamOrderedDeviceMarkers) {
  LoadedModel model("sample_mlp.json");
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  Start();
  ASSERT_ACL_OK(aclsimTraceStart(0));
  mstxMarkA("before", stream);
  const mstxRangeId range = mstxRangeStartA("execute", stream);
  ASSERT_NE(range, static_cast<mstxRangeId>(MSTX_INVALID_ID));
  ASSERT_ACL_OK(model.ExecuteAsync(stream));
  mstxRangeEnd(range);
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  std::vector<aclsimTaskRecord> markers, ops;
  for (const auto& r : TraceRecords()) (r.kind == ACLSIM_TASK_MARKER ? markers : ops).push_back(r);
  ASSERT_EQ(markers.size(), 3u);
  ASSERT_EQ(ops.size(), 9u);
  std::sort(markers.begin(), markers.end(),
            [](const aclsimTaskRecord& a, const aclsimTaskRecord& b) { return a.taskId < b.taskId; });
  EXPECT_EQ(markers[0].markerTag, 11u);
  EXPECT_EQ(markers[0].markerId, 1u);
  EXPECT_EQ(markers[1].markerTag, 12u);
  EXPECT_EQ(markers[1].markerId, range);
  EXPECT_EQ(markers[2].markerTag, 12u);
  EXPECT_EQ(markers[2].markerId, range);
  for (const auto& m : markers) {
    EXPECT_EQ(m.modelId, 0xFFFFFFFFu);
    EXPECT_EQ(m.streamId, ops[0].streamId);
  }
  EXPECT_LE(markers[1].startNs, MinStartNs(ops));
  EXPECT_GE(markers[2].startNs, MaxEndNs(ops));
  EXPECT_ACL_OK(aclsimTraceStop());
  Stop();

  const Csv csv = TxCsv();
  ASSERT_EQ(csv.rows.size(), 2u);
  EXPECT_EQ(csv.Cell(0, "Device_id"), "0");
  EXPECT_EQ(csv.Cell(0, "Device Start_time(us)"), csv.Cell(0, "Device End_time(us)"));
  EXPECT_EQ(csv.Cell(1, "message"), "execute");
  EXPECT_EQ(csv.Cell(1, "Device_id"), "0");
  // The range's device span covers the model's ops.
  EXPECT_LT(std::stod(csv.Cell(1, "Device Start_time(us)")), std::stod(csv.Cell(1, "Device End_time(us)")));

  // The timeline: host events named by message with their domain, and an
  // MsTx flow from each host event to its device marker.
  const json trace = Timeline();
  ASSERT_TRUE(trace.is_array());
  int host_events = 0, flow_starts = 0, flow_ends = 0;
  for (const json& e : trace) {
    if (e.value("ph", "") == "X" && (e.value("name", "") == "before" || e.value("name", "") == "execute")) {
      ++host_events;
      EXPECT_EQ(e["args"]["domain"], "default");
      EXPECT_EQ(e["args"]["event_type"], e.value("name", "") == "before" ? "marker" : "start/end");
    }
    if (e.value("cat", "") == "MsTx") ++(e.value("ph", "") == "s" ? flow_starts : flow_ends);
  }
  EXPECT_EQ(host_events, 2);
  EXPECT_EQ(flow_starts, 2);
  EXPECT_EQ(flow_ends, 2);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(Mstx, GivenARangeEndedOnAnotherThreadThenItIsRecordedWithTheStartingThread) {
  Start();
  const mstxRangeId range = mstxRangeStartA("crosses threads", nullptr);
  ASSERT_NE(range, static_cast<mstxRangeId>(MSTX_INVALID_ID));
  std::thread([range] { mstxRangeEnd(range); }).join();
  Stop();
  const Csv csv = TxCsv();
  ASSERT_EQ(csv.rows.size(), 1u);
  EXPECT_EQ(csv.Cell(0, "message"), "crosses threads");
  EXPECT_EQ(Stats().ranges, 1u);
}

TEST_F(Mstx, GivenDomainNamesThenTheSameNameGivesTheSameHandleAndBadNamesGiveNull) {
  mstxDomainHandle_t a = mstxDomainCreateA("ptaCaching");
  ASSERT_NE(a, nullptr);  // domains need no session (torch_npu probes with "test")
  EXPECT_EQ(mstxDomainCreateA("ptaCaching"), a);
  EXPECT_NE(mstxDomainCreateA("ptaWorkspace"), a);
  EXPECT_EQ(mstxDomainCreateA(nullptr), nullptr);
  EXPECT_EQ(mstxDomainCreateA(""), nullptr);
  EXPECT_EQ(mstxDomainCreateA("default"), nullptr);
  EXPECT_NE(mstxDomainCreateA(std::string(1023, 'd').c_str()), nullptr);
  EXPECT_EQ(mstxDomainCreateA(std::string(1024, 'd').c_str()), nullptr);

  Start();
  mstxDomainDestroy(a);
  mstxDomainMarkA(a, "after destroy", nullptr);  // does nothing
  EXPECT_EQ(mstxDomainRangeStartA(a, "after destroy", nullptr), static_cast<mstxRangeId>(MSTX_INVALID_ID));
  mstxDomainDestroy(a);        // again: nothing
  mstxDomainDestroy(nullptr);  // the default domain is never destroyed
  mstxDomainHandle_t again = mstxDomainCreateA("ptaCaching");
  ASSERT_NE(again, nullptr);
  EXPECT_NE(again, a);
  mstxDomainMarkA(again, "recreated", nullptr);
  Stop();
  const Csv csv = TxCsv();
  ASSERT_EQ(csv.rows.size(), 1u);
  EXPECT_EQ(csv.Cell(0, "message"), "recreated");
  EXPECT_EQ(csv.Cell(0, "domain"), "ptaCaching");
}

TEST_F(Mstx, GivenRefusedMessagesThenNothingIsRecordedAndEachIsCounted) {
  Start();
  mstxMarkA(nullptr, nullptr);
  mstxMarkA("", nullptr);
  mstxMarkA("=SUM(A1)", nullptr);
  mstxMarkA("+1", nullptr);
  mstxMarkA("-step", nullptr);
  EXPECT_EQ(mstxRangeStartA("@cell", nullptr), static_cast<mstxRangeId>(MSTX_INVALID_ID));
  EXPECT_EQ(mstxRangeStartA(std::string(4096, 'm').c_str(), nullptr), static_cast<mstxRangeId>(MSTX_INVALID_ID));
  mstxMarkA(std::string(4095, 'm').c_str(), nullptr);  // the longest kept
  mstxMarkA("step-1", nullptr);                        // '-' inside is fine
  Stop();
  const aclsimMstxStats s = Stats();
  EXPECT_EQ(s.refused, 7u);
  EXPECT_EQ(s.marks, 2u);
  const Csv csv = TxCsv();
  ASSERT_EQ(csv.rows.size(), 2u);
  EXPECT_EQ(csv.Cell(0, "message"), std::string(4095, 'm'));
  EXPECT_EQ(csv.Cell(1, "message"), "step-1");
}

TEST_F(Mstx, GivenRangeEndsThatCloseNothingThenTheyAreCountedAndOpenRangesAtStopAreUnfinished) {
  Start();
  mstxRangeEnd(MSTX_INVALID_ID);  // ignored, as torch_npu ends the ids it got, 0 included
  mstxRangeEnd(12345);            // no such range
  mstxDomainHandle_t comm = mstxDomainCreateA("communication");
  const mstxRangeId in_comm = mstxDomainRangeStartA(comm, "in communication", nullptr);
  mstxRangeEnd(in_comm);  // the default domain has no such range
  mstxDomainRangeEnd(comm, in_comm);
  const mstxRangeId left_open = mstxRangeStartA("left open", nullptr);
  ASSERT_NE(left_open, static_cast<mstxRangeId>(MSTX_INVALID_ID));
  Stop();
  mstxRangeEnd(left_open);  // after Stop: nothing is collecting
  aclsimMstxStats s = Stats();
  EXPECT_EQ(s.unmatchedEnds, 2u);
  EXPECT_EQ(s.unfinished, 1u);
  EXPECT_EQ(s.ranges, 1u);
  const Csv csv = TxCsv();
  ASSERT_EQ(csv.rows.size(), 1u);
  EXPECT_EQ(csv.Cell(0, "message"), "in communication");
}

TEST_F(Mstx, GivenAStreamThatIsNotLiveThenTheHostRecordIsKeptAndTheFailureCounted) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  Start();
  mstxMarkA("dead stream", stream);
  Stop();
  EXPECT_EQ(Stats().markerFailures, 1u);
  const Csv csv = TxCsv();
  ASSERT_EQ(csv.rows.size(), 1u);
  EXPECT_EQ(csv.Cell(0, "Device_id"), "host");
}

TEST_F(Mstx, GivenTheMemoryRegionCallsThenTheyRecordNothingAndWriteNothing) {
  Start();
  mstxMemVirtualRangeDesc_t range{0, reinterpret_cast<void*>(0x1000), 4096};
  mstxMemHeapDesc_t heap_desc{MSTX_MEM_HEAP_USAGE_TYPE_SUB_ALLOCATOR, MSTX_MEM_TYPE_VIRTUAL_ADDRESS, &range};
  EXPECT_EQ(mstxMemHeapRegister(nullptr, &heap_desc), nullptr);
  mstxMemRegionHandle_t out[1] = {reinterpret_cast<mstxMemRegionHandle_t>(0x5a5a)};
  mstxMemRegionsRegisterBatch_t batch{nullptr, MSTX_MEM_TYPE_VIRTUAL_ADDRESS, 1, &range, out};
  mstxMemRegionsRegister(nullptr, &batch);
  EXPECT_EQ(out[0], reinterpret_cast<mstxMemRegionHandle_t>(0x5a5a));
  mstxMemRegionRef_t ref{};
  ref.refType = MSTX_MEM_REGION_REF_TYPE_POINTER;
  ref.pointer = range.ptr;
  mstxMemRegionsUnregisterBatch_t unregister{1, &ref};
  mstxMemRegionsUnregister(nullptr, &unregister);
  mstxMemHeapUnregister(nullptr, nullptr);
  Stop();
  const aclsimMstxStats s = Stats();
  EXPECT_EQ(s.marks + s.ranges + s.refused, 0u);
}

}  // namespace
}  // namespace aclsim_conformance
