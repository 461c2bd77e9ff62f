/*
 * aclsim - clean-room declaration of the ACL dump API (acl_dump.h).
 *
 * Dump writes what operators saw and produced to files: a callback that
 * receives dump data in chunks instead of files, the statistics of operator
 * arguments, the paths the dump kinds write to, and the exception dump a
 * program can add its own tensors to. (aclmdlInitDump, aclmdlSetDump and
 * aclmdlFinalizeDump, which configure dump, are in acl_rt.h.) This
 * header is our own declaration of the macros, types and entry points of
 * CANN 9.x's acl_dump.h; names, values, layouts and prototypes match CANN.
 * CANN's library for it is libascend_dump.so.
 *
 * aclsim status: implemented for the configuration, the paths, the
 * callback's registration and the exception-info file; CANN's data-dump and
 * op-argument files are not produced (their layout is not documented), so
 * the callback receives no chunks (docs/dump.md).
 */
#ifndef INC_EXTERNAL_ACL_DUMP_H_
#define INC_EXTERNAL_ACL_DUMP_H_

#include <stdint.h>
#include "acl_base.h"

/* Export marker of the dump functions, and the weak marker of the two that a
 * program may probe for at run time (their address is NULL when the library
 * that defines them is not loaded). */
#if (defined(_WIN32) || defined(_WIN64) || defined(_MSC_VER))
#define ACL_DUMP_API __declspec(dllexport)
#define ACL_DUMP_WEAK
#else
#define ACL_DUMP_API __attribute__((visibility("default")))
#define ACL_DUMP_WEAK __attribute__((weak))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Longest file path of a dump chunk, the terminating NUL included. */
#define ACL_DUMP_MAX_FILE_PATH_LENGTH 4096

/* One piece of a dump file, as the dump callback receives it. */
typedef struct acldumpChunk {
  char fileName[ACL_DUMP_MAX_FILE_PATH_LENGTH]; /* absolute path of the file the chunk belongs to */
  uint32_t bufLen;                              /* bytes in dataBuf */
  uint32_t isLastChunk;                         /* 1 for the file's last chunk, else 0 */
  int64_t offset;                               /* where the bytes go in the file; -1 appends */
  int32_t flag;                                 /* reserved */
  /* The chunk's bytes follow the header: a zero-length trailing array, as
   * CANN declares it (__extension__ lets -Wpedantic builds accept it). */
  /* clang-format off */
#if defined(__GNUC__)
  __extension__
#endif
  uint8_t dataBuf[0];
  /* clang-format on */
} acldumpChunk;

/* Have dump data delivered to |messageCallback| (chunk, chunk size) instead of
 * written to files; |flag| is reserved. The callback returns 0 on success. */
ACL_DUMP_API aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk*, int32_t), int32_t flag);

/* Stop delivering dump data to the registered callback. */
ACL_DUMP_API void acldumpUnregCallback(void);

/* Dump kind of aclopStartDumpArgs / aclopStopDumpArgs: the arguments of AI
 * Core operators. */
#define ACL_OP_DUMP_OP_AICORE_ARGS 0x00000001U

/* Start recording the arguments of the operators of kind |dumpType|
 * (ACL_OP_DUMP_OP_*), one file per operator shape under |path|. */
ACL_FUNC_VISIBILITY aclError aclopStartDumpArgs(uint32_t dumpType, const char* path);

/* Stop the recording aclopStartDumpArgs started for |dumpType|. */
ACL_FUNC_VISIBILITY aclError aclopStopDumpArgs(uint32_t dumpType);

/* Kinds of dump whose output path acldumpGetPath reports. */
typedef enum acldumpType {
  AIC_ERR_BRIEF_DUMP = 1,  /* exception dump, brief */
  AIC_ERR_NORM_DUMP = 2,   /* exception dump with the operators' tensor descriptions */
  AIC_ERR_DETAIL_DUMP = 3, /* exception dump with the AI Core's memory, registers and stack */
  DATA_DUMP = 4,           /* model or single-operator data dump */
  OVERFLOW_DUMP = 5        /* dump of the operators that overflowed */
} acldumpType;

/* The directory that dump kind |dumpType| writes to (owned by the library);
 * NULL when it is not enabled. */
ACL_FUNC_VISIBILITY const char* acldumpGetPath(acldumpType dumpType);

/* Most dimensions of a shape in acldumpTensorInfo. */
#define ACL_DUMP_MAX_SHAPE_NUM 25

/* Role of a tensor of acldumpTensorInfo. */
typedef enum acldumpTensorType {
  ACL_DUMP_TENSOR_INPUT = 0,
  ACL_DUMP_TENSOR_OUTPUT,
  ACL_DUMP_TENSOR_WORKSPACE
} acldumpTensorType;

/* How tensorAddr of acldumpTensorInfo leads to the data. */
typedef enum acldumpTensorAddressType {
  ACL_DUMP_ADDR_PTR = 0, /* it points to the data's address */
  ACL_DUMP_ADDR_PTR_PTR, /* it points to a pointer to the data's address */
  ACL_DUMP_ADDR_RAW      /* it is the data's address */
} acldumpTensorAddressType;

/* Where the data of an acldumpTensorInfo lives. */
typedef enum acldumpTensorPlacement {
  ACL_DUMP_PLACEMENT_DEVICE = 0,
  ACL_DUMP_PLACEMENT_HOST,
  ACL_DUMP_PLACEMENT_END /* bound of the enumeration, not a placement */
} acldumpTensorPlacement;

/* One tensor for acldumpSaveExceptionInfo. */
typedef struct acldumpTensorInfo {
  acldumpTensorType type;
  size_t tensorSize; /* bytes */
  int32_t format;    /* an aclFormat value */
  int32_t dataType;  /* an aclDataType value */
  int64_t* tensorAddr;
  acldumpTensorAddressType addrType;
  acldumpTensorPlacement placement;
  uint32_t argsOffset;                          /* offset of the tensor in the operator's arguments */
  uint32_t shapeNum;                            /* dimensions used in shape (<= ACL_DUMP_MAX_SHAPE_NUM) */
  uint32_t originShapeNum;                      /* dimensions used in originShape */
  uint64_t shape[ACL_DUMP_MAX_SHAPE_NUM];       /* the tensor's shape */
  uint64_t originShape[ACL_DUMP_MAX_SHAPE_NUM]; /* its original shape */
} acldumpTensorInfo;

/* Write |tensorCount| tensors of |tensors| (device data, ACL_DUMP_ADDR_RAW)
 * with the tag |userTag| (may be NULL) to the file |fileName| under the
 * exception dump directory; exception dump must be enabled.
 * ACL_ERROR_INVALID_PARAM for a NULL, empty or ".."-containing name, no
 * tensors, or a tensor with a NULL address, size 0 or too many dimensions. */
ACL_DUMP_WEAK ACL_FUNC_VISIBILITY aclError acldumpSaveExceptionInfo(const char* fileName, const char* userTag,
                                                                    const acldumpTensorInfo* tensors,
                                                                    size_t tensorCount);

/* Write the exception dump directory, NUL-terminated, to |path| (|maxLen|
 * bytes; ACL_DUMP_MAX_FILE_PATH_LENGTH suffices); exception dump must be
 * enabled. */
ACL_DUMP_WEAK ACL_FUNC_VISIBILITY aclError acldumpGetExceptionInfoPath(char* path, size_t maxLen);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_DUMP_H_ */
