/*
 * Animations played a frame at a time: GIF through giflib's record walk (one canvas, a second
 * one for "restore to previous"), animated WebP through WebPAnimDecoder. Each call composites
 * the next frame on the canvas and area-averages it into the caller's thumbnail-sized buffer,
 * so memory is the file's copy and a canvas or two, whatever the frame count, and the work of
 * a frame is bounded by the canvas (a GIF frame may cover at most 4 canvases).
 */
#include "gif_internal.h"

#include "image_size.h"
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

/* A delay this short is a file that meant "as fast as you can": browsers show it for 100 ms. */
#define PF_ANIM_MIN_DELAY_MS 10
#define PF_ANIM_SHORT_DELAY_MS 100

struct pf_anim {
    int32_t format;
    uint8_t *data;
    size_t size;
    int32_t reduce;
    int32_t width, height;
    /* Frames known complete (the scan's count, lowered when a frame fails). */
    int32_t frame_count;
    /* The place in the loop of the next frame. */
    int32_t next_index;
    /* GIF: the reader, the canvas, the last frame's disposal and rectangle, the saved canvas. */
    pf_gif_reader reader;
    GifFileType *gif;
    uint8_t *canvas;
    uint8_t *saved;
    int disposal;
    int32_t left, top, right, bottom;
    /* WebP: the decoder and the end time of the last frame. */
    WebPAnimDecoder *webp;
    int last_timestamp;
};

static int32_t pf_anim_delay(int32_t milliseconds) {
    return milliseconds <= PF_ANIM_MIN_DELAY_MS ? PF_ANIM_SHORT_DELAY_MS : milliseconds;
}

static int pf_anim_canvas_is_sane(int64_t width, int64_t height) {
    return width > 0 && height > 0 && width <= 65535 && height <= 65535 && width * height <= PF_MAX_ANIMATION_PIXELS;
}

/* MARK: GIF */

static pf_status pf_anim_gif_rewind(pf_anim *anim, char *message, size_t capacity) {
    int error = 0;
    if (anim->gif != NULL) {
        DGifCloseFile(anim->gif, &error);
    }
    anim->gif = pf_gif_open(&anim->reader, anim->data, anim->size, &error);
    if (anim->gif == NULL) {
        return pf_gif_failure(&anim->reader, error, message, capacity);
    }
    memset(anim->canvas, 0, (size_t)anim->width * (size_t)anim->height * 4);
    anim->disposal = DISPOSAL_UNSPECIFIED;
    anim->next_index = 0;
    return PF_OK;
}

static pf_status pf_anim_gif_open(pf_anim *anim, pf_anim_info *info, char *message, size_t capacity) {
    int error = 0;
    anim->gif = pf_gif_open(&anim->reader, anim->data, anim->size, &error);
    if (anim->gif == NULL) {
        return pf_gif_failure(&anim->reader, error, message, capacity);
    }
    anim->width = anim->gif->SWidth;
    anim->height = anim->gif->SHeight;
    if (!pf_anim_canvas_is_sane(anim->width, anim->height)) {
        pf_set_message(message, capacity, "the GIF screen is too large to animate");
        return PF_ERR_LIMIT;
    }
    int32_t frames = 0, loops = 1;
    pf_gif_scan(anim->gif, &frames, &loops);
    if (frames < 1) {
        pf_set_message(message, capacity, "the GIF has no complete frame");
        return PF_ERR_DECODER;
    }
    anim->frame_count = frames;
    info->loop_count = loops;
    size_t bytes = (size_t)anim->width * (size_t)anim->height * 4;
    anim->canvas = malloc(bytes);
    anim->saved = malloc(bytes);
    if (anim->canvas == NULL || anim->saved == NULL) {
        return PF_ERR_MEMORY;
    }
    return pf_anim_gif_rewind(anim, message, capacity);
}

/* Undoes the last frame as its disposal says, before the next is drawn. */
static void pf_anim_gif_dispose(pf_anim *anim) {
    size_t bytes = (size_t)anim->width * (size_t)anim->height * 4;
    if (anim->disposal == DISPOSE_BACKGROUND) {
        /* Browsers clear to transparent, not to the background colour. */
        for (int32_t y = anim->top; y < anim->bottom; y++) {
            memset(anim->canvas + ((size_t)y * (size_t)anim->width + (size_t)anim->left) * 4, 0,
                   (size_t)(anim->right - anim->left) * 4);
        }
    } else if (anim->disposal == DISPOSE_PREVIOUS) {
        memcpy(anim->canvas, anim->saved, bytes);
    }
    anim->disposal = DISPOSAL_UNSPECIFIED;
}

