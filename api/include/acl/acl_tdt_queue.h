/*
 * aclsim - clean-room declaration of the ACL shared queue and buffer API (acl_tdt_queue.h).
 *
 * Shared queues carry buffers (acltdtBuf, chains of them with a private
 * user-data area) between processes and between a host and a device. A
 * queue is created from an attribute object, granted to and attached by
 * other processes, and routes bind a source queue to a destination queue so
 * that buffers flow between them without the host. This header is our own
 * declaration of the macros, types and entry points of CANN 9.x's
 * acl_tdt_queue.h; names, values and prototypes match CANN. CANN's library
 * for it is libacl_tdt_queue.so.
 *
 * aclsim status: implemented in one process (docs/tdt.md): queues, routes
 * and buffers are the process's; grant records permissions for a pid and
 * attach returns those of the calling process.
 */
#ifndef INC_EXTERNAL_ACL_ACL_TDT_QUEUE_H_
#define INC_EXTERNAL_ACL_ACL_TDT_QUEUE_H_

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Permission bits of acltdtGrantQueue / acltdtAttachQueue. */
#define ACL_TDT_QUEUE_PERMISSION_MANAGE 1
#define ACL_TDT_QUEUE_PERMISSION_DEQUEUE 2
#define ACL_TDT_QUEUE_PERMISSION_ENQUEUE 4

/* States of a queue route (ACL_TDT_QUEUE_ROUTE_STATUS_INT32). */
#define ACL_TDT_QUEUE_ROUTE_UNBIND 0
#define ACL_TDT_QUEUE_ROUTE_BIND 1
#define ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL 2

/* A shared buffer, and the opaque objects describing queues and routes. */
typedef void* acltdtBuf;
typedef struct tagMemQueueAttr acltdtQueueAttr;
typedef struct acltdtQueueRouteList acltdtQueueRouteList;
typedef struct acltdtQueueRouteQueryInfo acltdtQueueRouteQueryInfo;
typedef struct acltdtQueueRoute acltdtQueueRoute;

/* Attributes of a queue: its name (a char pointer) and depth (uint32_t). */
typedef enum { ACL_TDT_QUEUE_NAME_PTR = 0, ACL_TDT_QUEUE_DEPTH_UINT32 } acltdtQueueAttrType;

/* Parameters of a route: source and destination queue ids, and its state. */
typedef enum {
  ACL_TDT_QUEUE_ROUTE_SRC_UINT32 = 0,
  ACL_TDT_QUEUE_ROUTE_DST_UINT32,
  ACL_TDT_QUEUE_ROUTE_STATUS_INT32
} acltdtQueueRouteParamType;

/* Which routes acltdtQueryQueueRoutes returns. */
typedef enum {
  ACL_TDT_QUEUE_ROUTE_QUERY_SRC = 0,
  ACL_TDT_QUEUE_ROUTE_QUERY_DST = 1,
  ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST = 2,
  ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL = 100
} acltdtQueueRouteQueryMode;

/* Parameters of a route query: its mode, and the source / destination ids. */
typedef enum {
  ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM = 0,
  ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32,
  ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32
} acltdtQueueRouteQueryInfoParamType;

/* Memory a buffer is allocated from. */
typedef enum { ACL_TDT_NORMAL_MEM = 0, ACL_TDT_DVPP_MEM } acltdtAllocBufType;

/* ------------------------------------------------------------------------ */
/* Queues                                                                   */
/* ------------------------------------------------------------------------ */

/* Create a queue with |attr| and write its id to |qid|. */
ACL_FUNC_VISIBILITY aclError acltdtCreateQueue(const acltdtQueueAttr* attr, uint32_t* qid);

/* Destroy queue |qid|. */
ACL_FUNC_VISIBILITY aclError acltdtDestroyQueue(uint32_t qid);

/* Put |buf| on queue |qid| (the queue takes it), waiting at most |timeout| ms
 * (-1: forever). */
ACL_FUNC_VISIBILITY aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout);

/* Take the next buffer of queue |qid| into |buf| (the caller then owns it),
 * waiting at most |timeout| ms (-1: forever). */
ACL_FUNC_VISIBILITY aclError acltdtDequeue(uint32_t qid, acltdtBuf* buf, int32_t timeout);

/* Copy |dataSize| bytes at |data| and |userDataSize| bytes of user data into
 * a new buffer on queue |qid|; |rsv| is reserved (0). */
ACL_FUNC_VISIBILITY aclError acltdtEnqueueData(uint32_t qid, const void* data, size_t dataSize, const void* userData,
                                               size_t userDataSize, int32_t timeout, uint32_t rsv);

/* Copy the next buffer of queue |qid| into |data| (|dataSize| bytes; the
 * bytes written go to |retDataSize|) and its user data into |userData|. */
ACL_FUNC_VISIBILITY aclError acltdtDequeueData(uint32_t qid, void* data, size_t dataSize, size_t* retDataSize,
                                               void* userData, size_t userDataSize, int32_t timeout);

/* Give process |pid| the ACL_TDT_QUEUE_PERMISSION_* bits |permission| on queue |qid|. */
ACL_FUNC_VISIBILITY aclError acltdtGrantQueue(uint32_t qid, int32_t pid, uint32_t permission, int32_t timeout);

