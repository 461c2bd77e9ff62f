#!/usr/bin/env python3
"""Renders an exporter SVG (runtime/prof/export_svg.cc) with headless Chromium
and checks the picture: not blank, and every op box of at least 3 px shows its
task-type colour at its centre. Standard library only (the PNG is decoded with
zlib). Exits 77 (CTest SKIP_RETURN_CODE) when /usr/bin/chromium is absent.

usage: export_svg_render_test.py <file.svg>
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

CHROMIUM = "/usr/bin/chromium"
SKIP = 77
SVG_NS = "{http://www.w3.org/2000/svg}"


def decode_png(data):
    """Returns (width, height, rows) with rows as lists of (r, g, b)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width, height, depth, ctype = 8, b"", 0, 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace != 0:
                raise ValueError("unsupported PNG: depth %d type %d interlace %d" % (depth, ctype, interlace))
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        ftype, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 0xFF
            elif ftype == 2:
                line[x] = (line[x] + b) & 0xFF
            elif ftype == 3:
                line[x] = (line[x] + ((a + b) >> 1)) & 0xFF
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 0xFF
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return width, height, rows


def hex_rgb(color):
    color = color.lstrip("#")
    return tuple(int(color[i:i + 2], 16) for i in (0, 2, 4))


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    svg_path = os.path.abspath(sys.argv[1])
    if not os.path.exists(CHROMIUM):
        print("SKIP: %s not installed" % CHROMIUM)
        return SKIP
    root = ET.parse(svg_path).getroot()
    width, height = int(root.get("width")), int(root.get("height"))
    boxes = []
    for rect in root.iter(SVG_NS + "rect"):
        if not (rect.get("class") or "").startswith("op "):
            continue
        x, y = float(rect.get("x")), float(rect.get("y"))
        w, h = float(rect.get("width")), float(rect.get("height"))
        if w >= 3:
            boxes.append((x + w / 2, y + h / 2, hex_rgb(rect.get("fill")), rect.get("class")))
    if not boxes:
        print("FAIL: no op boxes of >= 3 px in %s" % svg_path)
        return 1

    work = tempfile.mkdtemp(prefix="aclsim_svg_render_")
    try:
        png = os.path.join(work, "out.png")
        cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--no-first-run", "--hide-scrollbars", "--force-device-scale-factor=1",
               "--user-data-dir=" + os.path.join(work, "profile"),
               "--screenshot=" + png, "--window-size=%d,%d" % (width, max(height, 600)),
               "file://" + svg_path]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=90)
        if not os.path.exists(png):
            print("FAIL: chromium wrote no screenshot (rc %d):\n%s" % (proc.returncode, proc.stdout.decode(errors="replace")))
            return 1
        with open(png, "rb") as f:
            pw, ph, rows = decode_png(f.read())
    finally:
        shutil.rmtree(work, ignore_errors=True)

    if pw < width or ph < height:
        print("FAIL: screenshot %dx%d smaller than the SVG %dx%d" % (pw, ph, width, height))
        return 1
    non_white = sum(1 for row in rows[:height] for px in row[:width] if px != (255, 255, 255))
    if non_white < width * height // 100:
        print("FAIL: image is (nearly) blank: %d non-white pixels" % non_white)
        return 1
    failures = 0
    for cx, cy, rgb, cls in boxes:
        got = rows[int(cy)][int(cx)]
        if max(abs(a - b) for a, b in zip(got, rgb)) > 8:
            print("FAIL: %s box at (%d,%d): expected %s, got %s" % (cls, cx, cy, rgb, got))
            failures += 1
    if failures:
        return 1
    print("OK: %d op boxes checked, %d non-white pixels" % (len(boxes), non_white))
    return 0


if __name__ == "__main__":
    sys.exit(main())
