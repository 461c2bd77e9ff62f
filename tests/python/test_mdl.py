"""acl.mdl: load/unload/execute, descriptions, datasets, and a pyACL-sample
style model wrapper running unchanged."""
import pytest

import acl
from conftest import (ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID, ACL_ERROR_GE_EXEC_MODEL_ID_INVALID,
                      ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID, ACL_ERROR_GE_EXEC_NOT_INIT, ACL_ERROR_INVALID_PARAM,
                      ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEMCPY_DEVICE_TO_HOST, ACL_MEMCPY_HOST_TO_DEVICE, ACL_SUCCESS,
                      Model, model_path)

ACL_FLOAT16 = 1
ACL_FORMAT_ND = 2
ACL_DT_UNDEFINED = -1
ACL_FORMAT_UNDEFINED = -1


def test_load_describe_unload(device):
    model_id, ret = acl.mdl.load_from_file(model_path("sample_mlp.json"))
    assert ret == ACL_SUCCESS and model_id > 0
    desc = acl.mdl.create_desc()
    assert desc != 0
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    assert acl.mdl.get_num_inputs(desc) == 1
    assert acl.mdl.get_num_outputs(desc) == 1
    assert acl.mdl.get_input_size_by_index(desc, 0) == 8 * 784 * 2
    assert acl.mdl.get_output_size_by_index(desc, 0) == 8 * 10 * 2
    assert acl.mdl.get_input_name_by_index(desc, 0) == "x"
    assert acl.mdl.get_output_name_by_index(desc, 0) == "probs"
    assert acl.mdl.get_input_index_by_name(desc, "x") == (0, ACL_SUCCESS)
    assert acl.mdl.get_output_index_by_name(desc, "probs") == (0, ACL_SUCCESS)
    x = {"name": "x", "dimCount": 2, "dims": [8, 784]}
    probs = {"name": "probs", "dimCount": 2, "dims": [8, 10]}
    assert acl.mdl.get_input_dims(desc, 0) == (x, ACL_SUCCESS)
    assert acl.mdl.get_input_dims_v2(desc, 0) == (x, ACL_SUCCESS)
    assert acl.mdl.get_output_dims(desc, 0) == (probs, ACL_SUCCESS)
    assert acl.mdl.get_cur_output_dims(desc, 0) == (probs, ACL_SUCCESS)
    assert acl.mdl.get_input_data_type(desc, 0) == ACL_FLOAT16
    assert acl.mdl.get_output_data_type(desc, 0) == ACL_FLOAT16
    assert acl.mdl.get_input_format(desc, 0) == ACL_FORMAT_ND
    assert acl.mdl.get_output_format(desc, 0) == ACL_FORMAT_ND
    assert acl.mdl.get_dynamic_batch(desc) == ({"batchCount": 0, "batch": []}, ACL_SUCCESS)
    assert acl.mdl.destroy_desc(desc) == ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID


def test_description_errors(device):
    model_id, _ = acl.mdl.load_from_file(model_path("sample_mlp.json"))
    desc = acl.mdl.create_desc()
    # An unfilled description answers like an empty one.
    assert acl.mdl.get_num_inputs(desc) == 0
    assert acl.mdl.get_desc(desc, model_id + 100) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
    assert acl.mdl.get_desc(0, model_id) == ACL_ERROR_INVALID_PARAM
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    empty = {"name": "", "dimCount": 0, "dims": []}
    assert acl.mdl.get_input_dims(desc, 5) == (empty, ACL_ERROR_INVALID_PARAM)
    assert acl.mdl.get_output_dims(0, 0) == (empty, ACL_ERROR_INVALID_PARAM)
    assert acl.mdl.get_input_size_by_index(desc, 5) == 0
    assert acl.mdl.get_input_name_by_index(desc, 5) == ""
    assert acl.mdl.get_input_data_type(desc, 5) == ACL_DT_UNDEFINED
    assert acl.mdl.get_output_format(desc, 5) == ACL_FORMAT_UNDEFINED
    assert acl.mdl.get_input_index_by_name(desc, "nope")[1] == ACL_ERROR_INVALID_PARAM
    assert acl.mdl.get_output_index_by_name(0, "probs")[1] == ACL_ERROR_INVALID_PARAM
    assert acl.mdl.get_dynamic_batch(0)[1] == ACL_ERROR_INVALID_PARAM
    assert acl.mdl.destroy_desc(desc) == ACL_SUCCESS
    assert acl.mdl.destroy_desc(0) == ACL_ERROR_INVALID_PARAM
    assert acl.mdl.unload(model_id) == ACL_SUCCESS


