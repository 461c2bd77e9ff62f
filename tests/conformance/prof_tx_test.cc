// msproftx (acl_prof.h / prof_acl_api.h, spec §2.4): the stamp pool's
// lifetime and size, the CANN return values (-1 for most failures, 100000
// for a few NULL arguments), Push/Pop's process-wide stack, ranges, MarkEx's
// stream-ordered device marker, Str2Id, the older stamp setters, the
// tensor-info range, and the msprof_tx_*.csv rows a session writes.
#include <unistd.h>

#include <algorithm>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "prof_session_fixture.h"

namespace aclsim_conformance {
namespace {

constexpr aclError kFailed = -1;  // CANN's PROFILING_FAILED

class ProfTx : public ProfTxSession {};

Csv TxCsv() { return ReadCsv(OneOutputFile(LastProfDir(), "msprof_tx", "csv")); }

// ----------------------------------------------------------- stamp pool

TEST_F(ProfTx, GivenNoMsproftxSessionThenCreateStampIsNull) {
  EXPECT_EQ(aclprofCreateStamp(), nullptr);
  EXPECT_RECENT_ERR_HAS("aclprofCreateStamp");
  Start(ACL_PROF_TASK_TIME);  // a session without MSPROFTX
  EXPECT_EQ(aclprofCreateStamp(), nullptr);
  Stop();
  Start();
  void* stamp = aclprofCreateStamp();
  EXPECT_NE(stamp, nullptr) << RecentErrMsg();
  Stop();
  void* after_stop = aclprofCreateStamp();  // the pool lives until Finalize
  EXPECT_NE(after_stop, nullptr) << RecentErrMsg();
  aclprofDestroyStamp(stamp);
  aclprofDestroyStamp(after_stop);
  ASSERT_ACL_OK(aclprofFinalize());
  EXPECT_EQ(aclprofCreateStamp(), nullptr);
  EXPECT_RECENT_ERR_HAS("aclprofCreateStamp");
}

TEST_F(ProfTx, GivenHundredStampsInUseThenTheNextIsNullUntilOneIsDestroyed) {
  Start();
  std::vector<void*> stamps;
  for (int i = 0; i < 100; ++i) {
    void* s = aclprofCreateStamp();
    ASSERT_NE(s, nullptr) << i;
    stamps.push_back(s);
  }
  EXPECT_EQ(std::set<void*>(stamps.begin(), stamps.end()).size(), 100u);
  EXPECT_EQ(aclprofCreateStamp(), nullptr);
  EXPECT_RECENT_ERR_HAS("100");
  aclprofDestroyStamp(stamps[42]);
  void* again = aclprofCreateStamp();
  EXPECT_NE(again, nullptr);
  stamps[42] = again;
  EXPECT_EQ(aclprofCreateStamp(), nullptr);
  // Range ids are the pool indexes: exactly 0..99.
  std::set<uint32_t> ids;
  for (void* s : stamps) {
    uint32_t id = 1000;
    ASSERT_ACL_OK(aclprofRangeStart(s, &id));
    EXPECT_LT(id, 100u);
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), 100u);
  for (uint32_t id : ids) EXPECT_ACL_OK(aclprofRangeStop(id));
  for (void* s : stamps) aclprofDestroyStamp(s);
  Stop();
}

TEST_F(ProfTx, GivenDestroyStampNullThenNoCrashAndAMessage) {
  Start();
  aclprofDestroyStamp(nullptr);
  EXPECT_RECENT_ERR_HAS("aclprofDestroyStamp");
  Stop();
}

TEST_F(ProfTx, GivenSetStampTraceMessageThenNullsAndLongMessagesFail) {
  Start();
  void* stamp = aclprofCreateStamp();
  ASSERT_NE(stamp, nullptr);
  EXPECT_ACL_ERROR(aclprofSetStampTraceMessage(nullptr, "abc", 3), kFailed);
  EXPECT_ACL_ERROR(aclprofSetStampTraceMessage(stamp, nullptr, 3), kFailed);
  const std::string msg128(128, 'm');
  EXPECT_ACL_ERROR(aclprofSetStampTraceMessage(stamp, msg128.c_str(), 128), kFailed);
  EXPECT_ACL_ERROR(aclprofSetStampTraceMessage(stamp, msg128.c_str(), 1000), kFailed);
  EXPECT_ACL_OK(aclprofSetStampTraceMessage(stamp, msg128.c_str(), 127));
  EXPECT_ACL_OK(aclprofSetStampTraceMessage(stamp, "abc", 3));
  aclprofDestroyStamp(stamp);
  Stop();
}

TEST_F(ProfTx, GivenMarkThenNullFailsAndAfterFinalizeFails) {
  EXPECT_ACL_ERROR(aclprofMark(nullptr), kFailed);  // not initialised
  Start();
  void* stamp = aclprofCreateStamp();
  ASSERT_NE(stamp, nullptr);
  EXPECT_ACL_ERROR(aclprofMark(nullptr), kFailed);
  EXPECT_ACL_OK(aclprofMark(stamp));
  Stop();
  EXPECT_ACL_OK(aclprofMark(stamp));  // still initialised: no record, no error
  ASSERT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_ERROR(aclprofMark(stamp), kFailed);
}

// ---------------------------------------------------------------- MarkEx

TEST_F(ProfTx, GivenMarkExArgumentsThenLengthAndNullRulesApply) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  EXPECT_ACL_ERROR(aclprofMarkEx("abc", 3, stream), kFailed);  // not initialised
  Start();
  EXPECT_ACL_ERROR(aclprofMarkEx(nullptr, 3, stream), kFailed);
  EXPECT_ACL_ERROR(aclprofMarkEx("abc", 3, nullptr), kFailed);
  EXPECT_ACL_ERROR(aclprofMarkEx("abc", 2, stream), kFailed);
  EXPECT_ACL_ERROR(aclprofMarkEx("abc", 4, stream), kFailed);
  EXPECT_ACL_ERROR(aclprofMarkEx("", 0, stream), kFailed);
  const std::string m155(155, 'x');
  const std::string m156(156, 'x');
  EXPECT_ACL_ERROR(aclprofMarkEx(m156.c_str(), 156, stream), kFailed);
  EXPECT_ACL_OK(aclprofMarkEx(m155.c_str(), 155, stream));
  EXPECT_ACL_OK(aclprofMarkEx("a", 1, stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  Stop();
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ProfTx, GivenMarkExThenAStreamOrderedDeviceMarkerWithTag11) {
  LoadedModel model("sample_mlp.json");
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  Start();
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclprofMarkEx("before", 6, stream));
  ASSERT_ACL_OK(model.ExecuteAsync(stream));
  ASSERT_ACL_OK(aclprofMarkEx("after", 5, stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  std::vector<aclsimTaskRecord> markers, ops;
  for (const auto& r : TraceRecords()) (r.kind == ACLSIM_TASK_MARKER ? markers : ops).push_back(r);
  ASSERT_EQ(markers.size(), 2u);
  ASSERT_EQ(ops.size(), 9u);
  std::sort(markers.begin(), markers.end(),
            [](const aclsimTaskRecord& a, const aclsimTaskRecord& b) { return a.markerId < b.markerId; });
  EXPECT_EQ(markers[0].markerId, 1u);  // the process-wide tx id starts at 1
  EXPECT_EQ(markers[1].markerId, 2u);
  for (const auto& m : markers) {
    EXPECT_EQ(m.markerTag, 11u);
    EXPECT_EQ(m.modelId, 0xFFFFFFFFu);
    EXPECT_EQ(m.streamId, ops[0].streamId);
    EXPECT_EQ(m.startNs, m.endNs);
  }
  EXPECT_LE(markers[0].startNs, MinStartNs(ops));
  EXPECT_GE(markers[1].startNs, MaxEndNs(ops));
  EXPECT_ACL_OK(aclsimTraceStop());
  Stop();
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

// -------------------------------------------------------------- Push/Pop

TEST_F(ProfTx, GivenPushAndPopThenNullIsInvalidParamAndEmptyPopFails) {
  EXPECT_ACL_ERROR(aclprofPop(), kFailed);  // not initialised
  Start();
  void* a = aclprofCreateStamp();
  void* b = aclprofCreateStamp();
  EXPECT_ACL_ERROR(aclprofPush(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofPop(), kFailed);
  EXPECT_ACL_OK(aclprofPush(a));
  EXPECT_ACL_OK(aclprofPush(b));
  EXPECT_ACL_OK(aclprofPop());
  EXPECT_ACL_OK(aclprofPop());
  EXPECT_ACL_ERROR(aclprofPop(), kFailed);
  aclprofDestroyStamp(a);
  aclprofDestroyStamp(b);
  Stop();
}

TEST_F(ProfTx, GivenPushOnOneThreadAndPopOnAnotherThenTheyPairLifo) {
  Start();
  void* a = aclprofCreateStamp();
  void* b = aclprofCreateStamp();
  ASSERT_ACL_OK(aclprofSetStampTraceMessage(a, "outer", 5));
  ASSERT_ACL_OK(aclprofSetStampTraceMessage(b, "inner", 5));
  ASSERT_ACL_OK(aclprofPush(a));
  std::thread pusher([b] { EXPECT_EQ(aclprofPush(b), ACL_SUCCESS); });
  pusher.join();
  std::thread popper([] { EXPECT_EQ(aclprofPop(), ACL_SUCCESS); });  // pops "inner"
  popper.join();
  ASSERT_ACL_OK(aclprofPop());  // pops "outer"
  EXPECT_ACL_ERROR(aclprofPop(), kFailed);
  aclprofDestroyStamp(a);
  aclprofDestroyStamp(b);
  Stop();
  Csv csv = TxCsv();
  ASSERT_EQ(csv.rows.size(), 2u);
  EXPECT_EQ(csv.Cell(0, "event_type"), "push/pop");
  EXPECT_EQ(csv.Cell(0, "message"), "inner");
  EXPECT_EQ(csv.Cell(1, "event_type"), "push/pop");
  EXPECT_EQ(csv.Cell(1, "message"), "outer");
  EXPECT_NE(csv.Cell(0, "tid"), csv.Cell(1, "tid"));  // reported by the popping thread
}

// ----------------------------------------------------------------- ranges

TEST_F(ProfTx, GivenRangeStartAndStopThenIdsArePoolSlotsAndUnknownIdsFail) {
  uint32_t id = 7;
  Start();
  void* stamp = aclprofCreateStamp();
  ASSERT_NE(stamp, nullptr);
  EXPECT_ACL_ERROR(aclprofRangeStart(nullptr, &id), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofRangeStart(stamp, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofRangeStop(100), kFailed);
  EXPECT_ACL_ERROR(aclprofRangeStop(UINT32_MAX), kFailed);
  ASSERT_ACL_OK(aclprofRangeStart(stamp, &id));
  EXPECT_LT(id, 100u);
  EXPECT_ACL_ERROR(aclprofRangeStop((id + 1) % 100), kFailed);  // a slot with no open range
  EXPECT_ACL_OK(aclprofRangeStop(id));
  EXPECT_ACL_ERROR(aclprofRangeStop(id), kFailed);  // already stopped
  // The id is the slot: a destroyed and re-created stamp gets it back.
  aclprofDestroyStamp(stamp);
  void* again = aclprofCreateStamp();
  uint32_t id2 = 1000;
  ASSERT_ACL_OK(aclprofRangeStart(again, &id2));
  EXPECT_EQ(id2, id);
  EXPECT_ACL_OK(aclprofRangeStop(id2));
  aclprofDestroyStamp(again);
  Stop();
  ASSERT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_ERROR(aclprofRangeStart(again, &id), kFailed);  // not initialised
  EXPECT_ACL_ERROR(aclprofRangeStop(id), kFailed);
}

// ---------------------------------------------------- Str2Id and setters

TEST_F(ProfTx, GivenStr2IdThenDoubleHashAndEmptyIsMax) {
  EXPECT_EQ(aclprofStr2Id("MatMul"), 0x626628205D1C5684ull);
  EXPECT_EQ(aclprofStr2Id(""), UINT64_MAX);
  EXPECT_EQ(aclprofStr2Id("MatMul"), aclprofStr2Id("MatMul"));  // memoised or not, stable
  // One byte c: h0 = h1 = c.
  EXPECT_EQ(aclprofStr2Id("A"), (0x41ull << 32) | 0x41ull);
  // Bytes are signed: 0xFF is -1.
  EXPECT_EQ(aclprofStr2Id("\xff"), 0xFFFFFFFFFFFFFFFFull);
}

TEST_F(ProfTx, GivenCategoryAndPayloadSettersThenActiveAndNullRulesApply) {
  int32_t value = 5;
  EXPECT_ACL_ERROR(aclprofSetCategoryName(1, "cat"), kFailed);  // not active
  Start();
  EXPECT_ACL_OK(aclprofSetCategoryName(1, "cat"));
  void* stamp = aclprofCreateStamp();
  EXPECT_ACL_ERROR(aclprofSetStampCategory(nullptr, 1), kFailed);
  EXPECT_ACL_OK(aclprofSetStampCategory(stamp, 1));
  EXPECT_ACL_ERROR(aclprofSetStampPayload(nullptr, 0, &value), kFailed);
  EXPECT_ACL_ERROR(aclprofSetStampPayload(stamp, 0, nullptr), kFailed);
  EXPECT_ACL_OK(aclprofSetStampPayload(stamp, 0, &value));
  // The older toolchains' tag name (DIPU calls it): len < 128, non-NULL.
  EXPECT_ACL_OK(aclprofSetStampTagName(stamp, "step", 4));
  EXPECT_ACL_ERROR(aclprofSetStampTagName(nullptr, "step", 4), kFailed);
  EXPECT_ACL_ERROR(aclprofSetStampTagName(stamp, nullptr, 4), kFailed);
  EXPECT_ACL_ERROR(aclprofSetStampTagName(stamp, "step", 128), kFailed);
  // The older toolchains' call stack (torch_npu 1.11, DIPU): non-NULL text.
  EXPECT_ACL_OK(aclprofSetStampCallStack(stamp, "train.py:42", 11));
  EXPECT_ACL_ERROR(aclprofSetStampCallStack(nullptr, "train.py:42", 11), kFailed);
  EXPECT_ACL_ERROR(aclprofSetStampCallStack(stamp, nullptr, 11), kFailed);
  aclprofDestroyStamp(stamp);
  Stop();
  ASSERT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_ERROR(aclprofSetCategoryName(1, "cat"), kFailed);
}

TEST_F(ProfTx, GivenRangePushExAndRangePopThenTensorInfoRangeRules) {
  Start();
  aclprofTensor tensor = {};
  tensor.type = 0;
  tensor.shapeDim = 2;
  tensor.shape[0] = 4;
  tensor.shape[1] = 8;
  aclprofTensorInfo info = {};
  info.opNameId = aclprofStr2Id("op");
  info.opTypeId = aclprofStr2Id("MatMul");
  info.tensorNum = 1;
  info.tensors = &tensor;
  aclprofEventAttributes attr = {};
  attr.version = ACL_PROF_EVENT_ATTR_VERSION;
  attr.size = sizeof(attr);
  attr.messageType = ACL_PROF_MESSAGE_TYPE_TENSOR_INFO;
  attr.message.tensorInfo = &info;

  EXPECT_ACL_ERROR(aclprofRangePushEx(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofRangePop(), ACL_ERROR_INVALID_PARAM);  // no PushEx yet
  attr.messageType = 1;
  EXPECT_ACL_ERROR(aclprofRangePushEx(&attr), kFailed);
  EXPECT_ACL_ERROR(aclprofRangePop(), ACL_ERROR_INVALID_PARAM);  // the failed PushEx cached nothing
  attr.messageType = ACL_PROF_MESSAGE_TYPE_TENSOR_INFO;
  EXPECT_ACL_OK(aclprofRangePushEx(&attr));
  EXPECT_ACL_OK(aclprofRangePop());
  EXPECT_ACL_ERROR(aclprofRangePop(), ACL_ERROR_INVALID_PARAM);
  Stop();
}

// ------------------------------------------------------------ CSV output

TEST_F(ProfTx, GivenStampsMarksRangesAndMarkExThenOneTxRowEach) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  Start();
  void* a = aclprofCreateStamp();
  void* b = aclprofCreateStamp();
  ASSERT_ACL_OK(aclprofSetStampTraceMessage(a, "stamp a", 7));
  ASSERT_ACL_OK(aclprofSetStampTraceMessage(b, "stamp b", 7));
  ASSERT_ACL_OK(aclprofSetStampCategory(a, 3));
  int32_t value = 9;
  ASSERT_ACL_OK(aclprofSetStampPayload(a, 2, &value));

  ASSERT_ACL_OK(aclprofMark(a));  // 1
  ASSERT_ACL_OK(aclprofMark(b));  // 2
  ASSERT_ACL_OK(aclprofPush(a));
  ASSERT_ACL_OK(aclprofPush(b));
  ASSERT_ACL_OK(aclprofPop());  // 3
  ASSERT_ACL_OK(aclprofPop());  // 4
  uint32_t range = 0;
  ASSERT_ACL_OK(aclprofRangeStart(b, &range));
  ASSERT_ACL_OK(aclprofRangeStop(range));                   // 5
  ASSERT_ACL_OK(aclprofMarkEx("device mark", 11, stream));  // 6
  ASSERT_ACL_OK(aclprofMark(a));                            // 7
  // Failures leave no rows.
  EXPECT_ACL_ERROR(aclprofMark(nullptr), kFailed);
  EXPECT_ACL_ERROR(aclprofPop(), kFailed);
  EXPECT_ACL_ERROR(aclprofRangeStop(range), kFailed);
  EXPECT_ACL_ERROR(aclprofMarkEx("x", 2, stream), kFailed);
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  Stop();
  ASSERT_ACL_OK(aclprofMark(a));  // after Stop: not in this session's file
  aclprofDestroyStamp(a);
  aclprofDestroyStamp(b);

  Csv csv = TxCsv();
  const std::vector<std::string> header = {"Device_id",
                                           "pid",
                                           "tid",
                                           "category",
                                           "event_type",
                                           "payload_type",
                                           "payload_value",
                                           "Start_time(us)",
                                           "End_time(us)",
                                           "message_type",
                                           "message",
                                           "domain",
                                           "Device Start_time(us)",
                                           "Device End_time(us)"};
  EXPECT_EQ(csv.header, header);
  ASSERT_EQ(csv.rows.size(), 7u);
  const std::vector<std::string> types = {"marker",    "marker",    "push/pop", "push/pop",
                                          "start/end", "marker_ex", "marker"};
  const std::vector<std::string> messages = {"stamp a", "stamp b",     "stamp b", "stamp a",
                                             "stamp b", "device mark", "stamp a"};
  for (size_t i = 0; i < csv.rows.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(csv.rows[i].size(), header.size());
    EXPECT_EQ(csv.Cell(i, "event_type"), types[i]);
    EXPECT_EQ(csv.Cell(i, "message"), messages[i]);
    EXPECT_EQ(csv.Cell(i, "pid"), std::to_string(getpid()));
    EXPECT_LE(std::stod(csv.Cell(i, "Start_time(us)")), std::stod(csv.Cell(i, "End_time(us)")));
    if (types[i] == "marker_ex") {
      EXPECT_EQ(csv.Cell(i, "Device_id"), "0");
      EXPECT_NE(csv.Cell(i, "Device Start_time(us)"), "N/A");
      EXPECT_NE(csv.Cell(i, "Device End_time(us)"), "N/A");
    } else {
      EXPECT_EQ(csv.Cell(i, "Device_id"), "host");
      EXPECT_EQ(csv.Cell(i, "Device Start_time(us)"), "N/A");
      EXPECT_EQ(csv.Cell(i, "Device End_time(us)"), "N/A");
    }
  }
  EXPECT_EQ(csv.Cell(0, "category"), "3");
  EXPECT_EQ(csv.Cell(0, "payload_type"), "2");
  EXPECT_EQ(csv.Cell(1, "category"), "0");
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

}  // namespace
}  // namespace aclsim_conformance
