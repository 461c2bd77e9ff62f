#!/usr/bin/env python3
"""Prints Google Benchmark JSON results with ratios to same-run baselines.

Each case is compared with a baseline of the same file and the same argument
(medians of repetitions). PAIRS names the baseline of a case family and what
is printed:
  time    ratio = case time / baseline time;
  rate    share = case bytes/s / baseline bytes/s (a throughput fraction);
  added   ns added per item = (case time - baseline time) / items, with the
          items of one iteration (items_per_second * time), and the ratio.
A case that PAIRS does not name is compared with the first BM_Baseline_* of
the same argument (time ratio).
"""
import json
import re
import sys

# (case name regex, baseline name with {arg}, kind)
PAIRS = [
    (r"^BM_(GetOpDuration|GetOpStart|GetModelId)/", "BM_Baseline_PlainRead/{arg}", "time"),
    (r"^BM_FullDecode/", "BM_Baseline_Memcpy/{arg}", "rate"),
    (r"^BM_GetOpNum/", "BM_Baseline_PlainStream/{arg}", "rate"),
    (r"^BM_GetNextRecord$", "BM_MemcpySameBytes", "rate"),
    (r"^BM_Run1e5Ops/[1-9]", "BM_Run1e5Ops/0", "added"),
    (r"^BM_(EndToEnd|EndToEndThreadSubscribed)/", "BM_Baseline_Execute/{arg}", "added"),
    (r"^BM_ExecuteRealtimeSubscribed$", "BM_Baseline_ExecuteRealtime", "added"),
]

TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def seconds(b):
    return b["real_time"] * TO_NS[b["time_unit"]] / 1e9


def compare(b, base, kind):
    t, tb = seconds(b), seconds(base)
    base_name = base.get("run_name", base["name"])
    if kind == "rate" and "bytes_per_second" in b and "bytes_per_second" in base:
        return " %.0f%% of %s's bytes/s" % (100.0 * b["bytes_per_second"] / base["bytes_per_second"], base_name)
    if kind == "added" and b.get("items_per_second"):
        items = b["items_per_second"] * t
        return " %+.2f ns/item added vs %s (ratio %.3fx)" % ((t - tb) * 1e9 / items, base_name, t / tb)
    return " ratio %.2fx vs %s" % (t / tb, base_name)


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
            arg = name.split("/", 1)[1] if "/" in name else ""
            pair = next(((p, k) for rx, p, k in PAIRS if re.search(rx, name)), None)
            if pair is not None:
                base, kind = med.get(pair[0].format(arg=arg)), pair[1]
            elif "Baseline" in name:
                continue
            else:
                base = next((bb for n, bb in baselines.items() if (n.split("/", 1)[1] if "/" in n else "") == arg), None)
                kind = "time"
            t = b["real_time"]
            unit = b["time_unit"]
            extra = ""
            if "items_per_second" in b:
                extra += " %.3g items/s" % b["items_per_second"]
            if "bytes_per_second" in b:
                extra += " %.3g B/s" % b["bytes_per_second"]
            for counter in ("ns_per_op", "ns_added_per_kernel", "execute_ns_added_per_kernel", "ratio"):
                if counter in b:
                    extra += " %s=%.2f" % (counter, b[counter])
            rel = compare(b, base, kind) if base is not None and base is not b else ""
            print("  %-44s %12.3f %s%s%s" % (name, t, unit, extra, rel))


if __name__ == "__main__":
    main(sys.argv[1:])
