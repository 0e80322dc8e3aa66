#include "png_error.h"

#include <stdlib.h>
#include <string.h>

#include "box_reducer.h"
#include "damage_grey.h"
#include "image_size.h"

/* The most bytes libpng may allocate for one chunk (PLTE, tRNS; IDAT is read in pieces). */
#define PF_PNG_MAX_CHUNK_BYTES (1024 * 1024)
/* The most ancillary chunks libpng keeps (it keeps none of the kinds we skip below). */
#define PF_PNG_MAX_CACHED_CHUNKS 64

/*
 * Bounds on the compressed data, derived from the output (IHDR), so a file costs work in
 * proportion to the picture it holds and never to what its zlib stream could inflate to.
 * "Raw bytes" are the bytes IHDR implies: for each row of each Adam7 pass, one filter byte
 * plus the packed samples (pf_png_raw_bytes).
 *
 * - Chunks: at most PF_PNG_MAX_CHUNKS_BASE (1,024) + raw bytes / PF_PNG_RAW_BYTES_PER_CHUNK
 *   (256) chunks in all (an encoder writing 256-byte IDATs of incompressible data stays under).
 * - Chunk length: at most 2^31 - 1 (the PNG limit); a chunk that runs past the end of the
 *   data ends the walk (libpng then reports truncation if the image data is incomplete).
 * - IDAT data: at most raw bytes + raw bytes / 8 + PF_PNG_IDAT_SLACK (64 KiB) in all (no
 *   encoder needs more: stored blocks add 5 bytes per 64 KiB, fixed Huffman at worst 9/8).
 * - Inflated bytes: the rows read are exactly the raw bytes; libpng then reads the zlib
 *   stream to its end, which is where an inflate bomb hides (a 128 x 128 image followed by
 *   15 GB of zeros in the same stream). The last row is read with a budget of compressed
 *   bytes, PF_PNG_TAIL_BYTES(row) = 2 x (row bytes + 1) + PF_PNG_TAIL_SLACK (2 KiB), read
 *   PF_PNG_IDAT_READ_BYTES (1 KiB) at a time; past it the decode fails (PF_ERR_LIMIT). So the
 *   inflated bytes are at most raw bytes + 1,032 x (PF_PNG_IDAT_READ_BYTES + PF_PNG_TAIL_BYTES)
 *   (1,032:1 is deflate's largest ratio): 4.2 MB more for a 128-pixel RGBA8 thumbnail,
 *   20 MB for a 1,024-pixel 16-bit RGBA one, against 15 GB unbounded.
 */
#define PF_PNG_MAX_CHUNKS_BASE 1024u
#define PF_PNG_RAW_BYTES_PER_CHUNK 256u
#define PF_PNG_IDAT_SLACK (64u * 1024u)
#define PF_PNG_IDAT_READ_BYTES 1024u
#define PF_PNG_TAIL_SLACK 2048u
#define PF_PNG_TAIL_BYTES(row_bytes) (2u * ((row_bytes) + 1u) + PF_PNG_TAIL_SLACK)

/*
 * Ancillary chunks the decoder never uses. Treated as unknown and skipped
 * unread, so a chunk whose length field claims 2 GB costs nothing: it fails as
 * truncated at the first missing byte instead of being allocated.
 */
static const png_byte pf_png_skipped_chunks[] =
    "bKGD\0cHRM\0eXIf\0gAMA\0hIST\0iCCP\0iTXt\0oFFs\0pCAL\0pHYs\0"
    "sBIT\0sCAL\0sPLT\0sRGB\0sTER\0tEXt\0tIME\0zTXt\0";

void pf_png_error(png_structp png, png_const_charp text) {
    pf_png_context *context = (pf_png_context *)png_get_error_ptr(png);
    if (context != NULL) {
        pf_set_message(context->message, context->message_capacity, text);
    }
    png_longjmp(png, 1);
}

void pf_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void pf_png_read(png_structp png, png_bytep bytes, size_t count) {
    pf_png_context *context = (pf_png_context *)png_get_io_ptr(png);
    if (context->in_tail) {
        if (count > context->tail_budget) {
            context->over_limit = 1;
            png_error(png, "the compressed image data goes on past the image");
        }
        context->tail_budget -= count;
    }
    if (count > context->size - context->offset) {
        context->truncated = 1;
        png_error(png, "the PNG data ends before the image is complete");
    }
    memcpy(bytes, context->data + context->offset, count);
    context->offset += count;
}

