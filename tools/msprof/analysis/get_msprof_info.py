#!/usr/bin/env python3
"""get_msprof_info.py: the basic facts of a collection, as JSON on stdout.

Installed at <toolkit>/tools/profiler/profiler_tool/analysis/interface/, where
MindSpore's profiler runs it (python3 get_msprof_info.py -dir PROF_x/host) and
reads data.host_info.cpu_info[0].Frequency and data.version_info.drv_version.
The output follows msprof's script of that name (Ascend/msprof
analysis/interface/get_msprof_info.py): one line
{"status": 0, "info": "", "data": {collection_info, device_info, host_info,
model_info, version_info}}, or {"status": 1, "info": <why>, "data": ""}.
It reads the info.json, start_info and end_info files aclsim writes in the
directory (host/ or device_<id>/). Nothing else goes to stdout.
"""
import argparse
import glob
import json
import os
import sys


def _load(directory, pattern):
    paths = sorted(glob.glob(os.path.join(directory, pattern)))
    if not paths:
        return None
    with open(paths[0], encoding="utf-8") as f:
        return json.load(f)


def _size_mb(directory):
    total = 0
    for root, _, files in os.walk(os.path.dirname(os.path.abspath(directory))):
        total += sum(os.path.getsize(os.path.join(root, name)) for name in files)
    return "%.2f MB" % (total / 1024.0 / 1024.0)


def basic_info(directory):
    info = _load(directory, "info.json*")
    if info is None:
        raise ValueError("no info.json in %s" % directory)
    start = _load(directory, "start_info*") or {}
    end = _load(directory, "end_info*") or {}
    cpus = info.get("CPU", [])
    cpu_info = [{"CPU ID": "CPU%s" % c.get("Id", i), "Frequency": str(c.get("Frequency", "")),
                 "Logical_CPU_Count": str(c.get("Logical_CPU_Count", "")), "Name": c.get("Name", ""),
                 "Type": c.get("Type", "")} for i, c in enumerate(cpus)]
    device_info = {}
    devices = info.get("DeviceInfo") or []
    if devices and "device_" in os.path.basename(os.path.abspath(directory)):
        d = devices[0]
        device_info = {"Device Id": d.get("id", 0), "AI CPU Number": d.get("ai_cpu", 0),
                       "AI Core Number": d.get("ai_core_num", 0), "Control CPU Number": d.get("ctrl_cpu", 0),
                       "Control CPU Type": d.get("ctrl_cpu_type", ""), "TS CPU Number": d.get("ts_cpu", 0)}
    return {
        "collection_info": {"Collection end time": end.get("collectionDateEnd", ""),
                            "Collection start time": start.get("collectionDateBegin", ""),
                            "Result Size": _size_mb(directory)},
        "device_info": device_info,
        "host_info": {"Host Computer Name": info.get("hostname", ""), "Host Operating System": info.get("OS", ""),
                      "cpu_num": sum(int(c.get("Logical_CPU_Count", 0)) for c in cpus), "cpu_info": cpu_info},
        "model_info": {"iterations": []},
        "version_info": {"analysis_version": "1.0", "collection_version": info.get("version", ""),
                         "drv_version": info.get("drvVersion", 0)},
    }


def main():
    parser = argparse.ArgumentParser(description="basic facts of a collection")
    parser.add_argument("-dir", "--collection-dir", dest="dir", required=True, help="PROF_x/host or PROF_x/device_N")
    args = parser.parse_args()
    directory = args.dir.lstrip("=")
    try:
        data = basic_info(directory)
    except (OSError, ValueError) as e:
        print(json.dumps({"status": 1, "info": "Get the basic info failed, %s" % e, "data": ""}))
        return 1
    print(json.dumps({"status": 0, "info": "", "data": data}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
