/*
 * A photograph's PNG as a terminal is sent it, made on two threads.
 *
 * Every row is Average-filtered and the filtered bytes are deflated with Huffman codes only
 * (what PNGEncoder.Compression.photograph asks libpng for). Huffman-only deflate refers to no
 * earlier bytes, so the rows can be deflated in two halves at once: the first half ends with a
 * sync flush (a byte-aligned, non-final block) and the second carries the same stream on to its
 * end; the zlib trailer is the two halves' Adler-32 combined. The pixels come in as RGBA and go
 * out as RGB: the alpha samples are skipped as the rows are filtered.
 */

#include "shim_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* From this many pixels up the second half runs on its own thread. */
#define PF_PHOTOGRAPH_PARALLEL_PIXELS (64 * 1024)

typedef struct pf_photograph_part {
    const uint8_t *pixels;
    size_t stride;
    int32_t width;
    int32_t first_row;
    int32_t row_count;
    int final;
    uint8_t *filtered; /* this part's filtered rows (1 + 3 * width bytes each) */
    uint8_t *deflated;
    size_t deflated_size;
    uLong adler;
    int ok;
} pf_photograph_part;

/* Filters the part's rows (Average: each byte less the mean of the byte to its left and the
 * byte above, in RGB) and deflates them. */
static void *pf_photograph_run(void *argument) {
    pf_photograph_part *part = (pf_photograph_part *)argument;
    size_t row_bytes = 1 + (size_t)part->width * 3;
    for (int32_t r = 0; r < part->row_count; r++) {
        int32_t y = part->first_row + r;
        const uint8_t *row = part->pixels + (size_t)y * part->stride;
        const uint8_t *above = y > 0 ? row - part->stride : NULL;
        uint8_t *out = part->filtered + (size_t)r * row_bytes;
        out[0] = 3; /* Average */
        for (int32_t x = 0; x < part->width; x++) {
            for (int c = 0; c < 3; c++) {
                unsigned left = x > 0 ? row[(x - 1) * 4 + c] : 0;
                unsigned up = above != NULL ? above[x * 4 + c] : 0;
                out[1 + x * 3 + c] = (uint8_t)(row[x * 4 + c] - ((left + up) >> 1));
            }
        }
    }
    size_t length = row_bytes * (size_t)part->row_count;
    part->adler = adler32_z(adler32_z(0L, Z_NULL, 0), part->filtered, length);

    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, 1, Z_DEFLATED, -15, 8, Z_HUFFMAN_ONLY) != Z_OK) {
        return NULL;
    }
    size_t capacity = deflateBound(&stream, (uLong)length) + 16;
    part->deflated = (uint8_t *)malloc(capacity);
    if (part->deflated == NULL) {
        deflateEnd(&stream);
        return NULL;
    }
    stream.next_in = part->filtered;
    stream.avail_in = (uInt)length;
    stream.next_out = part->deflated;
    stream.avail_out = (uInt)capacity;
    int status = deflate(&stream, part->final ? Z_FINISH : Z_SYNC_FLUSH);
    int done = part->final ? status == Z_STREAM_END : status == Z_OK && stream.avail_in == 0;
    part->deflated_size = capacity - stream.avail_out;
    deflateEnd(&stream);
    part->ok = done;
    return NULL;
}

static void pf_put_u32(uint8_t *at, uint32_t value) {
    at[0] = (uint8_t)(value >> 24);
    at[1] = (uint8_t)(value >> 16);
    at[2] = (uint8_t)(value >> 8);
    at[3] = (uint8_t)value;
}

/* Appends a chunk whose data is the concatenation of `pieces`. */
static int pf_png_append_chunk(pf_buffer *out, const char *type, const uint8_t *const *pieces, const size_t *sizes,
                               int count) {
    size_t length = 0;
    for (int i = 0; i < count; i++) {
        length += sizes[i];
    }
    if (length > 0x7fffffffu || !pf_buffer_reserve(out, length + 12)) {
        return 0;
    }
    uint8_t header[8];
    pf_put_u32(header, (uint32_t)length);
    memcpy(header + 4, type, 4);
    uLong crc = crc32_z(0L, (const Bytef *)type, 4);
    pf_buffer_append(out, header, 8);
    for (int i = 0; i < count; i++) {
        if (sizes[i] > 0) {
            crc = crc32_z(crc, pieces[i], sizes[i]);
            pf_buffer_append(out, pieces[i], sizes[i]);
        }
    }
    uint8_t trailer[4];
    pf_put_u32(trailer, (uint32_t)crc);
    pf_buffer_append(out, trailer, 4);
    return 1;
}

