// Programs shaped like Huawei's MSPTI samples (Ascend/mspti samples/:
// mspti_activity, mspti_correlation, mspti_external_correlation,
// mspti_mstx_activity_domain), written here: ACL set-up, an aclnnAdd with
// its memory traffic, then the records the samples print, checked exactly.
// And both views of one run: MSPTI's kernel times are the msprof export's.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/aclsim_ext.h"
#include "aclnnop/aclnn_add.h"
#include "conformance_util.h"
#include "mspti/mspti.h"
#include "mspti_test_util.h"
#include "mstx/ms_tools_ext.h"
#include "prof_session_fixture.h"

namespace {

using aclsim_conformance::NoHostCostsConfig;
using aclsim_mspti_test::Client;
using aclsim_mspti_test::Record;

constexpr int64_t kElems = 4 * 256;
constexpr size_t kBytes = kElems * 2;  // fp16

class MsptiSample : public ::testing::Test {
 protected:
  // The samples' Init: device, context, stream, then aclInit; then InitMspti.
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtCreateContext(&context_, 0));
    ASSERT_ACL_OK(aclrtSetCurrentContext(context_));
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    ASSERT_EQ(msptiSubscribe(&subscriber_, nullptr, nullptr), MSPTI_SUCCESS);
    ASSERT_EQ(aclsim_mspti_test::RegisterClient(), MSPTI_SUCCESS);
  }
  void TearDown() override {
    (void)msptiUnsubscribe(subscriber_);
    (void)msptiActivityFlushAll(1);
  }
  // The samples' DeInit, then DeInitMspti (unsubscribe, flush).
  void DeInit() {
    ASSERT_ACL_OK(aclrtDestroyStream(stream_));
    ASSERT_ACL_OK(aclrtDestroyContext(context_));
    ASSERT_ACL_OK(aclrtResetDevice(0));
    ASSERT_ACL_OK(aclFinalize());
    ASSERT_EQ(msptiUnsubscribe(subscriber_), MSPTI_SUCCESS);
    ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  }
  // The samples' DoAclAdd: three device buffers, two uploads, aclnnAdd,
  // synchronize, one download, frees. |phase| pushes CUSTOM0 ids around
  // its three stages, as mspti_external_correlation does.
  void DoAclAdd(bool phase = false) {
    std::vector<uint16_t> host(kElems, 0x3C00);  // 1.0 in fp16
    void* dev[3] = {};
    if (phase) {
      ASSERT_EQ(msptiActivityPushExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, 0), 0);
    }
    for (void*& d : dev) ASSERT_ACL_OK(aclrtMalloc(&d, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < 2; ++i) {
      ASSERT_ACL_OK(aclrtMemcpy(dev[i], kBytes, host.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE));
    }
    std::vector<int64_t> shape = {4, 256};
    aclTensor* t[3];
    for (int i = 0; i < 3; ++i) {
      t[i] = aclCreateTensor(shape.data(), 2, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, shape.data(), 2, dev[i]);
    }
    float one = 1.0f;
    aclScalar* alpha = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t popped = 0;
    if (phase) {
      ASSERT_EQ(msptiActivityPopExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &popped), 0);
      ASSERT_EQ(msptiActivityPushExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, 1), 0);
    }
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnAddGetWorkspaceSize(t[0], t[1], alpha, t[2], &ws, &exec), 0);
    ASSERT_EQ(aclnnAdd(nullptr, ws, exec, stream_), 0);
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
    ASSERT_ACL_OK(aclrtMemcpy(host.data(), kBytes, dev[2], kBytes, ACL_MEMCPY_DEVICE_TO_HOST));
    if (phase) {
      ASSERT_EQ(msptiActivityPopExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &popped), 0);
      ASSERT_EQ(msptiActivityPushExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, 2), 0);
    }
    for (aclTensor* x : t) aclDestroyTensor(x);
    aclDestroyScalar(alpha);
    for (void* d : dev) ASSERT_ACL_OK(aclrtFree(d));
    if (phase) {
      ASSERT_EQ(msptiActivityPopExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &popped), 0);
    }
  }
  static std::vector<Record> OfKind(const std::vector<Record>& all, msptiActivityKind kind) {
    std::vector<Record> out;
    std::copy_if(all.begin(), all.end(), std::back_inserter(out), [&](const Record& r) { return r.kind == kind; });
    return out;
  }

  aclrtContext context_ = nullptr;
  aclrtStream stream_ = nullptr;
  msptiSubscriberHandle subscriber_ = nullptr;
};

