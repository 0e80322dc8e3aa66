/*
 * The dispatch for the formats decoded through Debian's libraries, and what they share:
 * the area average of a whole decoded image, the colour conversion to sRGB (little-cms), the
 * EXIF orientation of a TIFF structure.
 */
#include "formats_internal.h"

#include <lcms2.h>
#include <string.h>

#include "box_reducer.h"

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

int32_t pf_color_from_cicp(int32_t primaries, int32_t transfer) {
    /* Transfer 16 is PQ (SMPTE ST 2084), 18 is HLG (ARIB STD-B67). */
    if (transfer == 16 || transfer == 18) {
        return PF_COLOR_HDR;
    }
    switch (primaries) {
    case 9: return PF_COLOR_BT2020;
    case 11:  /* DCI-P3 (its own white; taken with D65 like Display P3: a small error in white only) */
    case 12: return PF_COLOR_P3;
    default: return PF_COLOR_SRGB;
    }
}

static void pf_lcms_quiet(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context;
    (void)code;
    (void)text;
}

/* An RGB profile of the given primaries with D65 white and the sRGB transfer curve. */
static cmsHPROFILE pf_primaries_profile(cmsContext context, int32_t color) {
    cmsCIExyY white = {0.3127, 0.3290, 1.0};
    cmsCIExyYTRIPLE p3 = {{0.680, 0.320, 1.0}, {0.265, 0.690, 1.0}, {0.150, 0.060, 1.0}};
    cmsCIExyYTRIPLE bt2020 = {{0.708, 0.292, 1.0}, {0.170, 0.797, 1.0}, {0.131, 0.046, 1.0}};
    /* IEC 61966-2-1: Y = ((X + 0.055) / 1.055)^2.4 above 0.04045, X / 12.92 below. */
    cmsFloat64Number parameters[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
    cmsToneCurve *curve = cmsBuildParametricToneCurve(context, 4, parameters);
    if (curve == NULL) {
        return NULL;
    }
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfileTHR(context, &white, color == PF_COLOR_P3 ? &p3 : &bt2020, curves);
    cmsFreeToneCurve(curve);
    return profile;
}

void pf_color_to_srgb(int32_t color, const uint8_t *icc, size_t icc_size, uint8_t *rgba, size_t stride,
                      int32_t width, int32_t height) {
    if (color == PF_COLOR_SRGB || color == PF_COLOR_HDR || rgba == NULL || width < 1 || height < 1) {
        return;
    }
    if (color == PF_COLOR_ICC && (icc == NULL || icc_size < 128 || icc_size > UINT32_MAX)) {
        return;
    }
    /* A context of our own: no global handler, nothing printed. */
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (context == NULL) {
        return;
    }
    cmsSetLogErrorHandlerTHR(context, pf_lcms_quiet);
    cmsHPROFILE source = color == PF_COLOR_ICC ? cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)icc_size)
                                               : pf_primaries_profile(context, color);
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    cmsHTRANSFORM transform = NULL;
    if (source != NULL && srgb != NULL && cmsGetColorSpace(source) == cmsSigRgbData &&
        cmsGetDeviceClass(source) != cmsSigLinkClass) {
        transform = cmsCreateTransformTHR(context, source, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_PERCEPTUAL,
                                          cmsFLAGS_COPY_ALPHA);
    }
    if (transform != NULL) {
        for (int32_t y = 0; y < height; y++) {
            uint8_t *row = rgba + (size_t)y * stride;
            cmsDoTransform(transform, row, row, (cmsUInt32Number)width);
        }
        cmsDeleteTransform(transform);
    }
    if (source != NULL) {
        cmsCloseProfile(source);
    }
    if (srgb != NULL) {
        cmsCloseProfile(srgb);
    }
    cmsDeleteContext(context);
}

static uint32_t pf_read16(const uint8_t *p, int little) {
    return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 : (uint32_t)p[0] << 8 | (uint32_t)p[1];
}

static uint32_t pf_read32(const uint8_t *p, int little) {
    return little ? pf_read16(p, 1) | pf_read16(p + 2, 1) << 16 : pf_read16(p, 0) << 16 | pf_read16(p + 2, 0);
}

int32_t pf_exif_orientation(const uint8_t *tiff, size_t size) {
    /* WebP and JPEG XL Exif payloads may keep JPEG's "Exif\0\0" prefix. */
    if (tiff != NULL && size >= 6 && memcmp(tiff, "Exif\0\0", 6) == 0) {
        tiff += 6;
        size -= 6;
    }
    if (tiff == NULL || size < 8) {
        return 1;
    }
    int little;
    if (tiff[0] == 'I' && tiff[1] == 'I') {
        little = 1;
    } else if (tiff[0] == 'M' && tiff[1] == 'M') {
        little = 0;
    } else {
        return 1;
    }
    if (pf_read16(tiff + 2, little) != 42) {
        return 1;
    }
    uint32_t ifd = pf_read32(tiff + 4, little);
    if (ifd > size - 2) {
        return 1;
    }
    uint32_t entries = pf_read16(tiff + ifd, little);
    for (uint32_t i = 0; i < entries; i++) {
        size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
        if (entry + 12 > size) {
            return 1;
        }
        if (pf_read16(tiff + entry, little) == 0x0112) {
            uint32_t value = pf_read16(tiff + entry + 8, little);
            int ok = pf_read16(tiff + entry + 2, little) == 3 && pf_read32(tiff + entry + 4, little) == 1;
            return ok && value >= 1 && value <= 8 ? (int32_t)value : 1;
        }
    }
    return 1;
}