/* Reads records up to the next frame and draws it; PF_ERR_DECODER with "end" when the loop ended. */
static pf_status pf_anim_gif_frame(pf_anim *anim, int32_t *duration_ms, int *ended, char *message, size_t capacity) {
    GifFileType *gif = anim->gif;
    GraphicsControlBlock control = {DISPOSAL_UNSPECIFIED, 0, 0, NO_TRANSPARENT_COLOR};
    for (;;) {
        GifRecordType record;
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) {
            return pf_gif_failure(&anim->reader, gif->Error, message, capacity);
        }
        int code = 0;
        GifByteType *block = NULL;
        if (record == TERMINATE_RECORD_TYPE) {
            *ended = 1;
            return PF_OK;
        }
        if (record == EXTENSION_RECORD_TYPE) {
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) {
                return pf_gif_failure(&anim->reader, gif->Error, message, capacity);
            }
            if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
                DGifExtensionToGCB(block[0], block + 1, &control);
            }
            while (block != NULL) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) {
                    return pf_gif_failure(&anim->reader, gif->Error, message, capacity);
                }
            }
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) {
            pf_set_message(message, capacity, "a GIF record of unknown type");
            return PF_ERR_DECODER;
        }
        pf_anim_gif_dispose(anim);
        if (control.DisposalMode == DISPOSE_PREVIOUS) {
            memcpy(anim->saved, anim->canvas, (size_t)anim->width * (size_t)anim->height * 4);
        }
        pf_status status = pf_gif_draw_frame(gif, &anim->reader, control.TransparentColor, anim->canvas, message,
                                             capacity);
        if (status != PF_OK) {
            return status;
        }
        /* The frame's rectangle on the canvas, for a "restore to background" before the next. */
        GifImageDesc *frame = &gif->Image;
        anim->left = frame->Left < 0 ? 0 : (frame->Left > anim->width ? anim->width : frame->Left);
        anim->top = frame->Top < 0 ? 0 : (frame->Top > anim->height ? anim->height : frame->Top);
        int64_t right = (int64_t)frame->Left + frame->Width, bottom = (int64_t)frame->Top + frame->Height;
        anim->right = right > anim->width ? anim->width : (right < anim->left ? anim->left : (int32_t)right);
        anim->bottom = bottom > anim->height ? anim->height : (bottom < anim->top ? anim->top : (int32_t)bottom);
        anim->disposal = control.DisposalMode;
        *duration_ms = pf_anim_delay(control.DelayTime * 10);
        return PF_OK;
    }
}

static pf_status pf_anim_gif_next(pf_anim *anim, int32_t *duration_ms, char *message, size_t capacity) {
    for (int attempt = 0; attempt < 2; attempt++) {
        int ended = 0;
        pf_status status = pf_anim_gif_frame(anim, duration_ms, &ended, message, capacity);
        if (status == PF_OK && !ended && anim->next_index < PF_MAX_FRAMES) {
            return PF_OK;
        }
        if (anim->next_index == 0) {
            /* Not one frame this loop: the file is broken from its start. */
            if (status == PF_OK) {
                pf_set_message(message, capacity, "the GIF has no image");
                status = PF_ERR_DECODER;
            }
            return status;
        }
        /* The loop ended (or broke after its first frame): play what came before, from the start. */
        anim->frame_count = anim->next_index;
        status = pf_anim_gif_rewind(anim, message, capacity);
        if (status != PF_OK) {
            return status;
        }
    }
    pf_set_message(message, capacity, "the GIF's first frame failed after a rewind");
    return PF_ERR_DECODER;
}

/* MARK: WebP */

static pf_status pf_anim_webp_open(pf_anim *anim, pf_anim_info *info, char *message, size_t capacity) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(anim->data, anim->size, &features) != VP8_STATUS_OK || !features.has_animation) {
        pf_set_message(message, capacity, "not an animated WebP");
        return PF_ERR_DECODER;
    }
    if (!pf_anim_canvas_is_sane(features.width, features.height)) {
        pf_set_message(message, capacity, "the WebP canvas is too large to animate");
        return PF_ERR_LIMIT;
    }
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        return PF_ERR_DECODER;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData webp = {anim->data, anim->size};
    anim->webp = WebPAnimDecoderNew(&webp, &options);
    WebPAnimInfo about;
    if (anim->webp == NULL || !WebPAnimDecoderGetInfo(anim->webp, &about) || about.frame_count < 1) {
        pf_set_message(message, capacity, "the animated WebP is corrupt or incomplete");
        return PF_ERR_DECODER;
    }
    if ((int64_t)about.canvas_width != features.width || (int64_t)about.canvas_height != features.height) {
        pf_set_message(message, capacity, "the WebP canvas differs from its header");
        return PF_ERR_DECODER;
    }
    anim->width = (int32_t)about.canvas_width;
    anim->height = (int32_t)about.canvas_height;
    anim->frame_count = about.frame_count > PF_MAX_FRAMES ? PF_MAX_FRAMES : (int32_t)about.frame_count;
    info->loop_count = about.loop_count > INT32_MAX ? 0 : (int32_t)about.loop_count;
    return PF_OK;
}