/* Creates the read struct and reads up to the first IDAT. 0 when libpng could not start. */
static png_structp pf_png_start(pf_png_context *context) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, pf_png_error, pf_png_warning);
    if (png == NULL) {
        return NULL;
    }
    png_set_read_fn(png, context, pf_png_read);
    /* Allow any size libpng can represent; the caller enforces its own pixel limit. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_chunk_malloc_max(png, PF_PNG_MAX_CHUNK_BYTES);
    png_set_chunk_cache_max(png, PF_PNG_MAX_CACHED_CHUNKS);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, pf_png_skipped_chunks,
                                (int)(sizeof(pf_png_skipped_chunks) / 5));
    /* On a read struct this is the size of each IDAT read (libpng's default is 8 KiB). */
    png_set_compression_buffer_size(png, PF_PNG_IDAT_READ_BYTES);
    return png;
}

static uint32_t pf_png_be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | (uint32_t)bytes[3];
}

/* The bytes of one stored row of `columns` pixels of `pixel_bits` bits, its filter byte excluded. */
static uint64_t pf_png_row_bytes(uint64_t columns, uint32_t pixel_bits) {
    return (columns * pixel_bits + 7) / 8;
}

/* The bytes IHDR implies: a filter byte and the packed samples of every row of every pass. */
static uint64_t pf_png_raw_bytes(png_structp png, png_infop info) {
    uint32_t width = png_get_image_width(png, info);
    uint32_t height = png_get_image_height(png, info);
    uint32_t pixel_bits = (uint32_t)png_get_channels(png, info) * png_get_bit_depth(png, info);
    if (png_get_interlace_type(png, info) == PNG_INTERLACE_NONE) {
        return (uint64_t)height * (1 + pf_png_row_bytes(width, pixel_bits));
    }
    uint64_t total = 0;
    for (int pass = 0; pass < 7; pass++) {
        uint64_t columns = PNG_PASS_COLS(width, pass);
        uint64_t rows = PNG_PASS_ROWS(height, pass);
        if (columns != 0 && rows != 0) {
            total += rows * (1 + pf_png_row_bytes(columns, pixel_bits));
        }
    }
    return total;
}

/* Walks the chunk list against the bounds above (count, length, IDAT bytes); errors longjmp. */
static void pf_png_check_chunks(png_structp png, pf_png_context *context, uint64_t raw_bytes) {
    uint64_t max_chunks = PF_PNG_MAX_CHUNKS_BASE + raw_bytes / PF_PNG_RAW_BYTES_PER_CHUNK;
    uint64_t max_idat = raw_bytes + raw_bytes / 8 + PF_PNG_IDAT_SLACK;
    uint64_t chunks = 0;
    uint64_t idat = 0;
    size_t offset = 8;
    while (context->size - offset >= 12) {
        const uint8_t *header = context->data + offset;
        uint32_t length = pf_png_be32(header);
        if (length > 0x7fffffffu) {
            png_error(png, "a chunk length is over 2^31 - 1");
        }
        if (++chunks > max_chunks) {
            context->over_limit = 1;
            png_error(png, "more chunks than the image size allows");
        }
        if (memcmp(header + 4, "IDAT", 4) == 0) {
            idat += length;
            if (idat > max_idat) {
                context->over_limit = 1;
                png_error(png, "more compressed image data than the image size allows");
            }
        }
        if (memcmp(header + 4, "IEND", 4) == 0 || length > context->size - offset - 12) {
            return;
        }
        offset += 12 + (size_t)length;
    }
}

/* Reads the last row: what libpng reads while it (and the rest of the zlib stream) is read is
 * bounded by PF_PNG_TAIL_BYTES. */
static void pf_png_read_last_row(png_structp png, pf_png_context *context, png_bytep row, uint64_t row_bytes) {
    context->tail_budget = (size_t)PF_PNG_TAIL_BYTES(row_bytes);
    context->in_tail = 1;
    png_read_row(png, row, NULL);
    context->in_tail = 0;
}

