/*
 * aclsim extensions — NOT part of CANN.
 *
 * Functions an application may call only when it knows it runs on aclsim:
 * task tracing (the device timeline of every op, for tools and tests), the
 * device clock, model cost totals and backend identification. Programs meant
 * to run on real Ascend hardware too should look these up with dlsym and
 * treat their absence as "not on aclsim". All return ACL error codes and leave
 * a message for aclGetRecentErrMsg() on failure. Exported by libascendcl.so.
 */
#ifndef ACLSIM_EXT_H_
#define ACLSIM_EXT_H_

#include <stddef.h>
#include <stdint.h>

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACLSIM_EXT_VERSION 1

/* Kind of a traced task. */
typedef enum aclsimTaskKind {
  ACLSIM_TASK_OP = 0,     /* one op of a model execution */
  ACLSIM_TASK_MARKER = 1, /* a zero-length stream-ordered marker */
} aclsimTaskKind;

/* One completed task on a simulated device. Times are device-clock ns. */
typedef struct aclsimTaskRecord {
  uint32_t structSize; /* sizeof(aclsimTaskRecord) of the writer */
  uint32_t kind;       /* aclsimTaskKind */
  uint32_t deviceId;
  uint32_t modelId;   /* 0xFFFFFFFF for markers */
  uint32_t opIndex;   /* index of the op in its model's op list */
  uint32_t blockDim;  /* cores the op occupied */
  uint32_t hostTid;   /* OS thread id of the launching host thread */
  uint32_t markerTag; /* markers only */
  uint64_t markerId;  /* markers only */
  uint64_t streamId;
  uint64_t taskId;
  uint64_t startNs;
  uint64_t endNs;
  uint64_t flops;   /* cost-model FLOPs */
  uint64_t bytes;   /* cost-model bytes read + written */
  char engine[16];  /* "AI_CORE", "AI_VECTOR_CORE", "AI_CPU" */
  char opType[64];  /* truncated, NUL-terminated */
  char opName[256]; /* truncated, NUL-terminated */
} aclsimTaskRecord;

/* Start recording completed tasks of every device (opened now or later),
 * keeping at most |capacity| records (0 = 1,048,576); further records are
 * counted as dropped. Clears earlier records. Already on → 100002. */
ACL_FUNC_VISIBILITY aclError aclsimTraceStart(size_t capacity);

/* Stop recording; the records stay readable. Not on → 100000. */
ACL_FUNC_VISIBILITY aclError aclsimTraceStop(void);

/* Number of records held and of records that did not fit. NULL → 100000. */
ACL_FUNC_VISIBILITY aclError aclsimTraceGetCount(size_t* count, uint64_t* dropped);

/* Copies up to |capacity| records (oldest first) to |records|; |*written|
 * receives the number copied. NULL records with capacity > 0, or NULL
 * written → 100000. */
ACL_FUNC_VISIBILITY aclError aclsimTraceGetRecords(aclsimTaskRecord* records, size_t capacity, size_t* written);

/* Where a virtual device clock starts unless the configuration's
 * "clock_origin_ns" says otherwise: one hour (a device that booted an hour
 * ago). No device time is ever 0; in the realtime clock mode a device clock
 * follows the host's monotonic clock instead. */
#define ACLSIM_DEFAULT_CLOCK_ORIGIN_NS 3600000000000ULL

/* Device clock (ns) of |deviceId| as the host has observed it: never 0. */
ACL_FUNC_VISIBILITY aclError aclsimGetDeviceTimeNs(int32_t deviceId, uint64_t* timeNs);

/* Cost-model totals of a loaded model: FLOPs, cube MACs, bytes, and the sum
 * of op durations in ns. Unknown model → 145003. */
ACL_FUNC_VISIBILITY aclError aclsimGetModelCost(uint32_t modelId, uint64_t* flops, uint64_t* macs, uint64_t* bytes,
                                                uint64_t* opTimeNs);

/* Name of the active device backend ("sim", "null", ...); NULL if the runtime
 * cannot be created (the message says why). */
ACL_FUNC_VISIBILITY const char* aclsimGetBackendName(void);

