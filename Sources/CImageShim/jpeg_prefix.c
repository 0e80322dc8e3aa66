#include "jpeg_decode_internal.h"

#include <string.h>

/*
 * Decoding the first bytes of a progressive JPEG as it downloads (buffered-image mode).
 *
 * A source manager over the prefix suspends at its end instead of inventing an EOI marker (as
 * jpeg_mem_src does, with a warning the shim treats as truncation); jpeg_consume_input absorbs
 * every scan the prefix holds; an output pass (jpeg_start_output with the last scan that was
 * read completely) then draws the image as of that scan. Each call starts again from the first
 * byte: libjpeg cannot copy a decompressor, and keeping one alive between calls would tie a C
 * object with a jmp_buf to a Swift task across suspension points. The cost is bounded by the
 * preview rate (a few a second per download), and the entropy decoding of the scans so far is
 * cheap beside the output pass (IDCT, upsampling, colour conversion), which a kept decompressor
 * would pay again anyway.
 */

typedef struct pf_prefix_source {
    struct jpeg_source_mgr base;
} pf_prefix_source;

static void pf_prefix_init_source(j_decompress_ptr cinfo) { (void)cinfo; }

/* The prefix is all there is: suspend (libjpeg backs up to the last complete unit). */
static boolean pf_prefix_fill_input_buffer(j_decompress_ptr cinfo) {
    (void)cinfo;
    return FALSE;
}

static void pf_prefix_skip_input_data(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (count <= 0) {
        return;
    }
    if ((size_t)count > source->bytes_in_buffer) {
        /* Skipping past the end: nothing more will come, so the rest is simply gone. */
        source->next_input_byte += source->bytes_in_buffer;
        source->bytes_in_buffer = 0;
        return;
    }
    source->next_input_byte += count;
    source->bytes_in_buffer -= (size_t)count;
}

static void pf_prefix_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

/* Whether every component has its DC coefficients (coef_bits[c][0] is -1 before any). */
static int pf_jpeg_has_all_dc(j_decompress_ptr cinfo) {
    if (cinfo->coef_bits == NULL) {
        return 0;
    }
    for (int c = 0; c < cinfo->num_components; c++) {
        if (cinfo->coef_bits[c][0] < 0) {
            return 0;
        }
    }
    return 1;
}

/*
 * Whether the input left after where libjpeg stopped holds an end-of-image marker (FF D9, which
 * entropy-coded data cannot hold: an FF there is followed by 00 or a restart marker).
 */
static int pf_prefix_rest_has_eoi(const pf_prefix_source *source) {
    const uint8_t *next = source->base.next_input_byte;
    size_t left = source->base.bytes_in_buffer;
    while (left >= 2) {
        const uint8_t *ff = memchr(next, 0xFF, left - 1);
        if (ff == NULL) {
            return 0;
        }
        if (ff[1] == 0xD9) {
            return 1;
        }
        left -= (size_t)(ff + 1 - next);
        next = ff + 1;
    }
    return 0;
}

/*
 * The prefix decode, or (dc_only) the decode of a whole progressive file at 1/8 from its DC
 * scans only: at 1/8 each 8×8 block becomes one pixel, its average, which is the DC
 * coefficient alone, so the AC scans (most of the file, and most of the entropy decoding)
 * change nothing but the DC's last bits, which come in a late refinement scan. Stopping once
 * every component has DC gives the image within a level or two of the full decode for a
 * fraction of the work.
 */
