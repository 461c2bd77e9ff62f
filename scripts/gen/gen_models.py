#!/usr/bin/python3
"""Generate (and check) the aclsim example models in the "aclsim.graph.v1" JSON op-graph format.

Usage:
    /usr/bin/python3 scripts/gen/gen_models.py [--out-dir models/]
    /usr/bin/python3 scripts/gen/gen_models.py --check models/*.json

Generation writes four models (resnet50, bert_base, sample_mlp, two_branch), validates each one
with the same checker used by --check, and prints op counts, MAC/FLOP totals and weight-parameter
counts.  Output is deterministic (byte-identical across runs).  Standard library only.

The format is documented in docs/model_format.md.
"""

import argparse
import json
import math
import os
import sys

SCHEMA = "aclsim.graph.v1"

DTYPES = ("float16", "float32", "bfloat16", "float64", "int8", "int16", "int32", "int64",
          "uint8", "uint16", "uint32", "uint64", "bool")
FORMATS = ("ND", "NCHW", "NHWC", "NC1HWC0", "FRACTAL_Z", "FRACTAL_NZ")
ENGINES = ("AI_CORE", "AI_VECTOR", "AI_CPU")
CUBE_OPS = ("Conv2D", "MatMul", "MatMulV2", "BatchMatMul", "BatchMatMulV2", "FlashAttentionScore")

# ACL error codes a loader returns for each class of problem (see docs/model_format.md).
ACL_ERROR_DESERIALIZE_MODEL = 100012
ACL_ERROR_PARSE_MODEL = 100013
ACL_ERROR_READ_MODEL_FAILURE = 100014
ACL_ERROR_MODEL_SIZE_INVALID = 100015
ACL_ERROR_MODEL_MISSING_ATTR = 100016

ERROR_NAMES = {
    ACL_ERROR_DESERIALIZE_MODEL: "ACL_ERROR_DESERIALIZE_MODEL",
    ACL_ERROR_PARSE_MODEL: "ACL_ERROR_PARSE_MODEL",
    ACL_ERROR_READ_MODEL_FAILURE: "ACL_ERROR_READ_MODEL_FAILURE",
    ACL_ERROR_MODEL_SIZE_INVALID: "ACL_ERROR_MODEL_SIZE_INVALID",
    ACL_ERROR_MODEL_MISSING_ATTR: "ACL_ERROR_MODEL_MISSING_ATTR",
}


def default_engine(op_type):
    return "AI_CORE" if op_type in CUBE_OPS else "AI_VECTOR"


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


# --------------------------------------------------------------------------------------------
# Graph builder
# --------------------------------------------------------------------------------------------

class Graph:
    def __init__(self, name, description):
        self.name = name
        self.description = description
        self.inputs = []
        self.outputs = []
        self.weights = []
        self.ops = []
        self._tensors = {}  # name -> tensor desc
        self._op_names = set()

    @staticmethod
    def _desc(name, shape, dtype, fmt):
        assert all(isinstance(d, int) and d > 0 for d in shape), (name, shape)
        return {"name": name, "dtype": dtype, "format": fmt, "shape": list(shape)}

    def _register(self, desc):
        assert desc["name"] not in self._tensors, "duplicate tensor " + desc["name"]
        self._tensors[desc["name"]] = desc
        return desc["name"]

    def shape(self, tensor):
        return list(self._tensors[tensor]["shape"])

    def input(self, name, shape, dtype="float16", fmt="ND"):
        d = self._desc(name, shape, dtype, fmt)
        self.inputs.append(d)
        return self._register(d)

    def weight(self, name, shape, dtype="float16", fmt="ND"):
        d = self._desc(name, shape, dtype, fmt)
        self.weights.append(d)
        return self._register(d)

    def op(self, name, op_type, inputs, out_shape, attrs=None, out_name=None, dtype="float16",
           fmt="ND", engine=None, stream=None, duration_ns=None):
        assert name not in self._op_names, "duplicate op " + name
        for t in inputs:
            assert t in self._tensors, "op %s: unknown input %s" % (name, t)
        self._op_names.add(name)
        out = self._desc(out_name or (name + ".out"), out_shape, dtype, fmt)
        o = {"name": name, "type": op_type, "engine": engine or default_engine(op_type),
             "inputs": list(inputs), "outputs": [out]}
        if stream is not None:
            o["stream"] = stream
        if duration_ns is not None:
            o["duration_ns"] = duration_ns
        o["attrs"] = attrs if attrs is not None else {}
        self.ops.append(o)
        return self._register(out)

    def mark_output(self, tensor):
        self.outputs.append(tensor)

    def to_json(self):
        return {
            "schema": SCHEMA,
            "name": self.name,
            "description": self.description,
            "inputs": self.inputs,
            "outputs": self.outputs,
            "weights": self.weights,
            "ops": self.ops,
        }


