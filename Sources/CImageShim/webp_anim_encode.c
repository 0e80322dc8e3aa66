/*
 * Animated WebP encoding through libwebpmux 1.2.4's WebPAnimEncoder (lossy frames): what the
 * embedded server sends for an animation asked for at a size smaller than its canvas. Errors
 * are a status and a message; every allocation is freed on every path.
 */
#include "shim_internal.h"

#include <stdio.h>
#include <string.h>
#include <webp/encode.h>
#include <webp/mux.h>

pf_status pf_webp_anim_encode(const uint8_t *frames, size_t stride, int32_t width, int32_t height, int32_t count,
                              const int32_t *durations_ms, int32_t loop_count, float quality, pf_buffer *out,
                              char *message, size_t message_capacity) {
    if (frames == NULL || durations_ms == NULL || out == NULL || width <= 0 || height <= 0 ||
        width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION || stride < (size_t)width * 4 || count < 1 ||
        count > 10000 || loop_count < 0) {
        snprintf(message, message_capacity, "an animated WebP must be 1…%d pixels on each side, 1…10000 frames",
                 WEBP_MAX_DIMENSION);
        return PF_ERR_ARGUMENT;
    }
    WebPAnimEncoderOptions options;
    WebPConfig config;
    if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&config)) {
        snprintf(message, message_capacity, "libwebpmux is not the version built against");
        return PF_ERR_ENCODER;
    }
    options.anim_params.loop_count = loop_count;
    config.quality = quality;
    /* Method 2 (of 0–6): a server answers with this while a screen waits. libwebp's default, 4,
     * is slower to encode and would hold up the embedded feed's first screen; 0 and 1 are no
     * faster than 2 but write larger thumbnails (`feedbench --scenario animations` times the
     * server's encode and counts its bytes; `--scenario embedded-start` times the first screen). */
    config.method = 2;
    WebPAnimEncoder *encoder = WebPAnimEncoderNew(width, height, &options);
    if (encoder == NULL) {
        snprintf(message, message_capacity, "out of memory for a %dx%d animated WebP", width, height);
        return PF_ERR_MEMORY;
    }
    pf_status status = PF_OK;
    int timestamp = 0;
    for (int32_t index = 0; index < count && status == PF_OK; index++) {
        WebPPicture picture;
        if (!WebPPictureInit(&picture)) {
            status = PF_ERR_ENCODER;
            break;
        }
        picture.width = width;
        picture.height = height;
        picture.use_argb = 1;
        const uint8_t *rows = frames + (size_t)index * (size_t)height * stride;
        if (!WebPPictureImportRGBA(&picture, rows, (int)stride)) {
            snprintf(message, message_capacity, "out of memory for frame %d of a %dx%d animated WebP", index, width,
                     height);
            status = PF_ERR_MEMORY;
        } else if (!WebPAnimEncoderAdd(encoder, &picture, timestamp, &config)) {
            snprintf(message, message_capacity, "libwebpmux could not add frame %d: %s", index,
                     WebPAnimEncoderGetError(encoder));
            status = PF_ERR_ENCODER;
        }
        WebPPictureFree(&picture);
        timestamp += durations_ms[index] > 0 ? durations_ms[index] : 1;
    }
    WebPData data;
    WebPDataInit(&data);
    if (status == PF_OK &&
        (!WebPAnimEncoderAdd(encoder, NULL, timestamp, NULL) || !WebPAnimEncoderAssemble(encoder, &data))) {
        snprintf(message, message_capacity, "libwebpmux could not assemble the animation: %s",
                 WebPAnimEncoderGetError(encoder));
        status = PF_ERR_ENCODER;
    }
    if (status == PF_OK) {
        if (pf_buffer_reserve(out, data.size)) {
            memcpy(out->data + out->size, data.bytes, data.size);
            out->size += data.size;
        } else {
            snprintf(message, message_capacity, "out of memory for a %zu-byte animated WebP", data.size);
            status = PF_ERR_MEMORY;
        }
    }
    WebPDataClear(&data);
    WebPAnimEncoderDelete(encoder);
    return status;
}
