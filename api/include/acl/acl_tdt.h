/*
 * aclsim - clean-room declaration of the ACL tensor data transfer API (acl_tdt.h).
 *
 * Tensor data transfer (tdt) moves tensors between a host program and a
 * device through named channels: the host builds a dataset of data items
 * (each a tensor with its type, shape, data type and bytes, or an
 * end-of-sequence marker), sends it on a channel, and receives datasets the
 * device side sends back. This header is our own declaration of the types
 * and entry points of CANN 9.x's acl_tdt.h; names, enumerator values and
 * prototypes match CANN. CANN's library for it is libacl_tdt_channel.so.
 *
 * aclsim status: implemented (docs/tdt.md). A channel is a bounded queue
 * of the process that carries a copy of each dataset sent; the host both
 * sends and receives on it.
 */
#ifndef INC_EXTERNAL_ACL_ACL_TDT_H_
#define INC_EXTERNAL_ACL_ACL_TDT_H_

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a data item carries. CANN declares the enumeration without a typedef,
 * which only C++ accepts as a type name; the typedef here makes the same name
 * usable from C as well. */
typedef enum acltdtTensorType {
  ACL_TENSOR_DATA_UNDEFINED = -1,  /* no item, or an item of unknown kind */
  ACL_TENSOR_DATA_TENSOR,          /* a tensor (0) */
  ACL_TENSOR_DATA_END_OF_SEQUENCE, /* the sender has no more data (1) */
  ACL_TENSOR_DATA_ABNORMAL,        /* the sender failed (2) */
  ACL_TENSOR_DATA_SLICE_TENSOR,    /* one slice of a tensor sent in parts (3) */
  ACL_TENSOR_DATA_END_TENSOR       /* the last slice of such a tensor (4) */
} acltdtTensorType;

/* Opaque handles: one item, a list of items, an open channel. */
typedef struct acltdtDataItem acltdtDataItem;
typedef struct acltdtDataset acltdtDataset;
typedef struct acltdtChannelHandle acltdtChannelHandle;

/* ------------------------------------------------------------------------ */
/* Data items                                                               */
/* ------------------------------------------------------------------------ */

/* The kind of |dataItem|; ACL_TENSOR_DATA_UNDEFINED when it is NULL. */
ACL_FUNC_VISIBILITY acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem* dataItem);

/* The element type of |dataItem|; ACL_DT_UNDEFINED when it is NULL. */
ACL_FUNC_VISIBILITY aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem* dataItem);

/* The address of |dataItem|'s bytes (owned by the item); NULL on failure. */
ACL_FUNC_VISIBILITY void* acltdtGetDataAddrFromItem(const acltdtDataItem* dataItem);

/* The size of |dataItem|'s bytes; 0 on failure. */
ACL_FUNC_VISIBILITY size_t acltdtGetDataSizeFromItem(const acltdtDataItem* dataItem);

/* The number of dimensions of |dataItem|'s shape; 0 on failure. */
ACL_FUNC_VISIBILITY size_t acltdtGetDimNumFromItem(const acltdtDataItem* dataItem);

/* For a sliced tensor: the number of slices and this item's slice index. */
ACL_FUNC_VISIBILITY aclError acltdtGetSliceInfoFromItem(const acltdtDataItem* dataItem, size_t* sliceNum,
                                                        size_t* sliceId);

/* Copy |dataItem|'s shape into |dims|, which holds |dimNum| entries. */
ACL_FUNC_VISIBILITY aclError acltdtGetDimsFromItem(const acltdtDataItem* dataItem, int64_t* dims, size_t dimNum);

/* A new item of kind |tdtType| with the shape |dims| (|dimNum| entries), the
 * element type |dataType| and |size| bytes at |data|; NULL on failure. The
 * caller releases it with acltdtDestroyDataItem. */
ACL_FUNC_VISIBILITY acltdtDataItem* acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t* dims, size_t dimNum,
                                                         aclDataType dataType, void* data, size_t size);

/* Release |dataItem|. */
ACL_FUNC_VISIBILITY aclError acltdtDestroyDataItem(acltdtDataItem* dataItem);

/* ------------------------------------------------------------------------ */
/* Datasets                                                                 */
/* ------------------------------------------------------------------------ */

/* A new, empty dataset (NULL on failure); released with acltdtDestroyDataset,
 * which does not release the items added to it. */
ACL_FUNC_VISIBILITY acltdtDataset* acltdtCreateDataset(void);

/* Release |dataset|. */
ACL_FUNC_VISIBILITY aclError acltdtDestroyDataset(acltdtDataset* dataset);

/* The item at |index| of |dataset| (borrowed); NULL when out of range. */
ACL_FUNC_VISIBILITY acltdtDataItem* acltdtGetDataItem(const acltdtDataset* dataset, size_t index);

/* Append |dataItem| to |dataset|; the item stays the caller's. */
ACL_FUNC_VISIBILITY aclError acltdtAddDataItem(acltdtDataset* dataset, acltdtDataItem* dataItem);

/* The number of items in |dataset|; 0 on failure. */
ACL_FUNC_VISIBILITY size_t acltdtGetDatasetSize(const acltdtDataset* dataset);

/* The name of |dataset| (owned by it); NULL on failure. */
ACL_FUNC_VISIBILITY const char* acltdtGetDatasetName(const acltdtDataset* dataset);

/* ------------------------------------------------------------------------ */
/* Channels                                                                 */
/* ------------------------------------------------------------------------ */

/* Wake the callers blocked on |handle| so that it can be destroyed. */
ACL_FUNC_VISIBILITY aclError acltdtStopChannel(acltdtChannelHandle* handle);

/* Open the channel |name| to device |deviceId|; NULL on failure. */
ACL_FUNC_VISIBILITY acltdtChannelHandle* acltdtCreateChannel(uint32_t deviceId, const char* name);

/* As acltdtCreateChannel, for a channel that holds at most |capacity| datasets. */
ACL_FUNC_VISIBILITY acltdtChannelHandle* acltdtCreateChannelWithCapacity(uint32_t deviceId, const char* name,
                                                                         size_t capacity);

/* Close |handle| and release it. */
ACL_FUNC_VISIBILITY aclError acltdtDestroyChannel(acltdtChannelHandle* handle);

/* Drop the datasets waiting in |handle|. */
ACL_FUNC_VISIBILITY aclError acltdtCleanChannel(acltdtChannelHandle* handle);

/* Send |dataset| on |handle|, waiting at most |timeout| ms (-1: forever). */
ACL_FUNC_VISIBILITY aclError acltdtSendTensor(const acltdtChannelHandle* handle, const acltdtDataset* dataset,
                                              int32_t timeout);

/* Receive the next dataset of |handle| into |dataset|, waiting at most
 * |timeout| ms (-1: forever). */
ACL_FUNC_VISIBILITY aclError acltdtReceiveTensor(const acltdtChannelHandle* handle, acltdtDataset* dataset,
                                                 int32_t timeout);

/* The number of datasets waiting in |handle|. */
ACL_FUNC_VISIBILITY aclError acltdtQueryChannelSize(const acltdtChannelHandle* handle, size_t* size);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_TDT_H_ */
