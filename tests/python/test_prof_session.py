"""Collection sessions, step markers and msproftx from Python: the official
profiling sample's order, the files it leaves, and every argument error."""
import csv
import glob
import os

import pytest

import acl
from conftest import (ACL_AICORE_NONE, ACL_ERROR_INVALID_PARAM, ACL_PROF_ACL_API, ACL_PROF_MSPROFTX,
                      ACL_PROF_TASK_TIME, ACL_STEP_END, ACL_STEP_START, ACL_SUCCESS, PROFILING_FAILED, SAMPLE_MLP_OPS)

ACL_ERROR_INVALID_PROFILING_CONFIG = 100010
ACL_ERROR_PROF_MODULES_UNSUPPORTED = 200007
ACL_PROF_STORAGE_LIMIT = 1


def read_csv(directory, prefix):
    paths = glob.glob(os.path.join(directory, prefix + "_*.csv"))
    assert len(paths) == 1, (prefix, os.listdir(directory))
    with open(paths[0], newline="") as f:
        return list(csv.DictReader(f))


def test_session_with_steps_and_msproftx(sample_mlp, tmp_path):
    stream, ret = acl.rt.create_stream()
    assert ret == ACL_SUCCESS
    assert acl.prof.init(str(tmp_path)) == ACL_SUCCESS
    assert acl.prof.set_config(ACL_PROF_STORAGE_LIMIT, "500MB") == ACL_SUCCESS
    config = acl.prof.create_config([0], ACL_AICORE_NONE, 0, ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_MSPROFTX)
    assert config != 0
    assert acl.prof.start(config) == ACL_SUCCESS

    for iteration in range(2):
        step = acl.prof.create_step_info()
        assert step != 0
        assert acl.prof.get_step_timestamp(step, ACL_STEP_START, stream) == ACL_SUCCESS
        stamp = acl.prof.create_stamp()
        assert stamp != 0
        assert acl.prof.set_stamp_trace_message(stamp, f"iteration {iteration}", len(f"iteration {iteration}")) == 0
        assert acl.prof.mark(stamp) == ACL_SUCCESS
        assert acl.prof.push(stamp) == ACL_SUCCESS
        range_id, ret = acl.prof.range_start(stamp)
        assert ret == ACL_SUCCESS and 0 <= range_id < 100
        assert acl.mdl.execute_async(sample_mlp.model_id, sample_mlp.input, sample_mlp.output, stream) == ACL_SUCCESS
        assert acl.prof.mark_ex("after execute", stream) == ACL_SUCCESS
        assert acl.prof.get_step_timestamp(step, ACL_STEP_END, stream) == ACL_SUCCESS
        assert acl.rt.synchronize_stream(stream) == ACL_SUCCESS
        assert acl.prof.range_stop(range_id) == ACL_SUCCESS
        assert acl.prof.pop() == ACL_SUCCESS
        assert acl.prof.destroy_stamp(stamp) is None
        assert acl.prof.destroy_step_info(step) is None

    assert acl.prof.stop(config) == ACL_SUCCESS
    assert acl.prof.destroy_config(config) == ACL_SUCCESS
    assert acl.prof.finalize() == ACL_SUCCESS
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS

    jobs = glob.glob(str(tmp_path / "PROF_000*"))
    assert len(jobs) == 1
    out = os.path.join(jobs[0], "mindstudio_profiler_output")
    files = os.listdir(out)
    assert any(f.startswith("msprof_") and f.endswith(".json") for f in files)
    ops = read_csv(out, "op_summary")
    assert [row["Op Name"] for row in ops] == [op[0] for op in SAMPLE_MLP_OPS] * 2
    steps = read_csv(out, "step_trace")
    assert [row["Iteration ID"] for row in steps] == ["1", "2"]
    tx = read_csv(out, "msprof_tx")
    messages = [row["message"] for row in tx]
    for iteration in range(2):
        assert messages.count(f"iteration {iteration}") == 3  # mark, push/pop, range
    assert messages.count("after execute") == 2
    assert sorted({row["event_type"] for row in tx}) == ["marker", "marker_ex", "push/pop", "start/end"]
    assert read_csv(out, "api_statistic")


def test_session_errors(device, tmp_path):
    assert acl.prof.stop(0) == ACL_SUCCESS  # HEAD behaviour: no-op without init
    assert acl.prof.finalize() == ACL_SUCCESS
    assert acl.prof.init("") == ACL_ERROR_INVALID_PARAM
    assert acl.prof.init("x" * 4096) == ACL_ERROR_INVALID_PARAM
    assert acl.prof.set_config(0, "1") == ACL_ERROR_INVALID_PARAM
    assert acl.prof.set_config(ACL_PROF_STORAGE_LIMIT, "100MB") == ACL_ERROR_INVALID_PROFILING_CONFIG
    assert acl.prof.set_config(ACL_PROF_STORAGE_LIMIT, "x" * 300) == ACL_ERROR_INVALID_PARAM
    assert acl.prof.create_config([0, 0], ACL_AICORE_NONE, 0, ACL_PROF_TASK_TIME) == 0  # duplicate id
    assert acl.prof.create_config([5], ACL_AICORE_NONE, 0, ACL_PROF_TASK_TIME) == 0  # no such device
    assert acl.prof.create_config([], ACL_AICORE_NONE, 0, ACL_PROF_TASK_TIME) == 0  # no device, no msproftx
    assert acl.prof.create_config([0], ACL_AICORE_NONE, 8, ACL_PROF_TASK_TIME) == 0  # aicore events must be 0
    assert acl.prof.destroy_config(0) == ACL_ERROR_INVALID_PARAM
    assert acl.prof.init(str(tmp_path)) == ACL_SUCCESS
    assert acl.prof.init(str(tmp_path)) == 100002  # ACL_ERROR_REPEAT_INITIALIZE
    odd = acl.prof.create_config([0], ACL_AICORE_NONE, 0, 1 << 20)
    assert odd != 0  # data types are checked at start
    assert acl.prof.start(odd) == ACL_ERROR_PROF_MODULES_UNSUPPORTED
    assert acl.prof.destroy_config(odd) == ACL_SUCCESS
    assert acl.prof.finalize() == ACL_SUCCESS


