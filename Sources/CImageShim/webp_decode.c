/*
 * WebP through libwebp 1.2.4 and libwebpdemux: stills decode straight at the reduced size
 * (WebPDecoderConfig's use_scaling, libwebp's own area-averaging rescaler); animations decode
 * their first frame composited on the canvas (WebPAnimDecoder). The EXIF chunk gives the
 * orientation, the ICCP chunk the colour profile. libwebp reports errors as status codes.
 *
 * The tolerant decode of a still goes through libwebp's incremental decoder (WebPIDecode and
 * WebPIUpdate over the whole data at once, so no copy and no more work than WebPDecode): when
 * the data ends or breaks, the rows it output (WebPIDecGetRGB's last_y, scaled rows when
 * reduced) are kept and the rest is grey. An animation's first frame is whole or refused.
 */
#include "formats_internal.h"

#include "damage_grey.h"

#include "color_conversion.h"
#include "exif_orientation.h"
#include "image_size.h"
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

/* The metadata chunks of a complete or partial file (NULL data when absent). */
typedef struct pf_webp_meta {
    WebPDemuxer *demux;
    WebPChunkIterator exif;
    WebPChunkIterator iccp;
    int has_exif, has_iccp;
    uint32_t frames;
} pf_webp_meta;

static void pf_webp_meta_open(pf_webp_meta *meta, const uint8_t *data, size_t size) {
    memset(meta, 0, sizeof(*meta));
    WebPData webp = {data, size};
    WebPDemuxState state;
    meta->demux = WebPDemuxPartial(&webp, &state);
    if (meta->demux == NULL) {
        return;
    }
    meta->frames = WebPDemuxGetI(meta->demux, WEBP_FF_FRAME_COUNT);
    meta->has_exif = WebPDemuxGetChunk(meta->demux, "EXIF", 1, &meta->exif);
    meta->has_iccp = WebPDemuxGetChunk(meta->demux, "ICCP", 1, &meta->iccp);
}

static void pf_webp_meta_close(pf_webp_meta *meta) {
    if (meta->has_exif) {
        WebPDemuxReleaseChunkIterator(&meta->exif);
    }
    if (meta->has_iccp) {
        WebPDemuxReleaseChunkIterator(&meta->iccp);
    }
    WebPDemuxDelete(meta->demux);
}

static pf_status pf_webp_status(VP8StatusCode code, char *message, size_t capacity) {
    switch (code) {
    case VP8_STATUS_OK: return PF_OK;
    case VP8_STATUS_NOT_ENOUGH_DATA:
        pf_set_message(message, capacity, "the WebP data ends before the image is complete");
        return PF_ERR_TRUNCATED;
    case VP8_STATUS_OUT_OF_MEMORY: return PF_ERR_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        pf_set_message(message, capacity, "a WebP feature libwebp does not support");
        return PF_ERR_UNSUPPORTED;
    case VP8_STATUS_INVALID_PARAM: pf_set_message(message, capacity, "invalid parameter"); return PF_ERR_ARGUMENT;
    default: pf_set_message(message, capacity, "corrupt WebP bitstream"); return PF_ERR_DECODER;
    }
}

pf_status pf_webp_probe(const uint8_t *data, size_t size, pf_image_info *info, char *message, size_t capacity) {
    WebPBitstreamFeatures features;
    pf_status status = pf_webp_status(WebPGetFeatures(data, size, &features), message, capacity);
    if (status != PF_OK) {
        return status;
    }
    if (!pf_size_is_sane(features.width, features.height)) {
        pf_set_message(message, capacity, "the WebP canvas size is out of range");
        return PF_ERR_DECODER;
    }
    info->width = features.width;
    info->height = features.height;
    info->has_alpha = features.has_alpha;
    pf_webp_meta meta;
    pf_webp_meta_open(&meta, data, size);
    if (meta.demux != NULL) {
        if (features.has_animation && meta.frames > 0) {
            info->frame_count = meta.frames > PF_MAX_FRAMES ? PF_MAX_FRAMES : (int32_t)meta.frames;
        }
        if (meta.has_exif) {
            info->orientation = pf_exif_orientation(meta.exif.chunk.bytes, meta.exif.chunk.size);
        }
        if (meta.has_iccp) {
            info->color = PF_COLOR_ICC;
        }
    }
    pf_webp_meta_close(&meta);
    return PF_OK;
}

static pf_status pf_webp_decode_animation(const uint8_t *data, size_t size, int32_t reduce, uint8_t *out,
                                          size_t out_stride, int32_t out_width, int32_t out_height,
                                          char *message, size_t capacity) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        return PF_ERR_DECODER;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData webp = {data, size};
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&webp, &options);
    if (decoder == NULL) {
        pf_set_message(message, capacity, "the animated WebP is corrupt or incomplete");
        return PF_ERR_DECODER;
    }
    WebPAnimInfo anim;
    uint8_t *canvas = NULL;
    int timestamp = 0;
    pf_status status = PF_OK;
    if (!WebPAnimDecoderGetInfo(decoder, &anim) ||
        !pf_reduced_size_matches((int32_t)anim.canvas_width, (int32_t)anim.canvas_height, reduce, out_width,
                                 out_height)) {
        pf_set_message(message, capacity, "the WebP canvas differs from its header");
        status = PF_ERR_DECODER;
    } else if (!WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) || canvas == NULL) {
        pf_set_message(message, capacity, "the first WebP frame is corrupt or incomplete");
        status = PF_ERR_DECODER;
    } else if (!pf_reduce_into(canvas, (size_t)anim.canvas_width * 4, (int32_t)anim.canvas_width,
                               (int32_t)anim.canvas_height, reduce, out, out_stride, out_width, out_height)) {
        status = PF_ERR_MEMORY;
    }
    WebPAnimDecoderDelete(decoder);
    return status;
}

