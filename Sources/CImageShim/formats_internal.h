#ifndef IMAGE_SHIM_FORMATS_INTERNAL_H
#define IMAGE_SHIM_FORMATS_INTERNAL_H

#include "shim_internal.h"

/* One probe and one decode per library (see pf_image_probe / pf_image_decode). */
#define PF_FORMAT_ENTRY(name)                                                                           \
    pf_status pf_##name##_probe(const uint8_t *data, size_t size, pf_image_info *info, char *message,     \
                                size_t message_capacity);                                                \
    pf_status pf_##name##_decode(const uint8_t *data, size_t size, int32_t reduce, int32_t use_thumbnail, \
                                 uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height,  \
                                 char *message, size_t message_capacity);
PF_FORMAT_ENTRY(webp)
PF_FORMAT_ENTRY(gif)
PF_FORMAT_ENTRY(avif)
PF_FORMAT_ENTRY(heif)
PF_FORMAT_ENTRY(jxl)
PF_FORMAT_ENTRY(tiff)
#undef PF_FORMAT_ENTRY

/* Whether out_width × out_height is the size `reduce` makes of width × height. */
int pf_reduced_size_matches(int32_t width, int32_t height, int32_t reduce, int32_t out_width, int32_t out_height);

/*
 * Area-averages a whole RGBA8 image by `reduce` into out (reduce 1 copies); the sizes must
 * match (pf_reduced_size_matches). 0 when the reducer's sums cannot be allocated.
 */
int pf_reduce_into(const uint8_t *rgba, size_t stride, int32_t width, int32_t height, int32_t reduce,
                   uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height);

/*
 * Converts RGBA8 pixels in place to sRGB: from an ICC profile (PF_COLOR_ICC; RGB profiles
 * only, gray and CMYK ones are left as they are) or from CICP primaries (PF_COLOR_P3,
 * PF_COLOR_BT2020, with the sRGB transfer curve). PF_COLOR_SRGB and PF_COLOR_HDR do nothing.
 * A profile little-cms cannot read is ignored (the pixels stay as decoded): a broken profile
 * does not make a photo undecodable. Alpha is kept.
 */
void pf_color_to_srgb(int32_t color, const uint8_t *icc, size_t icc_size, uint8_t *rgba, size_t stride,
                      int32_t width, int32_t height);

/* The pf_color for CICP colour primaries and transfer characteristics (ISO/IEC 23091-2). */
int32_t pf_color_from_cicp(int32_t primaries, int32_t transfer);

/* An EXIF orientation (1–8) from a TIFF structure (EXIF payload); 1 when absent or malformed. */
int32_t pf_exif_orientation(const uint8_t *tiff, size_t size);

/* width × height within PF_MAX_DECODE_PIXELS and both positive. */
int pf_size_is_sane(int64_t width, int64_t height);

#endif