TEST_F(MsptiSample, GivenActivitySampleThenKernelApiMemoryAndCopyRecords) {
  for (auto kind : {MSPTI_ACTIVITY_KIND_KERNEL, MSPTI_ACTIVITY_KIND_API, MSPTI_ACTIVITY_KIND_MEMCPY,
                    MSPTI_ACTIVITY_KIND_MEMORY, MSPTI_ACTIVITY_KIND_MEMSET, MSPTI_ACTIVITY_KIND_RUNTIME_API}) {
    ASSERT_EQ(msptiActivityEnable(kind), MSPTI_SUCCESS);
  }
  DoAclAdd();
  DeInit();
  const std::vector<Record> all = Client::Get().TakeRecords();
  const auto kernels = OfKind(all, MSPTI_ACTIVITY_KIND_KERNEL);
  ASSERT_EQ(kernels.size(), 1u);
  const auto k = kernels[0].As<msptiActivityKernel>();
  EXPECT_STREQ(k.name, "aclnnAdd_AddAiCore_Add");
  EXPECT_STREQ(k.type, "KERNEL_AIVEC");
  EXPECT_EQ(k.ds.deviceId, 0u);
  EXPECT_GT(k.end, k.start);
  const auto apis = OfKind(all, MSPTI_ACTIVITY_KIND_API);
  ASSERT_EQ(apis.size(), 1u);
  EXPECT_STREQ(apis[0].As<msptiActivityApi>().name, "aclnnAdd");
  EXPECT_EQ(apis[0].As<msptiActivityApi>().correlationId, k.correlationId);
  const auto memory = OfKind(all, MSPTI_ACTIVITY_KIND_MEMORY);
  ASSERT_EQ(memory.size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    const auto m = memory[i].As<msptiActivityMemory>();
    EXPECT_EQ(m.memoryOperationType,
              i < 3 ? MSPTI_ACTIVITY_MEMORY_OPERATION_TYPE_ALLOCATION : MSPTI_ACTIVITY_MEMORY_OPERATION_TYPE_RELEASE);
    EXPECT_EQ(m.memoryKind, MSPTI_ACTIVITY_MEMORY_DEVICE);
    EXPECT_EQ(m.bytes, kBytes);
    EXPECT_EQ(m.deviceId, 0u);
    EXPECT_EQ(m.streamId, MSPTI_INVALID_STREAM_ID);
  }
  EXPECT_EQ(memory[0].As<msptiActivityMemory>().address, memory[3].As<msptiActivityMemory>().address);
  const auto copies = OfKind(all, MSPTI_ACTIVITY_KIND_MEMCPY);
  ASSERT_EQ(copies.size(), 3u);
  EXPECT_EQ(copies[0].As<msptiActivityMemcpy>().copyKind, MSPTI_ACTIVITY_MEMCPY_KIND_HTOD);
  EXPECT_EQ(copies[2].As<msptiActivityMemcpy>().copyKind, MSPTI_ACTIVITY_MEMCPY_KIND_DTOH);
  EXPECT_EQ(copies[2].As<msptiActivityMemcpy>().bytes, kBytes);
  EXPECT_EQ(copies[2].As<msptiActivityMemcpy>().isAsync, 0u);
  EXPECT_TRUE(OfKind(all, MSPTI_ACTIVITY_KIND_MEMSET).empty());
  // aclrt* calls: Malloc x3, Memcpy x3, SynchronizeStream, Free x3, DestroyStream, ResetDevice.
  const auto runtime = OfKind(all, MSPTI_ACTIVITY_KIND_RUNTIME_API);
  std::map<std::string, int> calls;
  for (const Record& r : runtime) ++calls[r.As<msptiActivityApi>().name];
  EXPECT_EQ(calls, (std::map<std::string, int>{{"aclrtDestroyStream", 1},
                                               {"aclrtFree", 3},
                                               {"aclrtMalloc", 3},
                                               {"aclrtMemcpy", 3},
                                               {"aclrtResetDevice", 1},
                                               {"aclrtSynchronizeStream", 1}}));
  aclsimMsptiStats stats{};
  ASSERT_ACL_OK(aclsimGetMsptiStats(&stats));
  EXPECT_EQ(stats.dropped, 0u);
  EXPECT_EQ(stats.records, all.size());
}

