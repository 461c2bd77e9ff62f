// Event framing of the trace JSON (export_format.h): the parts of an event
// that every event kind shares, so their bytes are spelled once.
#include "runtime/prof/export_format.h"

#include <string>

namespace aclsim::prof::export_internal {

void TraceEvents::Finish() { f_.Put(first_event_ ? "[]\n" : "\n]\n"); }

void TraceEvents::Head(std::string_view name, uint64_t pid, uint64_t tid) {
  f_.Put(first_event_ ? "[\n{" : ",\n{");
  first_event_ = false;
  f_.Put("\"name\":");
  f_.JsonString(name);
  f_.Put(",\"pid\":");
  f_.U64(pid);
  f_.Put(",\"tid\":");
  f_.U64(tid);
}

void TraceEvents::MetaName(std::string_view kind, uint64_t pid, uint64_t tid, std::string_view value) {
  Head(kind, pid, tid);
  f_.Put(",\"ph\":\"M\",\"args\":{\"name\":");
  f_.JsonString(value);
  f_.Put("}}");
}

void TraceEvents::MetaLabels(uint64_t pid, std::string_view labels) {
  Head("process_labels", pid, 0);
  f_.Put(",\"ph\":\"M\",\"args\":{\"labels\":");
  f_.JsonString(labels);
  f_.Put("}}");
}

void TraceEvents::MetaSort(std::string_view kind, uint64_t pid, uint64_t tid, uint64_t index) {
  Head(kind, pid, tid);
  f_.Put(",\"ph\":\"M\",\"args\":{\"sort_index\":");
  f_.U64(index);
  f_.Put("}}");
}

void TraceEvents::Process(uint64_t pid, std::string_view name, std::string_view labels, uint32_t sort_index) {
  MetaName("process_name", pid, 0, name);
  MetaLabels(pid, labels);
  MetaSort("process_sort_index", pid, 0, sort_index);
}

void TraceEvents::Thread(uint64_t pid, uint64_t tid, std::string_view name) {
  MetaName("thread_name", pid, tid, name);
  MetaSort("thread_sort_index", pid, tid, tid);
}

void TraceEvents::Complete(std::string_view name, uint64_t pid, uint64_t tid, int64_t start_ns, int64_t dur_ns,
                           std::string_view cat) {
  Head(name, pid, tid);
  f_.Put(",\"ts\":\"");
  f_.Us3(start_ns);
  f_.Put("\",\"dur\":");
  f_.Us3(dur_ns);
  f_.Put(",\"ph\":\"X\"");
  if (!cat.empty()) {
    f_.Put(",\"cat\":");
    f_.JsonString(cat);
  }
  f_.Put(",\"args\":{");
  first_arg_ = true;
}

void TraceEvents::Flow(std::string_view cat, uint64_t id, bool start, uint64_t pid, uint64_t tid, int64_t ts_ns) {
  std::string name(cat);
  if (cat == "MsTx") name.push_back('_');
  name.append(std::to_string(id));
  Head(name, pid, tid);
  f_.Put(start ? ",\"ph\":\"s\",\"cat\":" : ",\"ph\":\"f\",\"cat\":");
  f_.JsonString(cat);
  f_.Put(",\"id\":\"");
  f_.U64(id);
  f_.Put("\",\"ts\":\"");
  f_.Us3(ts_ns);
  f_.Put(start ? "\"}" : "\",\"bp\":\"e\"}");
}

}  // namespace aclsim::prof::export_internal
