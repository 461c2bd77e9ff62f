#include "runtime/prof/raw_data.h"

#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>

#include "runtime/prof/crc32c.h"
#include "runtime/prof/session_writer.h"

namespace aclsim::prof {
namespace {

constexpr char kMagic[8] = {'A', 'C', 'L', 'S', 'R', 'A', 'W', '\0'};
constexpr size_t kHeaderSize = 40;  // magic, version, kind, count, payload size, crc, reserved
constexpr uint32_t kNoOp = 0xFFFFFFFFu;

// Smallest encoded size of one record of each kind: bounds the record count
// a payload can hold before anything is allocated.
size_t MinRecordSize(RawKind kind) {
  switch (kind) {
    case RawKind::kMeta: return 4 + 8 + 4 + 8 * 3 + 4 + 8 * 3 + 4 + 4;
    case RawKind::kOps: return 9 * 4 + 1;
    case RawKind::kApi: return 4 + 4 + 8 + 8 + 4 + 1 + 4 + 8;
    case RawKind::kTx: return 4 * 4 + 4 + 8 + 8 + 8 + 4 + 4 + 8 + 1 + 4 + 8 + 4 + 1 + 4 + 8 + 8;
    case RawKind::kTasks: return 8 + 4 + 4 + 8 + 4 + 4 + 1 + 8 + 4 + 4 + 4 + 8 * 3 + 8 * 2;
  }
  return 1;
}

const char* KindName(RawKind kind) {
  switch (kind) {
    case RawKind::kMeta: return "meta";
    case RawKind::kOps: return "ops";
    case RawKind::kApi: return "api";
    case RawKind::kTx: return "tx";
    case RawKind::kTasks: return "task";
  }
  return "?";
}

// ------------------------------------------------------------------ writing

class Out {
 public:
  void U8(uint8_t v) { bytes_.push_back(static_cast<char>(v)); }
  void U32(uint32_t v) { Le(v, 4); }
  void I32(int32_t v) { Le(static_cast<uint32_t>(v), 4); }
  void U64(uint64_t v) { Le(v, 8); }
  void I64(int64_t v) { Le(static_cast<uint64_t>(v), 8); }
  void Str(std::string_view s) {
    U32(static_cast<uint32_t>(s.size()));
    bytes_.append(s.data(), s.size());
  }
  std::string& bytes() { return bytes_; }

 private:
  void Le(uint64_t v, int n) {
    for (int i = 0; i < n; ++i) bytes_.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  }
  std::string bytes_;
};

std::string Header(RawKind kind, uint64_t count, uint64_t payload_size, uint32_t crc) {
  Out h;
  h.bytes().append(kMagic, sizeof(kMagic));
  h.U32(kRawFormatVersion);
  h.U32(static_cast<uint32_t>(kind));
  h.U64(count);
  h.U64(payload_size);
  h.U32(crc);
  h.U32(0);
  return std::move(h.bytes());
}

// One raw file written as its records come: the payload goes out in chunks
// (so a large one is never held whole), and the header, written first as a
// placeholder, is rewritten at Close with the count, size and checksum.
class FileWriter {
 public:
  FileWriter(std::string path, RawKind kind) : path_(std::move(path)), kind_(kind) {
    out_.open(path_, std::ios::binary | std::ios::trunc);
    const std::string placeholder = Header(kind_, 0, 0, 0);
    out_.write(placeholder.data(), static_cast<std::streamsize>(placeholder.size()));
  }
  // |chunk| holds |records| whole records; it is emptied.
  void Append(Out& chunk, uint64_t records) {
    std::string& b = chunk.bytes();
    crc_ = Crc32cUpdate(crc_, b.data(), b.size());
    size_ += b.size();
    count_ += records;
    out_.write(b.data(), static_cast<std::streamsize>(b.size()));
    b.clear();
  }
  Status Close() {
    const std::string header = Header(kind_, count_, size_, ~crc_);
    out_.seekp(0);
    out_.write(header.data(), static_cast<std::streamsize>(header.size()));
    out_.close();
    if (!out_) return Status(Detail::kFileWrite, "cannot write " + path_ + ": " + std::strerror(errno));
    return OkStatus();
  }