def test_load_errors(device):
    assert acl.mdl.load_from_file("/nonexistent/model.json") == (0, ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID)
    assert acl.mdl.load_from_mem(0, 10) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.mdl.unload(12345) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID


def test_model_calls_before_init():
    assert acl.mdl.load_from_file(model_path("sample_mlp.json")) == (0, ACL_ERROR_GE_EXEC_NOT_INIT)
    assert acl.mdl.unload(1) == ACL_ERROR_GE_EXEC_NOT_INIT


def test_load_from_mem(device):
    with open(model_path("sample_mlp.json"), "rb") as f:
        text = f.read()
    model_id, ret = acl.mdl.load_from_mem(acl.util.bytes_to_ptr(text), len(text))
    assert ret == ACL_SUCCESS and model_id > 0
    assert acl.mdl.unload(model_id) == ACL_SUCCESS


def test_datasets():
    dataset = acl.mdl.create_dataset()
    assert dataset != 0
    assert acl.mdl.get_dataset_num_buffers(dataset) == 0
    bufs = [acl.create_data_buffer(0x1000 * (i + 1), 16) for i in range(3)]
    for b in bufs:
        assert acl.mdl.add_dataset_buffer(dataset, b) == (dataset, ACL_SUCCESS)
    assert acl.mdl.get_dataset_num_buffers(dataset) == 3
    assert [acl.mdl.get_dataset_buffer(dataset, i) for i in range(3)] == bufs
    assert acl.mdl.get_dataset_buffer(dataset, 3) == 0
    assert acl.mdl.add_dataset_buffer(dataset, 0) == (dataset, ACL_ERROR_INVALID_PARAM)
    assert acl.mdl.add_dataset_buffer(0, bufs[0]) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.mdl.get_dataset_num_buffers(0) == 0
    assert acl.mdl.get_dataset_buffer(0, 0) == 0
    for b in bufs:
        assert acl.destroy_data_buffer(b) == ACL_SUCCESS
    assert acl.mdl.destroy_dataset(dataset) == ACL_SUCCESS
    assert acl.mdl.destroy_dataset(0) == ACL_ERROR_INVALID_PARAM


def test_execute_sync_and_async(sample_mlp):
    assert sample_mlp.execute() == ACL_SUCCESS
    stream, _ = acl.rt.create_stream()
    assert acl.mdl.execute_async(sample_mlp.model_id, sample_mlp.input, sample_mlp.output, stream) == ACL_SUCCESS
    assert acl.rt.synchronize_stream(stream) == ACL_SUCCESS
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS


def test_execute_errors(sample_mlp):
    m = sample_mlp
    assert acl.mdl.execute(m.model_id, 0, m.output) == ACL_ERROR_INVALID_PARAM
    assert acl.mdl.execute(m.model_id + 100, m.input, m.output) == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
    empty = acl.mdl.create_dataset()
    assert acl.mdl.execute(m.model_id, empty, m.output) == ACL_ERROR_INVALID_PARAM  # wrong buffer count
    assert acl.mdl.destroy_dataset(empty) == ACL_SUCCESS