# --------------------------------------------------------------------------------------------
# ResNet-50 v1.5 (torchvision)
# --------------------------------------------------------------------------------------------

def conv_out(h, k, s, p0, p1, d=1):
    return (h + p0 + p1 - d * (k - 1) - 1) // s + 1


def build_resnet50():
    g = Graph("resnet50_v1_5",
              "torchvision ResNet-50 v1.5 (stride 2 on the 3x3 conv of each downsampling "
              "bottleneck), batch 1, 3x224x224, float16. Conv2D without bias, each followed by "
              "BatchNorm (inference; inputs x, scale, offset, mean, variance); global average "
              "pooling as ReduceMean over H,W; fc as MatMulV2 (transpose_b) with bias input. "
              "4.089 GMACs, 25,557,032 learnable parameters (+53,120 BN running statistics).")

    def conv_bn(prefix_conv, prefix_bn, x, cout, k, stride, pad, relu_name=None):
        n, cin, h, w = g.shape(x)
        wt = g.weight(prefix_conv + ".weight", [cout, cin, k, k], fmt="NCHW")
        ho, wo = conv_out(h, k, stride, pad, pad), conv_out(w, k, stride, pad, pad)
        y = g.op(prefix_conv, "Conv2D", [x, wt], [n, cout, ho, wo], fmt="NCHW",
                 attrs={"strides": [stride, stride], "pads": [pad, pad, pad, pad],
                        "dilations": [1, 1], "groups": 1, "data_format": "NCHW"})
        bn_in = [y]
        for suffix in ("weight", "bias", "running_mean", "running_var"):
            bn_in.append(g.weight(prefix_bn + "." + suffix, [cout]))
        y = g.op(prefix_bn, "BatchNorm", bn_in, [n, cout, ho, wo], fmt="NCHW",
                 attrs={"epsilon": 1e-05, "is_training": False, "data_format": "NCHW"})
        if relu_name:
            y = g.op(relu_name, "Relu", [y], [n, cout, ho, wo], fmt="NCHW")
        return y

    x = g.input("images", [1, 3, 224, 224], fmt="NCHW")
    y = conv_bn("conv1", "bn1", x, 64, 7, 2, 3, relu_name="relu")
    n, c, h, w = g.shape(y)
    y = g.op("maxpool", "MaxPool", [y], [n, c, conv_out(h, 3, 2, 1, 1), conv_out(w, 3, 2, 1, 1)],
             fmt="NCHW", attrs={"ksize": [3, 3], "strides": [2, 2], "pads": [1, 1, 1, 1],
                                "data_format": "NCHW"})

    inplanes = 64
    for li, (planes, blocks, stride) in enumerate([(64, 3, 1), (128, 4, 2), (256, 6, 2),
                                                    (512, 3, 2)], start=1):
        for b in range(blocks):
            p = "layer%d.%d" % (li, b)
            s = stride if b == 0 else 1
            identity = y
            t = conv_bn(p + ".conv1", p + ".bn1", y, planes, 1, 1, 0, relu_name=p + ".relu1")
            t = conv_bn(p + ".conv2", p + ".bn2", t, planes, 3, s, 1, relu_name=p + ".relu2")
            t = conv_bn(p + ".conv3", p + ".bn3", t, planes * 4, 1, 1, 0)
            if b == 0 and (s != 1 or inplanes != planes * 4):
                identity = conv_bn(p + ".downsample.0", p + ".downsample.1", y, planes * 4, 1, s, 0)
            shp = g.shape(t)
            t = g.op(p + ".add", "Add", [t, identity], shp, fmt="NCHW")
            y = g.op(p + ".relu3", "Relu", [t], shp, fmt="NCHW")
            inplanes = planes * 4

    n, c, h, w = g.shape(y)
    y = g.op("avgpool", "ReduceMean", [y], [n, c], attrs={"axes": [2, 3], "keep_dims": False})
    fw = g.weight("fc.weight", [1000, 2048])
    fb = g.weight("fc.bias", [1000])
    y = g.op("fc", "MatMulV2", [y, fw, fb], [n, 1000], out_name="logits",
             attrs={"transpose_a": False, "transpose_b": True})
    g.mark_output(y)
    return g


