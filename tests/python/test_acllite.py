"""An acllite-shaped helper layer (tests/python/acllite/: resources, models
loaded from a file or from memory, numpy inputs and outputs, logging through
acl.app_log), used as pyACL programs use acllite: imported from its
directory, and its sample program run as a user runs it."""
import os
import pathlib
import re
import subprocess
import sys

import pytest

from conftest import model_path

np = pytest.importorskip("numpy")

ACLLITE = pathlib.Path(__file__).resolve().parent / "acllite"
sys.path.insert(0, str(ACLLITE))

import acllite_utils as utils  # noqa: E402
import constants as const  # noqa: E402
from acllite_model import AclLiteModel  # noqa: E402
from acllite_resource import AclLiteResource  # noqa: E402

ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID = 145002


@pytest.fixture
def resource():
    res = AclLiteResource()
    res.init()
    assert res.context != 0 and res.stream != 0 and res.run_mode == const.ACL_HOST
    yield res
    res.release()


def test_model_from_file(resource):
    model = AclLiteModel(model_path("sample_mlp.json"))
    assert (model.input_count, model.output_count, model.dynamic_batch) == (1, 1, None)
    x = (np.arange(8 * 784) % 5).astype(np.float16).reshape(8, 784)
    outputs = model.execute([x])
    assert [(o.shape, o.dtype) for o in outputs] == [((8, 10), np.float16)]
    model.destroy()


def test_model_from_memory(resource):
    data = pathlib.Path(model_path("two_branch.json")).read_bytes()
    model = AclLiteModel(data, const.LOAD_FROM_MEM)
    outputs = model.execute([np.ones((64, 1024), np.float16)])
    assert [(o.shape, o.dtype) for o in outputs] == [((64, 1024), np.float16)]
    outputs = model.execute([np.zeros((64, 1024), np.float16)])
    assert len(outputs) == 1
    model.destroy()


def test_inputs_are_counted(resource):
    model = AclLiteModel(model_path("sample_mlp.json"))
    with pytest.raises(ValueError, match="the model takes 1 inputs, got 2"):
        model.execute([np.zeros((8, 784), np.float16)] * 2)
    model.destroy()


@pytest.mark.parametrize("array", [
    np.arange(12, dtype=np.float32).reshape(3, 4) / 3,
    np.array([[-(2 ** 40), 7], [2 ** 62, -1]], np.int64),
    np.array([True, False, True]),
])
def test_numpy_round_trip_through_device_memory(resource, array):
    dev, size = utils.copy_to_device(array, resource.run_mode)
    assert size == array.nbytes
    back = utils.copy_to_numpy(dev, size, array.dtype, array.shape, resource.run_mode)
    assert back.dtype == array.dtype and back.shape == array.shape
    assert np.array_equal(back, array)
    assert utils.acl.rt.free(dev) == const.ACL_SUCCESS


def test_failures_raise_with_the_code_and_message(resource):
    with pytest.raises(utils.AclLiteError) as err:
        AclLiteModel("/nonexistent/model.om")
    assert err.value.ret == ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID
    with pytest.raises(utils.AclLiteError) as err:
        utils.copy_to_dvpp(b"\xff\xd8")
    assert err.value.ret == const.ACL_ERROR_API_NOT_SUPPORT
    assert str(err.value) == (
        "acl.media.dvpp_malloc failed: ret=200001 ([aclsim] error 200001: acl.media.dvpp_malloc is not "
        "implemented by aclsim (see docs/python_api_coverage.md))")


@pytest.mark.parametrize("model, extra, shape", [
    ("sample_mlp.json", [], "(8, 10)"),
    ("sample_mlp.json", ["--mem"], "(8, 10)"),
    ("two_branch.json", ["--mem"], "(64, 1024)"),
])
def test_sample_program(tmp_path, model, extra, shape):
    env = dict(os.environ, ASCEND_PROCESS_LOG_PATH=str(tmp_path / "log"), ASCEND_GLOBAL_LOG_LEVEL="1",
               PYTHONPATH=os.path.dirname(utils.acl.__file__))  # the program runs in its own directory
    env.pop("ASCEND_LOG_PRINT_TO_STDOUT", None)
    env.pop("ASCEND_SLOG_PRINT_TO_STDOUT", None)
    run = subprocess.run([sys.executable, str(ACLLITE / "sample_infer.py"), model_path(model)] + extra, env=env,
                         capture_output=True, text=True, check=True, cwd=str(ACLLITE))
    assert run.stdout.splitlines() == [
        "[INFO] [acllite_resource.py:25 init] resources ready on device 0",
        "[INFO] [acllite_model.py:28 __init__] model 1 loaded: 1 inputs, 1 outputs",
        "output 0: %s float16" % shape,
        "[INFO] [sample_infer.py:40 main] ran 1 output(s)",
        "[INFO] [acllite_model.py:96 destroy] model 1 unloaded",
        "[INFO] [acllite_resource.py:36 release] resources released",
    ]
    (plog,) = (tmp_path / "log" / "debug" / "plog").glob("plog-*.log")
    logged = [re.sub(r"^.*\[acllite_logger\.py:17\]\d+ _log: ", "", line)
              for line in plog.read_text().splitlines() if "[acllite_logger.py:17]" in line]
    assert logged == [line[len("[INFO] "):] for line in run.stdout.splitlines() if line.startswith("[INFO]")]
