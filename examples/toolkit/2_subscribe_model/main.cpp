// Operator subscription without a model load: the model id is registered on
// the device with MsprofSetDeviceIdByGeModelIdx (as GE does when it loads a
// model), subscribed with a pipe, read by a thread; unsubscribing closes the
// write end, so the reader sees EOF. The read buffer is cleared with
// securec's memset_s.
#include <pthread.h>
#include <unistd.h>

#include "../common/sample_check.h"
#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "profiling/aprof_pub.h"
#include "securec.h"

namespace {

struct ReaderResult {
  int fd = -1;
  size_t records = 0;
  ssize_t last_read = -1;
};

void* ReadRecords(void* arg) {
  auto* result = static_cast<ReaderResult*>(arg);
  size_t record_size = 0;
  if (aclprofGetOpDescSize(&record_size) != ACL_SUCCESS) return nullptr;
  const size_t buffer_size = record_size * 16;
  char* buffer = new char[buffer_size];
  for (;;) {
    if (memset_s(buffer, buffer_size, 0, buffer_size) != EOK) break;
    result->last_read = read(result->fd, buffer, buffer_size);
    if (result->last_read <= 0) break;
    uint32_t n = 0;
    if (aclprofGetOpNum(buffer, static_cast<size_t>(result->last_read), &n) == ACL_SUCCESS) result->records += n;
  }
  delete[] buffer;
  return nullptr;
}

}  // namespace

int main() {
  const uint32_t device = 0;
  const uint32_t model_id = 0;
  SAMPLE_CHECK(aclInit(nullptr));
  SAMPLE_CHECK(aclrtSetDevice(device));
  SAMPLE_CHECK(MsprofSetDeviceIdByGeModelIdx(model_id, device));

  int fds[2];
  SAMPLE_CHECK(pipe(fds));
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fds[1]);
  SAMPLE_CHECK(config == nullptr);
  SAMPLE_CHECK(aclprofModelSubscribe(model_id, config));
  ReaderResult result;
  result.fd = fds[0];
  pthread_t reader;
  SAMPLE_CHECK(pthread_create(&reader, nullptr, ReadRecords, &result));

  SAMPLE_INFO("subscribed to model %u; unsubscribing", model_id);
  SAMPLE_CHECK(aclprofModelUnSubscribe(model_id));
  SAMPLE_CHECK(pthread_join(reader, nullptr));
  SAMPLE_CHECK(result.last_read != 0);  // the reader ended on EOF
  SAMPLE_CHECK(fds[1] != -1);           // the library closed the write end
  SAMPLE_CHECK(close(fds[0]));
  SAMPLE_CHECK(aclprofDestroySubscribeConfig(config));
  SAMPLE_INFO("reader saw EOF after %zu records", result.records);

  char line[32];
  SAMPLE_CHECK(sprintf_s(line, sizeof(line), "model %u", model_id) != 7);
  SAMPLE_CHECK(aclrtResetDevice(device));
  SAMPLE_CHECK(aclFinalize());
  SAMPLE_INFO("2_subscribe_model done (%s)", line);
  return 0;
}
