// msprof_<timestamp>.db: the collection as msprof's SQLite database, for
// what aclsim collects. Tables and columns follow msprof's schema as its
// documentation gives it (Ascend/msprof docs/en/user_guide/
// profile_data_file_references_db.md): STRING_IDS, SESSION_TIME_INFO,
// NPU_INFO, HOST_INFO, TASK, COMPUTE_TASK_INFO, CANN_API, MSTX_EVENTS, the
// ENUM_API_TYPE / ENUM_MSTX_EVENT_TYPE / ENUM_MEMCPY_OPERATION tables and
// META_DATA. Times are epoch ns; text columns of TASK, COMPUTE_TASK_INFO,
// CANN_API and MSTX_EVENTS are STRING_IDS ids. The same data gives the same
// rows in the same order.
#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/prof/export.h"
#include "runtime/prof/export_internal.h"

namespace aclsim::prof {
namespace {

using export_internal::Context;

constexpr int64_t kNone32 = 4294967295;              // msprof's "no value" of 32-bit columns
constexpr int64_t kMstxConnectionBase = 4000000001;  // connectionId of an mstx event: mark id + this
constexpr int64_t kStampConnection = 4000000000;     // connectionId of a stamp-API event

const char* const kSchema[] = {
    "CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY, value TEXT)",
    "CREATE TABLE ENUM_API_TYPE (id INTEGER PRIMARY KEY, name TEXT)",
    "CREATE TABLE ENUM_MSTX_EVENT_TYPE (id INTEGER PRIMARY KEY, name TEXT)",
    "CREATE TABLE ENUM_MEMCPY_OPERATION (id INTEGER PRIMARY KEY, name TEXT)",
    "CREATE TABLE META_DATA (name TEXT, value TEXT)",
    "CREATE TABLE SESSION_TIME_INFO (startTimeNs INTEGER, endTimeNs INTEGER)",
    "CREATE TABLE NPU_INFO (id INTEGER, name TEXT)",
    "CREATE TABLE HOST_INFO (hostUid TEXT, hostName TEXT)",
    "CREATE TABLE TASK (startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER, "
    "globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER)",
    "CREATE INDEX TaskIndex ON TASK (startNs, globalTaskId)",
    "CREATE TABLE COMPUTE_TASK_INFO (name INTEGER, globalTaskId INTEGER PRIMARY KEY, blockNum INTEGER, "
    "mixBlockNum INTEGER, taskType INTEGER, opType INTEGER, inputFormats INTEGER, inputDataTypes INTEGER, "
    "inputShapes INTEGER, outputFormats INTEGER, outputDataTypes INTEGER, outputShapes INTEGER, attrInfo INTEGER, "
    "opState INTEGER, hf32Eligible INTEGER)",
    "CREATE TABLE CANN_API (startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER, connectionId INTEGER "
    "PRIMARY KEY, name INTEGER)",
    "CREATE TABLE MSTX_EVENTS (startNs INTEGER, endNs INTEGER, eventType INTEGER, rangeId INTEGER, category INTEGER, "
    "message INTEGER, globalTid INTEGER, endGlobalTid INTEGER, domainId INTEGER, connectionId INTEGER)",
};

// The ENUM_API_TYPE id of an API record's level (its api_statistic "Level").
int64_t ApiType(const std::string& level) {
  static const std::unordered_map<std::string, int64_t> kTypes = {
      {"AscendCL", 20000}, {"acl", 20000},    {"model", 15000},    {"node", 10000},
      {"hccl", 5500},      {"runtime", 5000}, {"msproftx", 50004}, {"op", 50001}};
  auto it = kTypes.find(level);
  return it == kTypes.end() ? 20000 : it->second;
}

class Db {
 public:
  explicit Db(const std::string& path) : path_(path) {
    std::remove(path.c_str());
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) Fail("open");
  }
  ~Db() {
    for (auto& [sql, stmt] : stmts_) sqlite3_finalize(stmt);
    if (db_ != nullptr) sqlite3_close(db_);
  }
  void Exec(const char* sql) {
    if (ok() && sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) Fail(sql);
  }
  // One row of |values| (int64 or, where |text| marks it, TEXT) into |sql|.
  void Row(const char* sql, std::initializer_list<int64_t> values) {
    sqlite3_stmt* s = Prepare(sql);
    if (s == nullptr) return;
    int i = 1;
    for (int64_t v : values) sqlite3_bind_int64(s, i++, v);
    Step(s);
  }
  void TextRow(const char* sql, std::initializer_list<std::string> values) {
    sqlite3_stmt* s = Prepare(sql);
    if (s == nullptr) return;
    int i = 1;
    for (const std::string& v : values)
      sqlite3_bind_text(s, i++, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    Step(s);
  }
  void IdRow(const char* sql, int64_t id, const std::string& text) {
    sqlite3_stmt* s = Prepare(sql);
    if (s == nullptr) return;
    sqlite3_bind_int64(s, 1, id);
    sqlite3_bind_text(s, 2, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    Step(s);
  }
  bool ok() const { return error_.empty(); }
  Status status() const {
    return ok() ? OkStatus() : Status(Detail::kFileWrite, "cannot write " + path_ + ": " + error_);
  }

 private:
  sqlite3_stmt* Prepare(const char* sql) {
    if (!ok()) return nullptr;
    sqlite3_stmt*& s = stmts_[sql];
    if (s == nullptr && sqlite3_prepare_v2(db_, sql, -1, &s, nullptr) != SQLITE_OK) {
      Fail(sql);
      return nullptr;
    }
    return s;
  }
  void Step(sqlite3_stmt* s) {
    if (sqlite3_step(s) != SQLITE_DONE) Fail("insert");
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
  }
  void Fail(const std::string& what) {
    if (error_.empty()) error_ = what + ": " + (db_ != nullptr ? sqlite3_errmsg(db_) : "cannot open");
  }

  std::string path_;
  sqlite3* db_ = nullptr;
  std::string error_;
  std::unordered_map<const char*, sqlite3_stmt*> stmts_;
};

// STRING_IDS: ids from 0 in first-use order.
class Strings {
 public:
  int64_t IdNew(const std::string& s) {
    const auto [it, added] = ids_.try_emplace(s, static_cast<int64_t>(order_.size()));
    if (added) order_.push_back(s);
    return it->second;
  }
  const std::vector<std::string>& order() const { return order_; }

 private:
  std::unordered_map<std::string, int64_t> ids_;
  std::vector<std::string> order_;
};

// MarkEx and mstx events with a stream have device markers of their id.
bool HasDeviceMarker(const TxRecord& r) {
  return r.device_tag != 0 || r.event_type == static_cast<uint32_t>(vendor::TxEventType::kMarkEx);
}

void WriteEnums(Db& db) {
  const std::pair<int64_t, const char*> api[] = {{20000, "acl"},          {15000, "model"},  {10000, "node"},
                                                 {5500, "communication"}, {5000, "runtime"}, {50001, "op"},
                                                 {50002, "queue"},        {50003, "trace"},  {50004, "mstx"}};
  for (const auto& [id, name] : api) db.IdRow("INSERT INTO ENUM_API_TYPE VALUES (?, ?)", id, name);
  const char* mstx[] = {"marker", "push/pop", "start/end", "marker_ex"};
  for (int64_t i = 0; i < 4; ++i) db.IdRow("INSERT INTO ENUM_MSTX_EVENT_TYPE VALUES (?, ?)", i, mstx[i]);
  const std::pair<int64_t, const char*> memcpy_ops[] = {
      {0, "host to host"},      {1, "host to device"},    {2, "device to host"},
      {3, "device to device"},  {4, "managed memory"},    {5, "addr device to device"},
      {6, "host to device ex"}, {7, "device to host ex"}, {65535, "other"}};
  for (const auto& [id, name] : memcpy_ops) db.IdRow("INSERT INTO ENUM_MEMCPY_OPERATION VALUES (?, ?)", id, name);
  const std::pair<const char*, const char*> meta[] = {{"SCHEMA_VERSION", "1.0.2"},
                                                      {"SCHEMA_VERSION_MAJOR", "1"},
                                                      {"SCHEMA_VERSION_MINOR", "0"},
                                                      {"SCHEMA_VERSION_MICRO", "2"}};
  for (const auto& [name, value] : meta) db.TextRow("INSERT INTO META_DATA VALUES (?, ?)", {name, value});
}

void WriteTasks(const Context& ctx, Db& db, Strings& strings) {
  const SessionData& d = ctx.data;
  // HostToDevice connections: the launching API record of a task, by index.
  std::unordered_map<uint64_t, int64_t> connection_of_task;  // (device << 56 ^ task id) -> api index
  for (size_t i = 0; i < d.apis.size(); ++i) {
    if (d.apis[i].launched) {
      connection_of_task.try_emplace((static_cast<uint64_t>(d.apis[i].device_id) << 56) ^ d.apis[i].first_task_id,
                                     static_cast<int64_t>(i));
    }
  }
  std::unordered_map<uint64_t, int64_t> mstx_connection;  // device marker id -> connectionId
  for (const TxRecord& r : d.tx) {
    if (HasDeviceMarker(r)) mstx_connection[r.mark_id] = static_cast<int64_t>(r.mark_id) + kMstxConnectionBase;
  }
  const int64_t pid = d.pid;
  for (size_t i = 0; i < d.tasks.size(); ++i) {
    const TaskRecord& t = d.tasks[i];
    int64_t connection = kNone32;
    std::string type = t.op != nullptr ? t.op->task_type : "PROFILER_TRACE_EX";
    if (auto it = connection_of_task.find((static_cast<uint64_t>(t.device_id) << 56) ^ t.task_id);
        it != connection_of_task.end()) {
      connection = it->second;
    } else if (t.is_marker && vendor::IsTxMarkerTag(t.marker_tag)) {
      auto m = mstx_connection.find(t.marker_id);
      if (m != mstx_connection.end()) connection = m->second;
      type = "MsTx";
    }
    const int64_t global = static_cast<int64_t>(i);
    db.Row("INSERT INTO TASK VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
           {ctx.HostStart(t), ctx.HostEnd(t), t.device_id, connection, global, pid, strings.IdNew(type), kNone32,
            t.stream_id, static_cast<int64_t>(t.task_id), vendor::ExportedModelId(t.model_id)});
    if (t.op == nullptr || !t.op->compute) continue;
    const OpInfo& op = *t.op;
    db.Row("INSERT INTO COMPUTE_TASK_INFO VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
           {strings.IdNew(op.name), global, t.block_dim, 0, strings.IdNew(op.task_type), strings.IdNew(op.type),
            strings.IdNew(op.input_formats), strings.IdNew(op.input_data_types), strings.IdNew(op.input_shapes),
            strings.IdNew(op.output_formats), strings.IdNew(op.output_data_types), strings.IdNew(op.output_shapes),
            strings.IdNew("N/A"), strings.IdNew("static"), strings.IdNew("N/A")});
  }
}

void WriteHostRecords(const Context& ctx, Db& db, Strings& strings) {
  const SessionData& d = ctx.data;
  const int64_t pid_bits = static_cast<int64_t>(d.pid) << 32;
  for (size_t i = 0; i < d.apis.size(); ++i) {
    const ApiRecord& a = d.apis[i];
    db.Row("INSERT INTO CANN_API VALUES (?, ?, ?, ?, ?, ?)",
           {ctx.Epoch(a.start_ns), ctx.Epoch(a.end_ns), ApiType(a.level), pid_bits | a.tid, static_cast<int64_t>(i),
            strings.IdNew(a.name)});
  }
  for (const TxRecord& r : d.tx) {
    const int64_t global_tid = pid_bits | r.tid;
    const int64_t connection =
        HasDeviceMarker(r) || r.mstx ? static_cast<int64_t>(r.mark_id) + kMstxConnectionBase : kStampConnection;
    const int64_t domain = strings.IdNew(r.mstx ? r.domain_name : std::to_string(r.domain));
    db.Row("INSERT INTO MSTX_EVENTS VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
           {ctx.Epoch(r.start_ns), ctx.Epoch(r.end_ns), r.event_type, kNone32, r.mstx ? kNone32 : r.category,
            strings.IdNew(r.message), global_tid, global_tid, domain, connection});
  }
}

}  // namespace

Status WriteSessionDb(const SessionData& data, const std::string& path) {
  const Context ctx(data);
  Db db(path);
  db.Exec("PRAGMA journal_mode = OFF");
  db.Exec("PRAGMA synchronous = OFF");
  for (const char* sql : kSchema) db.Exec(sql);
  db.Exec("BEGIN");
  WriteEnums(db);
  db.Row("INSERT INTO SESSION_TIME_INFO VALUES (?, ?)", {ctx.Epoch(data.host_start_ns), ctx.Epoch(data.host_end_ns)});
  for (const DeviceDescription& dd : data.devices) {
    db.IdRow("INSERT INTO NPU_INFO VALUES (?, ?)", dd.device_id, dd.soc_name);
  }
  const std::string host = data.hostname.empty() ? "NA" : data.hostname;  // the collecting host
  db.TextRow("INSERT INTO HOST_INFO VALUES (?, ?)", {std::to_string(std::hash<std::string>{}(host)), host});
  Strings strings;
  WriteTasks(ctx, db, strings);
  WriteHostRecords(ctx, db, strings);
  for (size_t i = 0; i < strings.order().size(); ++i) {
    db.IdRow("INSERT INTO STRING_IDS VALUES (?, ?)", static_cast<int64_t>(i), strings.order()[i]);
  }
  db.Exec("COMMIT");
  return db.status();
}

}  // namespace aclsim::prof