static pf_status pf_jpeg_decode_scans(const uint8_t *data, size_t size, int32_t scale_denom, int32_t reduce,
                                      size_t max_memory,
                                      uint8_t *out, size_t out_stride,
                                      int32_t out_width, int32_t out_height,
                                      int32_t *scan, int32_t *coarse, int dc_only,
                                      char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    pf_jpeg_error error;
    pf_jpeg_progress progress;
    pf_box_reducer reducer;
    pf_prefix_source source;
    memset(&cinfo, 0, sizeof(cinfo));
    memset(&progress, 0, sizeof(progress));
    memset(&reducer, 0, sizeof(reducer));
    memset(&source, 0, sizeof(source));
    cinfo.err = pf_jpeg_error_init(&error, message, message_capacity);
    if (scan == NULL || coarse == NULL || out == NULL || out_width <= 0 || out_height <= 0 || out_stride / 4 < (size_t)out_width ||
        reduce < 1 || (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8)) {
        pf_set_message(message, message_capacity, "invalid output buffer, scale or reduction");
        return PF_ERR_ARGUMENT;
    }
    *scan = 0;
    *coarse = 1;
    if (data == NULL || size == 0) {
        return PF_OK;
    }
    volatile pf_status status = PF_ERR_DECODER;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        pf_box_reducer_free(&reducer);
        *scan = 0;
        if (error.truncated) {
            return PF_ERR_TRUNCATED;
        }
        return error.limit_hit ? PF_ERR_LIMIT : status;
    }
    jpeg_create_decompress(&cinfo);
    pf_jpeg_limit(&cinfo, &error, &progress, max_memory);
    source.base.init_source = pf_prefix_init_source;
    source.base.fill_input_buffer = pf_prefix_fill_input_buffer;
    source.base.skip_input_data = pf_prefix_skip_input_data;
    source.base.resync_to_restart = jpeg_resync_to_restart;
    source.base.term_source = pf_prefix_term_source;
    source.base.next_input_byte = data;
    source.base.bytes_in_buffer = size;
    cinfo.src = &source.base;

    if (jpeg_read_header(&cinfo, TRUE) == JPEG_SUSPENDED) {
        /* The header is not all here yet: nothing to show. */
        jpeg_destroy_decompress(&cinfo);
        return PF_OK;
    }
    /* Warnings while reading the header (bytes between markers) are no damage to the picture. */
    long header_warnings = error.base.num_warnings;
    if (!cinfo.progressive_mode) {
        status = PF_ERR_UNSUPPORTED;
        pf_jpeg_fail((j_common_ptr)&cinfo, "the JPEG is not progressive (a baseline JPEG has no previews)");
    }
    int cmyk = 0;
    const char *reason = NULL;
    pf_status configured = pf_jpeg_configure_output(&cinfo, scale_denom, reduce, out_width, out_height, &cmyk, &reason);
    if (configured != PF_OK) {
        status = configured;
        pf_jpeg_fail((j_common_ptr)&cinfo, reason);
    }
    cinfo.buffered_image = TRUE;
    /* In buffered-image mode this only sets up: no input is read, so it cannot suspend. */
    if (!jpeg_start_decompress(&cinfo)) {
        pf_jpeg_fail((j_common_ptr)&cinfo, "the JPEG decoder suspended before its first scan");
    }
    /*
     * Absorb every scan the prefix holds; remember the last one read to its end. libjpeg
     * calls the progress monitor only from its own absorbing loops, not from
     * jpeg_consume_input: charge each scan here as its header is read (the first one was
     * read with the frame header).
     */
    pf_jpeg_progress_monitor((j_common_ptr)&cinfo);
    int completed = 0;
    /* Whether luma had no AC coefficient yet when that scan completed (coef_bits[c][k] is the
     * successive-approximation bit reached for coefficient k, -1 before any data). */
    int coarse_at_completed = 1;
    int reached_eoi = 0;
    for (;;) {
        int result = jpeg_consume_input(&cinfo);
        if (result == JPEG_SUSPENDED) {
            break;
        }
        if (result == JPEG_REACHED_SOS) {
            pf_jpeg_progress_monitor((j_common_ptr)&cinfo);
        } else if (result == JPEG_SCAN_COMPLETED || result == JPEG_REACHED_EOI) {
            completed = cinfo.input_scan_number;
            coarse_at_completed = cinfo.coef_bits == NULL || cinfo.coef_bits[0][1] < 0 ? 1 : 0;
            reached_eoi = result == JPEG_REACHED_EOI;
            if (result == JPEG_REACHED_EOI || (dc_only && pf_jpeg_has_all_dc(&cinfo))) {
                break;
            }
        }
    }
    /* A whole file's DC-only picture: a damaged or cut one is not drawn from its DC scans, which
     * would say nothing of what is missing (the usual decode says it). */
    int damaged = dc_only && (error.base.num_warnings > header_warnings || (!reached_eoi && !pf_prefix_rest_has_eoi(&source)));
    if (completed == 0 || damaged) {
        jpeg_destroy_decompress(&cinfo);
        return PF_OK;
    }
    /*
     * Output as of the last complete scan: libjpeg forces no more input for it (that scan's
     * rows are all in), so the pass never suspends; rows of the next scan already absorbed
     * refine the picture where they landed.
     */
    /* The output pass reads no scans: nothing more to charge. */
    cinfo.progress = NULL;
    if (!jpeg_input_complete(&cinfo) && cinfo.input_scan_number == completed) {
        /*
         * The prefix ends between scans (perhaps inside the next one's markers). Block
         * smoothing wants DC rows below the last ones it draws and would read on for them
         * (and suspend) at the bottom of the image: tell libjpeg the next marker is EOI.
         */
        cinfo.unread_marker = JPEG_EOI;
    }
    if (dc_only) {
        /* Smoothing estimates AC terms from neighbouring DCs: at 1/8 only the DC is used. */
        cinfo.do_block_smoothing = FALSE;
    }
    if (!jpeg_start_output(&cinfo, completed)) {
        pf_jpeg_fail((j_common_ptr)&cinfo, "the JPEG decoder suspended before its output pass");
    }
    if (!pf_jpeg_read_output(&cinfo, cmyk, reduce, &reducer, out, out_stride)) {
        status = PF_ERR_MEMORY;
        pf_jpeg_fail((j_common_ptr)&cinfo, "out of memory for the reduced decode");
    }
    /*
     * No jpeg_finish_output: it would read on toward the next scan's markers, which this
     * prefix may not hold (it would only suspend), and the decompressor is thrown away here.
     */
    *scan = (int32_t)completed;
    *coarse = coarse_at_completed;
    jpeg_destroy_decompress(&cinfo);
    pf_box_reducer_free(&reducer);
    return PF_OK;
}

pf_status pf_jpeg_decode_prefix(const uint8_t *data, size_t size, int32_t scale_denom, int32_t reduce,
                                size_t max_memory,
                                uint8_t *out, size_t out_stride,
                                int32_t out_width, int32_t out_height,
                                int32_t *scan, int32_t *coarse,
                                char *message, size_t message_capacity) {
    return pf_jpeg_decode_scans(data, size, scale_denom, reduce, max_memory, out, out_stride, out_width, out_height,
                                scan, coarse, 0, message, message_capacity);
}

pf_status pf_jpeg_decode_dc(const uint8_t *data, size_t size, int32_t reduce,
                            size_t max_memory,
                            uint8_t *out, size_t out_stride,
                            int32_t out_width, int32_t out_height,
                            int32_t *scan,
                            char *message, size_t message_capacity) {
    int32_t coarse = 1;
    return pf_jpeg_decode_scans(data, size, 8, reduce, max_memory, out, out_stride, out_width, out_height,
                                scan, &coarse, 1, message, message_capacity);
}
