/*
 * aclsim - clean-room declaration of the graph-engine (model) error codes
 * that the ACL model API can return.
 *
 * Written for aclsim; names, types (static const uint32_t) and values are
 * the ones CANN publishes so callers can compare return codes unchanged.
 * Layout: 1450xx caller errors, 2450xx memory, 3451xx health, 5450xx/5456xx
 * internal failures.
 */
#ifndef INC_EXTERNAL_GE_GE_ERROR_CODES_H_
#define INC_EXTERNAL_GE_GE_ERROR_CODES_H_

#include <stddef.h>
#include <stdint.h>

#ifndef GE_FUNC_VISIBILITY
#if defined(_MSC_VER)
#define GE_FUNC_VISIBILITY
#elif defined(__GNUC__) || defined(__clang__)
#define GE_FUNC_VISIBILITY __attribute__((visibility("default")))
#else
#define GE_FUNC_VISIBILITY
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- caller errors ---- */
static const uint32_t ACL_ERROR_GE_PARAM_INVALID = 145000U;               /* bad argument */
static const uint32_t ACL_ERROR_GE_EXEC_NOT_INIT = 145001U;               /* executor not initialised */
static const uint32_t ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID = 145002U;     /* model file path invalid */
static const uint32_t ACL_ERROR_GE_EXEC_MODEL_ID_INVALID = 145003U;       /* unknown model id */
static const uint32_t ACL_ERROR_GE_EXEC_MODEL_KEY_PATH_INVALID = 145004U; /* key path invalid (older releases) */
static const uint32_t ACL_ERROR_GE_EXEC_MODEL_NOT_SUPPORT_ENCRYPTION =
    145005U;                                                               /* encryption unsupported (older releases) */
static const uint32_t ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID = 145006U; /* model data size invalid */
static const uint32_t ACL_ERROR_GE_EXEC_MODEL_ADDR_INVALID = 145007U;      /* model memory address invalid */
static const uint32_t ACL_ERROR_GE_EXEC_MODEL_QUEUE_ID_INVALID = 145008U;  /* queue id invalid */
static const uint32_t ACL_ERROR_GE_EXEC_LOAD_MODEL_REPEATED = 145009U;     /* model loaded twice */
static const uint32_t ACL_ERROR_GE_EXEC_MODEL_PARTITION_NUM_INVALID =
    145010U;                                                             /* partition count invalid (older releases) */
static const uint32_t ACL_ERROR_GE_DYNAMIC_INPUT_ADDR_INVALID = 145011U; /* dynamic-shape input address invalid */
static const uint32_t ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID = 145012U; /* dynamic-shape input length invalid */
static const uint32_t ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID = 145013U;   /* batch size not among the gears */
static const uint32_t ACL_ERROR_GE_AIPP_BATCH_EMPTY = 145014U;             /* AIPP batch empty */
static const uint32_t ACL_ERROR_GE_AIPP_NOT_EXIST = 145015U;               /* input has no AIPP */
static const uint32_t ACL_ERROR_GE_AIPP_MODE_INVALID = 145016U;            /* AIPP mode invalid */
static const uint32_t ACL_ERROR_GE_OP_TASK_TYPE_INVALID = 145017U;         /* op task type invalid */
static const uint32_t ACL_ERROR_GE_OP_KERNEL_TYPE_INVALID = 145018U;       /* op kernel type invalid */
static const uint32_t ACL_ERROR_GE_PLGMGR_PATH_INVALID = 145019U;          /* plugin path invalid */
static const uint32_t ACL_ERROR_GE_FORMAT_INVALID = 145020U;               /* format invalid */
static const uint32_t ACL_ERROR_GE_SHAPE_INVALID = 145021U;                /* shape invalid */
static const uint32_t ACL_ERROR_GE_DATATYPE_INVALID = 145022U;             /* data type invalid */

/* ---- memory ---- */
static const uint32_t ACL_ERROR_GE_MEMORY_ALLOCATION = 245000U;            /* allocation failed */
static const uint32_t ACL_ERROR_GE_MEMORY_OPERATE_FAILED = 245001U;        /* host memory operation failed */
static const uint32_t ACL_ERROR_GE_DEVICE_MEMORY_OPERATE_FAILED = 245002U; /* device memory operation failed */

/* ---- health / user ---- */
static const uint32_t ACL_ERROR_GE_SUBHEALTHY = 345102U;           /* system sub-healthy */
static const uint32_t ACL_ERROR_GE_USER_RAISE_EXCEPTION = 345103U; /* user code raised */
static const uint32_t ACL_ERROR_GE_DATA_NOT_ALIGNED = 345104U;     /* data not aligned */

/* ---- internal failures ---- */
static const uint32_t ACL_ERROR_GE_INTERNAL_ERROR = 545000U;                    /* internal error */
static const uint32_t ACL_ERROR_GE_LOAD_MODEL = 545001U;                        /* model load failed */
static const uint32_t ACL_ERROR_GE_EXEC_LOAD_MODEL_PARTITION_FAILED = 545002U;  /* model partition load failed */
static const uint32_t ACL_ERROR_GE_EXEC_LOAD_WEIGHT_PARTITION_FAILED = 545003U; /* weight partition load failed */
static const uint32_t ACL_ERROR_GE_EXEC_LOAD_TASK_PARTITION_FAILED = 545004U;   /* task partition load failed */
static const uint32_t ACL_ERROR_GE_EXEC_LOAD_KERNEL_PARTITION_FAILED = 545005U; /* kernel partition load failed */
static const uint32_t ACL_ERROR_GE_EXEC_RELEASE_MODEL_DATA = 545006U;           /* releasing model data failed */
static const uint32_t ACL_ERROR_GE_COMMAND_HANDLE = 545007U;                    /* command handling failed */
static const uint32_t ACL_ERROR_GE_GET_TENSOR_INFO = 545008U;                   /* tensor info query failed */
static const uint32_t ACL_ERROR_GE_UNLOAD_MODEL = 545009U;                      /* model unload failed */
static const uint32_t ACL_ERROR_GE_MODEL_EXECUTE_TIMEOUT = 545601U;             /* model execution timed out */
static const uint32_t ACL_ERROR_GE_REDEPLOYING = 545602U;                       /* redeployment in progress */

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_GE_GE_ERROR_CODES_H_ */
