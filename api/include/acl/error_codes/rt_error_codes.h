/*
 * aclsim - clean-room declaration of the Ascend ACL runtime error codes.
 *
 * This header is written for aclsim (a simulated NPU behind the ACL API).
 * The identifiers and numeric values are chosen to be identical to the ones
 * CANN publishes, so that programs written against CANN build and compare
 * return codes unchanged. The values follow the runtime's public
 * include/external/acl/error_codes/rt_error_codes.h of hicann/runtime at
 * tag v9.2.0-beta.1 (and master): CANN 9.1.0 plus the one code
 * 9.2.0-beta.1 added (207021). Layout of the values:
 *   1070xx  caller errors (bad parameter, wrong context, ...)
 *   2070xx  resource / feature errors
 *   5070xx  internal / device-side errors
 */
#ifndef __INC_EXTERNEL_RT_ERROR_CODES_H__
#define __INC_EXTERNEL_RT_ERROR_CODES_H__

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_RT_SUCCESS 0 /* no error */

/* ---- 1070xx: invalid use by the caller ---- */
#define ACL_ERROR_RT_PARAM_INVALID 107000               /* an argument is invalid */
#define ACL_ERROR_RT_INVALID_DEVICEID 107001            /* device id out of range */
#define ACL_ERROR_RT_CONTEXT_NULL 107002                /* no current context */
#define ACL_ERROR_RT_STREAM_CONTEXT 107003              /* stream belongs to another context */
#define ACL_ERROR_RT_MODEL_CONTEXT 107004               /* model belongs to another context */
#define ACL_ERROR_RT_STREAM_MODEL 107005                /* stream is not part of the model */
#define ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID 107006     /* event has no valid timestamp */
#define ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL 107007    /* end event recorded before start */
#define ACL_ERROR_RT_ADDR_UNALIGNED 107008              /* address alignment violated */
#define ACL_ERROR_RT_FILE_OPEN 107009                   /* cannot open file */
#define ACL_ERROR_RT_FILE_WRITE 107010                  /* cannot write file */
#define ACL_ERROR_RT_STREAM_SUBSCRIBE 107011            /* stream subscription error */
#define ACL_ERROR_RT_THREAD_SUBSCRIBE 107012            /* thread subscription error */
#define ACL_ERROR_RT_GROUP_NOT_SET 107013               /* group has not been set */
#define ACL_ERROR_RT_GROUP_NOT_CREATE 107014            /* group has not been created */
#define ACL_ERROR_RT_STREAM_NO_CB_REG 107015            /* no callback thread bound to stream */
#define ACL_ERROR_RT_INVALID_MEMORY_TYPE 107016         /* wrong kind of memory */
#define ACL_ERROR_RT_INVALID_HANDLE 107017              /* handle is not valid */
#define ACL_ERROR_RT_INVALID_MALLOC_TYPE 107018         /* unsupported allocation policy */
#define ACL_ERROR_RT_WAIT_TIMEOUT 107019                /* wait timed out */
#define ACL_ERROR_RT_TASK_TIMEOUT 107020                /* task timed out */
#define ACL_ERROR_RT_SYSPARAMOPT_NOT_SET 107021         /* system option never set */
#define ACL_ERROR_RT_DEVICE_TASK_ABORT 107022           /* device tasks are being aborted */
#define ACL_ERROR_RT_STREAM_ABORT 107023                /* stream is being aborted */
#define ACL_ERROR_RT_CAPTURE_DEPENDENCY 107024          /* capture dependency failure */
#define ACL_ERROR_RT_STREAM_UNJOINED 107025             /* stream not joined to capture */
#define ACL_ERROR_RT_MODEL_CAPTURED 107026              /* model is being captured */
#define ACL_ERROR_RT_STREAM_CAPTURED 107027             /* stream is being captured */
#define ACL_ERROR_RT_EVENT_CAPTURED 107028              /* event is being captured */
#define ACL_ERROR_RT_STREAM_NOT_CAPTURED 107029         /* stream is not capturing */
#define ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT 107030    /* operation not allowed while capturing */
#define ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT 107031     /* implicit default-stream dependency */
#define ACL_ERROR_STREAM_CAPTURE_CONFLICT 107032        /* dependent streams cannot start capture together */
#define ACL_ERROR_STREAM_TASK_GROUP_STATUS 107033       /* task group in wrong state */
#define ACL_ERROR_STREAM_TASK_GROUP_INTR 107034         /* task group interrupted */
#define ACL_ERROR_RT_TASK_ABORT_STOP 107035             /* abort stopped before post-processing */
#define ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED 107036    /* capture not started on this stream */
#define ACL_ERROR_RT_MODEL_RUNNING 107037               /* model still running */
#define ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD 107038 /* capture ended from another thread */
#define ACL_ERROR_RT_INSUFFICIENT_INPUT_ARRAY 107039    /* output array too small */
#define ACL_ERROR_RT_MODEL_UPDATE_FAILED 107040         /* model update failed */
#define ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC 107041    /* async op would become sync while capturing */
#define ACL_ERROR_RT_SYMBOL_NOT_FOUND 107042            /* device symbol not found */
#define ACL_ERROR_RT_INVALID_SYMBOL 107043              /* device symbol is not valid */
#define ACL_ERROR_RT_INVALID_DEVICE_FUNCTION 107044     /* device function is not valid */
#define ACL_ERROR_RT_SUB_ACLGRAPH_IS_CAPTURING 107045   /* a sub-graph is being captured */

