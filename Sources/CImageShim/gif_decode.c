/*
 * GIF through giflib 5.2.1. giflib returns error codes (it never exits or jumps), reads through
 * our memory callback, and its DGifSlurp would decode every frame: we walk the records
 * ourselves instead. The probe counts frames by skipping their compressed blocks (no LZW
 * decoding) up to PF_MAX_FRAMES; the decode reads the first frame only, onto a transparent
 * canvas (its Graphic Control Extension's transparent index honoured; disposal does not matter
 * for a first frame). A frame may cover at most 4 times the canvas's area (broken encoders write
 * frames a little larger than the screen; a hostile one could claim 65535 × 65535 on a 1 × 1
 * screen and cost billions of LZW steps).
 */
#include "gif_internal.h"

#include "formats_internal.h"
#include "image_size.h"
#include <stdlib.h>
#include <string.h>

static int pf_gif_read(GifFileType *gif, GifByteType *bytes, int count) {
    pf_gif_reader *reader = (pf_gif_reader *)gif->UserData;
    size_t left = reader->size - reader->offset;
    size_t wanted = count < 0 ? 0 : (size_t)count;
    if (wanted > left) {
        reader->truncated = 1;
        wanted = left;
    }
    memcpy(bytes, reader->data + reader->offset, wanted);
    reader->offset += wanted;
    return (int)wanted;
}

pf_status pf_gif_failure(const pf_gif_reader *reader, int code, char *message, size_t capacity) {
    if (reader->truncated || code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON) {
        pf_set_message(message, capacity, "the GIF data ends before the image is complete");
        return PF_ERR_TRUNCATED;
    }
    const char *text = GifErrorString(code);
    pf_set_message(message, capacity, text != NULL ? text : "corrupt GIF");
    return code == D_GIF_ERR_NOT_ENOUGH_MEM ? PF_ERR_MEMORY : PF_ERR_DECODER;
}

GifFileType *pf_gif_open(pf_gif_reader *reader, const uint8_t *data, size_t size, int *error) {
    memset(reader, 0, sizeof(*reader));
    reader->data = data;
    reader->size = size;
    return DGifOpen(reader, pf_gif_read, error);
}

int pf_gif_skip_extension(GifFileType *gif, int *code, GifByteType **block) {
    if (DGifGetExtension(gif, code, block) == GIF_ERROR) {
        return GIF_ERROR;
    }
    while (*block != NULL) {
        if (DGifGetExtensionNext(gif, block) == GIF_ERROR) {
            return GIF_ERROR;
        }
    }
    return GIF_OK;
}

int pf_gif_scan(GifFileType *gif, int32_t *frames, int32_t *loops) {
    *frames = 0;
    *loops = 1;
    GifRecordType record;
    while (*frames < PF_MAX_FRAMES && DGifGetRecordType(gif, &record) == GIF_OK && record != TERMINATE_RECORD_TYPE) {
        int code = 0;
        GifByteType *block = NULL;
        if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR || DGifGetCode(gif, &code, &block) == GIF_ERROR) {
                return 0;
            }
            while (block != NULL) {
                if (DGifGetCodeNext(gif, &block) == GIF_ERROR) {
                    return 0;
                }
            }
            (*frames)++;
        } else if (record == EXTENSION_RECORD_TYPE) {
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) {
                return 0;
            }
            /* NETSCAPE2.0 (or ANIMEXTS1.0): its sub-block 1 holds the repeat count. */
            int looping = code == APPLICATION_EXT_FUNC_CODE && block != NULL && block[0] == 11 &&
                          (memcmp(block + 1, "NETSCAPE2.0", 11) == 0 || memcmp(block + 1, "ANIMEXTS1.0", 11) == 0);
            while (block != NULL) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) {
                    return 0;
                }
                if (looping && block != NULL && block[0] >= 3 && block[1] == 1) {
                    int repeats = block[2] | (block[3] << 8);
                    *loops = repeats == 0 ? 0 : repeats + 1;
                    looping = 0;
                }
            }
        } else {
            return 0;
        }
    }
    return 1;
}

pf_status pf_gif_probe(const uint8_t *data, size_t size, pf_image_info *info, char *message, size_t capacity) {
    pf_gif_reader reader;
    int error = 0;
    GifFileType *gif = pf_gif_open(&reader, data, size, &error);
    if (gif == NULL) {
        return pf_gif_failure(&reader, error, message, capacity);
    }
    if (!pf_size_is_sane(gif->SWidth, gif->SHeight)) {
        DGifCloseFile(gif, &error);
        pf_set_message(message, capacity, "the GIF screen size is out of range");
        return PF_ERR_DECODER;
    }
    info->width = gif->SWidth;
    info->height = gif->SHeight;
    info->has_alpha = 1;
    int32_t frames = 0, loops = 1;
    pf_gif_scan(gif, &frames, &loops);
    info->frame_count = frames > 0 ? frames : 1;
    DGifCloseFile(gif, &error);
    return PF_OK;
}

