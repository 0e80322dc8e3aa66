/*
 * Camera RAW files through LibRaw (raw_api.h): the embedded preview, or the developed sensor data
 * where there is none. LibRaw reads from the caller's buffer (libraw_open_buffer), or
 * from an open file only the parts it needs (libraw_open_file on /proc/self/fd), and never
 * prints: its memory and data error callbacks are turned off at libraw_init.
 */
#include "raw_api.h"
#include "raw_preview.h"
#include "shim_internal.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* LibRaw's flip (dcraw's: bit 2 swaps the axes, bit 1 flips vertically, bit 0 horizontally) as
 * the EXIF orientation that draws the same picture. */
static int32_t pf_raw_orientation(int flip) {
    static const int32_t exif[8] = { 1, 2, 4, 3, 5, 8, 6, 7 };
    return exif[flip & 7];
}

/* A monotonic deadline the progress callback checks while LibRaw develops. */
typedef struct pf_raw_deadline {
    struct timespec until;
} pf_raw_deadline;

static int pf_raw_progress(void *data, enum LibRaw_progress stage, int iteration, int expected) {
    (void)stage;
    (void)iteration;
    (void)expected;
    const pf_raw_deadline *deadline = data;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > deadline->until.tv_sec ||
        (now.tv_sec == deadline->until.tv_sec && now.tv_nsec >= deadline->until.tv_nsec)) {
        return 1; /* cancel */
    }
    return 0;
}

/* A LibRaw error code as a status, its words in the message after `what`. */
static pf_status pf_raw_failure(int code, const char *what, char *message, size_t capacity) {
    char text[PF_MESSAGE_CAPACITY];
    const char *reason = libraw_strerror(code);
    snprintf(text, sizeof(text), "%s: %s", what, reason != NULL ? reason : "unknown error");
    pf_set_message(message, capacity, text);
    switch (code) {
    case LIBRAW_FILE_UNSUPPORTED:
        return PF_ERR_UNSUPPORTED;
    case LIBRAW_IO_ERROR:
        return PF_ERR_TRUNCATED;
    case LIBRAW_UNSUFFICIENT_MEMORY:
        return PF_ERR_MEMORY;
    case LIBRAW_TOO_BIG:
    case LIBRAW_CANCELLED_BY_CALLBACK:
        return PF_ERR_LIMIT;
    default:
        return PF_ERR_DECODER;
    }
}

/* `count` pixels of `channels` 8-bit samples (1 or 3) as RGBA8 appended to out. */
static int pf_raw_append_rgba(pf_buffer *out, const uint8_t *samples, size_t count, int channels) {
    if (count > SIZE_MAX / 4 || !pf_buffer_reserve(out, count * 4)) {
        return 0;
    }
    uint8_t *pixel = out->data + out->size;
    for (size_t index = 0; index < count; index++) {
        const uint8_t *sample = samples + index * (size_t)channels;
        pixel[0] = sample[0];
        pixel[1] = channels == 3 ? sample[1] : sample[0];
        pixel[2] = channels == 3 ? sample[2] : sample[0];
        pixel[3] = 255;
        pixel += 4;
    }
    out->size += count * 4;
    return 1;
}

