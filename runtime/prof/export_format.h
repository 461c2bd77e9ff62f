// Row and event writers of the msprof exporter, on top of OutFile
// (export_internal.h): CsvRow puts the separators and quoting of one CSV row
// in one place, TraceEvents the framing of Chrome Trace Event objects (event
// separators, metadata and flow events, the "args" object). Both append
// straight into OutFile's buffer, so a cell or an argument costs no
// allocation. Not a public interface: only export*.cc include it.
#ifndef ACLSIM_RUNTIME_PROF_EXPORT_FORMAT_H_
#define ACLSIM_RUNTIME_PROF_EXPORT_FORMAT_H_

#include <cstdint>
#include <string_view>

#include "runtime/prof/export_internal.h"

namespace aclsim::prof::export_internal {

// One CSV row: cells separated by ',', ended by End() with '\n'. Text cells
// are quoted when needed (OutFile::CsvCell); Raw cells are written as given
// and must not need quoting.
class CsvRow {
 public:
  explicit CsvRow(OutFile& f) : f_(f) {}

  CsvRow& Text(std::string_view s) {
    Sep();
    f_.CsvCell(s);
    return *this;
  }
  CsvRow& Raw(std::string_view s) {
    Sep();
    f_.Put(s);
    return *this;
  }
  CsvRow& Na() { return Raw("N/A"); }
  CsvRow& U64(uint64_t v) {
    Sep();
    f_.U64(v);
    return *this;
  }
  CsvRow& I64(int64_t v) {
    Sep();
    f_.I64(v);
    return *this;
  }
  CsvRow& Us3(int64_t ns) {
    Sep();
    f_.Us3(ns);
    return *this;
  }
  // msprof appends a TAB to start/stop timestamps in its CSVs (op_summary
  // "Task Start Time(us)", task_time "task_start(us)"/"task_stop(us)") so
  // spreadsheets keep them as text; we do the same.
  CsvRow& Us3Tab(int64_t ns) {
    Us3(ns);
    f_.Put('\t');
    return *this;
  }
  CsvRow& Fixed(double v, int decimals) {
    Sep();
    f_.Fixed(v, decimals);
    return *this;
  }
  // Ends the row; the next cell starts a new one.
  void End() {
    f_.Put('\n');
    first_ = true;
  }

 private:
  void Sep() {
    if (!first_) f_.Put(',');
    first_ = false;
  }

  OutFile& f_;
  bool first_ = true;
};

// A JSON array of trace events, one per line. Complete() opens an "X" event
// whose "args" the caller fills with the Arg* calls and closes with EndArgs().
class TraceEvents {
 public:
  explicit TraceEvents(OutFile& f) : f_(f) {}

  // Closes the array ("[]" when no event was written).
  void Finish();

  // Process metadata: name, labels and sort index.
  void Process(uint64_t pid, std::string_view name, std::string_view labels, uint32_t sort_index);
  // Thread metadata: name, and the tid as its sort index.
  void Thread(uint64_t pid, uint64_t tid, std::string_view name);
  // An "X" event; a non-empty |cat| is written after "ph", as msprof does.
  void Complete(std::string_view name, uint64_t pid, uint64_t tid, int64_t start_ns, int64_t dur_ns,
                std::string_view cat = {});
  // A flow start ("s") or end ("f") event, named <cat><id> ("MsTx_<id>" for MsTx).
  void Flow(std::string_view cat, uint64_t id, bool start, uint64_t pid, uint64_t tid, int64_t ts_ns);

  // Arguments of the open Complete() event, in the order written.
  TraceEvents& ArgU64(std::string_view key, uint64_t v) {
    Key(key);
    f_.U64(v);
    return *this;
  }
  TraceEvents& ArgI64(std::string_view key, int64_t v) {
    Key(key);
    f_.I64(v);
    return *this;
  }
  TraceEvents& ArgUs3(std::string_view key, int64_t ns) {
    Key(key);
    f_.Us3(ns);
    return *this;
  }
  TraceEvents& ArgString(std::string_view key, std::string_view s) {
    Key(key);
    f_.JsonString(s);
    return *this;
  }
  // A value already in JSON form (a constant such as 0 or "N/A").
  TraceEvents& ArgRaw(std::string_view key, std::string_view json) {
    Key(key);
    f_.Put(json);
    return *this;
  }
  // A number written as a JSON string, as msprof writes some fields.
  TraceEvents& ArgQuotedU64(std::string_view key, uint64_t v) {
    Key(key);
    f_.Put('"');
    f_.U64(v);
    f_.Put('"');
    return *this;
  }
  TraceEvents& ArgQuotedUs3(std::string_view key, int64_t ns) {
    Key(key);
    f_.Put('"');
    f_.Us3(ns);
    f_.Put('"');
    return *this;
  }
  // Closes the "args" object and the event.
  void EndArgs() { f_.Put("}}"); }

 private:
  // {"name":..,"pid":..,"tid":..   (the caller continues the object)
  void Head(std::string_view name, uint64_t pid, uint64_t tid);
  void MetaName(std::string_view kind, uint64_t pid, uint64_t tid, std::string_view value);
  void MetaLabels(uint64_t pid, std::string_view labels);
  void MetaSort(std::string_view kind, uint64_t pid, uint64_t tid, uint64_t index);
  // Keys are fixed names that need no escaping.
  void Key(std::string_view key) {
    if (!first_arg_) f_.Put(',');
    first_arg_ = false;
    f_.Put('"');
    f_.Put(key);
    f_.Put("\":");
  }

  OutFile& f_;
  bool first_event_ = true;
  bool first_arg_ = true;
};

}  // namespace aclsim::prof::export_internal

#endif  // ACLSIM_RUNTIME_PROF_EXPORT_FORMAT_H_
