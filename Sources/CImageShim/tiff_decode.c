/*
 * TIFF through libtiff 4.5.0, reading from memory. Its error and warning handlers are set per
 * open (TIFFOpenOptions, new in 4.5): errors are copied into the caller's message, warnings are
 * dropped, nothing reaches stderr and nothing global is touched. Every photometric libtiff's
 * TIFFRGBAImage knows (RGB, palette, gray, YCbCr, CMYK, JPEG- and LZW-compressed, tiled or in
 * strips) comes out as RGBA8 in stored orientation (requesting the file's own orientation makes
 * libtiff flip nothing); the caller applies the Orientation tag (TIFF's numbering is EXIF's).
 * The first directory (page) only. The image is decoded whole, then area-averaged: memory is
 * 4 bytes a pixel of the image plus the output. libtiff may allocate at most 256 MB at once.
 *
 * The tolerant decode (pf_image_decode_tolerant) reads strips row by row and converts tiles one
 * by one: a strip keeps its rows before the first one libtiff reports an error on (a broken LZW,
 * CCITT or JPEG stream), a block that fails whole (a short read past the end of a cut file, a
 * broken tile) is painted grey, and the others are drawn; the damage's rows are the share of the
 * image's pixels that decoded, in rows. A file none of whose rows decode is refused as before.
 */
#include "formats_internal.h"

#include "damage_grey.h"

#include "color_conversion.h"
#include "image_size.h"
#include <stdlib.h>
#include <string.h>
#include "tiff_api.h"

#define PF_TIFF_MAX_SINGLE_ALLOC ((tmsize_t)256 * 1024 * 1024)

typedef struct pf_tiff_source {
    const uint8_t *data;
    size_t size;
    size_t offset;
    char *message;
    size_t capacity;
    int failed;
    /* Errors reported since the tolerant decode's last block began (the message keeps the first). */
    int block_errors;
    /* 1 once libtiff asked for bytes past the end of the data. */
    int read_short;
} pf_tiff_source;

static tmsize_t pf_tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
    pf_tiff_source *source = (pf_tiff_source *)handle;
    if (count <= 0 || source->offset >= source->size) {
        source->read_short = count > 0;
        return 0;
    }
    size_t left = source->size - source->offset;
    if ((size_t)count > left) {
        source->read_short = 1;
    }
    size_t wanted = (size_t)count < left ? (size_t)count : left;
    memcpy(buffer, source->data + source->offset, wanted);
    source->offset += wanted;
    return (tmsize_t)wanted;
}

static tmsize_t pf_tiff_write(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle;
    (void)buffer;
    (void)count;
    return -1;
}

static toff_t pf_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    pf_tiff_source *source = (pf_tiff_source *)handle;
    uint64_t base = whence == SEEK_CUR ? source->offset : whence == SEEK_END ? source->size : 0;
    if (offset > UINT64_MAX - base) {
        return (toff_t)-1;
    }
    /* Seeking past the end is allowed (reads there return nothing). */
    uint64_t target = base + offset;
    source->offset = target > SIZE_MAX ? SIZE_MAX : (size_t)target;
    return target;
}

static int pf_tiff_close(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t pf_tiff_size(thandle_t handle) { return ((pf_tiff_source *)handle)->size; }

static int pf_tiff_map(thandle_t handle, void **base, toff_t *size) {
    (void)handle;
    (void)base;
    (void)size;
    return 0;
}

static void pf_tiff_unmap(thandle_t handle, void *base, toff_t size) {
    (void)handle;
    (void)base;
    (void)size;
}

static int pf_tiff_error(TIFF *tiff, void *user, const char *module, const char *format, va_list args) {
    (void)tiff;
    (void)module;
    pf_tiff_source *source = (pf_tiff_source *)user;
    if (source != NULL) {
        source->block_errors++;
    }
    if (source != NULL && !source->failed) {
        char text[PF_MESSAGE_CAPACITY];
        vsnprintf(text, sizeof(text), format, args);
        pf_set_message(source->message, source->capacity, text);
        source->failed = 1;
    }
    return 1;
}

static int pf_tiff_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list args) {
    (void)tiff;
    (void)user;
    (void)module;
    (void)format;
    (void)args;
    return 1;
}