/* The embedded preview LibRaw chose (its largest) into out; PF_ERR_UNSUPPORTED with kind NONE when there is none. */
static pf_status pf_raw_take_preview(libraw_data_t *raw, int64_t max_pixels, pf_buffer *out, pf_raw_info *info,
                                     char *message, size_t capacity) {
    if (raw->thumbnail.tlength == 0 && raw->thumbnail.tformat == LIBRAW_THUMBNAIL_UNKNOWN) {
        pf_set_message(message, capacity, "the RAW file has no embedded preview");
        return PF_ERR_UNSUPPORTED;
    }
    int code = libraw_unpack_thumb(raw);
    if (code != LIBRAW_SUCCESS) {
        return pf_raw_failure(code, "the RAW file's preview cannot be read", message, capacity);
    }
    const libraw_thumbnail_t *thumb = &raw->thumbnail;
    info->width = thumb->twidth;
    info->height = thumb->theight;
    if (thumb->thumb == NULL || thumb->tlength == 0) {
        pf_set_message(message, capacity, "the RAW file's preview is empty");
        return PF_ERR_UNSUPPORTED;
    }
    if (thumb->tformat == LIBRAW_THUMBNAIL_JPEG) {
        if (!pf_buffer_append(out, (const uint8_t *)thumb->thumb, thumb->tlength)) {
            pf_set_message(message, capacity, "out of memory for the RAW file's preview");
            return PF_ERR_MEMORY;
        }
        info->kind = PF_RAW_JPEG;
        return PF_OK;
    }
    if (thumb->tformat == LIBRAW_THUMBNAIL_BITMAP) {
        int channels = thumb->tcolors == 1 ? 1 : 3;
        size_t count = (size_t)thumb->twidth * thumb->theight;
        if (thumb->twidth == 0 || thumb->theight == 0 || (int64_t)count > max_pixels) {
            pf_set_message(message, capacity, "the RAW file's bitmap preview has no size or is over the pixel limit");
            return PF_ERR_LIMIT;
        }
        if ((thumb->tcolors != 1 && thumb->tcolors != 3) || (size_t)thumb->tlength / (size_t)channels < count) {
            pf_set_message(message, capacity, "the RAW file's bitmap preview is shorter than its size");
            return PF_ERR_DECODER;
        }
        if (!pf_raw_append_rgba(out, (const uint8_t *)thumb->thumb, count, channels)) {
            pf_set_message(message, capacity, "out of memory for the RAW file's preview");
            return PF_ERR_MEMORY;
        }
        info->kind = PF_RAW_PIXELS;
        return PF_OK;
    }
    pf_set_message(message, capacity, "the RAW file's preview is in a form LibRaw does not hand out");
    return PF_ERR_UNSUPPORTED;
}

/* The sensor data developed at half size (LibRaw's turn applied) into out as RGBA8. `asked` is 1
 * when the caller asked for it over a preview (the messages then do not say there is none);
 * `file_size` is the whole file's, which must be able to hold the sensor data. */