static pf_status pf_png_check_signature(const uint8_t *data, size_t size, char *message, size_t capacity) {
    if (data == NULL || size < 8) {
        pf_set_message(message, capacity, "the PNG data ends inside its signature");
        return PF_ERR_TRUNCATED;
    }
    if (png_sig_cmp(data, 0, 8) != 0) {
        pf_set_message(message, capacity, "not a PNG signature");
        return PF_ERR_DECODER;
    }
    return PF_OK;
}

pf_status pf_png_probe(const uint8_t *data, size_t size, pf_png_info *info,
                       char *message, size_t message_capacity) {
    memset(info, 0, sizeof(*info));
    pf_set_message(message, message_capacity, "");
    pf_status signature = pf_png_check_signature(data, size, message, message_capacity);
    if (signature != PF_OK) {
        return signature;
    }
    pf_png_context context = {data, size, 0, 0, message, message_capacity, 0, 0, 0, 0, 0};
    png_structp png = pf_png_start(&context);
    if (png == NULL) {
        return PF_ERR_MEMORY;
    }
    /* Assigned after setjmp and read after longjmp, hence volatile. */
    png_infop volatile info_ptr = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_infop dead = info_ptr;
        png_destroy_read_struct(&png, dead != NULL ? &dead : NULL, NULL);
        return context.truncated ? PF_ERR_TRUNCATED : PF_ERR_DECODER;
    }
    info_ptr = png_create_info_struct(png);
    if (info_ptr == NULL) {
        png_error(png, "out of memory");
    }
    png_read_info(png, info_ptr);
    info->width = (int32_t)png_get_image_width(png, info_ptr);
    info->height = (int32_t)png_get_image_height(png, info_ptr);
    info->bit_depth = png_get_bit_depth(png, info_ptr);
    info->color_type = png_get_color_type(png, info_ptr);
    info->interlaced = png_get_interlace_type(png, info_ptr) != PNG_INTERLACE_NONE;
    info->has_trns = png_get_valid(png, info_ptr, PNG_INFO_tRNS) != 0;
    png_infop live = info_ptr;
    png_destroy_read_struct(&png, &live, NULL);
    return PF_OK;
}