 private:
  std::string path_;
  RawKind kind_;
  std::ofstream out_;
  uint32_t crc_ = 0xFFFFFFFFu;
  uint64_t size_ = 0;
  uint64_t count_ = 0;
};

constexpr size_t kChunkBytes = 1 << 20;

// |records| records already in |payload|, as one file.
Status WriteFile(const std::string& path, RawKind kind, uint64_t records, Out& payload) {
  FileWriter f(path, kind);
  f.Append(payload, records);
  return f.Close();
}

void PutOp(Out& o, const OpInfo& op) {
  for (const std::string* s : {&op.name, &op.type, &op.task_type, &op.input_shapes, &op.input_data_types,
                               &op.input_formats, &op.output_shapes, &op.output_data_types, &op.output_formats}) {
    o.Str(*s);
  }
  o.U8(op.compute ? 1 : 0);
}

void PutApi(Out& o, const ApiRecord& a) {
  o.Str(a.level);
  o.Str(a.name);
  o.I64(a.start_ns);
  o.I64(a.end_ns);
  o.U32(a.tid);
  o.U8(a.launched ? 1 : 0);
  o.U32(a.device_id);
  o.U64(a.first_task_id);
}

void PutTx(Out& o, const TxRecord& r) {
  o.U32(r.pid);
  o.U32(r.tid);
  o.U32(r.category);
  o.U32(r.event_type);
  o.I32(r.payload_type);
  o.U64(r.payload_value);
  o.I64(r.start_ns);
  o.I64(r.end_ns);
  o.I32(r.message_type);
  o.Str(r.message);
  o.U64(r.domain);
  o.U8(r.mstx ? 1 : 0);
  o.Str(r.domain_name);
  o.U64(r.mark_id);
  o.U32(r.device_tag);
  o.U8(r.has_device ? 1 : 0);
  o.U32(r.device_id);
  o.I64(r.device_ns);
  o.I64(r.device_end_ns);
}

void PutTask(Out& o, uint64_t seq, const TaskRecord& t, uint32_t op_index) {
  o.U64(seq);
  o.U32(t.device_id);
  o.U32(t.stream_id);
  o.U64(t.task_id);
  o.U32(t.model_id);
  o.U32(op_index);
  o.U8(t.is_marker ? 1 : 0);
  o.U64(t.marker_id);
  o.U32(t.marker_tag);
  o.U32(t.block_dim);
  o.U32(t.host_tid);
  o.I64(t.start_ns);
  o.I64(t.end_ns);
  o.I64(t.exec_ns);
  o.U64(t.flops);
  o.U64(t.bytes);
}

std::string HostData(const std::string& job) { return job + "/host/data/"; }
std::string DeviceData(const std::string& job, uint32_t id) { return job + "/device_" + std::to_string(id) + "/data/"; }
std::string TaskFile(const std::string& job, uint32_t id) {
  return DeviceData(job, id) + "aclsim.task.raw." + std::to_string(id);
}

// ------------------------------------------------------------------ reading

class In {
 public:
  In(std::string_view bytes, std::string_view name) : p_(bytes), name_(name) {}
  bool U8(uint8_t* v) { return Le(v, 1); }
  bool Bool(bool* v) {
    uint8_t b = 0;
    if (!U8(&b) || b > 1) return Fail("a flag is neither 0 nor 1");
    *v = b == 1;
    return true;
  }
  bool U32(uint32_t* v) { return Le(v, 4); }
  bool I32(int32_t* v) {
    uint32_t u = 0;
    if (!Le(&u, 4)) return false;
    *v = static_cast<int32_t>(u);
    return true;
  }
  bool U64(uint64_t* v) { return Le(v, 8); }
  bool I64(int64_t* v) {
    uint64_t u = 0;
    if (!Le(&u, 8)) return false;
    *v = static_cast<int64_t>(u);
    return true;
  }
  bool Str(std::string* s) {
    uint32_t n = 0;
    if (!U32(&n)) return false;
    if (n > p_.size()) return Fail("a string runs past the end of the payload");
    s->assign(p_.data(), n);
    p_.remove_prefix(n);
    return true;
  }
  bool Fail(const std::string& what) {
    if (error_.empty()) error_ = what;
    return false;
  }
  size_t left() const { return p_.size(); }
  Status status() const {
    return Status(StatusCode::kDataLoss, std::string(name_) + ": " + (error_.empty() ? "truncated record" : error_));
  }