/*
 * A still WebP's output in `config` (its features already read): RGBA straight into `out`,
 * scaled by libwebp when `reduce` > 1; an argument error when the size asked is not the
 * picture's reduced by `reduce`. Shared by the whole and the tolerant (incremental) decode.
 */
static pf_status pf_webp_still_output(WebPDecoderConfig *config, int32_t reduce, uint8_t *out, size_t out_stride,
                                      int32_t out_width, int32_t out_height, char *message, size_t capacity) {
    if (!pf_reduced_size_matches(config->input.width, config->input.height, reduce, out_width, out_height)) {
        pf_set_message(message, capacity, "output size does not match the WebP's");
        return PF_ERR_ARGUMENT;
    }
    if (reduce > 1) {
        config->options.use_scaling = 1;
        config->options.scaled_width = out_width;
        config->options.scaled_height = out_height;
    }
    config->output.colorspace = MODE_RGBA;
    config->output.is_external_memory = 1;
    config->output.u.RGBA.rgba = out;
    config->output.u.RGBA.stride = (int)out_stride;
    config->output.u.RGBA.size = out_stride * (size_t)out_height;
    return PF_OK;
}

pf_status pf_webp_decode(const uint8_t *data, size_t size, int32_t reduce, int32_t use_thumbnail, uint8_t *out,
                         size_t out_stride, int32_t out_width, int32_t out_height, char *message, size_t capacity) {
    (void)use_thumbnail;
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        return PF_ERR_DECODER;
    }
    pf_status status = pf_webp_status(WebPGetFeatures(data, size, &config.input), message, capacity);
    if (status != PF_OK) {
        return status;
    }
    if (config.input.has_animation) {
        status = pf_webp_decode_animation(data, size, reduce, out, out_stride, out_width, out_height, message,
                                          capacity);
    } else {
        status = pf_webp_still_output(&config, reduce, out, out_stride, out_width, out_height, message, capacity);
        if (status != PF_OK) {
            return status;
        }
        status = pf_webp_status(WebPDecode(data, size, &config), message, capacity);
        WebPFreeDecBuffer(&config.output);
    }
    if (status == PF_OK) {
        pf_webp_meta meta;
        pf_webp_meta_open(&meta, data, size);
        if (meta.has_iccp) {
            pf_color_to_srgb(PF_COLOR_ICC, meta.iccp.chunk.bytes, meta.iccp.chunk.size, out, out_stride, out_width,
                             out_height);
        }
        pf_webp_meta_close(&meta);
    }
    return status;
}

pf_status pf_webp_decode_tolerant(const uint8_t *data, size_t size, int32_t reduce, uint8_t *out, size_t out_stride,
                                  int32_t out_width, int32_t out_height, pf_damage *damage, char *message,
                                  size_t capacity) {
    if (damage != NULL) {
        memset(damage, 0, sizeof(*damage));
    }
    WebPDecoderConfig config;
    if (damage == NULL || !WebPInitDecoderConfig(&config)) {
        return pf_webp_decode(data, size, reduce, 0, out, out_stride, out_width, out_height, message, capacity);
    }
    pf_status status = pf_webp_status(WebPGetFeatures(data, size, &config.input), message, capacity);
    if (status != PF_OK || config.input.has_animation) {
        return status != PF_OK ? status
                               : pf_webp_decode(data, size, reduce, 0, out, out_stride, out_width, out_height, message,
                                                capacity);
    }
    status = pf_webp_still_output(&config, reduce, out, out_stride, out_width, out_height, message, capacity);
    if (status != PF_OK) {
        return status;
    }
    WebPIDecoder *decoder = WebPIDecode(NULL, 0, &config);
    if (decoder == NULL) {
        return PF_ERR_MEMORY;
    }
    VP8StatusCode code = WebPIUpdate(decoder, data, size);
    int last_y = 0;
    if (code != VP8_STATUS_OK &&
        (WebPIDecGetRGB(decoder, &last_y, NULL, NULL, NULL) == NULL || last_y <= 0 || last_y >= out_height)) {
        last_y = 0;
    }
    WebPIDelete(decoder);
    WebPFreeDecBuffer(&config.output);
    if (code != VP8_STATUS_OK && last_y == 0) {
        /* Nothing drawn: refused as a whole decode would be (SUSPENDED is data that ends early). */
        return pf_webp_status(code == VP8_STATUS_SUSPENDED ? VP8_STATUS_NOT_ENOUGH_DATA : code, message, capacity);
    }
    pf_webp_meta meta;
    pf_webp_meta_open(&meta, data, size);
    if (meta.has_iccp) {
        pf_color_to_srgb(PF_COLOR_ICC, meta.iccp.chunk.bytes, meta.iccp.chunk.size, out, out_stride, out_width,
                         last_y > 0 ? last_y : out_height);
    }
    pf_webp_meta_close(&meta);
    if (code != VP8_STATUS_OK) {
        pf_damage_grey_rows(out, out_stride, (size_t)out_width, last_y, out_height);
        damage->damaged = 1;
        damage->truncated = code == VP8_STATUS_SUSPENDED || code == VP8_STATUS_NOT_ENOUGH_DATA;
        damage->decoded_rows = last_y;
        pf_set_message(message, capacity,
                       damage->truncated ? "the WebP data ends before the image is complete" : "corrupt WebP bitstream");
    }
    return PF_OK;
}
