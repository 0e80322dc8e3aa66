/*
 * libFuzzer targets for the C shim's decode paths (built by `make fuzz`, with AddressSanitizer).
 *
 * FUZZ_PNG: probe, then a full and a reduced decode. FUZZ_JPEG: probe, then decodes at two DCT
 * scales and reductions under the default memory cap, then progressive previews (buffered-image
 * mode) of the first half of the input and of all of it. Images claiming more than 4 megapixels
 * are skipped after the probe (the Swift layer refuses large ones from the header the same way),
 * so every execution stays fast. Any crash, leak or sanitizer report is a finding.
 */
#include <stdint.h>
#include <stdlib.h>

#include "image_shim.h"

#define FUZZ_MAX_PIXELS (4 * 1024 * 1024)

static int32_t fuzz_side(int32_t side, int32_t factor) {
    return (int32_t)(((int64_t)side + factor - 1) / factor);
}

static void fuzz_decode_into(int32_t width, int32_t height, int png, const uint8_t *data, size_t size,
                             int32_t scale, int32_t reduce) {
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
    if (png) {
        pf_png_decode_reduced(data, size, reduce, out, stride, out_width, out_height, message, sizeof(message));
    } else {
        pf_jpeg_decode_reduced(data, size, scale, reduce, 0, out, stride, out_width, out_height, message,
                               sizeof(message));
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char message[PF_MESSAGE_CAPACITY];
    int32_t reduce = 2 + (int32_t)(size % 5);
#ifdef FUZZ_PNG
    pf_png_info info;
    if (pf_png_probe(data, size, &info, message, sizeof(message)) != PF_OK) {
        return 0;
    }
    if (info.width <= 0 || info.height <= 0 || (int64_t)info.width * info.height > FUZZ_MAX_PIXELS) {
        return 0;
    }
    fuzz_decode_into(info.width, info.height, 1, data, size, 1, 1);
    fuzz_decode_into(info.width, info.height, 1, data, size, 1, reduce);
#else
    pf_jpeg_info info;
    uint8_t exif[256];
    if (pf_jpeg_probe(data, size, &info, exif, sizeof(exif), message, sizeof(message)) != PF_OK) {
        return 0;
    }
    if (info.width <= 0 || info.height <= 0 || (int64_t)info.width * info.height > FUZZ_MAX_PIXELS) {
        return 0;
    }
    fuzz_decode_into(info.width, info.height, 0, data, size, 1, 1);
    fuzz_decode_into(info.width, info.height, 0, data, size, 8, reduce);
    if (info.progressive) {
        fuzz_preview(info.width, info.height, data, size / 2, 2, 1);
        fuzz_preview(info.width, info.height, data, size, 4, reduce);
        fuzz_dc(info.width, info.height, data, size, reduce);
    }
#endif
    return 0;
}