# --------------------------------------------------------------------------------------------
# BERT-base encoder
# --------------------------------------------------------------------------------------------

def build_bert_base(layers=12, hidden=768, heads=12, ffn=3072, seq=128, batch=1,
                    vocab=30522, max_pos=512, type_vocab=2):
    hd = hidden // heads
    tokens = batch * seq
    g = Graph("bert_base",
              "BERT-base encoder (L=%d, H=%d, A=%d, FFN=%d), batch %d, sequence %d, float16 "
              "(Devlin et al. 2019). No pooler / task head. Hidden states are kept flattened as "
              "[batch*seq, hidden] so the dense layers are 2-D MatMulV2 (weight [out,in], "
              "transpose_b=true, bias as third input). Head split/merge is modelled explicitly "
              "as Reshape + Transpose ops on AI_VECTOR. attention_mask is the additive "
              "(0 / -10000) extended mask of shape [batch,1,1,seq]."
              % (layers, hidden, heads, ffn, batch, seq))

    ids = g.input("input_ids", [batch, seq], dtype="int32")
    tt = g.input("token_type_ids", [batch, seq], dtype="int32")
    pos = g.input("position_ids", [batch, seq], dtype="int32")
    mask = g.input("attention_mask", [batch, 1, 1, seq])

    e = "embeddings"
    embs = []
    for nm, idx, rows in (("word_embeddings", ids, vocab), ("position_embeddings", pos, max_pos),
                          ("token_type_embeddings", tt, type_vocab)):
        w = g.weight("%s.%s.weight" % (e, nm), [rows, hidden])
        embs.append(g.op("%s.%s" % (e, nm), "Gather", [w, idx], [batch, seq, hidden],
                         attrs={"axis": 0}))
    x = g.op(e + ".add0", "Add", [embs[0], embs[1]], [batch, seq, hidden])
    x = g.op(e + ".add1", "Add", [x, embs[2]], [batch, seq, hidden])

    def layer_norm(name, x):
        gm = g.weight(name + ".weight", [hidden])
        bt = g.weight(name + ".bias", [hidden])
        return g.op(name, "LayerNorm", [x, gm, bt], g.shape(x),
                    attrs={"epsilon": 1e-12, "begin_norm_axis": -1, "begin_params_axis": -1})

    def dense(name, x, n_out):
        m, k = g.shape(x)
        w = g.weight(name + ".weight", [n_out, k])
        b = g.weight(name + ".bias", [n_out])
        return g.op(name, "MatMulV2", [x, w, b], [m, n_out],
                    attrs={"transpose_a": False, "transpose_b": True})

    x = layer_norm(e + ".LayerNorm", x)
    x = g.op(e + ".reshape", "Reshape", [x], [tokens, hidden], attrs={"shape": [tokens, hidden]})

    for i in range(layers):
        p = "encoder.layer.%d" % i
        sa = p + ".attention.self"
        heads_t = {}
        for nm, perm in (("query", [0, 2, 1, 3]), ("key", [0, 2, 3, 1]), ("value", [0, 2, 1, 3])):
            t = dense("%s.%s" % (sa, nm), x, hidden)
            t = g.op("%s.%s_reshape" % (sa, nm), "Reshape", [t], [batch, seq, heads, hd],
                     attrs={"shape": [batch, seq, heads, hd]})
            shp = g.shape(t)
            heads_t[nm] = g.op("%s.%s_transpose" % (sa, nm), "Transpose", [t],
                               [shp[j] for j in perm], attrs={"perm": perm})
        # scores = Q x K^T : [B,A,S,hd] x [B,A,hd,S] -> [B,A,S,S]
        s = g.op(sa + ".matmul_qk", "BatchMatMulV2", [heads_t["query"], heads_t["key"]],
                 [batch, heads, seq, seq], attrs={"transpose_a": False, "transpose_b": False})
        s = g.op(sa + ".scale", "Muls", [s], [batch, heads, seq, seq],
                 attrs={"value": 1.0 / math.sqrt(hd)})
        s = g.op(sa + ".mask_add", "Add", [s, mask], [batch, heads, seq, seq])
        s = g.op(sa + ".softmax", "Softmax", [s], [batch, heads, seq, seq], attrs={"axes": [-1]})
        c = g.op(sa + ".matmul_av", "BatchMatMulV2", [s, heads_t["value"]],
                 [batch, heads, seq, hd], attrs={"transpose_a": False, "transpose_b": False})
        c = g.op(sa + ".context_transpose", "Transpose", [c], [batch, seq, heads, hd],
                 attrs={"perm": [0, 2, 1, 3]})
        c = g.op(sa + ".context_reshape", "Reshape", [c], [tokens, hidden],
                 attrs={"shape": [tokens, hidden]})
        ao = p + ".attention.output"
        a = dense(ao + ".dense", c, hidden)
        a = g.op(ao + ".add", "Add", [a, x], [tokens, hidden])
        a = layer_norm(ao + ".LayerNorm", a)
        f = dense(p + ".intermediate.dense", a, ffn)
        f = g.op(p + ".intermediate.gelu", "Gelu", [f], [tokens, ffn])
        f = dense(p + ".output.dense", f, hidden)
        f = g.op(p + ".output.add", "Add", [f, a], [tokens, hidden])
        x = layer_norm(p + ".output.LayerNorm", f)

    y = g.op("output_reshape", "Reshape", [x], [batch, seq, hidden],
             attrs={"shape": [batch, seq, hidden]}, out_name="last_hidden_state")
    g.mark_output(y)
    return g