/* Attach queue |qid| granted to this process; its permission bits go to |permission|. */
ACL_FUNC_VISIBILITY aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t* permission);

/* ------------------------------------------------------------------------ */
/* Routes                                                                   */
/* ------------------------------------------------------------------------ */

/* Bind / unbind every route of |qRouteList|; each route's state is updated. */
ACL_FUNC_VISIBILITY aclError acltdtBindQueueRoutes(acltdtQueueRouteList* qRouteList);
ACL_FUNC_VISIBILITY aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList* qRouteList);

/* Fill |qRouteList| with the routes |queryInfo| selects. */
ACL_FUNC_VISIBILITY aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo* queryInfo,
                                                    acltdtQueueRouteList* qRouteList);

/* ------------------------------------------------------------------------ */
/* Buffers                                                                  */
/* ------------------------------------------------------------------------ */

/* A new buffer of |size| bytes in |buf|; |type| is reserved (0). */
ACL_FUNC_VISIBILITY aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf* buf);

/* Release |buf|. */
ACL_FUNC_VISIBILITY aclError acltdtFreeBuf(acltdtBuf buf);

/* The address and size of |buf|'s data area (owned by the buffer). */
ACL_FUNC_VISIBILITY aclError acltdtGetBufData(const acltdtBuf buf, void** dataPtr, size_t* size);

/* Set / read how many bytes of |buf|'s data area are valid (at most its size). */
ACL_FUNC_VISIBILITY aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len);
ACL_FUNC_VISIBILITY aclError acltdtGetBufDataLen(acltdtBuf buf, size_t* len);

/* Append |buf| to the chain that starts at |headBuf|. */
ACL_FUNC_VISIBILITY aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf);

/* The number of buffers in the chain that starts at |headBuf|. */
ACL_FUNC_VISIBILITY aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t* num);

/* The buffer at |index| of the chain that starts at |headBuf|. */
ACL_FUNC_VISIBILITY aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf* buf);

/* Copy |size| bytes from / to |buf|'s private user-data area (96 bytes) at
 * |offset|. */
ACL_FUNC_VISIBILITY aclError acltdtGetBufUserData(const acltdtBuf buf, void* dataPtr, size_t size, size_t offset);
ACL_FUNC_VISIBILITY aclError acltdtSetBufUserData(acltdtBuf buf, const void* dataPtr, size_t size, size_t offset);

/* A new buffer header in |newBuf| sharing |buf|'s data area. */
ACL_FUNC_VISIBILITY aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf* newBuf);

/* ------------------------------------------------------------------------ */
/* Queue attributes                                                         */
/* ------------------------------------------------------------------------ */

/* A new attribute object with default values (NULL on failure); released
 * with acltdtDestroyQueueAttr. */
ACL_FUNC_VISIBILITY acltdtQueueAttr* acltdtCreateQueueAttr(void);
ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueAttr(const acltdtQueueAttr* attr);

/* Set attribute |type| of |attr| from |len| bytes at |param|. */
ACL_FUNC_VISIBILITY aclError acltdtSetQueueAttr(acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len,
                                                const void* param);

/* Read attribute |type| of |attr| into |param| (|len| bytes); the size
 * written goes to |paramRetSize|. */
ACL_FUNC_VISIBILITY aclError acltdtGetQueueAttr(const acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len,
                                                size_t* paramRetSize, void* param);

/* ------------------------------------------------------------------------ */
/* Route objects                                                            */
/* ------------------------------------------------------------------------ */

/* A new route from queue |srcId| to queue |dstId| (NULL on failure). */
ACL_FUNC_VISIBILITY acltdtQueueRoute* acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId);
ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueRoute(const acltdtQueueRoute* route);

/* Read parameter |type| of |route| into |param|, as acltdtGetQueueAttr. */
ACL_FUNC_VISIBILITY aclError acltdtGetQueueRouteParam(const acltdtQueueRoute* route, acltdtQueueRouteParamType type,
                                                      size_t len, size_t* paramRetSize, void* param);

/* A new, empty route list (NULL on failure). */
ACL_FUNC_VISIBILITY acltdtQueueRouteList* acltdtCreateQueueRouteList(void);
ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList* routeList);

/* Append a copy of |route| to |routeList|. */
ACL_FUNC_VISIBILITY aclError acltdtAddQueueRoute(acltdtQueueRouteList* routeList, const acltdtQueueRoute* route);

/* Copy the route at |index| of |routeList| into |route|. */
ACL_FUNC_VISIBILITY aclError acltdtGetQueueRoute(const acltdtQueueRouteList* routeList, size_t index,
                                                 acltdtQueueRoute* route);

/* The number of routes in |routeList| (0 on failure). */
ACL_FUNC_VISIBILITY size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList* routeList);

/* A new route query (NULL on failure). */
ACL_FUNC_VISIBILITY acltdtQueueRouteQueryInfo* acltdtCreateQueueRouteQueryInfo(void);
ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo* info);

/* Set parameter |type| of the query |param| from |len| bytes at |value|. */
ACL_FUNC_VISIBILITY aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo* param,
                                                          acltdtQueueRouteQueryInfoParamType type, size_t len,
                                                          const void* value);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_TDT_QUEUE_H_ */
