"""The aclnn operators aclsim provides, declared once.

scripts/gen/gen_aclnn.py turns this table into

  api/include/aclnnop/aclnn_*.h          the per-op headers (one per "header")
  api/aclnn/generated/opapi_functions.cc the extern "C" two-phase functions of
                                         libopapi.so, each packing its arguments
                                         and calling the one generic Prepare /
                                         Launch of libascendcl.so
  runtime/ops/generated/op_defs.inc      the op definitions the checker reads:
                                         argument kinds and roles, shape rule,
                                         engine, kernel name and type
  docs/aclnn_coverage.md                 the operator list

Adding an op is one row here, plus a shape rule in runtime/ops/op_rules.cc
when none of the existing ones fits.

Row fields:
  api       the aclnn function name (the first phase is api + "GetWorkspaceSize")
  header    its header under aclnnop/ (several ops may share one)
  args      the first phase's parameters before workspaceSize/executor, as C;
            written from the parameter lists of CANN's op documentation
            (types, order and const-ness as there)
  outs      the parameters that are outputs (written by the op); a parameter
            named *Ref is read and written (in place)
  optional  tensor parameters that may be NULL (default: names ending in
            "Optional", and optional outputs named *Optional / *OutOptional)
  rule      the shape rule (runtime/ops/op_rules.cc) that checks the
            arguments and derives the output shapes
  kernel    the L0 function and kernel op type CANN's profiler shows: the op is
            named <api>_<kernel[0]>_<kernel[1]> and typed kernel[1]
  engine    AI_CORE (cube) or AI_VECTOR
  dtypes    the data types the first tensor argument may have (aclDataType
            names without ACL_), or None for any
  workspace "none" or "out" (the first output's bytes: ops that stage a
            result in a temporary buffer)
"""

FLOATS = ["FLOAT", "FLOAT16", "BF16"]
FLOATS64 = FLOATS + ["DOUBLE"]
ARITH = FLOATS64 + ["INT32", "INT64", "INT16", "INT8", "UINT8", "BOOL"]
ANY = None


def op(api, header, args, rule, kernel, engine="AI_VECTOR", outs=("out",), dtypes=FLOATS, workspace="none",
       optional=()):
    return {"api": api, "header": header, "args": args, "outs": list(outs), "rule": rule, "kernel": kernel,
            "engine": engine, "dtypes": dtypes, "workspace": workspace, "optional": list(optional)}


