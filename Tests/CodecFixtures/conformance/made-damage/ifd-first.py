#!/usr/bin/env python3
"""Rewrites a little-endian TIFF with its first directory (IFD) right after the header, as
cameras and scanners write them, so a file cut short keeps its header and loses image data.
ImageMagick writes the directory at the end. Usage: ifd-first.py IN OUT (one IFD, no SubIFDs)."""
import struct
import sys

SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 16: 8}
OFFSET_TAGS = {273, 324}  # StripOffsets, TileOffsets

data = open(sys.argv[1], "rb").read()
assert data[:4] == b"II*\0", "little-endian classic TIFF only"
ifd = struct.unpack("<I", data[4:8])[0]
count = struct.unpack("<H", data[ifd:ifd + 2])[0]
entries = [struct.unpack("<HHI4s", data[ifd + 2 + 12 * k:ifd + 14 + 12 * k]) for k in range(count)]
directory_size = 2 + 12 * count + 4
extras = bytearray()
values = []
for tag, kind, n, field in entries:
    size = SIZES[kind] * n
    raw = field[:size] if size <= 4 else data[struct.unpack("<I", field)[0]:][:size]
    values.append((tag, kind, n, bytearray(raw)))
    if size > 4:
        extras += bytes(size + (size & 1))
body_start = 8 + directory_size + len(extras)
body = data[8:]  # everything after the header keeps its place relative to the body's start
shift = body_start - 8
out_entries = bytearray()
extra_bytes = bytearray()
for tag, kind, n, raw in values:
    if tag in OFFSET_TAGS:
        unit = "<I" if kind == 4 else "<H"
        step = SIZES[kind]
        for k in range(n):
            old = struct.unpack(unit, raw[k * step:(k + 1) * step])[0]
            raw[k * step:(k + 1) * step] = struct.pack("<I" if kind == 4 else "<H", old + shift)
    if len(raw) <= 4:
        field = bytes(raw) + bytes(4 - len(raw))
    else:
        field = struct.pack("<I", 8 + directory_size + len(extra_bytes))
        extra_bytes += raw + bytes(len(raw) & 1)
    out_entries += struct.pack("<HHI", tag, kind, n) + field
out = b"II*\0" + struct.pack("<I", 8) + struct.pack("<H", count) + out_entries + struct.pack("<I", 0)
out += extra_bytes + body
open(sys.argv[2], "wb").write(out)
