#ifndef IMAGE_SHIM_RAW_PREVIEW_H
#define IMAGE_SHIM_RAW_PREVIEW_H

/*
 * Camera RAW files (CR2, CR3, NEF, ARW, RAF, ORF, RW2, PEF, SRW, DNG…) through LibRaw, opened on
 * first use (raw_api.h): the largest preview the camera embedded, handed back as it is stored
 * (a JPEG for the caller's JPEG decoder) or as pixels, and only where there is none (or where
 * the caller asks for it) a developed picture of the sensor data at half size. LibRaw's errors
 * come back as a status and a message.
 */

#include "image_shim.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What pf_raw_preview put in its output buffer. */
typedef enum pf_raw_kind {
    /** Nothing: the file has no preview (and developing was not asked for). */
    PF_RAW_NONE = 0,
    /** The embedded preview's JPEG bytes, as stored. */
    PF_RAW_JPEG = 1,
    /** RGBA8 rows of width × 4 bytes: an embedded bitmap preview, or the developed sensor data. */
    PF_RAW_PIXELS = 2
} pf_raw_kind;

/** When pf_raw_preview develops the sensor data. */
typedef enum pf_raw_develop_mode {
    /** Never: a file without a preview is PF_ERR_UNSUPPORTED with kind PF_RAW_NONE. */
    PF_RAW_DEVELOP_NEVER = 0,
    /** Only where the file has no preview (what is shown by default). */
    PF_RAW_DEVELOP_WITHOUT_PREVIEW = 1,
    /** Always, preview or not: the sensor's own picture, asked for by the user. */
    PF_RAW_DEVELOP_ALWAYS = 2
} pf_raw_develop_mode;

/** What a RAW file holds, as LibRaw reads it. */
typedef struct pf_raw_info {
    /** A pf_raw_kind: what the output buffer holds. */
    int32_t kind;
    /** The pixels' size (PF_RAW_PIXELS); for a JPEG, the size LibRaw reads for it (0 when unknown). */
    int32_t width;
    int32_t height;
    /** The EXIF orientation (1–8) the caller applies to the output; 1 for a developed picture (LibRaw turned it). */
    int32_t orientation;
    /** The sensor picture's size, before any turn. */
    int32_t raw_width;
    int32_t raw_height;
    /** 1 when the output is developed sensor data, not an embedded preview. */
    int32_t developed;
} pf_raw_info;

/**
 * Opens a RAW file from memory and puts its largest embedded preview into *out (free it with
 * pf_buffer_free): JPEG bytes, or an embedded bitmap converted to RGBA8. Where the file has no
 * preview and `develop` is PF_RAW_DEVELOP_WITHOUT_PREVIEW, or whatever it has with
 * PF_RAW_DEVELOP_ALWAYS, the sensor data is developed at half size (LibRaw's own turn applied)
 * as long as it is at most max_pixels, and given up after timeout_ms milliseconds; with
 * PF_RAW_DEVELOP_NEVER, no preview is PF_ERR_UNSUPPORTED with info->kind PF_RAW_NONE and the
 * sensor's size filled in. A file LibRaw does not read is PF_ERR_UNSUPPORTED; a cut one,
 * PF_ERR_TRUNCATED; pixels over max_pixels, PF_ERR_LIMIT, checked before allocating.
 */
pf_status pf_raw_preview(const uint8_t *data, size_t size, int64_t max_pixels, int32_t develop, int32_t timeout_ms,
                         pf_buffer *out, pf_raw_info *info, char *message, size_t message_capacity);

/**
 * pf_raw_preview for a RAW file open for reading as `descriptor` (a regular file; it stays open
 * and its offset is not moved): LibRaw reads only what it needs (the file's structure and its
 * preview, or the sensor data when it develops), through /proc/self/fd, so the file is the one
 * the descriptor holds, whatever its name names now. PF_ERR_ARGUMENT when the descriptor is no
 * open regular file or /proc is not there (the caller then reads the file and calls
 * pf_raw_preview); every other outcome as pf_raw_preview's.
 */
pf_status pf_raw_preview_file(int descriptor, int64_t max_pixels, int32_t develop, int32_t timeout_ms,
                              pf_buffer *out, pf_raw_info *info, char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif
