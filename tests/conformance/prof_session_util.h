// Helpers for the collection-session conformance tests (acl_prof.h §2.0,
// §2.1, §2.3, §2.4, §7): a temporary output directory, the PROF_* job
// directory of the latest aclprofStart, the msprof-format files in its
// mindstudio_profiler_output/, and a small CSV reader. Public headers only.
#ifndef ACLSIM_TESTS_CONFORMANCE_PROF_SESSION_UTIL_H_
#define ACLSIM_TESTS_CONFORMANCE_PROF_SESSION_UTIL_H_

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "prof_test_util.h"

namespace aclsim_conformance {

// A fresh directory (mkdtemp) removed with everything in it on destruction.
class TempDir {
 public:
  TempDir() {
    char templ[] = "/tmp/aclsim_prof_session_XXXXXX";
    const char* made = ::mkdtemp(templ);
    if (made == nullptr) {
      ADD_FAILURE() << "mkdtemp failed";
      return;
    }
    path_ = made;
  }
  ~TempDir() {
    if (path_.empty()) return;
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  const char* c_str() const { return path_.c_str(); }
  // |path()| + "/" + |name|.
  std::string Sub(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

inline bool IsDirectory(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Names in |dir| (no "." / ".."), sorted; empty when |dir| cannot be read.
inline std::vector<std::string> ListDir(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (dirent* e = ::readdir(d)) {
      const std::string name = e->d_name;
      if (name != "." && name != "..") names.push_back(name);
    }
    ::closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// PROF_<NNNNNN>_<17-digit local time>_<8-digit pid><8 letters A..R> (§7.1).
inline const std::regex& ProfDirRegex() {
  static const std::regex kRe("PROF_([0-9]{6})_([0-9]{17})_([0-9]{8})([A-R]{8})");
  return kRe;
}

// The PROF_* directories directly under |base|, sorted.
inline std::vector<std::string> ProfDirsUnder(const std::string& base) {
  std::vector<std::string> out;
  for (const auto& name : ListDir(base)) {
    if (name.rfind("PROF_", 0) == 0) out.push_back(name);
  }
  return out;
}

// Absolute path of the latest aclprofStart's PROF_* directory ("" if none).
inline std::string LastProfDir() {
  char path[4096] = {};
  EXPECT_EQ(aclsimGetLastProfDirectory(path, sizeof(path)), ACL_SUCCESS) << RecentErrMsg();
  return path;
}

inline std::string OutputDir(const std::string& job_dir) { return job_dir + "/mindstudio_profiler_output"; }

// Files of |job_dir|'s mindstudio_profiler_output/ named
// <kind>_<14-digit timestamp>.<ext>, as full paths.
inline std::vector<std::string> OutputFiles(const std::string& job_dir, const std::string& kind,
                                            const std::string& ext) {
  const std::regex re(kind + "_[0-9]{14}\\." + ext);
  std::vector<std::string> out;
  for (const auto& name : ListDir(OutputDir(job_dir))) {
    if (std::regex_match(name, re)) out.push_back(OutputDir(job_dir) + "/" + name);
  }
  return out;
}

// The one output file of |kind|; fails the test (and returns "") otherwise.
inline std::string OneOutputFile(const std::string& job_dir, const std::string& kind, const std::string& ext) {
  auto files = OutputFiles(job_dir, kind, ext);
  EXPECT_EQ(files.size(), 1u) << kind << "_*." << ext << " in " << OutputDir(job_dir);
  return files.size() == 1 ? files[0] : std::string();
}

inline std::vector<std::string> ReadLines(const std::string& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// One CSV line split into cells (RFC 4180 quoting).
inline std::vector<std::string> SplitCsv(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        cells.back().push_back('"');
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cells.back().push_back(c);
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      cells.emplace_back();
    } else {
      cells.back().push_back(c);
    }
  }
  return cells;
}

// A CSV file as a header and rows of cells addressed by column name.
struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;

  int Column(const std::string& name) const {
    auto it = std::find(header.begin(), header.end(), name);
    return it == header.end() ? -1 : static_cast<int>(it - header.begin());
  }
  // Cell |name| of row |row|; "<missing>" when absent.
  std::string Cell(size_t row, const std::string& name) const {
    const int c = Column(name);
    if (c < 0 || row >= rows.size() || static_cast<size_t>(c) >= rows[row].size()) return "<missing>";
    return rows[row][static_cast<size_t>(c)];
  }
};

inline Csv ReadCsv(const std::string& path) {
  Csv csv;
  auto lines = ReadLines(path);
  if (lines.empty()) {
    ADD_FAILURE() << path << " is empty or missing";
    return csv;
  }
  csv.header = SplitCsv(lines[0]);
  for (size_t i = 1; i < lines.size(); ++i) {
    if (!lines[i].empty()) csv.rows.push_back(SplitCsv(lines[i]));
  }
  return csv;
}

}  // namespace aclsim_conformance

#endif  // ACLSIM_TESTS_CONFORMANCE_PROF_SESSION_UTIL_H_
