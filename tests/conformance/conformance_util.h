// Shared helpers of the ACL conformance suite.
//
// The suite talks to aclsim only through the public headers (acl/acl.h,
// acl/acl_prof.h, acl/aclsim_ext.h) and links libascendcl.so and
// libmsprofiler.so, exactly as an application does. ACL state is
// process-global, so every TEST runs in its own process (gtest_discover_tests);
// fixtures still tear down what they set up so a whole binary run also works.
//
// Sample models: ACLSIM_MODELS_DIR (set by CTest) or, failing that, the
// compile definition ACLSIM_SOURCE_MODELS_DIR (the source tree's models/).
#ifndef ACLSIM_TESTS_CONFORMANCE_CONFORMANCE_UTIL_H_
#define ACLSIM_TESTS_CONFORMANCE_CONFORMANCE_UTIL_H_

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#ifndef ACLSIM_CONFORMANCE_PORTABLE
#include "acl/aclsim_ext.h"  // simulator-only helpers below; absent from a CANN installation
#endif
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#ifndef ACLSIM_SOURCE_MODELS_DIR
#define ACLSIM_SOURCE_MODELS_DIR "models"
#endif

namespace aclsim_conformance {

// ---------------------------------------------------------------- messages

// The calling thread's recent error message, or "<null>".
inline std::string RecentErrMsg() {
  const char* msg = aclGetRecentErrMsg();
  return msg == nullptr ? std::string("<null>") : std::string(msg);
}

// Checks that |ret| is |expected| and that the failure left a message that
// names the error code (aclsim writes "error <code>: <what>"), so the message
// is known to belong to this very call.
inline ::testing::AssertionResult IsAclError(const char* expr, const char* /*code_expr*/, aclError ret,
                                             aclError expected) {
  if (ret != expected) {
    return ::testing::AssertionFailure() << expr << " returned " << ret << ", expected " << expected
                                         << " (recent message: " << RecentErrMsg() << ")";
  }
#ifdef ACLSIM_CONFORMANCE_PORTABLE
  return ::testing::AssertionSuccess();  // message texts are the implementation's own
#endif
  const char* msg = aclGetRecentErrMsg();
  if (msg == nullptr || msg[0] == '\0') {
    return ::testing::AssertionFailure() << expr << " returned " << ret << " but aclGetRecentErrMsg() is empty";
  }
  if (std::string(msg).find(std::to_string(expected)) == std::string::npos) {
    return ::testing::AssertionFailure() << expr << " returned " << ret
                                         << " but the recent message does not name that code: " << msg;
  }
  return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult IsAclOk(const char* expr, aclError ret) {
  if (ret == ACL_SUCCESS) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << " returned " << ret << " (recent message: " << RecentErrMsg() << ")";
}

}  // namespace aclsim_conformance

// EXPECT_ACL_ERROR(call, ACL_ERROR_...): exact code plus a message naming it.
// The expected code is cast to aclError because the GE codes are uint32_t.
#define EXPECT_ACL_ERROR(expr, code) \
  EXPECT_PRED_FORMAT2(::aclsim_conformance::IsAclError, (expr), static_cast<aclError>(code))
#define ASSERT_ACL_ERROR(expr, code) \
  ASSERT_PRED_FORMAT2(::aclsim_conformance::IsAclError, (expr), static_cast<aclError>(code))
#define EXPECT_ACL_OK(expr) EXPECT_PRED_FORMAT1(::aclsim_conformance::IsAclOk, (expr))
#define ASSERT_ACL_OK(expr) ASSERT_PRED_FORMAT1(::aclsim_conformance::IsAclOk, (expr))
// The recent message contains |substr| (aclsim's wording: not checked in the
// portable build, which may run against CANN).
#ifdef ACLSIM_CONFORMANCE_PORTABLE
#define EXPECT_RECENT_ERR_HAS(substr) static_cast<void>(substr)
#define ACLSIM_SIM_ONLY() GTEST_SKIP() << "simulator-only (tests/conformance/portable/README.md)"
#else
#define EXPECT_RECENT_ERR_HAS(substr) EXPECT_THAT(::aclsim_conformance::RecentErrMsg(), ::testing::HasSubstr(substr))
#define ACLSIM_SIM_ONLY() static_cast<void>(0)
#endif

namespace aclsim_conformance {

// ------------------------------------------------------------------ models

inline std::string ModelsDir() {
  const char* env = std::getenv("ACLSIM_MODELS_DIR");
  return (env != nullptr && *env != '\0') ? std::string(env) : std::string(ACLSIM_SOURCE_MODELS_DIR);
}

inline std::string ModelPath(const std::string& file) { return ModelsDir() + "/" + file; }

// A uniquely named temporary file with |content|, removed on destruction.
class TempFile {
 public:
  explicit TempFile(const std::string& content, const std::string& suffix = ".json") {
    std::string templ = "/tmp/aclsim_conformance_XXXXXX" + suffix;
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    int fd = ::mkstemps(buf.data(), static_cast<int>(suffix.size()));
    if (fd < 0) {
      ADD_FAILURE() << "mkstemps failed";
      return;
    }
    size_t done = 0;
    while (done < content.size()) {
      ssize_t n = ::write(fd, content.data() + done, content.size() - done);
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    ::close(fd);
    path_ = buf.data();
  }
  ~TempFile() {
    if (!path_.empty()) std::remove(path_.c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const std::string& path() const { return path_; }
  const char* c_str() const { return path_.c_str(); }

 private:
  std::string path_;
};

// A named pipe (FIFO) in a fresh temporary directory, removed with it. No
// writer ever opens it: reading it would wait forever.
class TempFifo {
 public:
  TempFifo() {
    char dir[] = "/tmp/aclsim_fifo_XXXXXX";
    if (::mkdtemp(dir) == nullptr) {
      ADD_FAILURE() << "mkdtemp failed";
      return;
    }
    dir_ = dir;
    path_ = dir_ + "/fifo";
    if (::mkfifo(path_.c_str(), 0600) != 0) ADD_FAILURE() << "mkfifo failed";
  }
  ~TempFifo() {
    if (dir_.empty()) return;
    std::remove(path_.c_str());
    ::rmdir(dir_.c_str());
  }
  TempFifo(const TempFifo&) = delete;
  TempFifo& operator=(const TempFifo&) = delete;

  const std::string& path() const { return path_; }
  const char* c_str() const { return path_.c_str(); }

 private:
  std::string dir_;
  std::string path_;
};

// A config file for aclInit with |aclsim_section| as the "aclsim" object.
inline std::string AclsimConfig(const std::string& aclsim_section) {
  return std::string("{\"aclsim\": ") + aclsim_section + "}";
}

// The "aclsim" keys that make the virtual clock's modelled host side take no
// time (runtime/host_costs.h): for tests of the device timeline's own
// arithmetic, where work starts exactly where earlier work ended. (CANN
// ignores the "aclsim" section.)
inline constexpr const char* kNoHostCostsKey =
    R"("host_costs": {"api_call_ns": 0, "model_execute_ns": 0, "op_launch_ns": 0, "marker_ns": 0, "tx_ns": 0})";

// An aclInit file of only kNoHostCostsKey, alive for the whole process.
inline const char* NoHostCostsConfig() {
  static const TempFile file(AclsimConfig(std::string("{") + kNoHostCostsKey + "}"));
  return file.c_str();
}

// Loads a model from memory (aclmdlLoadFromMem of |json|).
inline aclError LoadFromString(const std::string& json, uint32_t* model_id) {
  return aclmdlLoadFromMem(json.data(), json.size(), model_id);
}

// The input and output datasets of a loaded model, each buffer allocated
// with aclrtMalloc at exactly the size the model description gives. Owns
// everything it creates; frees it on destruction (the model stays loaded).
class ModelIo {
 public:
  ModelIo() = default;
  ~ModelIo() { Release(); }
  ModelIo(const ModelIo&) = delete;
  ModelIo& operator=(const ModelIo&) = delete;

  // Describes |model_id| and allocates its buffers. Returns the first failure.
  aclError Create(uint32_t model_id) {
    desc_ = aclmdlCreateDesc();
    if (desc_ == nullptr) return ACL_ERROR_BAD_ALLOC;
    aclError ret = aclmdlGetDesc(desc_, model_id);
    if (ret != ACL_SUCCESS) return ret;
    input_ = aclmdlCreateDataset();
    output_ = aclmdlCreateDataset();
    for (size_t i = 0; i < aclmdlGetNumInputs(desc_); ++i) {
      ret = AddBuffer(input_, aclmdlGetInputSizeByIndex(desc_, i));
      if (ret != ACL_SUCCESS) return ret;
    }
    for (size_t i = 0; i < aclmdlGetNumOutputs(desc_); ++i) {
      ret = AddBuffer(output_, aclmdlGetOutputSizeByIndex(desc_, i));
      if (ret != ACL_SUCCESS) return ret;
    }
    return ACL_SUCCESS;
  }

  void Release() {
    for (aclDataBuffer* b : buffers_) (void)aclDestroyDataBuffer(b);
    for (void* p : memory_) (void)aclrtFree(p);
    if (input_ != nullptr) (void)aclmdlDestroyDataset(input_);
    if (output_ != nullptr) (void)aclmdlDestroyDataset(output_);
    if (desc_ != nullptr) (void)aclmdlDestroyDesc(desc_);
    buffers_.clear();
    memory_.clear();
    input_ = output_ = nullptr;
    desc_ = nullptr;
  }

  aclmdlDesc* desc() const { return desc_; }
  aclmdlDataset* input() const { return input_; }
  aclmdlDataset* output() const { return output_; }

 private:
  aclError AddBuffer(aclmdlDataset* dataset, size_t size) {
    void* p = nullptr;
    aclError ret = aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST);
    if (ret != ACL_SUCCESS) return ret;
    memory_.push_back(p);
    aclDataBuffer* b = aclCreateDataBuffer(p, size);
    buffers_.push_back(b);
    return aclmdlAddDatasetBuffer(dataset, b);
  }

  aclmdlDesc* desc_ = nullptr;
  aclmdlDataset* input_ = nullptr;
  aclmdlDataset* output_ = nullptr;
  std::vector<aclDataBuffer*> buffers_;
  std::vector<void*> memory_;
};

// ------------------------------------------------------------------- clock
// Where a fresh device clock starts ("fresh_device_clock"): the simulator's
// default virtual clock origin. Exact times in the tests are this plus the
// modelled durations. A CANN device's counter has no fixed origin, so the
// portable build has none either (the tests using it need the feature).
#ifndef ACLSIM_CONFORMANCE_PORTABLE
constexpr uint64_t kClockOriginNs = ACLSIM_DEFAULT_CLOCK_ORIGIN_NS;
#else
constexpr uint64_t kClockOriginNs = 0;
#endif

// ------------------------------------------------------------------- trace
#ifndef ACLSIM_CONFORMANCE_PORTABLE

// Every record the trace holds (aclsimTraceStart must have been called).
inline std::vector<aclsimTaskRecord> TraceRecords() {
  size_t count = 0;
  uint64_t dropped = 0;
  EXPECT_EQ(aclsimTraceGetCount(&count, &dropped), ACL_SUCCESS);
  EXPECT_EQ(dropped, 0u);
  std::vector<aclsimTaskRecord> records(count);
  size_t written = 0;
  EXPECT_EQ(aclsimTraceGetRecords(records.data(), records.size(), &written), ACL_SUCCESS);
  records.resize(written);
  return records;
}

// The op records of one op, by name.
inline std::vector<aclsimTaskRecord> RecordsNamed(const std::vector<aclsimTaskRecord>& records,
                                                  const std::string& op_name) {
  std::vector<aclsimTaskRecord> out;
  for (const auto& r : records) {
    if (r.kind == ACLSIM_TASK_OP && op_name == r.opName) out.push_back(r);
  }
  return out;
}

inline uint64_t MinStartNs(const std::vector<aclsimTaskRecord>& records) {
  uint64_t v = UINT64_MAX;
  for (const auto& r : records) v = r.startNs < v ? r.startNs : v;
  return v;
}

inline uint64_t MaxEndNs(const std::vector<aclsimTaskRecord>& records) {
  uint64_t v = 0;
  for (const auto& r : records) v = r.endNs > v ? r.endNs : v;
  return v;
}

#endif  // ACLSIM_CONFORMANCE_PORTABLE

// ------------------------------------------------------ backends without devices
// Run with ACLSIM_BACKEND=null, every test is skipped: a backend without
// devices has nothing to conform. (Only then is the runtime probed before
// the tests, so that aclInit config files of other runs still apply.)
class NoDeviceEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    const char* backend = std::getenv("ACLSIM_BACKEND");
    if (backend == nullptr || std::string(backend) != "null") return;
    uint32_t count = 1;
    if (aclrtGetDeviceCount(&count) == ACL_SUCCESS && count == 0) {
      // gtest 1.12 reports tests skipped by an environment as passed; this
      // text lets CTest see them as skipped.
      GTEST_SKIP() << "[  SKIPPED ] the backend has no devices";
    }
  }
};
inline ::testing::Environment* const kNoDeviceEnvironment =
    ::testing::AddGlobalTestEnvironment(new NoDeviceEnvironment);

#ifndef ACLSIM_CONFORMANCE_PORTABLE
// A backend chosen by ACLSIM_BACKEND whose devices run no work yet (the
// "execution" feature; backends/skeleton) has every test skipped with its
// reason. Asking creates no runtime (aclsim_ext.h).
class NoExecutionEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    const char* backend = std::getenv("ACLSIM_BACKEND");
    if (backend == nullptr || *backend == '\0' || std::string(backend) == "null") return;
    if (aclsimCheckBackendFeature("execution") == ACL_ERROR_API_NOT_SUPPORT) {
      GTEST_SKIP() << "[  SKIPPED ] " << ::aclsim_conformance::RecentErrMsg();
    }
  }
};
inline ::testing::Environment* const kNoExecutionEnvironment =
    ::testing::AddGlobalTestEnvironment(new NoExecutionEnvironment);
