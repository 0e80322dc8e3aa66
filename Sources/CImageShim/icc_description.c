#include "image_shim.h"

#include <lcms2.h>
#include <lcms2_plugin.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* A profile larger than this is no colour profile a photo carries (typical: 0.5–4 KB; large LUT profiles ~1 MB). */
#define PF_ICC_MAX_BYTES ((size_t)4 << 20)

/*
 * The most little-cms may allocate at once while reading a description: the profile's copy plus
 * room. A corrupt tag (a damaged 'desc') can make it ask for hundreds of MB for a 600-byte
 * profile; refused, lcms fails the read and the profile has no name.
 */
#define PF_ICC_MAX_ALLOCATION ((cmsUInt32Number)2 * PF_ICC_MAX_BYTES)

static void *pf_icc_malloc(cmsContext context, cmsUInt32Number size) {
    (void)context;
    return size == 0 || size > PF_ICC_MAX_ALLOCATION ? NULL : malloc(size);
}

static void pf_icc_free(cmsContext context, void *pointer) {
    (void)context;
    free(pointer);
}

static void *pf_icc_realloc(cmsContext context, void *pointer, cmsUInt32Number size) {
    (void)context;
    return size == 0 || size > PF_ICC_MAX_ALLOCATION ? NULL : realloc(pointer, size);
}

/* The bounded allocator, for each context this file creates (never installed globally). */
static cmsPluginMemHandler pf_icc_memory = {
    {cmsPluginMagicNumber, 2060, cmsPluginMemHandlerSig, NULL}, pf_icc_malloc, pf_icc_free, pf_icc_realloc, NULL, NULL, NULL};

static void pf_icc_quiet(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context;
    (void)code;
    (void)text;
}

/* Inflates a zlib stream (a PNG iCCP chunk's profile) into a new buffer of at most PF_ICC_MAX_BYTES. */
static uint8_t *pf_icc_inflate(const uint8_t *data, size_t size, size_t *out_size) {
    z_stream stream;
    memset(&stream, 0, sizeof(stream));
    if (inflateInit(&stream) != Z_OK) {
        return NULL;
    }
    size_t capacity = 64 << 10;
    uint8_t *out = malloc(capacity);
    if (out == NULL) {
        inflateEnd(&stream);
        return NULL;
    }
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)(size < UINT32_MAX ? size : UINT32_MAX);
    int status = Z_OK;
    while (status == Z_OK) {
        if (stream.total_out == capacity) {
            if (capacity >= PF_ICC_MAX_BYTES) {
                break;
            }
            size_t grown = capacity * 2;
            uint8_t *bigger = realloc(out, grown);
            if (bigger == NULL) {
                break;
            }
            out = bigger;
            capacity = grown;
        }
        stream.next_out = out + stream.total_out;
        stream.avail_out = (uInt)(capacity - stream.total_out);
        status = inflate(&stream, Z_NO_FLUSH);
    }
    *out_size = stream.total_out;
    inflateEnd(&stream);
    if (status != Z_STREAM_END) {
        free(out);
        return NULL;
    }
    return out;
}

int pf_icc_description(const uint8_t *icc, size_t size, int compressed, char *out, size_t capacity) {
    if (icc == NULL || size == 0 || out == NULL || capacity == 0 || size > PF_ICC_MAX_BYTES) {
        return -1;
    }
    out[0] = 0;
    uint8_t *inflated = NULL;
    const uint8_t *profile_bytes = icc;
    size_t profile_size = size;
    if (compressed) {
        inflated = pf_icc_inflate(icc, size, &profile_size);
        if (inflated == NULL) {
            return -1;
        }
        profile_bytes = inflated;
    }
    cmsContext context = cmsCreateContext(&pf_icc_memory, NULL);
    if (context == NULL) {
        free(inflated);
        return -1;
    }
    cmsSetLogErrorHandlerTHR(context, pf_icc_quiet);
    cmsHPROFILE profile = cmsOpenProfileFromMemTHR(context, profile_bytes, (cmsUInt32Number)profile_size);
    int result = -1;
    if (profile != NULL) {
        cmsUInt32Number written = cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", out, (cmsUInt32Number)capacity);
        result = written > 1 ? 0 : -1;
        out[capacity - 1] = 0;
        cmsCloseProfile(profile);
    }
    cmsDeleteContext(context);
    free(inflated);
    return result;
}
