/*
 * The dispatch for the formats decoded through Debian's libraries: a probe or a decode goes to
 * its format's file. What the formats share is in image_size.c, color_conversion.c and
 * exif_orientation.c, which call nothing here.
 */
#include "formats_internal.h"

#include <string.h>

pf_status pf_image_probe(int32_t format, const uint8_t *data, size_t size, pf_image_info *info,
                         char *message, size_t message_capacity) {
    if (info == NULL || (data == NULL && size > 0)) {
        pf_set_message(message, message_capacity, "no data or no info");
        return PF_ERR_ARGUMENT;
    }
    memset(info, 0, sizeof(*info));
    info->orientation = 1;
    info->frame_count = 1;
    info->bit_depth = 8;
    switch (format) {
    case PF_FORMAT_WEBP: return pf_webp_probe(data, size, info, message, message_capacity);
    case PF_FORMAT_GIF: return pf_gif_probe(data, size, info, message, message_capacity);
    case PF_FORMAT_AVIF: return pf_avif_probe(data, size, info, message, message_capacity);
    case PF_FORMAT_HEIF: return pf_heif_probe(data, size, info, message, message_capacity);
    case PF_FORMAT_JXL: return pf_jxl_probe(data, size, info, message, message_capacity);
    case PF_FORMAT_TIFF: return pf_tiff_probe(data, size, info, message, message_capacity);
    default:
        pf_set_message(message, message_capacity, "unknown format");
        return PF_ERR_ARGUMENT;
    }
}

pf_status pf_image_decode(int32_t format, const uint8_t *data, size_t size, int32_t reduce, int32_t use_thumbnail,
                          uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height,
                          char *message, size_t message_capacity) {
    if (out == NULL || (data == NULL && size > 0) || reduce < 1 || out_width < 1 || out_height < 1 ||
        out_stride < (size_t)out_width * 4) {
        pf_set_message(message, message_capacity, "bad output buffer or reduction");
        return PF_ERR_ARGUMENT;
    }
    switch (format) {
#define PF_DISPATCH(name)                                                                                \
    return pf_##name##_decode(data, size, reduce, use_thumbnail, out, out_stride, out_width, out_height, \
                              message, message_capacity)
    case PF_FORMAT_WEBP: PF_DISPATCH(webp);
    case PF_FORMAT_GIF: PF_DISPATCH(gif);
    case PF_FORMAT_AVIF: PF_DISPATCH(avif);
    case PF_FORMAT_HEIF: PF_DISPATCH(heif);
    case PF_FORMAT_JXL: PF_DISPATCH(jxl);
    case PF_FORMAT_TIFF: PF_DISPATCH(tiff);
#undef PF_DISPATCH
    default:
        pf_set_message(message, message_capacity, "unknown format");
        return PF_ERR_ARGUMENT;
    }
}

pf_status pf_image_decode_tolerant(int32_t format, const uint8_t *data, size_t size, int32_t reduce,
                                   uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height,
                                   pf_damage *damage, char *message, size_t message_capacity) {
    if (damage != NULL) {
        memset(damage, 0, sizeof(*damage));
    }
    if ((format != PF_FORMAT_GIF && format != PF_FORMAT_TIFF && format != PF_FORMAT_WEBP) || damage == NULL) {
        return pf_image_decode(format, data, size, reduce, 0, out, out_stride, out_width, out_height, message,
                               message_capacity);
    }
    if (out == NULL || (data == NULL && size > 0) || reduce < 1 || out_width < 1 || out_height < 1 ||
        out_stride < (size_t)out_width * 4) {
        pf_set_message(message, message_capacity, "bad output buffer or reduction");
        return PF_ERR_ARGUMENT;
    }
    if (format == PF_FORMAT_WEBP) {
        return pf_webp_decode_tolerant(data, size, reduce, out, out_stride, out_width, out_height, damage, message,
                                       message_capacity);
    }
    if (format == PF_FORMAT_TIFF) {
        return pf_tiff_decode_tolerant(data, size, reduce, out, out_stride, out_width, out_height, damage, message,
                                       message_capacity);
    }
    return pf_gif_decode_tolerant(data, size, reduce, out, out_stride, out_width, out_height, damage, message,
                                  message_capacity);
}
