// msprof_<ts>.db (runtime/prof/export.h WriteSessionDb), queried with
// SQLite: its TASK and COMPUTE_TASK_INFO rows are op_summary's rows (names,
// types, start times), host API and msproftx records are in CANN_API and
// MSTX_EVENTS, the enum and META_DATA tables hold msprof's values, and the
// same data gives the same file.
#include <sqlite3.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/prof/export.h"
#include "small_session.h"
#include "test_files.h"

namespace aclsim::prof {
namespace {

namespace fs = std::filesystem;
using test_files::ReadFile;

fs::path FreshDir(const std::string& name) { return test_files::FreshDir("db", name); }

// Every row of |sql|, its columns as text.
std::vector<std::vector<std::string>> Query(const fs::path& db_path, const std::string& sql) {
  sqlite3* db = nullptr;
  std::vector<std::vector<std::string>> rows;
  EXPECT_EQ(sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  while (s != nullptr && sqlite3_step(s) == SQLITE_ROW) {
    std::vector<std::string> row;
    for (int i = 0; i < sqlite3_column_count(s); ++i) {
      const unsigned char* text = sqlite3_column_text(s, i);
      row.push_back(text != nullptr ? reinterpret_cast<const char*>(text) : "NULL");
    }
    rows.push_back(row);
  }
  sqlite3_finalize(s);
  sqlite3_close(db);
  return rows;
}

// "Op Name,OP Type,Task Start Time(us)" of op_summary's rows.
std::vector<std::vector<std::string>> OpSummaryRows(const fs::path& dir) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream csv(ReadFile(dir / "op_summary_t.csv"));
  std::string line;
  std::getline(csv, line);
  while (std::getline(csv, line)) {
    // Op Name is cell 4, OP Type 5, Task Start Time(us) 8 (spec §7.5; msprof
    // ends the time with a tab).
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (char c : line) {
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        cells.push_back(cell);
        cell.clear();
      } else {
        cell.push_back(c);
      }
    }
    cells.push_back(cell);
    std::string start = cells[8];
    if (!start.empty() && start.back() == '\t') start.pop_back();
    rows.push_back({cells[4], cells[5], start});
  }
  return rows;
}

TEST(ExportDb, GivenASessionThenComputeTasksAreTheOpSummaryRows) {
  const SessionData d = test_data::SmallSession();
  const fs::path dir = FreshDir("rows");
  ASSERT_TRUE(WriteSessionOutput(d, dir.string(), "t").ok());
  ASSERT_TRUE(WriteSessionDb(d, (dir / "msprof_t.db").string()).ok());
  const auto db_rows = Query(dir / "msprof_t.db",
                             "SELECT n.value, o.value, printf('%d.%03d', t.startNs / 1000, t.startNs % 1000) "
                             "FROM COMPUTE_TASK_INFO c JOIN TASK t ON "
                             "t.globalTaskId = c.globalTaskId JOIN STRING_IDS n ON n.id = c.name JOIN STRING_IDS o "
                             "ON o.id = c.opType ORDER BY t.startNs, t.deviceId, t.taskId");
  const auto summary = OpSummaryRows(dir);
  ASSERT_EQ(summary.size(), 8u);
  EXPECT_EQ(db_rows, summary);
  EXPECT_EQ(Query(dir / "msprof_t.db", "SELECT count(*) FROM TASK")[0][0], std::to_string(d.tasks.size()));
  EXPECT_EQ(Query(dir / "msprof_t.db", "SELECT count(*) FROM CANN_API")[0][0], "4");
  EXPECT_EQ(
      Query(dir / "msprof_t.db",
            "SELECT s.value, a.type FROM CANN_API a JOIN STRING_IDS s ON s.id = a.name ORDER BY a.connectionId")[3],
      (std::vector<std::string>{"aclrtSynchronizeStream", "20000"}));
  const auto tx = Query(dir / "msprof_t.db",
                        "SELECT e.name, s.value FROM MSTX_EVENTS m JOIN ENUM_MSTX_EVENT_TYPE e ON e.id = m.eventType "
                        "JOIN STRING_IDS s ON s.id = m.message");
  EXPECT_EQ(tx, (std::vector<std::vector<std::string>>{
                    {"marker", "warmup"}, {"push/pop", "infer, batch 1"}, {"marker_ex", "markex-1"}}));
  EXPECT_EQ(Query(dir / "msprof_t.db", "SELECT value FROM META_DATA WHERE name = 'SCHEMA_VERSION'")[0][0], "1.0.2");
  EXPECT_EQ(Query(dir / "msprof_t.db", "SELECT name FROM ENUM_API_TYPE WHERE id = 50004")[0][0], "mstx");
  EXPECT_EQ(Query(dir / "msprof_t.db", "SELECT id, name FROM NPU_INFO ORDER BY id"),
            (std::vector<std::vector<std::string>>{{"0", "Ascend910B2"}, {"1", "Ascend910B2"}}));
  // The collecting host's name, from the collection (not the exporting machine).
  EXPECT_EQ(Query(dir / "msprof_t.db", "SELECT hostName FROM HOST_INFO"),
            (std::vector<std::vector<std::string>>{{"npu-host-7"}}));
  // The MarkEx marker task and its host event share a connection id.
  EXPECT_EQ(Query(dir / "msprof_t.db",
                  "SELECT count(*) FROM TASK t JOIN MSTX_EVENTS m ON m.connectionId = t.connectionId JOIN STRING_IDS "
                  "s ON s.id = t.taskType WHERE s.value = 'MsTx'")[0][0],
            "1");
  fs::remove_all(dir);
}

TEST(ExportDb, GivenTheSameSessionTwiceThenTheFilesAreByteIdentical) {
  const fs::path dir = FreshDir("twice");
  ASSERT_TRUE(WriteSessionDb(test_data::SmallSession(), (dir / "a.db").string()).ok());
  ASSERT_TRUE(WriteSessionDb(test_data::SmallSession(), (dir / "b.db").string()).ok());
  EXPECT_EQ(ReadFile(dir / "a.db"), ReadFile(dir / "b.db"));
  fs::remove_all(dir);
}

TEST(ExportDb, GivenAnUnwritablePathThenFileWriteNamingIt) {
  const Status s = WriteSessionDb(test_data::SmallSession(), "/proc/aclsim_no/x.db");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.detail(), Detail::kFileWrite);
  EXPECT_NE(std::string(s.message()).find("/proc/aclsim_no/x.db"), std::string::npos);
}

}  // namespace
}  // namespace aclsim::prof
