"""The op types aclsim knows, declared once.

scripts/gen/gen_op_types.py turns this table into

  runtime/model/generated/op_types.inc        the X-macro list ACLSIM_OP_TYPE_LIST
                                              (the OpType enum and the traits of
                                              runtime/model/op_type.h)
  runtime/model/onnx/generated/onnx_aliases.inc
                                              the ONNX importer's mapping rows
  docs/op_types.md                            every row
  docs/onnx_mapping.md, docs/cost_model.md, docs/model_format.md
                                              the op-type lists between their
                                              "begin: op types" markers

Adding an op type is one row here. Everything that depends on what an op is
(its cost class in sim/, its default engine, the fusion passes, the ONNX
importer, the aclop API) reads the row's traits; a consumer that needs to
treat one type apart switches over the generated OpType enum.

Row fields:
  type     the CANN op type (as msprof shows it and as a JSON model names it)
  kind     what the op computes, in neutral terms (KINDS)
  engine   the engine a model op of this type runs on when the model does not
           say: AI_CORE for the cube kinds, AI_CPU for host ops, else AI_VECTOR
  flops    FLOPs per output element of a vector op (approximate instruction
           counts of its usual decomposition); 0 for data movement, casts and
           views. Cube ops count 2 x MACs instead, reductions that split their
           input (below) one per input element.
  onnx     aliases: the ONNX op types (default domain) the importer maps to
           this type; a name may be given as (name, engine) when the importer
           runs it on another engine than the row's
  flags    neutral facts the consumers read (FLAGS)
  fusion   the part the type plays in ATC's default fusions (FUSIONS)
  compute  the kernel that computes the op's values, for an execution path
           that computes them (none yet: every op is timed, not computed)
  note     a remark for the generated docs
"""

KINDS = ["matmul", "conv", "attention", "elementwise", "reduction", "norm", "data_movement", "cast", "view", "host"]

FLAGS = {
    "quantized": "a matmul on quantised operands that dequantises its result",
    "grouped": "a matmul over groups of rows, each with its own weight",
    "decode": "an attention kernel written for one query row per sequence",
    "write_only": "writes its output without reading an input (memset, fill)",
    "gather": "reads from its first input only the rows it writes",
    "splits_input": "spreads its work by input elements (reductions, pools)",
    "row_wise": "reduces each row of its first input's last axis",
    "shape_only": "its value depends only on its input's static shape",
    "aclop": "run by aclopExecuteV2 beyond the aclnn kernel types",
}

# ATC's default fusions (runtime/model/fusion.cc): a conv head absorbs a
# BatchNorm, an activation and Adds; a matmul head an activation and Adds.
FUSIONS = [None, "conv_head", "matmul_head", "batch_norm", "activation"]

CUBE_KINDS = {"matmul", "conv", "attention"}


def op(type_, kind, flops=None, onnx=(), flags=(), fusion=None, engine=None, compute=None, note=""):
    if kind not in KINDS:
        raise SystemExit(f"{type_}: kind '{kind}' is not one of {KINDS}")
    if engine is None:
        engine = "AI_CORE" if kind in CUBE_KINDS else "AI_CPU" if kind == "host" else "AI_VECTOR"
    if flops is None:
        flops = 0 if kind in ("data_movement", "cast", "view") else 1
    if kind == "view" and not note:
        note = "a view: no task unless it produces a graph output"
    return {"type": type_, "kind": kind, "engine": engine, "flops": flops, "onnx": list(onnx), "flags": list(flags),
            "fusion": fusion, "compute": compute, "note": note}


def ew(type_, flops=1, **kw):
    return op(type_, "elementwise", flops, **kw)


def red(type_, **kw):
    return op(type_, "reduction", flags=("splits_input",) + tuple(kw.pop("flags", ())), **kw)


def norm(type_, flops, **kw):
    return op(type_, "norm", flops, **kw)


def move(type_, **kw):
    return op(type_, "data_movement", **kw)


def host(type_, **kw):
    return op(type_, "host", **kw)


ACLOP = ("aclop",)

