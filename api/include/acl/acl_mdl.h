/*
 * aclsim - clean-room declaration of the ACL model API (acl_mdl.h).
 *
 * aclsim runs offline models on a simulated NPU. This header is our own
 * declaration of the model-description, dataset, load/execute, dynamic-shape,
 * AIPP and load-config parts of the ACL model API. Names, macro and
 * enumerator values, struct layouts and prototypes match CANN so existing
 * programs build unchanged. Not declared here: the bundle-model API
 * (aclmdlBundle*), aclmdlLoadFromModel, aclmdlCreateAndGetOpDesc and
 * aclRecoverAllHcclTasks.
 */
#ifndef INC_EXTERNAL_ACL_ACL_MODEL_H_
#define INC_EXTERNAL_ACL_ACL_MODEL_H_

#include <stddef.h>
#include <stdint.h>

#include "acl_base.h"
#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Size limits of the fixed-size query structs below. */
#define ACL_DIM_ENDPOINTS 2
#define ACL_MAX_DIM_CNT 128
#define ACL_MAX_TENSOR_NAME_LEN 128
#define ACL_MAX_BATCH_NUM 128
#define ACL_MAX_HW_NUM 128
#define ACL_MAX_SHAPE_COUNT 128
#define ACL_INVALID_NODE_INDEX 0xFFFFFFFF

/* Values of the ACL_MDL_LOAD_TYPE_SIZET load option. */
#define ACL_MDL_LOAD_FROM_FILE 1
#define ACL_MDL_LOAD_FROM_FILE_WITH_MEM 2
#define ACL_MDL_LOAD_FROM_MEM 3
#define ACL_MDL_LOAD_FROM_MEM_WITH_MEM 4
#define ACL_MDL_LOAD_FROM_FILE_WITH_Q 5
#define ACL_MDL_LOAD_FROM_MEM_WITH_Q 6

/* Reserved input names used by dynamic-shape and dynamic-AIPP models. */
#define ACL_DYNAMIC_TENSOR_NAME "ascend_mbatch_shape_data"
#define ACL_DYNAMIC_AIPP_NAME "ascend_dynamic_aipp_data"
#define ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES "_datadump_original_op_names"

/* Values of the ACL_MDL_WORKSPACE_MEM_OPTIMIZE load option. */
#define ACL_WORKSPACE_MEM_OPTIMIZE_DEFAULT 0
#define ACL_WORKSPACE_MEM_OPTIMIZE_INPUTOUTPUT 1

/* Stream roles when binding streams to a model instance. */
#define ACL_MODEL_STREAM_FLAG_HEAD 0x00000000U
#define ACL_MODEL_STREAM_FLAG_DEFAULT 0x7FFFFFFFU

/* Opaque model objects. */
typedef struct aclmdlDataset aclmdlDataset;
typedef struct aclmdlDesc aclmdlDesc;
typedef struct aclmdlAIPP aclmdlAIPP;
typedef struct aclAippExtendInfo aclAippExtendInfo;
typedef struct aclmdlConfigHandle aclmdlConfigHandle;
typedef struct aclmdlExecConfigHandle aclmdlExecConfigHandle;
typedef struct aclmdlBundleQueryInfo aclmdlBundleQueryInfo;
typedef void* aclmdlModel;

/* Image formats accepted by AIPP. */
typedef enum {
  ACL_YUV420SP_U8 = 1,
  ACL_XRGB8888_U8 = 2,
  ACL_RGB888_U8 = 3,
  ACL_YUV400_U8 = 4,
  ACL_NC1HWC0DI_FP16 = 5,
  ACL_NC1HWC0DI_S8 = 6,
  ACL_ARGB8888_U8 = 7,
  ACL_YUYV_U8 = 8,
  ACL_YUV422SP_U8 = 9,
  ACL_AYUV444_U8 = 10,
  ACL_RAW10 = 11,
  ACL_RAW12 = 12,
  ACL_RAW16 = 13,
  ACL_RAW24 = 14,
  ACL_AIPP_RESERVED = 0xFFFF
} aclAippInputFormat;

