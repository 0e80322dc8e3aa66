#ifndef IMAGE_SHIM_IMAGE_SIZE_H
#define IMAGE_SHIM_IMAGE_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* A decoded image's size (image_size.c): the decode limit, the reduced size, the whole-image
 * reduction. */

/* width × height within PF_MAX_DECODE_PIXELS and both positive. */
int pf_size_is_sane(int64_t width, int64_t height);

/* Whether out_width × out_height is the size `reduce` makes of width × height. */
int pf_reduced_size_matches(int32_t width, int32_t height, int32_t reduce, int32_t out_width, int32_t out_height);

/*
 * Area-averages a whole RGBA8 image by `reduce` into out (reduce 1 copies); the sizes must
 * match (pf_reduced_size_matches). 0 when the reducer's sums cannot be allocated.
 */
int pf_reduce_into(const uint8_t *rgba, size_t stride, int32_t width, int32_t height, int32_t reduce,
                   uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height);

#endif
