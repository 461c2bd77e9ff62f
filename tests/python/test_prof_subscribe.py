"""Operator subscription from Python, written the way pyACL samples are:
os.pipe(), create_subscribe_config(1, 0xFF, w), model_subscribe, a reader
thread parsing what os.read returns until EOF after model_unsubscribe."""
import os
import threading

import pytest

import acl
from conftest import (ACL_AICORE_NONE, ACL_ERROR_INVALID_MODEL_ID, ACL_ERROR_INVALID_PARAM,
                      ACL_ERROR_PROF_API_CONFLICT, ACL_ERROR_PROF_REPEAT_SUBSCRIBE, ACL_SUCCESS, CLOCK_ORIGIN_NS,
                      SAMPLE_MLP_OPS, SAMPLE_MLP_TOTAL_NS, Model, model_path)


class SampleReader:
    """The reader thread of the pyACL subscription sample."""

    def __init__(self, read_fd, records_per_read=10):
        self.read_fd = read_fd
        self.records_per_read = records_per_read
        self.rows = []
        self.errors = []
        self.reads = 0
        self.thread = threading.Thread(target=self._run)
        self.thread.start()

    def _run(self):
        size, ret = acl.prof.get_op_desc_size()
        if ret != ACL_SUCCESS:
            self.errors.append(("get_op_desc_size", ret))
            return
        while True:
            data = os.read(self.read_fd, size * self.records_per_read)
            if len(data) == 0:
                break  # model_unsubscribe closed the write end
            self.reads += 1
            ptr = acl.util.bytes_to_ptr(data)
            num, ret = acl.prof.get_op_num(ptr, len(data))
            if ret != ACL_SUCCESS:
                self.errors.append(("get_op_num", ret))
                continue
            for i in range(num):
                op_type, ret_t = acl.prof.get_op_type_v2(ptr, len(data), i)
                op_name, ret_n = acl.prof.get_op_name_v2(ptr, len(data), i)
                if ret_t != ACL_SUCCESS or ret_n != ACL_SUCCESS:
                    self.errors.append(("names", ret_t, ret_n))
                self.rows.append({
                    "type": op_type,
                    "name": op_name,
                    "start": acl.prof.get_op_start(ptr, len(data), i),
                    "end": acl.prof.get_op_end(ptr, len(data), i),
                    "duration": acl.prof.get_op_duration(ptr, len(data), i),
                    "model_id": acl.prof.get_model_id(ptr, len(data), i),
                })

    def join(self):
        self.thread.join(timeout=60)
        assert not self.thread.is_alive(), "the reader never saw EOF"


def expected_rows(model_id, runs):
    rows = []
    for run in range(runs):
        for name, op_type, start, duration in SAMPLE_MLP_OPS:
            s = CLOCK_ORIGIN_NS + run * SAMPLE_MLP_TOTAL_NS + start
            rows.append({"type": op_type, "name": name, "start": s, "end": s + duration, "duration": duration,
                         "model_id": model_id})
    return sorted(rows, key=lambda r: r["start"])


@pytest.mark.parametrize("runs,records_per_read", [(1, 10), (3, 10), (3, 1), (4, 51)])
def test_sample_flow_delivers_every_op_once(sample_mlp, runs, records_per_read):
    r, w = os.pipe()
    reader = SampleReader(r, records_per_read)
    config = acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, w)
    assert config != 0
    assert acl.prof.model_subscribe(sample_mlp.model_id, config) == ACL_SUCCESS
    for _ in range(runs):
        assert sample_mlp.execute() == ACL_SUCCESS
    assert acl.prof.model_unsubscribe(sample_mlp.model_id) == ACL_SUCCESS
    reader.join()
    os.close(r)
    assert acl.prof.destroy_subscribe_config(config) == ACL_SUCCESS
    assert reader.errors == []
    assert sorted(reader.rows, key=lambda x: x["start"]) == expected_rows(sample_mlp.model_id, runs)
    with pytest.raises(OSError):  # model_unsubscribe closed the write end
        os.write(w, b"x")


def test_legacy_un_subscribe_alias(sample_mlp):
    r, w = os.pipe()
    reader = SampleReader(r)
    config = acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, w)
    assert acl.prof.model_subscribe(sample_mlp.model_id, config) == ACL_SUCCESS
    assert sample_mlp.execute() == ACL_SUCCESS
    assert acl.prof.model_un_subscribe(sample_mlp.model_id) == ACL_SUCCESS
    reader.join()
    os.close(r)
    assert acl.prof.destroy_subscribe_config(config) == ACL_SUCCESS
    assert len(reader.rows) == len(SAMPLE_MLP_OPS)


def test_many_subscribe_configs_stay_safe(sample_mlp):
    """pyACL kept fds in a std::vector and handed out element addresses, so
    later create_subscribe_config calls left earlier configs dangling. Here
    each config owns its int."""
    r, w = os.pipe()
    first = acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, w)
    assert first != 0
    others = [acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, 1000 + i) for i in range(5000)]
    assert all(c != 0 for c in others)
    assert len(set(others)) == len(others)
    for c in others[::2]:
        assert acl.prof.destroy_subscribe_config(c) == ACL_SUCCESS
    reader = SampleReader(r)
    assert acl.prof.model_subscribe(sample_mlp.model_id, first) == ACL_SUCCESS
    more = [acl.prof.create_subscribe_config(0, 0, 2000 + i) for i in range(5000)]
    assert sample_mlp.execute() == ACL_SUCCESS
    assert acl.prof.model_unsubscribe(sample_mlp.model_id) == ACL_SUCCESS
    reader.join()
    os.close(r)
    assert len(reader.rows) == len(SAMPLE_MLP_OPS)
    for c in [first] + others[1::2] + more:
        assert acl.prof.destroy_subscribe_config(c) == ACL_SUCCESS