/* Options for aclmdlSetConfigOpt; the suffix names the value type (INT32, SIZET, PTR). */
typedef enum {
  ACL_MDL_PRIORITY_INT32 = 0,
  ACL_MDL_LOAD_TYPE_SIZET,
  ACL_MDL_PATH_PTR,     /* model file path, copied */
  ACL_MDL_MEM_ADDR_PTR, /* model bytes in memory, not copied */
  ACL_MDL_MEM_SIZET,
  ACL_MDL_WEIGHT_ADDR_PTR, /* caller-provided weight memory */
  ACL_MDL_WEIGHT_SIZET,
  ACL_MDL_WORKSPACE_ADDR_PTR, /* caller-provided workspace memory */
  ACL_MDL_WORKSPACE_SIZET,
  ACL_MDL_INPUTQ_NUM_SIZET,
  ACL_MDL_INPUTQ_ADDR_PTR,
  ACL_MDL_OUTPUTQ_NUM_SIZET,
  ACL_MDL_OUTPUTQ_ADDR_PTR,
  ACL_MDL_WORKSPACE_MEM_OPTIMIZE,
  ACL_MDL_WEIGHT_PATH_PTR, /* external weight path, copied */
  ACL_MDL_MODEL_DESC_PTR,
  ACL_MDL_MODEL_DESC_SIZET,
  ACL_MDL_KERNEL_PTR,
  ACL_MDL_KERNEL_SIZET,
  ACL_MDL_KERNEL_ARGS_PTR,
  ACL_MDL_KERNEL_ARGS_SIZET,
  ACL_MDL_STATIC_TASK_PTR,
  ACL_MDL_STATIC_TASK_SIZET,
  ACL_MDL_DYNAMIC_TASK_PTR,
  ACL_MDL_DYNAMIC_TASK_SIZET,
  ACL_MDL_MEM_MALLOC_POLICY_SIZET,
  ACL_MDL_FIFO_PTR,
  ACL_MDL_FIFO_SIZET,
  ACL_MDL_WITHOUT_GRAPH_INT32,
  ACL_NPU_PERF_MODE,
  ACL_MDL_RESERVED = 0xFFFF
} aclmdlConfigAttr;

/* Per-model attributes for aclmdlSetAttribute / aclmdlGetAttribute. */
typedef enum { ACL_MDL_ATTR_PRIORITY_INT32 = 0 } aclmdlAttr;

typedef union {
  uint32_t mdlPriority; /* lower value = higher priority; default 0 */
  uint32_t reserved[8];
} aclmdlAttrValue_t;

/* Options for aclmdlSetExecConfigOpt. */
typedef enum {
  ACL_MDL_STREAM_SYNC_TIMEOUT = 0,
  ACL_MDL_EVENT_SYNC_TIMEOUT,
  ACL_MDL_WORK_ADDR_PTR,
  ACL_MDL_WORK_SIZET,
  ACL_MDL_MPAIMID_SIZET,
  ACL_MDL_AICQOS_SIZET,
  ACL_MDL_AICOST_SIZET,
  ACL_MDL_MEC_TIMETHR_SIZET,
  ACL_MDL_EXEC_PRIORITY_INT32,
  ACL_MDL_NPU_PERF_MODE
} aclmdlExecConfigAttr;

/* How an input is connected to AIPP. */
typedef enum {
  ACL_DATA_WITHOUT_AIPP = 0,
  ACL_DATA_WITH_STATIC_AIPP,
  ACL_DATA_WITH_DYNAMIC_AIPP,
  ACL_DYNAMIC_AIPP_NODE
} aclmdlInputAippType;

