#ifndef IMAGE_SHIM_JPEG_MCU_COUNT_H
#define IMAGE_SHIM_JPEG_MCU_COUNT_H

#include "jpeg_error.h"

/*
 * Counts the MCUs each scan's entropy decoder gives (into the error manager's scan_mcus), so a
 * tolerant decode's first warning says how much of its scan came before it, to the block: a
 * file damaged inside its first row of blocks still says how much of the picture is its own.
 * Call right after jpeg_start_decompress, before any of the image data is read (a single-scan
 * decode or buffered-image mode); the decoder's methods are wrapped for every later scan too.
 */
void pf_jpeg_count_mcus(j_decompress_ptr cinfo);

#endif
