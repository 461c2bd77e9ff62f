// Facts of CANN's runtime and profiler that aclsim reproduces, named once.
//
// Each value is CANN's, with the section of spec/acl_prof_spec.md that
// documents it; code anywhere in the tree uses these names, never the
// numbers. Public ACL constants (aclprofConfigType, aclprofStepTag values)
// stay in the public headers; this header holds the ones the core needs
// without including an ACL header.
#ifndef ACLSIM_RUNTIME_VENDOR_H_
#define ACLSIM_RUNTIME_VENDOR_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace aclsim::vendor {

// Step markers (spec §2.3, §4.2): aclprofGetStepTimestamp's tags, and the
// framework tags (MindSpore's step start/end) that exports normalise to them.
inline constexpr uint32_t kStepStartTag = 0;  // ACL_STEP_START
inline constexpr uint32_t kStepEndTag = 1;    // ACL_STEP_END
inline constexpr uint32_t kFrameworkStepStartTag = 60000;
inline constexpr uint32_t kFrameworkStepEndTag = 60001;

// The rtProfilerTraceEx tags of msproftx/mstx device markers (spec §2.4):
// aclprofMarkEx and mstxMarkA put one tag-11 marker on their stream; an
// mstx range with a stream puts a tag-12 marker at its start and its end,
// both with the range's id (Ascend/msprof, CANN 9.1's mstx range tag).
inline constexpr uint32_t kMarkExTag = 11;
inline constexpr uint32_t kMstxRangeTag = 12;
constexpr bool IsTxMarkerTag(uint32_t tag) { return tag == kMarkExTag || tag == kMstxRangeTag; }

// mstx (mstx/ms_tools_ext.h): the name of the default (NULL) domain, the
// longest domain name, the message prefixes msprof's collector refuses (its
// guard against formula injection in CSV) and the tool id of msprof.
inline constexpr std::string_view kMstxDefaultDomain = "default";
inline constexpr size_t kMstxMaxDomainName = 1023;
inline constexpr std::string_view kMstxRefusedPrefixes = "=+-@";
inline constexpr uint64_t kMstxToolMsprofId = 0x1000;

// The model id device markers carry in completion and task records.
inline constexpr uint32_t kMarkerModelId = 0xFFFFFFFFu;

// The model id msprof's summaries give ops launched on their own (aclnn,
// aclop), outside any model.
inline constexpr uint32_t kSingleOpModelId = 0xFFFFFFFFu;
// The first LaunchInfo.model_tag of single-op kernels (runtime/single_op.h):
// model ids stay below it.
inline constexpr uint32_t kFirstKernelTag = 0x80000000u;

// The tags of the gears of a model converted with gears (each gear is its
// own executable): kFirstGearTag | gear << kGearShift | model id, for model
// ids below 2^20 and at most 1024 gears; other model ids stay below
// kFirstGearTag.
inline constexpr uint32_t kFirstGearTag = 0x40000000u;
inline constexpr uint32_t kGearShift = 20;
inline constexpr uint32_t kMaxGearModelId = (1u << kGearShift) - 1;
constexpr uint32_t GearTag(uint32_t model_id, uint32_t gear) { return kFirstGearTag | (gear << kGearShift) | model_id; }
constexpr bool IsGearTag(uint32_t tag) { return tag >= kFirstGearTag && tag < kFirstKernelTag; }

// The model id exports and subscription records show for a completion's
// |model_tag|: the model's own id (also for its gears), or kSingleOpModelId
// for a kernel.
constexpr uint32_t ExportedModelId(uint32_t model_tag) {
  return model_tag >= kFirstKernelTag ? kSingleOpModelId
         : IsGearTag(model_tag)       ? (model_tag & kMaxGearModelId)
                                      : model_tag;
}

// The task types CANN's runtime reports for stream copies and memsets
// (aclrtMemcpyAsync, aclrtMemsetAsync). They are not ops: op_summary and
// subscriptions leave them out; task_time lists them with no kernel name.
inline constexpr std::string_view kMemcpyTaskType = "MEMCPY_ASYNC";
inline constexpr std::string_view kMemsetTaskType = "MEMSET_ASYNC";
// The size of a device's overflow status (aclrtGetOverflowStatus's only
// accepted outputSize; CANN's OVERFLOW_OUTPUT_SIZE).
inline constexpr size_t kOverflowStatusBytes = 64;

// MsprofTxInfo eventType values of msproftx host records (spec §2.4).
enum class TxEventType : uint32_t {
  kMark = 0,       // aclprofMark
  kPushPop = 1,    // aclprofPush / aclprofPop
  kStartStop = 2,  // aclprofRangeStart / aclprofRangeStop
  kMarkEx = 3,     // aclprofMarkEx
};

// aclprofConfigType ACL_PROF_PATH: the output directory set through
// aclprofSetConfig, which overrides aclprofInit's path (spec §2.1).
inline constexpr int32_t kProfConfigPath = 16;

// The op type CANN reports as a subgraph task (aclprofGetOpFlag returns
// ACL_SUBSCRIBE_SUBGRAPH for it, spec §2.2).
inline constexpr std::string_view kFftsPlusOpType = "FFTS_PLUS";

}  // namespace aclsim::vendor

#endif  // ACLSIM_RUNTIME_VENDOR_H_