# --------------------------------------------------------------------------------------------
# Small demo models
# --------------------------------------------------------------------------------------------

def build_sample_mlp():
    g = Graph("sample_mlp",
              "Small readable demo MLP: [8,784] float16 -> 512 (Relu) -> 256 (Gelu) -> 10 -> "
              "Softmax. Weights are stored [in,out] (no transpose); biases added with Add.")
    x = g.input("x", [8, 784])
    dims = [784, 512, 256, 10]
    acts = ["Relu", "Gelu", None]
    for i in range(3):
        name = "fc%d" % (i + 1)
        w = g.weight(name + ".weight", [dims[i], dims[i + 1]])
        b = g.weight(name + ".bias", [dims[i + 1]])
        x = g.op(name, "MatMulV2", [x, w], [8, dims[i + 1]],
                 attrs={"transpose_a": False, "transpose_b": False})
        x = g.op(name + ".bias_add", "Add", [x, b], [8, dims[i + 1]])
        if acts[i]:
            x = g.op("%s.%s" % (name, acts[i].lower()), acts[i], [x], [8, dims[i + 1]])
    x = g.op("softmax", "Softmax", [x], [8, 10], attrs={"axes": [-1]}, out_name="probs")
    g.mark_output(x)
    return g


def build_two_branch():
    g = Graph("two_branch",
              "Two parallel branches (stream 0 and stream 1) reading the same input and joined "
              "by an Add; for testing intra-model parallelism. branch1.gelu has an explicit "
              "duration_ns that overrides the cost model.")
    x = g.input("x", [64, 1024])
    w0 = g.weight("branch0.weight", [1024, 1024])
    w1 = g.weight("branch1.weight", [1024, 1024])
    a = g.op("branch0.matmul", "MatMulV2", [x, w0], [64, 1024], stream=0,
             attrs={"transpose_a": False, "transpose_b": False})
    a = g.op("branch0.relu", "Relu", [a], [64, 1024], stream=0)
    b = g.op("branch1.matmul", "MatMulV2", [x, w1], [64, 1024], stream=1,
             attrs={"transpose_a": False, "transpose_b": False})
    b = g.op("branch1.gelu", "Gelu", [b], [64, 1024], stream=1, duration_ns=20000)
    y = g.op("join", "Add", [a, b], [64, 1024], stream=0)
    y = g.op("softmax", "Softmax", [y], [64, 1024], stream=0, attrs={"axes": [-1]}, out_name="y")
    g.mark_output(y)
    return g


