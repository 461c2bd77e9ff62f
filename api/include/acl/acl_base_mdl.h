/*
 * aclsim - clean-room declaration of the tensor-description half of the ACL
 * base API (acl_base_mdl.h): aclTensorDesc and its functions, over the types
 * of acl_base_rt.h. Names, values and prototypes match CANN.
 */
#ifndef ACLSIM_ACL_BASE_MDL_H_
#define ACLSIM_ACL_BASE_MDL_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Tensor-description limits                                                */
/* ------------------------------------------------------------------------ */
#define ACL_TENSOR_SHAPE_RANGE_NUM 2
#define ACL_TENSOR_VALUE_RANGE_NUM 2
#define ACL_UNKNOWN_RANK 0xFFFFFFFFFFFFFFFE

/* ------------------------------------------------------------------------ */
/* aclTensorDesc                                                            */
/* ------------------------------------------------------------------------ */
typedef struct aclTensorDesc aclTensorDesc;

/* Create a description (type, shape, format). dims may be NULL when numDims is 0.
 * Returns NULL on bad arguments or allocation failure. */
ACL_FUNC_VISIBILITY aclTensorDesc* aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t* dims,
                                                       aclFormat format);

/* Free a description created by aclCreateTensorDesc (NULL is ignored). */
ACL_FUNC_VISIBILITY void aclDestroyTensorDesc(const aclTensorDesc* desc);

/* Attach a [min,max] range to every dimension (dynamic shapes). */
ACL_FUNC_VISIBILITY aclError aclSetTensorShapeRange(aclTensorDesc* desc, size_t dimsCount,
                                                    int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM]);

/* Attach [min,max] value ranges to the tensor. */
ACL_FUNC_VISIBILITY aclError aclSetTensorValueRange(aclTensorDesc* desc, size_t valueCount,
                                                    int64_t valueRange[][ACL_TENSOR_VALUE_RANGE_NUM]);

/* Element type, ACL_DT_UNDEFINED for NULL. */
ACL_FUNC_VISIBILITY aclDataType aclGetTensorDescType(const aclTensorDesc* desc);

/* Layout, ACL_FORMAT_UNDEFINED for NULL. */
ACL_FUNC_VISIBILITY aclFormat aclGetTensorDescFormat(const aclTensorDesc* desc);

/* Total size in bytes, 0 for NULL. */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescSize(const aclTensorDesc* desc);

/* Number of elements, 0 for NULL. */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescElementCount(const aclTensorDesc* desc);

/* Number of dimensions; 0 for NULL, ACL_UNKNOWN_RANK when the rank is unknown (-2). */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescNumDims(const aclTensorDesc* desc);

/* Size of dimension index, -1 on error (use the V2 form). */
ACL_DEPRECATED_MESSAGE("aclGetTensorDescDim is deprecated, use aclGetTensorDescDimV2 instead")
ACL_FUNC_VISIBILITY int64_t aclGetTensorDescDim(const aclTensorDesc* desc, size_t index);

/* Store the size of dimension index in *dimSize. ACL_ERROR_INVALID_PARAM on bad index/NULL. */
ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimV2(const aclTensorDesc* desc, size_t index, int64_t* dimSize);

/* Copy the [min,max] range of dimension index into dimRange (dimRangeNum entries). */
ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimRange(const aclTensorDesc* desc, size_t index, size_t dimRangeNum,
                                                      int64_t* dimRange);

/* Give the description a name (copied). */
ACL_FUNC_VISIBILITY void aclSetTensorDescName(aclTensorDesc* desc, const char* name);

/* Name of the description, "" for NULL. */
ACL_FUNC_VISIBILITY const char* aclGetTensorDescName(aclTensorDesc* desc);

/* Make *dstDesc a copy of srcDesc converted to dstFormat. */
ACL_FUNC_VISIBILITY aclError aclTransTensorDescFormat(const aclTensorDesc* srcDesc, aclFormat dstFormat,
                                                      aclTensorDesc** dstDesc);

/* Set storage format (old name of aclSetTensorFormat). */
ACL_DEPRECATED_MESSAGE("aclSetTensorStorageFormat is deprecated, use aclSetTensorFormat instead")
ACL_FUNC_VISIBILITY aclError aclSetTensorStorageFormat(aclTensorDesc* desc, aclFormat format);

/* Set storage shape (old name of aclSetTensorShape). */
ACL_DEPRECATED_MESSAGE("aclSetTensorStorageShape is deprecated, use aclSetTensorShape instead")
ACL_FUNC_VISIBILITY aclError aclSetTensorStorageShape(aclTensorDesc* desc, int numDims, const int64_t* dims);

/* Set the storage format. */
ACL_FUNC_VISIBILITY aclError aclSetTensorFormat(aclTensorDesc* desc, aclFormat format);

/* Set the storage shape. */
ACL_FUNC_VISIBILITY aclError aclSetTensorShape(aclTensorDesc* desc, int numDims, const int64_t* dims);

/* Set the original (pre-transformation) format. */
ACL_FUNC_VISIBILITY aclError aclSetTensorOriginFormat(aclTensorDesc* desc, aclFormat format);

/* Set the original (pre-transformation) shape. */
ACL_FUNC_VISIBILITY aclError aclSetTensorOriginShape(aclTensorDesc* desc, int numDims, const int64_t* dims);

/* Element index of an array of descriptions, NULL on failure. */
ACL_FUNC_VISIBILITY aclTensorDesc* aclGetTensorDescByIndex(aclTensorDesc* desc, size_t index);

/* Device address attached to the description, NULL on failure. */
ACL_FUNC_VISIBILITY void* aclGetTensorDescAddress(const aclTensorDesc* desc);

/* Mark the tensor as part of a named dynamic input. */
ACL_FUNC_VISIBILITY aclError aclSetTensorDynamicInput(aclTensorDesc* desc, const char* dynamicInputName);

/* Attach constant host data (length bytes) to the description. */
ACL_FUNC_VISIBILITY aclError aclSetTensorConst(aclTensorDesc* desc, void* dataBuffer, size_t length);

/* Declare whether the tensor's memory is on device or host. */
ACL_FUNC_VISIBILITY aclError aclSetTensorPlaceMent(aclTensorDesc* desc, aclMemType memType);

#ifdef __cplusplus
}
#endif

#endif /* ACLSIM_ACL_BASE_MDL_H_ */
