#!/usr/bin/env python3
"""Prints Google Benchmark JSON results with ratios to same-run baselines.

A case BM_X/ARG is compared with BM_Baseline_*/ARG of the same file (same
argument, median of repetitions); ratio = case time / baseline time.
"""
import json
import re
import sys


def main(paths):
    for path in paths:
        data = json.load(open(path))
        med = {}
        for b in data["benchmarks"]:
            if b.get("aggregate_name", "median") != "median":
                continue
            name = b["run_name"] if "run_name" in b else b["name"]
            med[name] = b
        print("== %s" % path)
        baselines = {n: b for n, b in med.items() if "Baseline" in n}
        for name, b in med.items():
            if "Baseline" in name:
                continue
            arg = name.split("/", 1)[1] if "/" in name else ""
            base = next((bb for n, bb in baselines.items() if (n.split("/", 1)[1] if "/" in n else "") == arg), None)
            t = b["real_time"]
            unit = b["time_unit"]
            extra = ""
            if "items_per_second" in b:
                extra += " %.3g items/s" % b["items_per_second"]
            if "ns_per_op" in b:
                extra += " %.1f ns/op" % b["ns_per_op"]
            ratio = " ratio %.2fx vs %s" % (t / base["real_time"], base["name"]) if base else ""
            print("  %-40s %12.3f %s%s%s" % (name, t, unit, extra, ratio))


if __name__ == "__main__":
    main(sys.argv[1:])
