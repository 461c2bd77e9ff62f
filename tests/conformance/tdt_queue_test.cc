// Shared queues and buffers (acl_tdt_queue.h): attributes, queues, enqueue
// and dequeue of buffers and of data, grant / attach in one process, routes
// and the buffers' data, chains and user data, with CANN's codes
// (libacl_tdt_queue.so).
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "acl/acl_tdt_queue.h"
#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

TEST(ConfTdtQueueAttr, GivenNewAttrWhenReadThenCannsDefaultsAndWhatWasSet) {
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  ASSERT_NE(attr, nullptr);
  uint32_t depth = 0;
  size_t ret_size = 0;
  ASSERT_ACL_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &ret_size, &depth));
  EXPECT_EQ(depth, 8u);
  EXPECT_EQ(ret_size, sizeof(uint32_t));
  const char* name = nullptr;
  ASSERT_ACL_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &ret_size, &name));
  EXPECT_STREQ(name, "");
  EXPECT_EQ(ret_size, sizeof(const char*));

  const char* set_name = "conf_attr";
  const uint32_t set_depth = 3;
  ASSERT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(set_name), &set_name));
  ASSERT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(set_depth), &set_depth));
  ASSERT_ACL_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &ret_size, &name));
  EXPECT_STREQ(name, "conf_attr");
  EXPECT_NE(name, set_name);  // the attribute keeps its own copy
  ASSERT_ACL_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &ret_size, &depth));
  EXPECT_EQ(depth, 3u);
  EXPECT_ACL_OK(acltdtDestroyQueueAttr(attr));
}

TEST(ConfTdtQueueAttr, GivenBadArgumentsWhenSetOrGetThenInvalidParam) {
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  uint32_t depth = 4;
  size_t ret_size = 0;
  const std::string long_name(128, 'q');
  const char* long_ptr = long_name.c_str();
  const char* null_name = nullptr;
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(nullptr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, &depth), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 8, &depth), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, 8, &long_ptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, 8, &null_name), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, static_cast<acltdtQueueAttrType>(9), 4, &depth), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 2, &ret_size, &depth), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, nullptr, &depth), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtDestroyQueueAttr(attr));
  EXPECT_ACL_ERROR(acltdtDestroyQueueAttr(attr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtDestroyQueueAttr(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST(ConfTdtRoute, GivenRouteAndListWhenQueriedThenParamsAndCopies) {
  acltdtQueueRoute* route = acltdtCreateQueueRoute(5, 9);
  ASSERT_NE(route, nullptr);
  uint32_t src = 0, dst = 0;
  int32_t status = -1;
  size_t ret_size = 0;
  EXPECT_ACL_OK(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_SRC_UINT32, 4, &ret_size, &src));
  EXPECT_ACL_OK(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_DST_UINT32, 4, &ret_size, &dst));
  EXPECT_ACL_OK(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, 4, &ret_size, &status));
  EXPECT_EQ(src, 5u);
  EXPECT_EQ(dst, 9u);
  EXPECT_EQ(status, ACL_TDT_QUEUE_ROUTE_UNBIND);
  EXPECT_EQ(ret_size, 4u);
  EXPECT_ACL_ERROR(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_SRC_UINT32, 2, &ret_size, &src),
                   ACL_ERROR_INVALID_PARAM);
  acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
  EXPECT_EQ(acltdtGetQueueRouteNum(list), 0u);
  EXPECT_EQ(acltdtGetQueueRouteNum(nullptr), 0u);
  EXPECT_ACL_OK(acltdtAddQueueRoute(list, route));
  EXPECT_EQ(acltdtGetQueueRouteNum(list), 1u);
  acltdtQueueRoute* out = acltdtCreateQueueRoute(0, 0);
  EXPECT_ACL_OK(acltdtGetQueueRoute(list, 0, out));
  EXPECT_ACL_OK(acltdtGetQueueRouteParam(out, ACL_TDT_QUEUE_ROUTE_DST_UINT32, 4, &ret_size, &dst));
  EXPECT_EQ(dst, 9u);
  EXPECT_ACL_ERROR(acltdtGetQueueRoute(list, 1, out), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtAddQueueRoute(list, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtDestroyQueueRoute(out));
  EXPECT_ACL_OK(acltdtDestroyQueueRouteList(list));
  EXPECT_ACL_OK(acltdtDestroyQueueRoute(route));
}