#endif

// ------------------------------------------------------- backend features
// The suite runs on every backend (tests/conformance/CMakeLists.txt). A test
// of something a backend may lack asks for that feature and is skipped, with
// the backend's reason, only when the backend says it lacks it
// (aclsimCheckBackendFeature): "backend_selection", "client_device_options",
// "fresh_device_clock" (acl/aclsim_ext.h). The portable build, which may run
// against CANN, has every feature.
#ifdef ACLSIM_CONFORMANCE_PORTABLE
#define ACLSIM_REQUIRE_BACKEND_FEATURE(feature) static_cast<void>(feature)
#define ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, feature) static_cast<void>(ret)
#else
// Skips the test when the backend lacks |feature|; fails it when the
// question itself fails.
#define ACLSIM_REQUIRE_BACKEND_FEATURE(feature)                                                          \
  do {                                                                                                   \
    const aclError aclsim_feature_ret_ = aclsimCheckBackendFeature(feature);                             \
    if (aclsim_feature_ret_ == ACL_ERROR_API_NOT_SUPPORT) {                                              \
      GTEST_SKIP() << "the backend lacks " << (feature) << ": " << ::aclsim_conformance::RecentErrMsg(); \
    }                                                                                                    \
    ASSERT_ACL_OK(aclsim_feature_ret_) << "aclsimCheckBackendFeature(\"" << (feature) << "\")";          \
  } while (0)
