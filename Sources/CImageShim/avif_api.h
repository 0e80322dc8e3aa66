#ifndef IMAGE_SHIM_AVIF_API_H
#define IMAGE_SHIM_AVIF_API_H

/*
 * libavif's entry points, opened on first use (library_loader.h): include this instead of
 * the library's header; every call below goes through the table under the function's own name.
 */

#include <avif/avif.h>
#include <stddef.h>

#include "library_loader.h"

#define PF_AVIF_SYMBOLS(X) \
    X(avifDecoderCreate) \
    X(avifDecoderDestroy) \
    X(avifDecoderNextImage) \
    X(avifDecoderParse) \
    X(avifDecoderSetIOMemory) \
    X(avifImageYUVToRGB) \
    X(avifRGBImageAllocatePixels) \
    X(avifRGBImageFreePixels) \
    X(avifRGBImageSetDefaults) \
    X(avifResultToString) \
    X(avifVersion) \

/* The table (filled by pf_avif_api_load, read-only after) and its loader: 1 when every entry
 * point is there, else 0 with the reason. */
PF_LIBRARY_API_DECLARE(avif, PF_AVIF_SYMBOLS)

#ifndef PF_AVIF_API_IMPLEMENTATION
#define avifDecoderCreate (pf_avif_api.avifDecoderCreate)
#define avifDecoderDestroy (pf_avif_api.avifDecoderDestroy)
#define avifDecoderNextImage (pf_avif_api.avifDecoderNextImage)
#define avifDecoderParse (pf_avif_api.avifDecoderParse)
#define avifDecoderSetIOMemory (pf_avif_api.avifDecoderSetIOMemory)
#define avifImageYUVToRGB (pf_avif_api.avifImageYUVToRGB)
#define avifRGBImageAllocatePixels (pf_avif_api.avifRGBImageAllocatePixels)
#define avifRGBImageFreePixels (pf_avif_api.avifRGBImageFreePixels)
#define avifRGBImageSetDefaults (pf_avif_api.avifRGBImageSetDefaults)
#define avifResultToString (pf_avif_api.avifResultToString)
#define avifVersion (pf_avif_api.avifVersion)
#endif

#endif