/* ---- 2070xx: resources and features ---- */
#define ACL_ERROR_RT_FEATURE_NOT_SUPPORT 207000           /* feature not supported */
#define ACL_ERROR_RT_MEMORY_ALLOCATION 207001             /* out of memory */
#define ACL_ERROR_RT_MEMORY_FREE 207002                   /* freeing memory failed */
#define ACL_ERROR_RT_AICORE_OVER_FLOW 207003              /* AI Core overflow */
#define ACL_ERROR_RT_NO_DEVICE 207004                     /* no device present */
#define ACL_ERROR_RT_RESOURCE_ALLOC_FAIL 207005           /* resource allocation failed */
#define ACL_ERROR_RT_NO_PERMISSION 207006                 /* permission denied */
#define ACL_ERROR_RT_NO_EVENT_RESOURCE 207007             /* events exhausted */
#define ACL_ERROR_RT_NO_STREAM_RESOURCE 207008            /* streams exhausted */
#define ACL_ERROR_RT_NO_NOTIFY_RESOURCE 207009            /* notifies exhausted */
#define ACL_ERROR_RT_NO_MODEL_RESOURCE 207010             /* models exhausted */
#define ACL_ERROR_RT_NO_CDQ_RESOURCE 207011               /* CDQ exhausted */
#define ACL_ERROR_RT_OVER_LIMIT 207012                    /* limit exceeded */
#define ACL_ERROR_RT_QUEUE_EMPTY 207013                   /* queue empty */
#define ACL_ERROR_RT_QUEUE_FULL 207014                    /* queue full */
#define ACL_ERROR_RT_REPEATED_INIT 207015                 /* initialised twice */
#define ACL_ERROR_RT_AIVEC_OVER_FLOW 207016               /* AI Vector overflow */
#define ACL_ERROR_RT_OVER_FLOW 207017                     /* generic overflow */
#define ACL_ERROR_RT_DEVICE_OOM 207018                    /* device out of memory */
#define ACL_ERROR_RT_FEATURE_NOT_SUPPORT_UPDATE_OP 207019 /* op cannot be updated */
#define ACL_ERROR_RT_TIMEOUT 207020                       /* driver timeout */
#define ACL_ERROR_RT_LINK_TYPE_NOT_SUPPORTED 207021       /* link type not supported */