/* Name and shape of one model input/output. */
typedef struct aclmdlIODims {
  char name[ACL_MAX_TENSOR_NAME_LEN];
  size_t dimCount;
  int64_t dims[ACL_MAX_DIM_CNT];
} aclmdlIODims;

/* [min,max] of every dimension of one input. */
typedef struct aclmdlIODimsRange {
  size_t rangeCount;
  int64_t range[ACL_MAX_DIM_CNT][ACL_DIM_ENDPOINTS];
} aclmdlIODimsRange;

/* Shapes and sizes before and after AIPP. */
typedef struct aclAippDims {
  aclmdlIODims srcDims;
  size_t srcSize;
  aclmdlIODims aippOutdims;
  size_t aippOutSize;
} aclAippDims;

/* Batch sizes a dynamic-batch model supports. */
typedef struct aclmdlBatch {
  size_t batchCount;
  uint64_t batch[ACL_MAX_BATCH_NUM];
} aclmdlBatch;

/* (height, width) pairs a dynamic-resolution model supports. */
typedef struct aclmdlHW {
  size_t hwCount;
  uint64_t hw[ACL_MAX_HW_NUM][2];
} aclmdlHW;

/* Static AIPP configuration of one input. */
typedef struct aclAippInfo {
  aclAippInputFormat inputFormat;
  int32_t srcImageSizeW;
  int32_t srcImageSizeH;
  int8_t cropSwitch;
  int32_t loadStartPosW;
  int32_t loadStartPosH;
  int32_t cropSizeW;
  int32_t cropSizeH;
  int8_t resizeSwitch;
  int32_t resizeOutputW;
  int32_t resizeOutputH;
  int8_t paddingSwitch;
  int32_t leftPaddingSize;
  int32_t rightPaddingSize;
  int32_t topPaddingSize;
  int32_t bottomPaddingSize;
  int8_t cscSwitch;
  int8_t rbuvSwapSwitch;
  int8_t axSwapSwitch;
  int8_t singleLineMode;
  int32_t matrixR0C0;
  int32_t matrixR0C1;
  int32_t matrixR0C2;
  int32_t matrixR1C0;
  int32_t matrixR1C1;
  int32_t matrixR1C2;
  int32_t matrixR2C0;
  int32_t matrixR2C1;
  int32_t matrixR2C2;
  int32_t outputBias0;
  int32_t outputBias1;
  int32_t outputBias2;
  int32_t inputBias0;
  int32_t inputBias1;
  int32_t inputBias2;
  int32_t meanChn0;
  int32_t meanChn1;
  int32_t meanChn2;
  int32_t meanChn3;
  float minChn0;
  float minChn1;
  float minChn2;
  float minChn3;
  float varReciChn0;
  float varReciChn1;
  float varReciChn2;
  float varReciChn3;
  aclFormat srcFormat;
  aclDataType srcDatatype;
  size_t srcDimNum;
  size_t shapeCount;
  aclAippDims outDims[ACL_MAX_SHAPE_COUNT];
  aclAippExtendInfo* aippExtend; /* reserved, must be NULL */
} aclAippInfo;

/* Per-partition memory sizes of an offline model. */
typedef struct aclmdlExeOMDesc {
  size_t workSize;
  size_t weightSize;
  size_t modelDescSize;
  size_t kernelSize;
  size_t kernelArgsSize;
  size_t staticTaskSize;
  size_t dynamicTaskSize;
  size_t fifoTaskSize;
  size_t reserved[8];
} aclmdlExeOMDesc;

/* ------------------------------------------------------------------------ */
/* Model description                                                        */
/* ------------------------------------------------------------------------ */

/* Allocate an empty model description (NULL on allocation failure). */
ACL_FUNC_VISIBILITY aclmdlDesc* aclmdlCreateDesc(void);

/* Free a model description. ACL_ERROR_INVALID_PARAM for NULL. */
ACL_FUNC_VISIBILITY aclError aclmdlDestroyDesc(aclmdlDesc* modelDesc);

