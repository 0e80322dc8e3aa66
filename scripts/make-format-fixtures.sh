#!/bin/sh
# Makes the test files of Assets/formats from Assets/photos/chelsea.jpg (CC0) and horse.png (CC0)
# with Debian bookworm's tools: webp (cwebp, img2webp), libavif-bin (avifenc), libheif-examples
# (heif-enc), libjxl-tools (cjxl), imagemagick (convert), libimage-exiftool-perl (exiftool).
# The files are committed; this script says how each was made (Assets/photos/PROVENANCE.md).
# Encoders are not bit-reproducible across versions: rerun only to remake them all.
set -eu
out=Assets/formats
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
photos=Assets/photos

# The upright picture: chelsea.jpg scaled to 96×64 (landscape, so a turned file is obvious).
convert "$photos/chelsea.jpg" -resize 96x64! -strip "$work/upright.png"
# Stored turned for EXIF orientation 6 (displayed = stored turned 90° clockwise) and 8.
convert "$work/upright.png" -rotate -90 "$work/stored6.png"
convert "$work/upright.png" -rotate 90 "$work/stored8.png"
cp "$work/upright.png" "$out/upright.png"

# WebP: lossy still, lossless with alpha, EXIF orientation 6, animated with alpha blending.
cwebp -quiet -q 80 "$work/upright.png" -o "$out/still.webp"
convert -size 48x32 xc:none -fill '#ff0000' -draw 'rectangle 8,8 39,23' PNG32:"$work/alpha.png"
cwebp -quiet -lossless "$work/alpha.png" -o "$out/alpha-lossless.webp"
cwebp -quiet -q 80 "$work/stored6.png" -o "$out/orientation-6.webp"
exiftool -q -overwrite_original -n -Orientation=6 "$out/orientation-6.webp"
# Three frames: the photo, then half-transparent squares blended over it (frame 1 is what shows).
convert -size 96x64 xc:none -fill '#ff000080' -draw 'rectangle 10,10 40,40' "$work/f2.png"
convert -size 96x64 xc:none -fill '#0000ff80' -draw 'rectangle 50,20 80,50' "$work/f3.png"
img2webp -loop 0 -lossy -q 70 -d 300 "$work/upright.png" -d 300 "$work/f2.png" -d 300 "$work/f3.png" \
    -o "$out/animated.webp" >/dev/null 2>&1

# GIF: still, animated with transparency and each disposal (none, background, previous).
convert "$work/upright.png" "$out/still.gif"
convert -size 48x32 xc:'#00ff00' -fill '#ff00ff' -draw 'rectangle 0,0 23,15' "$work/g1.png"
convert -size 48x32 xc:none -fill '#0000ff' -draw 'rectangle 24,16 47,31' "$work/g2.png"
convert -size 48x32 xc:none -fill '#ffff00' -draw 'rectangle 8,8 15,15' "$work/g3.png"
convert -loop 0 -delay 20 -dispose none "$work/g1.png" -dispose background "$work/g2.png" \
    -dispose previous "$work/g3.png" "$out/animated.gif"

# AVIF: 8-bit, 10-bit, irot 3 (270° anti-clockwise = EXIF 6), irot 1 + imir 1.
avifenc -j 1 -s 8 --min 20 --max 30 "$work/upright.png" "$out/still.avif" >/dev/null
avifenc -j 1 -s 8 --min 20 --max 30 -d 10 "$work/upright.png" "$out/10bit.avif" >/dev/null
avifenc -j 1 -s 8 --min 20 --max 30 --irot 3 "$work/stored6.png" "$out/irot3.avif" >/dev/null
# Stored so that turning 90° anti-clockwise, then mirroring left-right, gives the upright picture.
convert "$work/upright.png" -flop -rotate 90 "$work/stored-irot1-imir1.png"
avifenc -j 1 -s 8 --min 20 --max 30 --irot 1 --imir 1 "$work/stored-irot1-imir1.png" "$out/irot1-imir1.avif" >/dev/null