OPS = [
    # Matmuls (the cube): MACs = output elements x K.
    op("MatMul", "matmul", flags=ACLOP, fusion="matmul_head"),
    op("MatMulV2", "matmul", fusion="matmul_head",
       onnx=("MatMul", "MatMulInteger", "QLinearMatMul", "Gemm"),
       note="ONNX MatMul* with both operands of rank <= 2 (by input 0); Gemm: `transA` -> `transpose_a`, "
            "`transB` -> `transpose_b`, C (the bias) is the third input, alpha and beta are kept"),
    op("MatMulV3", "matmul"),
    op("BatchMatMul", "matmul", flags=ACLOP, fusion="matmul_head"),
    op("BatchMatMulV2", "matmul", flags=ACLOP, fusion="matmul_head", note="ONNX MatMul* of higher rank"),
    op("BatchMatMulV3", "matmul"),
    op("QuantBatchMatmul", "matmul", flags=("quantized",)),
    op("QuantBatchMatmulV2", "matmul", flags=("quantized",)),
    op("QuantBatchMatmulV3", "matmul", flags=("quantized",)),
    op("QuantBatchMatmulV4", "matmul", flags=("quantized",)),
    op("WeightQuantBatchMatmulV2", "matmul", flags=("quantized",)),
    op("GroupedMatmul", "matmul", flags=("grouped",)),
    op("GroupedMatmulV2", "matmul", flags=("grouped",)),
    op("Einsum", "matmul", onnx=("Einsum",), note="MACs = the product of every label's size (two operands)"),
    op("DynamicRNN", "matmul", onnx=("LSTM", "RNN"), note="MACs = steps x batch x the weights' elements"),
    op("DynamicGRUV2", "matmul", onnx=("GRU",), note="MACs = steps x batch x the weights' elements"),
    # Convolutions (the cube).
    op("Conv2D", "conv", flags=ACLOP, fusion="conv_head", onnx=("Conv", "ConvInteger", "QLinearConv"),
       note="ONNX Conv* of rank 3 or 4; QLinearConv's inputs are reordered to x, w, ..."),
    op("Conv2DV2", "conv", fusion="conv_head"),
    op("Conv3D", "conv", flags=ACLOP, fusion="conv_head", note="ONNX Conv* of rank 5"),
    op("Conv2DBackpropInput", "conv", flags=ACLOP),
    op("Conv2DBackpropFilter", "conv"),
    op("Conv2DTranspose", "conv", fusion="conv_head", onnx=("ConvTranspose",)),
    op("DepthwiseConv2D", "conv", fusion="conv_head", note="MACs = output elements x filter height x width"),
    # Fused attention (the cube and the vector units).
    op("FlashAttentionScore", "attention"),
    op("FlashAttentionScoreGrad", "attention"),
    op("FusedInferAttentionScore", "attention"),
    op("PromptFlashAttention", "attention"),
    op("IncreFlashAttention", "attention", flags=("decode",)),
    op("Attention", "attention"),
    # Element-wise arithmetic, comparison and logic.
    ew("Add", onnx=("Add",)),
    ew("AddV2"),
    ew("Adds"),
    ew("AddN", onnx=("Sum", "Mean")),
    ew("Sub", onnx=("Sub",)),
    ew("Mul", onnx=("Mul",)),
    ew("Muls"),
    ew("Div"),
    ew("RealDiv", onnx=("Div",)),
    ew("Axpy"),
    ew("Pow", flags=ACLOP, onnx=("Pow",)),
    ew("FloorMod", onnx=("Mod",)),
    ew("Maximum", flags=ACLOP, onnx=("Max",)),
    ew("Minimum", flags=ACLOP, onnx=("Min",)),
    ew("Neg", flags=ACLOP, onnx=("Neg",)),
    ew("Abs", flags=ACLOP, onnx=("Abs",)),
    ew("Square", flags=ACLOP),
    ew("Reciprocal", onnx=("Reciprocal",)),
    ew("Ceil", onnx=("Ceil",)),
    ew("Floor", onnx=("Floor",)),
    ew("Round", onnx=("Round",)),
    ew("Sign", onnx=("Sign",)),
    ew("Gcd"),
    ew("Equal", flags=ACLOP, onnx=("Equal",)),
    ew("Greater", flags=ACLOP, onnx=("Greater",)),
    ew("Less", flags=ACLOP, onnx=("Less",)),
    ew("GreaterEqual", onnx=("GreaterOrEqual",)),
    ew("LessEqual", onnx=("LessOrEqual",)),
    ew("LogicalNot", onnx=("Not",)),
    ew("LogicalAnd", onnx=("And",)),
    ew("LogicalOr", onnx=("Or",)),
    ew("LogicalXor", onnx=("Xor",)),
    ew("BitShift", onnx=("BitShift",)),
    ew("IsNan", onnx=("IsNaN",)),
    ew("IsInf", onnx=("IsInf",)),
    ew("Where"),
    ew("Select", flags=ACLOP, onnx=("Where",)),
    ew("ClipByValue", fusion="activation", onnx=("Clip",)),
    ew("Triu", onnx=("Trilu",)),
    ew("AscendQuant", onnx=("QuantizeLinear",)),
    ew("AscendDequant", onnx=("DequantizeLinear",)),
    # Transcendental functions.
    ew("Sqrt", 4, flags=ACLOP, onnx=("Sqrt",)),
    ew("Rsqrt", 4, flags=ACLOP),
    ew("Exp", 4, onnx=("Exp",)),
    ew("Log", 4, flags=ACLOP, onnx=("Log",)),
    ew("Sin", 4, onnx=("Sin",)),
    ew("Cos", 4, onnx=("Cos",)),
    ew("Tan", 4, onnx=("Tan",)),
    ew("Asin", 4, onnx=("Asin",)),
    ew("Acos", 4, onnx=("Acos",)),
    ew("Atan", 4, onnx=("Atan",)),
    ew("Sinh", 4, onnx=("Sinh",)),
    ew("Cosh", 4, onnx=("Cosh",)),
    ew("Asinh", 4, onnx=("Asinh",)),
    ew("Acosh", 4, onnx=("Acosh",)),
    ew("Atanh", 4, onnx=("Atanh",)),
    ew("Erf", 8, onnx=("Erf",)),
    # Activations and their gradients.
    ew("Relu", fusion="activation", onnx=("Relu",)),
    ew("Relu6", fusion="activation"),
    ew("LeakyRelu", fusion="activation", onnx=("LeakyRelu",)),
    ew("PRelu", onnx=("PRelu",)),
    ew("ThresholdedRelu", onnx=("ThresholdedRelu",)),
    ew("ThresholdGradV2D"),
    ew("Shrink", onnx=("Shrink",)),
    ew("Elu", 4, fusion="activation", onnx=("Elu",)),
    ew("Selu", 4, fusion="activation", onnx=("Selu",)),
    ew("Celu", 4, fusion="activation", onnx=("Celu",)),
    ew("Softplus", 4, fusion="activation", onnx=("Softplus",)),
    ew("Softsign", fusion="activation", onnx=("Softsign",)),
    ew("HardSigmoid", fusion="activation", onnx=("HardSigmoid",)),
    ew("HardSwish", fusion="activation", onnx=("HardSwish",)),
    ew("Sigmoid", 4, fusion="activation", onnx=("Sigmoid",)),
    ew("SigmoidGrad", 4),
    ew("Tanh", 4, flags=ACLOP, fusion="activation", onnx=("Tanh",)),
    ew("Gelu", 8, fusion="activation", onnx=("Gelu",)),
    ew("FastGelu", 8),
    ew("GeluGrad", 8),
    ew("Swish", 8, fusion="activation"),
    ew("SwishGrad", 8),
    ew("Silu", 8),
    ew("SwiGlu", 8),
    ew("Mish", 8, fusion="activation", onnx=("Mish",)),
    ew("RotaryPositionEmbedding"),
    # Optimiser steps and fused element-wise lists.
    ew("ApplyAdam", 12),  # two moments, bias correction, decay, update
    ew("ApplyAdamW", 12),
    ew("ApplyAdamWV2", 12),
    ew("FusedSgd", 6),
    ew("ForeachAddcdivScalar"),
    ew("ForeachAddcmulScalar"),
    ew("ForeachMulScalar"),
    ew("ForeachAddList"),
    # Softmax and norms: row by row over the last axis, unless said.
    norm("Softmax", 5, flags=("row_wise", "aclop")),
    norm("SoftmaxV2", 5, flags=("row_wise",), onnx=("Softmax",)),
    norm("LogSoftmax", 5, flags=("row_wise", "aclop")),
    norm("LogSoftmaxV2", 5, flags=("row_wise",), onnx=("LogSoftmax",)),
    norm("SoftmaxGrad", 5, flags=("row_wise",)),
    norm("Hardmax", 1, onnx=("Hardmax",)),
    norm("LayerNorm", 8, flags=("row_wise", "aclop"), onnx=("LayerNormalization",)),
    norm("LayerNormV3", 8, flags=("row_wise",)),
    norm("LayerNormV4", 8, flags=("row_wise",)),
    norm("LayerNormGradV3", 8, flags=("row_wise",)),
    norm("RmsNorm", 8, flags=("row_wise",)),
    norm("RmsNormGrad", 8, flags=("row_wise",)),
    norm("AddRmsNorm", 8, flags=("row_wise",)),
    norm("AddRmsNormDynamicQuant", 8, flags=("row_wise",)),
    norm("AddRmsNormQuant", 8, flags=("row_wise",)),
    norm("DynamicQuant", 4, flags=("row_wise",), onnx=("DynamicQuantizeLinear",)),
    norm("MoeGatingTopKSoftmax", 4, flags=("row_wise",)),
    norm("GroupNorm", 8, onnx=("GroupNormalization",)),
    norm("GroupNormSilu", 8),
    norm("InstanceNorm", 8, onnx=("InstanceNormalization",)),
    norm("BatchNorm", 2, flags=ACLOP, fusion="batch_norm", onnx=("BatchNormalization",)),
    norm("BNInfer", 2, flags=ACLOP, fusion="batch_norm"),
    norm("BatchNormInference", 2, fusion="batch_norm"),
    norm("LpNorm", 1, onnx=("LpNormalization",)),
    norm("MVN", 1, onnx=("MeanVarianceNormalization",)),
    norm("LRN", 1, onnx=("LRN",)),
    norm("CrossEntropyLoss", 6),
    norm("CrossEntropyLossGrad", 6),
    norm("DequantSwigluQuant", 8),
    # Reductions and pools: one FLOP per input element, spread by input elements.
    red("ReduceSum", onnx=("ReduceSum",)),
    red("ReduceMean", onnx=("ReduceMean", "GlobalAveragePool")),
    red("ReduceMax", onnx=("ReduceMax", "GlobalMaxPool")),
    red("ReduceMin", flags=ACLOP, onnx=("ReduceMin",)),
    red("ReduceProd", onnx=("ReduceProd",)),
    red("ReduceL1", onnx=("ReduceL1",)),
    red("ReduceL2", onnx=("ReduceL2",)),
    red("ReduceLogSum", onnx=("ReduceLogSum",)),
    red("ReduceLogSumExp", onnx=("ReduceLogSumExp",)),
    red("ReduceSumSquare", onnx=("ReduceSumSquare",)),
    red("ArgMax", onnx=("ArgMax",)),
    red("ArgMin", onnx=("ArgMin",)),
    red("ForeachNorm"),
    red("LpNormV2"),
    red("MaxPool", flags=ACLOP, onnx=("MaxPool",)),
    red("MaxPoolV3"),
    red("MaxPool3DWithArgmaxV2"),
    red("AvgPool", flags=ACLOP, onnx=("AveragePool",)),
    red("AvgPoolV2"),
    red("GlobalAveragePool"),
    red("LpPool", onnx=("LpPool", "GlobalLpPool")),
    red("ROIPooling", onnx=("MaxRoiPool",)),
    red("ROIAlign", onnx=("RoiAlign",)),
    op("TopKV2", "reduction", onnx=("TopK",), note="spread by output elements"),
    op("Cumsum", "reduction", onnx=("CumSum",), note="a scan: spread by output elements"),
    # Data movement: bytes, no FLOPs.
    move("Transpose", onnx=("Transpose",)),
    move("TransposeD"),
    move("TransData", flags=ACLOP),
    move("Concat"),
    move("ConcatD"),
    move("ConcatV2", flags=ACLOP, onnx=("Concat",)),
    move("Split", onnx=("Split",)),
    move("SplitV"),
    move("SplitD"),
    move("Slice", flags=ACLOP),
    move("StridedSlice", flags=ACLOP, onnx=("Slice",)),
    move("Pad", flags=ACLOP, onnx=("Pad",)),
    move("PadV3"),
    move("Tile", onnx=("Tile",)),
    move("BroadcastTo", onnx=("Expand",)),
    move("ViewCopy"),
    move("Gather", flags=("gather", "aclop")),
    move("GatherV2", flags=("gather",), onnx=("Gather",)),
    move("GatherElements", flags=("gather",), onnx=("GatherElements",)),
    move("GatherNd", flags=("gather",), onnx=("GatherND",)),
    move("Embedding", flags=("gather",)),
    move("EmbeddingDenseGradV2"),
    move("ScatterUpdate"),
    move("ScatterElements", onnx=("ScatterElements", "Scatter")),
    move("ScatterNd", onnx=("ScatterND",)),
    move("ReshapeAndCache"),
    move("MoeInitRouting"),
    move("MoeInitRoutingV2"),
    move("MoeReRouting"),
    move("MoeFinalizeRoutingV2"),
    move("Resize", onnx=("Resize", "Upsample")),
    move("DepthToSpace", onnx=("DepthToSpace",)),
    move("SpaceToDepth", onnx=("SpaceToDepth",)),
    move("OneHot", onnx=("OneHot",)),
    move("ReverseSequence", onnx=("ReverseSequence",)),
    move("Compress", onnx=("Compress",)),
    move("MaxUnpool", onnx=("MaxUnpool",)),
    move("MemSet", flags=("write_only",)),
    move("Fill", flags=("write_only",), onnx=(("ConstantOfShape", "AI_CPU"),)),
    move("ZerosLike", flags=("write_only",)),
    move("OnesLike", flags=("write_only",)),
    op("Cast", "cast", onnx=("Cast", "CastLike")),
    # Views: the output aliases the input (no task in an imported ONNX model
    # unless it produces a graph output).
    op("Reshape", "view", flags=ACLOP, onnx=("Reshape",)),
    op("Flatten", "view", onnx=("Flatten",)),
    op("Squeeze", "view", onnx=("Squeeze",)),
    op("Unsqueeze", "view", onnx=("Unsqueeze",)),
    op("Identity", "view", flags=ACLOP, onnx=("Identity",)),
    op("Dropout", "view", onnx=("Dropout",)),
    # Host-style ops: shapes, constants, random numbers, data-dependent
    # outputs and control flow (AI_CPU when they run at all).
    host("Shape", flags=("shape_only",), onnx=("Shape",)),
    host("Size", flags=("shape_only",), onnx=("Size",)),
    host("Const", onnx=("Constant",)),
    host("Range", onnx=("Range",)),
    host("EyeLike", onnx=("EyeLike",)),
    host("NonZero", onnx=("NonZero",)),
    host("Unique", onnx=("Unique",)),
    host("NonMaxSuppressionV3", onnx=("NonMaxSuppression",)),
    host("RandomStandardNormal", onnx=("RandomNormal", "RandomNormalLike")),
    host("RandomUniform", onnx=("RandomUniform", "RandomUniformLike")),
    host("Multinomial", onnx=("Multinomial",)),
    host("Bernoulli", onnx=("Bernoulli",)),
    host("If", onnx=("If",)),
    host("Loop", onnx=("Loop",)),
    host("Scan", onnx=("Scan",)),
]
