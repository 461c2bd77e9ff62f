"""Shared fixtures of the acl module tests.

The module is found through PYTHONPATH=<build>/python (set by CTest) and the
sample models through ACLSIM_MODELS_DIR. ACL state is process-global: every
fixture that calls acl.init finalizes again at teardown (aclInit after
aclFinalize is allowed in aclsim), so tests of one file share a process safely.
"""
import json
import os
import pathlib

import pytest

import acl

ACL_SUCCESS = 0
ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_REPEAT_INITIALIZE = 100002
ACL_ERROR_INVALID_FILE = 100003
ACL_ERROR_PARSE_FILE = 100006
ACL_ERROR_INVALID_MODEL_ID = 100011
ACL_ERROR_REPEAT_FINALIZE = 100037
ACL_ERROR_PROF_NOT_RUN = 100043
ACL_ERROR_PROF_REPEAT_SUBSCRIBE = 148046
ACL_ERROR_PROF_API_CONFLICT = 148047
ACL_ERROR_GE_EXEC_NOT_INIT = 145001
ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID = 145002
ACL_ERROR_GE_EXEC_MODEL_ID_INVALID = 145003
ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID = 145013
ACL_ERROR_RT_PARAM_INVALID = 107000
ACL_ERROR_RT_INVALID_DEVICEID = 107001
ACL_ERROR_RT_CONTEXT_NULL = 107002
ACL_ERROR_RT_INVALID_HANDLE = 107017
ACL_ERROR_RT_INTERNAL_ERROR = 507000
PROFILING_FAILED = -1

ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_MEMCPY_HOST_TO_HOST = 0
ACL_MEMCPY_HOST_TO_DEVICE = 1
ACL_MEMCPY_DEVICE_TO_HOST = 2
ACL_MEMCPY_DEVICE_TO_DEVICE = 3
ACL_AICORE_NONE = 0xFF
ACL_PROF_ACL_API = 0x0001
ACL_PROF_TASK_TIME = 0x0002
ACL_PROF_MSPROFTX = 0x0080
ACL_STEP_START = 0
ACL_STEP_END = 1

# Where a fresh virtual device clock starts (ACLSIM_DEFAULT_CLOCK_ORIGIN_NS).
CLOCK_ORIGIN_NS = 3_600_000_000_000

# The C-level expectations for models/sample_mlp.json (examples/subscribe_model
# prints the same table): (name, type, start ns from the clock origin, duration ns).
SAMPLE_MLP_OPS = [
    ("fc1", "MatMulV2", 0, 9000),
    ("fc1.bias_add", "Add", 9000, 5100),
    ("fc1.relu", "Relu", 14100, 5100),
    ("fc2", "MatMulV2", 19200, 9000),
    ("fc2.bias_add", "Add", 28200, 5100),
    ("fc2.gelu", "Gelu", 33300, 5100),
    ("fc3", "MatMulV2", 38400, 9000),
    ("fc3.bias_add", "Add", 47400, 5100),
    ("softmax", "Softmax", 52500, 9107),
]
SAMPLE_MLP_TOTAL_NS = 61607


def models_dir():
    env = os.environ.get("ACLSIM_MODELS_DIR")
    if env:
        return pathlib.Path(env)
    return pathlib.Path(__file__).resolve().parents[2] / "models"


def model_path(name):
    return str(models_dir() / name)


# The "aclsim" keys that make the virtual clock's modelled host side take no
# time (runtime/host_costs.h, docs/time_base.md), so device work starts
# exactly where earlier work ended and the tables above hold; the C++
# conformance fixtures use the same (kNoHostCostsKey).
NO_HOST_COSTS = {"host_costs": {"api_call_ns": 0, "model_execute_ns": 0, "op_launch_ns": 0, "marker_ns": 0, "tx_ns": 0}}