# HEIC: still with a 48×32 thumbnail; a JPEG with EXIF orientation 6 (heif-enc 1.15 keeps the EXIF
# and writes no irot: the EXIF is the only orientation; a file with irot gets no EXIF turn).
heif-enc -q 60 -t 48 "$work/upright.png" -o "$out/still.heic" >/dev/null
convert "$work/stored6.png" -quality 92 "$work/stored6.jpg"
exiftool -q -overwrite_original -n -Orientation=6 "$work/stored6.jpg"
heif-enc -q 60 "$work/stored6.jpg" -o "$out/exif-orientation-6.heic" >/dev/null
# Display P3: a flat (200, 60, 60) tagged with a Display P3 ICC profile (made with little-cms:
# P3 primaries, D65, the sRGB curve); ImageMagick assigns (not converts) a profile to an untagged
# image, and heif-enc copies a PNG's iCCP. The same flat colour untagged, to compare. And an AVIF
# saying Display P3 by CICP (nclx 12/13/6) instead of a profile.
cat >"$work/p3.c" <<'C'
#include <lcms2.h>
int main(int argc, char **argv) {
    cmsCIExyY white = {0.3127, 0.3290, 1.0};
    cmsCIExyYTRIPLE p3 = {{0.680, 0.320, 1.0}, {0.265, 0.690, 1.0}, {0.150, 0.060, 1.0}};
    cmsFloat64Number srgb[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
    cmsToneCurve *curve = cmsBuildParametricToneCurve(NULL, 4, srgb);
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &p3, curves);
    return argc == 2 && cmsSaveProfileToFile(profile, argv[1]) ? 0 : 1;
}
C
cc "$work/p3.c" -llcms2 -o "$work/p3" && "$work/p3" "$work/display-p3.icc"
convert -size 64x64 xc:'rgb(200,60,60)' -depth 8 PNG24:"$work/flat.png"
convert "$work/flat.png" -profile "$work/display-p3.icc" PNG24:"$work/flat-p3.png"
heif-enc -q 90 "$work/flat-p3.png" -o "$out/display-p3.heic" >/dev/null
heif-enc -q 90 "$work/flat.png" -o "$out/srgb-flat.heic" >/dev/null
avifenc -j 1 -s 8 --min 0 --max 10 --cicp 12/13/6 "$work/flat.png" "$out/display-p3-nclx.avif" >/dev/null
avifenc -j 1 -s 8 --min 0 --max 10 "$work/flat.png" "$out/srgb-flat.avif" >/dev/null

# JPEG XL: lossy still, and a JPEG with EXIF orientation 6 recompressed (orientation in the codestream).
cjxl --quiet -d 1.5 "$work/upright.png" "$out/still.jxl" >/dev/null 2>&1
cjxl --quiet "$work/stored6.jpg" "$out/orientation-6.jxl" >/dev/null 2>&1

# TIFF: LZW still, orientation 6 (the Orientation tag), the Display P3 flat colour (ICC profile).
convert "$work/upright.png" -compress lzw "$out/still.tiff"
convert "$work/stored6.png" -compress lzw -orient RightTop "$out/orientation-6.tiff"
convert "$work/flat-p3.png" -compress lzw "$out/display-p3.tiff"

# A truncated file of each format: the first half of its still.
for file in still.webp still.gif still.avif still.heic still.jxl still.tiff; do
    size=$(stat -c %s "$out/$file")
    head -c $((size / 2)) "$out/$file" >"$out/truncated-$file"