/* Fill modelDesc from a loaded model. ACL_ERROR_GE_EXEC_MODEL_ID_INVALID for an unknown id. */
ACL_FUNC_VISIBILITY aclError aclmdlGetDesc(aclmdlDesc* modelDesc, uint32_t modelId);

/* Fill modelDesc from a model file without loading it. */
ACL_FUNC_VISIBILITY aclError aclmdlGetDescFromFile(aclmdlDesc* modelDesc, const char* modelPath);

/* Fill modelDesc from model bytes in memory without loading it. */
ACL_FUNC_VISIBILITY aclError aclmdlGetDescFromMem(aclmdlDesc* modelDesc, const void* model, size_t modelSize);

/* Number of inputs / outputs (0 for NULL). */
ACL_FUNC_VISIBILITY size_t aclmdlGetNumInputs(aclmdlDesc* modelDesc);
ACL_FUNC_VISIBILITY size_t aclmdlGetNumOutputs(aclmdlDesc* modelDesc);

/* Byte size of input / output index (0 on error). */
ACL_FUNC_VISIBILITY size_t aclmdlGetInputSizeByIndex(aclmdlDesc* modelDesc, size_t index);
ACL_FUNC_VISIBILITY size_t aclmdlGetOutputSizeByIndex(aclmdlDesc* modelDesc, size_t index);

/* ------------------------------------------------------------------------ */
/* Execution config handle                                                  */
/* ------------------------------------------------------------------------ */

/* Allocate / free an execution config handle. */
ACL_FUNC_VISIBILITY aclmdlExecConfigHandle* aclmdlCreateExecConfigHandle(void);
ACL_FUNC_VISIBILITY aclError aclmdlDestroyExecConfigHandle(const aclmdlExecConfigHandle* handle);

/* Set one execution option (valueSize bytes at attrValue). */
ACL_FUNC_VISIBILITY aclError aclmdlSetExecConfigOpt(aclmdlExecConfigHandle* handle, aclmdlExecConfigAttr attr,
                                                    const void* attrValue, size_t valueSize);

/* ------------------------------------------------------------------------ */
/* Datasets                                                                 */
/* ------------------------------------------------------------------------ */

/* Allocate an empty dataset (list of data buffers). */
ACL_FUNC_VISIBILITY aclmdlDataset* aclmdlCreateDataset(void);

/* Free the dataset object (its buffers are not freed). ACL_ERROR_INVALID_PARAM for NULL. */
ACL_FUNC_VISIBILITY aclError aclmdlDestroyDataset(const aclmdlDataset* dataset);

/* Append dataBuffer to dataset. ACL_ERROR_INVALID_PARAM for NULL arguments. */
ACL_FUNC_VISIBILITY aclError aclmdlAddDatasetBuffer(aclmdlDataset* dataset, aclDataBuffer* dataBuffer);

/* Attach a tensor description to entry index (dynamic-shape inputs). */
ACL_FUNC_VISIBILITY aclError aclmdlSetDatasetTensorDesc(aclmdlDataset* dataset, aclTensorDesc* tensorDesc,
                                                        size_t index);

/* Tensor description of entry index, NULL if none. */
ACL_FUNC_VISIBILITY aclTensorDesc* aclmdlGetDatasetTensorDesc(const aclmdlDataset* dataset, size_t index);

/* Number of buffers in dataset (0 for NULL). */
ACL_FUNC_VISIBILITY size_t aclmdlGetDatasetNumBuffers(const aclmdlDataset* dataset);

/* Buffer index of dataset, NULL if out of range. */
ACL_FUNC_VISIBILITY aclDataBuffer* aclmdlGetDatasetBuffer(const aclmdlDataset* dataset, size_t index);

/* ------------------------------------------------------------------------ */
/* Load, execute, unload                                                    */
/* ------------------------------------------------------------------------ */

