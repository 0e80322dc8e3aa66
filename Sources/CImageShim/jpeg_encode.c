#include "jpeg_error.h"

#include <jerror.h>
#include <string.h>

/* A destination manager that writes into a growable pf_buffer the shim owns. */
typedef struct pf_jpeg_destination {
    struct jpeg_destination_mgr base;
    pf_buffer *buffer;
} pf_jpeg_destination;

static void pf_jpeg_destination_point(pf_jpeg_destination *destination) {
    pf_buffer *buffer = destination->buffer;
    destination->base.next_output_byte = buffer->data + buffer->size;
    destination->base.free_in_buffer = buffer->capacity - buffer->size;
}

static void pf_jpeg_init_destination(j_compress_ptr cinfo) {
    pf_jpeg_destination *destination = (pf_jpeg_destination *)cinfo->dest;
    if (!pf_buffer_reserve(destination->buffer, 64 * 1024)) {
        ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 1);
    }
    pf_jpeg_destination_point(destination);
}

static boolean pf_jpeg_empty_output_buffer(j_compress_ptr cinfo) {
    pf_jpeg_destination *destination = (pf_jpeg_destination *)cinfo->dest;
    pf_buffer *buffer = destination->buffer;
    buffer->size = buffer->capacity; /* called only when the buffer is full */
    if (!pf_buffer_reserve(buffer, buffer->capacity)) {
        ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 2);
    }
    pf_jpeg_destination_point(destination);
    return TRUE;
}

static void pf_jpeg_term_destination(j_compress_ptr cinfo) {
    pf_jpeg_destination *destination = (pf_jpeg_destination *)cinfo->dest;
    pf_buffer *buffer = destination->buffer;
    buffer->size = (size_t)(destination->base.next_output_byte - buffer->data);
}

pf_status pf_jpeg_encode(const uint8_t *pixels, size_t stride,
                         int32_t width, int32_t height,
                         int32_t input, int32_t output,
                         int32_t quality, int32_t progressive,
                         pf_buffer *out,
                         char *message, size_t message_capacity) {
    struct jpeg_compress_struct cinfo;
    pf_jpeg_error error;
    pf_jpeg_destination destination;
    memset(&cinfo, 0, sizeof(cinfo));
    memset(&destination, 0, sizeof(destination));
    cinfo.err = pf_jpeg_error_init(&error, message, message_capacity);
    if (out == NULL) {
        pf_set_message(message, message_capacity, "no output buffer");
        return PF_ERR_ARGUMENT;
    }
    memset(out, 0, sizeof(*out));
    int rgba = input == PF_JPEG_INPUT_RGBA;
    int valid_output = rgba ? (output == PF_JPEG_OUTPUT_DEFAULT || output == PF_JPEG_OUTPUT_GRAY)
                            : (output == PF_JPEG_OUTPUT_DEFAULT || output == PF_JPEG_OUTPUT_YCCK);
    if (pixels == NULL || width <= 0 || height <= 0 || width > JPEG_MAX_DIMENSION ||
        height > JPEG_MAX_DIMENSION || stride / 4 < (size_t)width ||
        (input != PF_JPEG_INPUT_RGBA && input != PF_JPEG_INPUT_CMYK) || !valid_output) {
        pf_set_message(message, message_capacity, "invalid image size, stride or colour model for JPEG");
        return PF_ERR_ARGUMENT;
    }
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        pf_buffer_free(out);
        return PF_ERR_ENCODER;
    }
    jpeg_create_compress(&cinfo);
    destination.buffer = out;
    destination.base.init_destination = pf_jpeg_init_destination;
    destination.base.empty_output_buffer = pf_jpeg_empty_output_buffer;
    destination.base.term_destination = pf_jpeg_term_destination;
    cinfo.dest = &destination.base;

    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = rgba ? JCS_EXT_RGBA : JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    if (output == PF_JPEG_OUTPUT_GRAY) {
        jpeg_set_colorspace(&cinfo, JCS_GRAYSCALE);
    } else if (output == PF_JPEG_OUTPUT_YCCK) {
        jpeg_set_colorspace(&cinfo, JCS_YCCK);
    }
    int clamped = quality < 1 ? 1 : (quality > 100 ? 100 : quality);
    jpeg_set_quality(&cinfo, clamped, TRUE);
    cinfo.optimize_coding = TRUE;
    if (progressive) {
        jpeg_simple_progression(&cinfo);
    }
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW rows[1] = {(JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride)};
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return PF_OK;
}