def test_step_info_rules(device):
    stream, _ = acl.rt.create_stream()
    step = acl.prof.create_step_info()
    assert acl.prof.get_step_timestamp(step, ACL_STEP_START, stream) == ACL_SUCCESS
    assert acl.prof.get_step_timestamp(step, ACL_STEP_START, stream) == ACL_ERROR_INVALID_PARAM
    assert acl.prof.get_step_timestamp(step, 60001, stream) == ACL_SUCCESS  # any other tag sets END
    assert acl.prof.get_step_timestamp(step, 60001, stream) == ACL_SUCCESS  # and is never rejected
    assert acl.prof.get_step_timestamp(step, ACL_STEP_END, stream) == ACL_ERROR_INVALID_PARAM
    assert acl.prof.get_step_timestamp(0, ACL_STEP_START, stream) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.synchronize_stream(stream) == ACL_SUCCESS
    assert acl.prof.destroy_step_info(step) is None
    assert acl.prof.destroy_step_info(0) is None
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS


def test_msproftx_without_a_session(device):
    stream, _ = acl.rt.create_stream()
    assert acl.prof.create_stamp() == 0
    assert acl.prof.destroy_stamp(0) is None
    assert acl.prof.push(0) == ACL_ERROR_INVALID_PARAM
    assert acl.prof.pop() == PROFILING_FAILED
    assert acl.prof.mark(0) == PROFILING_FAILED
    assert acl.prof.mark_ex("m", stream) == PROFILING_FAILED
    assert acl.prof.range_start(0) == (0, ACL_ERROR_INVALID_PARAM)
    assert acl.prof.range_stop(3) == PROFILING_FAILED
    assert acl.prof.set_stamp_trace_message(0, "m", 1) == PROFILING_FAILED
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS


def test_msproftx_argument_rules_in_a_session(device, tmp_path):
    stream, _ = acl.rt.create_stream()
    assert acl.prof.init(str(tmp_path)) == ACL_SUCCESS
    config = acl.prof.create_config([0], ACL_AICORE_NONE, 0, ACL_PROF_MSPROFTX)
    assert acl.prof.start(config) == ACL_SUCCESS
    stamp = acl.prof.create_stamp()
    assert acl.prof.set_stamp_trace_message(stamp, "x" * 128, 128) == PROFILING_FAILED  # >= 128
    assert acl.prof.set_stamp_trace_message(stamp, "x" * 127, 127) == ACL_SUCCESS
    assert acl.prof.mark_ex("", stream) == PROFILING_FAILED
    assert acl.prof.mark_ex("m", 0) == PROFILING_FAILED  # NULL stream
    assert acl.prof.pop() == PROFILING_FAILED  # nothing pushed
    assert acl.prof.range_stop(99) == PROFILING_FAILED
    stamps = [acl.prof.create_stamp() for _ in range(99)]
    assert all(s != 0 for s in stamps)
    assert acl.prof.create_stamp() == 0  # the pool holds 100
    for s in stamps + [stamp]:
        assert acl.prof.destroy_stamp(s) is None
    assert acl.prof.stop(config) == ACL_SUCCESS
    assert acl.prof.destroy_config(config) == ACL_SUCCESS
    assert acl.prof.finalize() == ACL_SUCCESS
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS


@pytest.mark.parametrize("call", [
    lambda: acl.prof.create_config((0,), 0xFF, 0, 2),  # a tuple is not a list (pyACL "O!" list)
    lambda: acl.prof.create_config([0, "1"], 0xFF, 0, 2),
    lambda: acl.prof.create_config([-1], 0xFF, 0, 2),
    lambda: acl.prof.create_config([0], 0xFF, 0),
    lambda: acl.prof.create_config(0, 0xFF, 0, 2),
    lambda: acl.prof.destroy_config(None),
    lambda: acl.prof.init(None),
    lambda: acl.prof.init(),
    lambda: acl.prof.start("cfg"),
    lambda: acl.prof.stop(),
    lambda: acl.prof.set_config("1", "500MB"),
    lambda: acl.prof.set_config(1, 500),
    lambda: acl.prof.destroy_step_info(),
    lambda: acl.prof.get_step_timestamp(1, 0),
    lambda: acl.prof.get_step_timestamp(1, "start", 0),
    lambda: acl.prof.destroy_stamp(None),
    lambda: acl.prof.push(),
    lambda: acl.prof.range_start(),
    lambda: acl.prof.range_stop(-1),
    lambda: acl.prof.set_stamp_trace_message(1, "m"),
    lambda: acl.prof.set_stamp_trace_message(1, 2, 3),
    lambda: acl.prof.mark("s"),
    lambda: acl.prof.mark_ex("m"),
    lambda: acl.prof.mark_ex(1, 2),
])
def test_argument_errors(call):
    with pytest.raises(TypeError, match=r"acl\.prof\.\w+ args parse failed"):
        call()
