// Shared by the framework replay programs: checks that stop the program
// with the failing expression, the files a collection leaves behind, and
// the device work a framework's step runs (aclnnAdd on a stream, as eager
// ops are launched).
#ifndef ACLSIM_TESTS_TOOLKIT_FRAMEWORKS_REPLAY_UTIL_H_
#define ACLSIM_TESTS_TOOLKIT_FRAMEWORKS_REPLAY_UTIL_H_

#include <dirent.h>
#include <sys/stat.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"

#define REPLAY_FAIL(...)                                        \
  do {                                                          \
    std::fprintf(stderr, "[FAIL] %s:%d: ", __FILE__, __LINE__); \
    std::fprintf(stderr, __VA_ARGS__);                          \
    std::fprintf(stderr, "\n");                                 \
    std::exit(1);                                               \
  } while (0)

// |expr| must return |want| (an ACL code).
#define REPLAY_EXPECT_RET(expr, want)                                                               \
  do {                                                                                              \
    const long long replay_ret_ = static_cast<long long>(expr);                                     \
    if (replay_ret_ != static_cast<long long>(want))                                                \
      REPLAY_FAIL("%s returned %lld, want %lld", #expr, replay_ret_, static_cast<long long>(want)); \
  } while (0)
#define REPLAY_OK(expr) REPLAY_EXPECT_RET(expr, 0)
#define REPLAY_TRUE(cond)                           \
  do {                                              \
    if (!(cond)) REPLAY_FAIL("expected %s", #cond); \
  } while (0)

namespace replay {

inline bool Exists(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0;
}

// Entries of |dir| whose names match |pattern|, sorted.
inline std::vector<std::string> Glob(const std::string& dir, const std::string& pattern) {
  std::vector<std::string> out;
  const std::regex re(pattern);
  if (DIR* d = opendir(dir.c_str())) {
    while (const dirent* e = readdir(d)) {
      if (std::regex_match(e->d_name, re)) out.push_back(dir + "/" + e->d_name);
    }
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A CSV file as rows of cells (no quoted commas in the columns read here).
inline std::vector<std::vector<std::string>> ReadCsv(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

inline size_t Column(const std::vector<std::string>& header, const std::string& name) {
  for (size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return i;
  }
  REPLAY_FAIL("no column %s", name.c_str());
}

// The one file mindstudio_profiler_output/<kind>_*.<ext> of |job|.
inline std::string OneOutput(const std::string& job, const std::string& kind, const std::string& ext) {
  auto files = Glob(job + "/mindstudio_profiler_output", kind + "_[0-9]+\\." + ext);
  if (files.size() != 1)
    REPLAY_FAIL("%zu %s_*.%s files under %s", files.size(), kind.c_str(), ext.c_str(), job.c_str());
  return files[0];
}

// The files a framework's parser reads before it runs msprof: the PROF_*
// job, its host/ and device_<id>/ directories, and the clock files with
// values > 0 (torch_npu's and MindSpore's CANN path and time parsers).
inline void CheckJobLayout(const std::string& job, uint32_t device) {
  for (const char* f : {"/host", "/host/data", "/host/info.json", "/host/host_start.log", "/host/start_info"}) {
    if (!Exists(job + f)) REPLAY_FAIL("missing %s%s", job.c_str(), f);
  }
  const std::string dev = job + "/device_" + std::to_string(device);
  REPLAY_TRUE(Exists(dev + "/data"));
  const std::string start_log = ReadAll(job + "/host/host_start.log");
  REPLAY_TRUE(start_log.find("[Host]") != std::string::npos);
  std::smatch m;
  REPLAY_TRUE(std::regex_search(start_log, m, std::regex("clock_monotonic_raw: *([0-9]+)")) && std::stoull(m[1]) > 0);
  const std::string start_info = ReadAll(job + "/host/start_info");
  REPLAY_TRUE(std::regex_search(start_info, m, std::regex("\"collectionTimeBegin\": *\"?([0-9]+)")) &&
              std::stoull(m[1]) > 0);
  REPLAY_TRUE(std::regex_search(start_info, m, std::regex("\"clockMonotonicRaw\": *\"?([0-9]+)")) &&
              std::stoull(m[1]) > 0);
  const std::string info = ReadAll(job + "/host/info.json");
  REPLAY_TRUE(info.find("\"Frequency\"") != std::string::npos);
}

// One eager op on |stream|: aclnnAdd over three small device tensors.
class AddOp {
 public:
  AddOp() {
    for (void** p : {&a_mem_, &b_mem_, &out_mem_}) REPLAY_OK(aclrtMalloc(p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    const int64_t shape[] = {4, 4};
    const int64_t strides[] = {4, 1};
    a_ = aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 2, a_mem_);
    b_ = aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 2, b_mem_);
    out_ = aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 2, out_mem_);
    float one = 1.0f;
    alpha_ = aclCreateScalar(&one, ACL_FLOAT);
    REPLAY_TRUE(a_ != nullptr && b_ != nullptr && out_ != nullptr && alpha_ != nullptr);
  }
  ~AddOp() {
    aclDestroyTensor(a_);
    aclDestroyTensor(b_);
    aclDestroyTensor(out_);
    aclDestroyScalar(alpha_);
    for (void* p : {a_mem_, b_mem_, out_mem_}) (void)aclrtFree(p);
  }
  void Launch(aclrtStream stream) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    REPLAY_OK(aclnnAddGetWorkspaceSize(a_, b_, alpha_, out_, &workspace, &executor));
    REPLAY_TRUE(workspace == 0);
    REPLAY_OK(aclnnAdd(nullptr, 0, executor, stream));
  }

 private:
  void* a_mem_ = nullptr;
  void* b_mem_ = nullptr;
  void* out_mem_ = nullptr;
  aclTensor* a_ = nullptr;
  aclTensor* b_ = nullptr;
  aclTensor* out_ = nullptr;
  aclScalar* alpha_ = nullptr;
};

}  // namespace replay

#endif  // ACLSIM_TESTS_TOOLKIT_FRAMEWORKS_REPLAY_UTIL_H_
