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

/* pf_gif_decode going on past damage (see pf_image_decode_tolerant); damage NULL: pf_gif_decode. */
pf_status pf_gif_decode_tolerant(const uint8_t *data, size_t size, int32_t reduce, uint8_t *out, size_t out_stride,
                                 int32_t out_width, int32_t out_height, pf_damage *damage, char *message,
                                 size_t capacity);

/* pf_tiff_decode going on past damage, strip by strip or tile by tile; damage NULL: pf_tiff_decode. */
pf_status pf_tiff_decode_tolerant(const uint8_t *data, size_t size, int32_t reduce, uint8_t *out, size_t out_stride,
                                  int32_t out_width, int32_t out_height, pf_damage *damage, char *message,
                                  size_t capacity);

/* pf_webp_decode going on past damage (a still's rows its incremental decoder output); damage NULL: pf_webp_decode. */
pf_status pf_webp_decode_tolerant(const uint8_t *data, size_t size, int32_t reduce, uint8_t *out, size_t out_stride,
                                  int32_t out_width, int32_t out_height, pf_damage *damage, char *message,
                                  size_t capacity);

#endif
