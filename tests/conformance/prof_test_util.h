// Helpers for the subscription conformance tests: a loaded model with its
// datasets, and a pipe reader that collects raw record bytes until EOF, as
// CANN's sample reader does. Public headers only.
#ifndef ACLSIM_TESTS_CONFORMANCE_PROF_TEST_UTIL_H_
#define ACLSIM_TESTS_CONFORMANCE_PROF_TEST_UTIL_H_

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/aclsim_ext.h"
#include "acl/prof_acl_api.h"
#include "conformance_util.h"

namespace aclsim_conformance {

// A model loaded on the current device, with input/output datasets backed by
// aclrtMalloc memory of the exact sizes.
class LoadedModel {  // ModelPath() comes from conformance_util.h
 public:
  explicit LoadedModel(const std::string& file) {
    EXPECT_EQ(aclmdlLoadFromFile(ModelPath(file).c_str(), &id_), ACL_SUCCESS) << RecentErrMsg();
    aclmdlDesc* desc = aclmdlCreateDesc();
    EXPECT_EQ(aclmdlGetDesc(desc, id_), ACL_SUCCESS);
    input_ = Make(desc, true);
    output_ = Make(desc, false);
    (void)aclmdlDestroyDesc(desc);
  }
  ~LoadedModel() {
    for (aclmdlDataset* d : {input_, output_}) {
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(d); ++i)
        (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(d, i));
      (void)aclmdlDestroyDataset(d);
    }
    for (void* p : memory_) (void)aclrtFree(p);
    if (!unloaded_) (void)aclmdlUnload(id_);
  }
  uint32_t id() const { return id_; }
  aclError Execute() { return aclmdlExecute(id_, input_, output_); }
  aclError ExecuteAsync(aclrtStream stream) { return aclmdlExecuteAsync(id_, input_, output_, stream); }
  aclError Unload() {
    unloaded_ = true;
    return aclmdlUnload(id_);
  }
  // aclFinalize released the model and its memory with the runtime: the
  // destructor then frees only the host objects (buffers, datasets).
  void ReleasedByFinalize() {
    unloaded_ = true;
    memory_.clear();
  }

 private:
  aclmdlDataset* Make(aclmdlDesc* desc, bool in) {
    aclmdlDataset* d = aclmdlCreateDataset();
    size_t n = in ? aclmdlGetNumInputs(desc) : aclmdlGetNumOutputs(desc);
    for (size_t i = 0; i < n; ++i) {
      size_t size = in ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i);
      void* p = nullptr;
      EXPECT_EQ(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
      memory_.push_back(p);
      EXPECT_EQ(aclmdlAddDatasetBuffer(d, aclCreateDataBuffer(p, size)), ACL_SUCCESS);
    }
    return d;
  }
  uint32_t id_ = 0;
  bool unloaded_ = false;
  aclmdlDataset* input_ = nullptr;
  aclmdlDataset* output_ = nullptr;
  std::vector<void*> memory_;
};

// |steps| executions of |model| on |stream| under a running session, each a
// step marked with aclprofGetStepTimestamp (START, END) and wrapped in an
// msproftx range named |range_name|, synchronised before the next.
inline void RunMarkedSteps(LoadedModel& model, aclrtStream stream, int steps, const std::string& range_name) {
  for (int i = 0; i < steps; ++i) {
    aclprofStepInfo* step = aclprofCreateStepInfo();
    EXPECT_EQ(aclprofGetStepTimestamp(step, ACL_STEP_START, stream), ACL_SUCCESS) << RecentErrMsg();
    void* stamp = aclprofCreateStamp();
    EXPECT_EQ(aclprofSetStampTraceMessage(stamp, range_name.c_str(), static_cast<uint32_t>(range_name.size())),
              ACL_SUCCESS);
    uint32_t range = 0;
    EXPECT_EQ(aclprofRangeStart(stamp, &range), ACL_SUCCESS) << RecentErrMsg();
    EXPECT_EQ(model.ExecuteAsync(stream), ACL_SUCCESS) << RecentErrMsg();
    EXPECT_EQ(aclprofRangeStop(range), ACL_SUCCESS) << RecentErrMsg();
    aclprofDestroyStamp(stamp);
    EXPECT_EQ(aclprofGetStepTimestamp(step, ACL_STEP_END, stream), ACL_SUCCESS) << RecentErrMsg();
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << RecentErrMsg();
    aclprofDestroyStepInfo(step);
  }
}

