"""acl.mdl with converted models: image-size and dims gears, and a
dynamic-shape model given its input shapes through tensor descs, in pyACL's
signatures and return shapes. The models are converted by the atc under test
($ACLSIM_ATC) from the ONNX files tests/tools/gen_dynamic_onnx.py writes."""
import os
import subprocess

import pytest

import acl
from conftest import ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID, ACL_ERROR_INVALID_PARAM, ACL_SUCCESS, Model

ACL_FLOAT = 0
ACL_FORMAT_NCHW = 0
ATC = os.environ.get("ACLSIM_ATC", "")
GEN = os.environ.get("ACLSIM_GEN_ONNX", "")
pytestmark = pytest.mark.skipif(not (ATC and GEN), reason="no atc: set ACLSIM_ATC and ACLSIM_GEN_ONNX")


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    d = tmp_path_factory.mktemp("gears")
    subprocess.run(["/usr/bin/python3", GEN, str(d)], check=True)

    def atc(*args):
        subprocess.run([ATC, "--framework=5", "--soc_version=Ascend910B2", *args], cwd=d, check=True,
                       stdout=subprocess.DEVNULL)

    atc("--model=conv_dyn.onnx", "--output=hw", "--input_shape=x:1,3,-1,-1", "--dynamic_image_size=32,32;64,64")
    atc("--model=two_inputs.onnx", "--output=dims", "--input_shape=a:1,-1,64;b:1,-1,64", "--dynamic_dims=8,8;16,32",
        "--input_format=ND")
    return d


def test_image_size_gears(device, models):
    m = Model(str(models / "hw.om"))
    try:
        assert acl.mdl.get_dynamic_hw(m.desc, 0) == ({"hwCount": 2, "hw": [[32, 32], [64, 64]]}, ACL_SUCCESS)
        index, ret = acl.mdl.get_input_index_by_name(m.desc, "ascend_mbatch_shape_data")
        assert (index, ret) == (1, ACL_SUCCESS)
        assert acl.mdl.set_dynamic_hw_size(m.model_id, m.input, index, 48, 48) == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID
        assert acl.mdl.set_dynamic_hw_size(m.model_id, m.input, index, 64, 64) == ACL_SUCCESS
        assert m.execute() == ACL_SUCCESS
        assert acl.mdl.get_cur_output_dims(m.desc, 0) == ({"name": "y", "dimCount": 4, "dims": [1, 8, 1, 1]},
                                                           ACL_SUCCESS)
    finally:
        m.close()


def test_dims_gears(device, models):
    m = Model(str(models / "dims.om"))
    try:
        assert acl.mdl.get_input_dynamic_gear_count(m.desc, -1) == (2, ACL_SUCCESS)
        gears, ret = acl.mdl.get_input_dynamic_dims(m.desc, -1, 2)
        assert ret == ACL_SUCCESS
        assert [g["dims"] for g in gears] == [[1, 8, 64, 1, 8, 64], [1, 16, 64, 1, 32, 64]]
        assert acl.mdl.get_input_dynamic_gear_count(m.desc, 0)[1] == ACL_ERROR_INVALID_PARAM
        dims = {"dimCount": 6, "name": "", "dims": [1, 16, 64, 1, 32, 64]}
        assert acl.mdl.set_input_dynamic_dims(m.model_id, m.input, 2, dims) == ACL_SUCCESS
        assert m.execute() == ACL_SUCCESS
        assert acl.mdl.get_cur_output_dims(m.desc, 0)[0]["dims"] == [1, 16, 32]
    finally:
        m.close()


def _dataset(size):
    dataset = acl.mdl.create_dataset()
    ptr, ret = acl.rt.malloc(size, 0)
    assert ret == ACL_SUCCESS
    _, ret = acl.mdl.add_dataset_buffer(dataset, acl.create_data_buffer(ptr, size))
    assert ret == ACL_SUCCESS
    return dataset


def _free(dataset):
    buf = acl.mdl.get_dataset_buffer(dataset, 0)
    assert acl.rt.free(acl.get_data_buffer_addr(buf)) == ACL_SUCCESS
    assert acl.destroy_data_buffer(buf) == ACL_SUCCESS
    assert acl.mdl.destroy_dataset(dataset) == ACL_SUCCESS


def test_dynamic_shape_with_tensor_descs(device, models):
    model_id, ret = acl.mdl.load_from_file(str(models / "conv_dyn.onnx"))
    assert ret == ACL_SUCCESS, acl.get_recent_err_msg()
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    assert acl.mdl.get_input_dims(desc, 0)[0]["dims"] == [-1, 3, -1, -1]
    assert acl.mdl.get_input_size_by_index(desc, 0) == 0  # unknown until it runs
    inputs, outputs = _dataset(3 * 32 * 32 * 4), _dataset(8 * 4)
    try:
        assert acl.mdl.execute(model_id, inputs, outputs) == ACL_ERROR_INVALID_PARAM  # no shapes yet
        tensor = acl.create_tensor_desc(ACL_FLOAT, [1, 3, 32, 32], ACL_FORMAT_NCHW)
        assert acl.mdl.set_dataset_tensor_desc(inputs, tensor, 0) == (inputs, ACL_SUCCESS)
        acl.destroy_tensor_desc(tensor)
        assert acl.mdl.execute(model_id, inputs, outputs) == ACL_SUCCESS
        out = acl.mdl.get_dataset_tensor_desc(outputs, 0)
        assert out != 0
        assert acl.get_tensor_desc_num_dims(out) == 4
        assert [acl.get_tensor_desc_dim_v2(out, i) for i in range(4)] == [(1, ACL_SUCCESS), (8, ACL_SUCCESS),
                                                                          (1, ACL_SUCCESS), (1, ACL_SUCCESS)]
        assert acl.mdl.get_dataset_tensor_desc(outputs, 5) == 0
    finally:
        _free(inputs)
        _free(outputs)
        assert acl.mdl.destroy_desc(desc) == ACL_SUCCESS
        assert acl.mdl.unload(model_id) == ACL_SUCCESS
