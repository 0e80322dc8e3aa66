#include "jpeg_decode_internal.h"

#include <string.h>

/*
 * A region of a JPEG at 1/scale_denom: libjpeg-turbo skips the rows above it
 * (jpeg_skip_scanlines), decodes only the iMCU columns that hold it
 * (jpeg_crop_scanline), and stops after its last row, so a 1:1 look at a part
 * of a large photo costs that part's pixels, not the photo's.
 */
pf_status pf_jpeg_decode_region(const uint8_t *data, size_t size, int32_t scale_denom,
                                int32_t x, int32_t y, size_t max_memory,
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
    if (out == NULL || out_width <= 0 || out_height <= 0 || out_stride / 4 < (size_t)out_width || x < 0 || y < 0 ||
        (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8)) {
        pf_set_message(message, message_capacity, "invalid output buffer, region or scale");
        return PF_ERR_ARGUMENT;
    }
    volatile pf_status status = PF_ERR_DECODER;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        if (error.truncated) {
            return PF_ERR_TRUNCATED;
        }
        return error.limit_hit ? PF_ERR_LIMIT : status;
    }
    jpeg_create_decompress(&cinfo);
    pf_jpeg_limit(&cinfo, &error, &progress, max_memory);
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
    if ((long long)x + out_width > (long long)cinfo.output_width ||
        (long long)y + out_height > (long long)cinfo.output_height) {
        status = PF_ERR_ARGUMENT;
        pf_jpeg_fail((j_common_ptr)&cinfo, "the region is outside the scaled JPEG");
    }
    jpeg_start_decompress(&cinfo);
    /* The crop widens to iMCU boundaries: *left is where the decoded columns start. */
    JDIMENSION left = (JDIMENSION)x;
    JDIMENSION width = (JDIMENSION)out_width;
    jpeg_crop_scanline(&cinfo, &left, &width);
    if (y > 0 && jpeg_skip_scanlines(&cinfo, (JDIMENSION)y) != (JDIMENSION)y) {
        pf_jpeg_fail((j_common_ptr)&cinfo, "the JPEG ended before the region");
    }
    JSAMPARRAY line = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE, cinfo.output_width * 4, 1);
    size_t skip = (size_t)((JDIMENSION)x - left) * 4;
    for (int32_t row = 0; row < out_height; row++) {
        if (jpeg_read_scanlines(&cinfo, line, 1) != 1) {
            pf_jpeg_fail((j_common_ptr)&cinfo, "the JPEG decoder stopped early");
        }
        if (cmyk) {
            pf_cmyk_row_to_rgba(line[0], (int32_t)cinfo.output_width, cinfo.saw_Adobe_marker);
        }
        memcpy(out + (size_t)row * out_stride, line[0] + skip, (size_t)out_width * 4);
    }
    /* The rows below the region are never decoded. */
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return PF_OK;
}
