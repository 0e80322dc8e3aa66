#include "box_reducer.h"

#include <stdlib.h>
#include <string.h>

int32_t pf_reduced_side(int32_t side, int32_t factor) {
    return (int32_t)(((int64_t)side + factor - 1) / factor);
}

int pf_box_reducer_init(pf_box_reducer *reducer, int32_t in_width, int32_t in_height, int32_t factor,
                        int whole, uint8_t *out, size_t out_stride) {
    memset(reducer, 0, sizeof(*reducer));
    if (factor < 1 || in_width < 1 || in_height < 1) {
        return 0;
    }
    reducer->factor = factor;
    reducer->in_width = in_width;
    reducer->in_height = in_height;
    reducer->out_width = pf_reduced_side(in_width, factor);
    reducer->out_height = pf_reduced_side(in_height, factor);
    reducer->whole = whole;
    /* 256² blocks of 255·255 still fit in 32 bits. */
    reducer->wide = factor > 256;
    reducer->held_row = 0;
    reducer->out = out;
    reducer->out_stride = out_stride;
    size_t rows = whole ? (size_t)reducer->out_height : 1;
    size_t cell = reducer->wide ? sizeof(uint64_t) : sizeof(uint32_t);
    reducer->sums = calloc(rows * (size_t)reducer->out_width * 4, cell);
    return reducer->sums != NULL;
}

/* Pixels of the source block behind output (x, y), clipped to the image. */
static uint64_t pf_block_area(const pf_box_reducer *reducer, int32_t x, int32_t y) {
    int64_t f = reducer->factor;
    int64_t w = reducer->in_width - (int64_t)x * f;
    int64_t h = reducer->in_height - (int64_t)y * f;
    return (uint64_t)(w < f ? w : f) * (uint64_t)(h < f ? h : f);
}

/* Sums as (Σ r·a, Σ g·a, Σ b·a, Σ a) to straight RGBA8, rounded; mostly transparent is 0. */
static void pf_store(uint64_t r, uint64_t g, uint64_t b, uint64_t a, uint64_t area, uint8_t *pixel) {
    if (a * 2 < area) {
        memset(pixel, 0, 4);
        return;
    }
    pixel[0] = (uint8_t)((r + a / 2) / a);
    pixel[1] = (uint8_t)((g + a / 2) / a);
    pixel[2] = (uint8_t)((b + a / 2) / a);
    pixel[3] = (uint8_t)((a + area / 2) / area);
}

static void pf_write_row(pf_box_reducer *reducer, int32_t out_y, size_t slot) {
    uint8_t *line = reducer->out + (size_t)out_y * reducer->out_stride;
    size_t base = slot * (size_t)reducer->out_width * 4;
    for (int32_t x = 0; x < reducer->out_width; x++) {
        size_t i = base + (size_t)x * 4;
        uint64_t area = pf_block_area(reducer, x, out_y);
        if (reducer->wide) {
            const uint64_t *s = (const uint64_t *)reducer->sums + i;
            pf_store(s[0], s[1], s[2], s[3], area, line + (size_t)x * 4);
        } else {
            const uint32_t *s = (const uint32_t *)reducer->sums + i;
            pf_store(s[0], s[1], s[2], s[3], area, line + (size_t)x * 4);
        }
    }
}

void pf_box_reducer_add(pf_box_reducer *reducer, const uint8_t *rgba, int32_t y,
                        int32_t x0, int32_t dx, int32_t count) {
    if (y < 0 || y >= reducer->in_height) {
        return;
    }
    int32_t out_y = y / reducer->factor;
    size_t slot = 0;
    if (reducer->whole) {
        slot = (size_t)out_y;
    } else {
        while (reducer->held_row < out_y) {
            pf_write_row(reducer, reducer->held_row, 0);
            size_t cell = reducer->wide ? sizeof(uint64_t) : sizeof(uint32_t);
            memset(reducer->sums, 0, (size_t)reducer->out_width * 4 * cell);
            reducer->held_row++;
        }
        if (out_y < reducer->held_row) {
            return; /* out of order: cannot happen for sequential sources */
        }
    }
    size_t base = slot * (size_t)reducer->out_width * 4;
    if (dx == 1 && !reducer->wide && x0 >= 0) {
        /* A row's run of pixels, block by block: each block's sums are gathered in registers
           and added once (no division a pixel; most rows are whole rows). */
        int32_t factor = reducer->factor;
        int32_t end = x0 + count < reducer->in_width ? x0 + count : reducer->in_width;
        int32_t x = x0;
        const uint8_t *p = rgba;
        int32_t out_x = x / factor;
        int32_t block_end = (out_x + 1) * factor;
        while (x < end) {
            int32_t stop = block_end < end ? block_end : end;
            uint32_t r = 0, g = 0, b = 0, a = 0;
            for (; x < stop; x++, p += 4) {
                uint32_t alpha = p[3];
                r += p[0] * alpha;
                g += p[1] * alpha;
                b += p[2] * alpha;
                a += alpha;
            }
            uint32_t *s = (uint32_t *)reducer->sums + base + (size_t)out_x * 4;
            s[0] += r;
            s[1] += g;
            s[2] += b;
            s[3] += a;
            out_x++;
            block_end += factor;
        }
        return;
    }
    int32_t x = x0;
    for (int32_t i = 0; i < count && x < reducer->in_width; i++, x += dx) {
        const uint8_t *p = rgba + (size_t)i * 4;
        uint32_t a = p[3];
        size_t at = base + (size_t)(x / reducer->factor) * 4;
        if (reducer->wide) {
            uint64_t *s = (uint64_t *)reducer->sums + at;
            s[0] += (uint64_t)p[0] * a;
            s[1] += (uint64_t)p[1] * a;
            s[2] += (uint64_t)p[2] * a;
            s[3] += a;
        } else {
            uint32_t *s = (uint32_t *)reducer->sums + at;
            s[0] += p[0] * a;
            s[1] += p[1] * a;
            s[2] += p[2] * a;
            s[3] += a;
        }
    }
}

void pf_box_reducer_finish(pf_box_reducer *reducer) {
    if (reducer->sums == NULL) {
        return;
    }
    if (reducer->whole) {
        for (int32_t y = 0; y < reducer->out_height; y++) {
            pf_write_row(reducer, y, (size_t)y);
        }
    } else {
        for (; reducer->held_row < reducer->out_height; reducer->held_row++) {
            pf_write_row(reducer, reducer->held_row, 0);
            size_t cell = reducer->wide ? sizeof(uint64_t) : sizeof(uint32_t);
            memset(reducer->sums, 0, (size_t)reducer->out_width * 4 * cell);
        }
    }
}

void pf_box_reducer_free(pf_box_reducer *reducer) {
    free(reducer->sums);
    reducer->sums = NULL;
}
