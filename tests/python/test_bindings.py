"""Bindings of C functions that pyACL has and the module gained with the
generated surface: acl.get_version, get_soc_name, data_type_size, app_log,
the tensor-description functions, acl.rt's device-id translations,
get_mem_info and stream_get_id, and acl.op's list attributes and casts."""
import os
import re
import subprocess
import sys

import pytest

import acl
from conftest import ACL_ERROR_INVALID_PARAM, ACL_SUCCESS

ACL_ERROR_OP_NOT_FOUND = 100024
ACL_FLOAT = 0
ACL_FLOAT16 = 1
ACL_INT8 = 2
ACL_INT32 = 3
ACL_INT64 = 9
ACL_BOOL = 12
ACL_FORMAT_NCHW = 0
ACL_FORMAT_ND = 2
ACL_MEMTYPE_HOST = 1


def test_version_and_soc_name(device):
    assert acl.get_version() == (1, 17, 0, ACL_SUCCESS)
    assert acl.get_soc_name() == "Ascend910B2"
    assert acl.get_soc_name() == acl.rt.get_soc_name()


@pytest.mark.parametrize("dtype, size", [
    (ACL_FLOAT, 4), (ACL_FLOAT16, 2), (ACL_INT8, 1), (ACL_INT32, 4), (ACL_INT64, 8), (ACL_BOOL, 1), (999, 0)])
def test_data_type_size(dtype, size):
    assert acl.data_type_size(dtype) == size


@pytest.mark.parametrize("bits, value", [
    (0x3C00, 1.0), (0xC000, -2.0), (0x7BFF, 65504.0), (0x0400, 2.0 ** -14), (0x0001, 2.0 ** -24), (0x8000, -0.0),
    (0x2E66, 0.0999755859375), (0x7C00, float("inf")), (0xFC00, float("-inf"))])
def test_float16_conversions(bits, value):
    assert acl.float16_to_float(bits) == value
    assert acl.float_to_float16(value) == bits


@pytest.mark.parametrize("value, bits", [
    (0.1, 0x2E66), (65519.0, 0x7BFF), (65520.0, 0x7C00), (1e6, 0x7C00), (2.0 ** -25, 0x0000),
    (3 * 2.0 ** -25, 0x0002), (1.0 + 2.0 ** -11, 0x3C00), (1.0 + 3 * 2.0 ** -11, 0x3C02), (float("nan"), 0x7E00)])
def test_float_to_float16_rounds_to_nearest_even(value, bits):
    assert acl.float_to_float16(value) == bits


def test_float16_conversions_agree_with_numpy():
    np = pytest.importorskip("numpy")
    halves = np.arange(65536, dtype=np.uint32).astype(np.uint16)
    floats = halves.view(np.float16).astype(np.float32)
    finite = ~np.isnan(floats)
    got = np.array([acl.float16_to_float(int(h)) for h in halves], np.float32)
    assert np.array_equal(got[finite], floats[finite]) and np.isnan(got[~finite]).all()
    assert [acl.float_to_float16(float(f)) for f in floats[finite]] == [int(h) for h in halves[finite]]
    rng = np.random.default_rng(21)
    samples = np.concatenate([rng.uniform(-70000, 70000, 2000), rng.uniform(-1e-4, 1e-4, 2000)]).astype(np.float32)
    with np.errstate(over="ignore"):  # beyond 65520 numpy, too, gives infinity
        want = samples.astype(np.float16).view(np.uint16)
    assert [acl.float_to_float16(float(f)) for f in samples] == [int(h) for h in want]


@pytest.fixture
def desc():
    d = acl.create_tensor_desc(ACL_FLOAT16, [2, 3, 4], ACL_FORMAT_ND)
    assert d != 0
    yield d
    assert acl.destroy_tensor_desc(d) is None


def test_tensor_desc_getters(desc):
    assert acl.get_tensor_desc_format(desc) == ACL_FORMAT_ND
    assert acl.get_tensor_desc_element_count(desc) == 24
    assert acl.get_tensor_desc_dim(desc, 2) == 4
    assert acl.get_tensor_desc_dim(desc, 3) == -1
    assert acl.get_tensor_desc_name(desc) == ""
    assert acl.set_tensor_desc_name(desc, "x0") is None
    assert acl.get_tensor_desc_name(desc) == "x0"
    assert acl.get_tensor_desc_address(desc) == 0
    assert acl.get_tensor_desc_by_index(desc, 0) == desc
    assert acl.get_tensor_desc_by_index(desc, 1) == 0


def test_tensor_desc_shapes_and_formats(desc):
    assert acl.set_tensor_shape(desc, [6, 4]) == ACL_SUCCESS
    assert acl.get_tensor_desc_num_dims(desc) == 2
    assert acl.get_tensor_desc_element_count(desc) == 24
    assert acl.set_tensor_format(desc, ACL_FORMAT_NCHW) == ACL_SUCCESS
    assert acl.get_tensor_desc_format(desc) == ACL_FORMAT_NCHW
    assert acl.set_tensor_origin_format(desc, ACL_FORMAT_ND) == ACL_SUCCESS
    assert acl.set_tensor_origin_shape(desc, [24]) == ACL_SUCCESS
    assert acl.set_tensor_storage_format(desc, ACL_FORMAT_ND) == ACL_SUCCESS
    assert acl.set_tensor_storage_shape(desc, [24]) == ACL_SUCCESS
    assert acl.set_tensor_format(0, ACL_FORMAT_ND) == ACL_ERROR_INVALID_PARAM


