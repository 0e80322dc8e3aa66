#!/usr/bin/env python3
"""Writes references.txt in each conformance suite: every valid file decoded by another decoder,
reduced to a grid of at most 8x8 cells (each cell the mean of its pixels, colour premultiplied by
alpha, 0-255), one line a file: `name width height hex`. ConformanceSuiteTests decodes each file
with photofeed, reduces it the same way and compares.

Reference decoders (Debian bookworm): ImageMagick's `convert` for PNG (gAMA, cHRM, sRGB and iCCP
left out: photofeed draws a PNG's samples as stored) and BMP, libwebp's `dwebp`
for WebP, libheif's `heif-convert` (its dav1d plugin) for AVIF. Run from this directory:
    python3 make-references.py
"""
import os, subprocess, sys, tempfile

GRID = 8

COLOUR_CHUNKS = {b"gAMA", b"cHRM", b"sRGB", b"iCCP"}

def without_colour_chunks(path, scratch):
    """The PNG with gAMA, cHRM, sRGB and iCCP left out: photofeed draws a PNG's samples as
    stored (sRGB assumed), while ImageMagick would apply them, so its reference reads the same."""
    data = open(path, "rb").read()
    out, at = [data[:8]], 8
    while at + 8 <= len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        end = min(len(data), at + 12 + length)
        if data[at + 4:at + 8] not in COLOUR_CHUNKS:
            out.append(data[at:end])
        at = end
    stripped = os.path.join(scratch, "stripped.png")
    open(stripped, "wb").write(b"".join(out))
    return stripped

def rgba_convert(path):
    size = subprocess.run(["identify", "-format", "%w %h\n", path], capture_output=True, check=True, text=True)
    w, h = map(int, size.stdout.split("\n")[0].split())
    raw = subprocess.run(["convert", path + "[0]", "-depth", "8", "RGBA:-"], capture_output=True, check=True).stdout
    assert len(raw) == w * h * 4, path
    return w, h, raw

def rgba_pam(path):
    data = open(path, "rb").read()
    end = data.index(b"ENDHDR\n") + len(b"ENDHDR\n")
    fields = dict(line.split(b" ", 1) for line in data[:end].split(b"\n")[1:-2])
    w, h, depth = int(fields[b"WIDTH"]), int(fields[b"HEIGHT"]), int(fields[b"DEPTH"])
    assert depth == 4 and int(fields[b"MAXVAL"]) == 255, path
    return w, h, data[end:end + w * h * 4]

def reference(suite, path):
    with tempfile.TemporaryDirectory() as scratch:
        if path.endswith(".webp"):
            out = os.path.join(scratch, "out.pam")
            subprocess.run(["dwebp", "-quiet", path, "-pam", "-o", out], check=True)
            return rgba_pam(out)
        if path.endswith(".avif"):
            out = os.path.join(scratch, "out.png")
            subprocess.run(["heif-convert", path, out], check=True, capture_output=True)
            w, h, raw = rgba_convert(out)
            info = subprocess.run(["avifdec", "--info", path], capture_output=True, text=True).stdout
            if "YUV400" in info and "Limited" in info:
                # heif-convert (and avifdec) write a monochrome image's luma as stored; its
                # limited range (16-235) is expanded to 0-255 as libavif's avifImageYUVToRGB,
                # which browsers use, expands it.
                expand = bytes(min(255, max(0, round((v - 16) * 255 / 219))) for v in range(256))
                raw = bytes(v if i % 4 == 3 else expand[v] for i, v in enumerate(raw))
            return w, h, raw
        if path.endswith(".png"):
            return rgba_convert(without_colour_chunks(path, scratch))
        return rgba_convert(path)

def grid(w, h, raw):
    gw, gh = min(GRID, w), min(GRID, h)
    cells = []
    for j in range(gh):
        y0, y1 = j * h // gh, (j + 1) * h // gh
        for i in range(gw):
            x0, x1 = i * w // gw, (i + 1) * w // gw
            sums = [0, 0, 0, 0]
            for y in range(y0, y1):
                row = (y * w) * 4
                for x in range(x0, x1):
                    p = row + x * 4
                    a = raw[p + 3]
                    sums[0] += raw[p] * a
                    sums[1] += raw[p + 1] * a
                    sums[2] += raw[p + 2] * a
                    sums[3] += a
            n = (y1 - y0) * (x1 - x0)
            cells += [round(sums[0] / (255 * n)), round(sums[1] / (255 * n)), round(sums[2] / (255 * n)), round(sums[3] / n)]
    return bytes(cells).hex()

def valid(suite, name):
    if suite == "pngsuite":
        return name.endswith(".png") and not name.startswith("x")
    if suite == "bmpsuite":
        return name.startswith("g/")
    return name.endswith((".webp", ".bmp", ".avif"))

for suite in sys.argv[1:] or ["pngsuite", "bmpsuite", "libwebp-test-data", "avif-sample-images"]:
    names = []
    for root, _, files in os.walk(suite):
        names += [os.path.relpath(os.path.join(root, f), suite) for f in files]
    lines = []
    for name in sorted(n for n in names if valid(suite, n)):
        try:
            w, h, raw = reference(suite, os.path.join(suite, name))
        except subprocess.CalledProcessError as error:
            print(f"{suite}/{name}: no reference ({error})", file=sys.stderr)
            continue
        lines.append(f"{name} {w} {h} {grid(w, h, raw)}\n")
    with open(os.path.join(suite, "references.txt"), "w") as out:
        out.writelines(lines)
    print(f"{suite}: {len(lines)} references")
