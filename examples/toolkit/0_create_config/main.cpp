// A profiling session configured with aclprofCreateConfig, started and
// stopped around (here: no) work. Linked with -Wl,--no-as-needed against
// libprofapi.so as well, which it does not call: the binary only starts if
// the toolkit ships that library.
#include <string>

#include "../common/sample_check.h"
#include "acl/acl.h"
#include "acl/acl_prof.h"

int main() {
  uint32_t devices[1] = {0};
  SAMPLE_CHECK(aclInit(nullptr));
  SAMPLE_CHECK(aclrtSetDevice(devices[0]));
  aclrtStream stream = nullptr;
  SAMPLE_CHECK(aclrtCreateStream(&stream));

  const std::string out = "./prof_output";
  SAMPLE_CHECK(aclprofInit(out.c_str(), out.size()));
  aclprofConfig* config = aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr,
                                              ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_RUNTIME_API);
  SAMPLE_CHECK(config == nullptr);
  SAMPLE_CHECK(aclprofStart(config));
  SAMPLE_INFO("profiling started");
  SAMPLE_CHECK(aclrtSynchronizeStream(stream));
  SAMPLE_CHECK(aclprofStop(config));
  SAMPLE_CHECK(aclprofDestroyConfig(config));
  SAMPLE_CHECK(aclprofFinalize());
  SAMPLE_INFO("profiling stopped");

  SAMPLE_CHECK(aclrtDestroyStream(stream));
  SAMPLE_CHECK(aclrtResetDevice(devices[0]));
  SAMPLE_CHECK(aclFinalize());
  SAMPLE_INFO("0_create_config done");
  return 0;
}