MODELS = [
    ("resnet50.json", build_resnet50),
    ("bert_base.json", build_bert_base),
    ("sample_mlp.json", build_sample_mlp),
    ("two_branch.json", build_two_branch),
]


# --------------------------------------------------------------------------------------------
# Checker
# --------------------------------------------------------------------------------------------

class ModelError(Exception):
    def __init__(self, code, msg):
        Exception.__init__(self, "%s (%d): %s" % (ERROR_NAMES[code], code, msg))
        self.code = code


def _parse_err(msg):
    return ModelError(ACL_ERROR_PARSE_MODEL, msg)


def _require(obj, key, where):
    if key not in obj:
        raise ModelError(ACL_ERROR_MODEL_MISSING_ATTR, "%s: missing required field '%s'" % (where, key))
    return obj[key]


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _check_tensor_desc(d, where):
    if not isinstance(d, dict):
        raise _parse_err("%s: tensor description must be an object" % where)
    name = _require(d, "name", where)
    if not isinstance(name, str) or not name:
        raise _parse_err("%s: tensor name must be a non-empty string" % where)
    where = "%s '%s'" % (where, name)
    dtype = _require(d, "dtype", where)
    if dtype not in DTYPES:
        raise _parse_err("%s: unknown dtype %r" % (where, dtype))
    fmt = d.get("format", "ND")
    if fmt not in FORMATS:
        raise _parse_err("%s: unknown format %r" % (where, fmt))
    shape = _require(d, "shape", where)
    if not isinstance(shape, list) or not all(_is_int(x) and x > 0 for x in shape):
        raise _parse_err("%s: shape must be a list of positive integers, got %r" % (where, shape))
    return name


def _mm_dims(a, b, ta, tb, where):
    if len(a) < 2 or len(b) < 2:
        raise _parse_err("%s: matmul operands need rank >= 2" % where)
    m, k = (a[-1], a[-2]) if ta else (a[-2], a[-1])
    k2, n = (b[-1], b[-2]) if tb else (b[-2], b[-1])
    if k != k2:
        raise _parse_err("%s: contraction dims differ (%d vs %d)" % (where, k, k2))
    return m, n, k