@pytest.fixture
def acl_init(tmp_path):
    """acl.init(no host costs) ... acl.finalize() around one test."""
    path = tmp_path / "no_host_costs.json"
    path.write_text(json.dumps({"aclsim": NO_HOST_COSTS}))
    assert acl.init(str(path)) == ACL_SUCCESS
    yield
    assert acl.finalize() == ACL_SUCCESS


@pytest.fixture
def device(acl_init):
    """acl.init + device 0 set; yields the device id."""
    assert acl.rt.set_device(0) == ACL_SUCCESS
    yield 0
    assert acl.rt.reset_device(0) == ACL_SUCCESS


@pytest.fixture
def realtime_config(tmp_path):
    path = tmp_path / "acl.json"
    path.write_text(json.dumps({"aclsim": {"clock": "realtime"}}))
    return str(path)


class Model:
    """A loaded model with its input/output datasets, built the way pyACL
    samples build them: acl.rt.malloc + acl.create_data_buffer +
    acl.mdl.add_dataset_buffer."""

    def __init__(self, path):
        self.model_id, ret = acl.mdl.load_from_file(path)
        assert ret == ACL_SUCCESS, acl.get_recent_err_msg()
        self.desc = acl.mdl.create_desc()
        assert acl.mdl.get_desc(self.desc, self.model_id) == ACL_SUCCESS
        self.input = self._dataset(acl.mdl.get_num_inputs(self.desc), acl.mdl.get_input_size_by_index)
        self.output = self._dataset(acl.mdl.get_num_outputs(self.desc), acl.mdl.get_output_size_by_index)

    def _dataset(self, count, size_of):
        dataset = acl.mdl.create_dataset()
        for i in range(count):
            size = size_of(self.desc, i)
            ptr, ret = acl.rt.malloc(size, ACL_MEM_MALLOC_HUGE_FIRST)
            assert ret == ACL_SUCCESS
            buf = acl.create_data_buffer(ptr, size)
            _, ret = acl.mdl.add_dataset_buffer(dataset, buf)
            assert ret == ACL_SUCCESS
        return dataset

    def execute(self):
        return acl.mdl.execute(self.model_id, self.input, self.output)

    def close(self, unload=True):
        for dataset in (self.input, self.output):
            for i in range(acl.mdl.get_dataset_num_buffers(dataset)):
                buf = acl.mdl.get_dataset_buffer(dataset, i)
                assert acl.rt.free(acl.get_data_buffer_addr(buf)) == ACL_SUCCESS
                assert acl.destroy_data_buffer(buf) == ACL_SUCCESS
            assert acl.mdl.destroy_dataset(dataset) == ACL_SUCCESS
        assert acl.mdl.destroy_desc(self.desc) == ACL_SUCCESS
        if unload:
            assert acl.mdl.unload(self.model_id) == ACL_SUCCESS


@pytest.fixture
def sample_mlp(device):
    model = Model(model_path("sample_mlp.json"))
    yield model
    model.close()


def collect_subscription_bytes(model, runs=1, chunk_records=32):
    """Subscribes |model| on a fresh pipe, executes it |runs| times,
    unsubscribes and returns everything a reader thread read, as a list of
    the chunks os.read returned."""
    import os
    import threading

    desc_size, ret = acl.prof.get_op_desc_size()
    assert ret == ACL_SUCCESS
    r, w = os.pipe()
    chunks = []

    def reader():
        while True:
            data = os.read(r, desc_size * chunk_records)
            if not data:
                break
            chunks.append(data)

    thread = threading.Thread(target=reader)
    thread.start()
    config = acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, w)
    assert config != 0
    assert acl.prof.model_subscribe(model.model_id, config) == ACL_SUCCESS
    for _ in range(runs):
        assert model.execute() == ACL_SUCCESS
    assert acl.prof.model_unsubscribe(model.model_id) == ACL_SUCCESS
    thread.join()
    os.close(r)
    assert acl.prof.destroy_subscribe_config(config) == ACL_SUCCESS
    return chunks
