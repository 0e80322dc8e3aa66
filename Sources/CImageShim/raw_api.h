#ifndef IMAGE_SHIM_RAW_API_H
#define IMAGE_SHIM_RAW_API_H

/*
 * LibRaw's entry points, opened on first use (library_loader.h): include this instead of the
 * library's header; every call below goes through the table under the function's own name.
 * The thread-safe build (libraw_r) is opened: decodes run on several threads at once.
 */

#include <libraw/libraw.h>
#include <stddef.h>

#include "library_loader.h"

#define PF_RAW_SYMBOLS(X) \
    X(libraw_init) \
    X(libraw_open_buffer) \
    X(libraw_open_file) \
    X(libraw_unpack_thumb) \
    X(libraw_unpack) \
    X(libraw_dcraw_process) \
    X(libraw_dcraw_make_mem_image) \
    X(libraw_dcraw_clear_mem) \
    X(libraw_set_progress_handler) \
    X(libraw_strerror) \
    X(libraw_close) \

/* The table (filled by pf_raw_api_load, read-only after) and its loader: 1 when every entry
 * point is there, else 0 with the reason. */
PF_LIBRARY_API_DECLARE(raw, PF_RAW_SYMBOLS)

#ifndef PF_RAW_API_IMPLEMENTATION
#define libraw_init (pf_raw_api.libraw_init)
#define libraw_open_buffer (pf_raw_api.libraw_open_buffer)
#define libraw_open_file (pf_raw_api.libraw_open_file)
#define libraw_unpack_thumb (pf_raw_api.libraw_unpack_thumb)
#define libraw_unpack (pf_raw_api.libraw_unpack)
#define libraw_dcraw_process (pf_raw_api.libraw_dcraw_process)
#define libraw_dcraw_make_mem_image (pf_raw_api.libraw_dcraw_make_mem_image)
#define libraw_dcraw_clear_mem (pf_raw_api.libraw_dcraw_clear_mem)
#define libraw_set_progress_handler (pf_raw_api.libraw_set_progress_handler)
#define libraw_strerror (pf_raw_api.libraw_strerror)
#define libraw_close (pf_raw_api.libraw_close)
#endif

#endif