TEST_F(MsptiSample, GivenExternalCorrelationSampleThenEachPhaseGroupsItsCalls) {
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_KERNEL), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_API), MSPTI_SUCCESS);
  DoAclAdd(/*phase=*/true);
  DeInit();
  std::map<uint64_t, std::vector<uint64_t>> groups;  // external id → correlation ids
  const std::vector<Record> all = Client::Get().TakeRecords();
  for (const Record& r : OfKind(all, MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION)) {
    const auto e = r.As<msptiActivityExternalCorrelation>();
    groups[e.externalId].push_back(e.correlationId);
  }
  // Initialisation: 3 mallocs + 2 uploads; execution: aclnnAdd, synchronize,
  // download; clean-up: 3 frees.
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].size(), 5u);
  EXPECT_EQ(groups[1].size(), 3u);
  EXPECT_EQ(groups[2].size(), 3u);
  const auto k = OfKind(all, MSPTI_ACTIVITY_KIND_KERNEL).at(0).As<msptiActivityKernel>();
  EXPECT_NE(std::find(groups[1].begin(), groups[1].end(), k.correlationId), groups[1].end())
      << "the kernel belongs to the execution phase";
}

TEST_F(MsptiSample, GivenMstxDomainSampleThenDisabledDomainIsSilentAndRangesHaveHostAndDeviceEnds) {
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_MARKER), MSPTI_SUCCESS);
  int32_t stream_id = -1;
  ASSERT_ACL_OK(aclrtStreamGetId(stream_, &stream_id));
  mstxDomainHandle_t domain = mstxDomainCreateA("domainRange");
  ASSERT_NE(domain, nullptr);
  const mstxRangeId first = mstxDomainRangeStartA(domain, "s.c_str()", stream_);
  mstxDomainRangeEnd(domain, first);
  ASSERT_EQ(msptiActivityDisableMarkerDomain("domainRange"), MSPTI_SUCCESS);
  mstxDomainRangeEnd(domain, mstxDomainRangeStartA(domain, "closeDomainMark", stream_));
  ASSERT_EQ(msptiActivityEnableMarkerDomain("domainRange"), MSPTI_SUCCESS);
  const mstxRangeId third = mstxDomainRangeStartA(domain, "openDomainMark", nullptr);
  mstxDomainRangeEnd(domain, third);
  mstxMarkA("plain", nullptr);
  DeInit();
  const auto markers = OfKind(Client::Get().TakeRecords(), MSPTI_ACTIVITY_KIND_MARKER);
  // The range on the stream: host start, its device marker, host end, its
  // device marker; the disabled domain's range: nothing; the host-only
  // range: start and end; the plain mark.
  ASSERT_EQ(markers.size(), 7u);
  const auto m0 = markers[0].As<msptiActivityMarker>();
  EXPECT_EQ(m0.flag, MSPTI_ACTIVITY_FLAG_MARKER_START_WITH_DEVICE);
  EXPECT_EQ(m0.sourceKind, MSPTI_ACTIVITY_SOURCE_KIND_HOST);
  EXPECT_STREQ(m0.name, "s.c_str()");
  EXPECT_STREQ(m0.domain, "domainRange");
  EXPECT_EQ(m0.id, first);
  const auto d0 = markers[1].As<msptiActivityMarker>();
  EXPECT_EQ(d0.flag, MSPTI_ACTIVITY_FLAG_MARKER_START_WITH_DEVICE);
  EXPECT_EQ(d0.sourceKind, MSPTI_ACTIVITY_SOURCE_KIND_DEVICE);
  EXPECT_EQ(d0.id, first);
  EXPECT_EQ(d0.objectId.ds.deviceId, 0u);
  EXPECT_EQ(d0.objectId.ds.streamId, static_cast<uint32_t>(stream_id));
  EXPECT_STREQ(d0.name, "");
  EXPECT_GE(d0.timestamp, m0.timestamp);  // the device reaches the marker after the host enqueued it
  const auto m1 = markers[2].As<msptiActivityMarker>();
  EXPECT_EQ(m1.flag, MSPTI_ACTIVITY_FLAG_MARKER_END_WITH_DEVICE);
  EXPECT_EQ(m1.sourceKind, MSPTI_ACTIVITY_SOURCE_KIND_HOST);
  EXPECT_EQ(m1.id, first);
  EXPECT_STREQ(m1.name, "");
  EXPECT_GE(m1.timestamp, m0.timestamp);
  const auto d1 = markers[3].As<msptiActivityMarker>();
  EXPECT_EQ(d1.flag, MSPTI_ACTIVITY_FLAG_MARKER_END_WITH_DEVICE);
  EXPECT_EQ(d1.sourceKind, MSPTI_ACTIVITY_SOURCE_KIND_DEVICE);
  EXPECT_EQ(d1.id, first);
  EXPECT_GE(d1.timestamp, d0.timestamp);
  const auto m2 = markers[4].As<msptiActivityMarker>();
  EXPECT_EQ(m2.flag, MSPTI_ACTIVITY_FLAG_MARKER_START);
  EXPECT_STREQ(m2.name, "openDomainMark");
  EXPECT_EQ(m2.id, third);
  EXPECT_EQ(markers[5].As<msptiActivityMarker>().flag, MSPTI_ACTIVITY_FLAG_MARKER_END);
  EXPECT_EQ(markers[5].As<msptiActivityMarker>().id, third);
  const auto m4 = markers[6].As<msptiActivityMarker>();
  EXPECT_EQ(m4.flag, MSPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS);
  EXPECT_STREQ(m4.domain, "default");
  EXPECT_STREQ(m4.name, "plain");
  mstxDomainDestroy(domain);
}