class ConfTdtQueue : public AclDeviceTest {
 protected:
  uint32_t MakeQueue(const char* name, uint32_t depth) {
    acltdtQueueAttr* attr = acltdtCreateQueueAttr();
    EXPECT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth));
    if (name != nullptr) {
      EXPECT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &name));
    }
    uint32_t qid = 0;
    EXPECT_ACL_OK(acltdtCreateQueue(attr, &qid));
    EXPECT_ACL_OK(acltdtDestroyQueueAttr(attr));
    return qid;
  }
};

TEST_F(ConfTdtQueue, GivenQueueWhenEnqueueDataThenDequeueDataReturnsBytesAndUserData) {
  const uint32_t qid = MakeQueue("conf_data", 2);
  const char payload[] = "queue bytes";
  const uint32_t user = 0xabcdef01u;
  ASSERT_ACL_OK(acltdtEnqueueData(qid, payload, sizeof(payload), &user, sizeof(user), 0, 0));
  char out[32] = {};
  size_t got = 0;
  uint32_t user_out = 0;
  ASSERT_ACL_OK(acltdtDequeueData(qid, out, sizeof(out), &got, &user_out, sizeof(user_out), 0));
  EXPECT_EQ(got, sizeof(payload));
  EXPECT_STREQ(out, "queue bytes");
  EXPECT_EQ(user_out, 0xabcdef01u);
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, out, sizeof(out), &got, nullptr, 0, 0), ACL_ERROR_RT_QUEUE_EMPTY);
  ASSERT_ACL_OK(acltdtEnqueueData(qid, payload, 4, nullptr, 0, 0, 0));
  ASSERT_ACL_OK(acltdtEnqueueData(qid, payload, 4, nullptr, 0, 0, 0));
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, payload, 4, nullptr, 0, 10, 0), ACL_ERROR_RT_QUEUE_FULL);
  // Too small a destination leaves the buffer where it is.
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, out, 2, &got, nullptr, 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtDequeueData(qid, out, 4, &got, nullptr, 0, 0));
  EXPECT_EQ(got, 4u);
  EXPECT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST_F(ConfTdtQueue, GivenBadArgumentsWhenQueueCallsThenInvalidParam) {
  uint32_t qid = 0;
  char data[4] = {};
  size_t got = 0;
  EXPECT_ACL_ERROR(acltdtCreateQueue(nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(acltdtCreateQueue(nullptr, &qid));  // CANN's default attributes
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, nullptr, 4, nullptr, 0, 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, data, 0, nullptr, 0, 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, data, 4, nullptr, 4, 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, nullptr, 4, &got, nullptr, 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, data, 4, nullptr, nullptr, 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid + 100, data, 4, nullptr, 0, 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtDestroyQueue(qid + 100), ACL_ERROR_INVALID_PARAM);
  // Names are unique.
  const uint32_t named = MakeQueue("conf_unique", 1);
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  const char* name = "conf_unique";
  ASSERT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &name));
  uint32_t other = 0;
  EXPECT_ACL_ERROR(acltdtCreateQueue(attr, &other), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtDestroyQueueAttr(attr));
  EXPECT_ACL_OK(acltdtDestroyQueue(named));
  EXPECT_ACL_OK(acltdtDestroyQueue(qid));
  EXPECT_ACL_ERROR(acltdtDestroyQueue(qid), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfTdtQueue, GivenBufferWhenEnqueuedThenDequeuedWithItsDataAndUserData) {
  const uint32_t qid = MakeQueue("conf_buf", 1);
  acltdtBuf buf = nullptr;
  ASSERT_ACL_OK(acltdtAllocBuf(16, ACL_TDT_NORMAL_MEM, &buf));
  void* data = nullptr;
  size_t size = 0;
  ASSERT_ACL_OK(acltdtGetBufData(buf, &data, &size));
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(size, 16u);
  std::memcpy(data, "0123456789abcdef", 16);
  EXPECT_ACL_OK(acltdtSetBufDataLen(buf, 10));
  EXPECT_ACL_ERROR(acltdtSetBufDataLen(buf, 17), ACL_ERROR_INVALID_PARAM);
  const uint64_t tag = 42;
  EXPECT_ACL_OK(acltdtSetBufUserData(buf, &tag, sizeof(tag), 88));
  EXPECT_ACL_ERROR(acltdtSetBufUserData(buf, &tag, sizeof(tag), 89), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(acltdtEnqueue(qid, buf, 0));
  acltdtBuf other = nullptr;
  ASSERT_ACL_OK(acltdtAllocBuf(4, ACL_TDT_NORMAL_MEM, &other));
  EXPECT_ACL_ERROR(acltdtEnqueue(qid, other, 0), ACL_ERROR_FAILURE);  // full: the buffer stays the caller's
  EXPECT_ACL_OK(acltdtFreeBuf(other));

  acltdtBuf out = nullptr;
  ASSERT_ACL_OK(acltdtDequeue(qid, &out, 0));
  EXPECT_EQ(out, buf);
  size_t len = 0;
  EXPECT_ACL_OK(acltdtGetBufDataLen(out, &len));
  EXPECT_EQ(len, 10u);
  ASSERT_ACL_OK(acltdtGetBufData(out, &data, &size));
  EXPECT_EQ(std::memcmp(data, "0123456789", 10), 0);
  uint64_t tag_out = 0;
  EXPECT_ACL_OK(acltdtGetBufUserData(out, &tag_out, sizeof(tag_out), 88));
  EXPECT_EQ(tag_out, 42u);
  EXPECT_ACL_ERROR(acltdtDequeue(qid, &out, 0), ACL_ERROR_FAILURE);  // empty
  EXPECT_ACL_OK(acltdtFreeBuf(buf));
  EXPECT_ACL_ERROR(acltdtFreeBuf(buf), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtAllocBuf(4, 2, &out), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtAllocBuf(4, ACL_TDT_NORMAL_MEM, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST_F(ConfTdtQueue, GivenChainAndRefCopyWhenQueriedThenMembersAndSharedData) {
  acltdtBuf head = nullptr, second = nullptr, ref = nullptr, member = nullptr;
  ASSERT_ACL_OK(acltdtAllocBuf(8, ACL_TDT_NORMAL_MEM, &head));
  ASSERT_ACL_OK(acltdtAllocBuf(8, ACL_TDT_NORMAL_MEM, &second));
  ASSERT_ACL_OK(acltdtAppendBufChain(head, second));
  EXPECT_ACL_ERROR(acltdtAppendBufChain(head, head), ACL_ERROR_INVALID_PARAM);
  uint32_t num = 0;
  EXPECT_ACL_OK(acltdtGetBufChainNum(head, &num));
  EXPECT_EQ(num, 2u);
  EXPECT_ACL_OK(acltdtGetBufFromChain(head, 1, &member));
  EXPECT_EQ(member, second);
  EXPECT_ACL_ERROR(acltdtGetBufFromChain(head, 2, &member), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtFreeBuf(second), ACL_ERROR_INVALID_PARAM);  // freed with its head
  ASSERT_ACL_OK(acltdtCopyBufRef(head, &ref));
  void* a = nullptr;
  void* b = nullptr;
  size_t size = 0;
  EXPECT_ACL_OK(acltdtGetBufData(head, &a, &size));
  EXPECT_ACL_OK(acltdtGetBufData(ref, &b, &size));
  EXPECT_EQ(a, b);
  EXPECT_NE(ref, head);
  EXPECT_ACL_OK(acltdtFreeBuf(head));
  EXPECT_ACL_ERROR(acltdtGetBufData(second, &a, &size), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtFreeBuf(ref));
}

TEST_F(ConfTdtQueue, GivenRuntimeMbufWhenUsedAsTdtBufferThenOneImplementation) {
  aclrtMbuf mbuf = nullptr;
  EXPECT_ACL_ERROR(aclrtAllocBuf(&mbuf, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtAllocBuf(nullptr, 8), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclrtAllocBuf(&mbuf, 8));
  void* data = nullptr;
  size_t size = 0;
  ASSERT_ACL_OK(aclrtGetBufData(mbuf, &data, &size));
  EXPECT_EQ(size, 8u);
  std::memcpy(data, "mbuf", 4);
  EXPECT_ACL_OK(aclrtSetBufDataLen(mbuf, 4));
  EXPECT_ACL_ERROR(aclrtSetBufDataLen(mbuf, 9), ACL_ERROR_INVALID_PARAM);
  const uint32_t tag = 7;
  EXPECT_ACL_OK(aclrtSetBufUserData(mbuf, &tag, sizeof(tag), 0));
  EXPECT_ACL_ERROR(aclrtSetBufUserData(mbuf, &tag, sizeof(tag), 93), ACL_ERROR_INVALID_PARAM);
  aclrtMbuf second = nullptr;
  ASSERT_ACL_OK(aclrtAllocBuf(&second, 2));
  EXPECT_ACL_OK(aclrtAppendBufChain(mbuf, second));
  uint32_t num = 0;
  EXPECT_ACL_OK(aclrtGetBufChainNum(mbuf, &num));
  EXPECT_EQ(num, 2u);
  aclrtMbuf member = nullptr;
  EXPECT_ACL_OK(aclrtGetBufFromChain(mbuf, 1, &member));
  EXPECT_EQ(member, second);

  const uint32_t qid = MakeQueue("conf_mbuf", 1);
  ASSERT_ACL_OK(acltdtEnqueue(qid, mbuf, 0));
  acltdtBuf out = nullptr;
  ASSERT_ACL_OK(acltdtDequeue(qid, &out, 0));
  EXPECT_EQ(out, mbuf);
  size_t len = 0;
  EXPECT_ACL_OK(acltdtGetBufDataLen(out, &len));
  EXPECT_EQ(len, 4u);
  uint32_t tag_out = 0;
  EXPECT_ACL_OK(aclrtGetBufUserData(out, &tag_out, sizeof(tag_out), 0));
  EXPECT_EQ(tag_out, 7u);
  EXPECT_ACL_OK(acltdtGetBufChainNum(out, &num));
  EXPECT_EQ(num, 2u);
  aclrtMbuf ref = nullptr;
  ASSERT_ACL_OK(aclrtCopyBufRef(out, &ref));
  void* ref_data = nullptr;
  EXPECT_ACL_OK(aclrtGetBufData(ref, &ref_data, &size));
  EXPECT_EQ(ref_data, data);
  EXPECT_ACL_OK(aclrtFreeBuf(ref));
  EXPECT_ACL_OK(aclrtFreeBuf(out));
  EXPECT_ACL_ERROR(aclrtFreeBuf(out), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclrtGetBufData(second, &data, &size), ACL_ERROR_INVALID_PARAM);  // freed with its head
  EXPECT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST_F(ConfTdtQueue, GivenBoundRouteWhenEnqueueToSourceThenDataArrivesAtDestination) {
  const uint32_t src = MakeQueue("conf_src", 4);
  const uint32_t dst = MakeQueue("conf_dst", 4);
  const char early[] = "early";
  ASSERT_ACL_OK(acltdtEnqueueData(src, early, sizeof(early), nullptr, 0, 0, 0));
  acltdtQueueRoute* route = acltdtCreateQueueRoute(src, dst);
  acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
  ASSERT_ACL_OK(acltdtAddQueueRoute(list, route));
  ASSERT_ACL_OK(acltdtBindQueueRoutes(list));
  acltdtQueueRoute* view = acltdtCreateQueueRoute(0, 0);
  ASSERT_ACL_OK(acltdtGetQueueRoute(list, 0, view));
  int32_t status = 0;
  size_t ret_size = 0;
  EXPECT_ACL_OK(acltdtGetQueueRouteParam(view, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, 4, &ret_size, &status));
  EXPECT_EQ(status, ACL_TDT_QUEUE_ROUTE_BIND);
  EXPECT_ACL_ERROR(acltdtBindQueueRoutes(list), ACL_ERROR_INVALID_PARAM);  // bound already

  const char late[] = "late";
  ASSERT_ACL_OK(acltdtEnqueueData(src, late, sizeof(late), nullptr, 0, 0, 0));
  char out[16] = {};
  size_t got = 0;
  ASSERT_ACL_OK(acltdtDequeueData(dst, out, sizeof(out), &got, nullptr, 0, 0));
  EXPECT_STREQ(out, "early");
  ASSERT_ACL_OK(acltdtDequeueData(dst, out, sizeof(out), &got, nullptr, 0, 0));
  EXPECT_STREQ(out, "late");
  EXPECT_ACL_ERROR(acltdtDequeueData(src, out, sizeof(out), &got, nullptr, 0, 0), ACL_ERROR_RT_QUEUE_EMPTY);

  acltdtQueueRouteQueryInfo* query = acltdtCreateQueueRouteQueryInfo();
  acltdtQueueRouteList* found = acltdtCreateQueueRouteList();
  EXPECT_ACL_ERROR(acltdtQueryQueueRoutes(query, found), ACL_ERROR_INVALID_PARAM);  // no mode
  acltdtQueueRouteQueryMode mode = ACL_TDT_QUEUE_ROUTE_QUERY_DST;
  ASSERT_ACL_OK(acltdtSetQueueRouteQueryInfo(query, ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, sizeof(mode), &mode));
  EXPECT_ACL_ERROR(acltdtQueryQueueRoutes(query, found), ACL_ERROR_INVALID_PARAM);  // no destination
  ASSERT_ACL_OK(acltdtSetQueueRouteQueryInfo(query, ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32, 4, &dst));
  ASSERT_ACL_OK(acltdtQueryQueueRoutes(query, found));
  ASSERT_EQ(acltdtGetQueueRouteNum(found), 1u);
  ASSERT_ACL_OK(acltdtGetQueueRoute(found, 0, view));
  uint32_t qsrc = 0;
  EXPECT_ACL_OK(acltdtGetQueueRouteParam(view, ACL_TDT_QUEUE_ROUTE_SRC_UINT32, 4, &ret_size, &qsrc));
  EXPECT_EQ(qsrc, src);

  ASSERT_ACL_OK(acltdtUnbindQueueRoutes(list));
  ASSERT_ACL_OK(acltdtQueryQueueRoutes(query, found));
  EXPECT_EQ(acltdtGetQueueRouteNum(found), 0u);
  EXPECT_ACL_ERROR(acltdtUnbindQueueRoutes(list), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(acltdtEnqueueData(src, late, sizeof(late), nullptr, 0, 0, 0));  // stays in src now
  EXPECT_ACL_ERROR(acltdtDequeueData(dst, out, sizeof(out), &got, nullptr, 0, 0), ACL_ERROR_RT_QUEUE_EMPTY);
  EXPECT_ACL_OK(acltdtDequeueData(src, out, sizeof(out), &got, nullptr, 0, 0));

  EXPECT_ACL_OK(acltdtDestroyQueueRouteQueryInfo(query));
  EXPECT_ACL_OK(acltdtDestroyQueueRouteList(found));
  EXPECT_ACL_OK(acltdtDestroyQueueRouteList(list));
  EXPECT_ACL_OK(acltdtDestroyQueueRoute(view));
  EXPECT_ACL_OK(acltdtDestroyQueueRoute(route));
  EXPECT_ACL_OK(acltdtDestroyQueue(dst));
  EXPECT_ACL_OK(acltdtDestroyQueue(src));
}

TEST_F(ConfTdtQueue, GivenRouteToMissingQueueWhenBindThenAbnormalStatusAndInvalidParam) {
  const uint32_t src = MakeQueue("conf_lonely", 1);
  acltdtQueueRoute* route = acltdtCreateQueueRoute(src, src + 1000);
  acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
  ASSERT_ACL_OK(acltdtAddQueueRoute(list, route));
  EXPECT_ACL_ERROR(acltdtBindQueueRoutes(list), ACL_ERROR_INVALID_PARAM);
  acltdtQueueRoute* view = acltdtCreateQueueRoute(0, 0);
  ASSERT_ACL_OK(acltdtGetQueueRoute(list, 0, view));
  int32_t status = 0;
  size_t ret_size = 0;
  EXPECT_ACL_OK(acltdtGetQueueRouteParam(view, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, 4, &ret_size, &status));
  EXPECT_EQ(status, ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL);
  EXPECT_ACL_ERROR(acltdtBindQueueRoutes(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtDestroyQueueRoute(view));
  EXPECT_ACL_OK(acltdtDestroyQueueRouteList(list));
  EXPECT_ACL_OK(acltdtDestroyQueueRoute(route));
  EXPECT_ACL_OK(acltdtDestroyQueue(src));
}

TEST_F(ConfTdtQueue, GivenOneProcessWhenGrantAndAttachThenCreatorHoldsAllAndGrantsAreRecorded) {
  const uint32_t qid = MakeQueue("conf_grant", 1);
  uint32_t permission = 0;
  ASSERT_ACL_OK(acltdtAttachQueue(qid, 0, &permission));
  EXPECT_EQ(permission, static_cast<uint32_t>(ACL_TDT_QUEUE_PERMISSION_MANAGE | ACL_TDT_QUEUE_PERMISSION_DEQUEUE |
                                              ACL_TDT_QUEUE_PERMISSION_ENQUEUE));
  EXPECT_ACL_OK(acltdtGrantQueue(qid, getpid() + 1, ACL_TDT_QUEUE_PERMISSION_DEQUEUE, 0));
  EXPECT_ACL_ERROR(acltdtGrantQueue(qid, getpid() + 1, 8, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtGrantQueue(qid + 1000, getpid() + 1, 1, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtAttachQueue(qid, 0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(acltdtAttachQueue(qid + 1000, 0, &permission), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(acltdtDestroyQueue(qid));
}

}  // namespace
