#!/usr/bin/env python3
"""Fits the cost model's coefficients to measured kernel durations and checks
the fit on held-out points (docs/cost_model.md).

    scripts/calibrate.py --cost build/test/bin/aclsim-cost            # fit, report
    scripts/calibrate.py --cost build/test/bin/aclsim-cost --write    # and store

The points are sim/calibration/kernel_timings.csv; only rows marked "fit" are
fitted, "holdout" rows are reported apart. The fitted profile is the one the
points name (Ascend910B2); --write stores its coefficients in
sim/profiles/<name>.json and in every profile whose "calibration_source" names
it. The check of the stored numbers is done by aclsim-cost itself (the C++
model), so this script's arithmetic never decides a result.

The fit minimises the sum of squared log errors by coordinate descent over
the parameters listed in PARAMETERS, each searched on a log grid within its
bounds; the result is deterministic.
"""
import argparse
import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POINTS = os.path.join(ROOT, "sim", "calibration", "kernel_timings.csv")
ACCEPTED = os.path.join(ROOT, "sim", "calibration", "accepted_errors.json")
PROFILES = os.path.join(ROOT, "sim", "profiles")
TABLES = ("kernel_floor_ns", "compute_efficiency", "stream_efficiency", "fill_ns", "row_ns", "core_bandwidth_scale")
MIXED = {"quant_matmul", "grouped_matmul", "attention", "attention_decode"}
# Vector op types measured at least TYPE_MIN_ROWS times get their own
# streaming efficiency (the profile's "<op type>" keys).
TYPE_CLASSES = {"elementwise", "reduce_norm", "data_movement"}
TYPE_MIN_ROWS = 3


# (table, key, low, high): what the fit may change. Keys follow the lookup of
# sim/device_profile.h: "<op type>[/<dtype>]", "<class>[/<dtype>]",
# "<engine>[/<dtype>]".
PARAMETERS = [
    ("core_bandwidth_scale", "", 0.5, 3.0),
    # Floors are bounded by the observed floors of spec/ascend_devices.md
    # §4.2: about 5 us for a vector kernel, 6.5-9 us for tiny cube kernels
    # and up to 18 us for a mixed quantised GEMM.
    ("kernel_floor_ns", "AI_CORE", 5000, 9000),
    ("kernel_floor_ns", "AI_VECTOR", 3000, 6000),
    ("kernel_floor_ns", "MIX", 5000, 18000),
    ("compute_efficiency", "AI_CORE/float16", 0.3, 1.0),
    ("compute_efficiency", "AI_CORE/bfloat16", 0.3, 1.0),
    ("compute_efficiency", "AI_CORE/int8", 0.3, 1.0),
    ("compute_efficiency", "attention", 0.05, 1.0),
    ("compute_efficiency", "AI_VECTOR/float16", 0.02, 1.0),
    ("compute_efficiency", "AI_VECTOR/bfloat16", 0.02, 1.0),
    ("compute_efficiency", "AI_VECTOR/float32", 0.02, 1.0),
    ("stream_efficiency", "elementwise", 0.3, 1.5),
    ("stream_efficiency", "elementwise/int32", 0.3, 1.5),
    ("stream_efficiency", "elementwise/int8", 0.3, 1.5),
    ("stream_efficiency", "reduce_norm", 0.2, 1.5),
    ("stream_efficiency", "reduce_norm/bfloat16", 0.2, 1.5),
    ("stream_efficiency", "reduce_strided", 0.05, 1.5),
    ("stream_efficiency", "data_movement", 0.2, 1.5),
    ("stream_efficiency", "gemv", 0.2, 1.5),
    ("stream_efficiency", "quant_matmul", 0.1, 1.5),
    ("stream_efficiency", "grouped_matmul", 0.1, 1.5),
    ("stream_efficiency", "attention_decode", 0.2, 1.5),
    ("row_ns", "reduce_norm", 0, 3000),
    ("fill_ns", "AI_CORE", 0, 30000),
    ("fill_ns", "quant_matmul", 0, 40000),
    ("fill_ns", "grouped_matmul", 0, 40000),
    ("fill_ns", "attention", 0, 100000),
    ("fill_ns", "attention_decode", 0, 60000),
    ("fill_ns", "elementwise", 0, 20000),
    ("fill_ns", "reduce_norm", 0, 30000),
    ("fill_ns", "data_movement", 0, 30000),
    ("compute_efficiency", "AI_CORE/unaligned", 0.05, 1.0),
    # An unaligned innermost dimension never makes a kernel faster.
    ("stream_efficiency", "elementwise/unaligned", 0.1, 1.0),
    ("stream_efficiency", "grouped_matmul/unaligned", 0.05, 1.0),
]