// Both views of one run: a collection session and MSPTI over the same
// executions give the same kernel start and end times (epoch ns; op_summary
// prints µs with three decimals).
class MsptiAndSession : public aclsim_conformance::ProfSession {};

TEST_F(MsptiAndSession, GivenOneRunThenKernelTimesEqualOpSummaryTimes) {
  ASSERT_EQ(aclsim_mspti_test::RegisterClient(), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_KERNEL), MSPTI_SUCCESS);
  aclsim_conformance::LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(aclsim_conformance::kTaskTimeOnly);
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(config));
  ASSERT_ACL_OK(aclprofDestroyConfig(config));
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  const auto kernels = Client::Get().TakeRecords();
  auto csv = aclsim_conformance::ReadCsv(
      aclsim_conformance::OneOutputFile(aclsim_conformance::LastProfDir(), "op_summary", "csv"));
  ASSERT_EQ(kernels.size(), 9u);
  ASSERT_EQ(csv.rows.size(), 9u);
  for (size_t i = 0; i < kernels.size(); ++i) {
    const auto k = kernels[i].As<msptiActivityKernel>();
    char start[64];
    std::snprintf(start, sizeof(start), "%llu.%03llu", static_cast<unsigned long long>(k.start / 1000),
                  static_cast<unsigned long long>(k.start % 1000));
    std::string cell = csv.Cell(i, "Task Start Time(us)");
    cell.erase(std::remove(cell.begin(), cell.end(), '\t'), cell.end());
    EXPECT_EQ(cell, start) << k.name;
    EXPECT_EQ(csv.Cell(i, "Op Name"), k.name);
  }
}

// A session recording mstx and MSPTI's MARKER kind at once: a mark and a
// range on a stream give MSPTI host and device records that share one id,
// the id the session recorded, and ids never repeat.
TEST_F(MsptiAndSession, GivenSessionRecordingMstxThenHostAndDeviceMarkerRecordsShareTheSessionsId) {
  ASSERT_EQ(aclsim_mspti_test::RegisterClient(), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_MARKER), MSPTI_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  mstxMarkA("before the session", stream);  // MSPTI alone numbers it
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(ACL_PROF_MSPROFTX | ACL_PROF_TASK_TIME);
  ASSERT_ACL_OK(aclprofStart(config));
  mstxMarkA("mark", stream);
  const mstxRangeId range = mstxRangeStartA("range", stream);
  mstxRangeEnd(range);
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  ASSERT_ACL_OK(aclprofStop(config));
  ASSERT_ACL_OK(aclprofDestroyConfig(config));
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  std::vector<msptiActivityMarker> host;
  std::vector<msptiActivityMarker> device;
  for (const Record& r : Client::Get().TakeRecords()) {
    ASSERT_EQ(r.kind, MSPTI_ACTIVITY_KIND_MARKER);
    const auto m = r.As<msptiActivityMarker>();
    (m.sourceKind == MSPTI_ACTIVITY_SOURCE_KIND_HOST ? host : device).push_back(m);
  }
  ASSERT_EQ(host.size(), 4u);
  ASSERT_EQ(device.size(), 4u);
  EXPECT_EQ(host[0].flag, MSPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS_WITH_DEVICE);
  EXPECT_EQ(host[1].flag, MSPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS_WITH_DEVICE);
  EXPECT_EQ(host[2].flag, MSPTI_ACTIVITY_FLAG_MARKER_START_WITH_DEVICE);
  EXPECT_EQ(host[3].flag, MSPTI_ACTIVITY_FLAG_MARKER_END_WITH_DEVICE);
  EXPECT_EQ(host[2].id, range);
  EXPECT_EQ(host[3].id, range);
  for (size_t i = 0; i < host.size(); ++i) {
    EXPECT_EQ(device[i].id, host[i].id) << i;
    EXPECT_EQ(device[i].flag, host[i].flag) << i;
  }
  EXPECT_NE(host[0].id, host[1].id);
  EXPECT_NE(host[0].id, range);
  EXPECT_NE(host[1].id, range);
}

}  // namespace

