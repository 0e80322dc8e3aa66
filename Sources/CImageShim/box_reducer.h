#ifndef IMAGE_SHIM_BOX_REDUCER_H
#define IMAGE_SHIM_BOX_REDUCER_H

#include <stddef.h>
#include <stdint.h>

/*
 * Area-average reduction by an integer factor, fed one decoded RGBA8 row at a
 * time: output pixel (i, j) is the alpha-weighted mean of the source block
 * [i*factor, (i+1)*factor) × [j*factor, (j+1)*factor), clipped to the image
 * (so edge blocks average the pixels they have, like libjpeg's ceil sizes).
 *
 * Sequential rows (JPEG scanlines, non-interlaced PNG) keep sums for one
 * output row and write it out when its block row is complete: memory is the
 * output plus a row. Interlaced rows (Adam7 passes) arrive out of order, so
 * they keep sums for the whole output (16 or 32 bytes an output pixel).
 */
typedef struct pf_box_reducer {
    int32_t factor;
    int32_t in_width, in_height;
    int32_t out_width, out_height;
    /* 1 when every output row's sums are held (rows in any order). */
    int whole;
    /* 1 when the sums are 64-bit (factor > 256). */
    int wide;
    void *sums;
    /* The output row whose sums are held (sequential mode). */
    int32_t held_row;
    uint8_t *out;
    size_t out_stride;
} pf_box_reducer;

/* The reduced size of one side: ceil(side / factor). */
int32_t pf_reduced_side(int32_t side, int32_t factor);

/* Prepares a reducer writing into out; 0 when the sums cannot be allocated. */
int pf_box_reducer_init(pf_box_reducer *reducer, int32_t in_width, int32_t in_height, int32_t factor,
                        int whole, uint8_t *out, size_t out_stride);

/*
 * Adds `count` RGBA8 pixels of source row y whose columns are x0, x0 + dx, …
 * (dx is 1 for a full row, the Adam7 step for a pass row). In sequential mode
 * rows must come in order; a row past the held block row flushes it.
 */
void pf_box_reducer_add(pf_box_reducer *reducer, const uint8_t *rgba, int32_t y,
                        int32_t x0, int32_t dx, int32_t count);

/* Writes every output row not yet written. */
void pf_box_reducer_finish(pf_box_reducer *reducer);

void pf_box_reducer_free(pf_box_reducer *reducer);

#endif