/* Sets the transforms that turn any PNG into RGBA8 rows; returns the Adam7 pass count. */
static int pf_png_expand_to_rgba8(png_structp png, png_infop info, int handle_interlace) {
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (has_trns) {
        png_set_tRNS_to_alpha(png);
    }
    if (bit_depth == 16) {
        png_set_scale_16(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    }
    int passes = handle_interlace ? png_set_interlace_handling(png) : 1;
    png_read_update_info(png, info);
    if (png_get_channels(png, info) != 4 || png_get_bit_depth(png, info) != 8 ||
        png_get_rowbytes(png, info) != (size_t)png_get_image_width(png, info) * 4) {
        png_error(png, "libpng did not produce RGBA8 rows");
    }
    return passes;
}

/* Streams every row (every Adam7 pass row at its true place) into the reducer. */
static void pf_png_reduce_rows(png_structp png, png_infop info, pf_png_context *context, uint64_t row_bytes,
                               pf_box_reducer *reducer, uint8_t *row) {
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if (png_get_interlace_type(png, info) == PNG_INTERLACE_NONE) {
        for (png_uint_32 y = 0; y < height; y++) {
            if (y + 1 == height) {
                pf_png_read_last_row(png, context, row, row_bytes);
            } else {
                png_read_row(png, row, NULL);
            }
            pf_box_reducer_add(reducer, row, (int32_t)y, 0, 1, (int32_t)width);
            context->rows_done = y + 1;
        }
        return;
    }
    /* Without interlace handling libpng hands out each pass's own (narrower) rows. */
    int last_pass = 0;
    for (int pass = 0; pass < 7; pass++) {
        if (PNG_PASS_COLS(width, pass) != 0 && PNG_PASS_ROWS(height, pass) != 0) {
            last_pass = pass;
        }
    }
    for (int pass = 0; pass < 7; pass++) {
        png_uint_32 columns = PNG_PASS_COLS(width, pass);
        png_uint_32 rows = PNG_PASS_ROWS(height, pass);
        if (columns == 0 || rows == 0) {
            continue;
        }
        for (png_uint_32 r = 0; r < rows; r++) {
            if (pass == last_pass && r + 1 == rows) {
                pf_png_read_last_row(png, context, row, row_bytes);
            } else {
                png_read_row(png, row, NULL);
            }
            pf_box_reducer_add(reducer, row, (int32_t)PNG_ROW_FROM_PASS_ROW(r, pass),
                               (int32_t)PNG_PASS_START_COL(pass), (int32_t)(1u << PNG_PASS_COL_SHIFT(pass)),
                               (int32_t)columns);
        }
    }
}

pf_status pf_png_decode(const uint8_t *data, size_t size,
                        uint8_t *out, size_t out_stride,
                        int32_t out_width, int32_t out_height,
                        char *message, size_t message_capacity) {
    return pf_png_decode_reduced(data, size, 1, out, out_stride, out_width, out_height, message, message_capacity);
}

pf_status pf_png_decode_reduced(const uint8_t *data, size_t size, int32_t reduce,
                                uint8_t *out, size_t out_stride,
                                int32_t out_width, int32_t out_height,
                                char *message, size_t message_capacity) {
    return pf_png_decode_tolerant(data, size, reduce, out, out_stride, out_width, out_height, NULL, message,
                                  message_capacity);
}

/*
 * After a tolerant decode of a non-interlaced PNG broke at row context->rows_done: the rows below
 * are grey, straight into out or through the reducer (the same work a whole decode's rows cost).
 * 0 when nothing is kept (no row was read, or the rows are not where they belong).
 */
static int pf_png_keep_rows(const pf_png_context *context, uint32_t width, uint32_t height, int32_t reduce,
                            pf_box_reducer *reducer, uint8_t *row, uint8_t *out, size_t out_stride) {
    if (context->rows_done == 0 || context->rows_done >= height) {
        return 0;
    }
    if (reduce == 1) {
        pf_damage_grey_rows(out, out_stride, width, context->rows_done, height);
        return 1;
    }
    if (row == NULL || reducer->sums == NULL) {
        return 0;
    }
    pf_damage_grey_row(row, width);
    for (uint32_t y = context->rows_done; y < height; y++) {
        pf_box_reducer_add(reducer, row, (int32_t)y, 0, 1, (int32_t)width);
    }
    pf_box_reducer_finish(reducer);
    return 1;
}

/* The Adam7 pass (0-based) of a pixel. */
static int pf_png_adam7_pass(uint32_t x, uint32_t y) {
    static const uint8_t passes[8][8] = {
        {0, 5, 3, 5, 1, 5, 3, 5}, {6, 6, 6, 6, 6, 6, 6, 6}, {4, 5, 4, 5, 4, 5, 4, 5}, {6, 6, 6, 6, 6, 6, 6, 6},
        {2, 5, 3, 5, 2, 5, 3, 5}, {6, 6, 6, 6, 6, 6, 6, 6}, {4, 5, 4, 5, 4, 5, 4, 5}, {6, 6, 6, 6, 6, 6, 6, 6},
    };
    return passes[y & 7][x & 7];
}

/*
 * After a tolerant decode of an interlaced PNG broke in pass context->pass at row
 * context->rows_done: every pixel its passes did not give copies the decoded pixel at the
 * corner of its block of the passes complete (8 x 8 after the first, 4 x 8, 4 x 4, … as
 * browsers draw an interlaced PNG still loading), or is grey when that one is missing too.
 * Returns the pixels that came from the file; 0 when none did (nothing is kept).
 */
static uint64_t pf_png_fill_interlaced(const pf_png_context *context, uint32_t width, uint32_t height,
                                       uint8_t *pixels, size_t stride) {
    uint32_t pass = context->pass, rows = context->rows_done;
    if (pass >= 7 || (pass == 0 && rows == 0)) {
        return 0;
    }
    uint64_t decoded = 0;
    for (uint32_t done = 0; done < pass; done++) {
        decoded += (uint64_t)PNG_PASS_COLS(width, done) * PNG_PASS_ROWS(height, done);
    }
    uint32_t start = PNG_PASS_START_ROW(pass);
    if (rows > start) {
        decoded += (uint64_t)PNG_PASS_COLS(width, pass) * (((rows - 1 - start) >> PNG_PASS_ROW_SHIFT(pass)) + 1);
    }
    if (decoded == 0) {
        return 0;
    }
    static const uint8_t block_widths[8] = {8, 8, 4, 4, 2, 2, 1, 1}, block_heights[8] = {8, 8, 8, 4, 4, 2, 2, 1};
    uint32_t column_mask = ~(uint32_t)(block_widths[pass] - 1), row_mask = ~(uint32_t)(block_heights[pass] - 1);
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *line = pixels + (size_t)y * stride;
        const uint8_t *anchor_line = pixels + (size_t)(y & row_mask) * stride;
        for (uint32_t x = 0; x < width; x++) {
            int of = pf_png_adam7_pass(x, y);
            if ((uint32_t)of < pass || ((uint32_t)of == pass && y < rows)) {
                continue;
            }
            uint32_t anchor_x = x & column_mask, anchor_y = y & row_mask;
            int anchor_pass = pf_png_adam7_pass(anchor_x, anchor_y);
            uint8_t *pixel = line + (size_t)x * 4;
            if ((uint32_t)anchor_pass < pass || ((uint32_t)anchor_pass == pass && anchor_y < rows)) {
                memcpy(pixel, anchor_line + (size_t)anchor_x * 4, 4);
            } else {
                pixel[0] = pixel[1] = pixel[2] = PF_DAMAGE_GREY;
                pixel[3] = 255;
            }
        }
    }
    return decoded;
}