def test_config_destroyed_before_unsubscribe_is_safe(sample_mlp):
    r, w = os.pipe()
    reader = SampleReader(r)
    config = acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, w)
    assert acl.prof.model_subscribe(sample_mlp.model_id, config) == ACL_SUCCESS
    assert acl.prof.destroy_subscribe_config(config) == ACL_SUCCESS
    [acl.prof.destroy_subscribe_config(acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, 3)) for _ in range(100)]
    assert sample_mlp.execute() == ACL_SUCCESS
    assert acl.prof.model_unsubscribe(sample_mlp.model_id) == ACL_SUCCESS  # writes -1 into the kept int
    reader.join()
    os.close(r)
    assert len(reader.rows) == len(SAMPLE_MLP_OPS)


def test_two_models_on_one_pipe(device):
    a = Model(model_path("sample_mlp.json"))
    b = Model(model_path("two_branch.json"))
    r, w = os.pipe()
    reader = SampleReader(r)
    config = acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, w)
    assert acl.prof.model_subscribe(a.model_id, config) == ACL_SUCCESS
    assert acl.prof.model_subscribe(b.model_id, config) == ACL_SUCCESS
    assert a.execute() == ACL_SUCCESS
    assert b.execute() == ACL_SUCCESS
    assert acl.prof.model_unsubscribe(a.model_id) == ACL_SUCCESS
    os.fstat(w)  # still open: the other subscription shares the descriptor
    assert acl.prof.model_unsubscribe(b.model_id) == ACL_SUCCESS
    reader.join()
    os.close(r)
    assert acl.prof.destroy_subscribe_config(config) == ACL_SUCCESS
    ids = [row["model_id"] for row in reader.rows]
    assert ids.count(a.model_id) == len(SAMPLE_MLP_OPS)
    assert ids.count(b.model_id) == 6
    a.close()
    b.close()


def test_subscribe_errors(sample_mlp):
    r, w = os.pipe()
    config = acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, w)
    mid = sample_mlp.model_id
    assert acl.prof.model_subscribe(mid + 100, config) == ACL_ERROR_INVALID_MODEL_ID
    assert acl.prof.model_subscribe(mid, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.prof.model_unsubscribe(mid) == ACL_ERROR_INVALID_MODEL_ID  # not subscribed
    assert acl.prof.model_unsubscribe(mid + 100) == ACL_ERROR_INVALID_MODEL_ID
    assert acl.prof.model_subscribe(mid, config) == ACL_SUCCESS
    assert acl.prof.model_subscribe(mid, config) == ACL_ERROR_PROF_REPEAT_SUBSCRIBE
    assert acl.prof.init("/tmp") == ACL_ERROR_PROF_API_CONFLICT  # sessions and subscription exclude each other
    assert acl.prof.model_unsubscribe(mid) == ACL_SUCCESS
    assert os.read(r, 80) == b""  # no run, no records; the write end is closed
    os.close(r)
    assert acl.prof.destroy_subscribe_config(config) == ACL_SUCCESS


def test_subscribe_config_errors(sample_mlp):
    assert acl.prof.create_subscribe_config(2, ACL_AICORE_NONE, 5) == 0  # switch must be 0 or 1
    assert acl.prof.create_subscribe_config(255, ACL_AICORE_NONE, 5) == 0  # int8 -1
    off = acl.prof.create_subscribe_config(0, ACL_AICORE_NONE, 5)
    assert off != 0  # accepted here; model_subscribe refuses timeInfo 0 with metrics NONE
    assert acl.prof.model_subscribe(sample_mlp.model_id, off) == ACL_ERROR_INVALID_PARAM
    assert acl.prof.destroy_subscribe_config(off) == ACL_SUCCESS
    assert acl.prof.destroy_subscribe_config(0) == ACL_ERROR_INVALID_PARAM


@pytest.mark.parametrize("call", [
    lambda: acl.prof.create_subscribe_config(1, 0xFF),
    lambda: acl.prof.create_subscribe_config("1", 0xFF, 3),
    lambda: acl.prof.create_subscribe_config(256, 0xFF, 3),
    lambda: acl.prof.create_subscribe_config(-1, 0xFF, 3),
    lambda: acl.prof.create_subscribe_config(1, 0xFF, 2 ** 31),
    lambda: acl.prof.destroy_subscribe_config("c"),
    lambda: acl.prof.model_subscribe(1),
    lambda: acl.prof.model_subscribe(-1, 5),
    lambda: acl.prof.model_unsubscribe(None),
    lambda: acl.prof.model_un_subscribe(1, 2),
])
def test_argument_errors(call):
    with pytest.raises(TypeError, match=r"acl\.prof\.\w+ args parse failed"):
        call()
