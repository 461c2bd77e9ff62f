// mstx markers in the default domain and in a domain of the program's own,
// around an aclnn operator: a range over the whole step, a mark before the
// operator, a domain mark and a domain range after its launch. Run under
// msprof --msproftx=on (run.sh), they land in the job's msprof_tx summary
// with their domains; without a collection every call does nothing.
#include <cstdint>
#include <vector>

#include "../common/sample_check.h"
#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "mstx/ms_tools_ext.h"

namespace {

aclTensor* DeviceTensor(const std::vector<int64_t>& shape, const std::vector<float>& host, void** device) {
  const size_t bytes = host.size() * sizeof(float);
  SAMPLE_CHECK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  SAMPLE_CHECK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size() - 1; i > 0; --i) strides[i - 1] = shape[i] * strides[i];
  return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                         shape.size(), *device);
}

void AddStep(aclrtStream stream, mstxDomainHandle_t domain) {
  const std::vector<int64_t> shape = {4, 2};
  void *self_mem = nullptr, *other_mem = nullptr, *out_mem = nullptr;
  aclTensor* self = DeviceTensor(shape, std::vector<float>(8, 1.0f), &self_mem);
  aclTensor* other = DeviceTensor(shape, std::vector<float>(8, 2.0f), &other_mem);
  aclTensor* out = DeviceTensor(shape, std::vector<float>(8, 0.0f), &out_mem);
  float one = 1.0f;
  aclScalar* alpha = aclCreateScalar(&one, ACL_FLOAT);
  SAMPLE_CHECK(self == nullptr || other == nullptr || out == nullptr || alpha == nullptr);

  mstxDomainMarkA(domain, "tensors ready", stream);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  SAMPLE_CHECK(aclnnAddGetWorkspaceSize(self, other, alpha, out, &workspace_size, &executor));
  void* workspace = nullptr;
  if (workspace_size > 0) SAMPLE_CHECK(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST));
  SAMPLE_CHECK(aclnnAdd(workspace, workspace_size, executor, stream));
  const mstxRangeId wait = mstxDomainRangeStartA(domain, "wait for add", stream);
  SAMPLE_CHECK(aclrtSynchronizeStream(stream));
  std::vector<float> result(8);
  SAMPLE_CHECK(aclrtMemcpy(result.data(), 32, out_mem, 32, ACL_MEMCPY_DEVICE_TO_HOST));
  mstxDomainRangeEnd(domain, wait);

  aclDestroyTensor(self);
  aclDestroyTensor(other);
  aclDestroyTensor(out);
  aclDestroyScalar(alpha);
  for (void* p : {self_mem, other_mem, out_mem, workspace}) {
    if (p != nullptr) SAMPLE_CHECK(aclrtFree(p));
  }
}

}  // namespace

int main() {
  SAMPLE_CHECK(aclInit(nullptr));
  SAMPLE_CHECK(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  SAMPLE_CHECK(aclrtCreateStream(&stream));

  mstxDomainHandle_t domain = mstxDomainCreateA("add_inner");
  const mstxRangeId step = mstxRangeStartA("add step", stream);
  mstxMarkA("add start", stream);
  AddStep(stream, domain);
  mstxRangeEnd(step);
  mstxDomainDestroy(domain);
  uint64_t tool = 0;
  mstxGetToolId(&tool);
  SAMPLE_INFO("mstx tool id 0x%llx, step range id %llu", static_cast<unsigned long long>(tool),
              static_cast<unsigned long long>(step));

  SAMPLE_CHECK(aclrtDestroyStream(stream));
  SAMPLE_CHECK(aclrtResetDevice(0));
  SAMPLE_CHECK(aclFinalize());
  SAMPLE_INFO("4_mstx_with_domain done");
  return 0;
}