def run_cost(cost, profile_path, check):
    args = [cost, "points", POINTS, "--profile-file", profile_path] + (["--check"] if check else [])
    if check and os.path.exists(ACCEPTED):
        args += ["--accepted", ACCEPTED]
    proc = subprocess.run(args, capture_output=True, text=True)
    if proc.returncode not in (0, 1) or not proc.stdout:
        sys.exit("aclsim-cost failed: " + proc.stderr)
    return list(csv.DictReader(io.StringIO(proc.stdout))), proc.stderr, proc.returncode


def resolve(table, row):
    """The key of |table| the C++ lookup uses for |row| (None: the default)."""
    # A strided reduction skips the op type level (sim/cost_model.cc).
    bases = (row["class"], row["engine_key"]) if row["class"] == "reduce_strided" else (
        row["op_type"], row["class"], row["engine_key"])
    for base in bases:
        keys = (base + "/" + row["dtype"], base)
        if row["unaligned"] == "1":
            keys = (base + "/unaligned",) + keys
        for key in keys:
            if key in table:
                return key
    return None


def lookup(table, row, fallback):
    key = resolve(table, row)
    return fallback if key is None else table[key]


def type_parameters(rows):
    """An own streaming efficiency (and one for its unaligned shapes) for
    every vector op type with TYPE_MIN_ROWS fit rows or more."""
    counts = {}
    for r in rows:
        if r["class"] in TYPE_CLASSES:
            kind = (r["op_type"] + "/unaligned") if r["unaligned"] == "1" else r["op_type"]
            counts[kind] = counts.get(kind, 0) + 1
    params = [("stream_efficiency", k, 0.1, 1.5) for k, n in sorted(counts.items()) if n >= TYPE_MIN_ROWS]
    types = sorted({k.partition("/")[0] for _, k, _, _ in params})
    return params + [("fill_ns", t, 0, 40000) for t in types]


def affected(table, key, params, rows):
    """The rows whose prediction depends on parameter (table, key)."""
    if table == "core_bandwidth_scale":
        # Fitted on the AI Core kernels: the per-core rate bounds cube work
        # on few cores (and every network on a small part); the vector
        # types carry their own streaming efficiencies.
        return [r for r in rows if float(r["core_bandwidth"]) > 0 and r["engine_key"] == "AI_CORE"]
    if table == "kernel_floor_ns":
        return [r for r in rows if ("MIX" if r["class"] in MIXED else r["engine_key"]) == key]
    return [r for r in rows if resolve(params[table], r) == key]


