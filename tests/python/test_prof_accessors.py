"""acl.prof record accessors on real subscription records: return shapes,
the one-shot name table, the 4096 guard and every argument error."""
import pytest

import acl
from conftest import ACL_ERROR_INVALID_PARAM, ACL_SUCCESS, SAMPLE_MLP_OPS, CLOCK_ORIGIN_NS, collect_subscription_bytes


@pytest.fixture
def records(sample_mlp):
    """(bytes of all 9 records of one run of sample_mlp, its model id)."""
    data = b"".join(collect_subscription_bytes(sample_mlp))
    assert len(data) == 80 * len(SAMPLE_MLP_OPS)
    return data, sample_mlp.model_id


def test_get_op_desc_size():
    assert acl.prof.get_op_desc_size() == (80, ACL_SUCCESS)


def test_numeric_accessors(records):
    data, model_id = records
    ptr = acl.util.bytes_to_ptr(data)
    assert acl.prof.get_op_num(ptr, len(data)) == (9, ACL_SUCCESS)
    starts = sorted(acl.prof.get_op_start(ptr, len(data), i) for i in range(9))
    assert starts == [CLOCK_ORIGIN_NS + op[2] for op in SAMPLE_MLP_OPS]
    for i in range(9):
        start = acl.prof.get_op_start(ptr, len(data), i)
        end = acl.prof.get_op_end(ptr, len(data), i)
        duration = acl.prof.get_op_duration(ptr, len(data), i)
        assert end - start == duration
        assert isinstance(duration, int)
        assert acl.prof.get_model_id(ptr, len(data), i) == model_id


def test_name_table_is_one_shot(records):
    data, _ = records
    ptr, n = acl.util.bytes_to_ptr(data), len(data)
    type_len, ret = acl.prof.get_op_type_len(ptr, n, 0)
    assert ret == ACL_SUCCESS
    name_len, ret = acl.prof.get_op_name_len(ptr, n, 0)
    assert ret == ACL_SUCCESS
    op_type, ret = acl.prof.get_op_type(ptr, n, 0, type_len)
    assert ret == ACL_SUCCESS
    op_name, ret = acl.prof.get_op_name(ptr, n, 0, name_len)
    assert ret == ACL_SUCCESS
    assert (op_name, op_type) in {(o[0], o[1]) for o in SAMPLE_MLP_OPS}
    assert len(op_type) + 1 == type_len and len(op_name) + 1 == name_len
    # Fetched once: gone afterwards, through every getter.
    assert acl.prof.get_op_type_len(ptr, n, 0) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_type(ptr, n, 0, type_len) == ("", ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_type_v2(ptr, n, 0) == (None, ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_name_v2(ptr, n, 0) == (None, ACL_ERROR_INVALID_PARAM)
    # The v2 getters on the next record.
    t, ret = acl.prof.get_op_type_v2(ptr, n, 1)
    assert ret == ACL_SUCCESS and isinstance(t, str)
    name, ret = acl.prof.get_op_name_v2(ptr, n, 1)
    assert ret == ACL_SUCCESS and (name, t) in {(o[0], o[1]) for o in SAMPLE_MLP_OPS}


def test_name_buffer_rules(records):
    data, _ = records
    ptr, n = acl.util.bytes_to_ptr(data), len(data)
    # > 4096 is refused without calling C (the name stays in the table).
    assert acl.prof.get_op_type(ptr, n, 2, 4097) == ("", ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_name(ptr, n, 2, 5000) == ("", ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_type(ptr, n, 2, 0) == ("", ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_type(ptr, n, 2, 1) == ("", ACL_ERROR_INVALID_PARAM)  # shorter than the type
    type_len, ret = acl.prof.get_op_type_len(ptr, n, 2)
    assert ret == ACL_SUCCESS
    # 4096 is allowed: a larger buffer than needed is fine.
    op_type, ret = acl.prof.get_op_type(ptr, n, 2, 4096)
    assert ret == ACL_SUCCESS and len(op_type) + 1 == type_len


def test_bad_buffers(records):
    data, _ = records
    ptr, n = acl.util.bytes_to_ptr(data), len(data)
    # NULL op_info.
    assert acl.prof.get_op_num(0, n) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_start(0, n, 0) == 0
    assert acl.prof.get_model_id(0, n, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.prof.get_op_type_v2(0, n, 0) == (None, ACL_ERROR_INVALID_PARAM)
    # Length not a multiple of 80.
    assert acl.prof.get_op_num(ptr, n - 1) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_duration(ptr, n - 1, 0) == 0
    assert acl.prof.get_op_type_len(ptr, n - 1, 0) == (0, ACL_ERROR_INVALID_PARAM)
    # Index out of range, including UINT32_MAX.
    for index in (9, 2 ** 32 - 1):
        assert acl.prof.get_op_start(ptr, n, index) == 0
        assert acl.prof.get_op_end(ptr, n, index) == 0
        assert acl.prof.get_op_duration(ptr, n, index) == 0
        assert acl.prof.get_model_id(ptr, n, index) == ACL_ERROR_INVALID_PARAM
        assert acl.prof.get_op_name_len(ptr, n, index) == (0, ACL_ERROR_INVALID_PARAM)
        assert acl.prof.get_op_name_v2(ptr, n, index) == (None, ACL_ERROR_INVALID_PARAM)
    # A corrupted record: its signature no longer matches.
    corrupt = bytearray(data)
    corrupt[80 * 3 + 30] ^= 0xFF
    bad = bytes(corrupt)
    bad_ptr = acl.util.bytes_to_ptr(bad)
    assert acl.prof.get_op_num(bad_ptr, n) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.prof.get_op_duration(bad_ptr, n, 3) == 0
    assert acl.prof.get_model_id(bad_ptr, n, 3) == ACL_ERROR_INVALID_PARAM
    # Empty buffer: zero records.
    empty = b"\0"
    assert acl.prof.get_op_num(acl.util.bytes_to_ptr(empty), 0) == (0, ACL_SUCCESS)


@pytest.mark.parametrize("call", [
    lambda: acl.prof.get_op_num(b"abc", 3),
    lambda: acl.prof.get_op_num(1),
    lambda: acl.prof.get_op_num(-1, 80),
    lambda: acl.prof.get_op_start(1, 80),
    lambda: acl.prof.get_op_end(1, 80, "0"),
    lambda: acl.prof.get_op_duration(1, 80, -1),
    lambda: acl.prof.get_op_duration(1, 80, 2 ** 32),
    lambda: acl.prof.get_model_id(1.0, 80, 0),
    lambda: acl.prof.get_op_type(1, 80, 0),
    lambda: acl.prof.get_op_name(1, 80, 0, "8"),
    lambda: acl.prof.get_op_type_len(1, 80),
    lambda: acl.prof.get_op_name_len(None, 80, 0),
    lambda: acl.prof.get_op_type_v2(1, 80),
    lambda: acl.prof.get_op_name_v2(1, 80, 0, 0),
])
def test_argument_errors(call):
    with pytest.raises(TypeError, match=r"acl\.prof\.\w+ args parse failed"):
        call()
