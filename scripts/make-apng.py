#!/usr/bin/env python3
"""Writes an animated PNG (APNG) from PNG frames, for Assets/formats/animated.png.

Debian bookworm has no APNG writer outside ffmpeg, so the chunks are put together here: the
first frame's IHDR (with the canvas size) and its IDAT as the default image and frame 0, then
for each other frame an fcTL and its IDAT data as fdAT chunks.

usage: make-apng.py OUT CANVAS_W CANVAS_H FRAME [FRAME ...]
  FRAME: path:x:y:delay_ms:dispose:blend   (dispose 0 none, 1 background, 2 previous;
                                            blend 0 source, 1 over)
"""
import struct
import sys
import zlib


def chunks(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    offset = 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        yield kind, data[offset + 8:offset + 8 + length]
        offset += 12 + length


def chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def main():
    out, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    frames = [spec.split(":") for spec in sys.argv[4:]]
    png = b"\x89PNG\r\n\x1a\n"
    sequence = 0
    for index, (path, x, y, delay, dispose, blend) in enumerate(frames):
        parts = list(chunks(path))
        ihdr = dict(parts)[b"IHDR"]
        frame_width, frame_height = struct.unpack(">II", ihdr[:8])
        if index == 0:
            assert (frame_width, frame_height) == (width, height), "frame 0 must cover the canvas"
            png += chunk(b"IHDR", ihdr)
            png += chunk(b"acTL", struct.pack(">II", len(frames), 0))
        control = struct.pack(">IIIIIHHBB", sequence, frame_width, frame_height, int(x), int(y), int(delay), 1000,
                              int(dispose), int(blend))
        png += chunk(b"fcTL", control)
        sequence += 1
        for kind, payload in parts:
            if kind != b"IDAT":
                continue
            if index == 0:
                png += chunk(b"IDAT", payload)
            else:
                png += chunk(b"fdAT", struct.pack(">I", sequence) + payload)
                sequence += 1
    png += chunk(b"IEND", b"")
    open(out, "wb").write(png)


main()
