#ifndef IMAGE_SHIM_DAMAGE_GREY_H
#define IMAGE_SHIM_DAMAGE_GREY_H

/*
 * What every tolerant decode paints where a damaged file gave nothing: opaque PF_DAMAGE_GREY
 * (RGBA, 4 bytes a pixel), as browsers draw the part of a picture that has not arrived.
 */

#include "image_shim.h"
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* `pixels` pixels of one row, from `row`, opaque grey. */
static inline void pf_damage_grey_row(uint8_t *row, size_t pixels) {
    memset(row, PF_DAMAGE_GREY, pixels * 4);
    for (size_t x = 0; x < pixels; x++) {
        row[x * 4 + 3] = 255;
    }
}

/* Rows [from, to) of `out` (rows `stride` bytes apart, `pixels` pixels wide), opaque grey. */
static inline void pf_damage_grey_rows(uint8_t *out, size_t stride, size_t pixels, int64_t from, int64_t to) {
    for (int64_t y = from < 0 ? 0 : from; y < to; y++) {
        pf_damage_grey_row(out + (size_t)y * stride, pixels);
    }
}

#endif