// For a call (typically aclInit of a configuration with device options) that
// returned |ret|: skips the test when |ret| is ACL_ERROR_API_NOT_SUPPORT
// because the backend lacks |feature| (it does not take that option). A
// backend that has |feature| and still returned that code fails the test.
// Any other |ret| is left to the test's own assertions.
#define ACLSIM_SKIP_IF_UNIMPLEMENTED(ret, feature)                                                                \
  do {                                                                                                            \
    if ((ret) == ACL_ERROR_API_NOT_SUPPORT) {                                                                     \
      const std::string aclsim_why_ = ::aclsim_conformance::RecentErrMsg();                                       \
      if (aclsimCheckBackendFeature(feature) == ACL_ERROR_API_NOT_SUPPORT) {                                      \
        GTEST_SKIP() << "the backend lacks " << (feature) << ": " << aclsim_why_;                                 \
      }                                                                                                           \
      ADD_FAILURE() << "ACL_ERROR_API_NOT_SUPPORT (" << aclsim_why_ << ") from a backend that has " << (feature); \
    }                                                                                                             \
  } while (0)
#endif

// --------------------------------------------------------------- fixtures

// Skips the test when the active backend has no device (the null backend):
// the conformance suite must skip cleanly there.
#define ACLSIM_SKIP_WITHOUT_DEVICES()                                                             \
  do {                                                                                            \
    uint32_t aclsim_device_count_ = 0;                                                            \
    if (aclrtGetDeviceCount(&aclsim_device_count_) != ACL_SUCCESS || aclsim_device_count_ == 0) { \
      GTEST_SKIP() << "backend has no devices: " << ::aclsim_conformance::RecentErrMsg();         \
    }                                                                                             \
  } while (0)

