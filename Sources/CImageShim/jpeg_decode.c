#include "jpeg_error.h"

#include <string.h>

/* More scans than any real progressive JPEG has; hostile files use thousands. */
#define PF_JPEG_MAX_SCANS 1000

typedef struct pf_jpeg_progress {
    struct jpeg_progress_mgr base;
} pf_jpeg_progress;

static void pf_jpeg_progress_monitor(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) {
        return;
    }
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > PF_JPEG_MAX_SCANS) {
        pf_jpeg_fail(cinfo, "the JPEG has more than 1000 scans (a decompression bomb?)");
    }
}

static int pf_jpeg_color_of(const struct jpeg_decompress_struct *cinfo) {
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
        return cinfo->num_components == 1 ? PF_JPEG_GRAY : 0;
    case JCS_YCbCr:
    case JCS_RGB:
        return cinfo->num_components == 3 ? PF_JPEG_RGB : 0;
    case JCS_CMYK:
        return cinfo->num_components == 4 ? PF_JPEG_CMYK : 0;
    case JCS_YCCK:
        return cinfo->num_components == 4 ? PF_JPEG_YCCK : 0;
    default:
        return 0;
    }
}

static int pf_is_exif(const jpeg_saved_marker_ptr marker) {
    static const uint8_t tag[6] = {'E', 'x', 'i', 'f', 0, 0};
    return marker->marker == JPEG_APP0 + 1 && marker->data_length >= 6 &&
           memcmp(marker->data, tag, sizeof(tag)) == 0;
}

pf_status pf_jpeg_probe(const uint8_t *data, size_t size,
                        pf_jpeg_info *info,
                        uint8_t *exif, size_t exif_capacity,
                        char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    pf_jpeg_error error;
    memset(&cinfo, 0, sizeof(cinfo));
    memset(info, 0, sizeof(*info));
    cinfo.err = pf_jpeg_error_init(&error, message, message_capacity);
    if (data == NULL || size == 0) {
        pf_set_message(message, message_capacity, "no JPEG data");
        return PF_ERR_TRUNCATED;
    }
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return error.truncated ? PF_ERR_TRUNCATED : PF_ERR_DECODER;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);

    info->width = (int32_t)cinfo.image_width;
    info->height = (int32_t)cinfo.image_height;
    info->components = cinfo.num_components;
    info->color = pf_jpeg_color_of(&cinfo);
    info->progressive = cinfo.progressive_mode ? 1 : 0;
    info->saw_adobe_marker = cinfo.saw_Adobe_marker ? 1 : 0;
    for (jpeg_saved_marker_ptr marker = cinfo.marker_list; marker != NULL; marker = marker->next) {
        if (!pf_is_exif(marker)) {
            continue;
        }
        size_t length = marker->data_length - 6;
        info->exif_length = length;
        if (exif != NULL) {
            memcpy(exif, marker->data + 6, length < exif_capacity ? length : exif_capacity);
        }
        break;
    }
    jpeg_destroy_decompress(&cinfo);
    if (info->color == 0) {
        pf_set_message(message, message_capacity, "unsupported JPEG colour space");
        return PF_ERR_UNSUPPORTED;
    }
    return PF_OK;
}

static inline uint8_t pf_mul255(unsigned a, unsigned b) {
    unsigned t = a * b + 128;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

/* CMYK (as libjpeg hands it out) to RGBA in place. Adobe files store inverted values. */
static void pf_cmyk_row_to_rgba(uint8_t *row, int32_t width, int inverted) {
    for (int32_t x = 0; x < width; x++) {
        uint8_t *p = row + (size_t)x * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        p[0] = pf_mul255(c, k);
        p[1] = pf_mul255(m, k);
        p[2] = pf_mul255(y, k);
        p[3] = 255;
    }
}

pf_status pf_jpeg_decode(const uint8_t *data, size_t size, int32_t scale_denom,
                         uint8_t *out, size_t out_stride,
                         int32_t out_width, int32_t out_height,
                         char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    pf_jpeg_error error;
    pf_jpeg_progress progress;
    memset(&cinfo, 0, sizeof(cinfo));
    memset(&progress, 0, sizeof(progress));
    cinfo.err = pf_jpeg_error_init(&error, message, message_capacity);
    if (data == NULL || size == 0) {
        pf_set_message(message, message_capacity, "no JPEG data");
        return PF_ERR_TRUNCATED;
    }
    if (out == NULL || out_width <= 0 || out_height <= 0 || out_stride / 4 < (size_t)out_width ||
        (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8)) {
        pf_set_message(message, message_capacity, "invalid output buffer or scale");
        return PF_ERR_ARGUMENT;
    }
    /* The status to return after a longjmp that is not a library error. */
    volatile pf_status status = PF_ERR_DECODER;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return error.truncated ? PF_ERR_TRUNCATED : status;
    }
    jpeg_create_decompress(&cinfo);
    progress.base.progress_monitor = pf_jpeg_progress_monitor;
    cinfo.progress = &progress.base;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    int color = pf_jpeg_color_of(&cinfo);
    if (color == 0) {
        status = PF_ERR_UNSUPPORTED;
        pf_jpeg_fail((j_common_ptr)&cinfo, "unsupported JPEG colour space");
    }
    int cmyk = color == PF_JPEG_CMYK || color == PF_JPEG_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned)scale_denom;
    jpeg_calc_output_dimensions(&cinfo);
    if (cinfo.output_width != (JDIMENSION)out_width || cinfo.output_height != (JDIMENSION)out_height ||
        cinfo.output_components != 4) {
        status = PF_ERR_ARGUMENT;
        pf_jpeg_fail((j_common_ptr)&cinfo, "the output buffer does not match the scaled JPEG size");
    }

    jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) {
        uint8_t *row = out + (size_t)cinfo.output_scanline * out_stride;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) {
            /* Only a suspending source returns 0 lines; ours never suspends. */
            pf_jpeg_fail((j_common_ptr)&cinfo, "the JPEG decoder stopped early");
        }
        if (cmyk) {
            pf_cmyk_row_to_rgba(row, out_width, cinfo.saw_Adobe_marker);
        }
    }
    /* Every row is in: a missing EOI marker after complete image data is tolerated. */
    jpeg_destroy_decompress(&cinfo);
    return PF_OK;
}
