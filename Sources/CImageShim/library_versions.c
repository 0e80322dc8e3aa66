/* The C libraries' versions, built-against (header macros) and running (library calls). */
#define _GNU_SOURCE
#include "library_versions.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>
#include <zlib.h>
#include <webp/decode.h>
#include <gif_lib.h>
#include "tiff_api.h"
#include <tiffvers.h>
#include "heif_api.h"
#include "avif_api.h"
#include "jxl_api.h"
#include <lcms2.h>

#include "library_loader.h"

enum { PF_JPEG, PF_PNG, PF_ZLIB, PF_WEBP, PF_GIF, PF_TIFF, PF_HEIF, PF_AVIF, PF_JXL, PF_LCMS, PF_LIBRARY_COUNT };

int32_t pf_library_version_count(void) { return PF_LIBRARY_COUNT; }

/* The base name of the shared object that holds `symbol` ("libgif.so.7.2.0"), or "" (static, unknown). */
static void loaded_file(const void *symbol, char *out, size_t capacity) {
    Dl_info info;
    out[0] = '\0';
    if (dladdr(symbol, &info) == 0 || info.dli_fname == NULL) return;
    char resolved[4096];
    const char *path = realpath(info.dli_fname, resolved) ? resolved : info.dli_fname;
    const char *slash = strrchr(path, '/');
    snprintf(out, capacity, "%s", slash ? slash + 1 : path);
}

/* "LIBTIFF, Version 4.5.0\nCopyright…" -> "4.5.0". */
static void tiff_version(const char *text, char *out, size_t capacity) {
    const char *start = text ? strstr(text, "Version ") : NULL;
    out[0] = '\0';
    if (start == NULL) return;
    start += strlen("Version ");
    size_t length = strcspn(start, " \n");
    snprintf(out, capacity, "%.*s", (int)length, start);
}

/* A number of the form major*factor^2 + minor*factor + patch as "major.minor.patch". */
static void dotted(long value, long factor, char *out, size_t capacity) {
    snprintf(out, capacity, "%ld.%ld.%ld", value / (factor * factor), value / factor % factor, value % factor);
}

int32_t pf_library_version_get(int32_t index, pf_library_version *out) {
    if (out == NULL || index < 0 || index >= PF_LIBRARY_COUNT) return -1;
    memset(out, 0, sizeof *out);
    char *built = out->built;
    char *running = out->running;
    const size_t built_size = sizeof out->built, running_size = sizeof out->running;
    switch (index) {
    case PF_JPEG:
#ifdef LIBJPEG_TURBO_VERSION
        snprintf(out->name, sizeof out->name, "libjpeg-turbo");
        snprintf(built, built_size, "%s", PF_STRINGIFY(LIBJPEG_TURBO_VERSION));
#else
        snprintf(out->name, sizeof out->name, "libjpeg");
        snprintf(built, built_size, "API %d", JPEG_LIB_VERSION);
#endif
        loaded_file((const void *)&jpeg_std_error, running, running_size);
        out->running_is_file = 1;
        break;
    case PF_PNG:
        snprintf(out->name, sizeof out->name, "libpng");
        snprintf(built, built_size, "%s", PNG_LIBPNG_VER_STRING);
        {
            png_uint_32 version = png_access_version_number();
            snprintf(running, running_size, "%u.%u.%u", version / 10000, version / 100 % 100, version % 100);
        }
        break;
    case PF_ZLIB:
        snprintf(out->name, sizeof out->name, "zlib");
        snprintf(built, built_size, "%s", ZLIB_VERSION);
        snprintf(running, running_size, "%s", zlibVersion());
        break;
    case PF_WEBP:
        snprintf(out->name, sizeof out->name, "libwebp");
        snprintf(built, built_size, "decoder ABI %d.%d", WEBP_DECODER_ABI_VERSION >> 8, WEBP_DECODER_ABI_VERSION & 0xff);
        {
            int version = WebPGetDecoderVersion();
            snprintf(running, running_size, "%d.%d.%d", (version >> 16) & 0xff, (version >> 8) & 0xff, version & 0xff);
        }
        break;
    case PF_GIF:
        snprintf(out->name, sizeof out->name, "giflib");
        snprintf(built, built_size, "%d.%d.%d", GIFLIB_MAJOR, GIFLIB_MINOR, GIFLIB_RELEASE);
        loaded_file((const void *)&DGifOpen, running, running_size);
        out->running_is_file = 1;
        break;
    case PF_TIFF:
        snprintf(out->name, sizeof out->name, "libtiff");
#ifdef TIFFLIB_MAJOR_VERSION
        snprintf(built, built_size, "%d.%d.%d", TIFFLIB_MAJOR_VERSION, TIFFLIB_MINOR_VERSION, TIFFLIB_MICRO_VERSION);
#else
        snprintf(built, built_size, "%d", TIFFLIB_VERSION);
#endif
        if (pf_tiff_api_load(running, running_size)) {
            tiff_version(TIFFGetVersion(), running, running_size);
        }
        break;
    case PF_HEIF:
        snprintf(out->name, sizeof out->name, "libheif");
        snprintf(built, built_size, "%s", LIBHEIF_VERSION);
        if (pf_heif_api_load(running, running_size)) {
            snprintf(running, running_size, "%s", heif_get_version());
        }
        break;
    case PF_AVIF:
        snprintf(out->name, sizeof out->name, "libavif");
        snprintf(built, built_size, "%d.%d.%d", AVIF_VERSION_MAJOR, AVIF_VERSION_MINOR, AVIF_VERSION_PATCH);
        if (pf_avif_api_load(running, running_size)) {
            snprintf(running, running_size, "%s", avifVersion());
        }
        break;
    case PF_JXL:
        snprintf(out->name, sizeof out->name, "libjxl");
        snprintf(built, built_size, "%d.%d.%d", JPEGXL_MAJOR_VERSION, JPEGXL_MINOR_VERSION, JPEGXL_PATCH_VERSION);
        if (pf_jxl_api_load(running, running_size)) {
            dotted((long)JxlDecoderVersion(), 1000, running, running_size);
        }
        break;
    case PF_LCMS:
        snprintf(out->name, sizeof out->name, "lcms2");
        snprintf(built, built_size, "%d.%d", LCMS_VERSION / 1000, LCMS_VERSION / 10 % 100);
        {
            int version = cmsGetEncodedCMMversion();
            snprintf(running, running_size, "%d.%d", version / 1000, version / 10 % 100);
        }
        break;
    }
    return 0;
}