/* Load a model file; memory is managed internally. Writes the new id to *modelId. */
ACL_FUNC_VISIBILITY aclError aclmdlLoadFromFile(const char* modelPath, uint32_t* modelId);

/* Load model bytes from memory; memory is managed internally. */
ACL_FUNC_VISIBILITY aclError aclmdlLoadFromMem(const void* model, size_t modelSize, uint32_t* modelId);

/* Load a model file into caller-provided workspace and weight memory (may be NULL). */
ACL_FUNC_VISIBILITY aclError aclmdlLoadFromFileWithMem(const char* modelPath, uint32_t* modelId, void* workPtr,
                                                       size_t workSize, void* weightPtr, size_t weightSize);

/* Load model bytes into caller-provided workspace and weight memory (may be NULL). */
ACL_FUNC_VISIBILITY aclError aclmdlLoadFromMemWithMem(const void* model, size_t modelSize, uint32_t* modelId,
                                                      void* workPtr, size_t workSize, void* weightPtr,
                                                      size_t weightSize);

/* Load a model file whose inputs/outputs are fed through queues. */
ACL_FUNC_VISIBILITY aclError aclmdlLoadFromFileWithQ(const char* modelPath, uint32_t* modelId, const uint32_t* inputQ,
                                                     size_t inputQNum, const uint32_t* outputQ, size_t outputQNum);

/* Load model bytes whose inputs/outputs are fed through queues. */
ACL_FUNC_VISIBILITY aclError aclmdlLoadFromMemWithQ(const void* model, size_t modelSize, uint32_t* modelId,
                                                    const uint32_t* inputQ, size_t inputQNum, const uint32_t* outputQ,
                                                    size_t outputQNum);

/* Run the model and wait for completion. NULL datasets → ACL_ERROR_INVALID_PARAM;
 * an unknown id → ACL_ERROR_GE_EXEC_MODEL_ID_INVALID. */
ACL_FUNC_VISIBILITY aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output);

/* Run the model on stream with an execution config, waiting for completion. */
ACL_FUNC_VISIBILITY aclError aclmdlExecuteV2(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output,
                                             aclrtStream stream, const aclmdlExecConfigHandle* handle);

/* Enqueue the model on stream with an execution config. */
ACL_FUNC_VISIBILITY aclError aclmdlExecuteAsyncV2(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output,
                                                  aclrtStream stream, const aclmdlExecConfigHandle* handle);

/* Enqueue the model on stream; outputs are valid after the stream is synchronised. */
ACL_FUNC_VISIBILITY aclError aclmdlExecuteAsync(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output,
                                                aclrtStream stream);

/* Unload the model and release internally managed memory. ACL_ERROR_GE_EXEC_MODEL_ID_INVALID if unknown. */
ACL_FUNC_VISIBILITY aclError aclmdlUnload(uint32_t modelId);

/* Set / read a per-model attribute. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAttribute(uint32_t modelId, aclmdlAttr attr, aclmdlAttrValue_t* attrValue);
ACL_FUNC_VISIBILITY aclError aclmdlGetAttribute(uint32_t modelId, aclmdlAttr attr, aclmdlAttrValue_t* attrValue);

/* ------------------------------------------------------------------------ */
/* Memory queries                                                           */
/* ------------------------------------------------------------------------ */

/* Workspace and weight bytes needed to run the model file fileName. */
ACL_FUNC_VISIBILITY aclError aclmdlQuerySize(const char* fileName, size_t* workSize, size_t* weightSize);

/* Workspace bytes for fileName under a workspace optimisation mode. aclsim
 * extension (docs/headers.md): in no hicann/ge release yet; not supported. */
ACL_FUNC_VISIBILITY aclError aclmdlQueryWorkspaceSize(const char* fileName, size_t memOptimizeMode, size_t* workSize);

