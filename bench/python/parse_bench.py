#!/usr/bin/env python3
"""parse_bench.py: records per second through acl.prof.get_op_duration from
Python (the pybind11 binding) against the C accessor aclprofGetOpDuration
called through ctypes on the same libmsprofiler.so, in the same run and on the
same buffer, and their ratio. Both loops are Python loops, so the ratio is the
cost of the binding layer relative to the leanest Python-to-C call.

    PYTHONPATH=<build>/python python3 bench/python/parse_bench.py [--runs 10] [--repeat 5]

The records come from a real subscription to models/bert_base.json (296 ops
per run).
"""
import argparse
import ctypes
import os
import pathlib
import sys
import threading
import time

import acl

ACL_SUCCESS = 0
ACL_MEM_MALLOC_HUGE_FIRST = 0


def check(what, ret):
    if ret != ACL_SUCCESS:
        raise SystemExit(f"{what} failed ret={ret}: {acl.get_recent_err_msg()}")


def loaded_library(name):
    """Path of |name| as loaded into this process (the build tree's or the
    installed copy, whichever the acl module linked)."""
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if os.path.basename(path).startswith(name):
                return path
    raise SystemExit(f"{name} is not loaded")


def subscription_records(model_path, runs):
    check("acl.init", acl.init())
    check("acl.rt.set_device", acl.rt.set_device(0))
    model_id, ret = acl.mdl.load_from_file(model_path)
    check("acl.mdl.load_from_file", ret)
    desc = acl.mdl.create_desc()
    check("acl.mdl.get_desc", acl.mdl.get_desc(desc, model_id))
    datasets = []
    for count, size_of in ((acl.mdl.get_num_inputs(desc), acl.mdl.get_input_size_by_index),
                           (acl.mdl.get_num_outputs(desc), acl.mdl.get_output_size_by_index)):
        dataset = acl.mdl.create_dataset()
        for i in range(count):
            ptr, ret = acl.rt.malloc(size_of(desc, i), ACL_MEM_MALLOC_HUGE_FIRST)
            check("acl.rt.malloc", ret)
            acl.mdl.add_dataset_buffer(dataset, acl.create_data_buffer(ptr, size_of(desc, i)))
        datasets.append(dataset)
    r, w = os.pipe()
    chunks = []

    def reader():
        while True:
            data = os.read(r, 80 * 51)
            if not data:
                return
            chunks.append(data)

    thread = threading.Thread(target=reader)
    thread.start()
    config = acl.prof.create_subscribe_config(1, 0xFF, w)
    check("acl.prof.model_subscribe", acl.prof.model_subscribe(model_id, config))
    for _ in range(runs):
        check("acl.mdl.execute", acl.mdl.execute(model_id, datasets[0], datasets[1]))
    check("acl.prof.model_unsubscribe", acl.prof.model_unsubscribe(model_id))
    thread.join()
    os.close(r)
    acl.prof.destroy_subscribe_config(config)
    return b"".join(chunks)


def rate(fn, ptr, length, count, repeat):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for i in range(count):
            fn(ptr, length, i)
        best = min(best, time.perf_counter() - t0)
    return count / best


def main():
    default_model = pathlib.Path(__file__).resolve().parents[2] / "models" / "bert_base.json"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=os.environ.get("ACLSIM_BENCH_MODEL", str(default_model)))
    parser.add_argument("--runs", type=int, default=10, help="model runs whose records make the buffer")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes; the best one counts")
    args = parser.parse_args()

    data = subscription_records(args.model, args.runs)
    ptr, length = acl.util.bytes_to_ptr(data), len(data)
    count, ret = acl.prof.get_op_num(ptr, length)
    check("acl.prof.get_op_num", ret)

    lib = ctypes.CDLL(loaded_library("libmsprofiler.so"))
    c_duration = lib.aclprofGetOpDuration
    c_duration.restype = ctypes.c_uint64
    c_duration.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint32]

    # Same answers from both paths before timing them.
    for i in range(count):
        assert acl.prof.get_op_duration(ptr, length, i) == c_duration(ptr, length, i)

    py_rate = rate(acl.prof.get_op_duration, ptr, length, count, args.repeat)
    c_rate = rate(c_duration, ptr, length, count, args.repeat)
    print(f"buffer: {count} records ({length} bytes) from {args.runs} run(s) of {os.path.basename(args.model)}")
    print(f"acl.prof.get_op_duration (pybind11): {py_rate / 1e6:8.3f} M records/s")
    print(f"aclprofGetOpDuration (ctypes):       {c_rate / 1e6:8.3f} M records/s")
    print(f"ratio python/ctypes: {py_rate / c_rate:.2f}")
    acl.finalize()
    return 0


if __name__ == "__main__":
    sys.exit(main())
