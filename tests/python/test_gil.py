"""Blocking calls release the GIL: a Python reader thread drains the
subscription pipe while the main thread is inside acl.mdl.execute (296 ops of
bert_base) and acl.rt.synchronize_stream.

The proof is strict: with a switch interval far longer than the test, a
thread waiting for the GIL never forces the main thread to hand it over, so
the reader can only run while the main thread is inside a call if that call
released the GIL. The realtime clock makes each run take ~1.9 ms of wall time,
so records arrive while the call is still running."""
import os
import sys
import threading
import time

import pytest

import acl
from conftest import ACL_AICORE_NONE, ACL_SUCCESS, Model, model_path

BERT_OPS = 296


@pytest.fixture
def long_switch_interval():
    old = sys.getswitchinterval()
    sys.setswitchinterval(30.0)
    yield
    sys.setswitchinterval(old)


@pytest.fixture
def bert(realtime_config):
    assert acl.init(realtime_config) == ACL_SUCCESS
    assert acl.rt.set_device(0) == ACL_SUCCESS
    model = Model(model_path("bert_base.json"))
    yield model
    model.close()
    assert acl.rt.reset_device(0) == ACL_SUCCESS
    assert acl.finalize() == ACL_SUCCESS


class TimedReader:
    def __init__(self, read_fd):
        self.read_fd = read_fd
        self.read_times = []
        self.records = 0
        self.names = []
        self.thread = threading.Thread(target=self._run)
        self.thread.start()

    def _run(self):
        size, _ = acl.prof.get_op_desc_size()
        while True:
            data = os.read(self.read_fd, size * 8)  # small reads: many chances to run
            if not data:
                return
            self.read_times.append(time.perf_counter())
            ptr = acl.util.bytes_to_ptr(data)
            num, ret = acl.prof.get_op_num(ptr, len(data))
            assert ret == ACL_SUCCESS
            self.records += num
            for i in range(num):
                self.names.append(acl.prof.get_op_name_v2(ptr, len(data), i)[0])


def subscribe(model):
    r, w = os.pipe()
    reader = TimedReader(r)
    config = acl.prof.create_subscribe_config(1, ACL_AICORE_NONE, w)
    assert acl.prof.model_subscribe(model.model_id, config) == ACL_SUCCESS
    return r, reader, config


def unsubscribe(model, r, reader, config):
    assert acl.prof.model_unsubscribe(model.model_id) == ACL_SUCCESS
    reader.thread.join(timeout=60)
    assert not reader.thread.is_alive()
    os.close(r)
    assert acl.prof.destroy_subscribe_config(config) == ACL_SUCCESS


def reads_inside(reader, windows):
    return sum(1 for t in reader.read_times if any(a < t < b for a, b in windows))


def test_execute_releases_gil(bert, long_switch_interval):
    r, reader, config = subscribe(bert)
    windows = []
    for _ in range(3):
        t0 = time.perf_counter()
        ret = acl.mdl.execute(bert.model_id, bert.input, bert.output)
        t1 = time.perf_counter()
        assert ret == ACL_SUCCESS
        windows.append((t0, t1))
    unsubscribe(bert, r, reader, config)
    assert reader.records == 3 * BERT_OPS
    assert None not in reader.names and len(set(reader.names)) == BERT_OPS
    assert reads_inside(reader, windows) > 0, "the reader never ran while execute was running"


def test_synchronize_stream_releases_gil(bert, long_switch_interval):
    # Ten runs are about 19 ms of device time. Queuing them takes 2-8 ms on
    # a quiet machine but can take longer than the runs themselves on a
    # loaded one; then synchronize_stream has nothing left to wait for and
    # the attempt proves nothing. Such an attempt is retried; one where the
    # call waited at least 2 ms must show the reader running inside it.
    runs = 10
    for _ in range(5):
        r, reader, config = subscribe(bert)
        stream, _ = acl.rt.create_stream()
        for _ in range(runs):
            assert acl.mdl.execute_async(bert.model_id, bert.input, bert.output, stream) == ACL_SUCCESS
        t0 = time.perf_counter()
        assert acl.rt.synchronize_stream(stream) == ACL_SUCCESS
        t1 = time.perf_counter()
        unsubscribe(bert, r, reader, config)
        assert acl.rt.destroy_stream(stream) == ACL_SUCCESS
        assert reader.records == runs * BERT_OPS
        if t1 - t0 >= 0.002:
            break
    else:
        pytest.fail("synchronize_stream never waited 2 ms in 5 attempts: the runs finished while being queued")
    assert reads_inside(reader, [(t0, t1)]) > 0, "the reader never ran while synchronize_stream was running"


class Ticker:
    """A thread that samples the clock in a loop, giving the GIL back often
    (time.sleep) so a returning call gets it back at once."""

    def __init__(self):
        self.samples = []
        self.stop = False
        self.thread = threading.Thread(target=self._run)
        self.thread.start()

    def _run(self):
        while not self.stop:
            self.samples.append(time.perf_counter())
            time.sleep(0.0001)

    def join(self):
        self.stop = True
        self.thread.join()

    def inside(self, t0, t1):
        return sum(1 for t in self.samples if t0 < t < t1)


def blocking_call_window(bert, call):
    """One attempt: queues ten runs (about 19 ms) unless |call| is execute,
    times |call| with a Ticker running, returns (t0, t1, ticker)."""
    stream, _ = acl.rt.create_stream()
    event, _ = acl.rt.create_event()
    ticker = Ticker()
    time.sleep(0.01)
    if call != "execute":
        for _ in range(10):
            assert acl.mdl.execute_async(bert.model_id, bert.input, bert.output, stream) == ACL_SUCCESS
        assert acl.rt.record_event(event, stream) == ACL_SUCCESS
    t0 = time.perf_counter()
    if call == "synchronize_event":
        ret = acl.rt.synchronize_event(event)
    elif call == "synchronize_device":
        ret = acl.rt.synchronize_device()
    elif call == "synchronize_stream":
        ret = acl.rt.synchronize_stream(stream)
    else:
        ret = acl.mdl.execute(bert.model_id, bert.input, bert.output)
    t1 = time.perf_counter()
    ticker.join()
    assert ret == ACL_SUCCESS
    assert acl.rt.destroy_event(event) == ACL_SUCCESS
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS
    return t0, t1, ticker


@pytest.mark.parametrize("call", ["synchronize_event", "synchronize_device", "synchronize_stream", "execute"])
def test_blocking_calls_let_other_threads_run(bert, long_switch_interval, call):
    # On a loaded machine the queued runs can finish before the wait starts
    # (see test_synchronize_stream_releases_gil), and the ticker may not be
    # scheduled within a few milliseconds: such an attempt is retried. A call
    # that kept the GIL never has a tick inside it (a tick is taken holding
    # the GIL), whatever the load.
    blocked = 0
    for _ in range(5):
        t0, t1, ticker = blocking_call_window(bert, call)
        print(f"{call}: {1e3 * (t1 - t0):.2f} ms, {ticker.inside(t0, t1)} ticks inside")
        if t1 - t0 < 0.002:
            continue
        blocked += 1
        if ticker.inside(t0, t1) > 0:
            break
    else:
        if blocked == 0:
            pytest.fail(f"{call} never blocked 2 ms in 5 attempts; nothing to measure")
        pytest.fail(f"no other thread ran while {call} was running ({blocked} attempts blocked 2 ms or more)")
