/*
 * libFuzzer targets for the C shim's decode paths (built by `make fuzz`, with AddressSanitizer).
 *
 * FUZZ_PNG: probe, then a full decode, and a full and a reduced one that go on past damage
 * (pf_png_decode_tolerant: rows, or an interlaced file's passes). FUZZ_JPEG: probe, then a strict full decode and tolerant decodes
 * (pf_jpeg_decode_tolerant) at two DCT scales and reductions under the default memory cap (the
 * damage report checked against the output), then progressive previews (buffered-image
 * mode) of the first half of the input and of all of it. Images claiming more than 4 megapixels
 * are skipped after the probe (the Swift layer refuses large ones from the header the same way),
 * so every execution stays fast. Any crash, leak or sanitizer report is a finding.
 *
 * FUZZ_FORMATS: WebP, GIF, AVIF, HEIF, JPEG XL and TIFF in one target (pf_image_probe and
 * pf_image_decode): the format is sniffed from the first bytes as ImageFormat.sniff does (an
 * input with no signature goes to the format size % 6 picks), then a probe, a full decode, a
 * reduced one, the stored thumbnail when there is one, for GIF, TIFF and WebP the full and
 * reduced decodes that go on past damage (pf_image_decode_tolerant: a GIF's rows or interlaced
 * passes, a TIFF's strips or tiles, a WebP's incremental rows), and for GIF and WebP two loops of the
 * animation (pf_anim_*); a JPEG XL's info-panel metadata (pf_jxl_metadata: its Exif and brob
 * boxes, its colour profile's name) before its probe. The libraries themselves are
 * Debian's (not instrumented): ASan watches the shim's own reads and writes, and any crash in a
 * library is still a crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "image_shim.h"

#define FUZZ_MAX_PIXELS (4 * 1024 * 1024)

static int32_t fuzz_side(int32_t side, int32_t factor) {
    return (int32_t)(((int64_t)side + factor - 1) / factor);
}

/* tolerant: the decode that goes on past damage (pf_*_decode_tolerant), its report checked. */
static void fuzz_decode_into(int32_t width, int32_t height, int png, const uint8_t *data, size_t size,
                             int32_t scale, int32_t reduce, int tolerant) {
    char message[PF_MESSAGE_CAPACITY];
    int32_t scaled_width = png ? width : fuzz_side(width, scale);
    int32_t scaled_height = png ? height : fuzz_side(height, scale);
    int32_t out_width = fuzz_side(scaled_width, reduce);
    int32_t out_height = fuzz_side(scaled_height, reduce);
    size_t stride = (size_t)out_width * 4;
    uint8_t *out = malloc(stride * (size_t)out_height);
    if (out == NULL) {
        return;
    }
    pf_damage damage;
    pf_damage *report = tolerant ? &damage : NULL;
    pf_status status;
    if (png) {
        status = pf_png_decode_tolerant(data, size, reduce, out, stride, out_width, out_height, report, message,
                                        sizeof(message));
    } else {
        status = pf_jpeg_decode_tolerant(data, size, scale, reduce, 0, out, stride, out_width, out_height, report,
                                         message, sizeof(message));
    }
    if (tolerant && status == PF_OK && damage.damaged &&
        (damage.decoded_rows < 0 || damage.decoded_rows > out_height)) {
        __builtin_trap();
    }
    free(out);
}

static void fuzz_preview(int32_t width, int32_t height, const uint8_t *data, size_t size, int32_t scale,
                         int32_t reduce) {
    char message[PF_MESSAGE_CAPACITY];
    int32_t out_width = fuzz_side(fuzz_side(width, scale), reduce);
    int32_t out_height = fuzz_side(fuzz_side(height, scale), reduce);
    size_t stride = (size_t)out_width * 4;
    uint8_t *out = malloc(stride * (size_t)out_height);
    int32_t scan = 0, coarse = 0;
    if (out == NULL) {
        return;
    }
    pf_jpeg_decode_prefix(data, size, scale, reduce, 0, out, stride, out_width, out_height, &scan, &coarse,
                          message, sizeof(message));
    free(out);
}