/* Whether the active device backend has |feature|, one of:
 *   "backend_selection"      the program's configuration chooses the backend
 *                            (the aclInit file's "backend" key, else "sim"):
 *                            lacking when ACLSIM_BACKEND is set or the
 *                            ACLSIM_CONFIG file names a backend;
 *   "client_device_options"  the device options (device_count,
 *                            device_profile, device_profile_path, clock,
 *                            seed, jitter, faults) come from this process's
 *                            configuration (lacking on "remote": the server's
 *                            command line sets them);
 *   "fresh_device_clock"     a device's clock starts at its origin
 *                            (ACLSIM_DEFAULT_CLOCK_ORIGIN_NS, or the
 *                            configured "clock_origin_ns") when this process
 *                            opens it (lacking on "remote": its devices are
 *                            shared and keep their time);
 *   "execution"              the devices run work (lacking on a backend still
 *                            being written: backends/skeleton).
 * ACL_SUCCESS when it has it; ACL_ERROR_API_NOT_SUPPORT with the reason in
 * aclGetRecentErrMsg() when it lacks it; ACL_ERROR_INVALID_PARAM for NULL or
 * another name. Before the runtime exists, the backend the configuration
 * (ACLSIM_CONFIG, ACLSIM_BACKEND) would create is asked and dropped, so no
 * runtime is created; its creation error is returned if it cannot be
 * created. */
ACL_FUNC_VISIBILITY aclError aclsimCheckBackendFeature(const char* feature);

/* Counters of one operator subscription (aclprofModelSubscribe). */
typedef struct aclsimSubscriptionStats {
  uint32_t structSize; /* sizeof(aclsimSubscriptionStats) of the writer */
  uint32_t modelId;
  uint32_t deviceId;
  int32_t fd;         /* descriptor value read at subscribe time */
  uint32_t active;    /* 1 until aclprofModelUnSubscribe */
  uint32_t broken;    /* 1 once a write to fd failed (reader closed, bad fd) */
  uint64_t produced;  /* records built for this subscription */
  uint64_t delivered; /* records written to fd */
  uint64_t dropped;   /* records not written because the subscription is broken */
} aclsimSubscriptionStats;

/* Counters of the live or most recent subscription of |modelId|.
 * NULL stats → 100000; never subscribed → 100011. */
ACL_FUNC_VISIBILITY aclError aclsimGetSubscriptionStats(uint32_t modelId, aclsimSubscriptionStats* stats);

/* Absolute path of the PROF_* directory created by the latest aclprofStart
 * of this process, copied NUL-terminated into |path| (capacity |length|).
 * No session started yet → "" . NULL path or too small → 100000. */
ACL_FUNC_VISIBILITY aclError aclsimGetLastProfDirectory(char* path, size_t length);

/* Counters of the mstx calls (mstx/ms_tools_ext.h) made while a profiling
 * collection with msproftx data ran in this process. A refused call (NULL,
 * empty or too long message, a message starting with '=', '+', '-' or '@')
 * is counted here and logged, never recorded in part. */
typedef struct aclsimMstxStats {
  uint32_t structSize;     /* sizeof(aclsimMstxStats) of the writer */
  uint32_t reserved;       /* 0 */
  uint64_t marks;          /* markers recorded */
  uint64_t ranges;         /* ranges recorded (ended) */
  uint64_t refused;        /* calls refused for their message */
  uint64_t unfinished;     /* ranges still open when their collection stopped (not recorded) */
  uint64_t unmatchedEnds;  /* range ends that closed no open range of their domain */
  uint64_t markerFailures; /* device markers that could not be placed (host record kept) */
} aclsimMstxStats;

/* The mstx counters of the runtime. NULL → 100000; no runtime → its
 * creation error. */
ACL_FUNC_VISIBILITY aclError aclsimGetMstxStats(aclsimMstxStats* stats);

/* MSPTI's record counters (libmspti.so; docs/mspti.md). A record that
 * finds no buffer (the request callback gave none, or one smaller than the
 * record) is dropped and counted here: callable at any time, from a
 * completion callback too. */
typedef struct aclsimMsptiStats {
  uint32_t structSize;          /* sizeof(aclsimMsptiStats) of the writer */
  uint32_t reserved;            /* 0 */
  uint64_t records;             /* records written into client buffers */
  uint64_t dropped;             /* records lost for want of a buffer */
  uint64_t buffersCompleted;    /* buffers handed back through the completion callback */
  uint64_t uncorrelatedKernels; /* KERNEL records with correlation id 0 (delivered off their thread) */
} aclsimMsptiStats;

/* MSPTI's counters. NULL → 100000. Needs no runtime. */
ACL_FUNC_VISIBILITY aclError aclsimGetMsptiStats(aclsimMsptiStats* stats);

#ifdef __cplusplus
}
#endif

#endif /* ACLSIM_EXT_H_ */
