// Tests of the raw data of a collection (runtime/prof/raw_data.h,
// docs/raw_data.md): a written session reads back into data that exports
// byte-identically; writing is deterministic; missing, truncated, corrupt,
// foreign and newer files are refused with their exact codes and a message
// naming the file.
#include "runtime/prof/raw_data.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/prof/crc32c.h"
#include "runtime/prof/export.h"
#include "small_session.h"
#include "test_files.h"

namespace aclsim::prof {
namespace {

namespace fs = std::filesystem;
using test_files::ReadFile;
constexpr char kTs[] = "20250101120000";

void WriteFile(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
}

fs::path FreshDir(const std::string& name) { return test_files::FreshDir("raw", name); }

// Every file of |dir| by name, with its bytes.
std::map<std::string, std::string> Files(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) out[fs::relative(e.path(), dir).string()] = ReadFile(e.path());
  }
  return out;
}

const std::vector<std::string> kRawFiles = {"host/data/aclsim.meta.raw",       "host/data/aclsim.ops.raw",
                                            "host/data/aclsim.api.raw",        "host/data/aclsim.tx.raw",
                                            "device_0/data/aclsim.task.raw.0", "device_1/data/aclsim.task.raw.1"};

TEST(RawData, GivenASessionWhenWrittenAndReadBackThenItExportsByteIdentically) {
  const SessionData d = test_data::SmallSession();
  const fs::path job = FreshDir("roundtrip");
  ASSERT_TRUE(WriteRawData(d, kTs, job.string()).ok());
  for (const std::string& f : kRawFiles) EXPECT_TRUE(fs::exists(job / f)) << f;
  auto back = ReadRawData(job.string());
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->timestamp, kTs);
  ASSERT_EQ(back->data.tasks.size(), d.tasks.size());
  EXPECT_EQ(back->data.apis.size(), d.apis.size());
  EXPECT_EQ(back->data.tx.size(), d.tx.size());
  EXPECT_EQ(back->ops.size(), 4u);  // conv, relu, topk, matmul: one each however often used
  for (size_t i = 0; i < d.tasks.size(); ++i) {
    EXPECT_EQ(back->data.tasks[i].task_id, d.tasks[i].task_id) << i;
    EXPECT_EQ(back->data.tasks[i].device_id, d.tasks[i].device_id) << i;
    EXPECT_EQ(back->data.tasks[i].op == nullptr, d.tasks[i].op == nullptr) << i;
    if (d.tasks[i].op != nullptr) {
      EXPECT_EQ(back->data.tasks[i].op->name, d.tasks[i].op->name) << i;
    }
  }
  ASSERT_TRUE(WriteSessionOutput(d, (job / "direct").string(), kTs).ok());
  ASSERT_TRUE(WriteSessionOutput(back->data, (job / "reread").string(), back->timestamp).ok());
  const auto direct = Files(job / "direct");
  EXPECT_EQ(direct.size(), 11u);  // every kind, msprof_tx_*.json, step_trace_*.json and README.txt
  EXPECT_EQ(direct, Files(job / "reread"));
  fs::remove_all(job);
}

TEST(RawData, GivenTheSameSessionWhenWrittenTwiceThenTheFilesAreByteIdentical) {
  const fs::path a = FreshDir("twice_a"), b = FreshDir("twice_b");
  ASSERT_TRUE(WriteRawData(test_data::SmallSession(), kTs, a.string()).ok());
  ASSERT_TRUE(WriteRawData(test_data::SmallSession(), kTs, b.string()).ok());
  EXPECT_EQ(Files(a), Files(b));
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST(RawData, GivenAnEmptySessionThenItReadsBackEmpty) {
  SessionData d;
  d.pid = 7;
  const fs::path job = FreshDir("empty");
  ASSERT_TRUE(WriteRawData(d, kTs, job.string()).ok());
  auto back = ReadRawData(job.string());
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->data.pid, 7u);
  EXPECT_TRUE(back->data.tasks.empty());
  fs::remove_all(job);
}

TEST(RawData, GivenNoRawDataThenFileUnusableNamingTheJob) {
  const fs::path job = FreshDir("none");
  auto back = ReadRawData(job.string());
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.status().detail(), Detail::kFileUnusable);
  EXPECT_NE(back.status().message().find("no aclsim raw data under " + job.string()), std::string::npos);
  fs::remove_all(job);
}

