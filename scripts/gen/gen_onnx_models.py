#!/usr/bin/python3
"""Generate the aclsim sample ONNX models (real architectures) with Debian's python3-onnx.

Usage:
    /usr/bin/python3 scripts/gen/gen_onnx_models.py [--out-dir models/]

Writes
  resnet50.onnx   torchvision ResNet-50 v1.5 (stride 2 on the 3x3 conv of each downsampling
                  bottleneck), 224x224, BatchNorm folded into the convolutions as
                  torch.onnx.export does in eval mode; 4,089,184,256 MACs
                  (torchvision: "GFLOPS 4.09", which counts MACs).
  bert_base.onnx  BERT-base encoder (L12, H768, A12, FFN 3072) at sequence 128, exported the
                  way torch exports HuggingFace BertModel (MatMul + Add for dense layers, GELU as
                  its erf form, LayerNormalization, no pooler); 22.35 GFLOP
                  (Kaplan et al. 2020: 2 * 84.9M non-embedding params * 128 + attention).

Weights: every float weight is an initializer with its real shape and dtype whose data is
EXTERNAL (data_location = EXTERNAL, location = "<model>.weights.bin", offset, length), as
onnx.save(..., save_as_external_data=True) writes it. The .bin files are not shipped: aclsim never
reads weight values (a simulation needs shapes and dtypes only), so the .onnx files stay a few tens
of kB. Small integer tensors that shape inference must read (Reshape targets, position ids) and
scalars are stored inline. The batch dimension of every input is symbolic ("batch"); aclsim's
loader substitutes its default batch (1).

Output is deterministic (byte-identical across runs). See docs/onnx_mapping.md.
"""

import argparse
import math
import os
import re
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17
IR_VERSION = 8


def torch_path(prefix):
    """The node-name scope torch.onnx.export gives the module |prefix| ("layer1.0.conv2" ->
    "/layer1/layer1.0/conv2", "encoder.layer.0.output" -> "/encoder/layer.0/output")."""
    path = "/" + prefix.replace(".", "/")
    path = re.sub(r"/layer/(\d+)", r"/layer.\1", path)
    return re.sub(r"/layer(\d)/(\d+)", r"/layer\1/layer\1.\2", path)


class Builder:
    """Collects nodes, initializers and graph I/O of one model."""

    def __init__(self, name):
        self.name = name
        self.nodes = []
        self.inits = []
        self.inputs = []
        self.outputs = []
        self.offset = 0
        self.params = 0

    def weight(self, name, shape, dtype=TensorProto.FLOAT):
        """A float weight stored as external data (not shipped)."""
        t = TensorProto()
        t.name = name
        t.data_type = dtype
        t.dims.extend(shape)
        t.data_location = TensorProto.EXTERNAL
        length = int(np.prod(shape)) * 4
        for key, value in (("location", self.name + ".weights.bin"), ("offset", str(self.offset)),
                           ("length", str(length))):
            entry = t.external_data.add()
            entry.key = key
            entry.value = value
        self.offset += (length + 4095) // 4096 * 4096
        self.params += int(np.prod(shape))
        self.inits.append(t)
        return name

    def const(self, name, array):
        """A small tensor stored inline (shape inference may read it)."""
        self.inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def node(self, op_type, name, inputs, n_out=1, **attrs):
        outs = [f"{name}_output_{i}" for i in range(n_out)]
        self.nodes.append(helper.make_node(op_type, inputs, outs, name=name, **attrs))
        return outs[0] if n_out == 1 else outs

    def model(self, doc):
        graph = helper.make_graph(self.nodes, self.name, self.inputs, self.outputs, self.inits)
        graph.doc_string = doc
        m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                              producer_name="aclsim scripts/gen/gen_onnx_models.py", producer_version="1")
        m.ir_version = IR_VERSION
        return m