/* The DC-only decode at 1/8 (thumbnails of progressive JPEGs). */
static void fuzz_dc(int32_t width, int32_t height, const uint8_t *data, size_t size, int32_t reduce) {
    char message[PF_MESSAGE_CAPACITY];
    int32_t out_width = fuzz_side(fuzz_side(width, 8), reduce);
    int32_t out_height = fuzz_side(fuzz_side(height, 8), reduce);
    size_t stride = (size_t)out_width * 4;
    uint8_t *out = malloc(stride * (size_t)out_height);
    int32_t scan = 0;
    if (out == NULL) {
        return;
    }
    pf_jpeg_decode_dc(data, size, reduce, 0, out, stride, out_width, out_height, &scan, message, sizeof(message));
    free(out);
}

#ifdef FUZZ_FORMATS
static int starts(const uint8_t *data, size_t size, const char *signature, size_t length, size_t offset) {
    return size >= offset + length && memcmp(data + offset, signature, length) == 0;
}

static int32_t fuzz_format(const uint8_t *data, size_t size) {
    if (starts(data, size, "RIFF", 4, 0) && starts(data, size, "WEBP", 4, 8)) return PF_FORMAT_WEBP;
    if (starts(data, size, "GIF8", 4, 0)) return PF_FORMAT_GIF;
    if (starts(data, size, "\xFF\x0A", 2, 0) || starts(data, size, "\0\0\0\x0CJXL ", 8, 0)) return PF_FORMAT_JXL;
    if (starts(data, size, "II*\0", 4, 0) || starts(data, size, "MM\0*", 4, 0)) return PF_FORMAT_TIFF;
    if (starts(data, size, "ftyp", 4, 4)) {
        for (size_t offset = 8; offset + 4 <= size && offset < 64; offset += 4) {
            if (starts(data, size, "avif", 4, offset) || starts(data, size, "avis", 4, offset)) return PF_FORMAT_AVIF;
        }
        return PF_FORMAT_HEIF;
    }
    return 1 + (int32_t)(size % 6);
}

/* thumbnail 2: the decode that goes on past damage (pf_image_decode_tolerant), its report checked. */
static void fuzz_format_decode(int32_t format, const uint8_t *data, size_t size, int32_t width, int32_t height,
                               int32_t reduce, int32_t thumbnail) {
    char message[PF_MESSAGE_CAPACITY];
    int32_t out_width = fuzz_side(width, reduce), out_height = fuzz_side(height, reduce);
    size_t stride = (size_t)out_width * 4;
    uint8_t *out = malloc(stride * (size_t)out_height);
    if (out == NULL) {
        return;
    }
    if (thumbnail == 2) {
        pf_damage damage;
        if (pf_image_decode_tolerant(format, data, size, reduce, out, stride, out_width, out_height, &damage, message,
                                     sizeof(message)) == PF_OK &&
            damage.damaged && (damage.decoded_rows < 0 || damage.decoded_rows > out_height)) {
            __builtin_trap();
        }
    } else {
        pf_image_decode(format, data, size, reduce, thumbnail, out, stride, out_width, out_height, message,
                        sizeof(message));
    }
    free(out);
}

