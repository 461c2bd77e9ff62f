// The second process of the IPC memory tests (ipc_memory_test.cc): an
// ordinary ACL program. It reads one line from stdin, "<key> <mode>", and
// writes one line to stdout, "ok" or what went wrong, then exits 0.
//   read    import the key, expect bytes 0..3 to be 11 22 33 44, write 55 66
//           to bytes 4..5, close the key
//   denied  expect the import to fail with ACL_ERROR_RT_NO_PERMISSION (207006)
//   gone    expect the import to fail with ACL_ERROR_RT_PARAM_INVALID (107000)
// and for shareable physical memory (virtual_memory_test.cc), with the
// shareable handle in decimal as the key:
//   physical         import it, map it at a reservation, then as "read"
//   physical-denied  expect ACL_ERROR_RT_NO_PERMISSION
// and for IPC events (ipc_event_test.cc), with the handle's 64 bytes in hex
// as the key:
//   event      open it and answer whether its latest record has completed
//              ("complete" or "pending"); then read a line (the test's go-on),
//              wait for the event on a stream and answer whether the stream is
//              held by the wait ("held" or "running"); synchronise the stream,
//              record the event on it, synchronise the event and answer "ok"
//   event-gone expect the open to fail with ACL_ERROR_RT_PARAM_INVALID
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>

#include "acl/acl.h"

namespace {

std::string RunPhysical(const std::string& key, const std::string& mode) {
  const uint64_t shareable = std::stoull(key);
  aclrtDrvMemHandle handle = nullptr;
  const aclError ret = aclrtMemImportFromShareableHandle(shareable, 0, &handle);
  if (mode == "physical-denied")
    return ret == ACL_ERROR_RT_NO_PERMISSION ? "ok" : "import returned " + std::to_string(ret);
  if (ret != ACL_SUCCESS) return "import returned " + std::to_string(ret) + ": " + aclGetRecentErrMsg();
  const size_t size = size_t{2} << 20;
  void* va = nullptr;
  if (aclrtReserveMemAddress(&va, size, 0, nullptr, 0) != ACL_SUCCESS) return "reserve failed";
  if (aclrtMapMem(va, size, 0, handle, 0) != ACL_SUCCESS) return std::string("map failed: ") + aclGetRecentErrMsg();
  unsigned char bytes[6] = {};
  if (aclrtMemcpy(bytes, 4, va, 4, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS) return "reading failed";
  if (bytes[0] != 11 || bytes[1] != 22 || bytes[2] != 33 || bytes[3] != 44) return "unexpected bytes";
  bytes[4] = 55;
  bytes[5] = 66;
  if (aclrtMemcpy(static_cast<unsigned char*>(va) + 4, 2, bytes + 4, 2, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
    return "writing failed";
  }
  if (aclrtUnmapMem(va) != ACL_SUCCESS || aclrtFreePhysical(handle) != ACL_SUCCESS ||
      aclrtReleaseMemAddress(va) != ACL_SUCCESS) {
    return "release failed";
  }
  return "ok";
}

std::string RunEvent(const std::string& key, const std::string& mode) {
  aclrtIpcEventHandle handle{};
  if (key.size() != 2 * sizeof(handle.reserved)) return "the handle is not 128 hex digits";
  for (size_t i = 0; i < sizeof(handle.reserved); ++i) {
    handle.reserved[i] = static_cast<char>(std::stoi(key.substr(2 * i, 2), nullptr, 16));
  }
  aclrtEvent event = nullptr;
  const aclError opened = aclrtIpcOpenEventHandle(handle, &event);
  if (mode == "event-gone") {
    return opened == ACL_ERROR_RT_PARAM_INVALID ? "ok" : "open returned " + std::to_string(opened);
  }
  if (opened != ACL_SUCCESS) return "open returned " + std::to_string(opened) + ": " + aclGetRecentErrMsg();
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  if (aclrtQueryEventStatus(event, &status) != ACL_SUCCESS) return "query failed";
  std::cout << (status == ACL_EVENT_RECORDED_STATUS_COMPLETE ? "complete" : "pending") << std::endl;
  std::string go;
  if (!std::getline(std::cin >> std::ws, go)) return "no go-on line";
  aclrtStream stream = nullptr;
  if (aclrtCreateStream(&stream) != ACL_SUCCESS) return "stream creation failed";
  if (aclrtStreamWaitEvent(stream, event) != ACL_SUCCESS) return std::string("wait failed: ") + aclGetRecentErrMsg();
  aclrtStreamStatus stream_status = ACL_STREAM_STATUS_RESERVED;
  if (aclrtStreamQuery(stream, &stream_status) != ACL_SUCCESS) return "stream query failed";
  std::cout << (stream_status == ACL_STREAM_STATUS_NOT_READY ? "held" : "running") << std::endl;
  if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) return "stream synchronisation failed";
  if (aclrtRecordEvent(event, stream) != ACL_SUCCESS) return std::string("record failed: ") + aclGetRecentErrMsg();
  if (aclrtSynchronizeEvent(event) != ACL_SUCCESS) return "event synchronisation failed";
  if (aclrtQueryEventStatus(event, &status) != ACL_SUCCESS || status != ACL_EVENT_RECORDED_STATUS_COMPLETE) {
    return "the peer's own record did not complete";
  }
  if (aclrtDestroyEvent(event) != ACL_SUCCESS || aclrtDestroyStream(stream) != ACL_SUCCESS) return "cleanup failed";
  return "ok";
}

std::string Run(const std::string& key, const std::string& mode) {
  if (mode.rfind("physical", 0) == 0) return RunPhysical(key, mode);
  if (mode.rfind("event", 0) == 0) return RunEvent(key, mode);
  void* p = nullptr;
  const aclError ret = aclrtIpcMemImportByKey(&p, key.c_str(), ACL_RT_IPC_MEM_IMPORT_FLAG_DEFAULT);
  if (mode == "denied" || mode == "gone") {
    const aclError want = mode == "denied" ? ACL_ERROR_RT_NO_PERMISSION : ACL_ERROR_RT_PARAM_INVALID;
    return ret == want ? "ok" : "import returned " + std::to_string(ret);
  }
  if (ret != ACL_SUCCESS) return "import returned " + std::to_string(ret) + ": " + aclGetRecentErrMsg();
  unsigned char bytes[6] = {};
  if (aclrtMemcpy(bytes, 4, p, 4, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS) return "reading failed";
  if (bytes[0] != 11 || bytes[1] != 22 || bytes[2] != 33 || bytes[3] != 44) return "unexpected bytes";
  bytes[4] = 55;
  bytes[5] = 66;
  if (aclrtMemcpy(static_cast<unsigned char*>(p) + 4, 2, bytes + 4, 2, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
    return "writing failed";
  }
  if (aclrtFree(p) != ACL_ERROR_RT_PARAM_INVALID) return "aclrtFree of imported memory did not fail";
  if (aclrtIpcMemClose(key.c_str()) != ACL_SUCCESS) return "close failed";
  return "ok";
}

}  // namespace

int main() {
  std::string key, mode;
  if (!(std::cin >> key >> mode)) return 2;
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
    std::cout << "init failed: " << aclGetRecentErrMsg() << std::endl;
    return 0;
  }
  std::cout << Run(key, mode) << std::endl;
  (void)aclrtResetDeviceForce(0);
  (void)aclFinalize();
  return 0;
}
