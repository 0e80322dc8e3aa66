#!/usr/bin/env python3
"""Writes Assets/formats/exif-camera.jpg: a JPEG with an APP1 EXIF segment naming a camera,
lens, exposure, date with offset and GPS place (made-up values), for the info panel's tests.

usage: make-exif-jpeg.py BASE.jpg OUT.jpg
"""
import struct
import sys


def ifd(entries, start):
    out = struct.pack('<H', len(entries))
    data = b''
    data_start = start + 2 + 12 * len(entries) + 4
    for tag, kind, count, value in entries:
        if len(value) <= 4:
            out += struct.pack('<HHI', tag, kind, count) + value.ljust(4, b'\0')
        else:
            out += struct.pack('<HHII', tag, kind, count, data_start + len(data))
            data += value
    return out + struct.pack('<I', 0) + data


def ascii(text):
    raw = text.encode() + b'\0'
    return (2, len(raw), raw)


def rationals(*pairs):
    return (5, len(pairs), b''.join(struct.pack('<II', a, b) for a, b in pairs))


def short(value):
    return (3, 1, struct.pack('<H', value))


def long(value):
    return (4, 1, struct.pack('<I', value))


def main():
    base, out = sys.argv[1], sys.argv[2]
    first = lambda exif, gps: [(0x010F,) + ascii('FUJIFILM'), (0x0110,) + ascii('X-T3'),
                               (0x0131,) + ascii('Darktable 4.4'), (0x8769,) + long(exif), (0x8825,) + long(gps)]
    exif = [(0x829A,) + rationals((1, 500)), (0x829D,) + rationals((40, 10)), (0x8827,) + short(200),
            (0x9003,) + ascii('2024:09:14 18:42:05'), (0x9011,) + ascii('+01:00'), (0x920A,) + rationals((35, 1)),
            (0xA405,) + short(53), (0xA434,) + ascii('XF35mmF1.4 R')]
    gps = [(0x0001,) + ascii('N'), (0x0002,) + rationals((51, 1), (30, 1), (2640, 100)), (0x0003,) + ascii('W'),
           (0x0004,) + rationals((0, 1), (7, 1), (3960, 100)), (0x0006,) + rationals((35, 1))]
    zero = ifd(first(0, 0), 8)
    exif_at = 8 + len(zero)
    gps_at = exif_at + len(ifd(exif, exif_at))
    tiff = b'II*\0' + struct.pack('<I', 8) + ifd(first(exif_at, gps_at), 8) + ifd(exif, exif_at) + ifd(gps, gps_at)
    payload = b'Exif\0\0' + tiff
    jpeg = open(base, 'rb').read()
    open(out, 'wb').write(jpeg[:2] + b'\xff\xe1' + struct.pack('>H', len(payload) + 2) + payload + jpeg[2:])


main()
