#!/usr/bin/env python3
"""Writes the ONNX test models of the atc and gear tests into a directory.

  conv_dyn.onnx    x: [N,3,H,W] (symbolic N, H, W) -> Conv 3x3 -> BatchNorm ->
                   Relu -> Conv 1x1 -> Add (residual) -> Relu -> GlobalAveragePool -> y
  two_inputs.onnx  a: [1,S,64], b: [1,T,64] (symbolic S, T) -> MatMul(a, b^T) -> y [1,S,T]
Deterministic: the same bytes on every run (weights are fixed patterns).
"""
import sys

import onnx
from onnx import TensorProto, helper


def weight(name, shape):
    count = 1
    for d in shape:
        count *= d
    return helper.make_tensor(name, TensorProto.FLOAT, shape, [(i % 7 - 3) / 10 for i in range(count)])


def conv_dyn():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3, "H", "W"])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 8, 1, 1])
    inits = [weight("w0", [8, 3, 3, 3]), weight("w1", [8, 8, 1, 1])]
    inits += [weight(n, [8]) for n in ("scale", "bias", "mean", "var")]
    nodes = [
        helper.make_node("Conv", ["x", "w0"], ["c0"], name="conv0", pads=[1, 1, 1, 1]),
        helper.make_node("BatchNormalization", ["c0", "scale", "bias", "mean", "var"], ["b0"], name="bn0"),
        helper.make_node("Relu", ["b0"], ["r0"], name="relu0"),
        helper.make_node("Conv", ["r0", "w1"], ["c1"], name="conv1"),
        helper.make_node("Add", ["c1", "r0"], ["a1"], name="add1"),
        helper.make_node("Relu", ["a1"], ["r1"], name="relu1"),
        helper.make_node("GlobalAveragePool", ["r1"], ["y"], name="gap"),
    ]
    graph = helper.make_graph(nodes, "conv_dyn", [x], [y], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="aclsim-tests")


def two_inputs():
    a = helper.make_tensor_value_info("a", TensorProto.FLOAT, [1, "S", 64])
    b = helper.make_tensor_value_info("b", TensorProto.FLOAT, [1, "T", 64])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, "S", "T"])
    nodes = [
        helper.make_node("Transpose", ["b"], ["bt"], name="transpose", perm=[0, 2, 1]),
        helper.make_node("MatMul", ["a", "bt"], ["y"], name="matmul"),
    ]
    graph = helper.make_graph(nodes, "two_inputs", [a, b], [y])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="aclsim-tests")


def main():
    out = sys.argv[1]
    for name, model in (("conv_dyn", conv_dyn()), ("two_inputs", two_inputs())):
        model.ir_version = 8
        onnx.checker.check_model(model)
        onnx.save(model, f"{out}/{name}.onnx")


if __name__ == "__main__":
    main()