namespace {

// One run of the activity sample in a child process; its records as text,
// with the fields that name the process (pid, tid) left out and the
// strings written out: the same program must print the same lines.
std::string RecordsOfOneRun() {
  int fds[2];
  if (pipe(fds) != 0) return "";
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    std::string out;
    aclsim_mspti_test::RegisterClient();
    for (int kind = MSPTI_ACTIVITY_KIND_MARKER; kind < MSPTI_ACTIVITY_KIND_COUNT; ++kind) {
      msptiActivityEnable(static_cast<msptiActivityKind>(kind));
    }
    (void)aclInit(nullptr);
    (void)aclrtSetDevice(0);
    {
      aclsim_conformance::LoadedModel model("sample_mlp.json");
      (void)model.Execute();
      void* p = nullptr;
      (void)aclrtMalloc(&p, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
      (void)aclrtMemset(p, 4096, 1, 4096);
      (void)aclrtFree(p);
    }
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
    (void)msptiActivityFlushAll(1);
    for (const Record& r : Client::Get().TakeRecords()) {
      std::string line = std::to_string(r.kind);
      if (r.kind == MSPTI_ACTIVITY_KIND_KERNEL) {
        const auto k = r.As<msptiActivityKernel>();
        line += " " + std::to_string(k.start) + " " + std::to_string(k.end) + " " + std::to_string(k.ds.streamId) +
                " " + std::to_string(k.correlationId) + " " + k.type + " " + k.name;
      } else if (r.kind == MSPTI_ACTIVITY_KIND_MEMORY || r.kind == MSPTI_ACTIVITY_KIND_MEMSET ||
                 r.kind == MSPTI_ACTIVITY_KIND_MEMCPY) {
        std::vector<uint8_t> b = r.bytes;
        if (r.kind == MSPTI_ACTIVITY_KIND_MEMORY) std::memset(b.data() + 36, 0, 8);  // the address
        if (r.kind == MSPTI_ACTIVITY_KIND_MEMORY) std::memset(b.data() + 52, 0, 4);  // the pid
        for (uint8_t x : b) line += " " + std::to_string(x);
      } else if (r.kind == MSPTI_ACTIVITY_KIND_OVERHEAD) {
        const auto o = r.As<msptiActivityOverhead>();
        line += " " + std::to_string(o.overheadKind) + " " + std::to_string(o.start) + " " + std::to_string(o.end) +
                " " + std::to_string(o.objectKind);
      } else if (r.kind != MSPTI_ACTIVITY_KIND_MARKER) {
        const auto a = r.As<msptiActivityApi>();
        line += " " + std::to_string(a.start) + " " + std::to_string(a.end) + " " + std::to_string(a.correlationId) +
                " " + a.name;
      }
      out += line + "\n";
    }
    const ssize_t written = write(fds[1], out.data(), out.size());
    _exit(written == static_cast<ssize_t>(out.size()) ? 0 : 1);
  }
  close(fds[1]);
  std::string text;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof(buf))) > 0;) text.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? text : "";
}

TEST(MsptiDeterminism, GivenTheSameProgramTwiceThenTheSameRecords) {
  const std::string first = RecordsOfOneRun();
  const std::string second = RecordsOfOneRun();
  ASSERT_FALSE(first.empty());
  // 9 kernels, their aclmdlExecute, and the memory calls' records at least.
  EXPECT_GE(std::count(first.begin(), first.end(), '\n'), 20);
  EXPECT_NE(first.find("fc1"), std::string::npos);
  EXPECT_EQ(first, second);
}

}  // namespace