pf_status pf_gif_draw_frame(GifFileType *gif, pf_gif_reader *reader, int transparent, uint8_t *canvas,
                            char *message, size_t capacity) {
    return pf_gif_draw_frame_rows(gif, reader, transparent, canvas, NULL, message, capacity);
}

pf_status pf_gif_draw_frame_rows(GifFileType *gif, pf_gif_reader *reader, int transparent, uint8_t *canvas,
                                 int32_t *rows_done, char *message, size_t capacity) {
    if (rows_done != NULL) {
        *rows_done = 0;
    }
    if (DGifGetImageDesc(gif) == GIF_ERROR) {
        return pf_gif_failure(reader, gif->Error, message, capacity);
    }
    GifImageDesc *frame = &gif->Image;
    ColorMapObject *map = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
    int64_t canvas_area = (int64_t)gif->SWidth * gif->SHeight;
    if (map == NULL || map->Colors == NULL) {
        pf_set_message(message, capacity, "the GIF frame has no colour table");
        return PF_ERR_DECODER;
    }
    if (frame->Width < 1 || frame->Height < 1 || (int64_t)frame->Width * frame->Height > 4 * canvas_area) {
        pf_set_message(message, capacity, "a GIF frame is far larger than its screen");
        return PF_ERR_LIMIT;
    }
    GifPixelType *line = malloc((size_t)frame->Width);
    if (line == NULL) {
        return PF_ERR_MEMORY;
    }
    static const int offsets[4] = {0, 4, 2, 1}, jumps[4] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    int32_t lines = 0;
    for (int pass = 0; pass < passes; pass++) {
        int start = frame->Interlace ? offsets[pass] : 0, jump = frame->Interlace ? jumps[pass] : 1;
        for (int row = start; row < frame->Height; row += jump) {
            if (DGifGetLine(gif, line, frame->Width) == GIF_ERROR) {
                free(line);
                return pf_gif_failure(reader, gif->Error, message, capacity);
            }
            int y = frame->Top + row;
            if (y < 0 || y >= gif->SHeight) {
                continue;
            }
            uint8_t *target = canvas + ((size_t)y * (size_t)gif->SWidth) * 4;
            for (int column = 0; column < frame->Width; column++) {
                int x = frame->Left + column;
                int index = line[column];
                if (x < 0 || x >= gif->SWidth || index == transparent || index >= map->ColorCount) {
                    continue;
                }
                GifColorType color = map->Colors[index];
                uint8_t *pixel = target + (size_t)x * 4;
                pixel[0] = color.Red;
                pixel[1] = color.Green;
                pixel[2] = color.Blue;
                pixel[3] = 255;
            }
            lines++;
            if (rows_done != NULL) {
                *rows_done = lines;
            }
        }
    }
    free(line);
    return PF_OK;
}

/* Where a frame row comes in an interlaced frame's order (passes of rows 0, 4, 2, 1 mod 8, 8, 4, 2). */
static int32_t pf_gif_interlaced_index(int32_t row, int32_t height) {
    static const int offsets[4] = {0, 4, 2, 1}, jumps[4] = {8, 8, 4, 2};
    int32_t before = 0;
    for (int pass = 0; pass < 4; pass++) {
        if (row >= offsets[pass] && (row - offsets[pass]) % jumps[pass] == 0) {
            return before + (row - offsets[pass]) / jumps[pass];
        }
        before += height > offsets[pass] ? (height - offsets[pass] + jumps[pass] - 1) / jumps[pass] : 0;
    }
    return before;
}

/*
 * The rows of a damaged first frame its `lines` did not give, inside the canvas: a
 * non-interlaced frame's rows below the lines are opaque grey; an interlaced frame's missing
 * row copies the decoded row that starts its block of the passes complete (8, 4 or 2 rows, as
 * browsers draw an interlaced GIF still loading), or is grey when that row is missing too.
 */
static void pf_gif_fill_missing(const GifFileType *gif, int32_t lines, uint8_t *canvas) {
    const GifImageDesc *frame = &gif->Image;
    int left = frame->Left < 0 ? 0 : frame->Left;
    int right = frame->Left + frame->Width > gif->SWidth ? gif->SWidth : frame->Left + frame->Width;
    if (right <= left) {
        return;
    }
    /* The block a decoded row stands for: 8 rows while the first pass is incomplete or just
     * complete, then 4, 2 and 1 as the second, third and fourth complete. */
    int block = 8;
    if (frame->Interlace) {
        static const int offsets[4] = {0, 4, 2, 1}, jumps[4] = {8, 8, 4, 2}, blocks[4] = {8, 4, 2, 1};
        int32_t through = 0;
        for (int pass = 0; pass < 4; pass++) {
            through += frame->Height > offsets[pass] ? (frame->Height - offsets[pass] + jumps[pass] - 1) / jumps[pass] : 0;
            if (through > lines) {
                break;
            }
            block = blocks[pass];
        }
    }
    size_t span = (size_t)(right - left) * 4;
    for (int32_t row = 0; row < frame->Height; row++) {
        int32_t index = frame->Interlace ? pf_gif_interlaced_index(row, frame->Height) : row;
        int y = frame->Top + row;
        if (index < lines || y < 0 || y >= gif->SHeight) {
            continue;
        }
        uint8_t *target = canvas + ((size_t)y * (size_t)gif->SWidth + (size_t)left) * 4;
        int32_t anchor = row - row % block;
        int anchor_y = frame->Top + anchor;
        if (frame->Interlace && anchor != row && pf_gif_interlaced_index(anchor, frame->Height) < lines &&
            anchor_y >= 0 && anchor_y < gif->SHeight) {
            memcpy(target, canvas + ((size_t)anchor_y * (size_t)gif->SWidth + (size_t)left) * 4, span);
            continue;
        }
        for (size_t x = 0; x < span; x += 4) {
            target[x] = target[x + 1] = target[x + 2] = PF_DAMAGE_GREY;
            target[x + 3] = 255;
        }
    }
}

