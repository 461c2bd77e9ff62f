// aclrtSubscribeReport / aclrtLaunchCallback / aclrtProcessReport /
// aclrtUnSubscribeReport (hicann/runtime docs/zh/api_ref/12_execution_control.md;
// docs/host_tasks.md): CANN's codes for each misuse, the order callbacks
// run in, what ACL_CALLBACK_BLOCK holds back, and that misuse never hangs.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "host_task_util.h"

namespace {

using aclsim_conformance::AclsimConfig;
using aclsim_conformance::AddTag;
using aclsim_conformance::IdOf;
using aclsim_conformance::kNoHostCostsKey;
using aclsim_conformance::NoHostCostsConfig;
using aclsim_conformance::RunLog;
using aclsim_conformance::SelfId;
using aclsim_conformance::Tag;
using aclsim_conformance::TempFile;

class ConfReportCallback : public aclsim_conformance::HostTaskTest {};

TEST_F(ConfReportCallback, GivenBadLaunchArgumentsThenBlockTypeIsCheckedBeforeFnAndTheSubscription) {
  Tag a{&log_, "a"};
  const auto bad = static_cast<aclrtCallbackBlockType>(2);
  EXPECT_ACL_ERROR(aclrtLaunchCallback(nullptr, nullptr, bad, stream_), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("blockType");
  EXPECT_ACL_ERROR(aclrtLaunchCallback(nullptr, nullptr, ACL_CALLBACK_BLOCK, stream_), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("fn");
  EXPECT_ACL_ERROR(aclrtLaunchCallback(AddTag, &a, ACL_CALLBACK_NO_BLOCK, stream_), ACL_ERROR_RT_STREAM_NO_CB_REG);
  EXPECT_RECENT_ERR_HAS("aclrtSubscribeReport");
  EXPECT_TRUE(log_.Names().empty());
}

TEST_F(ConfReportCallback, GivenBadProcessArgumentsThenCannsCodes) {
  EXPECT_ACL_ERROR(aclrtProcessReport(0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtProcessReport(-2), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("timeout");
  EXPECT_ACL_ERROR(aclrtProcessReport(-1), ACL_ERROR_RT_THREAD_SUBSCRIBE);  // serves no stream: no wait at all
  EXPECT_ACL_ERROR(aclrtProcessReport(1), ACL_ERROR_RT_THREAD_SUBSCRIBE);
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), stream_));
  EXPECT_ACL_ERROR(aclrtProcessReport(1), ACL_ERROR_RT_REPORT_TIMEOUT);
  EXPECT_EQ(ACL_ERROR_RT_REPORT_TIMEOUT, 507012);
  EXPECT_ACL_OK(aclrtUnSubscribeReport(SelfId(), stream_));
}

TEST_F(ConfReportCallback, GivenSubscriptionMisuseThenStreamAndThreadSubscribeCodes) {
  const uint64_t self = SelfId();
  ASSERT_ACL_OK(aclrtSubscribeReport(self, stream_));
  EXPECT_ACL_ERROR(aclrtSubscribeReport(self, stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);      // again
  EXPECT_ACL_ERROR(aclrtSubscribeReport(self + 1, stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);  // a second thread
  EXPECT_ACL_ERROR(aclrtUnSubscribeReport(self + 1, stream_), ACL_ERROR_RT_THREAD_SUBSCRIBE);
  aclrtStream other = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&other));
  EXPECT_ACL_ERROR(aclrtUnSubscribeReport(self, other), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  EXPECT_ACL_OK(aclrtSubscribeReport(self, other));  // one thread may serve several streams of its device
  EXPECT_ACL_OK(aclrtUnSubscribeReport(self, other));
  EXPECT_ACL_OK(aclrtUnSubscribeReport(self, stream_));
  EXPECT_ACL_ERROR(aclrtUnSubscribeReport(self, stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  EXPECT_ACL_OK(aclrtDestroyStream(other));
}

TEST(ConfReportCallbackDevices, GivenAThreadServingDevice0WhenItSubscribesAStreamOfDevice1ThenThreadSubscribe) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("client_device_options");  // device_count is one
  const TempFile config(AclsimConfig(std::string(R"({"device_count": 2, )") + kNoHostCostsKey + "}"));
  ASSERT_ACL_OK(aclInit(config.c_str()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream on0 = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&on0));
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), on0));
  ASSERT_ACL_OK(aclrtSetDevice(1));
  aclrtStream on1 = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&on1));
  EXPECT_ACL_ERROR(aclrtSubscribeReport(SelfId(), on1), ACL_ERROR_RT_THREAD_SUBSCRIBE);
  EXPECT_RECENT_ERR_HAS("device 0");
  EXPECT_ACL_OK(aclrtSubscribeReport(SelfId() + 1, on1));
  EXPECT_ACL_OK(aclrtDestroyStream(on1));  // its subscription ends with it
  EXPECT_ACL_OK(aclrtResetDevice(1));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtUnSubscribeReport(SelfId(), on0));
  EXPECT_ACL_OK(aclrtDestroyStream(on0));
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

