"""acl.op from Python: the training-loop scenario of the step API through
pyACL's single-operator calls (op models, attributes, execute_v2, handles),
stream copies in, step markers around each iteration, and the session's
step_trace and op_summary read back; plus the argument errors."""
import csv
import glob
import os

import acl
from conftest import (ACL_AICORE_NONE, ACL_ERROR_INVALID_PARAM, ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEMCPY_HOST_TO_DEVICE,
                      ACL_PROF_ACL_API, ACL_PROF_TASK_TIME, ACL_STEP_END, ACL_STEP_START, ACL_SUCCESS)

ACL_FLOAT16 = 1
ACL_FORMAT_ND = 2
ACL_ERROR_OP_NOT_FOUND = 100024
ACL_ERROR_OP_INPUT_NOT_MATCH = 100021
ITERATIONS = 3


class Tensor:
    """Device memory, its data buffer and an fp16 ND description."""

    def __init__(self, dims):
        self.size = 2
        for d in dims:
            self.size *= d
        self.ptr, ret = acl.rt.malloc(self.size, ACL_MEM_MALLOC_HUGE_FIRST)
        assert ret == ACL_SUCCESS
        self.buffer = acl.create_data_buffer(self.ptr, self.size)
        self.desc = acl.create_tensor_desc(ACL_FLOAT16, dims, ACL_FORMAT_ND)
        assert self.buffer != 0 and self.desc != 0

    def close(self):
        acl.destroy_tensor_desc(self.desc)
        assert acl.destroy_data_buffer(self.buffer) == ACL_SUCCESS
        assert acl.rt.free(self.ptr) == ACL_SUCCESS


def run(op, inputs, outputs, attr, stream):
    return acl.op.execute_v2(op, [t.desc for t in inputs], [t.buffer for t in inputs], [t.desc for t in outputs],
                             [t.buffer for t in outputs], attr, stream)


def read_csv(directory, prefix):
    paths = glob.glob(os.path.join(directory, prefix + "_*.csv"))
    assert len(paths) == 1, (prefix, os.listdir(directory))
    with open(paths[0], newline="") as f:
        return list(csv.DictReader(f))


def test_training_loop_through_acl_op(device, tmp_path):
    stream, ret = acl.rt.create_stream()
    assert ret == ACL_SUCCESS
    x, w, h, y, grad = Tensor([16, 64]), Tensor([64, 32]), Tensor([16, 32]), Tensor([16, 32]), Tensor([64, 32])
    host = bytes(range(256)) * (x.size // 256)  # kept alive while its address is used
    # Without an op model nothing runs, as on CANN.
    assert run("MatMulV2", [x, w], [h], 0, stream) == ACL_ERROR_OP_NOT_FOUND
    assert acl.op.set_model_dir(str(tmp_path)) == ACL_SUCCESS
    attr = acl.op.create_attr()
    assert acl.op.set_attr_bool(attr, "transpose_x1", 0) == ACL_SUCCESS
    assert acl.op.set_attr_bool(attr, "transpose_x2", 0) == ACL_SUCCESS
    handle, ret = acl.op.create_handle("Relu", [h.desc], [y.desc], 0)
    assert ret == ACL_SUCCESS

    assert acl.prof.init(str(tmp_path)) == ACL_SUCCESS
    config = acl.prof.create_config([0], ACL_AICORE_NONE, 0, ACL_PROF_ACL_API | ACL_PROF_TASK_TIME)
    assert acl.prof.start(config) == ACL_SUCCESS
    host_ptr = acl.util.bytes_to_ptr(host)
    for _ in range(ITERATIONS):
        step = acl.prof.create_step_info()
        assert acl.prof.get_step_timestamp(step, ACL_STEP_START, stream) == ACL_SUCCESS
        assert acl.rt.memcpy_async(x.ptr, x.size, host_ptr, x.size, ACL_MEMCPY_HOST_TO_DEVICE, stream) == 0
        assert run("MatMulV2", [x, w], [h], attr, stream) == ACL_SUCCESS          # forward
        assert acl.op.execute_with_handle(handle, [h.buffer], [y.buffer], stream) == ACL_SUCCESS
        assert run("ReluGrad", [y, h], [h], 0, stream) == ACL_ERROR_OP_NOT_FOUND  # not an op aclsim runs
        assert run("MatMulV2", [x, y], [grad], attr, stream) == ACL_SUCCESS       # the weight gradient's shape
        assert run("Mul", [w, grad], [w], 0, stream) == ACL_SUCCESS               # the update
        assert acl.prof.get_step_timestamp(step, ACL_STEP_END, stream) == ACL_SUCCESS
        assert acl.rt.synchronize_stream(stream) == ACL_SUCCESS
        acl.prof.destroy_step_info(step)
    assert acl.prof.stop(config) == ACL_SUCCESS
    assert acl.prof.destroy_config(config) == ACL_SUCCESS
    assert acl.prof.finalize() == ACL_SUCCESS

    assert acl.op.execute_with_handle(handle, [], [y.buffer], stream) == ACL_ERROR_OP_INPUT_NOT_MATCH
    acl.op.destroy_handle(handle)
    acl.op.destroy_attr(attr)
    for t in (x, w, h, y, grad):
        t.close()
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS

    out = os.path.join(glob.glob(str(tmp_path / "PROF_000*"))[0], "mindstudio_profiler_output")
    steps = read_csv(out, "step_trace")
    assert [row["Iteration ID"] for row in steps] == [str(i + 1) for i in range(ITERATIONS)]
    ops = read_csv(out, "op_summary")
    assert [row["Op Name"] for row in ops] == ["MatMulV2", "Relu", "MatMulV2", "Mul"] * ITERATIONS
    assert {row["Model ID"] for row in ops} == {"4294967295"}
    assert [row["Task Type"] for row in ops[:4]] == ["AI_CORE", "AI_VECTOR_CORE", "AI_CORE", "AI_VECTOR_CORE"]
    for i, row in enumerate(ops):
        end = float(steps[i // 4]["Iteration End(us)"])
        begin = end - float(steps[i // 4]["Iteration Time(us)"])
        start = float(row["Task Start Time(us)"])
        assert begin <= start <= end
    copies = [row for row in read_csv(out, "task_time") if row["kernel_type"] == "MEMCPY_ASYNC"]
    assert len(copies) == ITERATIONS


def test_op_argument_errors(device):
    assert acl.op.set_model_dir("/nonexistent/op_models") == 100003
    assert acl.op.set_attr_int(0, "axis", 1) == ACL_ERROR_INVALID_PARAM
    attr, ret = acl.op.set_attr_data_type(0, "dst_type", 0)
    assert (attr, ret) == (0, ACL_ERROR_INVALID_PARAM)
    desc = acl.create_tensor_desc(ACL_FLOAT16, [2, 3], ACL_FORMAT_ND)
    assert acl.get_tensor_desc_size(desc) == 12
    assert acl.get_tensor_desc_dim_v2(desc, 1) == (3, ACL_SUCCESS)
    assert acl.get_tensor_desc_dim_v2(desc, 2)[1] == ACL_ERROR_INVALID_PARAM
    acl.destroy_tensor_desc(desc)