OPS = [
    # Element-wise arithmetic (broadcasting, PyTorch type promotion).
    op("aclnnAdd", "aclnn_add.h",
       "const aclTensor *self, const aclTensor *other, const aclScalar *alpha, aclTensor *out",
       "broadcast", ("AddAiCore", "Add"), dtypes=ARITH),
    op("aclnnAdds", "aclnn_add.h",
       "const aclTensor *self, const aclScalar *other, const aclScalar *alpha, aclTensor *out",
       "same", ("AddAiCore", "Add"), dtypes=ARITH),
    op("aclnnInplaceAdd", "aclnn_add.h",
       "const aclTensor *selfRef, const aclTensor *other, const aclScalar *alpha",
       "broadcast", ("AddAiCore", "Add"), outs=(), dtypes=ARITH),
    op("aclnnSub", "aclnn_sub.h",
       "const aclTensor *self, const aclTensor *other, const aclScalar *alpha, aclTensor *out",
       "broadcast", ("SubAiCore", "Sub"), dtypes=ARITH),
    op("aclnnSubs", "aclnn_sub.h",
       "const aclTensor *self, const aclScalar *other, const aclScalar *alpha, aclTensor *out",
       "same", ("SubAiCore", "Sub"), dtypes=ARITH),
    op("aclnnMul", "aclnn_mul.h", "const aclTensor *self, const aclTensor *other, aclTensor *out",
       "broadcast", ("MulAiCore", "Mul"), dtypes=ARITH),
    op("aclnnMuls", "aclnn_mul.h", "const aclTensor *self, const aclScalar *other, aclTensor *out",
       "same", ("MulAiCore", "Mul"), dtypes=ARITH),
    op("aclnnInplaceMul", "aclnn_mul.h", "aclTensor *selfRef, const aclTensor *other",
       "broadcast", ("MulAiCore", "Mul"), outs=(), dtypes=ARITH),
    op("aclnnInplaceMuls", "aclnn_mul.h", "aclTensor *selfRef, const aclScalar *other",
       "same", ("MulAiCore", "Mul"), outs=(), dtypes=ARITH),
    op("aclnnDiv", "aclnn_div.h", "const aclTensor *self, const aclTensor *other, aclTensor *out",
       "broadcast", ("RealDivAiCore", "RealDiv"), dtypes=ARITH),
    op("aclnnDivs", "aclnn_div.h", "const aclTensor *self, const aclScalar *other, aclTensor *out",
       "same", ("RealDivAiCore", "RealDiv"), dtypes=ARITH),
    op("aclnnCast", "aclnn_cast.h", "const aclTensor *self, const aclDataType dtype, aclTensor *out",
       "cast", ("CastAiCore", "Cast"), dtypes=ANY),
    # Activations.
    op("aclnnExp", "aclnn_exp.h", "const aclTensor *self, aclTensor *out", "same", ("ExpAiCore", "Exp"),
       dtypes=FLOATS64 + ["INT64", "BOOL"]),
    op("aclnnSigmoid", "aclnn_sigmoid.h", "const aclTensor *self, aclTensor *out", "same",
       ("SigmoidAiCore", "Sigmoid")),
    op("aclnnSigmoidBackward", "aclnn_sigmoid_backward.h",
       "const aclTensor *gradOutput, const aclTensor *output, aclTensor *gradInput", "same",
       ("SigmoidGradAiCore", "SigmoidGrad"), outs=("gradInput",)),
    op("aclnnGelu", "aclnn_gelu.h", "const aclTensor *self, aclTensor *out", "same_dtype", ("Gelu", "Gelu")),
    op("aclnnGeluBackward", "aclnn_gelu_backward.h",
       "const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput", "same",
       ("GeluGradAiCore", "GeluGrad"), outs=("gradInput",)),
    op("aclnnRelu", "aclnn_relu.h", "const aclTensor *self, const aclTensor *out", "same_dtype",
       ("ReluAiCore", "Relu"), dtypes=FLOATS + ["INT8", "INT32", "INT64"]),
    op("aclnnInplaceRelu", "aclnn_relu.h", "aclTensor *selfRef", "same", ("ReluAiCore", "Relu"), outs=(),
       dtypes=FLOATS + ["INT8", "INT32", "INT64", "UINT8"]),
    op("aclnnThresholdBackward", "aclnn_threshold_backward.h",
       "const aclTensor *gradOutput, const aclTensor *self, const aclScalar *threshold, aclTensor *out", "same",
       ("ThresholdGradV2DAiCore", "ThresholdGradV2D")),
    op("aclnnSilu", "aclnn_silu.h", "const aclTensor *self, aclTensor *out", "same_dtype", ("SiluAiCore", "Swish")),
    op("aclnnSiluBackward", "aclnn_silu_backward.h",
       "const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput", "same",
       ("SwishGradAiCore", "SwishGrad"), outs=("gradInput",)),
    op("aclnnSoftmax", "aclnn_softmax.h", "const aclTensor *self, int64_t dim, aclTensor *out", "softmax",
       ("SoftmaxAiCore", "SoftmaxV2"), dtypes=FLOATS64),
    op("aclnnSoftmaxBackward", "aclnn_softmax_backward.h",
       "const aclTensor *gradOutput, const aclTensor *output, int64_t dim, aclTensor *out", "softmax",
       ("SoftmaxGradAiCore", "SoftmaxGrad")),
    op("aclnnLogSoftmax", "aclnn_logsoftmax.h", "const aclTensor *self, int64_t dim, aclTensor *out", "softmax",
       ("LogSoftmaxV2AiCore", "LogSoftmaxV2"), dtypes=FLOATS64),
    # Normalisation.
    op("aclnnLayerNorm", "aclnn_layer_norm.h",
       "const aclTensor *input, const aclIntArray *normalizedShape, const aclTensor *weightOptional, "
       "const aclTensor *biasOptional, double eps, aclTensor *out, aclTensor *meanOutOptional, "
       "aclTensor *rstdOutOptional",
       "layer_norm", ("LayerNormV4AiCore", "LayerNormV4"), outs=("out", "meanOutOptional", "rstdOutOptional")),
    op("aclnnLayerNormBackward", "aclnn_layer_norm_backward.h",
       "const aclTensor *gradOut, const aclTensor *input, const aclIntArray *normalizedShape, const aclTensor *mean, "
       "const aclTensor *rstd, const aclTensor *weightOptional, const aclTensor *biasOptional, "
       "const aclBoolArray *outputMask, aclTensor *gradInputOut, aclTensor *gradWeightOut, aclTensor *gradBiasOut",
       "layer_norm_backward", ("LayerNormGradV3AiCore", "LayerNormGradV3"),
       outs=("gradInputOut", "gradWeightOut", "gradBiasOut"), optional=("gradWeightOut", "gradBiasOut")),
    op("aclnnRmsNorm", "aclnn_rms_norm.h",
       "const aclTensor *x, const aclTensor *gamma, double epsilon, const aclTensor *yOut, const aclTensor *rstdOut",
       "rms_norm", ("RmsNormAiCore", "RmsNorm"), outs=("yOut", "rstdOut")),
    op("aclnnRmsNormGrad", "aclnn_rms_norm_grad.h",
       "const aclTensor *dy, const aclTensor *x, const aclTensor *rstd, const aclTensor *gamma, "
       "const aclTensor *dxOut, const aclTensor *dgammaOut",
       "rms_norm_grad", ("RmsNormGradAiCore", "RmsNormGrad"), outs=("dxOut", "dgammaOut")),
    # Matrix products and convolution (cube).
    op("aclnnMatmul", "aclnn_matmul.h",
       "const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType", "matmul",
       ("MatMulCommon", "MatMulV2"), engine="AI_CORE"),
    op("aclnnMm", "aclnn_mm.h", "const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType",
       "mm", ("MatMulCommon", "MatMulV2"), engine="AI_CORE"),
    op("aclnnBatchMatMul", "aclnn_batch_matmul.h",
       "const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType", "bmm",
       ("BatchMatMulV3Nd", "BatchMatMulV3"), engine="AI_CORE"),
    op("aclnnAddmm", "aclnn_addmm.h",
       "const aclTensor *self, const aclTensor *mat1, const aclTensor *mat2, const aclScalar *beta, "
       "const aclScalar *alpha, aclTensor *out, int8_t cubeMathType", "addmm",
       ("MatMulV3Common", "MatMulV3"), engine="AI_CORE"),
    op("aclnnConvolution", "aclnn_convolution.h",
       "const aclTensor *input, const aclTensor *weight, const aclTensor *bias, const aclIntArray *stride, "
       "const aclIntArray *padding, const aclIntArray *dilation, bool transposed, const aclIntArray *outputPadding, "
       "const int64_t groups, aclTensor *output, int8_t cubeMathType",
       "conv", ("Conv2dWithFlag", "Conv2DV2"), engine="AI_CORE", outs=("output",), optional=("bias",)),
    op("aclnnConvolutionBackward", "aclnn_convolution_backward.h",
       "const aclTensor *gradOutput, const aclTensor *input, const aclTensor *weight, const aclIntArray *biasSizes, "
       "const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, bool transposed, "
       "const aclIntArray *outputPadding, int groups, const aclBoolArray *outputMask, int8_t cubeMathType, "
       "aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias",
       "conv_backward", ("Conv2DBackpropFilterAiCore", "Conv2DBackpropFilter"), engine="AI_CORE",
       outs=("gradInput", "gradWeight", "gradBias"), optional=("biasSizes", "gradInput", "gradWeight", "gradBias")),
    # Pooling and embedding.
    op("aclnnMaxPool2dWithIndices", "aclnn_max_pool2d_with_indices.h",
       "const aclTensor *self, const aclIntArray *kernelSize, const aclIntArray *stride, const aclIntArray *padding, "
       "const aclIntArray *dilation, bool ceilMode, aclTensor *out, aclTensor *indices",
       "pool", ("MaxPool3DWithArgmaxV2AiCore", "MaxPool3DWithArgmaxV2"), outs=("out", "indices")),
    op("aclnnAvgPool2d", "aclnn_avgpool2d.h",
       "const aclTensor *self, const aclIntArray *kernelSize, const aclIntArray *strides, "
       "const aclIntArray *paddings, const bool ceilMode, const bool countIncludePad, const int64_t divisorOverride, "
       "const int8_t cubeMathType, aclTensor *out",
       "pool", ("AvgPoolV2AiCore", "AvgPoolV2")),
    op("aclnnEmbedding", "aclnn_embedding.h", "const aclTensor *weight, const aclTensor *indices, const aclTensor *out",
       "embedding", ("GatherV2AiCore", "GatherV2"), dtypes=ANY),
    op("aclnnEmbeddingDenseBackward", "aclnn_embedding_dense_backward.h",
       "const aclTensor *grad, const aclTensor *indices, uint64_t numWeights, uint64_t paddingIdx, "
       "bool scaleGradByFreq, const aclTensor *out",
       "embedding_backward", ("EmbeddingDenseGradV2AiCore", "EmbeddingDenseGradV2")),
    # Attention.
    op("aclnnFlashAttentionScore", "aclnn_flash_attention_score.h",
       "const aclTensor *query, const aclTensor *key, const aclTensor *value, const aclTensor *realShiftOptional, "
       "const aclTensor *dropMaskOptional, const aclTensor *paddingMaskOptional, const aclTensor *attenMaskOptional, "
       "const aclIntArray *prefixOptional, double scaleValue, double keepProb, int64_t preTokens, int64_t nextTokens, "
       "int64_t headNum, char *inputLayout, int64_t innerPrecise, int64_t sparseMode, "
       "const aclTensor *softmaxMaxOut, const aclTensor *softmaxSumOut, const aclTensor *softmaxOutOut, "
       "const aclTensor *attentionOutOut",
       "flash_attention", ("FlashAttentionScore", "FlashAttentionScore"), engine="AI_CORE",
       outs=("softmaxMaxOut", "softmaxSumOut", "softmaxOutOut", "attentionOutOut"), optional=("softmaxOutOut",),
       workspace="out"),
    op("aclnnFlashAttentionScoreGrad", "aclnn_flash_attention_score_grad.h",
       "const aclTensor *query, const aclTensor *keyIn, const aclTensor *value, const aclTensor *dy, "
       "const aclTensor *pseShiftOptional, const aclTensor *dropMaskOptional, const aclTensor *paddingMaskOptional, "
       "const aclTensor *attenMaskOptional, const aclTensor *softmaxMaxOptional, const aclTensor *softmaxSumOptional, "
       "const aclTensor *softmaxInOptional, const aclTensor *attentionInOptional, const aclIntArray *prefixOptional, "
       "double scaleValue, double keepProb, int64_t preTokens, int64_t nextTokens, int64_t headNum, "
       "char *inputLayout, int64_t innerPrecise, int64_t sparseMode, const aclTensor *dqOut, const aclTensor *dkOut, "
       "const aclTensor *dvOut, const aclTensor *dpseOut",
       "flash_attention_grad", ("FlashAttentionScoreGrad", "FlashAttentionScoreGrad"), engine="AI_CORE",
       outs=("dqOut", "dkOut", "dvOut", "dpseOut"), optional=("dpseOut",), workspace="out"),
    # Reductions.
    op("aclnnReduceSum", "aclnn_reduce_sum.h",
       "const aclTensor *self, const aclIntArray *dims, bool keepDims, aclDataType dtype, aclTensor *out",
       "reduce", ("ReduceSumOpAiCore", "ReduceSum"), dtypes=ARITH, workspace="out"),
    op("aclnnMean", "aclnn_mean.h",
       "const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype, aclTensor *out",
       "reduce", ("ReduceMeanAiCore", "ReduceMean"), dtypes=FLOATS64, workspace="out"),
    op("aclnnAmax", "aclnn_amax.h", "const aclTensor *self, const aclIntArray *dim, bool keepDim, aclTensor *out",
       "reduce", ("ReduceMaxAiCore", "ReduceMax"), dtypes=ARITH, workspace="out"),
    op("aclnnMax", "aclnn_max.h", "const aclTensor *self, aclTensor *out", "reduce_all",
       ("ReduceMaxAiCore", "ReduceMax"), dtypes=ARITH, workspace="out"),
    # Data movement.
    op("aclnnPermute", "aclnn_permute.h", "const aclTensor *self, const aclIntArray *dims, aclTensor *out", "permute",
       ("TransposeAiCore", "Transpose"), dtypes=ANY),
    op("aclnnCat", "aclnn_cat.h", "const aclTensorList *tensors, int64_t dim, aclTensor *out", "cat",
       ("ConcatD", "ConcatD"), dtypes=ANY),
    op("aclnnSplitTensor", "aclnn_split_tensor.h",
       "const aclTensor *self, uint64_t splitSections, int64_t dim, aclTensorList *out", "split",
       ("SplitVAiCore", "SplitV"), dtypes=ANY),
    op("aclnnSplitWithSize", "aclnn_split_with_size.h",
       "const aclTensor *self, const aclIntArray *splitSize, int64_t dim, aclTensorList *out", "split",
       ("SplitVAiCore", "SplitV"), dtypes=ANY),
    op("aclnnInplaceCopy", "aclnn_copy.h", "aclTensor *selfRef, const aclTensor *src", "copy",
       ("ViewCopyAiCore", "ViewCopy"), outs=(), dtypes=ANY),
    op("aclnnInplaceFillScalar", "aclnn_fill_scalar.h", "aclTensor *selfRef, const aclScalar *value", "same",
       ("FillAiCore", "Fill"), outs=(), dtypes=ANY),
    op("aclnnInplaceZero", "aclnn_zero.h", "aclTensor *selfRef", "same", ("ZerosLikeAiCore", "ZerosLike"), outs=(),
       dtypes=ANY),
    # Optimizer steps.
    op("aclnnApplyAdamW", "aclnn_apply_adam_w.h",
       "aclTensor *varRef, aclTensor *mRef, aclTensor *vRef, const aclTensor *beta1Power, "
       "const aclTensor *beta2Power, const aclTensor *lr, const aclTensor *weightDecay, const aclTensor *beta1, "
       "const aclTensor *beta2, const aclTensor *eps, const aclTensor *grad, const aclTensor *maxGradNormOptional, "
       "bool amsgrad, bool maximize",
       "adamw", ("ApplyAdamWAiCore", "ApplyAdamW"), outs=()),
    op("aclnnApplyAdamWV2", "aclnn_apply_adam_w_v2.h",
       "aclTensor *varRef, aclTensor *mRef, aclTensor *vRef, aclTensor *maxGradNormOptionalRef, "
       "const aclTensor *grad, const aclTensor *step, float lr, float beta1, float beta2, float weightDecay, "
       "float eps, bool amsgrad, bool maximize",
       "adamw", ("ApplyAdamWV2AiCore", "ApplyAdamWV2"), outs=(), optional=("maxGradNormOptionalRef",)),
    op("aclnnApplyAdam", "aclnn_apply_adam.h",
       "aclTensor *varRef, const aclTensor *m, const aclTensor *v, const aclTensor *beta1Power, "
       "const aclTensor *beta2Power, const aclTensor *lr, const aclTensor *beta1, const aclTensor *beta2, "
       "const aclTensor *epsilon, const aclTensor *grad, bool useLocking, bool useNesterov",
       "adamw", ("ApplyAdamAiCore", "ApplyAdam"), outs=()),
    op("aclnnFusedSgd", "aclnn_fused_sgd.h",
       "const aclTensorList *paramsRef, const aclTensorList *gradsRef, "
       "const aclTensorList *momentumBufferListOptionalRef, const aclTensor *gradScaleOptional, float weightDecay, "
       "float momentum, float lr, float dampening, bool nesterov, bool maximize, bool isFirstStep",
       "fused_sgd", ("FusedSgdAiCore", "FusedSgd"), outs=(), optional=("momentumBufferListOptionalRef",)),
    # Losses.
    op("aclnnCrossEntropyLoss", "aclnn_cross_entropy_loss.h",
       "const aclTensor *input, const aclTensor *target, const aclTensor *weightOptional, char *reductionOptional, "
       "int64_t ignoreIndex, double labelSmoothing, double lseSquareScaleForZloss, bool returnZloss, "
       "const aclTensor *lossOut, const aclTensor *logProbOut, const aclTensor *zlossOut, "
       "const aclTensor *lseForZlossOut",
       "cross_entropy", ("CrossEntropyLossAiCore", "CrossEntropyLoss"),
       outs=("lossOut", "logProbOut", "zlossOut", "lseForZlossOut")),
    op("aclnnCrossEntropyLossGrad", "aclnn_cross_entropy_loss_grad.h",
       "const aclTensor *gradLoss, const aclTensor *logProb, const aclTensor *target, const aclTensor *weightOptional, "
       "const aclTensor *gradZlossOptional, const aclTensor *lseForZlossOptional, char *reductionOptional, "
       "int64_t ignoreIndex, double labelSmoothing, double lseSquareScaleForZloss, const aclTensor *out",
       "cross_entropy_grad", ("CrossEntropyLossGradAiCore", "CrossEntropyLossGrad")),
]