// A pipe whose read end is drained by a thread into |bytes| until EOF.
// |read_size| bytes per read() (a multiple of 80); |delay| slows the reader.
class PipeReader {
 public:
  explicit PipeReader(size_t read_size = 32 * 80, std::chrono::microseconds delay = std::chrono::microseconds(0)) {
    int fds[2];
    EXPECT_EQ(pipe(fds), 0);
    read_fd_ = fds[0];
    write_fd = fds[1];
    thread_ = std::thread([this, read_size, delay] {
      std::vector<char> buf(read_size);
      while (true) {
        ssize_t n = read(read_fd_, buf.data(), buf.size());
        if (n <= 0) break;
        read_sizes.push_back(static_cast<size_t>(n));
        bytes.insert(bytes.end(), buf.begin(), buf.begin() + n);
        if (delay.count() > 0) std::this_thread::sleep_for(delay);
      }
    });
  }
  // Waits for EOF (the write end closed by aclprofModelUnSubscribe).
  void Join() {
    if (thread_.joinable()) thread_.join();
    if (read_fd_ >= 0) close(read_fd_);
    read_fd_ = -1;
  }
  ~PipeReader() {
    if (write_fd >= 0) close(write_fd);
    Join();
  }
  int read_fd() const { return read_fd_; }

  int write_fd = -1;  // the int whose address goes into the subscribe config
  std::vector<char> bytes;
  std::vector<size_t> read_sizes;

 private:
  int read_fd_ = -1;
  std::thread thread_;
};

// A decoded record (all fields through the public accessors).
struct Decoded {
  std::string name;
  std::string type;
  uint64_t start = 0;
  uint64_t end = 0;
  uint64_t duration = 0;
  uint64_t execution = 0;
  size_t model_id = 0;
  aclprofSubscribeOpFlag flag = ACL_SUBSCRIBE_OP;
};

inline std::vector<Decoded> DecodeAll(const std::vector<char>& bytes) {
  std::vector<Decoded> out;
  uint32_t n = 0;
  EXPECT_EQ(aclprofGetOpNum(bytes.data(), bytes.size(), &n), ACL_SUCCESS);
  for (uint32_t i = 0; i < n; ++i) {
    Decoded d;
    size_t len = 0;
    EXPECT_EQ(aclprofGetOpTypeLen(bytes.data(), bytes.size(), i, &len), ACL_SUCCESS);
    std::string text(len, '\0');
    EXPECT_EQ(aclprofGetOpType(bytes.data(), bytes.size(), i, text.data(), len), ACL_SUCCESS);
    d.type = text.c_str();
    EXPECT_EQ(aclprofGetOpNameLen(bytes.data(), bytes.size(), i, &len), ACL_SUCCESS);
    text.assign(len, '\0');
    EXPECT_EQ(aclprofGetOpName(bytes.data(), bytes.size(), i, text.data(), len), ACL_SUCCESS);
    d.name = text.c_str();
    d.start = aclprofGetOpStart(bytes.data(), bytes.size(), i);
    d.end = aclprofGetOpEnd(bytes.data(), bytes.size(), i);
    d.duration = aclprofGetOpDuration(bytes.data(), bytes.size(), i);
    d.execution = ProfGetOpExecutionTime(bytes.data(), static_cast<uint32_t>(bytes.size()), i);
    d.model_id = aclprofGetModelId(bytes.data(), bytes.size(), i);
    d.flag = aclprofGetOpFlag(bytes.data(), bytes.size(), i);
    out.push_back(d);
  }
  return out;
}

// All trace records of kind op, in completion order.
inline std::vector<aclsimTaskRecord> TraceOps() {
  size_t count = 0;
  uint64_t dropped = 0;
  EXPECT_EQ(aclsimTraceGetCount(&count, &dropped), ACL_SUCCESS);
  std::vector<aclsimTaskRecord> records(count);
  size_t written = 0;
  EXPECT_EQ(aclsimTraceGetRecords(records.data(), records.size(), &written), ACL_SUCCESS);
  std::vector<aclsimTaskRecord> ops;
  for (size_t i = 0; i < written; ++i) {
    if (records[i].kind == ACLSIM_TASK_OP) ops.push_back(records[i]);
  }
  return ops;
}

}  // namespace aclsim_conformance

#endif  // ACLSIM_TESTS_CONFORMANCE_PROF_TEST_UTIL_H_
