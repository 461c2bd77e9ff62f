// Helpers of the host-task conformance tests (host_func_test.cc,
// report_callback_test.cc): a thread-safe log of what host functions ran,
// on which thread, and thread ids as the program hands them to
// aclrtSubscribeReport / aclrtSubscribeHostFunc (a std::thread::id printed
// as a number, as CANN's runtime samples do).
#ifndef ACLSIM_TESTS_CONFORMANCE_HOST_TASK_UTIL_H_
#define ACLSIM_TESTS_CONFORMANCE_HOST_TASK_UTIL_H_

#include <atomic>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "conformance_util.h"

namespace aclsim_conformance {

inline uint64_t IdOf(std::thread::id id) {
  std::ostringstream out;
  out << id;
  return std::stoull(out.str());
}

inline uint64_t SelfId() { return IdOf(std::this_thread::get_id()); }

// What host functions ran, in order, and the thread of each.
class RunLog {
 public:
  struct Entry {
    std::string name;
    uint64_t thread;
  };
  void Add(const std::string& name) {
    std::lock_guard<std::mutex> lock(mu_);
    entries_.push_back({name, SelfId()});
  }
  std::vector<std::string> Names() {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<std::string> out;
    for (const Entry& e : entries_) out.push_back(e.name);
    return out;
  }
  std::vector<Entry> Entries() {
    std::lock_guard<std::mutex> lock(mu_);
    return entries_;
  }

 private:
  std::mutex mu_;
  std::vector<Entry> entries_;
};

// A host function's argument: the log and the name it adds.
struct Tag {
  RunLog* log;
  const char* name;
};

inline void AddTag(void* arg) {
  auto* tag = static_cast<Tag*>(arg);
  tag->log->Add(tag->name);
}

// A thread that loops aclrtProcessReport (|host_func| false) or
// aclrtProcessHostFunc with 100 ms waits, as the runtime samples' threads
// do, until Stop(); it makes |context| current first.
class ProcessThread {
 public:
  ProcessThread(aclrtContext context, bool host_func)
      : thread_([this, context, host_func] {
          (void)aclrtSetCurrentContext(context);
          while (!stop_.load()) (void)(host_func ? aclrtProcessHostFunc(100) : aclrtProcessReport(100));
        }) {}
  ~ProcessThread() { Stop(); }
  uint64_t id() const { return IdOf(thread_.get_id()); }
  void Stop() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// A device, a stream (destroyed by force, so pending host tasks never hold
// TearDown) and a log: the fixture of the host-task tests.
class HostTaskTest : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
  }
  void TearDown() override {
    if (stream_ != nullptr) (void)aclrtDestroyStreamForce(stream_);
    AclDeviceTest::TearDown();
  }
  aclrtStream stream_ = nullptr;
  RunLog log_;
};

}  // namespace aclsim_conformance

#endif  // ACLSIM_TESTS_CONFORMANCE_HOST_TASK_UTIL_H_