/* Sizes of every partition of the model file fileName. */
ACL_FUNC_VISIBILITY aclError aclmdlQueryExeOMDesc(const char* fileName, aclmdlExeOMDesc* mdlPartitionSize);

/* Workspace and weight bytes needed to run model bytes in memory. */
ACL_FUNC_VISIBILITY aclError aclmdlQuerySizeFromMem(const void* model, size_t modelSize, size_t* workSize,
                                                    size_t* weightSize);

/* Workspace bytes for model bytes under a workspace optimisation mode. aclsim
 * extension (docs/headers.md): in no hicann/ge release yet; not supported. */
ACL_FUNC_VISIBILITY aclError aclmdlQueryWorkspaceSizeFromMem(const void* model, size_t modelSize,
                                                             size_t memOptimizeMode, size_t* workSize);

/* ------------------------------------------------------------------------ */
/* Dynamic shapes                                                           */
/* ------------------------------------------------------------------------ */

/* Choose the batch size for this run (input index is the dynamic-shape tensor);
 * fails if batchSize is not one of the model's gears. */
ACL_FUNC_VISIBILITY aclError aclmdlSetDynamicBatchSize(uint32_t modelId, aclmdlDataset* dataset, size_t index,
                                                       uint64_t batchSize);

/* Choose the image height/width for this run. */
ACL_FUNC_VISIBILITY aclError aclmdlSetDynamicHWSize(uint32_t modelId, aclmdlDataset* dataset, size_t index,
                                                    uint64_t height, uint64_t width);

/* Choose the dynamic dimension values for this run. */
ACL_FUNC_VISIBILITY aclError aclmdlSetInputDynamicDims(uint32_t modelId, aclmdlDataset* dataset, size_t index,
                                                       const aclmdlIODims* dims);

/* Name and shape of input index. */
ACL_FUNC_VISIBILITY aclError aclmdlGetInputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims);

/* As aclmdlGetInputDims but reports the pre-AIPP shape for static-AIPP inputs. */
ACL_FUNC_VISIBILITY aclError aclmdlGetInputDimsV2(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims);

/* Dimension ranges of input index. */
ACL_FUNC_VISIBILITY aclError aclmdlGetInputDimsRange(const aclmdlDesc* modelDesc, size_t index,
                                                     aclmdlIODimsRange* dimsRange);

/* Name and (maximum) shape of output index. */
ACL_FUNC_VISIBILITY aclError aclmdlGetOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims);

/* Output shape for the currently selected dynamic gear (or the static shape). */
ACL_FUNC_VISIBILITY aclError aclmdlGetCurOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims);

/* Value of attribute attr of operator opName, NULL if absent. */
ACL_FUNC_VISIBILITY const char* aclmdlGetOpAttr(aclmdlDesc* modelDesc, const char* opName, const char* attr);

/* Tensor name of input / output index (lives as long as modelDesc), "" on error. */
ACL_FUNC_VISIBILITY const char* aclmdlGetInputNameByIndex(const aclmdlDesc* modelDesc, size_t index);
ACL_FUNC_VISIBILITY const char* aclmdlGetOutputNameByIndex(const aclmdlDesc* modelDesc, size_t index);

/* Format of input / output index. */
ACL_FUNC_VISIBILITY aclFormat aclmdlGetInputFormat(const aclmdlDesc* modelDesc, size_t index);
ACL_FUNC_VISIBILITY aclFormat aclmdlGetOutputFormat(const aclmdlDesc* modelDesc, size_t index);

/* Data type of input / output index. */
ACL_FUNC_VISIBILITY aclDataType aclmdlGetInputDataType(const aclmdlDesc* modelDesc, size_t index);
ACL_FUNC_VISIBILITY aclDataType aclmdlGetOutputDataType(const aclmdlDesc* modelDesc, size_t index);

