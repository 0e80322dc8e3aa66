#include "png_error.h"

#include <string.h>

typedef struct pf_png_writer {
    pf_png_context context;
    pf_buffer *out;
} pf_png_writer;

static void pf_png_write(png_structp png, png_bytep bytes, size_t count) {
    pf_png_writer *writer = (pf_png_writer *)png_get_io_ptr(png);
    if (!pf_buffer_append(writer->out, bytes, count)) {
        png_error(png, "out of memory while writing the PNG");
    }
}

static void pf_png_flush(png_structp png) {
    (void)png;
}

static int pf_png_valid_depth(int color_type, int bit_depth) {
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY:
        return bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8 || bit_depth == 16;
    case PNG_COLOR_TYPE_PALETTE:
        return bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8;
    case PNG_COLOR_TYPE_RGB:
    case PNG_COLOR_TYPE_GRAY_ALPHA:
    case PNG_COLOR_TYPE_RGB_ALPHA:
        return bit_depth == 8 || bit_depth == 16;
    default:
        return 0;
    }
}

static size_t pf_png_row_bytes(const pf_png_image *image) {
    int channels = 1;
    switch (image->color_type) {
    case PNG_COLOR_TYPE_RGB: channels = 3; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: channels = 2; break;
    case PNG_COLOR_TYPE_RGB_ALPHA: channels = 4; break;
    default: channels = 1; break;
    }
    size_t bits = (size_t)image->width * (size_t)channels * (size_t)image->bit_depth;
    return (bits + 7) / 8;
}

/*
 * Splits image->text into keyword/text pairs (pointers into the caller's
 * bytes, which libpng copies in png_set_text). 0 when a pair runs past the end.
 */
static int pf_png_split_text(const pf_png_image *image, png_text *texts) {
    if (image->text_count == 0) {
        return 1;
    }
    if (image->text == NULL || image->text_count < 0 || image->text_count > PF_PNG_MAX_TEXT_CHUNKS) {
        return 0;
    }
    size_t offset = 0;
    for (int32_t i = 0; i < image->text_count; i++) {
        const char *parts[2];
        for (int part = 0; part < 2; part++) {
            if (offset >= image->text_length) {
                return 0;
            }
            const char *start = image->text + offset;
            const char *end = memchr(start, 0, image->text_length - offset);
            if (end == NULL) {
                return 0;
            }
            parts[part] = start;
            offset += (size_t)(end - start) + 1;
        }
        memset(&texts[i], 0, sizeof(texts[i]));
        texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
        texts[i].key = (png_charp)parts[0];
        texts[i].text = (png_charp)parts[1];
        texts[i].text_length = strlen(parts[1]);
    }
    return 1;
}

pf_status pf_png_encode(const pf_png_image *image, pf_buffer *out,
                        char *message, size_t message_capacity) {
    pf_set_message(message, message_capacity, "");
    if (out == NULL || image == NULL) {
        pf_set_message(message, message_capacity, "no image or output buffer");
        return PF_ERR_ARGUMENT;
    }
    memset(out, 0, sizeof(*out));
    int palette = image->color_type == PNG_COLOR_TYPE_PALETTE;
    if (image->rows == NULL || image->width <= 0 || image->height <= 0 ||
        !pf_png_valid_depth(image->color_type, image->bit_depth) ||
        image->stride < pf_png_row_bytes(image) ||
        (palette && (image->palette == NULL || image->palette_count < 1 || image->palette_count > 256)) ||
        image->palette_alpha_count < 0 || image->palette_alpha_count > image->palette_count ||
        (image->palette_alpha_count > 0 && image->palette_alpha == NULL)) {
        pf_set_message(message, message_capacity, "invalid PNG geometry, depth, colour type or palette");
        return PF_ERR_ARGUMENT;
    }
    png_text texts[PF_PNG_MAX_TEXT_CHUNKS];
    if (!pf_png_split_text(image, texts)) {
        pf_set_message(message, message_capacity, "invalid PNG text chunks (count, or a pair without its NULs)");
        return PF_ERR_ARGUMENT;
    }
    pf_png_writer writer = {{NULL, 0, 0, 0, message, message_capacity}, out};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer.context, pf_png_error, pf_png_warning);
    if (png == NULL) {
        return PF_ERR_MEMORY;
    }
    png_infop volatile info_ptr = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_infop dead = info_ptr;
        png_destroy_write_struct(&png, dead != NULL ? &dead : NULL);
        pf_buffer_free(out);
        return PF_ERR_ENCODER;
    }
    info_ptr = png_create_info_struct(png);
    if (info_ptr == NULL) {
        png_error(png, "out of memory");
    }
    png_infop info = info_ptr;
    png_set_write_fn(png, &writer, pf_png_write, pf_png_flush);
    png_set_IHDR(png, info, (png_uint_32)image->width, (png_uint_32)image->height,
                 image->bit_depth, image->color_type,
                 image->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette) {
        png_color colors[256];
        for (int i = 0; i < image->palette_count; i++) {
            colors[i].red = image->palette[i * 3];
            colors[i].green = image->palette[i * 3 + 1];
            colors[i].blue = image->palette[i * 3 + 2];
        }
        png_set_PLTE(png, info, colors, image->palette_count);
        if (image->palette_alpha_count > 0) {
            png_set_tRNS(png, info, image->palette_alpha, image->palette_alpha_count, NULL);
        }
    } else if (image->has_key && (image->color_type & PNG_COLOR_MASK_ALPHA) == 0) {
        png_color_16 key;
        memset(&key, 0, sizeof(key));
        key.red = image->key_red;
        key.green = image->key_green;
        key.blue = image->key_blue;
        key.gray = image->key_red;
        png_set_tRNS(png, info, NULL, 0, &key);
    }
    if (image->text_count > 0) {
        png_set_text(png, info, texts, image->text_count);
    }
    if (image->compression_level >= 1 && image->compression_level <= 9) {
        png_set_compression_level(png, image->compression_level);
    }
    if (image->filters != 0) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, image->filters & PNG_ALL_FILTERS);
    }
    if (image->compression_strategy >= 1 && image->compression_strategy <= 3) {
        png_set_compression_strategy(png, image->compression_strategy);
    }
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++) {
        for (int32_t y = 0; y < image->height; y++) {
            png_write_row(png, image->rows + (size_t)y * image->stride);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return PF_OK;
}