// aclInit + aclrtSetDevice(0) around each test, with the host side taking
// no time (NoHostCostsConfig): these tests pin the device timeline.
class AclDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));
    initialized_ = true;
    ACLSIM_SKIP_WITHOUT_DEVICES();
    ASSERT_ACL_OK(aclrtSetDevice(0));
    device_set_ = true;
  }
  void TearDown() override {
    if (device_set_) (void)aclrtResetDeviceForce(0);
    if (initialized_) (void)aclFinalize();
  }

  bool initialized_ = false;
  bool device_set_ = false;
};

// A model in the aclsim.graph.v1 format with one op of explicit duration:
// input "x" [rows, cols] float16 → op "op" (|type|) → output "y".
inline std::string OneOpModel(const std::string& name, int64_t duration_ns, const std::string& type = "Relu",
                              int rows = 4, int cols = 4) {
  std::string shape = "[" + std::to_string(rows) + ", " + std::to_string(cols) + "]";
  return std::string(R"({"schema": "aclsim.graph.v1", "name": ")") + name +
         R"(", "inputs": [{"name": "x", "dtype": "float16", "shape": )" + shape +
         R"(}], "outputs": ["y"], "ops": [{"name": "op", "type": ")" + type + R"(", "inputs": ["x"], "duration_ns": )" +
         std::to_string(duration_ns) + R"(, "outputs": [{"name": "y", "dtype": "float16", "shape": )" + shape + "}]}]}";
}

}  // namespace aclsim_conformance

#endif  // ACLSIM_TESTS_CONFORMANCE_CONFORMANCE_UTIL_H_