static TIFF *pf_tiff_open(pf_tiff_source *source, const uint8_t *data, size_t size, char *message, size_t capacity) {
    memset(source, 0, sizeof(*source));
    source->data = data;
    source->size = size;
    source->message = message;
    source->capacity = capacity;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) {
        return NULL;
    }
    TIFFOpenOptionsSetErrorHandlerExtR(options, pf_tiff_error, source);
    TIFFOpenOptionsSetWarningHandlerExtR(options, pf_tiff_warning, source);
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, PF_TIFF_MAX_SINGLE_ALLOC);
    /* "m": no memory mapping (we are the memory); "r": read only. */
    TIFF *tiff = TIFFClientOpenExt("photo.tiff", "rm", (thandle_t)source, pf_tiff_read, pf_tiff_write, pf_tiff_seek,
                                   pf_tiff_close, pf_tiff_size, pf_tiff_map, pf_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    return tiff;
}

static pf_status pf_tiff_failure(const pf_tiff_source *source, const char *fallback, char *message, size_t capacity) {
    if (!source->failed) {
        pf_set_message(message, capacity, fallback);
    }
    /* libtiff reads short at the end of the data: its messages then name a short read or an EOF. */
    if (source->offset >= source->size && source->size > 0) {
        return PF_ERR_TRUNCATED;
    }
    return PF_ERR_DECODER;
}

pf_status pf_tiff_probe(const uint8_t *data, size_t size, pf_image_info *info, char *message, size_t capacity) {
    if (!pf_tiff_api_load(message, capacity)) {
        return PF_ERR_UNSUPPORTED;
    }
    pf_tiff_source source;
    TIFF *tiff = pf_tiff_open(&source, data, size, message, capacity);
    if (tiff == NULL) {
        return pf_tiff_failure(&source, "not a readable TIFF", message, capacity);
    }
    uint32_t width = 0, height = 0;
    uint16_t orientation = ORIENTATION_TOPLEFT, bits = 8, extra = 0;
    uint16_t *extra_types = NULL;
    uint32_t icc_size = 0;
    void *icc = NULL;
    TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &orientation);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_EXTRASAMPLES, &extra, &extra_types);
    pf_status status = PF_OK;
    if (!pf_size_is_sane(width, height)) {
        pf_set_message(message, capacity, "the TIFF image size is out of range");
        status = PF_ERR_DECODER;
    } else {
        info->width = (int32_t)width;
        info->height = (int32_t)height;
        info->orientation = orientation >= 1 && orientation <= 8 ? orientation : 1;
        info->bit_depth = bits;
        info->has_alpha = extra > 0;
        if (TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &icc_size, &icc) && icc_size > 0) {
            info->color = PF_COLOR_ICC;
        }
    }
    TIFFClose(tiff);
    return status;
}

/*
 * TIFFRGBAImage hands out associated (premultiplied) colour whenever the image has alpha, even
 * when the file stores it unassociated: the shim's output is straight RGBA, so divide it back.
 */
static void pf_tiff_unpremultiply(uint8_t *rgba, size_t pixels) {
    for (size_t index = 0; index < pixels; index++) {
        uint8_t *pixel = rgba + index * 4;
        unsigned alpha = pixel[3];
        if (alpha == 0 || alpha == 255) {
            continue;
        }
        for (int channel = 0; channel < 3; channel++) {
            unsigned value = (pixel[channel] * 255u + alpha / 2) / alpha;
            pixel[channel] = (uint8_t)(value > 255 ? 255 : value);
        }
    }
}

/*
 * One block of the tolerant decode through TIFFRGBAImageGet at its row and column offset, into
 * target (the raster, or a block-sized buffer when tile is not NULL, then copied): 1 when libtiff
 * decoded it without an error; else its rows are painted grey and 0 is returned.
 */
static int pf_tiff_get_block(TIFFRGBAImage *image, pf_tiff_source *source, uint32_t *target, uint32_t *tile,
                             uint32_t row, uint32_t column, uint32_t columns, uint32_t rows) {
    image->row_offset = (int)row;
    image->col_offset = (int)column;
    source->block_errors = 0;
    int good = TIFFRGBAImageGet(image, tile != NULL ? tile : target, columns, rows) && source->block_errors == 0;
    for (uint32_t y = 0; y < rows; y++) {
        uint32_t *line = target + (size_t)y * image->width;
        if (!good) {
            pf_damage_grey_row((uint8_t *)line, columns);
        } else if (tile != NULL) {
            memcpy(line, tile + (size_t)y * columns, (size_t)columns * 4);
        }
    }
    image->row_offset = 0;
    image->col_offset = 0;
    return good;
}

/*
 * The tolerant decode's blocks: each strip (RowsPerStrip rows, converted straight into the
 * raster) or tile (converted into a tile-sized buffer, then copied) on its own; a block libtiff
 * fails on is painted grey. Every block is read once, as in a whole decode. *decoded: the pixels
 * that came from the file. 0 when the tile buffer cannot be allocated.
 */