def predict_us(params, row):
    """The C++ formula (sim/cost_model.cc) on the terms aclsim-cost printed."""
    ce = lookup(params["compute_efficiency"], row, 1.0)
    se = lookup(params["stream_efficiency"], row, 1.0)
    fill = lookup(params["fill_ns"], row, 0.0)
    blocks, active, cores = int(row["blocks"]), max(1, int(row["block_dim"])), int(row["cores"])
    waves = -(-blocks // active)
    util = blocks / (waves * active) if blocks > active else 1.0
    peak = float(row["peak_flops_per_s"]) * ce * active / cores * util
    rate = float(row["bandwidth"]) * se
    if float(row["core_bandwidth"]) > 0:
        # the tool printed the rate at the stored scale; apply the candidate's
        rate = min(rate, float(row["core_bandwidth"]) / params["stored_scale"] * params["core_bandwidth_scale"][""] * active)
    fill += int(row["rows"]) * lookup(params["row_ns"], row, 0.0) / active
    work = fill + max(float(row["flops"]) / peak, float(row["bytes"]) / rate) * 1e9
    floor_key = "MIX" if row["class"] in MIXED else row["engine_key"]
    return max(params["kernel_floor_ns"][floor_key], work) / 1e3


def loss(params, rows):
    return sum(abs(math.log(predict_us(params, r) / float(r["measured_us"]))) ** 2 for r in rows)


def fit(params, rows, parameters, sweeps=10, steps=60):
    # The keys of every table are fixed during the fit, so each parameter
    # moves the same rows throughout: only those are re-priced.
    subsets = {(t, k): affected(t, k, params, rows) for t, k, _, _ in parameters}
    for _ in range(sweeps):
        for table, key, low, high in parameters:
            rows = subsets[(table, key)]
            if not rows:
                continue
            best = (loss(params, rows), params[table].get(key))
            for i in range(steps + 1):
                if table in ("fill_ns", "kernel_floor_ns", "row_ns"):
                    value = round(low + (high - low) * i / steps, -2)  # 100 ns steps
                else:
                    value = round(low * (high / low) ** (i / steps), 3)
                params[table][key] = value
                value_loss = loss(params, rows)
                if value_loss < best[0] - 1e-12:
                    best = (value_loss, value)
            params[table][key] = best[1]
    return params


def fit_in_two_stages(params, rows, parameters):
    """The engine and class coefficients first, on every row, so that a
    class's value describes its op types in general (the unmeasured ones
    included); then the own keys of the measured types on top of them, each
    starting at the value its rows resolved to."""
    params = fit(params, rows, parameters)
    types = type_parameters(rows)
    starts = {}
    for table, key, low, high in types:
        op_type, _, variant = key.partition("/")
        rows_of = [r for r in rows if r["op_type"] == op_type and (r["unaligned"] == "1") == (variant == "unaligned")]
        rows_of = rows_of or [r for r in rows if r["op_type"] == op_type]
        start = lookup(params[table], rows_of[0], 0.0 if table == "fill_ns" else 1.0)
        starts[(table, key)] = min(max(start, low), high)
    for (table, key), start in starts.items():
        params[table][key] = start
    return fit(params, rows, types)


def main():
    global POINTS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cost", required=True, help="path of the aclsim-cost binary")
    ap.add_argument("--profile", default="Ascend910B2")
    ap.add_argument("--write", action="store_true", help="store the fitted coefficients in the profiles")
    ap.add_argument("--points", default=POINTS, help="the points table (default: %(default)s)")
    args = ap.parse_args()
    POINTS = args.points

    path = os.path.join(PROFILES, args.profile + ".json")
    doc = json.load(open(path))
    rows, _, _ = run_cost(args.cost, path, False)
    for r in rows:
        r["engine_key"] = {"AI_CORE": "AI_CORE", "AI_VECTOR_CORE": "AI_VECTOR", "AI_CPU": "AI_CPU"}[r["engine"]]
    fit_rows = [r for r in rows if r["use"] == "fit"]
    params = {
        "kernel_floor_ns": {k: float(v) for k, v in doc["kernel_floor_ns"].items()},
        "compute_efficiency": {},
        "stream_efficiency": {},
        "fill_ns": {},
        "row_ns": {},
        "core_bandwidth_scale": {"": float(doc.get("core_bandwidth_scale", 1.0))},
        "stored_scale": float(doc.get("core_bandwidth_scale", 1.0)),
    }
    for table, key, low, high in PARAMETERS:
        stored = doc.get(table, {})
        stored = stored.get(key, low if table in ("fill_ns", "row_ns") else 1.0) if isinstance(stored, dict) else stored
        start = params[table].get(key, stored)
        params[table][key] = min(max(start, low), high)
    # A floor is never above the fastest measured kernel it applies to.
    parameters = []
    for table, key, low, high in PARAMETERS:
        if table == "kernel_floor_ns":
            fastest = [float(r["measured_us"]) * 1e3 for r in affected(table, key, params, fit_rows)]
            high = max(low, min([high] + [math.floor(t / 100) * 100 for t in fastest]))
            params[table][key] = min(params[table][key], high)
        parameters.append((table, key, low, high))
    # Coordinate descent finds a local minimum: start it from the stored
    # values and from a start with every row latency away from 0 (where a
    # fill would otherwise take its place), keep the lower loss.
    other = json.loads(json.dumps(params))
    for key in other["row_ns"]:
        other["row_ns"][key] = 200.0
    candidates = [fit_in_two_stages(params, fit_rows, parameters), fit_in_two_stages(other, fit_rows, parameters)]
    params = min(candidates, key=lambda c: loss(c, fit_rows))
    print("fitted on %d points; log-loss %.3f" % (len(fit_rows), loss(params, fit_rows)))

    new = dict(doc)
    new["kernel_floor_ns"] = {k: int(v) for k, v in params["kernel_floor_ns"].items()}
    new["core_bandwidth_scale"] = params["core_bandwidth_scale"][""]
    for table in ("compute_efficiency", "stream_efficiency", "fill_ns", "row_ns"):
        merged = dict(doc.get(table, {}))
        merged.update(params[table])
        new[table] = dict(sorted(merged.items()))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as tmp:
        json.dump(new, tmp, indent=2)
    priced, report, rc = run_cost(args.cost, tmp.name, True)
    os.unlink(tmp.name)
    print(json.dumps({k: new[k] for k in TABLES},
                     indent=2))
    print(report, end="")
    if args.write:
        # The held-out errors the C++ model reaches with the stored numbers,
        # from its report: the calibration test fails if they get worse.
        accepted = {}
        for line in report.splitlines():
            m = re.match(r"holdout\s+(\w+)\s+n=\s*\d+\s+median \|error\|\s+([\d.]+) % max\s+([\d.]+) %", line)
            if m:
                accepted[m.group(1)] = {"median": round(float(m.group(2)) / 100, 4),
                                        "max": round(float(m.group(3)) / 100, 4)}
        with open(ACCEPTED, "w") as out:
            json.dump({"holdout": accepted}, out, indent=2)
            out.write("\n")
        rc = 0
        for name in sorted(os.listdir(PROFILES)):
            target = os.path.join(PROFILES, name)
            d = json.load(open(target))
            if name == args.profile + ".json" or d.get("calibration_source") == args.profile:
                for k in TABLES:
                    d[k] = new[k]
                write_profile(target, d)
                print("wrote", os.path.relpath(target, ROOT))
    return rc


def write_profile(path, doc):
    """One key per line, small tables inline, as the shipped profiles are laid out."""
    lines = ["{"]
    items = list(doc.items())
    for i, (k, v) in enumerate(items):
        end = "," if i + 1 < len(items) else ""
        if isinstance(v, list):
            body = ",\n".join("    " + json.dumps(x, ensure_ascii=False) for x in v)
            lines.append('  "%s": [\n%s\n  ]%s' % (k, body, end))
        elif isinstance(v, dict) and any(isinstance(x, dict) for x in v.values()):
            inner = ",\n".join('    "%s": %s' % (kk, json.dumps(vv)) for kk, vv in v.items())
            lines.append('  "%s": {\n%s\n  }%s' % (k, inner, end))
        else:
            lines.append('  "%s": %s%s' % (k, json.dumps(v), end))
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
