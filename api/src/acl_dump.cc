// Dump configuration entry points: aclmdlInitDump, aclmdlSetDump,
// aclmdlFinalizeDump (acl_rt.h), acldumpRegCallback, acldumpUnregCallback,
// acldumpGetPath, aclopStartDumpArgs, aclopStopDumpArgs,
// acldumpGetExceptionInfoPath and acldumpSaveExceptionInfo (acl_dump.h;
// libascend_dump.so forwards them here).
//
// What is kept: the dump configuration of aclInit's file (its "dump"
// section) or of aclmdlSetDump between aclmdlInitDump and
// aclmdlFinalizeDump (runtime/dump_config.h), the dump callback, the
// op-argument recording switch and its directory. What is not produced:
// CANN's data-dump files and op-argument files, whose layout CANN's pages do
// not document — so no operator's execution writes dump data and the dump
// callback receives no chunks. acldumpSaveExceptionInfo writes the file the
// pages name, in aclsim's own layout (below).
#include <sys/stat.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "api/src/dump_state.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "runtime/dump_config.h"
#include "runtime/read_file.h"

namespace aclsim::api {

namespace {

using DumpCallback = int32_t (*)(const acldumpChunk*, int32_t);

struct DumpState {
  std::mutex mu;
  bool from_init = false;  // aclInit's file configured dump
  bool mdl_init = false;   // between aclmdlInitDump and aclmdlFinalizeDump
  bool configured = false;
  runtime::DumpConfig config;
  std::string returned_path;  // what acldumpGetPath last returned
  DumpCallback callback = nullptr;
  bool args_on = false;
  std::string args_path;
};

DumpState& State() {
  static DumpState* state = new DumpState();
  return *state;
}

aclError Fail(aclError code, const char* function, const std::string& what) {
  SetError(code, std::string(function) + ": " + what);
  return code;
}

// The directory exception dump writes to: NPU_COLLECT_PATH, else
// ASCEND_WORK_PATH, else dump_path, else the working directory (CANN's
// order of precedence).
std::string ExceptionDumpRoot(const runtime::DumpConfig& config) {
  for (const char* var : {"NPU_COLLECT_PATH", "ASCEND_WORK_PATH"}) {
    const char* v = std::getenv(var);
    if (v != nullptr && *v != '\0') return v;
  }
  return config.path.empty() ? std::string(".") : config.path;
}

std::string WithSlash(std::string p) {
  if (p.empty() || p.back() != '/') p += '/';
  return p;
}

bool MakeDirs(const std::string& path) {
  std::string partial;
  for (size_t i = 0; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      if (!partial.empty() && ::mkdir(partial.c_str(), 0750) != 0 && errno != EEXIST) return false;
    }
    if (i < path.size()) partial += path[i];
  }
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The exception-dump directory of the current device, or "" (with the
// failure recorded) when exception dump is not enabled.
std::string ExceptionInfoDir(const char* function, aclError* code) {
  runtime::DumpConfig config;
  {
    DumpState& s = State();
    std::lock_guard<std::mutex> lock(s.mu);
    if (!s.configured || !s.config.exception_dump()) {
      *code = Fail(ACL_ERROR_DUMP_NOT_RUN, function,
                   "exception dump is not enabled (dump_scene in aclInit's or aclmdlSetDump's configuration)");
      return "";
    }
    config = s.config;
  }
  int32_t device = 0;
  if (aclrtGetDevice(&device) != ACL_SUCCESS) device = 0;
  return WithSlash(ExceptionDumpRoot(config)) + "extra-info/data-dump/" + std::to_string(device) + "/";
}

}  // namespace

aclError ApplyInitDumpConfig(const char* config_path, bool apply) {
  if (config_path == nullptr || *config_path == '\0') return ACL_SUCCESS;
  std::string text;
  // An unreadable file is aclInit's to report.
  if (!ReadRegularFile(config_path, kMaxConfigFileBytes, "config", {StatusCode::kNotFound, StatusCode::kNotFound},
                       &text)
           .ok()) {
    return ACL_SUCCESS;
  }
  bool present = false;
  auto config = runtime::ParseDumpConfig(text, &present);
  if (!present) return ACL_SUCCESS;
  if (!config.ok()) return Fail(ACL_ERROR_INVALID_DUMP_CONFIG, "aclInit", config.status().message());
  if (!apply) return ACL_SUCCESS;
  DumpState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  s.from_init = config->data_dump() || config->overflow || !config->scene.empty();
  s.configured = s.from_init;
  s.config = *config;
  return ACL_SUCCESS;
}

void ResetDumpState() {
  DumpState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  s.from_init = false;
  s.mdl_init = false;
  s.configured = false;
  s.config = runtime::DumpConfig();
  s.callback = nullptr;
  s.args_on = false;
  s.args_path.clear();
}

}  // namespace aclsim::api

using aclsim::api::Fail;
using aclsim::api::State;

extern "C" {

ACL_FUNC_VISIBILITY aclError aclmdlInitDump(void) try {
  if (!aclsim::api::IsInitialized()) {
    return Fail(ACL_ERROR_UNINITIALIZE, __func__, "aclInit must be called first");
  }
  auto& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (s.from_init) {
    return Fail(ACL_ERROR_DUMP_ALREADY_RUN, __func__, "aclInit's configuration already enabled dump");
  }
  if (s.mdl_init) return Fail(ACL_ERROR_REPEAT_INITIALIZE, __func__, "dump is already initialized");
  s.mdl_init = true;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlSetDump(const char* dumpCfgPath) try {
  if (!aclsim::api::IsInitialized()) {
    return Fail(ACL_ERROR_UNINITIALIZE, __func__, "aclInit must be called first");
  }
  {
    auto& s = State();
    std::lock_guard<std::mutex> lock(s.mu);
    if (!s.mdl_init) return Fail(ACL_ERROR_DUMP_NOT_RUN, __func__, "aclmdlInitDump must be called first");
  }
  if (dumpCfgPath == nullptr) return aclsim::api::InvalidParam(__func__, "dumpCfgPath is NULL");
  std::string text;
  aclsim::Status read = aclsim::ReadRegularFile(dumpCfgPath, aclsim::kMaxConfigFileBytes, "dump config",
                                                {aclsim::Detail::kFileUnusable, aclsim::Detail::kFileUnusable}, &text);
  if (!read.ok()) return Fail(ACL_ERROR_INVALID_FILE, __func__, read.message());
  bool present = false;
  auto config = aclsim::runtime::ParseDumpConfig(text, &present);
  if (!config.ok()) return Fail(ACL_ERROR_INVALID_DUMP_CONFIG, __func__, config.status().message());
  auto& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (present) {
    s.config = *config;
    s.configured = true;
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclmdlFinalizeDump(void) try {
  if (!aclsim::api::IsInitialized()) {
    return Fail(ACL_ERROR_UNINITIALIZE, __func__, "aclInit must be called first");
  }
  auto& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (!s.mdl_init) return Fail(ACL_ERROR_DUMP_NOT_RUN, __func__, "aclmdlInitDump must be called first");
  s.mdl_init = false;
  s.configured = false;
  s.config = aclsim::runtime::DumpConfig();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk*, int32_t),
                                                int32_t flag) try {
  if (messageCallback == nullptr) return aclsim::api::InvalidParam(__func__, "messageCallback is NULL");
  if (flag != 0) return aclsim::api::InvalidParam(__func__, "flag must be 0 (dump data is not also written)");
  auto& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  s.callback = messageCallback;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY void acldumpUnregCallback(void) try {
  auto& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  s.callback = nullptr;
}
ACLSIM_EDGE_CATCH_VOID

ACL_FUNC_VISIBILITY const char* acldumpGetPath(acldumpType dumpType) try {
  auto& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (!s.configured) return nullptr;
  const aclsim::runtime::DumpConfig& c = s.config;
  bool enabled = false;
  switch (dumpType) {
    case DATA_DUMP: enabled = c.data_dump(); break;
    case OVERFLOW_DUMP: enabled = c.overflow; break;
    case AIC_ERR_BRIEF_DUMP: enabled = c.scene == "aic_err_brief_dump"; break;
    case AIC_ERR_NORM_DUMP: enabled = c.scene == "aic_err_norm_dump"; break;
    case AIC_ERR_DETAIL_DUMP: enabled = c.scene == "aic_err_detail_dump"; break;
  }
  if (!enabled) return nullptr;
  const bool exception = dumpType != DATA_DUMP && dumpType != OVERFLOW_DUMP;
  s.returned_path = exception ? aclsim::api::ExceptionDumpRoot(c) : c.path;
  return s.returned_path.c_str();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError aclopStartDumpArgs(uint32_t dumpType, const char* path) try {
  if (dumpType != ACL_OP_DUMP_OP_AICORE_ARGS) {
    return aclsim::api::InvalidParam(__func__, "dumpType must be ACL_OP_DUMP_OP_AICORE_ARGS");
  }
  if (path == nullptr || *path == '\0') return aclsim::api::InvalidParam(__func__, "path is NULL or empty");
  if (!aclsim::api::MakeDirs(path)) {
    return Fail(ACL_ERROR_INVALID_PARAM, __func__, std::string("cannot create the directory ") + path);
  }
  auto& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  s.args_on = true;
  s.args_path = path;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclopStopDumpArgs(uint32_t dumpType) try {
  if (dumpType != ACL_OP_DUMP_OP_AICORE_ARGS) {
    return aclsim::api::InvalidParam(__func__, "dumpType must be ACL_OP_DUMP_OP_AICORE_ARGS");
  }
  auto& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  s.args_on = false;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acldumpGetExceptionInfoPath(char* path, size_t maxLen) try {
  if (path == nullptr) return aclsim::api::InvalidParam(__func__, "path is NULL");
  aclError code = ACL_SUCCESS;
  const std::string dir = aclsim::api::ExceptionInfoDir(__func__, &code);
  if (code != ACL_SUCCESS) return code;
  if (dir.size() + 1 > maxLen) {
    return aclsim::api::InvalidParam(__func__, "maxLen is too small for the path");
  }
  std::memcpy(path, dir.c_str(), dir.size() + 1);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// The file acldumpSaveExceptionInfo writes, aclsim's layout (CANN's pages do
// not give one): a first line "aclsim-exception-info v1 tag=<userTag>
// tensors=<n>", one line per tensor "tensor <i> type=<type> format=<f>
// dtype=<d> shape=<d0,d1,...> bytes=<size>", then the tensors' bytes in
// order.
ACL_FUNC_VISIBILITY aclError acldumpSaveExceptionInfo(const char* fileName, const char* userTag,
                                                      const acldumpTensorInfo* tensors, size_t tensorCount) try {
  if (fileName == nullptr || *fileName == '\0') return aclsim::api::InvalidParam(__func__, "fileName is NULL or empty");
  if (tensors == nullptr || tensorCount == 0) return aclsim::api::InvalidParam(__func__, "tensors is NULL or empty");
  const std::string name = fileName;
  if (name.front() == '/' || name == ".." || name.rfind("../", 0) == 0 || name.find("/../") != std::string::npos ||
      (name.size() >= 3 && name.compare(name.size() - 3, 3, "/..") == 0)) {
    return aclsim::api::InvalidParam(__func__, "fileName must be a relative path without \"..\"");
  }
  std::vector<std::vector<uint8_t>> data(tensorCount);
  for (size_t i = 0; i < tensorCount; ++i) {
    const acldumpTensorInfo& t = tensors[i];
    if (t.addrType != ACL_DUMP_ADDR_RAW || t.placement != ACL_DUMP_PLACEMENT_DEVICE) {
      return aclsim::api::InvalidParam(__func__, "a tensor is not ACL_DUMP_ADDR_RAW in ACL_DUMP_PLACEMENT_DEVICE");
    }
    if (t.shapeNum > ACL_DUMP_MAX_SHAPE_NUM) return aclsim::api::InvalidParam(__func__, "a tensor has too many dims");
    if (t.tensorSize == 0 || t.tensorAddr == nullptr) {
      return aclsim::api::InvalidParam(__func__, "a tensor's address is NULL or its size 0");
    }
    data[i].resize(t.tensorSize);
    const aclError copied =
        aclrtMemcpy(data[i].data(), data[i].size(), t.tensorAddr, t.tensorSize, ACL_MEMCPY_DEVICE_TO_HOST);
    if (copied != ACL_SUCCESS) return copied;
  }
  aclError code = ACL_SUCCESS;
  const std::string dir = aclsim::api::ExceptionInfoDir(__func__, &code);
  if (code != ACL_SUCCESS) return code;
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  const std::string file = dir + name + ".custom." + std::to_string(ms);
  const size_t slash = file.rfind('/');
  if (!aclsim::api::MakeDirs(file.substr(0, slash))) {
    return Fail(ACL_ERROR_WRITE_FILE, __func__, "cannot create the directory of " + file);
  }
  std::ofstream out(file, std::ios::binary);
  out << "aclsim-exception-info v1 tag=" << (userTag == nullptr ? "" : userTag) << " tensors=" << tensorCount << "\n";
  for (size_t i = 0; i < tensorCount; ++i) {
    const acldumpTensorInfo& t = tensors[i];
    out << "tensor " << i << " type=" << static_cast<int>(t.type) << " format=" << t.format << " dtype=" << t.dataType
        << " shape=";
    for (uint32_t d = 0; d < t.shapeNum; ++d) out << (d == 0 ? "" : ",") << t.shape[d];
    out << " bytes=" << t.tensorSize << "\n";
  }
  for (const auto& bytes : data) out.write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  if (!out.good()) return Fail(ACL_ERROR_WRITE_FILE, __func__, "cannot write " + file);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