pf_status pf_png_decode_tolerant(const uint8_t *data, size_t size, int32_t reduce,
                                 uint8_t *out, size_t out_stride,
                                 int32_t out_width, int32_t out_height,
                                 pf_damage *damage,
                                 char *message, size_t message_capacity) {
    pf_set_message(message, message_capacity, "");
    if (damage != NULL) {
        memset(damage, 0, sizeof(*damage));
    }
    if (out == NULL || out_width <= 0 || out_height <= 0 || out_stride / 4 < (size_t)out_width || reduce < 1) {
        pf_set_message(message, message_capacity, "invalid output buffer or reduction");
        return PF_ERR_ARGUMENT;
    }
    pf_status signature = pf_png_check_signature(data, size, message, message_capacity);
    if (signature != PF_OK) {
        return signature;
    }
    pf_png_context context = {data, size, 0, 0, message, message_capacity, 0, 0, 0, 0, 0};
    png_structp png = pf_png_start(&context);
    if (png == NULL) {
        return PF_ERR_MEMORY;
    }
    /* Assigned after setjmp and released after longjmp, hence volatile. */
    png_infop volatile info_ptr = NULL;
    uint8_t *volatile row_ptr = NULL;
    /* Set once the rows start: 1 for a non-interlaced image a tolerant decode may keep part of. */
    volatile int rows_keepable = 0;
    pf_box_reducer reducer;
    memset(&reducer, 0, sizeof(reducer));
    /* An interlaced file decoded tolerantly at a reduction: its full-size rows (freed after longjmp). */
    uint8_t *volatile full_ptr = NULL;
    volatile pf_status status = PF_ERR_DECODER;
    if (setjmp(png_jmpbuf(png))) {
        png_infop dead = info_ptr;
        uint32_t width = dead != NULL ? png_get_image_width(png, dead) : 0;
        uint32_t height = dead != NULL ? png_get_image_height(png, dead) : 0;
        int keepable = damage != NULL && rows_keepable && !context.over_limit && status == PF_ERR_DECODER;
        uint64_t decoded = 0;
        int kept = 0;
        if (keepable && rows_keepable == 2) {
            /* Interlaced: the passes' pixels kept, the rest filled, then reduced if asked. */
            uint8_t *full = full_ptr != NULL ? full_ptr : out;
            size_t stride = full_ptr != NULL ? (size_t)width * 4 : out_stride;
            decoded = pf_png_fill_interlaced(&context, width, height, full, stride);
            kept = decoded > 0 && (full_ptr == NULL || pf_reduce_into(full, stride, (int32_t)width, (int32_t)height,
                                                                      reduce, out, out_stride, out_width, out_height));
        } else if (keepable) {
            kept = pf_png_keep_rows(&context, width, height, reduce, &reducer, row_ptr, out, out_stride);
            decoded = (uint64_t)context.rows_done * width;
        }
        png_destroy_read_struct(&png, dead != NULL ? &dead : NULL, NULL);
        free(row_ptr);
        free(full_ptr);
        pf_box_reducer_free(&reducer);
        if (kept) {
            damage->damaged = 1;
            damage->truncated = context.truncated;
            damage->decoded_rows = (int32_t)(decoded * (uint64_t)out_height / ((uint64_t)width * height));
            return PF_OK;
        }
        if (context.over_limit) {
            return PF_ERR_LIMIT;
        }
        return context.truncated ? PF_ERR_TRUNCATED : status;
    }
    info_ptr = png_create_info_struct(png);
    if (info_ptr == NULL) {
        png_error(png, "out of memory");
    }
    png_infop info = info_ptr;
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if (pf_reduced_side((int32_t)width, reduce) != out_width ||
        pf_reduced_side((int32_t)height, reduce) != out_height) {
        status = PF_ERR_ARGUMENT;
        png_error(png, "the output buffer does not match the (reduced) PNG size");
    }
    pf_png_check_chunks(png, &context, pf_png_raw_bytes(png, info));
    uint64_t stored_row_bytes =
        pf_png_row_bytes(width, (uint32_t)png_get_channels(png, info) * png_get_bit_depth(png, info));
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    if (reduce == 1 || (interlaced && damage != NULL)) {
        /* A tolerant interlaced decode at a reduction reads full-size rows (4 bytes a pixel, as a
         * TIFF's or GIF's decode does) to fill what its passes miss, then reduces them. */
        uint8_t *rows = out;
        size_t stride = out_stride;
        if (reduce > 1) {
            full_ptr = malloc((size_t)width * height * 4);
            if (full_ptr == NULL) {
                status = PF_ERR_MEMORY;
                png_error(png, "out of memory for the interlaced decode");
            }
            rows = full_ptr;
            stride = (size_t)width * 4;
        }
        int passes = pf_png_expand_to_rgba8(png, info, 1);
        rows_keepable = interlaced ? 2 : 1;
        /* Adam7: each pass fills its pixels into the full-size rows, as png_read_image does. */
        for (int pass = 0; pass < passes; pass++) {
            context.pass = (uint32_t)pass;
            context.rows_done = 0;
            for (uint32_t y = 0; y < height; y++) {
                png_bytep row = rows + (size_t)y * stride;
                if (pass + 1 == passes && y + 1 == height) {
                    pf_png_read_last_row(png, &context, row, stored_row_bytes);
                } else {
                    png_read_row(png, row, NULL);
                }
                context.rows_done = y + 1;
            }
        }
        if (full_ptr != NULL) {
            int reduced = pf_reduce_into(full_ptr, stride, (int32_t)width, (int32_t)height, reduce, out, out_stride,
                                         out_width, out_height);
            free(full_ptr);
            full_ptr = NULL;
            if (!reduced) {
                status = PF_ERR_MEMORY;
                png_error(png, "out of memory for the reduction");
            }
        }
    } else {
        pf_png_expand_to_rgba8(png, info, 0);
        row_ptr = malloc((size_t)width * 4);
        if (row_ptr == NULL || !pf_box_reducer_init(&reducer, (int32_t)width, (int32_t)height, reduce,
                                                    interlaced, out, out_stride)) {
            status = PF_ERR_MEMORY;
            png_error(png, "out of memory for the reduced decode");
        }
        rows_keepable = !interlaced;
        pf_png_reduce_rows(png, info, &context, stored_row_bytes, &reducer, row_ptr);
        pf_box_reducer_finish(&reducer);
        free(row_ptr);
        row_ptr = NULL;
        pf_box_reducer_free(&reducer);
    }
    /* The image data is complete; trailing chunks (and a missing IEND) do not matter. */
    png_destroy_read_struct(&png, &info, NULL);
    return PF_OK;
}