def test_tensor_desc_ranges(desc):
    assert acl.set_tensor_shape_range(desc, [[1, 8], [3, 3], [4, 16]]) == ACL_SUCCESS
    assert acl.get_tensor_desc_dim_range(desc, 2, 2) == ([4, 16], ACL_SUCCESS)
    assert acl.get_tensor_desc_dim_range(desc, 3, 2) == (None, ACL_ERROR_INVALID_PARAM)
    assert acl.get_tensor_desc_dim_range(desc, 0, 1) == (None, ACL_ERROR_INVALID_PARAM)
    assert acl.set_tensor_value_range(desc, [[0, 255]]) == ACL_SUCCESS
    with pytest.raises(TypeError, match=r"^acl\.set_tensor_shape_range args parse failed"):
        acl.set_tensor_shape_range(desc, [[1, 2, 3]])


def test_tensor_desc_data(desc):
    assert acl.set_tensor_dynamic_input(desc, "x") == ACL_SUCCESS
    assert acl.set_tensor_place_ment(desc, ACL_MEMTYPE_HOST) == ACL_SUCCESS
    assert acl.set_tensor_place_ment(desc, 7) == ACL_ERROR_INVALID_PARAM
    data = bytes(range(8))
    assert acl.set_tensor_const(desc, acl.util.bytes_to_ptr(data), len(data)) == ACL_SUCCESS
    assert acl.set_tensor_const(desc, 0, 8) == ACL_ERROR_INVALID_PARAM


def test_rt_device_ids_mem_info_stream_id(device):
    for fn in (acl.rt.get_logic_dev_id_by_user_dev_id, acl.rt.get_user_dev_id_by_logic_dev_id,
               acl.rt.get_logic_dev_id_by_phy_dev_id, acl.rt.get_phy_dev_id_by_logic_dev_id):
        assert fn(0) == (0, ACL_SUCCESS)
    free, total, ret = acl.rt.get_mem_info(1)
    assert ret == ACL_SUCCESS and total == 64 * 1024 ** 3 and free == total
    stream, ret = acl.rt.create_stream()
    assert ret == ACL_SUCCESS
    stream_id, ret = acl.rt.stream_get_id(stream)
    assert ret == ACL_SUCCESS and stream_id >= 0
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS


def test_op_list_attributes():
    attr = acl.op.create_attr()
    assert attr != 0
    assert acl.op.set_attr_list_bool(attr, "flags", [1, 0, 1]) == ACL_SUCCESS
    assert acl.op.set_attr_list_string(attr, "names", ["a", "bc"]) == ACL_SUCCESS
    assert acl.op.set_attr_list_list_int(attr, "pads", [[1, 2], [3]]) == ACL_SUCCESS
    assert acl.op.set_attr_list_data_type(attr, "types", [ACL_FLOAT, ACL_INT8]) == (attr, ACL_SUCCESS)
    assert acl.op.set_attr_list_bool(0, "flags", [1]) == ACL_ERROR_INVALID_PARAM
    assert acl.op.destroy_attr(attr) is None


def test_op_cast_reaches_the_c_functions(device):
    src = acl.create_tensor_desc(ACL_FLOAT, [4], ACL_FORMAT_ND)
    dst = acl.create_tensor_desc(ACL_FLOAT16, [4], ACL_FORMAT_ND)
    # No op model of Cast is loaded or compiled here.
    assert acl.op.create_handle_for_cast(src, dst, 0) == (0, ACL_ERROR_OP_NOT_FOUND)
    assert "no op model matches op 'Cast'" in acl.get_recent_err_msg()
    assert acl.op.create_handle_for_cast(0, dst, 0) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.op.cast(src, 0, dst, 0, 0, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.get_recent_err_msg() == "[aclsim] error 100000: data buffer 0 is NULL, or has a size and no data"
    acl.destroy_tensor_desc(src)
    acl.destroy_tensor_desc(dst)


APP_LOG_SCRIPT = """\
import acl


def report():
    acl.app_log(1, "model loaded")
    acl.app_log(0, "not at info")
    acl.app_log(3, "bad input 7")
    acl.app_log(9, "no such level")


report()
"""


def test_app_log_writes_plog_lines(tmp_path):
    script = tmp_path / "app.py"
    script.write_text(APP_LOG_SCRIPT)
    env = dict(os.environ, ASCEND_PROCESS_LOG_PATH=str(tmp_path / "log"), ASCEND_GLOBAL_LOG_LEVEL="1")
    env.pop("ASCEND_LOG_PRINT_TO_STDOUT", None)
    env.pop("ASCEND_SLOG_PRINT_TO_STDOUT", None)
    subprocess.run([sys.executable, str(script)], env=env, check=True)
    files = list((tmp_path / "log" / "debug" / "plog").glob("plog-*.log"))
    assert len(files) == 1
    lines = files[0].read_text().splitlines()
    assert len(lines) == 2
    stamp = r"\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3}\.\d{3}"
    assert re.fullmatch(r"\[INFO\] ASCENDCL\(\d+,python3\):%s \[app\.py:5\]\d+ report: model loaded" % stamp, lines[0])
    assert re.fullmatch(r"\[ERROR\] ASCENDCL\(\d+,python3\):%s \[app\.py:7\]\d+ report: bad input 7" % stamp, lines[1])