/* Plays a GIF or WebP animation for up to two loops of at most 16 frames each (pf_anim_*). */
static void fuzz_animation(int32_t format, const uint8_t *data, size_t size, int32_t reduce) {
    char message[PF_MESSAGE_CAPACITY];
    pf_anim_info info;
    pf_status status = PF_OK;
    pf_anim *anim = pf_anim_open(format, data, size, reduce, &info, &status, message, sizeof(message));
    if (anim == NULL) {
        return;
    }
    int32_t out_width = fuzz_side(info.canvas_width, reduce), out_height = fuzz_side(info.canvas_height, reduce);
    size_t stride = (size_t)out_width * 4;
    uint8_t *out = malloc(stride * (size_t)out_height);
    int32_t frames = info.frame_count < 16 ? info.frame_count : 16;
    for (int32_t step = 0; out != NULL && step < 2 * frames + 1; step++) {
        int32_t index = 0, duration = 0;
        if (pf_anim_next(anim, out, stride, out_width, out_height, &index, &duration, message, sizeof(message)) !=
            PF_OK) {
            break;
        }
    }
    free(out);
    pf_anim_close(anim);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char message[PF_MESSAGE_CAPACITY];
    int32_t reduce = 2 + (int32_t)(size % 5);
#if defined(FUZZ_FORMATS)
    int32_t format = fuzz_format(data, size);
    if (format == PF_FORMAT_JXL) {
        /* The info panel's box walk (Exif, brob inflated by libjxl) reads what the probe may refuse. */
        uint8_t exif[1024];
        size_t exif_length = 0;
        pf_jxl_metadata(data, size, exif, sizeof(exif), &exif_length, message, sizeof(message));
        if (exif_length > sizeof(exif)) {
            __builtin_trap();
        }
    }
    pf_image_info info;
    if (pf_image_probe(format, data, size, &info, message, sizeof(message)) != PF_OK) {
        return 0;
    }
    if (info.width <= 0 || info.height <= 0 || (int64_t)info.width * info.height > FUZZ_MAX_PIXELS) {
        return 0;
    }
    fuzz_format_decode(format, data, size, info.width, info.height, 1, 0);
    fuzz_format_decode(format, data, size, info.width, info.height, reduce, 0);
    if (format == PF_FORMAT_GIF || format == PF_FORMAT_TIFF || format == PF_FORMAT_WEBP) {
        fuzz_format_decode(format, data, size, info.width, info.height, 1, 2);
        fuzz_format_decode(format, data, size, info.width, info.height, reduce, 2);
    }
    if (info.thumbnail_width > 0 && info.thumbnail_height > 0) {
        fuzz_format_decode(format, data, size, info.thumbnail_width, info.thumbnail_height, 1, 1);
    }
    if (format == PF_FORMAT_GIF || format == PF_FORMAT_WEBP) {
        fuzz_animation(format, data, size, reduce);
    }
#elif defined(FUZZ_PNG)
    pf_png_info info;
    if (pf_png_probe(data, size, &info, message, sizeof(message)) != PF_OK) {
        return 0;
    }
    if (info.width <= 0 || info.height <= 0 || (int64_t)info.width * info.height > FUZZ_MAX_PIXELS) {
        return 0;
    }
    fuzz_decode_into(info.width, info.height, 1, data, size, 1, 1, 0);
    fuzz_decode_into(info.width, info.height, 1, data, size, 1, 1, 1);
    fuzz_decode_into(info.width, info.height, 1, data, size, 1, reduce, 1);
#else
    pf_jpeg_info info;
    uint8_t exif[256];
    if (pf_jpeg_probe(data, size, &info, exif, sizeof(exif), message, sizeof(message)) != PF_OK) {
        return 0;
    }
    if (info.width <= 0 || info.height <= 0 || (int64_t)info.width * info.height > FUZZ_MAX_PIXELS) {
        return 0;
    }
    fuzz_decode_into(info.width, info.height, 0, data, size, 1, 1, 0);
    fuzz_decode_into(info.width, info.height, 0, data, size, 1, 1, 1);
    fuzz_decode_into(info.width, info.height, 0, data, size, 8, reduce, 1);
    if (info.progressive) {
        fuzz_preview(info.width, info.height, data, size / 2, 2, 1);
        fuzz_preview(info.width, info.height, data, size, 4, reduce);
        fuzz_dc(info.width, info.height, data, size, reduce);
    }
#endif
    return 0;
}
