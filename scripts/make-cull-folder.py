#!/usr/bin/env python3
"""Makes a folder of camera-RAW-sized DNGs for `feedbench --scenario cull` (issue 52, point 6).

Each file is a DNG as a camera writes one: the IFDs first, IFD0 a full-size baseline JPEG preview
(a real photograph, as a camera embeds its own JPEG), its sub-IFD a 16-bit CFA of a real sensor's
size (24 to 50 MB of raw data). The raw data is a sparse hole: the files are 20-50 MB each, as RAW files
are, but take only their previews' space on disk, so 1,000 of them fit anywhere. LibRaw opens them
and hands out the preview, as for any DNG; developing the hole would give a black picture.

The DNG structure is make-dngs.py's (Tests/CodecFixtures/conformance/raw), which LibRaw and
ExifTool read. Usage: make-cull-folder.py FOLDER COUNT PREVIEW.jpg... (the previews are used in
turn; each needs a baseline or progressive JPEG's SOF for its size).
"""
import importlib.util
import os
import struct
import sys
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "Tests/CodecFixtures/conformance/raw/make-dngs.py"
spec = importlib.util.spec_from_file_location("make_dngs", FIXTURES)
dngs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dngs)
LONG, SHORT = dngs.LONG, dngs.SHORT

# Sensor sizes of common cameras (width, height), 10 to 24 Mpx at 16 bits a sample: 20 to 48 MB
# of raw data, as RAW files of those cameras weigh.
SENSORS = [(3888, 2592), (4256, 2832), (4928, 3264), (5472, 3648), (6000, 4000)]


def jpeg_size(data):
    """(width, height) from the JPEG's first SOF marker."""
    index = 2
    while index + 9 < len(data):
        if data[index] != 0xFF:
            index += 1
            continue
        marker = data[index + 1]
        length = struct.unpack(">H", data[index + 2:index + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[index + 5:index + 9])
            return width, height
        index += 2 + length
    raise ValueError("no SOF marker")


def patch(data, ifd, tag, value):
    """Sets a LONG entry's value in the IFD at `ifd`."""
    for index in range(struct.unpack_from("<H", data, ifd)[0]):
        entry = ifd + 2 + 12 * index
        if struct.unpack_from("<H", data, entry)[0] == tag:
            struct.pack_into("<I", data, entry + 8, value)
            return
    raise ValueError(f"no tag {tag} in the IFD at {ifd}")


def raw_sized_dng(preview, sensor, model):
    """The DNG's bytes up to its raw data, and the raw data's length (the hole after them).

    As a camera writes it: the IFDs first (IFD0 right after the header, where readers that
    look at a file's first kilobytes find it), then the preview, then the raw data.
    """
    width, height = jpeg_size(preview)
    raw_width, raw_height = sensor
    raw_bytes = raw_width * raw_height * 2
    writer = dngs.Writer()
    # Both strips' offsets are known once everything before them is written: patched after.
    cfa = [
        (254, LONG, [0]), (256, LONG, [raw_width]), (257, LONG, [raw_height]), (258, SHORT, [16]),
        (259, SHORT, [1]), (262, SHORT, [32803]), (273, LONG, [0]), (277, SHORT, [1]),
        (278, LONG, [raw_height]), (279, LONG, [raw_bytes]), (284, SHORT, [1]), (33421, SHORT, [2, 2]),
        (33422, dngs.BYTE, [0, 1, 1, 2]), (50714, LONG, [0]), (50717, LONG, [65535]),
    ]
    raw_ifd = writer.ifd(cfa)
    first = writer.ifd(dngs.dng_tags(model, 1) + [
        (254, LONG, [1]), (256, LONG, [width]), (257, LONG, [height]), (258, SHORT, [8, 8, 8]), (259, SHORT, [7]),
        (262, SHORT, [6]), (273, LONG, [0]), (277, SHORT, [3]), (278, LONG, [height]),
        (279, LONG, [len(preview)]), (330, LONG, [raw_ifd]),
    ])
    strip = writer.blob(preview)
    data = bytearray(writer.finish(first))
    patch(data, first, 273, strip)
    data += b"\0" * ((-len(data)) % 4096)
    raw_offset = len(data)
    patch(data, raw_ifd, 273, raw_offset)
    return bytes(data), raw_bytes


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: make-cull-folder.py FOLDER COUNT PREVIEW.jpg...")
    folder, count, previews = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
    folder.mkdir(parents=True, exist_ok=True)
    jpegs = [Path(path).read_bytes() for path in previews]
    for index in range(count):
        head, raw_bytes = raw_sized_dng(jpegs[index % len(jpegs)], SENSORS[index % len(SENSORS)], "cull")
        path = folder / f"DSC_{index + 1:04d}.DNG"
        with open(path, "wb") as file:
            file.write(head)
            file.truncate(len(head) + raw_bytes)
        # Times a second apart, in name order, as a camera's shots are.
        stamp = 1_700_000_000 + index
        os.utime(path, (stamp, stamp))


if __name__ == "__main__":
    main()
