// aclrtLaunchHostFunc and its subscriptions, aclrtSubscribeHostFunc /
// aclrtProcessHostFunc / aclrtUnSubscribeHostFunc (hicann/runtime
// docs/zh/api_ref/12_execution_control.md, 24_other_APIs.md;
// docs/host_tasks.md): where a host function runs, in which order, what
// waits for it, and the codes of misuse.
#include <pthread.h>

#include <string>
#include <thread>
#include <vector>

#include "host_task_util.h"

namespace {

using aclsim_conformance::AddTag;
using aclsim_conformance::IdOf;
using aclsim_conformance::LoadFromString;
using aclsim_conformance::ModelIo;
using aclsim_conformance::OneOpModel;
using aclsim_conformance::ProcessThread;
using aclsim_conformance::RecordsNamed;
using aclsim_conformance::RunLog;
using aclsim_conformance::SelfId;
using aclsim_conformance::Tag;
using aclsim_conformance::TraceRecords;

class ConfHostFunc : public aclsim_conformance::HostTaskTest {};

TEST_F(ConfHostFunc, GivenNoSubscriptionWhenLaunchedThenTheRuntimesThreadRunsThemInOrderBeforeSyncReturns) {
  Tag a{&log_, "a"}, b{&log_, "b"}, c{&log_, "c"};
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &a));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &b));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &c));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  const auto entries = log_.Entries();
  ASSERT_EQ(log_.Names(), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_NE(entries[0].thread, SelfId());
  EXPECT_EQ(entries[1].thread, entries[0].thread);  // one thread of the runtime's
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_ACL_OK(aclrtStreamQuery(stream_, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
}

TEST_F(ConfHostFunc, GivenTheDefaultStreamWhenLaunchedWithNullThenItRunsBeforeSynchronizeDeviceReturns) {
  Tag a{&log_, "a"};
  ASSERT_ACL_OK(aclrtLaunchHostFunc(nullptr, AddTag, &a));
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"a"}));
}

TEST_F(ConfHostFunc, GivenBadArgumentsThenCannsCodes) {
  EXPECT_ACL_ERROR(aclrtLaunchHostFunc(stream_, nullptr, nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("fn");
  EXPECT_ACL_ERROR(aclrtSubscribeHostFunc(SelfId(), nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtUnSubscribeHostFunc(SelfId(), nullptr), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtProcessHostFunc(0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_ACL_ERROR(aclrtProcessHostFunc(-2), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_RECENT_ERR_HAS("timeout");
  EXPECT_ACL_ERROR(aclrtProcessHostFunc(1), ACL_ERROR_RT_THREAD_SUBSCRIBE);  // the thread serves no stream
  EXPECT_ACL_ERROR(aclrtUnSubscribeHostFunc(SelfId(), stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  ASSERT_ACL_OK(aclrtSubscribeHostFunc(SelfId(), stream_));
  EXPECT_ACL_ERROR(aclrtSubscribeHostFunc(SelfId() + 1, stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  EXPECT_ACL_ERROR(aclrtUnSubscribeHostFunc(SelfId() + 1, stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  EXPECT_ACL_ERROR(aclrtProcessHostFunc(1), ACL_ERROR_RT_REPORT_TIMEOUT);  // subscribed, nothing launched
  EXPECT_ACL_OK(aclrtUnSubscribeHostFunc(SelfId(), stream_));
  EXPECT_ACL_ERROR(aclrtUnSubscribeHostFunc(SelfId(), stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);
}

TEST_F(ConfHostFunc, GivenACallbackThreadAndNoHostFuncThreadWhenLaunchedThenStreamSubscribeError) {
  ASSERT_ACL_OK(aclrtSubscribeReport(SelfId(), stream_));
  Tag a{&log_, "a"};
  EXPECT_ACL_ERROR(aclrtLaunchHostFunc(stream_, AddTag, &a), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  EXPECT_RECENT_ERR_HAS("aclrtSubscribeHostFunc");
  EXPECT_ACL_OK(aclrtUnSubscribeReport(SelfId(), stream_));
}

TEST_F(ConfHostFunc, GivenTheRuntimesThreadServesTheStreamThenReportSubscriptionsAndCallbacksAreRefused) {
  Tag a{&log_, "a"};
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &a));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_ACL_ERROR(aclrtSubscribeReport(SelfId(), stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  EXPECT_ACL_ERROR(aclrtUnSubscribeReport(SelfId(), stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  EXPECT_ACL_ERROR(aclrtLaunchCallback(AddTag, &a, ACL_CALLBACK_BLOCK, stream_), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"a"}));
}

TEST_F(ConfHostFunc, GivenASubscribedThreadThenItRunsTheHostFunctionsInsideProcessHostFunc) {
  ASSERT_ACL_OK(aclrtSubscribeHostFunc(SelfId(), stream_));
  Tag a{&log_, "a"}, b{&log_, "b"};
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &a));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &b));
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  ASSERT_ACL_OK(aclrtStreamQuery(stream_, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);  // the host functions have not run
  EXPECT_TRUE(log_.Names().empty());
  ASSERT_ACL_OK(aclrtProcessHostFunc(-1));  // both are ready: the second once the first returned
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(log_.Entries()[0].thread, SelfId());
  ASSERT_ACL_OK(aclrtStreamQuery(stream_, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_ACL_OK(aclrtUnSubscribeHostFunc(SelfId(), stream_));
}

TEST_F(ConfHostFunc, GivenTheThreadThatMustRunAPendingHostFuncWhenItSynchronizesThenErrorNotAHang) {
  ASSERT_ACL_OK(aclrtSubscribeHostFunc(SelfId(), stream_));
  Tag a{&log_, "a"};
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &a));
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_INTERNAL_ERROR);
  EXPECT_RECENT_ERR_HAS("wait for itself");
  EXPECT_ACL_ERROR(aclrtSynchronizeDevice(), ACL_ERROR_RT_INTERNAL_ERROR);
  ASSERT_ACL_OK(aclrtProcessHostFunc(1));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"a"}));
}

TEST_F(ConfHostFunc, GivenOpsAroundAHostFuncThenTheHostFuncTakesNoDeviceTimeAndTheLaterOpFollowsTheFirst) {
  uint32_t model = 0;
  ASSERT_ACL_OK(LoadFromString(OneOpModel("m", 5000), &model));
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  Tag a{&log_, "a"};
  ASSERT_ACL_OK(aclmdlExecuteAsync(model, io.input(), io.output(), stream_));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &a));
  ASSERT_ACL_OK(aclmdlExecuteAsync(model, io.input(), io.output(), stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  const auto ops = RecordsNamed(TraceRecords(), "op");
  ASSERT_EQ(ops.size(), 2u);
  EXPECT_EQ(ops[1].startNs, ops[0].endNs);
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"a"}));
  io.Release();
  EXPECT_ACL_OK(aclmdlUnload(model));
}

// Sample 2_advanced_features/callback/0_simple_callback's flow: a callback
// thread and a host-function thread on one stream; every host task is
// blocking, so they run one after another in launch order, across the two
// threads, before the stream's synchronisation returns.
TEST_F(ConfHostFunc, GivenCallbackAndHostFuncThreadsOnOneStreamThenTheyRunInLaunchOrderBeforeSyncReturns) {
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  ProcessThread reports(context, /*host_func=*/false);
  ProcessThread host_funcs(context, /*host_func=*/true);
  ASSERT_ACL_OK(aclrtSubscribeReport(reports.id(), stream_));
  ASSERT_ACL_OK(aclrtSubscribeHostFunc(host_funcs.id(), stream_));
  Tag before{&log_, "before"}, host{&log_, "host"}, after{&log_, "after"};
  ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &before, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &host));
  for (int i = 0; i < 5; ++i) ASSERT_ACL_OK(aclrtLaunchCallback(AddTag, &after, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  const auto entries = log_.Entries();
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"before", "host", "after", "after", "after", "after", "after"}));
  ASSERT_EQ(entries.size(), 7u);
  EXPECT_EQ(entries[0].thread, reports.id());
  EXPECT_EQ(entries[1].thread, host_funcs.id());
  EXPECT_EQ(entries[6].thread, reports.id());
  const uint64_t report_id = reports.id(), host_func_id = host_funcs.id();
  reports.Stop();
  host_funcs.Stop();
  EXPECT_ACL_OK(aclrtUnSubscribeReport(report_id, stream_));
  EXPECT_ACL_OK(aclrtUnSubscribeHostFunc(host_func_id, stream_));
}

TEST_F(ConfHostFunc, GivenHostFuncsOfTheRuntimesThreadWhenTheStreamIsDestroyedThenTheDestroyWaitsForThem) {
  Tag a{&log_, "a"}, b{&log_, "b"}, c{&log_, "c"};
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &a));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &b));
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &c));
  ASSERT_ACL_OK(aclrtDestroyStream(stream_));  // no synchronisation first
  stream_ = nullptr;
  EXPECT_EQ(log_.Names(), (std::vector<std::string>{"a", "b", "c"}));
}

