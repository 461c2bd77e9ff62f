"""acl.util: pointer helpers, the deprecated numpy helpers, threads."""
import os
import subprocess
import sys
import textwrap
import threading

import pytest

import acl

NPY_FLOAT32 = 11
NPY_INT32 = 5


def test_bytes_to_ptr_and_back():
    data = b"hello acl"
    ptr = acl.util.bytes_to_ptr(data)
    assert isinstance(ptr, int) and ptr != 0
    assert acl.util.bytes_to_ptr(data) == ptr  # no copy: the bytes object's own buffer
    assert acl.util.ptr_to_bytes(ptr, len(data)) == data
    assert acl.util.ptr_to_bytes(ptr + 6, 3) == b"acl"
    assert acl.util.ptr_to_bytes(ptr, 0) == b""
    assert acl.util.ptr_to_bytes(0, 0) == b""


@pytest.mark.parametrize("value", [bytearray(b"x"), "x", 1, None, memoryview(b"x")])
def test_bytes_to_ptr_needs_bytes(value):
    with pytest.raises(ValueError, match="bytes_to_ptr"):
        acl.util.bytes_to_ptr(value)


def test_ptr_to_bytes_errors():
    with pytest.raises(ValueError):
        acl.util.ptr_to_bytes(0, 4)
    with pytest.raises(TypeError, match=r"acl\.util\.ptr_to_bytes args parse failed"):
        acl.util.ptr_to_bytes(b"x", 1)
    with pytest.raises(TypeError, match=r"acl\.util\.ptr_to_bytes args parse failed"):
        acl.util.ptr_to_bytes(1)


def test_numpy_to_ptr():
    np = pytest.importorskip("numpy")
    arr = np.arange(8, dtype=np.float32)
    with pytest.warns(DeprecationWarning, match="bytes_to_ptr"):
        ptr = acl.util.numpy_to_ptr(arr)
    assert ptr == arr.ctypes.data
    assert acl.util.ptr_to_bytes(ptr, arr.nbytes) == arr.tobytes()
    with pytest.warns(Warning) as record:
        acl.util.numpy_to_ptr(arr[::2])
    assert any("contiguous" in str(w.message) for w in record)
    with pytest.raises(ValueError, match="ndarray"):
        acl.util.numpy_to_ptr([1, 2, 3])


def test_numpy_contiguous_to_ptr():
    np = pytest.importorskip("numpy")
    arr = np.arange(16, dtype=np.int32).reshape(4, 4)[:, 1]
    assert not arr.flags["C_CONTIGUOUS"]
    with pytest.warns(DeprecationWarning):
        ptr, contiguous = acl.util.numpy_contiguous_to_ptr(arr)
    assert contiguous.flags["C_CONTIGUOUS"]
    assert ptr == contiguous.ctypes.data
    assert acl.util.ptr_to_bytes(ptr, contiguous.nbytes) == arr.tobytes()
    with pytest.raises(ValueError):
        acl.util.numpy_contiguous_to_ptr(b"x")


def test_ptr_to_numpy_is_a_writable_view():
    np = pytest.importorskip("numpy")
    data = bytes(np.arange(6, dtype=np.float32).tobytes())
    ptr = acl.util.bytes_to_ptr(data)
    with pytest.warns(DeprecationWarning):
        view = acl.util.ptr_to_numpy(ptr, (2, 3), NPY_FLOAT32)
    assert view.dtype == np.float32 and view.shape == (2, 3)
    assert view.tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    assert view.flags["WRITEABLE"] and not view.flags["OWNDATA"]
    with pytest.warns(DeprecationWarning):
        ints = acl.util.ptr_to_numpy(ptr, (6,), NPY_INT32)
    ints[0] = 7  # writes through to the memory
    assert np.frombuffer(data, dtype=np.int32)[0] == 7
    with pytest.raises(TypeError, match=r"acl\.util\.ptr_to_numpy args parse failed"):
        acl.util.ptr_to_numpy(ptr, [2, 3], NPY_FLOAT32)


def test_numpy_helpers_without_numpy():
    """With numpy not importable, the helpers raise a clear ImportError and
    everything else works."""
    script = textwrap.dedent("""
        import sys
        sys.modules["numpy"] = None  # makes "import numpy" fail
        import acl
        assert acl.util.ptr_to_bytes(acl.util.bytes_to_ptr(b"ok"), 2) == b"ok"
        for call in (lambda: acl.util.numpy_to_ptr(1),
                     lambda: acl.util.numpy_contiguous_to_ptr(1),
                     lambda: acl.util.ptr_to_numpy(1, (1,), 11)):
            try:
                call()
            except ImportError as e:
                assert "numpy" in str(e), e
            else:
                raise AssertionError("no ImportError")
        print("OK")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=os.environ.copy())
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "OK"


def test_start_and_stop_thread():
    seen = []
    done = threading.Event()

    def work(arg):
        seen.append((arg, threading.get_ident()))
        done.set()

    tid, err = acl.util.start_thread(work, "payload")
    assert err == 0 and tid != 0
    assert done.wait(10)
    assert acl.util.stop_thread(tid) == 0
    assert seen[0][0] == "payload"
    assert seen[0][1] != threading.get_ident()

    calls = []
    tid, err = acl.util.start_thread(lambda: calls.append(1), None)  # None: called with no argument
    assert err == 0
    assert acl.util.stop_thread(tid) == 0
    assert calls == [1]


def test_stop_thread_reports_exceptions():
    def boom(arg):
        raise KeyError(arg)

    tid, err = acl.util.start_thread(boom, "missing-key")
    assert err == 0
    with pytest.raises(RuntimeError, match="missing-key"):
        acl.util.stop_thread(tid)


def test_stop_thread_unknown_id():
    assert acl.util.stop_thread(12345) != 0


def test_thread_argument_errors():
    with pytest.raises(TypeError, match=r"acl\.util\.start_thread args parse failed"):
        acl.util.start_thread(1, None)
    with pytest.raises(TypeError, match=r"acl\.util\.start_thread args parse failed"):
        acl.util.start_thread(print)
    with pytest.raises(TypeError, match=r"acl\.util\.stop_thread args parse failed"):
        acl.util.stop_thread("t")