/* Index of the input / output with tensor name name. */
ACL_FUNC_VISIBILITY aclError aclmdlGetInputIndexByName(const aclmdlDesc* modelDesc, const char* name, size_t* index);
ACL_FUNC_VISIBILITY aclError aclmdlGetOutputIndexByName(const aclmdlDesc* modelDesc, const char* name, size_t* index);

/* Batch gears of a dynamic-batch model. */
ACL_FUNC_VISIBILITY aclError aclmdlGetDynamicBatch(const aclmdlDesc* modelDesc, aclmdlBatch* batch);

/* Resolution gears of a dynamic-HW model. */
ACL_FUNC_VISIBILITY aclError aclmdlGetDynamicHW(const aclmdlDesc* modelDesc, size_t index, aclmdlHW* hw);

/* Number of dynamic-dims gears (index must be (size_t)-1). */
ACL_FUNC_VISIBILITY aclError aclmdlGetInputDynamicGearCount(const aclmdlDesc* modelDesc, size_t index,
                                                            size_t* gearCount);

/* All dynamic-dims gears into dims[gearCount] (index must be (size_t)-1). */
ACL_FUNC_VISIBILITY aclError aclmdlGetInputDynamicDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims,
                                                       size_t gearCount);

/* Original tensor name for an alias, NULL if unknown. */
ACL_FUNC_VISIBILITY const char* aclmdlGetTensorRealName(const aclmdlDesc* modelDesc, const char* name);

/* ------------------------------------------------------------------------ */
/* AIPP (image pre-processing)                                              */
/* ------------------------------------------------------------------------ */

/* Allocate / free a dynamic-AIPP parameter set for batchSize images. */
ACL_FUNC_VISIBILITY aclmdlAIPP* aclmdlCreateAIPP(uint64_t batchSize);
ACL_FUNC_VISIBILITY aclError aclmdlDestroyAIPP(const aclmdlAIPP* aippParmsSet);

/* Bytes of the dynamic-AIPP input for batchSize images. */
ACL_FUNC_VISIBILITY aclError aclmdlGetAippDataSize(uint64_t batchSize, size_t* size);

