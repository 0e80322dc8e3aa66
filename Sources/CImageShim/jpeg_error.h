#ifndef IMAGE_SHIM_JPEG_ERROR_H
#define IMAGE_SHIM_JPEG_ERROR_H

#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

#include "shim_internal.h"

/*
 * A libjpeg error manager that never exits: error_exit formats the message
 * into the caller's buffer and longjmps back to the setjmp in the shim call;
 * output_message captures text instead of printing it; a premature end of
 * data (JWRN_JPEG_EOF) is fatal and marked as truncation, unless the decode is tolerant: then
 * it is recorded like any other warning and libjpeg goes on (it reads EOI from there on).
 */
typedef struct pf_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    int truncated;
    /* 1 when a resource limit (memory cap, scan budget) ended the decode. */
    int limit_hit;
    /* The memory cap handed to libjpeg, for the message when it is hit. */
    size_t max_memory;
    char *message;
    size_t message_capacity;
    /* 1: warnings (a premature end included) are recorded as damage, never fatal. */
    int tolerant;
    /* 1 while jpeg_read_header runs: a warning then (bytes skipped between markers) is no damage
     * to the image data, except a premature end. */
    int in_header;
    /* Set at the first warning of a tolerant decode. */
    int damaged;
    /* Set at the first warning about the image data (not a scan's parameters), with where the
     * input was then: the rows before it are the ones decoded. */
    int positioned;
    int damage_scan;
    int damage_imcu_row;
    /* With pf_jpeg_count_mcus: the MCUs of the damaged scan decoded before the warning, the
     * scan's MCUs in a row (0 when not counted), and the block rows of its component in an iMCU
     * row when the scan has one component (an MCU is then one block), 1 when it has several. */
    long damage_mcus;
    long damage_mcus_per_row;
    int damage_mcu_rows_per_imcu_row;
    /* pf_jpeg_count_mcus's count for the scan being read, and the entropy decoder's own methods
     * it wraps. */
    long scan_mcus;
    void (*entropy_start_pass)(j_decompress_ptr cinfo);
    boolean (*entropy_decode_mcu)(j_decompress_ptr cinfo, JBLOCKROW *blocks);
} pf_jpeg_error;

/* Fills in `error` (jpeg_std_error plus the overrides) and returns its base. */
struct jpeg_error_mgr *pf_jpeg_error_init(pf_jpeg_error *error, char *message, size_t capacity);

/* Records `text` as the error message and jumps back to the shim call. */
void pf_jpeg_fail(j_common_ptr cinfo, const char *text);

#endif
