#include "jpeg_mcu_count.h"

/* The entropy decoder's two methods (libjpeg's internal header; their places have been the same
 * since libjpeg 6, and libjpeg-turbo keeps them). */
#include <jpegint.h>

static boolean pf_jpeg_counted_decode_mcu(j_decompress_ptr cinfo, JBLOCKROW *blocks) {
    pf_jpeg_error *error = (pf_jpeg_error *)cinfo->err;
    boolean decoded = error->entropy_decode_mcu(cinfo, blocks);
    if (decoded) {
        error->scan_mcus++;
    }
    return decoded;
}

/* A scan starts: its count from zero; the decoder may have set another decode_mcu for it (a
 * progressive scan's kind), which is wrapped in turn. */
static void pf_jpeg_count_scan(j_decompress_ptr cinfo, pf_jpeg_error *error) {
    error->scan_mcus = 0;
    if (cinfo->entropy->decode_mcu != pf_jpeg_counted_decode_mcu) {
        error->entropy_decode_mcu = cinfo->entropy->decode_mcu;
        cinfo->entropy->decode_mcu = pf_jpeg_counted_decode_mcu;
    }
}

static void pf_jpeg_counted_start_pass(j_decompress_ptr cinfo) {
    pf_jpeg_error *error = (pf_jpeg_error *)cinfo->err;
    error->entropy_start_pass(cinfo);
    pf_jpeg_count_scan(cinfo, error);
}

void pf_jpeg_count_mcus(j_decompress_ptr cinfo) {
    pf_jpeg_error *error = (pf_jpeg_error *)cinfo->err;
    if (cinfo->entropy == NULL || cinfo->entropy->start_pass == pf_jpeg_counted_start_pass) {
        return;
    }
    /* The first scan's pass has started already (jpeg_start_decompress starts it). */
    error->entropy_start_pass = cinfo->entropy->start_pass;
    cinfo->entropy->start_pass = pf_jpeg_counted_start_pass;
    pf_jpeg_count_scan(cinfo, error);
}