/* Set the source image format. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPInputFormat(aclmdlAIPP* aippParmsSet, aclAippInputFormat inputFormat);

/* Set colour-space conversion matrix and biases. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPCscParams(aclmdlAIPP* aippParmsSet, int8_t cscSwitch, int16_t cscMatrixR0C0,
                                                    int16_t cscMatrixR0C1, int16_t cscMatrixR0C2, int16_t cscMatrixR1C0,
                                                    int16_t cscMatrixR1C1, int16_t cscMatrixR1C2, int16_t cscMatrixR2C0,
                                                    int16_t cscMatrixR2C1, int16_t cscMatrixR2C2,
                                                    uint8_t cscOutputBiasR0, uint8_t cscOutputBiasR1,
                                                    uint8_t cscOutputBiasR2, uint8_t cscInputBiasR0,
                                                    uint8_t cscInputBiasR1, uint8_t cscInputBiasR2);

/* Enable R/B (U/V) channel swap. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPRbuvSwapSwitch(aclmdlAIPP* aippParmsSet, int8_t rbuvSwapSwitch);

/* Enable RGBA->ARGB / YUVA->AYUV swap. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPAxSwapSwitch(aclmdlAIPP* aippParmsSet, int8_t axSwapSwitch);

/* Set the source image size. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPSrcImageSize(aclmdlAIPP* aippParmsSet, int32_t srcImageSizeW,
                                                       int32_t srcImageSizeH);

/* Set resize parameters for image batchIndex. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPScfParams(aclmdlAIPP* aippParmsSet, int8_t scfSwitch, int32_t scfInputSizeW,
                                                    int32_t scfInputSizeH, int32_t scfOutputSizeW,
                                                    int32_t scfOutputSizeH, uint64_t batchIndex);

/* Set crop window for image batchIndex. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPCropParams(aclmdlAIPP* aippParmsSet, int8_t cropSwitch, int32_t cropStartPosW,
                                                     int32_t cropStartPosH, int32_t cropSizeW, int32_t cropSizeH,
                                                     uint64_t batchIndex);

/* Set padding for image batchIndex. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPPaddingParams(aclmdlAIPP* aippParmsSet, int8_t paddingSwitch,
                                                        int32_t paddingSizeTop, int32_t paddingSizeBottom,
                                                        int32_t paddingSizeLeft, int32_t paddingSizeRight,
                                                        uint64_t batchIndex);

/* Set per-channel mean for image batchIndex. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPDtcPixelMean(aclmdlAIPP* aippParmsSet, int16_t dtcPixelMeanChn0,
                                                       int16_t dtcPixelMeanChn1, int16_t dtcPixelMeanChn2,
                                                       int16_t dtcPixelMeanChn3, uint64_t batchIndex);

/* Set per-channel minimum for image batchIndex. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPDtcPixelMin(aclmdlAIPP* aippParmsSet, float dtcPixelMinChn0,
                                                      float dtcPixelMinChn1, float dtcPixelMinChn2,
                                                      float dtcPixelMinChn3, uint64_t batchIndex);

/* Set per-channel reciprocal variance for image batchIndex. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPPixelVarReci(aclmdlAIPP* aippParmsSet, float dtcPixelVarReciChn0,
                                                       float dtcPixelVarReciChn1, float dtcPixelVarReciChn2,
                                                       float dtcPixelVarReciChn3, uint64_t batchIndex);

/* Bind AIPP parameters to the dynamic-AIPP input index (an ACL_DYNAMIC_AIPP_NODE). */
ACL_FUNC_VISIBILITY aclError aclmdlSetInputAIPP(uint32_t modelId, aclmdlDataset* dataset, size_t index,
                                                const aclmdlAIPP* aippParmsSet);

/* Bind AIPP parameters by the index of the data input they apply to. */
ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPByInputIndex(uint32_t modelId, aclmdlDataset* dataset, size_t index,
                                                       const aclmdlAIPP* aippParmsSet);

/* AIPP kind of input index; *dynamicAttachedDataIndex is ACL_INVALID_NODE_INDEX if none. */
ACL_FUNC_VISIBILITY aclError aclmdlGetAippType(uint32_t modelId, size_t index, aclmdlInputAippType* type,
                                               size_t* dynamicAttachedDataIndex);

/* Static AIPP configuration of input index. */
ACL_FUNC_VISIBILITY aclError aclmdlGetFirstAippInfo(uint32_t modelId, size_t index, aclAippInfo* aippInfo);

/* ------------------------------------------------------------------------ */
/* Load with config handle                                                  */
/* ------------------------------------------------------------------------ */

/* Load a model as described by the options in handle. */
ACL_FUNC_VISIBILITY aclError aclmdlLoadWithConfig(const aclmdlConfigHandle* handle, uint32_t* modelId);

/* Allocate an empty load-config handle. */
ACL_FUNC_VISIBILITY aclmdlConfigHandle* aclmdlCreateConfigHandle(void);

/* Free a load-config handle. ACL_ERROR_INVALID_PARAM for NULL. */
ACL_FUNC_VISIBILITY aclError aclmdlDestroyConfigHandle(aclmdlConfigHandle* handle);

/* Set one load option; valueSize must match the option's value type. */
ACL_FUNC_VISIBILITY aclError aclmdlSetConfigOpt(aclmdlConfigHandle* handle, aclmdlConfigAttr attr,
                                                const void* attrValue, size_t valueSize);

/* Provide device memory holding the external weight file weightFileName (32-byte aligned size). */
ACL_FUNC_VISIBILITY aclError aclmdlSetExternalWeightAddress(aclmdlConfigHandle* handle, const char* weightFileName,
                                                            void* devPtr, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_MODEL_H_ */