done
# A JPEG XL whose AC data is damaged (four bytes in its last two thirds flipped, Python's
# random.Random(0)): libjxl 0.7 prints its failure trace to stderr while decoding it.
python3 - "$out/still.jxl" "$out/corrupt-ac.jxl" <<'PY'
import random, sys
data = bytearray(open(sys.argv[1], "rb").read())
rng = random.Random(0)
for _ in range(4):
    index = rng.randrange(len(data) // 3, len(data))
    data[index] ^= rng.randrange(1, 256)
open(sys.argv[2], "wb").write(data)
PY
# A PNG whose name says WebP.
cp "$photos/horse.png" "$out/png-named.webp"
ls -l "$out"

# APNG: a magenta/green canvas, then a half-transparent red square blended over it (disposed to
# the background after), then a blue square replacing its pixels (disposed to the previous);
# all frames 8-bit RGBA so they share one IHDR (scripts/make-apng.py writes the chunks).
convert -size 48x32 xc:'#ff00ff' -fill '#00ff00' -draw 'rectangle 16,8 47,31' PNG32:"$work/p0.png"
convert -size 16x16 xc:'#ff000080' PNG32:"$work/p1.png"
convert -size 16x16 xc:'#0000ff' PNG32:"$work/p2.png"
python3 scripts/make-apng.py "$out/animated.png" 48 32 "$work/p0.png:0:0:200:0:0" \
    "$work/p1.png:4:4:200:1:1" "$work/p2.png:28:12:200:2:0"

# WebP with frames blended over the canvas (img2webp picks blending itself; webpmux says it):
# the photo, then half-transparent red and blue squares blended (`+b`) and kept (dispose none).
cwebp -quiet -q 80 "$work/upright.png" -o "$work/w1.webp"
convert -size 31x31 xc:'#ff000080' PNG32:"$work/w2.png"
convert -size 31x31 xc:'#0000ff80' PNG32:"$work/w3.png"
cwebp -quiet -lossless "$work/w2.png" -o "$work/w2.webp"
cwebp -quiet -lossless "$work/w3.png" -o "$work/w3.webp"
webpmux -frame "$work/w1.webp" +300+0+0+0-b -frame "$work/w2.webp" +300+10+10+0+b \
    -frame "$work/w3.webp" +300+50+20+0+b -loop 0 -o "$out/animated-blend.webp" >/dev/null

# TIFF stored big-endian ("MM"), and RGBA with unassociated alpha (libtiff hands it out
# premultiplied; the shim divides it back).
convert "$work/upright.png" -define tiff:endian=msb -compress lzw "$out/big-endian.tiff"
convert -size 48x32 xc:none -fill '#ff000080' -draw 'rectangle 8,8 39,23' -fill '#00ff00' -draw 'rectangle 0,0 3,3' \
    PNG32:"$work/alpha-tiff.png"
convert "$work/alpha-tiff.png" -type TrueColorAlpha -define tiff:alpha=unassociated -compress zip "$out/alpha.tiff"

# 3000×2000 gradients of each library format for the memory-per-format test (a few KB each).
mkdir -p Assets/formats-large  # not in Assets/formats: that folder seeds the fuzzer
convert -size 3000x2000 gradient:'#305080-#d0a060' "$work/large.png"
cwebp -quiet -q 80 "$work/large.png" -o "Assets/formats-large/large.webp"
avifenc --min 30 --max 40 -s 8 "$work/large.png" "Assets/formats-large/large.avif" >/dev/null
heif-enc -q 50 "$work/large.png" -o "Assets/formats-large/large.heic" >/dev/null
cjxl "$work/large.png" "Assets/formats-large/large.jxl" -d 2 >/dev/null 2>&1
convert "$work/large.png" +dither -colors 32 "Assets/formats-large/large.gif"
convert "$work/large.png" -compress lzw "Assets/formats-large/large.tiff"

# A JPEG whose EXIF names a camera, lens, exposure, date and place (made-up), for the info panel.
convert "$work/upright.png" -quality 85 "$work/exif-base.jpg"
python3 scripts/make-exif-jpeg.py "$work/exif-base.jpg" "$out/exif-camera.jpg"

# The same small gradient with an embedded ICC profile (lcms's "RGB built-in", taken from
# display-p3.tiff) in a JPEG's APP2, a PNG's iCCP and a WebP's ICCP, for the info panel's colour line.
convert "$out/display-p3.tiff" "$work/p3.icc"
for ext in jpg png webp; do convert -size 16x16 gradient:red-blue -profile "$work/p3.icc" "$out/icc-profile.$ext"; done

# The EXIF JPEG as an AVIF (avifenc keeps its Exif), for the info panel on AVIF.
avifenc "$out/exif-camera.jpg" "$out/exif-camera.avif" >/dev/null

# JPEG XL for the info panel: the EXIF JPEG recompressed (cjxl 0.7 keeps its EXIF in a
# Brotli-compressed "brob" box), and the ICC gradient lossless (the "RGB built-in" profile kept as
# an ICC profile) in a container with a plain "Exif" box whose TIFF header sits 6 bytes on.
cjxl --quiet "$out/exif-camera.jpg" "$out/exif-camera.jxl" >/dev/null 2>&1
cjxl --quiet -d 0 "$out/icc-profile.png" "$work/icc-lossless.jxl" >/dev/null 2>&1
python3 scripts/make-jxl-exif-box.py "$work/icc-lossless.jxl" "$out/exif-camera.jpg" "$out/exif-icc.jxl"
# A 16×12 TIFF with the same profile and the EXIF JPEG's tags (IFD0, Exif IFD), Orientation 6.
convert "$work/upright.png" -resize 16x12! -compress zip -profile "$work/p3.icc" "$out/exif-camera.tiff"
exiftool -q -overwrite_original -TagsFromFile "$out/exif-camera.jpg" -all:all -n -Orientation=6 "$out/exif-camera.tiff"
cp "$out/exif-camera.jxl" "$out/exif-icc.jxl" "$out/exif-camera.tiff" fuzz/seeds/
# A JPEG XL whose "brob" Exif box inflates to 2 MiB (over the reader's 1 MiB): a Brotli stream
# made with libbrotli (libbrotli-dev) after the ICC gradient's codestream.
cat >"$work/bomb.c" <<'C'
#include <brotli/encode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    size_t size = (size_t)2 << 20, out_size = 4096;
    uint8_t *in = calloc(size, 1), out[4096];
    memcpy(in + 4, "II*\0\x08\0\0\0", 8);
    if (argc != 2 || !BrotliEncoderCompress(9, 22, BROTLI_MODE_GENERIC, size, in, &out_size, out)) return 1;
    FILE *file = fopen(argv[1], "wb");
    return file != NULL && fwrite(out, 1, out_size, file) == out_size && fclose(file) == 0 ? 0 : 1;
}
C
cc "$work/bomb.c" -lbrotlienc -o "$work/bomb" && "$work/bomb" "$work/bomb.br"
python3 scripts/make-jxl-exif-box.py --brob "$work/icc-lossless.jxl" "$work/bomb.br" "$out/exif-brotli-bomb.jxl"
