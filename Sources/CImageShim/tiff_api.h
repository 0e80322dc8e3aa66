#ifndef IMAGE_SHIM_TIFF_API_H
#define IMAGE_SHIM_TIFF_API_H

/*
 * libtiff's entry points, opened on first use (library_loader.h): include this instead of
 * the library's header; every call below goes through the table under the function's own name.
 */

#include <tiffio.h>
#include <stddef.h>

#include "library_loader.h"

#define PF_TIFF_SYMBOLS(X) \
    X(TIFFClientOpenExt) \
    X(TIFFClose) \
    X(TIFFGetField) \
    X(TIFFGetFieldDefaulted) \
    X(TIFFOpenOptionsAlloc) \
    X(TIFFOpenOptionsFree) \
    X(TIFFOpenOptionsSetErrorHandlerExtR) \
    X(TIFFOpenOptionsSetMaxSingleMemAlloc) \
    X(TIFFOpenOptionsSetWarningHandlerExtR) \
    X(TIFFRGBAImageBegin) \
    X(TIFFRGBAImageEnd) \
    X(TIFFRGBAImageGet) \
    X(TIFFRGBAImageOK) \
    X(TIFFReadScanline) \
    X(TIFFScanlineSize) \
    X(TIFFGetVersion) \

/* The table (filled by pf_tiff_api_load, read-only after) and its loader: 1 when every entry
 * point is there, else 0 with the reason. */
PF_LIBRARY_API_DECLARE(tiff, PF_TIFF_SYMBOLS)

#ifndef PF_TIFF_API_IMPLEMENTATION
#define TIFFClientOpenExt (pf_tiff_api.TIFFClientOpenExt)
#define TIFFClose (pf_tiff_api.TIFFClose)
#define TIFFGetField (pf_tiff_api.TIFFGetField)
#define TIFFGetFieldDefaulted (pf_tiff_api.TIFFGetFieldDefaulted)
#define TIFFOpenOptionsAlloc (pf_tiff_api.TIFFOpenOptionsAlloc)
#define TIFFOpenOptionsFree (pf_tiff_api.TIFFOpenOptionsFree)
#define TIFFOpenOptionsSetErrorHandlerExtR (pf_tiff_api.TIFFOpenOptionsSetErrorHandlerExtR)
#define TIFFOpenOptionsSetMaxSingleMemAlloc (pf_tiff_api.TIFFOpenOptionsSetMaxSingleMemAlloc)
#define TIFFOpenOptionsSetWarningHandlerExtR (pf_tiff_api.TIFFOpenOptionsSetWarningHandlerExtR)
#define TIFFRGBAImageBegin (pf_tiff_api.TIFFRGBAImageBegin)
#define TIFFRGBAImageEnd (pf_tiff_api.TIFFRGBAImageEnd)
#define TIFFRGBAImageGet (pf_tiff_api.TIFFRGBAImageGet)
#define TIFFRGBAImageOK (pf_tiff_api.TIFFRGBAImageOK)
#define TIFFReadScanline (pf_tiff_api.TIFFReadScanline)
#define TIFFScanlineSize (pf_tiff_api.TIFFScanlineSize)
#define TIFFGetVersion (pf_tiff_api.TIFFGetVersion)
#endif

#endif