static int pf_tiff_get_blocks(TIFF *tiff, TIFFRGBAImage *image, pf_tiff_source *source, uint32_t *raster,
                              uint64_t *decoded) {
    uint32_t width = image->width, height = image->height;
    uint32_t block_width = 0, block_height = 0;
    if (!TIFFGetField(tiff, TIFFTAG_TILEWIDTH, &block_width) || !TIFFGetField(tiff, TIFFTAG_TILELENGTH, &block_height) ||
        block_width == 0 || block_height == 0) {
        block_width = width;
        block_height = 0;
        TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &block_height);
    }
    block_width = block_width == 0 || block_width > width ? width : block_width;
    block_height = block_height == 0 || block_height > height ? height : block_height;
    uint32_t *tile = NULL;
    if (block_width < width && (tile = malloc((size_t)block_width * block_height * 4)) == NULL) {
        return 0;
    }
    *decoded = 0;
    for (uint32_t row = 0; row < height; row += block_height) {
        uint32_t rows = height - row < block_height ? height - row : block_height;
        for (uint32_t column = 0; column < width; column += block_width) {
            uint32_t columns = width - column < block_width ? width - column : block_width;
            uint32_t *target = raster + (size_t)row * width + column;
            int good = pf_tiff_get_block(image, source, target, tile, row, column, columns, rows);
            *decoded += good ? (uint64_t)rows * columns : 0;
        }
    }
    free(tile);
    return 1;
}

/*
 * Whether the tolerant decode reads the image row by row (pf_tiff_get_rows): strips (not tiles)
 * of interleaved samples, each row of which TIFFRGBAImage's routine converts on its own; not
 * YCbCr subsampled as stored (a JPEG-compressed one, which libjpeg upsamples, TIFFRGBAImageBegin
 * has made RGB).
 */
static int pf_tiff_reads_rows(TIFF *tiff, const TIFFRGBAImage *image) {
    uint32_t tile_width = 0;
    uint16_t horizontal = 1, vertical = 1;
    if (TIFFGetField(tiff, TIFFTAG_TILEWIDTH, &tile_width) || !image->isContig || image->put.contig == NULL) {
        return 0;
    }
    if (image->photometric == PHOTOMETRIC_YCBCR) {
        TIFFGetFieldDefaulted(tiff, TIFFTAG_YCBCRSUBSAMPLING, &horizontal, &vertical);
        return horizontal == 1 && vertical == 1;
    }
    return 1;
}

/*
 * The tolerant decode of an image in strips, row by row: TIFFReadScanline decodes each strip
 * from its start as far as the row asked for (a whole decode's work, one scanline of memory),
 * and TIFFRGBAImage's own routine converts each row as it would a strip's. A strip broken inside
 * (an LZW or CCITT code, a short JPEG stream) keeps its rows before the error, the rest grey: a
 * file of one strip is drawn down to its damage. A strip whose first row does not read (its
 * bytes past the end, a codec that decodes whole strips only) is tried whole, as
 * pf_tiff_get_blocks does. 0 when the scanline cannot be allocated.
 */
static int pf_tiff_get_rows(TIFF *tiff, TIFFRGBAImage *image, pf_tiff_source *source, uint32_t *raster,
                            uint64_t *decoded) {
    uint32_t width = image->width, height = image->height, strip_rows = 0;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &strip_rows);
    strip_rows = strip_rows == 0 || strip_rows > height ? height : strip_rows;
    tmsize_t line_size = TIFFScanlineSize(tiff);
    uint8_t *line = line_size > 0 ? malloc((size_t)line_size) : NULL;
    if (line == NULL) {
        return 0;
    }
    *decoded = 0;
    for (uint32_t top = 0; top < height; top += strip_rows) {
        uint32_t rows = height - top < strip_rows ? height - top : strip_rows;
        uint32_t good = 0;
        for (; good < rows; good++) {
            uint32_t row = top + good;
            source->block_errors = 0;
            if (TIFFReadScanline(tiff, line, row, 0) < 0 || source->block_errors != 0) {
                break;
            }
            image->put.contig(image, raster + (size_t)row * width, 0, row, width, 1, 0, 0, line);
        }
        if (good == 0) {
            good = pf_tiff_get_block(image, source, raster + (size_t)top * width, NULL, top, 0, width, rows) ? rows : 0;
        }
        for (uint32_t row = top + good; row < top + rows; row++) {
            pf_damage_grey_row((uint8_t *)(raster + (size_t)row * width), width);
        }
        *decoded += (uint64_t)good * width;
    }
    free(line);
    return 1;
}

pf_status pf_tiff_decode(const uint8_t *data, size_t size, int32_t reduce, int32_t use_thumbnail, uint8_t *out,
                         size_t out_stride, int32_t out_width, int32_t out_height, char *message, size_t capacity) {
    (void)use_thumbnail;
    return pf_tiff_decode_tolerant(data, size, reduce, out, out_stride, out_width, out_height, NULL, message,
                                   capacity);
}

