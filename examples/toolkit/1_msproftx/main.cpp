// msproftx stamps and step markers inside a session: a mark, a pushed and
// popped range, a started and stopped range, one step.
#include <string>

#include "../common/sample_check.h"
#include "acl/acl.h"
#include "acl/acl_prof.h"

namespace {

void* Stamp(const std::string& message) {
  void* stamp = aclprofCreateStamp();
  SAMPLE_CHECK(stamp == nullptr);
  SAMPLE_CHECK(aclprofSetStampTraceMessage(stamp, message.c_str(), static_cast<uint32_t>(message.size())));
  return stamp;
}

}  // namespace

int main() {
  uint32_t devices[1] = {0};
  SAMPLE_CHECK(aclInit(nullptr));
  SAMPLE_CHECK(aclrtSetDevice(devices[0]));
  aclrtStream stream = nullptr;
  SAMPLE_CHECK(aclrtCreateStream(&stream));
  const std::string out = "./prof_output";
  SAMPLE_CHECK(aclprofInit(out.c_str(), out.size()));
  aclprofConfig* config =
      aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_MSPROFTX | ACL_PROF_TASK_TIME);
  SAMPLE_CHECK(config == nullptr);
  SAMPLE_CHECK(aclprofStart(config));

  aclprofStepInfo* step = aclprofCreateStepInfo();
  SAMPLE_CHECK(step == nullptr);
  SAMPLE_CHECK(aclprofGetStepTimestamp(step, ACL_STEP_START, stream));
  void* mark = Stamp("load done");
  void* outer = Stamp("outer");
  void* range = Stamp("preprocess");
  SAMPLE_CHECK(aclprofMark(mark));
  SAMPLE_CHECK(aclprofPush(outer));
  uint32_t range_id = 0;
  SAMPLE_CHECK(aclprofRangeStart(range, &range_id));
  SAMPLE_CHECK(aclprofRangeStop(range_id));
  SAMPLE_CHECK(aclprofPop());
  SAMPLE_CHECK(aclprofGetStepTimestamp(step, ACL_STEP_END, stream));
  SAMPLE_CHECK(aclrtSynchronizeStream(stream));
  aclprofDestroyStepInfo(step);
  aclprofDestroyStamp(mark);
  aclprofDestroyStamp(outer);
  aclprofDestroyStamp(range);

  SAMPLE_CHECK(aclprofStop(config));
  SAMPLE_CHECK(aclprofDestroyConfig(config));
  SAMPLE_CHECK(aclprofFinalize());
  SAMPLE_CHECK(aclrtDestroyStream(stream));
  SAMPLE_CHECK(aclrtResetDevice(devices[0]));
  SAMPLE_CHECK(aclFinalize());
  SAMPLE_INFO("1_msproftx done");
  return 0;
}
