/*
 * WebP encoding through libwebp 1.2.4's simple API (WebPEncodeRGBA, lossy): what the embedded
 * server sends for `/id/{id}/{w}/{h}.webp`. Errors are a zero size from libwebp; the shim turns
 * that into a status and a message.
 */
#include "shim_internal.h"

#include <stdio.h>
#include <string.h>
#include <webp/encode.h>

pf_status pf_webp_encode(const uint8_t *pixels, size_t stride, int32_t width, int32_t height, float quality,
                         pf_buffer *out, char *message, size_t message_capacity) {
    if (pixels == NULL || out == NULL || width <= 0 || height <= 0 || width > WEBP_MAX_DIMENSION ||
        height > WEBP_MAX_DIMENSION || stride < (size_t)width * 4) {
        snprintf(message, message_capacity, "a WebP must be 1…%d pixels on each side", WEBP_MAX_DIMENSION);
        return PF_ERR_ARGUMENT;
    }
    uint8_t *encoded = NULL;
    size_t size = WebPEncodeRGBA(pixels, width, height, (int)stride, quality, &encoded);
    if (size == 0 || encoded == NULL) {
        WebPFree(encoded);
        snprintf(message, message_capacity, "libwebp could not encode %dx%d", width, height);
        return PF_ERR_ENCODER;
    }
    int reserved = pf_buffer_reserve(out, size);
    if (reserved) {
        memcpy(out->data + out->size, encoded, size);
        out->size += size;
    }
    WebPFree(encoded);
    if (!reserved) {
        snprintf(message, message_capacity, "out of memory for a %zu-byte WebP", size);
        return PF_ERR_MEMORY;
    }
    return PF_OK;
}