static pf_status pf_raw_develop(libraw_data_t *raw, size_t file_size, int64_t max_pixels, int32_t timeout_ms, int asked,
                                pf_buffer *out, pf_raw_info *info, char *message, size_t capacity) {
    const char *cannot = asked ? "LibRaw cannot develop the RAW file's sensor data"
                               : "the RAW file has no preview and LibRaw cannot develop it";
    int64_t sensor = (int64_t)raw->sizes.raw_width * raw->sizes.raw_height;
    int64_t half = ((int64_t)raw->sizes.width / 2 + 1) * ((int64_t)raw->sizes.height / 2 + 1);
    if (sensor == 0 || half == 0) {
        pf_set_message(message, capacity,
                       asked ? "LibRaw finds no sensor data in the RAW file"
                             : "the RAW file has no preview and LibRaw finds no sensor data in it");
        return PF_ERR_DECODER;
    }
    /* The sensor data is held whole (2 bytes a sample): at most four times the output's limit. */
    if (half > max_pixels || sensor > max_pixels * 4) {
        char text[PF_MESSAGE_CAPACITY];
        snprintf(text, sizeof(text), "%s (%d×%d) is over the pixel limit",
                 asked ? "the RAW file's sensor picture" : "the RAW file has no preview and its sensor picture",
                 raw->sizes.raw_width, raw->sizes.raw_height);
        pf_set_message(message, capacity, text);
        return PF_ERR_LIMIT;
    }
    /* Less than a bit a pixel is no camera's sensor data, however compressed: a file stripped or
     * cut short, which LibRaw would develop from the zeros past its end. */
    if ((uint64_t)file_size * 8 < (uint64_t)sensor) {
        char text[PF_MESSAGE_CAPACITY];
        snprintf(text, sizeof(text), "the RAW file (%zu bytes) is too short to hold its %d×%d sensor picture", file_size,
                 raw->sizes.raw_width, raw->sizes.raw_height);
        pf_set_message(message, capacity, text);
        return PF_ERR_TRUNCATED;
    }
    pf_raw_deadline deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline.until);
    deadline.until.tv_sec += timeout_ms / 1000;
    deadline.until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.until.tv_nsec >= 1000000000L) {
        deadline.until.tv_sec += 1;
        deadline.until.tv_nsec -= 1000000000L;
    }
    libraw_set_progress_handler(raw, pf_raw_progress, &deadline);
    raw->params.half_size = 1;
    raw->params.use_camera_wb = 1;
    raw->params.output_bps = 8;
    int code = libraw_unpack(raw);
    if (code == LIBRAW_SUCCESS) {
        code = libraw_dcraw_process(raw);
    }
    if (code != LIBRAW_SUCCESS) {
        return pf_raw_failure(code, cannot, message, capacity);
    }
    int error = LIBRAW_SUCCESS;
    libraw_processed_image_t *image = libraw_dcraw_make_mem_image(raw, &error);
    if (image == NULL) {
        return pf_raw_failure(error, cannot, message, capacity);
    }
    pf_status status = PF_OK;
    size_t count = (size_t)image->width * image->height;
    if (image->type != LIBRAW_IMAGE_BITMAP || image->bits != 8 || (image->colors != 1 && image->colors != 3) ||
        count == 0 || (int64_t)count > max_pixels || image->data_size / (unsigned)image->colors < count) {
        pf_set_message(message, capacity, "LibRaw developed the RAW file's sensor data into an unexpected form");
        status = PF_ERR_DECODER;
    } else if (!pf_raw_append_rgba(out, image->data, count, image->colors)) {
        pf_set_message(message, capacity, "out of memory for the developed RAW picture");
        status = PF_ERR_MEMORY;
    } else {
        info->kind = PF_RAW_PIXELS;
        info->width = image->width;
        info->height = image->height;
        info->orientation = 1;
        info->developed = 1;
    }
    libraw_dcraw_clear_mem(image);
    return status;
}

/* What is read of an opened file: its preview, or its sensor data developed, as pf_raw_preview
 * says. `size` is the whole file's. */
static pf_status pf_raw_read_opened(libraw_data_t *raw, size_t size, int64_t max_pixels, int32_t develop,
                                    int32_t timeout_ms, pf_buffer *out, pf_raw_info *info, char *message,
                                    size_t message_capacity) {
    pf_status status;
    info->raw_width = raw->sizes.width;
    info->raw_height = raw->sizes.height;
    info->orientation = pf_raw_orientation(raw->sizes.flip);
    char reason[PF_MESSAGE_CAPACITY] = { 0 };
    if (develop == PF_RAW_DEVELOP_ALWAYS) {
        status = pf_raw_develop(raw, size, max_pixels, timeout_ms, 1, out, info, message, message_capacity);
    } else if ((status = pf_raw_take_preview(raw, max_pixels, out, info, reason, sizeof(reason))) != PF_OK &&
               develop == PF_RAW_DEVELOP_WITHOUT_PREVIEW) {
        out->size = 0;
        info->kind = PF_RAW_NONE;
        status = pf_raw_develop(raw, size, max_pixels, timeout_ms, 0, out, info, message, message_capacity);
    } else if (status != PF_OK) {
        info->kind = PF_RAW_NONE;
        pf_set_message(message, message_capacity, reason);
    }
    return status;
}

/* The arguments both entry points check; PF_OK when they hold. */
static pf_status pf_raw_check_arguments(int64_t max_pixels, int32_t develop, int32_t timeout_ms, pf_buffer *out,
                                        pf_raw_info *info, char *message, size_t message_capacity) {
    if (out == NULL || info == NULL || max_pixels < 1 || timeout_ms < 1 || develop < PF_RAW_DEVELOP_NEVER ||
        develop > PF_RAW_DEVELOP_ALWAYS) {
        pf_set_message(message, message_capacity, "no data, no output or no limits");
        return PF_ERR_ARGUMENT;
    }
    memset(info, 0, sizeof(*info));
    info->orientation = 1;
    return PF_OK;
}

