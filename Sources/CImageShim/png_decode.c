#include "png_error.h"

#include <stdlib.h>
#include <string.h>

#include "box_reducer.h"

/* The most bytes libpng may allocate for one chunk (PLTE, tRNS; IDAT is read in pieces). */
#define PF_PNG_MAX_CHUNK_BYTES (1024 * 1024)
/* The most ancillary chunks libpng keeps (it keeps none of the kinds we skip below). */
#define PF_PNG_MAX_CACHED_CHUNKS 64

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
    return png;
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
    pf_png_context context = {data, size, 0, 0, message, message_capacity};
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
static void pf_png_reduce_rows(png_structp png, png_infop info, pf_box_reducer *reducer, uint8_t *row) {
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if (png_get_interlace_type(png, info) == PNG_INTERLACE_NONE) {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, row, NULL);
            pf_box_reducer_add(reducer, row, (int32_t)y, 0, 1, (int32_t)width);
        }
        return;
    }
    /* Without interlace handling libpng hands out each pass's own (narrower) rows. */
    for (int pass = 0; pass < 7; pass++) {
        png_uint_32 columns = PNG_PASS_COLS(width, pass);
        png_uint_32 rows = PNG_PASS_ROWS(height, pass);
        if (columns == 0 || rows == 0) {
            continue;
        }
        for (png_uint_32 r = 0; r < rows; r++) {
            png_read_row(png, row, NULL);
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
    pf_set_message(message, message_capacity, "");
    if (out == NULL || out_width <= 0 || out_height <= 0 || out_stride / 4 < (size_t)out_width || reduce < 1) {
        pf_set_message(message, message_capacity, "invalid output buffer or reduction");
        return PF_ERR_ARGUMENT;
    }
    pf_status signature = pf_png_check_signature(data, size, message, message_capacity);
    if (signature != PF_OK) {
        return signature;
    }
    pf_png_context context = {data, size, 0, 0, message, message_capacity};
    png_structp png = pf_png_start(&context);
    if (png == NULL) {
        return PF_ERR_MEMORY;
    }
    /* Assigned after setjmp and released after longjmp, hence volatile. */
    png_infop volatile info_ptr = NULL;
    uint8_t *volatile row_ptr = NULL;
    pf_box_reducer reducer;
    memset(&reducer, 0, sizeof(reducer));
    volatile pf_status status = PF_ERR_DECODER;
    if (setjmp(png_jmpbuf(png))) {
        png_infop dead = info_ptr;
        png_destroy_read_struct(&png, dead != NULL ? &dead : NULL, NULL);
        free(row_ptr);
        pf_box_reducer_free(&reducer);
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
    if (reduce == 1) {
        int passes = pf_png_expand_to_rgba8(png, info, 1);
        /* Adam7: each pass fills its pixels into the full-size rows, as png_read_image does. */
        for (int pass = 0; pass < passes; pass++) {
            for (int32_t y = 0; y < out_height; y++) {
                png_read_row(png, out + (size_t)y * out_stride, NULL);
            }
        }
    } else {
        pf_png_expand_to_rgba8(png, info, 0);
        int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
        row_ptr = malloc((size_t)width * 4);
        if (row_ptr == NULL || !pf_box_reducer_init(&reducer, (int32_t)width, (int32_t)height, reduce,
                                                    interlaced, out, out_stride)) {
            status = PF_ERR_MEMORY;
            png_error(png, "out of memory for the reduced decode");
        }
        pf_png_reduce_rows(png, info, &reducer, row_ptr);
        pf_box_reducer_finish(&reducer);
        free(row_ptr);
        row_ptr = NULL;
        pf_box_reducer_free(&reducer);
    }
    /* The image data is complete; trailing chunks (and a missing IEND) do not matter. */
    png_destroy_read_struct(&png, &info, NULL);
    return PF_OK;
}
