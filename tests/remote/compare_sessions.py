#!/usr/bin/env python3
"""Runs the official-sample profiling flow (examples/profile_model) on the
in-process simulator and on a remote device server with the same seed and
checks that the session outputs are byte-identical: every CSV summary whose
rows carry no process-specific values (op_summary, op_statistic, task_time,
step_trace) and the trace's device rows.

The remote side gets a server of its own (fresh devices, clocks at 0), as
the in-process run does.

Usage: compare_sessions.py PROFILE_MODEL MODEL DEVICE_SERVER WORKDIR
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def run(profile_model, model, workdir, env_extra):
    out = os.path.join(workdir, "out")
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ)
    env.pop("ACLSIM_CONFIG", None)
    env.update(env_extra)
    subprocess.run([profile_model, model, "--iterations", "2", "--output", out], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    (job,) = glob.glob(os.path.join(out, "PROF_*", "mindstudio_profiler_output"))
    files = {}
    for path in glob.glob(os.path.join(job, "*")):
        stem, ext = os.path.splitext(os.path.basename(path))
        kind = stem.rsplit("_", 1)[0] + ext  # "op_summary.csv", "step_trace.json", ...
        files[kind] = open(path, "rb").read()
    return files


def device_rows(trace_bytes):
    events = json.loads(trace_bytes)
    # Device rows ("Ascend Hardware"): pid low 5 bits are the device id; the
    # process id in the high bits differs between processes, so drop it.
    rows = [e for e in events if e.get("ph") == "X" and (e.get("pid", 0) & 31) != 31 and "args" in e
            and "Task Type" in e["args"]]
    return [(e["pid"] & 1023, e["tid"], e["name"], e["ts"], e["dur"]) for e in rows]


def start_server(server, workdir):
    sockdir = tempfile.mkdtemp(prefix="aclsim-compare-")
    endpoint = "unix:%s/server.sock" % sockdir
    proc = subprocess.Popen([server, "--listen", endpoint], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.time() + 10
    line = proc.stdout.readline()
    if not line.startswith("listening on") or time.time() > deadline:
        proc.kill()
        raise RuntimeError("device server did not start: %r" % line)
    config = os.path.join(workdir, "remote.json")
    with open(config, "w") as f:
        json.dump({"aclsim": {"backend": "remote", "endpoint": endpoint}}, f)
    return proc, config, sockdir


def main():
    profile_model, model, server, workdir = sys.argv[1:5]
    os.makedirs(workdir, exist_ok=True)
    local = run(profile_model, model, os.path.join(workdir, "local"), {})
    proc, config, sockdir = start_server(server, workdir)
    try:
        remote = run(profile_model, model, os.path.join(workdir, "remote"), {"ACLSIM_CONFIG": config})
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(sockdir, ignore_errors=True)
    failures = 0
    for kind in ("op_summary.csv", "op_statistic.csv", "task_time.csv", "step_trace.csv"):
        if local.get(kind) != remote.get(kind):
            print("differs:", kind)
            failures += 1
        else:
            print("identical:", kind, len(local[kind]), "bytes")
    if device_rows(local["msprof.json"]) != device_rows(remote["msprof.json"]):
        print("differs: msprof json device rows")
        failures += 1
    else:
        print("identical: msprof json device rows,", len(device_rows(local["msprof.json"])), "events")
    print("%d passed, %d failed" % (5 - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
