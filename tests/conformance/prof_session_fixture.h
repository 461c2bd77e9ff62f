// The fixture of the collection-session conformance tests
// (prof_session_*_test.cc): aclInit and device 0 around each test, a fresh
// output directory, configs of device 0, and the op_summary row counts of a
// job. Public headers only.
#ifndef ACLSIM_TESTS_CONFORMANCE_PROF_SESSION_FIXTURE_H_
#define ACLSIM_TESTS_CONFORMANCE_PROF_SESSION_FIXTURE_H_

#include <cstdint>
#include <map>
#include <string>

#include "prof_session_util.h"

namespace aclsim_conformance {

constexpr uint64_t kTaskTimeOnly = ACL_PROF_TASK_TIME;
constexpr uint64_t kAllSummaries = ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_MSPROFTX;

class ProfSession : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    if (acl_finalized_) return;
    (void)aclprofFinalize();
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }

  aclError Init() { return Init(dir_.path()); }
  static aclError Init(const std::string& path) { return aclprofInit(path.c_str(), path.size()); }

  // A config of device 0 (the host pseudo-device is added by the library).
  static aclprofConfig* Config(uint64_t types, aclprofAicoreMetrics metrics = ACL_AICORE_NONE) {
    uint32_t devices[] = {0};
    aclprofConfig* config = aclprofCreateConfig(devices, 1, metrics, nullptr, types);
    EXPECT_NE(config, nullptr) << RecentErrMsg();
    return config;
  }

  TempDir dir_;
  bool acl_finalized_ = false;
};

// A session of device 0 that each test starts and stops itself (the
// msproftx and mstx tests): aclprofInit in SetUp; the config is kept for
// Stop and destroyed at the end.
class ProfTxSession : public ProfSession {
 protected:
  void SetUp() override {
    ProfSession::SetUp();
    ASSERT_ACL_OK(Init());
  }
  void TearDown() override {
    if (config_ != nullptr) (void)aclprofDestroyConfig(config_);
    ProfSession::TearDown();
  }
  // Starts a session of device 0 with |types| (kept for Stop).
  void Start(uint64_t types = ACL_PROF_MSPROFTX | ACL_PROF_TASK_TIME) {
    if (config_ != nullptr) (void)aclprofDestroyConfig(config_);
    config_ = Config(types);
    ASSERT_NE(config_, nullptr);
    ASSERT_ACL_OK(aclprofStart(config_));
  }
  void Stop() { ASSERT_ACL_OK(aclprofStop(config_)); }

  aclprofConfig* config_ = nullptr;
};

// Rows of op_summary per Device_id.
inline std::map<std::string, size_t> OpSummaryRowsByDevice(const std::string& job_dir) {
  std::map<std::string, size_t> rows;
  Csv csv = ReadCsv(OneOutputFile(job_dir, "op_summary", "csv"));
  EXPECT_EQ(csv.Column("Device_id"), 0);
  for (size_t i = 0; i < csv.rows.size(); ++i) ++rows[csv.Cell(i, "Device_id")];
  return rows;
}

inline size_t OpSummaryRows(const std::string& job_dir) {
  size_t n = 0;
  for (const auto& [device, count] : OpSummaryRowsByDevice(job_dir)) n += count;
  return n;
}

}  // namespace aclsim_conformance

#endif  // ACLSIM_TESTS_CONFORMANCE_PROF_SESSION_FIXTURE_H_
