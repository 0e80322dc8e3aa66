#ifndef IMAGE_SHIM_COLOR_CONVERSION_H
#define IMAGE_SHIM_COLOR_CONVERSION_H

#include <stddef.h>
#include <stdint.h>

/* Decoded pixels to sRGB (color_conversion.c); the pf_color values are image_shim.h's. */

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

#endif
