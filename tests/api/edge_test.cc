// No exception crosses the C edge: an allocation failure inside an entry
// point becomes ACL_ERROR_BAD_ALLOC (or the entry point's own failure value)
// with a message naming the function, and the runtime keeps working.
//
// The test replaces the global allocation functions (which the two shared
// libraries use as well) with ones that throw std::bad_alloc while armed on
// the calling thread.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <new>
#include <string>

#include "acl/acl.h"
#include "acl/acl_prof.h"

namespace {
thread_local bool tls_fail_allocations = false;
}  // namespace

void* operator new(size_t size) {
  if (tls_fail_allocations) throw std::bad_alloc();
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t size) { return ::operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }

namespace aclsim {
namespace {

// Every allocation on this thread fails while one of these lives.
class FailAllocations {
 public:
  FailAllocations() { tls_fail_allocations = true; }
  ~FailAllocations() { tls_fail_allocations = false; }
};

std::string RecentMessage() {
  const char* m = aclGetRecentErrMsg();
  return m == nullptr ? std::string() : std::string(m);
}

std::string ModelPath() {
  const char* dir = std::getenv("ACLSIM_MODELS_DIR");
  return std::string(dir == nullptr ? "models" : dir) + "/resnet50.json";
}

class Edge : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
};

TEST_F(Edge, GivenAllocationFailureWhenCreateStreamThenBadAllocAndTheNextCallWorks) {
  aclrtStream stream = nullptr;
  aclError ret = ACL_SUCCESS;
  {
    FailAllocations fail;
    ret = aclrtCreateStream(&stream);
  }
  EXPECT_EQ(ret, ACL_ERROR_BAD_ALLOC);
  EXPECT_EQ(stream, nullptr);
  EXPECT_EQ(RecentMessage(), "[aclsim] error 200000: aclrtCreateStream: out of memory");
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

TEST_F(Edge, GivenAllocationFailureWhenLoadingAModelThenBadAllocAndNoModelLoaded) {
  const std::string path = ModelPath();
  uint32_t model_id = 0;
  aclError ret = ACL_SUCCESS;
  {
    FailAllocations fail;
    ret = aclmdlLoadFromFile(path.c_str(), &model_id);
  }
  EXPECT_EQ(ret, ACL_ERROR_BAD_ALLOC);
  EXPECT_EQ(model_id, 0u);
  EXPECT_EQ(RecentMessage(), "[aclsim] error 200000: aclmdlLoadFromFile: out of memory");
  ASSERT_EQ(aclmdlLoadFromFile(path.c_str(), &model_id), ACL_SUCCESS);
  EXPECT_EQ(model_id, 1u) << "the failed load must not have taken a model id";
  EXPECT_EQ(aclmdlUnload(model_id), ACL_SUCCESS);
}

TEST_F(Edge, GivenAllocationFailureWhenCreatingADescriptionThenNullWithMessage) {
  aclmdlDesc* desc = reinterpret_cast<aclmdlDesc*>(1);
  {
    FailAllocations fail;
    desc = aclmdlCreateDesc();
  }
  EXPECT_EQ(desc, nullptr);
  EXPECT_EQ(RecentMessage(), "[aclsim] error 200000: aclmdlCreateDesc: out of memory");
}

TEST_F(Edge, GivenAllocationFailureInAProfilingCallThenItsFailureValueWithMessage) {
  // Long enough that its std::string copies allocate (no small-string buffer).
  const char path[] = "/tmp/aclsim_edge_test_profiling_results";
  ::mkdir(path, 0755);
  aclError ret = ACL_SUCCESS;
  aclprofConfig* config = reinterpret_cast<aclprofConfig*>(1);
  uint32_t devices[] = {0};
  {
    FailAllocations fail;
    ret = aclprofInit(path, sizeof(path) - 1);
  }
  EXPECT_EQ(ret, ACL_ERROR_BAD_ALLOC);
  EXPECT_EQ(RecentMessage(), "[aclsim] error 200000: aclprofInit: out of memory");
  {
    FailAllocations fail;
    config = aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
  }
  EXPECT_EQ(config, nullptr);
  EXPECT_EQ(RecentMessage(), "[aclsim] error 200000: aclprofCreateConfig: out of memory");
  // Profiling still works afterwards.
  ASSERT_EQ(aclprofInit(path, sizeof(path) - 1), ACL_SUCCESS);
  EXPECT_EQ(aclprofFinalize(), ACL_SUCCESS);
}

}  // namespace
}  // namespace aclsim
