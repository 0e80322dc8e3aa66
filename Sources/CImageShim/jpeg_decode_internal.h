#ifndef IMAGE_SHIM_JPEG_DECODE_INTERNAL_H
#define IMAGE_SHIM_JPEG_DECODE_INTERNAL_H

#include "box_reducer.h"
#include "jpeg_error.h"

/*
 * What the full decoder (jpeg_decode.c) and the progressive-prefix decoder (jpeg_prefix.c)
 * share: the scan budget, the colour model check, CMYK conversion and the output pass.
 */

/* The scan and work budget a decode runs under (see pf_jpeg_progress_monitor). */
typedef struct pf_jpeg_progress {
    struct jpeg_progress_mgr base;
    int last_scan;
    long long blocks_used;
    long long blocks_budget;
} pf_jpeg_progress;

/* Fails the decode (PF_ERR_LIMIT) past 1000 scans or 16 passes' worth of scan work. */
void pf_jpeg_progress_monitor(j_common_ptr cinfo);

/*
 * Caps libjpeg's memory at max_memory (0: PF_JPEG_DEFAULT_MAX_MEMORY; without backing store
 * it fails with JERR_NO_BACKING_STORE rather than exceed it) and charges every scan to
 * progress's budget. Call right after jpeg_create_decompress.
 */
void pf_jpeg_limit(j_decompress_ptr cinfo, pf_jpeg_error *error, pf_jpeg_progress *progress, size_t max_memory);

/*
 * Sets the output for the header just read: RGBA (CMYK, converted later, for CMYK/YCCK files)
 * at 1/scale_denom. PF_OK when that, area-averaged by reduce, is out_width × out_height; else
 * the status to fail with and *reason says why. *cmyk says whether rows come out as CMYK.
 */
pf_status pf_jpeg_configure_output(j_decompress_ptr cinfo, int32_t scale_denom, int32_t reduce,
                                   int32_t out_width, int32_t out_height, int *cmyk, const char **reason);

/* A pf_jpeg_color value for the header just read, 0 when unsupported. */
int pf_jpeg_color_of(const struct jpeg_decompress_struct *cinfo);

/* CMYK (as libjpeg hands it out) to RGBA in place. */
void pf_cmyk_row_to_rgba(uint8_t *row, int32_t width, int inverted);

/*
 * Reads every row of the output pass started on cinfo into out (area-averaged by reduce
 * through reducer when reduce > 1); 0 when the reducer could not allocate. Library errors
 * longjmp as usual.
 */
int pf_jpeg_read_output(j_decompress_ptr cinfo, int cmyk, int32_t reduce, pf_box_reducer *reducer,
                        uint8_t *out, size_t out_stride);

#endif