pf_status pf_gif_decode(const uint8_t *data, size_t size, int32_t reduce, int32_t use_thumbnail, uint8_t *out,
                        size_t out_stride, int32_t out_width, int32_t out_height, char *message, size_t capacity) {
    (void)use_thumbnail;
    return pf_gif_decode_tolerant(data, size, reduce, out, out_stride, out_width, out_height, NULL, message, capacity);
}

pf_status pf_gif_decode_tolerant(const uint8_t *data, size_t size, int32_t reduce, uint8_t *out, size_t out_stride,
                                 int32_t out_width, int32_t out_height, pf_damage *damage, char *message,
                                 size_t capacity) {
    if (damage != NULL) {
        memset(damage, 0, sizeof(*damage));
    }
    pf_gif_reader reader;
    int error = 0;
    GifFileType *gif = pf_gif_open(&reader, data, size, &error);
    if (gif == NULL) {
        return pf_gif_failure(&reader, error, message, capacity);
    }
    if (!pf_size_is_sane(gif->SWidth, gif->SHeight) ||
        !pf_reduced_size_matches(gif->SWidth, gif->SHeight, reduce, out_width, out_height)) {
        DGifCloseFile(gif, &error);
        pf_set_message(message, capacity, "output size does not match the GIF's");
        return PF_ERR_ARGUMENT;
    }
    uint8_t *canvas = calloc((size_t)gif->SWidth * (size_t)gif->SHeight, 4);
    if (canvas == NULL) {
        DGifCloseFile(gif, &error);
        return PF_ERR_MEMORY;
    }
    int transparent = NO_TRANSPARENT_COLOR;
    pf_status status = PF_ERR_DECODER;
    int done = 0;
    while (!done) {
        GifRecordType record;
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) {
            status = pf_gif_failure(&reader, gif->Error, message, capacity);
            break;
        }
        int code = 0;
        GifByteType *block = NULL;
        switch (record) {
        case IMAGE_DESC_RECORD_TYPE: {
            int32_t rows_done = 0;
            status = pf_gif_draw_frame_rows(gif, &reader, transparent, canvas, &rows_done, message, capacity);
            if (damage != NULL && rows_done > 0 && (status == PF_ERR_TRUNCATED || status == PF_ERR_DECODER)) {
                /* The frame broke after some rows: keep them, fill the rest (the reason is in message);
                 * an interlaced frame's rows count in the share wherever they are. */
                pf_gif_fill_missing(gif, rows_done, canvas);
                int64_t decoded = (int64_t)gif->Image.Top + rows_done;
                decoded = decoded < 0 ? 0 : decoded > gif->SHeight ? gif->SHeight : decoded;
                damage->damaged = 1;
                damage->truncated = status == PF_ERR_TRUNCATED;
                damage->decoded_rows = (int32_t)(decoded / reduce);
                status = PF_OK;
            }
            done = 1;
            break;
        }
        case EXTENSION_RECORD_TYPE:
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) {
                status = pf_gif_failure(&reader, gif->Error, message, capacity);
                done = 1;
                break;
            }
            if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL) {
                GraphicsControlBlock control;
                if (DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) {
                    transparent = control.TransparentColor;
                }
            }
            while (block != NULL && !done) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) {
                    status = pf_gif_failure(&reader, gif->Error, message, capacity);
                    done = 1;
                }
            }
            break;
        default:
            pf_set_message(message, capacity, "the GIF has no image");
            status = record == TERMINATE_RECORD_TYPE ? PF_ERR_DECODER : pf_gif_failure(&reader, gif->Error, message, capacity);
            done = 1;
            break;
        }
    }
    if (status == PF_OK && !pf_reduce_into(canvas, (size_t)gif->SWidth * 4, gif->SWidth, gif->SHeight, reduce, out,
                                           out_stride, out_width, out_height)) {
        status = PF_ERR_MEMORY;
    }
    free(canvas);
    DGifCloseFile(gif, &error);
    return status;
}