TEST_F(ConfHostFunc, GivenHostFuncsNoThreadRunsWhenTheStreamIsDestroyedThenTheyAreDroppedAndNothingHangs) {
  ASSERT_ACL_OK(aclrtSubscribeHostFunc(SelfId(), stream_));
  Tag a{&log_, "a"};
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &a));
  ASSERT_ACL_OK(aclrtDestroyStream(stream_));
  stream_ = nullptr;
  EXPECT_ACL_ERROR(aclrtProcessHostFunc(1), ACL_ERROR_RT_THREAD_SUBSCRIBE);  // the binding ended with the stream
  EXPECT_TRUE(log_.Names().empty());
}

TEST_F(ConfHostFunc, GivenAnUnsubscribeWhileHostFuncsPendThenTheyAreDroppedAndSynchronizeReturns) {
  ASSERT_ACL_OK(aclrtSubscribeHostFunc(SelfId(), stream_));
  Tag a{&log_, "a"};
  ASSERT_ACL_OK(aclrtLaunchHostFunc(stream_, AddTag, &a));
  ASSERT_ACL_OK(aclrtUnSubscribeHostFunc(SelfId(), stream_));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
  EXPECT_TRUE(log_.Names().empty());
}

TEST_F(ConfHostFunc, GivenAThreadWaitingForeverWhenItsSubscriptionEndsThenItReturnsThreadSubscribe) {
  std::atomic<aclError> result{ACL_SUCCESS};
  std::atomic<bool> go{false};
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  std::thread waiter([&] {
    (void)aclrtSetCurrentContext(context);
    while (!go.load()) std::this_thread::yield();
    result.store(aclrtProcessHostFunc(-1));
  });
  const uint64_t id = IdOf(waiter.get_id());
  ASSERT_ACL_OK(aclrtSubscribeHostFunc(id, stream_));
  go.store(true);
  ASSERT_ACL_OK(aclrtUnSubscribeHostFunc(id, stream_));  // before or while it waits: the same answer
  waiter.join();
  EXPECT_EQ(result.load(), ACL_ERROR_RT_THREAD_SUBSCRIBE);
}

}  // namespace
