#ifndef IMAGE_SHIM_JXL_API_H
#define IMAGE_SHIM_JXL_API_H

/*
 * libjxl's entry points, opened on first use (library_loader.h): include this instead of
 * the library's header; every call below goes through the table under the function's own name.
 */

#include <jxl/decode.h>
#include <jxl/version.h>
#include <stddef.h>

#include "library_loader.h"

#define PF_JXL_SYMBOLS(X) \
    X(JxlDecoderCloseInput) \
    X(JxlDecoderCreate) \
    X(JxlDecoderDestroy) \
    X(JxlDecoderGetBasicInfo) \
    X(JxlDecoderGetBoxSizeRaw) \
    X(JxlDecoderGetBoxType) \
    X(JxlDecoderGetColorAsEncodedProfile) \
    X(JxlDecoderGetColorAsICCProfile) \
    X(JxlDecoderGetICCProfileSize) \
    X(JxlDecoderImageOutBufferSize) \
    X(JxlDecoderProcessInput) \
    X(JxlDecoderReleaseBoxBuffer) \
    X(JxlDecoderSetBoxBuffer) \
    X(JxlDecoderSetDecompressBoxes) \
    X(JxlDecoderSetImageOutBuffer) \
    X(JxlDecoderSetInput) \
    X(JxlDecoderSetPreferredColorProfile) \
    X(JxlDecoderSubscribeEvents) \
    X(JxlDecoderVersion) \
    X(JxlSignatureCheck) \

/* The table (filled by pf_jxl_api_load, read-only after) and its loader: 1 when every entry
 * point is there, else 0 with the reason. */
PF_LIBRARY_API_DECLARE(jxl, PF_JXL_SYMBOLS)

#ifndef PF_JXL_API_IMPLEMENTATION
#define JxlDecoderCloseInput (pf_jxl_api.JxlDecoderCloseInput)
#define JxlDecoderCreate (pf_jxl_api.JxlDecoderCreate)
#define JxlDecoderDestroy (pf_jxl_api.JxlDecoderDestroy)
#define JxlDecoderGetBasicInfo (pf_jxl_api.JxlDecoderGetBasicInfo)
#define JxlDecoderGetBoxSizeRaw (pf_jxl_api.JxlDecoderGetBoxSizeRaw)
#define JxlDecoderGetBoxType (pf_jxl_api.JxlDecoderGetBoxType)
#define JxlDecoderGetColorAsEncodedProfile (pf_jxl_api.JxlDecoderGetColorAsEncodedProfile)
#define JxlDecoderGetColorAsICCProfile (pf_jxl_api.JxlDecoderGetColorAsICCProfile)
#define JxlDecoderGetICCProfileSize (pf_jxl_api.JxlDecoderGetICCProfileSize)
#define JxlDecoderImageOutBufferSize (pf_jxl_api.JxlDecoderImageOutBufferSize)
#define JxlDecoderProcessInput (pf_jxl_api.JxlDecoderProcessInput)
#define JxlDecoderReleaseBoxBuffer (pf_jxl_api.JxlDecoderReleaseBoxBuffer)
#define JxlDecoderSetBoxBuffer (pf_jxl_api.JxlDecoderSetBoxBuffer)
#define JxlDecoderSetDecompressBoxes (pf_jxl_api.JxlDecoderSetDecompressBoxes)
#define JxlDecoderSetImageOutBuffer (pf_jxl_api.JxlDecoderSetImageOutBuffer)
#define JxlDecoderSetInput (pf_jxl_api.JxlDecoderSetInput)
#define JxlDecoderSetPreferredColorProfile (pf_jxl_api.JxlDecoderSetPreferredColorProfile)
#define JxlDecoderSubscribeEvents (pf_jxl_api.JxlDecoderSubscribeEvents)
#define JxlDecoderVersion (pf_jxl_api.JxlDecoderVersion)
#define JxlSignatureCheck (pf_jxl_api.JxlSignatureCheck)
#endif

#endif