/* Where LibRaw reads a RAW file from: the caller's buffer, or a path (a descriptor's /proc link). */
typedef struct pf_raw_source {
    const uint8_t *data;
    const char *path;
    size_t size;
} pf_raw_source;

/* Opens `source` with LibRaw and reads what pf_raw_preview says from it. */
static pf_status pf_raw_read(pf_raw_source source, int64_t max_pixels, int32_t develop, int32_t timeout_ms,
                             pf_buffer *out, pf_raw_info *info, char *message, size_t message_capacity) {
    if (!pf_raw_api_load(message, message_capacity)) {
        return PF_ERR_UNSUPPORTED;
    }
    libraw_data_t *raw = libraw_init(LIBRAW_OPIONS_NO_MEMERR_CALLBACK | LIBRAW_OPIONS_NO_DATAERR_CALLBACK);
    if (raw == NULL) {
        pf_set_message(message, message_capacity, "out of memory for LibRaw");
        return PF_ERR_MEMORY;
    }
    /* LibRaw reads only; the buffer is not written through this pointer. */
    int code = source.path != NULL ? libraw_open_file(raw, source.path)
                                   : libraw_open_buffer(raw, (void *)(uintptr_t)source.data, source.size);
    pf_status status = code != LIBRAW_SUCCESS
                           ? pf_raw_failure(code, "LibRaw cannot read the RAW file", message, message_capacity)
                           : pf_raw_read_opened(raw, source.size, max_pixels, develop, timeout_ms, out, info, message,
                                                message_capacity);
    libraw_close(raw);
    return status;
}

pf_status pf_raw_preview(const uint8_t *data, size_t size, int64_t max_pixels, int32_t develop, int32_t timeout_ms,
                         pf_buffer *out, pf_raw_info *info, char *message, size_t message_capacity) {
    if (data == NULL && size > 0) {
        pf_set_message(message, message_capacity, "no data, no output or no limits");
        return PF_ERR_ARGUMENT;
    }
    pf_status checked = pf_raw_check_arguments(max_pixels, develop, timeout_ms, out, info, message, message_capacity);
    if (checked != PF_OK) {
        return checked;
    }
    if (size == 0) {
        pf_set_message(message, message_capacity, "the RAW file is empty");
        return PF_ERR_TRUNCATED;
    }
    pf_raw_source source = { .data = data, .path = NULL, .size = size };
    return pf_raw_read(source, max_pixels, develop, timeout_ms, out, info, message, message_capacity);
}

pf_status pf_raw_preview_file(int descriptor, int64_t max_pixels, int32_t develop, int32_t timeout_ms,
                              pf_buffer *out, pf_raw_info *info, char *message, size_t message_capacity) {
    pf_status checked = pf_raw_check_arguments(max_pixels, develop, timeout_ms, out, info, message, message_capacity);
    if (checked != PF_OK) {
        return checked;
    }
    struct stat status_of_file;
    if (descriptor < 0 || fstat(descriptor, &status_of_file) != 0 || !S_ISREG(status_of_file.st_mode)) {
        pf_set_message(message, message_capacity, "the RAW file is not an open regular file");
        return PF_ERR_ARGUMENT;
    }
    if (status_of_file.st_size <= 0) {
        pf_set_message(message, message_capacity, "the RAW file is empty");
        return PF_ERR_TRUNCATED;
    }
    /* The descriptor's own file, whatever its name now names: /proc's link opens the inode the
     * descriptor holds, never a path looked up again. */
    char path[64];
    snprintf(path, sizeof(path), "/proc/self/fd/%d", descriptor);
    if (access(path, R_OK) != 0) {
        pf_set_message(message, message_capacity, "the RAW file cannot be opened again through /proc (not mounted)");
        return PF_ERR_ARGUMENT;
    }
    pf_raw_source source = { .data = NULL, .path = path, .size = (size_t)status_of_file.st_size };
    return pf_raw_read(source, max_pixels, develop, timeout_ms, out, info, message, message_capacity);
}
