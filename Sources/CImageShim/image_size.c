/*
 * What every library format does with a decoded image's size: the decode limit, the reduced
 * size, and the area average of a whole decoded image into the caller's buffer.
 */
#include "image_size.h"

#include <string.h>

#include "box_reducer.h"
#include "image_shim.h"

int pf_size_is_sane(int64_t width, int64_t height) {
    return width > 0 && height > 0 && width <= INT32_MAX / 8 && height <= INT32_MAX / 8 &&
           width * height <= (int64_t)PF_MAX_DECODE_PIXELS;
}

int pf_reduced_size_matches(int32_t width, int32_t height, int32_t reduce, int32_t out_width, int32_t out_height) {
    return reduce >= 1 && width > 0 && height > 0 && pf_reduced_side(width, reduce) == out_width &&
           pf_reduced_side(height, reduce) == out_height;
}

int pf_reduce_into(const uint8_t *rgba, size_t stride, int32_t width, int32_t height, int32_t reduce,
                   uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height) {
    if (!pf_reduced_size_matches(width, height, reduce, out_width, out_height)) {
        return 0;
    }
    if (reduce == 1) {
        for (int32_t y = 0; y < height; y++) {
            memcpy(out + (size_t)y * out_stride, rgba + (size_t)y * stride, (size_t)width * 4);
        }
        return 1;
    }
    pf_box_reducer reducer;
    if (!pf_box_reducer_init(&reducer, width, height, reduce, 0, out, out_stride)) {
        return 0;
    }
    for (int32_t y = 0; y < height; y++) {
        pf_box_reducer_add(&reducer, rgba + (size_t)y * stride, y, 0, 1, width);
    }
    pf_box_reducer_finish(&reducer);
    pf_box_reducer_free(&reducer);
    return 1;
}