TEST_F(ConfReportCallback, GivenNoContextWhenTheDefaultStreamIsNamedThenContextNull) {
  ASSERT_ACL_OK(aclrtResetDeviceForce(0));
  device_set_ = false;
  Tag a{&log_, "a"};
  EXPECT_ACL_ERROR(aclrtSubscribeReport(SelfId(), nullptr), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_ACL_ERROR(aclrtLaunchCallback(AddTag, &a, ACL_CALLBACK_BLOCK, nullptr), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_ACL_ERROR(aclrtUnSubscribeReport(SelfId(), nullptr), ACL_ERROR_RT_CONTEXT_NULL);
  stream_ = nullptr;  // destroyed with the device's context
}

TEST_F(ConfReportCallback, GivenTheDefaultStreamWhenNamedWithNullThenItIsSubscribedAndServed) {
  Tag a{&log_, "a"};
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), nullptr));
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &a, ACL_CALLBACK_BLOCK, nullptr));
  ASSERT_ACL_OK(aclrtProcessReport(-1));
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"a"}));
  EXPECT_ACL_OK(aclrtUnSubscribeReport(SelfId(), nullptr));
}

TEST_F(ConfReportCallback, GivenBlockingAndNonBlockingCallbacksThenOneProcessRunsThemAllInLaunchOrder) {
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), stream_));
  Tag a{&log_, "a"}, b{&log_, "b"}, c{&log_, "c"}, d{&log_, "d"};
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &a, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &b, ACL_CALLBACK_NO_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &c, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &d, ACL_CALLBACK_NO_BLOCK, stream_));
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  ASSERT_ACL_OK(aclrtStreamQuery(stream_, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  ASSERT_ACL_OK(aclrtProcessReport(1));
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_ACL_ERROR(aclrtProcessReport(1), ACL_ERROR_RT_REPORT_TIMEOUT);
  ASSERT_ACL_OK(aclrtStreamQuery(stream_, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtUnSubscribeReport(SelfId(), stream_));
}

// ACL_CALLBACK_BLOCK holds back the stream's later host tasks until it has
// run; ACL_CALLBACK_NO_BLOCK does not. A host function on the same stream,
// served by the same thread's aclrtProcessHostFunc, shows the difference.
TEST_F(ConfReportCallback, GivenANonBlockingCallbackThenTheNextHostTaskRunsBeforeIt) {
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), stream_));
  ASSERT_ACL_OK(aclrtSubscribeHostFunc(SelfId(), stream_));
  Tag cb{&log_, "callback"}, host{&log_, "host"};
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &cb, ACL_CALLBACK_NO_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &host));
  ASSERT_ACL_OK(aclrtProcessHostFunc(1));
  ASSERT_ACL_OK(aclrtProcessReport(1));
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"host", "callback"}));
  EXPECT_ACL_OK(aclrtUnSubscribeHostFunc(SelfId(), stream_));
  EXPECT_ACL_OK(aclrtUnSubscribeReport(SelfId(), stream_));
}

TEST_F(ConfReportCallback, GivenABlockingCallbackThenTheNextHostTaskWaitsForIt) {
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), stream_));
  ASSERT_ACL_OK(aclrtSubscribeHostFunc(SelfId(), stream_));
  Tag cb{&log_, "callback"}, host{&log_, "host"};
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &cb, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &host));
  EXPECT_ACL_ERROR(aclrtProcessHostFunc(1), ACL_ERROR_RT_REPORT_TIMEOUT);  // held back by the callback
  ASSERT_ACL_OK(aclrtProcessReport(1));
  ASSERT_ACL_OK(aclrtProcessHostFunc(1));
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"callback", "host"}));
  EXPECT_ACL_OK(aclrtUnSubscribeHostFunc(SelfId(), stream_));
  EXPECT_ACL_OK(aclrtUnSubscribeReport(SelfId(), stream_));
}

TEST_F(ConfReportCallback, GivenTwoStreamsServedByOneThreadThenEachKeepsItsOwnOrder) {
  aclrtStream other = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&other));
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), stream_));
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), other));
  Tag a1{&log_, "a1"}, a2{&log_, "a2"}, b1{&log_, "b1"};
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &a1, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &b1, ACL_CALLBACK_BLOCK, other));
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &a2, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtProcessReport(1));
  // a1 and b1 were ready at once; a2 became ready when a1 returned.
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"a1", "b1", "a2"}));
  EXPECT_ACL_OK(aclrtUnSubscribeReport(SelfId(), other));
  EXPECT_ACL_OK(aclrtUnSubscribeReport(SelfId(), stream_));
  EXPECT_ACL_OK(aclrtDestroyStream(other));
}