// Each file cut short by one byte, or with one payload byte flipped, is
// refused as data loss naming that file.
TEST(RawData, GivenATruncatedOrCorruptFileThenDataLossNamingIt) {
  for (const std::string& f : kRawFiles) {
    for (const bool truncate : {true, false}) {
      SCOPED_TRACE(f + (truncate ? " truncated" : " corrupt"));
      const fs::path job = FreshDir("damaged");
      ASSERT_TRUE(WriteRawData(test_data::SmallSession(), kTs, job.string()).ok());
      std::string bytes = ReadFile(job / f);
      ASSERT_GT(bytes.size(), 40u);
      if (truncate) {
        bytes.pop_back();
      } else {
        bytes[40] = static_cast<char>(bytes[40] ^ 0x5A);
      }
      WriteFile(job / f, bytes);
      auto back = ReadRawData(job.string());
      ASSERT_FALSE(back.ok());
      EXPECT_EQ(back.status().code(), StatusCode::kDataLoss);
      EXPECT_NE(back.status().message().find(f), std::string::npos) << back.status().message();
      EXPECT_NE(back.status().message().find(truncate ? "truncated" : "checksum"), std::string::npos)
          << back.status().message();
      fs::remove_all(job);
    }
  }
}

// Version 1 (before the process and host names) still reads: the meta
// record without its trailing pid_name and hostname strings, resealed with
// its header's version 1.
TEST(RawData, GivenAVersion1MetaThenItReadsWithoutTheProcessName) {
  const fs::path job = FreshDir("version1");
  ASSERT_TRUE(WriteRawData(test_data::SmallSession(), kTs, job.string()).ok());
  const fs::path meta = job / "host/data/aclsim.meta.raw";
  std::string bytes = ReadFile(meta);
  const SessionData d = test_data::SmallSession();
  ASSERT_FALSE(d.pid_name.empty() || d.hostname.empty());
  ASSERT_EQ(bytes.substr(bytes.size() - d.hostname.size()), d.hostname);
  bytes.resize(bytes.size() - d.pid_name.size() - d.hostname.size() - 8);  // two u32 lengths + their bytes
  const uint64_t payload = bytes.size() - 40;
  const uint32_t crc = Crc32c(bytes.data() + 40, payload);
  bytes[8] = 1;
  std::memcpy(&bytes[24], &payload, 8);
  std::memcpy(&bytes[32], &crc, 4);
  WriteFile(meta, bytes);
  auto back = ReadRawData(job.string());
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->data.pid_name, "");
  EXPECT_EQ(back->data.hostname, "");
  EXPECT_EQ(back->data.tasks.size(), test_data::SmallSession().tasks.size());
  fs::remove_all(job);
}

TEST(RawData, GivenANewerFormatVersionOrAForeignFileThenDataLossSayingSo) {
  const fs::path job = FreshDir("version");
  ASSERT_TRUE(WriteRawData(test_data::SmallSession(), kTs, job.string()).ok());
  const fs::path meta = job / "host/data/aclsim.meta.raw";
  std::string bytes = ReadFile(meta);
  bytes[8] = 3;  // format version 3
  WriteFile(meta, bytes);
  auto back = ReadRawData(job.string());
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.status().code(), StatusCode::kDataLoss);
  EXPECT_NE(back.status().message().find("raw-data format version 3 (this aclsim reads versions 1 to 2)"),
            std::string::npos)
      << back.status().message();
  WriteFile(meta, "PK\x03\x04 not ours, but long enough to hold a header of forty bytes");
  back = ReadRawData(job.string());
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.status().message().find("not an aclsim raw-data file"), std::string::npos);
  fs::remove_all(job);
}

TEST(RawData, GivenAMissingDeviceTaskFileThenDataLossSayingTasksAreMissing) {
  const fs::path job = FreshDir("missing");
  ASSERT_TRUE(WriteRawData(test_data::SmallSession(), kTs, job.string()).ok());
  fs::remove(job / "device_1/data/aclsim.task.raw.1");
  auto back = ReadRawData(job.string());
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.status().code(), StatusCode::kDataLoss);
  EXPECT_NE(back.status().message().find("a device's task file is missing?"), std::string::npos)
      << back.status().message();
  fs::remove_all(job);
}

TEST(RawData, GivenTaskFileSwappedIntoAnotherKindThenDataLossNamingTheKind) {
  const fs::path job = FreshDir("kind");
  ASSERT_TRUE(WriteRawData(test_data::SmallSession(), kTs, job.string()).ok());
  fs::copy_file(job / "device_0/data/aclsim.task.raw.0", job / "host/data/aclsim.api.raw",
                fs::copy_options::overwrite_existing);
  auto back = ReadRawData(job.string());
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.status().message().find("holds kind 5, not the api records"), std::string::npos)
      << back.status().message();
  fs::remove_all(job);
}

}  // namespace
}  // namespace aclsim::prof
