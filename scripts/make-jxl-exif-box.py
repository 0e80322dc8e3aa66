#!/usr/bin/env python3
"""Writes a JPEG XL container around a bare codestream with a plain (uncompressed) "Exif" box
holding a JPEG's EXIF, for the info panel's tests (cjxl 0.7 writes EXIF only Brotli-compressed,
in a "brob" box). The box's 4-byte offset is 6: the TIFF header follows "Exif\\0\\0", as some
writers keep it, so a reader must honour the offset.

usage: make-jxl-exif-box.py CODESTREAM.jxl EXIF.jpg OUT.jxl
       make-jxl-exif-box.py --brob CODESTREAM.jxl BROTLI_STREAM OUT.jxl
         (the codestream, then a "brob" box holding "Exif" and the given Brotli stream as it is:
         for a box that inflates past the reader's limit)
"""
import struct
import sys


def box(kind, payload):
    return struct.pack('>I', 8 + len(payload)) + kind + payload


def jpeg_exif(jpeg):
    """The TIFF structure of the first APP1 "Exif\\0\\0" segment."""
    offset = 2
    while offset + 4 <= len(jpeg) and jpeg[offset] == 0xFF:
        marker = jpeg[offset + 1]
        length = struct.unpack('>H', jpeg[offset + 2:offset + 4])[0]
        payload = jpeg[offset + 4:offset + 2 + length]
        if marker == 0xE1 and payload.startswith(b'Exif\0\0'):
            return payload[6:]
        offset += 2 + length
    sys.exit('no EXIF in the JPEG')


def main():
    if sys.argv[1] == '--brob':
        codestream = open(sys.argv[2], 'rb').read()
        brotli = open(sys.argv[3], 'rb').read()
        out = (box(b'JXL ', b'\r\n\x87\n') + box(b'ftyp', b'jxl \0\0\0\0jxl ') + box(b'jxlc', codestream)
               + box(b'brob', b'Exif' + brotli))
        open(sys.argv[4], 'wb').write(out)
        return
    codestream = open(sys.argv[1], 'rb').read()
    if not codestream.startswith(b'\xff\x0a'):
        sys.exit('not a bare JPEG XL codestream')
    tiff = jpeg_exif(open(sys.argv[2], 'rb').read())
    out = (box(b'JXL ', b'\r\n\x87\n') + box(b'ftyp', b'jxl \0\0\0\0jxl ')
           + box(b'Exif', struct.pack('>I', 6) + b'Exif\0\0' + tiff) + box(b'jxlc', codestream))
    open(sys.argv[3], 'wb').write(out)


main()