static pf_status pf_anim_webp_next(pf_anim *anim, uint8_t **canvas, int32_t *duration_ms, char *message,
                                   size_t capacity) {
    for (int attempt = 0; attempt < 2; attempt++) {
        if (anim->next_index >= anim->frame_count || !WebPAnimDecoderHasMoreFrames(anim->webp)) {
            WebPAnimDecoderReset(anim->webp);
            anim->next_index = 0;
            anim->last_timestamp = 0;
        }
        int timestamp = 0;
        if (WebPAnimDecoderGetNext(anim->webp, canvas, &timestamp) && *canvas != NULL) {
            int elapsed = timestamp - anim->last_timestamp;
            anim->last_timestamp = timestamp;
            *duration_ms = pf_anim_delay(elapsed < 0 ? 0 : elapsed);
            return PF_OK;
        }
        if (anim->next_index == 0) {
            pf_set_message(message, capacity, "the first WebP frame is corrupt or incomplete");
            return PF_ERR_DECODER;
        }
        anim->frame_count = anim->next_index;
    }
    pf_set_message(message, capacity, "the WebP's first frame failed after a rewind");
    return PF_ERR_DECODER;
}

/* MARK: The handle */

pf_anim *pf_anim_open(int32_t format, const uint8_t *data, size_t size, int32_t reduce, pf_anim_info *info,
                      pf_status *status, char *message, size_t capacity) {
    if (info == NULL || status == NULL || data == NULL || size == 0 || reduce < 1) {
        pf_set_message(message, capacity, "no data, no info or a bad reduction");
        if (status != NULL) {
            *status = PF_ERR_ARGUMENT;
        }
        return NULL;
    }
    memset(info, 0, sizeof(*info));
    pf_anim *anim = calloc(1, sizeof(pf_anim));
    if (anim == NULL || (anim->data = malloc(size)) == NULL) {
        free(anim);
        *status = PF_ERR_MEMORY;
        return NULL;
    }
    memcpy(anim->data, data, size);
    anim->size = size;
    anim->format = format;
    anim->reduce = reduce;
    switch (format) {
    case PF_FORMAT_GIF: *status = pf_anim_gif_open(anim, info, message, capacity); break;
    case PF_FORMAT_WEBP: *status = pf_anim_webp_open(anim, info, message, capacity); break;
    default:
        pf_set_message(message, capacity, "only GIF and WebP animations play");
        *status = PF_ERR_UNSUPPORTED;
        break;
    }
    if (*status != PF_OK) {
        pf_anim_close(anim);
        return NULL;
    }
    info->canvas_width = anim->width;
    info->canvas_height = anim->height;
    info->frame_count = anim->frame_count;
    return anim;
}

pf_status pf_anim_next(pf_anim *anim, uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height,
                       int32_t *index, int32_t *duration_ms, char *message, size_t capacity) {
    if (anim == NULL || out == NULL || index == NULL || duration_ms == NULL || out_stride < (size_t)out_width * 4 ||
        !pf_reduced_size_matches(anim->width, anim->height, anim->reduce, out_width, out_height)) {
        pf_set_message(message, capacity, "output size does not match the reduced canvas");
        return PF_ERR_ARGUMENT;
    }
    uint8_t *canvas = NULL;
    pf_status status;
    if (anim->format == PF_FORMAT_GIF) {
        status = pf_anim_gif_next(anim, duration_ms, message, capacity);
        canvas = anim->canvas;
    } else {
        status = pf_anim_webp_next(anim, &canvas, duration_ms, message, capacity);
    }
    if (status != PF_OK) {
        return status;
    }
    if (!pf_reduce_into(canvas, (size_t)anim->width * 4, anim->width, anim->height, anim->reduce, out, out_stride,
                        out_width, out_height)) {
        return PF_ERR_MEMORY;
    }
    *index = anim->next_index;
    anim->next_index++;
    return PF_OK;
}

int32_t pf_anim_frame_count(const pf_anim *anim) {
    return anim == NULL ? 0 : anim->frame_count;
}

void pf_anim_close(pf_anim *anim) {
    if (anim == NULL) {
        return;
    }
    if (anim->gif != NULL) {
        int error = 0;
        DGifCloseFile(anim->gif, &error);
    }
    if (anim->webp != NULL) {
        WebPAnimDecoderDelete(anim->webp);
    }
    free(anim->canvas);
    free(anim->saved);
    free(anim->data);
    free(anim);
}
