#ifndef IMAGE_SHIM_GIF_INTERNAL_H
#define IMAGE_SHIM_GIF_INTERNAL_H

#include "shim_internal.h"

#include <gif_lib.h>

/* giflib's input: a memory buffer read through a callback; `truncated` once a read ran short. */
typedef struct pf_gif_reader {
    const uint8_t *data;
    size_t size;
    size_t offset;
    int truncated;
} pf_gif_reader;

/* Opens data for reading records (NULL with *error set when the header is bad). */
GifFileType *pf_gif_open(pf_gif_reader *reader, const uint8_t *data, size_t size, int *error);

/* The status (and message) for a giflib error code; a short read is PF_ERR_TRUNCATED. */
pf_status pf_gif_failure(const pf_gif_reader *reader, int code, char *message, size_t capacity);

/* Skips an extension's data blocks; GIF_OK or GIF_ERROR. */
int pf_gif_skip_extension(GifFileType *gif, int *code, GifByteType **block);

/*
 * Walks the records from the current one, counting frames (their data skipped, no LZW) up to
 * PF_MAX_FRAMES, and reads the loop count: NETSCAPE2.0's repeat count n plays n + 1 times, as
 * browsers do; 0 is forever; no such block plays once. 0 when the walk stopped at a bad record.
 */
int pf_gif_scan(GifFileType *gif, int32_t *frames, int32_t *loops);

/*
 * Reads the image descriptor and rows of the frame whose record was just read, and draws them
 * onto the RGBA canvas (SWidth × SHeight): pixels of `transparent` (or NO_TRANSPARENT_COLOR) and
 * outside the canvas are skipped. A frame may cover at most 4 times the canvas's area.
 */
pf_status pf_gif_draw_frame(GifFileType *gif, pf_gif_reader *reader, int transparent, uint8_t *canvas,
                            char *message, size_t capacity);

/*
 * pf_gif_draw_frame that counts the frame's rows drawn whole in *rows_done: rows from the top
 * of a non-interlaced frame, rows in the passes' order (0, 8, 16, …, 4, 12, …) of an interlaced one.
 */
pf_status pf_gif_draw_frame_rows(GifFileType *gif, pf_gif_reader *reader, int transparent, uint8_t *canvas,
                                 int32_t *rows_done, char *message, size_t capacity);

#endif