def build_resnet50():
    b = Builder("resnet50")
    b.inputs.append(helper.make_tensor_value_info("input", TensorProto.FLOAT, ["batch", 3, 224, 224]))

    def conv(prefix, x, cin, cout, k, stride, pad, relu=True):
        w = b.weight(prefix + ".weight", [cout, cin, k, k])
        bias = b.weight(prefix + ".bias", [cout])
        path = torch_path(prefix)
        y = b.node("Conv", path + "/Conv", [x, w, bias], kernel_shape=[k, k], strides=[stride, stride],
                   pads=[pad, pad, pad, pad], dilations=[1, 1], group=1)
        if relu:
            y = b.node("Relu", path + "/Relu", [y])
        return y

    x = conv("conv1", "input", 3, 64, 7, 2, 3)
    x = b.node("MaxPool", "/maxpool/MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    cin = 64
    for li, (planes, blocks, stride) in enumerate([(64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)]):
        for bi in range(blocks):
            s = stride if bi == 0 else 1
            p = f"layer{li + 1}.{bi}"
            y = conv(p + ".conv1", x, cin, planes, 1, 1, 0)
            y = conv(p + ".conv2", y, planes, planes, 3, s, 1)  # v1.5: stride on the 3x3
            y = conv(p + ".conv3", y, planes, planes * 4, 1, 1, 0, relu=False)
            shortcut = x
            if bi == 0:
                shortcut = conv(p + ".downsample.0", x, cin, planes * 4, 1, s, 0, relu=False)
            path = torch_path(p)
            y = b.node("Add", path + "/Add", [y, shortcut])
            x = b.node("Relu", path + "/relu_1/Relu", [y])
            cin = planes * 4
    x = b.node("GlobalAveragePool", "/avgpool/GlobalAveragePool", [x])
    x = b.node("Flatten", "/Flatten", [x], axis=1)
    w = b.weight("fc.weight", [1000, 2048])
    bias = b.weight("fc.bias", [1000])
    y = b.node("Gemm", "/fc/Gemm", [x, w, bias], alpha=1.0, beta=1.0, transB=1)
    b.nodes[-1].output[0] = "output"
    b.outputs.append(helper.make_tensor_value_info("output", TensorProto.FLOAT, ["batch", 1000]))
    del y
    return b, b.model("torchvision ResNet-50 v1.5, 224x224, BatchNorm folded; weights external (not shipped)")


def build_bert_base(layers=12, hidden=768, heads=12, ffn=3072, seq=128, vocab=30522):
    b = Builder("bert_base")
    for name in ("input_ids", "attention_mask", "token_type_ids"):
        b.inputs.append(helper.make_tensor_value_info(name, TensorProto.INT64, ["batch", seq]))
    head_dim = hidden // heads

    def dense(prefix, x, n_in, n_out):
        w = b.weight(prefix + ".weight", [n_in, n_out])
        bias = b.weight(prefix + ".bias", [n_out])
        path = torch_path(prefix)
        y = b.node("MatMul", path + "/MatMul", [x, w])
        return b.node("Add", path + "/Add", [bias, y])

    def layer_norm(prefix, x):
        g = b.weight(prefix + ".weight", [hidden])
        beta = b.weight(prefix + ".bias", [hidden])
        return b.node("LayerNormalization", torch_path(prefix) + "/LayerNormalization",
                      [x, g, beta], axis=-1, epsilon=1e-12)

    # Embeddings.
    word = b.weight("embeddings.word_embeddings.weight", [vocab, hidden])
    pos = b.weight("embeddings.position_embeddings.weight", [512, hidden])
    tok = b.weight("embeddings.token_type_embeddings.weight", [2, hidden])
    pos_ids = b.const("embeddings.position_ids", np.arange(seq, dtype=np.int64).reshape(1, seq))
    e = b.node("Gather", "/embeddings/word_embeddings/Gather", [word, "input_ids"], axis=0)
    t = b.node("Gather", "/embeddings/token_type_embeddings/Gather", [tok, "token_type_ids"], axis=0)
    e = b.node("Add", "/embeddings/Add", [e, t])
    p = b.node("Gather", "/embeddings/position_embeddings/Gather", [pos, pos_ids], axis=0)
    e = b.node("Add", "/embeddings/Add_1", [e, p])
    x = layer_norm("embeddings.LayerNorm", e)

    # Extended attention mask: (1 - mask[:, None, None, :]) * -10000.
    axes = b.const("/Constant_axes", np.array([1, 2], dtype=np.int64))
    m = b.node("Unsqueeze", "/Unsqueeze", ["attention_mask", axes])
    m = b.node("Cast", "/Cast", [m], to=TensorProto.FLOAT)
    one = b.const("/Constant_one", np.array(1.0, dtype=np.float32))
    m = b.node("Sub", "/Sub", [one, m])
    big = b.const("/Constant_neg", np.array(-10000.0, dtype=np.float32))
    mask = b.node("Mul", "/Mul", [m, big])

    split_shape = b.const("/Constant_split_heads", np.array([0, seq, heads, head_dim], dtype=np.int64))
    merge_shape = b.const("/Constant_merge_heads", np.array([0, seq, hidden], dtype=np.int64))
    scale = b.const("/Constant_scale", np.array(math.sqrt(head_dim), dtype=np.float32))
    sqrt2 = b.const("/Constant_sqrt2", np.array(math.sqrt(2.0), dtype=np.float32))
    half = b.const("/Constant_half", np.array(0.5, dtype=np.float32))

    for li in range(layers):
        p = f"encoder.layer.{li}"
        path = torch_path(p)

        def heads_of(name, y, perm):
            r = b.node("Reshape", f"{path}/attention/self/{name}/Reshape", [y, split_shape])
            return b.node("Transpose", f"{path}/attention/self/{name}/Transpose", [r], perm=perm)

        q = heads_of("query", dense(p + ".attention.self.query", x, hidden, hidden), [0, 2, 1, 3])
        k = heads_of("key", dense(p + ".attention.self.key", x, hidden, hidden), [0, 2, 3, 1])
        v = heads_of("value", dense(p + ".attention.self.value", x, hidden, hidden), [0, 2, 1, 3])
        s = b.node("MatMul", f"{path}/attention/self/MatMul", [q, k])
        s = b.node("Div", f"{path}/attention/self/Div", [s, scale])
        s = b.node("Add", f"{path}/attention/self/Add", [s, mask])
        s = b.node("Softmax", f"{path}/attention/self/Softmax", [s], axis=-1)
        c = b.node("MatMul", f"{path}/attention/self/MatMul_1", [s, v])
        c = b.node("Transpose", f"{path}/attention/self/Transpose_3", [c], perm=[0, 2, 1, 3])
        c = b.node("Reshape", f"{path}/attention/self/Reshape_3", [c, merge_shape])
        a = dense(p + ".attention.output.dense", c, hidden, hidden)
        a = b.node("Add", f"{path}/attention/output/Add_1", [a, x])
        x = layer_norm(p + ".attention.output.LayerNorm", a)
        h = dense(p + ".intermediate.dense", x, hidden, ffn)
        g = b.node("Div", f"{path}/intermediate/intermediate_act_fn/Div", [h, sqrt2])
        g = b.node("Erf", f"{path}/intermediate/intermediate_act_fn/Erf", [g])
        g = b.node("Add", f"{path}/intermediate/intermediate_act_fn/Add", [g, one])
        g = b.node("Mul", f"{path}/intermediate/intermediate_act_fn/Mul", [h, g])
        g = b.node("Mul", f"{path}/intermediate/intermediate_act_fn/Mul_1", [g, half])
        o = dense(p + ".output.dense", g, ffn, hidden)
        o = b.node("Add", f"{path}/output/Add_1", [o, x])
        x = layer_norm(p + ".output.LayerNorm", o)
    b.nodes[-1].output[0] = "last_hidden_state"
    b.outputs.append(helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", seq, hidden]))
    return b, b.model("BERT-base encoder, sequence 128, no pooler; weights external (not shipped)")


def cube_macs(model):
    """MACs of Conv/MatMul/Gemm from ONNX shape inference (an independent check)."""
    inferred = onnx.shape_inference.infer_shapes(model)
    shapes = {}
    for v in list(inferred.graph.input) + list(inferred.graph.value_info) + list(inferred.graph.output):
        shapes[v.name] = [d.dim_value if d.HasField("dim_value") else 1 for d in v.type.tensor_type.shape.dim]
    for t in model.graph.initializer:
        shapes[t.name] = list(t.dims)
    macs = 0
    for n in inferred.graph.node:
        out = shapes.get(n.output[0])
        if n.op_type == "Conv":
            w = shapes[n.input[1]]
            macs += int(np.prod(out)) * int(np.prod(w[1:]))
        elif n.op_type in ("MatMul", "Gemm"):
            a = shapes[n.input[0]]
            trans_a = any(at.name == "transA" and at.i for at in n.attribute)
            macs += int(np.prod(out)) * (a[-2] if trans_a else a[-1])
    return macs


def check(model):
    """onnx.checker + strict shape inference on a copy whose external weights are graph inputs
    (the checker would otherwise look for the unshipped .bin)."""
    probe = onnx.ModelProto()
    probe.CopyFrom(model)
    kept = []
    for t in probe.graph.initializer:
        if t.data_location == TensorProto.EXTERNAL:
            probe.graph.input.append(helper.make_tensor_value_info(t.name, t.data_type, list(t.dims)))
        else:
            kept.append(t)
    del probe.graph.initializer[:]
    probe.graph.initializer.extend(kept)
    onnx.checker.check_model(probe, full_check=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", default=os.path.join(os.path.dirname(__file__), "..", "..", "models"))
    args = parser.parse_args(argv)
    for build in (build_resnet50, build_bert_base):
        builder, model = build()
        check(model)
        path = os.path.join(args.out_dir, builder.name + ".onnx")
        data = model.SerializeToString(deterministic=True)
        with open(path, "wb") as f:
            f.write(data)
        macs = cube_macs(model)
        print(f"{path}: {len(model.graph.node)} nodes, {builder.params:,} weight params (external), "
              f"{macs:,} MACs = {2 * macs / 1e9:.3f} GFLOP, {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
