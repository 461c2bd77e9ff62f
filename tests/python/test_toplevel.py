"""Top level of the acl module: structure, init/finalize, errors, data buffers."""
import pytest

import acl
from conftest import (ACL_ERROR_INVALID_FILE, ACL_ERROR_INVALID_PARAM, ACL_ERROR_PARSE_FILE,
                      ACL_ERROR_REPEAT_FINALIZE, ACL_ERROR_REPEAT_INITIALIZE, ACL_SUCCESS)

PROF_METHODS = [
    "create_config", "destroy_config", "init", "finalize", "start", "stop", "set_config",
    "model_subscribe", "model_unsubscribe", "model_un_subscribe", "create_subscribe_config",
    "destroy_subscribe_config", "get_op_desc_size", "get_op_num", "get_op_type_len",
    "get_op_name_len", "get_op_type", "get_op_name", "get_op_type_v2", "get_op_name_v2",
    "get_op_start", "get_op_end", "get_op_duration", "get_model_id", "create_step_info",
    "destroy_step_info", "get_step_timestamp", "create_stamp", "destroy_stamp", "push", "pop",
    "range_start", "range_stop", "set_stamp_trace_message", "mark", "mark_ex",
]


def test_submodules_exist():
    for name in ("rt", "mdl", "prof", "util"):
        assert hasattr(acl, name)
    assert acl.rt.__name__ == "acl.rt"
    assert acl.prof.__name__ == "acl.prof"


def test_prof_has_exactly_the_36_pyacl_methods():
    assert len(PROF_METHODS) == 36
    public = sorted(n for n in dir(acl.prof) if not n.startswith("_"))
    assert public == sorted(PROF_METHODS)


def test_samples_presence_check_for_bytes_to_ptr():
    assert "bytes_to_ptr" in dir(acl.util)


def test_init_finalize_and_repeats():
    assert acl.init() == ACL_SUCCESS
    assert acl.init() == ACL_ERROR_REPEAT_INITIALIZE
    assert acl.finalize() == ACL_SUCCESS
    assert acl.finalize() == ACL_ERROR_REPEAT_FINALIZE
    # aclInit after aclFinalize is allowed in aclsim.
    assert acl.init(None) == ACL_SUCCESS
    assert acl.finalize() == ACL_SUCCESS


def test_init_with_config_files(tmp_path):
    good = tmp_path / "acl.json"
    good.write_text('{"aclsim": {"device_count": 2}}')
    assert acl.init(str(good)) == ACL_SUCCESS
    count, ret = acl.rt.get_device_count()
    assert (count, ret) == (2, ACL_SUCCESS)
    assert acl.finalize() == ACL_SUCCESS

    assert acl.init(str(tmp_path / "missing.json")) == ACL_ERROR_INVALID_FILE
    msg = acl.get_recent_err_msg()
    assert isinstance(msg, str) and msg
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert acl.init(str(bad)) == ACL_ERROR_PARSE_FILE


def test_init_argument_errors():
    with pytest.raises(TypeError, match=r"acl\.init args parse failed"):
        acl.init(42)
    # acl.finalize takes no arguments and ignores extra ones as pyACL's does
    # (test_surface.py tests the lenient functions).


def test_recent_err_msg_names_the_failing_call():
    assert acl.destroy_data_buffer(0) == ACL_ERROR_INVALID_PARAM
    assert "aclDestroyDataBuffer" in acl.get_recent_err_msg()


def test_data_buffer_round_trip():
    data = b"0123456789abcdef"
    ptr = acl.util.bytes_to_ptr(data)
    buf = acl.create_data_buffer(ptr, len(data))
    assert buf != 0
    assert acl.get_data_buffer_addr(buf) == ptr
    assert acl.get_data_buffer_size_v2(buf) == len(data)
    assert acl.get_data_buffer_size(buf) == len(data)
    assert acl.update_data_buffer(buf, ptr, 4) == ACL_SUCCESS
    assert acl.get_data_buffer_size_v2(buf) == 4
    assert acl.destroy_data_buffer(buf) == ACL_SUCCESS


def test_data_buffer_null_cases():
    buf = acl.create_data_buffer(0, 0)  # (NULL, 0) is allowed, as in CANN
    assert buf != 0
    assert acl.get_data_buffer_addr(buf) == 0
    assert acl.destroy_data_buffer(buf) == ACL_SUCCESS
    assert acl.destroy_data_buffer(0) == ACL_ERROR_INVALID_PARAM
    assert acl.update_data_buffer(0, 0, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.get_data_buffer_addr(0) == 0
    assert acl.get_data_buffer_size_v2(0) == 0
    assert acl.get_data_buffer_size(0) == 0


@pytest.mark.parametrize("call", [
    lambda: acl.create_data_buffer("p", 1),
    lambda: acl.create_data_buffer(1),
    lambda: acl.create_data_buffer(-1, 1),
    lambda: acl.destroy_data_buffer(1.5),
    lambda: acl.get_data_buffer_addr(None),
    lambda: acl.get_data_buffer_size_v2(),
])
def test_data_buffer_argument_errors(call):
    with pytest.raises(TypeError, match=r"acl\.\w+ args parse failed"):
        call()