def test_set_dynamic_batch_size(sample_mlp):
    m = sample_mlp
    assert acl.mdl.set_dynamic_batch_size(m.model_id, m.input, 0, 4) == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID
    assert acl.mdl.set_dynamic_batch_size(m.model_id, 0, 0, 4) == ACL_ERROR_INVALID_PARAM
    assert acl.mdl.set_dynamic_batch_size(m.model_id, m.input, 0, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.mdl.set_dynamic_batch_size(m.model_id, m.input, 9, 4) == ACL_ERROR_INVALID_PARAM


@pytest.mark.parametrize("call", [
    lambda: acl.mdl.load_from_file(None),
    lambda: acl.mdl.load_from_file(),
    lambda: acl.mdl.execute(1, 2),
    lambda: acl.mdl.execute_async(1, 2, 3),
    lambda: acl.mdl.unload("1"),
    lambda: acl.mdl.get_desc(1),
    lambda: acl.mdl.get_input_dims(1, -1),
    lambda: acl.mdl.get_input_index_by_name(1, 2),
    lambda: acl.mdl.add_dataset_buffer(1),
    lambda: acl.mdl.set_dynamic_batch_size(1, 2, 3),
])
def test_argument_errors(call):
    with pytest.raises(TypeError, match=r"acl\.mdl\.\w+ args parse failed"):
        call()


class SampleStyleModel:
    """The helper pyACL samples write (load, datasets from acl.rt.malloc and
    acl.create_data_buffer, inputs copied in with acl.rt.memcpy, execute,
    outputs copied back), with ret checks the way the samples do them."""

    def __init__(self, path):
        self.model_id, ret = acl.mdl.load_from_file(path)
        self._check(ret, "load_from_file")
        self.model_desc = acl.mdl.create_desc()
        self._check(acl.mdl.get_desc(self.model_desc, self.model_id), "get_desc")
        self.input_dataset, self.input_ptrs = self._gen_dataset("input")
        self.output_dataset, self.output_ptrs = self._gen_dataset("output")

    @staticmethod
    def _check(ret, what):
        if ret != ACL_SUCCESS:
            raise RuntimeError(f"{what} failed ret={ret}: {acl.get_recent_err_msg()}")

    def _gen_dataset(self, kind):
        if kind == "input":
            num, size_of = acl.mdl.get_num_inputs(self.model_desc), acl.mdl.get_input_size_by_index
        else:
            num, size_of = acl.mdl.get_num_outputs(self.model_desc), acl.mdl.get_output_size_by_index
        dataset = acl.mdl.create_dataset()
        ptrs = []
        for i in range(num):
            size = size_of(self.model_desc, i)
            ptr, ret = acl.rt.malloc(size, ACL_MEM_MALLOC_HUGE_FIRST)
            self._check(ret, "malloc")
            data = acl.create_data_buffer(ptr, size)
            dataset, ret = acl.mdl.add_dataset_buffer(dataset, data)
            self._check(ret, "add_dataset_buffer")
            ptrs.append((ptr, size))
        return dataset, ptrs

    def run(self, inputs):
        for (ptr, size), blob in zip(self.input_ptrs, inputs):
            self._check(acl.rt.memcpy(ptr, size, acl.util.bytes_to_ptr(blob), len(blob),
                                      ACL_MEMCPY_HOST_TO_DEVICE), "memcpy")
        self._check(acl.mdl.execute(self.model_id, self.input_dataset, self.output_dataset), "execute")
        outputs = []
        for ptr, size in self.output_ptrs:
            host, ret = acl.rt.malloc_host(size)
            self._check(ret, "malloc_host")
            self._check(acl.rt.memcpy(host, size, ptr, size, ACL_MEMCPY_DEVICE_TO_HOST), "memcpy")
            outputs.append(acl.util.ptr_to_bytes(host, size))
            self._check(acl.rt.free_host(host), "free_host")
        return outputs

    def release(self):
        for dataset in (self.input_dataset, self.output_dataset):
            for i in range(acl.mdl.get_dataset_num_buffers(dataset)):
                buf = acl.mdl.get_dataset_buffer(dataset, i)
                self._check(acl.rt.free(acl.get_data_buffer_addr(buf)), "free")
                self._check(acl.destroy_data_buffer(buf), "destroy_data_buffer")
            self._check(acl.mdl.destroy_dataset(dataset), "destroy_dataset")
        self._check(acl.mdl.destroy_desc(self.model_desc), "destroy_desc")
        self._check(acl.mdl.unload(self.model_id), "unload")


def test_sample_style_model_wrapper_runs_unchanged():
    assert acl.init() == ACL_SUCCESS
    assert acl.rt.set_device(0) == ACL_SUCCESS
    context, ret = acl.rt.create_context(0)
    assert ret == ACL_SUCCESS
    stream, ret = acl.rt.create_stream()
    assert ret == ACL_SUCCESS
    model = SampleStyleModel(model_path("sample_mlp.json"))
    outputs = model.run([bytes(8 * 784 * 2)])
    assert [len(o) for o in outputs] == [8 * 10 * 2]
    model.release()
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS
    assert acl.rt.destroy_context(context) == ACL_SUCCESS
    assert acl.rt.reset_device(0) == ACL_SUCCESS
    assert acl.finalize() == ACL_SUCCESS