pf_status pf_tiff_decode_tolerant(const uint8_t *data, size_t size, int32_t reduce, uint8_t *out, size_t out_stride,
                                  int32_t out_width, int32_t out_height, pf_damage *damage, char *message,
                                  size_t capacity) {
    if (damage != NULL) {
        memset(damage, 0, sizeof(*damage));
    }
    if (!pf_tiff_api_load(message, capacity)) {
        return PF_ERR_UNSUPPORTED;
    }
    pf_tiff_source source;
    TIFF *tiff = pf_tiff_open(&source, data, size, message, capacity);
    if (tiff == NULL) {
        return pf_tiff_failure(&source, "not a readable TIFF", message, capacity);
    }
    char reason[1024] = "";
    TIFFRGBAImage image;
    if (!TIFFRGBAImageOK(tiff, reason) || !TIFFRGBAImageBegin(&image, tiff, 1, reason)) {
        TIFFClose(tiff);
        pf_set_message(message, capacity, reason[0] != '\0' ? reason : "a TIFF libtiff cannot convert to RGBA");
        return PF_ERR_UNSUPPORTED;
    }
    pf_status status = PF_OK;
    uint32_t *raster = NULL;
    if (!pf_size_is_sane(image.width, image.height) ||
        !pf_reduced_size_matches((int32_t)image.width, (int32_t)image.height, reduce, out_width, out_height)) {
        pf_set_message(message, capacity, "output size does not match the TIFF's");
        status = PF_ERR_ARGUMENT;
    } else if ((raster = malloc((size_t)image.width * image.height * 4)) == NULL) {
        status = PF_ERR_MEMORY;
    } else {
        /* The file's own orientation requested: rows come out as stored, top row first. */
        image.req_orientation = image.orientation;
        uint64_t pixels = (uint64_t)image.width * image.height;
        uint64_t decoded = 0;
        if (damage != NULL) {
            /* The damage is said from what the image data gives: a short read or an error in the
             * directory (a tag past the end, a bad value libtiff replaced) does not count. */
            source.read_short = 0;
            source.failed = 0;
        }
        if (damage == NULL) {
            decoded = TIFFRGBAImageGet(&image, raster, image.width, image.height) && !source.failed ? pixels : 0;
        } else if (pf_tiff_reads_rows(tiff, &image) ? !pf_tiff_get_rows(tiff, &image, &source, raster, &decoded)
                                                    : !pf_tiff_get_blocks(tiff, &image, &source, raster, &decoded)) {
            status = PF_ERR_MEMORY;
        }
        if (status != PF_OK) {
            /* out of memory for a tile */
        } else if (decoded == 0 && damage != NULL && source.read_short &&
                   (!source.failed || (message != NULL && strstr(message, "Read error") != NULL))) {
            /* Cut before a block or row decoded: said in words, not libtiff's ("Read error at
             * scanline 4294967295"); another error of libtiff's keeps its words. */
            pf_set_message(message, capacity, "the TIFF data ends before any of the picture");
            status = PF_ERR_TRUNCATED;
        } else if (decoded == 0) {
            status = pf_tiff_failure(&source, "the TIFF image data is corrupt", message, capacity);
        } else {
            if (damage != NULL && decoded < pixels) {
                /* Some blocks broke: the rest drawn, the share of pixels decoded said in rows. */
                damage->damaged = 1;
                damage->truncated = source.read_short;
                damage->decoded_rows = (int32_t)(decoded * (uint64_t)out_height / pixels);
                if (source.read_short) {
                    pf_set_message(message, capacity, "the TIFF data ends before the image is complete");
                } else if (!source.failed) {
                    pf_set_message(message, capacity, "the TIFF image data is corrupt");
                }
            }
            if (image.alpha != 0) {
                pf_tiff_unpremultiply((uint8_t *)raster, (size_t)image.width * image.height);
            }
            if (!pf_reduce_into((const uint8_t *)raster, (size_t)image.width * 4, (int32_t)image.width,
                                (int32_t)image.height, reduce, out, out_stride, out_width, out_height)) {
                status = PF_ERR_MEMORY;
            }
        }
    }
    TIFFRGBAImageEnd(&image);
    uint32_t icc_size = 0;
    void *icc = NULL;
    if (status == PF_OK && TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &icc_size, &icc) && icc_size > 0) {
        pf_color_to_srgb(PF_COLOR_ICC, icc, icc_size, out, out_stride, out_width, out_height);
    }
    free(raster);
    TIFFClose(tiff);
    return status;
}