def op_macs(op, shapes):
    """MACs of one op by the aclsim counting rules (0 for non-cube ops)."""
    t = op["type"]
    ins = [shapes[n] for n in op["inputs"]]
    out = shapes[op["outputs"][0]["name"]]
    attrs = op.get("attrs", {}) or {}
    where = "op '%s'" % op["name"]
    if t == "Conv2D":
        if len(ins) < 2 or len(ins[0]) != 4 or len(ins[1]) != 4 or len(out) != 4:
            raise _parse_err("%s: Conv2D needs 4-D x, w and output" % where)
        x, w = ins[0], ins[1]
        groups = attrs.get("groups", 1)
        if x[1] % groups or w[1] != x[1] // groups or out[1] != w[0] or out[0] != x[0]:
            raise _parse_err("%s: Conv2D channel/batch mismatch x=%r w=%r out=%r" % (where, x, w, out))
        st = attrs.get("strides", [1, 1])
        pd = attrs.get("pads", [0, 0, 0, 0])
        dl = attrs.get("dilations", [1, 1])
        exp = [conv_out(x[2], w[2], st[0], pd[0], pd[1], dl[0]),
               conv_out(x[3], w[3], st[1], pd[2], pd[3], dl[1])]
        if out[2:] != exp:
            raise _parse_err("%s: Conv2D output spatial %r, expected %r" % (where, out[2:], exp))
        return out[0] * out[1] * out[2] * out[3] * w[1] * w[2] * w[3]
    if t in ("MatMul", "MatMulV2"):
        if len(ins) < 2 or len(ins[0]) != 2 or len(ins[1]) != 2:
            raise _parse_err("%s: %s needs 2-D A and B" % (where, t))
        m, n, k = _mm_dims(ins[0], ins[1], attrs.get("transpose_a", False),
                           attrs.get("transpose_b", False), where)
        if out != [m, n]:
            raise _parse_err("%s: output %r, expected %r" % (where, out, [m, n]))
        return m * n * k
    if t in ("BatchMatMul", "BatchMatMulV2"):
        if len(ins) < 2:
            raise _parse_err("%s: %s needs two inputs" % (where, t))
        m, n, k = _mm_dims(ins[0], ins[1], attrs.get("transpose_a", False),
                           attrs.get("transpose_b", False), where)
        if len(out) < 2 or out[-2:] != [m, n]:
            raise _parse_err("%s: output %r, expected [..., %d, %d]" % (where, out, m, n))
        return prod(out[:-2]) * m * n * k
    if t == "FlashAttentionScore":
        if len(ins) < 3 or any(len(s) != 4 for s in ins[:3]):
            raise _parse_err("%s: FlashAttentionScore needs 4-D q, k, v" % where)
        q, k = ins[0], ins[1]
        return 2 * q[0] * q[1] * q[2] * k[2] * q[3]
    return 0


def check_model(model):
    """Validate a parsed model dict. Returns a stats dict; raises ModelError."""
    if not isinstance(model, dict):
        raise _parse_err("top level must be a JSON object")
    schema = _require(model, "schema", "model")
    if schema != SCHEMA:
        raise _parse_err("unsupported schema %r (expected %r)" % (schema, SCHEMA))
    name = _require(model, "name", "model")
    if not isinstance(name, str) or not name:
        raise _parse_err("model name must be a non-empty string")
    inputs = _require(model, "inputs", "model")
    outputs = _require(model, "outputs", "model")
    ops = _require(model, "ops", "model")
    weights = model.get("weights", [])
    for key, val in (("inputs", inputs), ("outputs", outputs), ("ops", ops), ("weights", weights)):
        if not isinstance(val, list):
            raise _parse_err("'%s' must be a list" % key)
    if not ops:
        raise _parse_err("model has no ops")
    if not outputs:
        raise _parse_err("model has no outputs")

    shapes = {}
    op_outputs = set()
    for i, d in enumerate(inputs):
        n = _check_tensor_desc(d, "inputs[%d]" % i)
        if n in shapes:
            raise _parse_err("duplicate tensor name '%s'" % n)
        shapes[n] = d["shape"]
    n_params = 0
    for i, d in enumerate(weights):
        n = _check_tensor_desc(d, "weights[%d]" % i)
        if n in shapes:
            raise _parse_err("duplicate tensor name '%s'" % n)
        shapes[n] = d["shape"]
        n_params += prod(d["shape"])

    op_names = set()
    total_macs = 0
    by_type = {}
    streams = set()
    for i, op in enumerate(ops):
        where = "ops[%d]" % i
        if not isinstance(op, dict):
            raise _parse_err("%s must be an object" % where)
        oname = _require(op, "name", where)
        if not isinstance(oname, str) or not oname:
            raise _parse_err("%s: op name must be a non-empty string" % where)
        where = "op '%s'" % oname
        if oname in op_names:
            raise _parse_err("duplicate op name '%s'" % oname)
        op_names.add(oname)
        otype = _require(op, "type", where)
        if not isinstance(otype, str) or not otype:
            raise _parse_err("%s: type must be a non-empty string" % where)
        oin = _require(op, "inputs", where)
        oout = _require(op, "outputs", where)
        if not isinstance(oin, list) or not all(isinstance(x, str) for x in oin):
            raise _parse_err("%s: inputs must be a list of tensor names" % where)
        if not isinstance(oout, list) or not oout:
            raise _parse_err("%s: outputs must be a non-empty list of tensor descriptions" % where)
        for t in oin:
            if t not in shapes:
                raise _parse_err("%s: input '%s' is not a graph input, weight or output of an "
                                 "earlier op (dangling or cyclic reference)" % (where, t))
        engine = op.get("engine", default_engine(otype))
        if engine not in ENGINES:
            raise _parse_err("%s: unknown engine %r" % (where, engine))
        if "stream" in op and not (_is_int(op["stream"]) and op["stream"] >= 0):
            raise _parse_err("%s: stream must be a non-negative integer" % where)
        if "duration_ns" in op and not (_is_int(op["duration_ns"]) and op["duration_ns"] >= 0):
            raise _parse_err("%s: duration_ns must be a non-negative integer" % where)
        if "block_dim" in op and not (_is_int(op["block_dim"]) and op["block_dim"] > 0):
            raise _parse_err("%s: block_dim must be a positive integer" % where)
        if "attrs" in op and not isinstance(op["attrs"], dict):
            raise _parse_err("%s: attrs must be an object" % where)
        streams.add(op.get("stream", 0))
        for j, d in enumerate(oout):
            n = _check_tensor_desc(d, "%s outputs[%d]" % (where, j))
            if n in shapes:
                raise _parse_err("duplicate tensor name '%s'" % n)
            shapes[n] = d["shape"]
            op_outputs.add(n)
        macs = op_macs(op, shapes)
        total_macs += macs
        by_type[otype] = by_type.get(otype, 0) + 1

    seen = set()
    for o in outputs:
        if not isinstance(o, str) or o not in op_outputs:
            raise _parse_err("model output %r is not the output of an op" % (o,))
        if o in seen:
            raise _parse_err("model output '%s' listed twice" % o)
        seen.add(o)

    return {"name": name, "ops": len(ops), "macs": total_macs, "params": n_params,
            "by_type": by_type, "streams": sorted(streams)}


