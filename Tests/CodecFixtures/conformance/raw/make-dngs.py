#!/usr/bin/env python3
"""Writes the two hand-made DNGs of this folder (see PROVENANCE).

preview-turned.dng: a 96x64 baseline JPEG preview in IFD0 (Orientation 6: turn 90 degrees
clockwise to show) and a 96x64 16-bit RGGB CFA sub-IFD; the preview is also written alone as
preview-turned.preview.jpg. no-preview.dng: a 64x48 CFA alone in IFD0 (Orientation 8), top half
bright and bottom half dark, so only a developed picture can be shown.
The preview JPEG is made by ImageMagick: `convert` must be on PATH. Usage: make-dngs.py [DIR]
"""
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

BYTE, ASCII, SHORT, LONG, RATIONAL, SRATIONAL = 1, 2, 3, 4, 5, 10
SIZES = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8, SRATIONAL: 8}


def pack_values(kind, values):
    if kind == ASCII:
        return values.encode() + b"\0"
    if kind in (RATIONAL, SRATIONAL):
        code = "<" + ("ii" if kind == SRATIONAL else "II") * len(values)
        return struct.pack(code, *[part for pair in values for part in pair])
    code = {BYTE: "B", SHORT: "H", LONG: "I"}[kind]
    return struct.pack("<" + code * len(values), *values)


class Writer:
    """A little-endian TIFF assembled in memory: blobs first, then IFDs that point at them."""

    def __init__(self):
        self.data = bytearray(b"II*\0\0\0\0\0")

    def blob(self, payload):
        if len(self.data) % 2:
            self.data += b"\0"
        offset = len(self.data)
        self.data += payload
        return offset

    def ifd(self, entries):
        """entries: (tag, kind, values); returns the IFD's offset (next IFD: none)."""
        entries = sorted(entries)
        body = bytearray()
        for tag, kind, values in entries:
            payload = pack_values(kind, values)
            count = len(payload) // SIZES[kind]
            if len(payload) <= 4:
                field = payload.ljust(4, b"\0")
            else:
                field = struct.pack("<I", self.blob(payload))
            body += struct.pack("<HHI", tag, kind, count) + field
        return self.blob(struct.pack("<H", len(entries)) + body + b"\0\0\0\0")

    def finish(self, first_ifd):
        struct.pack_into("<I", self.data, 4, first_ifd)
        return bytes(self.data)


def dng_tags(model, orientation):
    return [
        (271, ASCII, "photofeed"),
        (272, ASCII, model),
        (274, SHORT, [orientation]),
        (305, ASCII, "photofeed make-dngs.py"),
        (50706, BYTE, [1, 4, 0, 0]),
        (50707, BYTE, [1, 1, 0, 0]),
        (50708, ASCII, "photofeed " + model),
        (50721, SRATIONAL, [(1, 1), (0, 1), (0, 1), (0, 1), (1, 1), (0, 1), (0, 1), (0, 1), (1, 1)]),
        (50728, RATIONAL, [(1, 1), (1, 1), (1, 1)]),
        (50778, SHORT, [21]),
    ]


def cfa_tags(writer, width, height, pixels, subfile):
    strip = writer.blob(struct.pack("<" + "H" * len(pixels), *pixels))
    return [
        (254, LONG, [subfile]),
        (256, LONG, [width]),
        (257, LONG, [height]),
        (258, SHORT, [16]),
        (259, SHORT, [1]),
        (262, SHORT, [32803]),
        (273, LONG, [strip]),
        (277, SHORT, [1]),
        (278, LONG, [height]),
        (279, LONG, [len(pixels) * 2]),
        (284, SHORT, [1]),
        (33421, SHORT, [2, 2]),
        (33422, BYTE, [0, 1, 1, 2]),
        (50714, LONG, [0]),
        (50717, LONG, [65535]),
    ]


def cfa_pixels(width, height):
    """Top half bright, bottom half dark, every colour alike."""
    return [50000 if y < height // 2 else 4000 for y in range(height) for _ in range(width)]


def preview_jpeg():
    """96x64: a green band over the top, red on the left, blue on the right (no EXIF)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "preview.jpg"
        subprocess.run(
            ["convert", "-size", "96x64", "xc:red", "-fill", "blue", "-draw", "rectangle 48,0 95,63",
             "-fill", "lime", "-draw", "rectangle 0,0 95,15", "-strip", "-sampling-factor", "1x1",
             "-quality", "95", str(path)], check=True)
        return path.read_bytes()


def preview_turned():
    writer = Writer()
    raw = writer.ifd(cfa_tags(writer, 96, 64, cfa_pixels(96, 64), 0))
    jpeg = preview_jpeg()
    strip = writer.blob(jpeg)
    first = writer.ifd(dng_tags("preview-turned", 6) + [
        (254, LONG, [1]), (256, LONG, [96]), (257, LONG, [64]), (258, SHORT, [8, 8, 8]), (259, SHORT, [7]),
        (262, SHORT, [6]), (273, LONG, [strip]), (277, SHORT, [3]), (278, LONG, [64]), (279, LONG, [len(jpeg)]),
        (330, LONG, [raw]),
    ])
    return writer.finish(first), jpeg


def no_preview():
    writer = Writer()
    first = writer.ifd(dng_tags("no-preview", 8) + cfa_tags(writer, 64, 48, cfa_pixels(64, 48), 0))
    return writer.finish(first)


if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent)
    turned, jpeg = preview_turned()
    (folder / "preview-turned.dng").write_bytes(turned)
    (folder / "preview-turned.preview.jpg").write_bytes(jpeg)
    (folder / "no-preview.dng").write_bytes(no_preview())
