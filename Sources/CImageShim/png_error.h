#ifndef IMAGE_SHIM_PNG_ERROR_H
#define IMAGE_SHIM_PNG_ERROR_H

#include <png.h>

#include "shim_internal.h"

/*
 * The error context handed to libpng: errors copy their text into the caller's
 * buffer and longjmp (png_longjmp) back to png_jmpbuf; warnings are dropped
 * instead of printed; reads come from a memory buffer and running out of
 * bytes is an error marked as truncation, never a read past the end.
 */
typedef struct pf_png_context {
    const uint8_t *data;
    size_t size;
    size_t offset;
    int truncated;
    char *message;
    size_t message_capacity;
    /* While non-zero, every read counts against tail_budget (the last row and the stream's end). */
    int in_tail;
    size_t tail_budget;
    /* Set when a bound of png_decode.c was broken: the error is PF_ERR_LIMIT. */
    int over_limit;
    /* Rows of a non-interlaced image read whole so far (a tolerant decode keeps them); of an
     * interlaced one, the rows of the current Adam7 pass's loop. */
    uint32_t rows_done;
    /* The Adam7 pass being read (0-based) by a decode with interlace handling. */
    uint32_t pass;
} pf_png_context;

void pf_png_error(png_structp png, png_const_charp text);
void pf_png_warning(png_structp png, png_const_charp text);

#endif