TEST_F(ConfReportCallback, GivenAnotherThreadProcessingWhenTheStreamIsSynchronizedThenEveryCallbackRanFirst) {
  std::atomic<bool> stop{false};
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  std::thread worker([&] {
    (void)aclrtSetCurrentContext(context);
    while (!stop.load()) (void)aclrtProcessReport(100);
  });
  const uint64_t id = IdOf(worker.get_id());
  ASSERT_ACL_OK(aclrtSubscribeReport(id, stream_));
  std::vector<Tag> tags;
  const char* names[] = {"0", "1", "2", "3", "4", "5", "6", "7"};
  for (const char* n : names) tags.push_back({&log_, n});
  for (size_t i = 0; i < tags.size(); ++i) {
    ASSERT_ACL_OK(
        aclrtLaunchCallback(AddTag, &tags[i], i % 2 == 0 ? ACL_CALLBACK_BLOCK : ACL_CALLBACK_NO_BLOCK, stream_));
  }
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6", "7"}));
  for (const auto& e : log_.Entries()) EXPECT_EQ(e.thread, id);
  stop.store(true);
  worker.join();
  EXPECT_ACL_OK(aclrtUnSubscribeReport(id, stream_));
}

TEST_F(ConfReportCallback, GivenAnUnsubscribeWhileCallbacksPendThenTheyAreDroppedAndSynchronizeReturns) {
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), stream_));
  Tag a{&log_, "a"}, b{&log_, "b"};
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &a, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &b, ACL_CALLBACK_NO_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtUnSubscribeReport(SelfId(), stream_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_ACL_ERROR(aclrtProcessReport(1), ACL_ERROR_RT_THREAD_SUBSCRIBE);
  EXPECT_TRUE(log_.Names().empty());
}

TEST_F(ConfReportCallback, GivenAThreadWaitingForeverWhenItIsUnsubscribedThenItReturnsThreadSubscribe) {
  std::atomic<aclError> result{ACL_SUCCESS};
  std::atomic<bool> go{false};
  std::thread waiter([&] {
    while (!go.load()) std::this_thread::yield();
    result.store(aclrtProcessReport(-1));
  });
  const uint64_t id = IdOf(waiter.get_id());
  ASSERT_ACL_OK(aclrtSubscribeReport(id, stream_));
  go.store(true);
  ASSERT_ACL_OK(aclrtUnSubscribeReport(id, stream_));  // before or while it waits: the same answer
  waiter.join();
  EXPECT_EQ(result.load(), ACL_ERROR_RT_THREAD_SUBSCRIBE);
}

// A callback no thread ever processes: finalizing drops it (it never runs)
// and releases a thread waiting forever in aclrtProcessReport.
TEST(ConfReportCallbackFinalize, GivenACallbackNeverProcessedWhenFinalizingThenItIsDroppedAndWaitersReturn) {
  ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));
  ACLSIM_SKIP_WITHOUT_DEVICES();
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  RunLog log;
  Tag a{&log, "a"};
  std::atomic<bool> subscribed{false};
  std::atomic<aclError> result{ACL_SUCCESS};
  std::thread waiter([&] {
    while (!subscribed.load()) std::this_thread::yield();
    result.store(aclrtProcessReport(-1));  // returns when finalize ends the runtime
  });
  ASSERT_ACL_OK(aclrtSubscribeReport(IdOf(waiter.get_id()) + 1, stream));  // a thread that never processes
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &a, ACL_CALLBACK_BLOCK, stream));
  ASSERT_ACL_OK(aclrtSubscribeReport(IdOf(waiter.get_id()), nullptr));
  subscribed.store(true);
  EXPECT_ACL_OK(aclFinalize());
  waiter.join();
  // Waiting when finalize ended the runtime: 100001. Called after it: a new
  // runtime (an aclrt call creates one) where the thread serves no stream.
  const aclError r = result.load();
  EXPECT_TRUE(r == ACL_ERROR_UNINITIALIZE || r == ACL_ERROR_RT_THREAD_SUBSCRIBE) << r;
  EXPECT_TRUE(log.Names().empty());
  EXPECT_ACL_ERROR(aclrtProcessReport(1), ACL_ERROR_RT_THREAD_SUBSCRIBE);  // nothing survived finalize
  (void)aclFinalize();
}

}  // namespace