 private:
  template <typename T>
  bool Le(T* v, int n) {
    if (p_.size() < static_cast<size_t>(n)) return Fail("truncated record");
    uint64_t x = 0;
    for (int i = 0; i < n; ++i) x |= static_cast<uint64_t>(static_cast<uint8_t>(p_[i])) << (8 * i);
    *v = static_cast<T>(x);
    p_.remove_prefix(static_cast<size_t>(n));
    return true;
  }
  std::string_view p_;
  std::string_view name_;
  std::string error_;
};

Status Damaged(std::string_view name, const std::string& what) {
  return Status(StatusCode::kDataLoss, std::string(name) + ": " + what);
}

bool GetOp(In& in, OpInfo* op) {
  for (std::string* s : {&op->name, &op->type, &op->task_type, &op->input_shapes, &op->input_data_types,
                         &op->input_formats, &op->output_shapes, &op->output_data_types, &op->output_formats}) {
    if (!in.Str(s)) return false;
  }
  return in.Bool(&op->compute);
}

bool GetApi(In& in, ApiRecord* a) {
  return in.Str(&a->level) && in.Str(&a->name) && in.I64(&a->start_ns) && in.I64(&a->end_ns) && in.U32(&a->tid) &&
         in.Bool(&a->launched) && in.U32(&a->device_id) && in.U64(&a->first_task_id);
}

bool GetTx(In& in, TxRecord* r) {
  return in.U32(&r->pid) && in.U32(&r->tid) && in.U32(&r->category) && in.U32(&r->event_type) &&
         in.I32(&r->payload_type) && in.U64(&r->payload_value) && in.I64(&r->start_ns) && in.I64(&r->end_ns) &&
         in.I32(&r->message_type) && in.Str(&r->message) && in.U64(&r->domain) && in.Bool(&r->mstx) &&
         in.Str(&r->domain_name) && in.U64(&r->mark_id) && in.U32(&r->device_tag) && in.Bool(&r->has_device) &&
         in.U32(&r->device_id) && in.I64(&r->device_ns) && in.I64(&r->device_end_ns);
}

// The tasks of one file, with their places in the session's task order.
bool GetTask(In& in, const RawSession& s, uint64_t* seq, TaskRecord* t) {
  uint32_t op_index = 0;
  if (!(in.U64(seq) && in.U32(&t->device_id) && in.U32(&t->stream_id) && in.U64(&t->task_id) && in.U32(&t->model_id) &&
        in.U32(&op_index) && in.Bool(&t->is_marker) && in.U64(&t->marker_id) && in.U32(&t->marker_tag) &&
        in.U32(&t->block_dim) && in.U32(&t->host_tid) && in.I64(&t->start_ns) && in.I64(&t->end_ns) &&
        in.I64(&t->exec_ns) && in.U64(&t->flops) && in.U64(&t->bytes))) {
    return false;
  }
  if (op_index != kNoOp && op_index >= s.ops.size()) return in.Fail("a task refers to an op that does not exist");
  t->op = op_index == kNoOp ? nullptr : &s.ops[op_index];
  return true;
}

bool GetMeta(In& in, uint32_t version, RawSession* s, uint64_t counts[3]) {
  SessionData& d = s->data;
  uint32_t devices = 0, syncs = 0;
  if (!(in.U32(&d.pid) && in.U64(&d.data_type_config) && in.I32(&d.aicore_metrics) && in.I64(&d.host_start_ns) &&
        in.I64(&d.host_end_ns) && in.I64(&d.epoch_offset_ns) && in.Str(&s->timestamp) && in.U64(&counts[0]) &&
        in.U64(&counts[1]) && in.U64(&counts[2]) && in.U32(&devices))) {
    return false;
  }
  if (devices > in.left() / 16) return in.Fail("more devices than the payload holds");
  d.devices.resize(devices);
  for (DeviceDescription& dd : d.devices) {
    if (!(in.U32(&dd.device_id) && in.Str(&dd.soc_name) && in.U32(&dd.ai_core_count) &&
          in.U32(&dd.vector_core_count))) {
      return false;
    }
  }
  if (!in.U32(&syncs)) return false;
  if (syncs > in.left() / 20) return in.Fail("more clock pairs than the payload holds");
  d.clock_sync.resize(syncs);
  for (ClockSync& cs : d.clock_sync) {
    if (!(in.U32(&cs.device_id) && in.I64(&cs.host_start_ns) && in.I64(&cs.device_start_ns))) return false;
  }
  return version < 2 || (in.Str(&d.pid_name) && in.Str(&d.hostname));  // version 2 added them
}

StatusOr<std::string> ReadWhole(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return Status(Detail::kFileUnusable, "cannot open " + path + ": " + std::strerror(errno));
  std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (f.bad()) return Status(Detail::kFileRead, "cannot read " + path);
  return bytes;
}

// Per-session state of ParseRawFile that spans files: the expected counts
// (from meta) and the tasks. With |placed|, each task goes straight to its
// order number in data.tasks (sized beforehand), so the tasks are held
// once; otherwise they are appended with their numbers in |appended|.
struct Pending {
  uint64_t counts[3] = {0, 0, 0};  // tasks, apis, tx
  bool placed = false;
  std::vector<bool> filled;  // with |placed|: which order numbers have a task
  uint64_t filled_count = 0;
  std::vector<std::pair<uint64_t, TaskRecord>> appended;
};

Status ParseInto(std::string_view bytes, RawKind kind, std::string_view name, RawSession* s, Pending* pending) {
  if (bytes.size() < kHeaderSize) return Damaged(name, "shorter than the raw-data header (truncated)");
  if (std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0) return Damaged(name, "not an aclsim raw-data file");
  In h(bytes.substr(8, kHeaderSize - 8), name);
  uint32_t version = 0, file_kind = 0, crc = 0, reserved = 0;
  uint64_t count = 0, size = 0;
  (void)(h.U32(&version) && h.U32(&file_kind) && h.U64(&count) && h.U64(&size) && h.U32(&crc) && h.U32(&reserved));
  if (version < kRawFormatOldestVersion || version > kRawFormatVersion) {
    return Damaged(name, "raw-data format version " + std::to_string(version) + " (this aclsim reads versions " +
                             std::to_string(kRawFormatOldestVersion) + " to " + std::to_string(kRawFormatVersion) +
                             ")");
  }
  if (file_kind != static_cast<uint32_t>(kind)) {
    return Damaged(name, "holds kind " + std::to_string(file_kind) + ", not the " + KindName(kind) + " records");
  }
  const std::string_view payload = bytes.substr(kHeaderSize);
  if (size != payload.size()) {
    return Damaged(name, "payload is " + std::to_string(payload.size()) + " bytes, the header says " +
                             std::to_string(size) + (payload.size() < size ? " (truncated)" : ""));
  }
  if (Crc32c(payload.data(), payload.size()) != crc) return Damaged(name, "payload checksum mismatch (corrupt)");
  if (count > payload.size() / MinRecordSize(kind)) return Damaged(name, "more records than the payload holds");
  if (kind == RawKind::kMeta && count != 1) return Damaged(name, "meta holds " + std::to_string(count) + " records");

  In in(payload, name);
  bool ok = true;
  for (uint64_t i = 0; ok && i < count; ++i) {
    switch (kind) {
      case RawKind::kMeta: ok = GetMeta(in, version, s, pending->counts); break;
      case RawKind::kOps: ok = GetOp(in, &s->ops.emplace_back()); break;
      case RawKind::kApi: ok = GetApi(in, &s->data.apis.emplace_back()); break;
      case RawKind::kTx: ok = GetTx(in, &s->data.tx.emplace_back()); break;
      case RawKind::kTasks: {
        uint64_t seq = 0;
        TaskRecord task;
        ok = GetTask(in, *s, &seq, &task);
        if (!ok) break;
        if (!pending->placed) {
          pending->appended.emplace_back(seq, task);
        } else if (seq >= s->data.tasks.size() || pending->filled[seq]) {
          ok = in.Fail("task order number " + std::to_string(seq) + " is out of range or repeated");
        } else {
          s->data.tasks[seq] = task;
          pending->filled[seq] = true;
          ++pending->filled_count;
        }
        break;
      }
    }
  }
  if (!ok) return in.status();
  if (in.left() != 0) return Damaged(name, std::to_string(in.left()) + " bytes after the last record");
  return OkStatus();
}

// Every task was placed: the task files held exactly the meta's count.
Status CheckComplete(const Pending& pending, const RawSession& s) {
  if (pending.filled_count != pending.counts[0]) {
    return Damaged("task files", std::to_string(pending.filled_count) + " tasks, the meta file says " +
                                     std::to_string(pending.counts[0]) + " (a device's task file is missing?)");
  }
  if (s.data.apis.size() != pending.counts[1] || s.data.tx.size() != pending.counts[2]) {
    return Damaged("host/data", "the api or tx record counts differ from the meta file's");
  }
  return OkStatus();
}

std::vector<uint32_t> TaskFileDevices(const std::string& job) {
  std::vector<uint32_t> ids;
  if (DIR* d = opendir(job.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.rfind("device_", 0) != 0 || name.size() == 7 || name.size() > 16) continue;
      if (name.find_first_not_of("0123456789", 7) != std::string::npos) continue;
      const uint32_t id = static_cast<uint32_t>(std::stoul(name.substr(7)));
      std::ifstream probe(TaskFile(job, id));
      if (probe) ids.push_back(id);
    }
    closedir(d);
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace

Status WriteRawData(const SessionData& data, const std::string& timestamp, const std::string& job_dir) {
  ACLSIM_RETURN_IF_ERROR(MakeDirectories(HostData(job_dir)));
  // The op descriptions, numbered in first-use order.
  std::unordered_map<const OpInfo*, uint32_t> op_index;
  Out ops;
  for (const TaskRecord& t : data.tasks) {
    if (t.op != nullptr && op_index.emplace(t.op, static_cast<uint32_t>(op_index.size())).second) PutOp(ops, *t.op);
  }
  Out meta;
  meta.U32(data.pid);
  meta.U64(data.data_type_config);
  meta.I32(data.aicore_metrics);
  meta.I64(data.host_start_ns);
  meta.I64(data.host_end_ns);
  meta.I64(data.epoch_offset_ns);
  meta.Str(timestamp);
  meta.U64(data.tasks.size());
  meta.U64(data.apis.size());
  meta.U64(data.tx.size());
  meta.U32(static_cast<uint32_t>(data.devices.size()));
  for (const DeviceDescription& d : data.devices) {
    meta.U32(d.device_id);
    meta.Str(d.soc_name);
    meta.U32(d.ai_core_count);
    meta.U32(d.vector_core_count);
  }
  meta.U32(static_cast<uint32_t>(data.clock_sync.size()));
  for (const ClockSync& cs : data.clock_sync) {
    meta.U32(cs.device_id);
    meta.I64(cs.host_start_ns);
    meta.I64(cs.device_start_ns);
  }
  meta.Str(data.pid_name);
  meta.Str(data.hostname);
  Out api, tx;
  for (const ApiRecord& a : data.apis) PutApi(api, a);
  for (const TxRecord& r : data.tx) PutTx(tx, r);
  const std::string host = HostData(job_dir);
  ACLSIM_RETURN_IF_ERROR(WriteFile(host + "aclsim.meta.raw", RawKind::kMeta, 1, meta));
  ACLSIM_RETURN_IF_ERROR(WriteFile(host + "aclsim.ops.raw", RawKind::kOps, op_index.size(), ops));
  ACLSIM_RETURN_IF_ERROR(WriteFile(host + "aclsim.api.raw", RawKind::kApi, data.apis.size(), api));
  ACLSIM_RETURN_IF_ERROR(WriteFile(host + "aclsim.tx.raw", RawKind::kTx, data.tx.size(), tx));

  // Each device's tasks, streamed in chunks, one device at a time.
  std::set<uint32_t> devices;
  for (const TaskRecord& t : data.tasks) devices.insert(t.device_id);
  for (uint32_t device : devices) {
    ACLSIM_RETURN_IF_ERROR(MakeDirectories(DeviceData(job_dir, device)));
    FileWriter f(TaskFile(job_dir, device), RawKind::kTasks);
    Out chunk;
    uint64_t in_chunk = 0;
    for (size_t i = 0; i < data.tasks.size(); ++i) {
      const TaskRecord& t = data.tasks[i];
      if (t.device_id != device) continue;
      PutTask(chunk, i, t, t.op == nullptr ? kNoOp : op_index.at(t.op));
      if (++in_chunk, chunk.bytes().size() >= kChunkBytes) {
        f.Append(chunk, in_chunk);
        in_chunk = 0;
      }
    }
    f.Append(chunk, in_chunk);
    ACLSIM_RETURN_IF_ERROR(f.Close());
  }
  return OkStatus();
}

Status ParseRawFile(std::string_view bytes, RawKind kind, std::string_view name, RawSession* session) {
  Pending pending;
  ACLSIM_RETURN_IF_ERROR(ParseInto(bytes, kind, name, session, &pending));
  for (auto& [seq, task] : pending.appended) session->data.tasks.push_back(task);
  return OkStatus();
}

StatusOr<RawSession> ReadRawData(const std::string& job_dir) {
  const std::string host = HostData(job_dir);
  if (!std::ifstream(host + "aclsim.meta.raw")) {
    return Status(Detail::kFileUnusable, "no aclsim raw data under " + job_dir +
                                             " (host/data/aclsim.meta.raw is missing: not a PROF_* job of aclsim?)");
  }
  RawSession s;
  Pending pending;
  const std::pair<const char*, RawKind> host_files[] = {{"aclsim.meta.raw", RawKind::kMeta},
                                                        {"aclsim.ops.raw", RawKind::kOps},
                                                        {"aclsim.api.raw", RawKind::kApi},
                                                        {"aclsim.tx.raw", RawKind::kTx}};
  for (const auto& [file, kind] : host_files) {
    const std::string path = host + file;
    ACLSIM_ASSIGN_OR_RETURN(std::string bytes, ReadWhole(path));
    ACLSIM_RETURN_IF_ERROR(ParseInto(bytes, kind, path, &s, &pending));
  }
  // The tasks go to their places in one vector, sized from the meta's count
  // once the task files are known to be able to hold that many.
  const std::vector<uint32_t> devices = TaskFileDevices(job_dir);
  uint64_t capacity = 0;
  for (uint32_t device : devices) {
    std::error_code ec;
    const uint64_t size = std::filesystem::file_size(TaskFile(job_dir, device), ec);
    if (!ec) capacity += size / MinRecordSize(RawKind::kTasks);
  }
  if (pending.counts[0] > capacity) {
    return Damaged("task files", "the meta file says " + std::to_string(pending.counts[0]) +
                                     " tasks, more than the task files can hold (a device's task file is missing?)");
  }
  pending.placed = true;
  s.data.tasks.resize(pending.counts[0]);
  pending.filled.assign(pending.counts[0], false);
  for (uint32_t device : devices) {
    const std::string path = TaskFile(job_dir, device);
    ACLSIM_ASSIGN_OR_RETURN(std::string bytes, ReadWhole(path));
    ACLSIM_RETURN_IF_ERROR(ParseInto(bytes, RawKind::kTasks, path, &s, &pending));
  }
  ACLSIM_RETURN_IF_ERROR(CheckComplete(pending, s));
  return s;
}

}  // namespace aclsim::prof