pf_status pf_png_encode_photograph(const uint8_t *pixels, size_t stride, int32_t width, int32_t height,
                                   int32_t threads, pf_buffer *out, char *message, size_t message_capacity) {
    if (pixels == NULL || out == NULL || width <= 0 || height <= 0 || width > (1 << 24) || height > (1 << 24) ||
        stride < (size_t)width * 4) {
        pf_set_message(message, message_capacity, "bad photograph PNG arguments");
        return PF_ERR_ARGUMENT;
    }
    size_t row_bytes = 1 + (size_t)width * 3;
    if ((size_t)height > SIZE_MAX / row_bytes / 2) {
        pf_set_message(message, message_capacity, "the photograph is too large for a PNG");
        return PF_ERR_ARGUMENT;
    }
    uint8_t *filtered = (uint8_t *)malloc(row_bytes * (size_t)height);
    if (filtered == NULL) {
        pf_set_message(message, message_capacity, "out of memory while filtering the PNG rows");
        return PF_ERR_MEMORY;
    }
    int halves = threads >= 2 && height >= 2 && (int64_t)width * height >= PF_PHOTOGRAPH_PARALLEL_PIXELS ? 2 : 1;
    pf_photograph_part parts[2];
    memset(parts, 0, sizeof parts);
    int32_t split = halves == 2 ? height / 2 : height;
    for (int i = 0; i < halves; i++) {
        parts[i].pixels = pixels;
        parts[i].stride = stride;
        parts[i].width = width;
        parts[i].first_row = i == 0 ? 0 : split;
        parts[i].row_count = i == 0 ? split : height - split;
        parts[i].final = i == halves - 1;
        parts[i].filtered = filtered + row_bytes * (size_t)parts[i].first_row;
    }
    pthread_t second;
    int threaded = halves == 2 && pthread_create(&second, NULL, pf_photograph_run, &parts[1]) == 0;
    pf_photograph_run(&parts[0]);
    if (halves == 2) {
        if (threaded) {
            pthread_join(second, NULL);
        } else {
            pf_photograph_run(&parts[1]);
        }
    }
    free(filtered);
    pf_status status = PF_OK;
    for (int i = 0; i < halves; i++) {
        if (!parts[i].ok) {
            status = PF_ERR_ENCODER;
        }
    }
    if (status == PF_OK) {
        static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
        uint8_t ihdr[13];
        pf_put_u32(ihdr, (uint32_t)width);
        pf_put_u32(ihdr + 4, (uint32_t)height);
        ihdr[8] = 8;  /* bit depth */
        ihdr[9] = 2;  /* RGB */
        ihdr[10] = 0; /* deflate */
        ihdr[11] = 0; /* adaptive filtering (each row says its filter) */
        ihdr[12] = 0; /* not interlaced */
        uLong adler = parts[0].adler;
        if (halves == 2) {
            adler = adler32_combine(adler, parts[1].adler, (z_off_t)(row_bytes * (size_t)parts[1].row_count));
        }
        static const uint8_t zlib_header[2] = {0x78, 0x01}; /* deflate, 32 KiB window, fastest */
        uint8_t zlib_trailer[4];
        pf_put_u32(zlib_trailer, (uint32_t)adler);
        const uint8_t *ihdr_pieces[1] = {ihdr};
        const size_t ihdr_sizes[1] = {13};
        const uint8_t *idat_pieces[4] = {zlib_header, parts[0].deflated, halves == 2 ? parts[1].deflated : NULL, zlib_trailer};
        const size_t idat_sizes[4] = {2, parts[0].deflated_size, halves == 2 ? parts[1].deflated_size : 0, 4};
        if (!pf_buffer_append(out, signature, 8) || !pf_png_append_chunk(out, "IHDR", ihdr_pieces, ihdr_sizes, 1) ||
            !pf_png_append_chunk(out, "IDAT", idat_pieces, idat_sizes, 4) ||
            !pf_png_append_chunk(out, "IEND", NULL, NULL, 0)) {
            pf_buffer_free(out);
            status = PF_ERR_MEMORY;
        }
    }
    if (status == PF_ERR_ENCODER) {
        pf_set_message(message, message_capacity, "zlib failed to deflate the PNG rows");
    } else if (status == PF_ERR_MEMORY) {
        pf_set_message(message, message_capacity, "out of memory while writing the PNG");
    }
    for (int i = 0; i < halves; i++) {
        free(parts[i].deflated);
    }
    return status;
}
