/*
 * The colour conversion of decoded pixels to sRGB (little-cms), from an ICC profile or from CICP
 * primaries.
 */
#include "color_conversion.h"

#include <lcms2.h>

#include "image_shim.h"

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