/* ---- 5070xx / 5079xx: internal and device-side failures ---- */
#define ACL_ERROR_RT_INTERNAL_ERROR 507000                  /* runtime internal error */
#define ACL_ERROR_RT_TS_ERROR 507001                        /* task scheduler error */
#define ACL_ERROR_RT_STREAM_TASK_FULL 507002                /* stream task queue full */
#define ACL_ERROR_RT_STREAM_TASK_EMPTY 507003               /* stream task queue empty */
#define ACL_ERROR_RT_STREAM_NOT_COMPLETE 507004             /* stream work still pending */
#define ACL_ERROR_RT_END_OF_SEQUENCE 507005                 /* end of sequence */
#define ACL_ERROR_RT_EVENT_NOT_COMPLETE 507006              /* event not yet reached */
#define ACL_ERROR_RT_CONTEXT_RELEASE_ERROR 507007           /* context release failed */
#define ACL_ERROR_RT_SOC_VERSION 507008                     /* SoC version mismatch */
#define ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT 507009           /* task type unsupported */
#define ACL_ERROR_RT_LOST_HEARTBEAT 507010                  /* scheduler heartbeat lost */
#define ACL_ERROR_RT_MODEL_EXECUTE 507011                   /* model execution failed */
#define ACL_ERROR_RT_REPORT_TIMEOUT 507012                  /* report timed out */
#define ACL_ERROR_RT_SYS_DMA 507013                         /* DMA error */
#define ACL_ERROR_RT_AICORE_TIMEOUT 507014                  /* AI Core timeout */
#define ACL_ERROR_RT_AICORE_EXCEPTION 507015                /* AI Core exception */
#define ACL_ERROR_RT_AICORE_TRAP_EXCEPTION 507016           /* AI Core trap */
#define ACL_ERROR_RT_AICPU_TIMEOUT 507017                   /* AI CPU timeout */
#define ACL_ERROR_RT_AICPU_EXCEPTION 507018                 /* AI CPU exception */
#define ACL_ERROR_RT_AICPU_DATADUMP_RSP_ERR 507019          /* AI CPU dump response error */
#define ACL_ERROR_RT_AICPU_MODEL_RSP_ERR 507020             /* AI CPU model response error */
#define ACL_ERROR_RT_PROFILING_ERROR 507021                 /* profiling error */
#define ACL_ERROR_RT_IPC_ERROR 507022                       /* IPC error */
#define ACL_ERROR_RT_MODEL_ABORT_NORMAL 507023              /* model aborted normally */
#define ACL_ERROR_RT_KERNEL_UNREGISTERING 507024            /* kernel is being unregistered */
#define ACL_ERROR_RT_RINGBUFFER_NOT_INIT 507025             /* ring buffer not initialised */
#define ACL_ERROR_RT_RINGBUFFER_NO_DATA 507026              /* ring buffer empty */
#define ACL_ERROR_RT_KERNEL_LOOKUP 507027                   /* kernel lookup failed */
#define ACL_ERROR_RT_KERNEL_DUPLICATE 507028                /* kernel registered twice */
#define ACL_ERROR_RT_DEBUG_REGISTER_FAIL 507029             /* debug register failed */
#define ACL_ERROR_RT_DEBUG_UNREGISTER_FAIL 507030           /* debug unregister failed */
#define ACL_ERROR_RT_LABEL_CONTEXT 507031                   /* label belongs to another context */
#define ACL_ERROR_RT_PROGRAM_USE_OUT 507032                 /* program slots exhausted */
#define ACL_ERROR_RT_DEV_SETUP_ERROR 507033                 /* device setup failed */
#define ACL_ERROR_RT_VECTOR_CORE_TIMEOUT 507034             /* vector core timeout */
#define ACL_ERROR_RT_VECTOR_CORE_EXCEPTION 507035           /* vector core exception */
#define ACL_ERROR_RT_VECTOR_CORE_TRAP_EXCEPTION 507036      /* vector core trap */
#define ACL_ERROR_RT_CDQ_BATCH_ABNORMAL 507037              /* CDQ batch allocation error */
#define ACL_ERROR_RT_DIE_MODE_CHANGE_ERROR 507038           /* die mode cannot change */
#define ACL_ERROR_RT_DIE_SET_ERROR 507039                   /* die cannot be set in single-die mode */
#define ACL_ERROR_RT_INVALID_DIEID 507040                   /* bad die id */
#define ACL_ERROR_RT_DIE_MODE_NOT_SET 507041                /* die mode not set */
#define ACL_ERROR_RT_AICORE_TRAP_READ_OVERFLOW 507042       /* AI Core trap: read overflow */
#define ACL_ERROR_RT_AICORE_TRAP_WRITE_OVERFLOW 507043      /* AI Core trap: write overflow */
#define ACL_ERROR_RT_VECTOR_CORE_TRAP_READ_OVERFLOW 507044  /* vector core trap: read overflow */
#define ACL_ERROR_RT_VECTOR_CORE_TRAP_WRITE_OVERFLOW 507045 /* vector core trap: write overflow */
#define ACL_ERROR_RT_STREAM_SYNC_TIMEOUT 507046             /* stream synchronise timed out */
#define ACL_ERROR_RT_EVENT_SYNC_TIMEOUT 507047              /* event synchronise timed out */
#define ACL_ERROR_RT_FFTS_PLUS_TIMEOUT 507048               /* FFTS+ timeout */
#define ACL_ERROR_RT_FFTS_PLUS_EXCEPTION 507049             /* FFTS+ exception */
#define ACL_ERROR_RT_FFTS_PLUS_TRAP_EXCEPTION 507050        /* FFTS+ trap */
#define ACL_ERROR_RT_SEND_MSG 507051                        /* host/device message send failed */
#define ACL_ERROR_RT_COPY_DATA 507052                       /* data copy failed */
#define ACL_ERROR_RT_DEVICE_MEM_ERROR 507053                /* device memory fault */
#define ACL_ERROR_RT_HBM_MULTI_BIT_ECC_ERROR 507054         /* HBM multi-bit ECC fault */
#define ACL_ERROR_RT_SUSPECT_DEVICE_MEM_ERROR 507055        /* suspected device memory fault */
#define ACL_ERROR_RT_LINK_ERROR 507056                      /* link fault */
#define ACL_ERROR_RT_SUSPECT_REMOTE_ERROR 507057            /* suspected remote fault */
#define ACL_ERROR_RT_DRV_INTERNAL_ERROR 507899              /* driver internal error */
#define ACL_ERROR_RT_AICPU_INTERNAL_ERROR 507900            /* AI CPU internal error */
#define ACL_ERROR_RT_SOCKET_CLOSE 507901                    /* host/device channel closed */
#define ACL_ERROR_RT_AICPU_INFO_LOAD_RSP_ERR 507902         /* AI CPU info load response error */
#define ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED 507903      /* capture invalidated */
#define ACL_ERROR_RT_COMM_OP_RETRY_FAIL 507904              /* collective retry failed */
#define ACL_ERROR_SNAPSHOT_LOCK_TIMEOUT 507905              /* snapshot lock timed out */
#define ACL_ERROR_SNAPSHOT_LOCK_FAILED 507906               /* snapshot lock failed */
#define ACL_ERROR_SNAPSHOT_UNLOCK_FAILED 507907             /* snapshot unlock failed */
#define ACL_ERROR_SNAPSHOT_BACKUP_FAILED 507908             /* snapshot backup failed */
#define ACL_ERROR_SNAPSHOT_RESTORE_FAILED 507909            /* snapshot restore failed */
#define ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED 507910     /* host range already registered */
#define ACL_ERROR_HOST_MEMORY_NOT_REGISTERED 507911         /* host range not registered */
#define ACL_ERROR_SNAPSHOT_CALLBACK_FAILED 507912           /* snapshot callback failed */
#define ACL_ERROR_SNAPSHOT_REGISTER_CALLBACK_FAILED 507913  /* snapshot callback registration failed */
#define ACL_ERROR_RT_L3_PORT_ERROR 507914                   /* L3 port fault */
#define ACL_ERROR_RT_CCU_TIMEOUT 507915                     /* CCU timeout */
#define ACL_ERROR_RT_CCU_EXCEPTION 507916                   /* CCU exception */

#ifdef __cplusplus
}
#endif

#endif /* __INC_EXTERNEL_RT_ERROR_CODES_H__ */