def check_file(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ModelError(ACL_ERROR_READ_MODEL_FAILURE, "%s: %s" % (path, e))
    if not data.strip():
        raise ModelError(ACL_ERROR_MODEL_SIZE_INVALID, "%s: empty model file" % path)
    try:
        model = json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise ModelError(ACL_ERROR_DESERIALIZE_MODEL, "%s: malformed JSON: %s" % (path, e))
    return model, check_model(model)


def resnet_learnable_params(model):
    # BN running mean/variance are buffers in torchvision, not parameters.
    return sum(prod(w["shape"]) for w in model.get("weights", [])
               if not w["name"].endswith((".running_mean", ".running_var")))


def report(path, model, st):
    print("%s: OK  model=%s ops=%d streams=%s" % (path, st["name"], st["ops"], st["streams"]))
    print("    MACs  = %d (%.4g GMAC)   FLOPs = %d (%.4g GFLOP)"
          % (st["macs"], st["macs"] / 1e9, 2 * st["macs"], 2 * st["macs"] / 1e9))
    print("    weight elements = %d" % st["params"])
    if any(w["name"].endswith(".running_var") for w in model.get("weights", [])):
        print("    learnable parameters (excl. BN running mean/var) = %d"
              % resnet_learnable_params(model))
    print("    op types: " + ", ".join("%s=%d" % kv for kv in sorted(st["by_type"].items())))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                      "..", "..", "models"),
                    help="directory to write the generated models to (default: models/)")
    ap.add_argument("--check", nargs="+", metavar="FILE",
                    help="validate the given model files instead of generating")
    args = ap.parse_args(argv)

    if args.check:
        rc = 0
        for path in args.check:
            try:
                model, st = check_file(path)
            except ModelError as e:
                print("%s: INVALID  %s" % (path, e))
                rc = 1
                continue
            report(path, model, st)
        return rc

    out_dir = os.path.normpath(args.out_dir)
    os.makedirs(out_dir, exist_ok=True)
    for fname, builder in MODELS:
        path = os.path.join(out_dir, fname)
        text = json.dumps(builder().to_json(), indent=1) + "\n"
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        model, st = check_file(path)
        report(path, model, st)
    return 0


if __name__ == "__main__":
    sys.exit(main())
