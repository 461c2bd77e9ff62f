#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <utility>

#include "runtime/prof/export_internal.h"

namespace aclsim::prof::export_internal {

OutFile::~OutFile() {
  if (fd_ >= 0) ::close(fd_);
}

Status OutFile::Open(const std::string& path) {
  path_ = path;
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) return Status(Detail::kFileWrite, "cannot create " + path + ": " + std::strerror(errno));
  buf_.resize(kBufferBytes);
  pos_ = 0;
  failed_ = false;
  return OkStatus();
}

void OutFile::Flush() {
  size_t done = 0;
  while (!failed_ && done < pos_) {
    ssize_t n = ::write(fd_, buf_.data() + done, pos_ - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      failed_ = true;
      break;
    }
    done += static_cast<size_t>(n);
  }
  pos_ = 0;
}

Status OutFile::Close() {
  if (fd_ < 0) return Status(Detail::kFileWrite, "not open: " + path_);
  Flush();
  const int rc = ::close(fd_);
  fd_ = -1;
  if (failed_ || rc != 0) return Status(Detail::kFileWrite, "write failed: " + path_);
  return OkStatus();
}

void OutFile::PutSlow(std::string_view s) {
  if (s.size() > kBufferBytes / 2) {
    Flush();
    size_t done = 0;
    while (!failed_ && done < s.size()) {
      ssize_t n = ::write(fd_, s.data() + done, s.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        failed_ = true;
        break;
      }
      done += static_cast<size_t>(n);
    }
    return;
  }
  Ensure(s.size());
  std::memcpy(buf_.data() + pos_, s.data(), s.size());
  pos_ += s.size();
}

void OutFile::U64(uint64_t v) {
  char tmp[20];
  int n = 0;
  do {
    tmp[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  Ensure(20);
  while (n > 0) buf_[pos_++] = tmp[--n];
}

void OutFile::I64(int64_t v) {
  if (v < 0) {
    Put('-');
    U64(0 - static_cast<uint64_t>(v));
  } else {
    U64(static_cast<uint64_t>(v));
  }
}

void OutFile::Us3(int64_t ns) {
  uint64_t mag = static_cast<uint64_t>(ns);
  if (ns < 0) {
    Put('-');
    mag = 0 - mag;
  }
  U64(mag / 1000);
  const unsigned frac = static_cast<unsigned>(mag % 1000);
  Ensure(4);
  buf_[pos_++] = '.';
  buf_[pos_++] = static_cast<char>('0' + frac / 100);
  buf_[pos_++] = static_cast<char>('0' + frac / 10 % 10);
  buf_[pos_++] = static_cast<char>('0' + frac % 10);
}

void OutFile::Fixed(double v, int decimals) {
  char tmp[64];
  if (!std::isfinite(v)) v = 0.0;
  int n = std::snprintf(tmp, sizeof(tmp), "%.*f", decimals, v);
  if (n > 0) {
    // "-0.000" reads as a bug in a table; print zero unsigned.
    if (tmp[0] == '-' && std::strspn(tmp + 1, "0.") == static_cast<size_t>(n - 1)) {
      Put(std::string_view(tmp + 1, static_cast<size_t>(n - 1)));
    } else {
      Put(std::string_view(tmp, static_cast<size_t>(n)));
    }
  }
}

void OutFile::CsvCell(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) {
    Put(s);
    return;
  }
  Put('"');
  for (char c : s) {
    if (c == '"') Put('"');
    Put(c);
  }
  Put('"');
}

void OutFile::JsonString(std::string_view s) {
  Put('"');
  size_t run = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    Put(s.substr(run, i - run));
    run = i + 1;
    switch (c) {
      case '"': Put("\\\""); break;
      case '\\': Put("\\\\"); break;
      case '\n': Put("\\n"); break;
      case '\r': Put("\\r"); break;
      case '\t': Put("\\t"); break;
      default: {
        char tmp[8];
        std::snprintf(tmp, sizeof(tmp), "\\u%04x", c);
        Put(tmp);
      }
    }
  }
  Put(s.substr(run));
  Put('"');
}

void OutFile::Xml(std::string_view s) {
  for (char c : s) {
    switch (c) {
      case '&': Put("&amp;"); break;
      case '<': Put("&lt;"); break;
      case '>': Put("&gt;"); break;
      case '"': Put("&quot;"); break;
      case '\n': Put("&#10;"); break;
      default:
        // XML 1.0 forbids most control characters even when escaped.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t') {
          Put(' ');
        } else {
          Put(c);
        }
    }
  }
}

Context::Context(const SessionData& d) : data(d) {
  for (const ClockSync& cs : d.clock_sync) {
    if (cs.device_id >= 4096) continue;  // device ids are small; ignore nonsense
    if (offset_ns.size() <= cs.device_id) offset_ns.resize(cs.device_id + 1, d.epoch_offset_ns);
    offset_ns[cs.device_id] = cs.host_start_ns - cs.device_start_ns + d.epoch_offset_ns;
  }
  l0_only = (d.data_type_config & 0x2) == 0 && (d.data_type_config & 0x800) != 0;

  const size_t n = d.tasks.size();
  std::vector<int64_t> start(n);
  sorted.resize(n);
  for (size_t i = 0; i < n; ++i) {
    sorted[i] = static_cast<uint32_t>(i);
    start[i] = HostStart(d.tasks[i]);
  }
  std::sort(sorted.begin(), sorted.end(), [&](uint32_t a, uint32_t b) {
    if (start[a] != start[b]) return start[a] < start[b];
    const TaskRecord& ta = d.tasks[a];
    const TaskRecord& tb = d.tasks[b];
    if (ta.device_id != tb.device_id) return ta.device_id < tb.device_id;
    if (ta.task_id != tb.task_id) return ta.task_id < tb.task_id;
    return a < b;
  });
}

std::vector<Iteration> PairIterations(const Context& ctx) {
  // (device, index id) -> iteration; INT64_MIN = not seen. The first START
  // and the first END of an index id count (aclprofGetStepTimestamp allows
  // one each).
  std::map<std::pair<uint32_t, uint64_t>, Iteration> by_id;
  bool any = false;
  for (uint32_t i : ctx.sorted) {
    const TaskRecord& t = ctx.data.tasks[i];
    if (!Context::IsStepMarker(t)) continue;
    any = true;
    auto it = by_id
                  .try_emplace({t.device_id, t.marker_id},
                               Iteration{t.device_id, t.marker_id, UINT32_MAX, INT64_MIN, INT64_MIN})
                  .first;
    int64_t& slot = t.marker_tag == 0 ? it->second.start_host_ns : it->second.end_host_ns;
    if (slot == INT64_MIN) {
      slot = ctx.HostStart(t);
      if (t.marker_tag == 0) it->second.model_id = t.model_id;
    }
  }
  std::vector<Iteration> out;
  if (!any) return out;
  for (const auto& [key, iter] : by_id) {
    if (iter.start_host_ns == INT64_MIN || iter.end_host_ns == INT64_MIN) continue;
    out.push_back(iter);
  }
  std::sort(out.begin(), out.end(), [](const Iteration& a, const Iteration& b) {
    if (a.device_id != b.device_id) return a.device_id < b.device_id;
    if (a.start_host_ns != b.start_host_ns) return a.start_host_ns < b.start_host_ns;
    return a.index_id < b.index_id;
  });
  return out;
}

}  // namespace aclsim::prof::export_internal
