/*
 * HEIF/HEIC through libheif 1.15.1 (libde265 for HEVC, built into Debian's libheif1).
 * libheif returns heif_error values and applies the file's irot/imir/clap itself: the sizes
 * it reports are the displayed ones. The EXIF orientation inside the file is reported for the
 * caller only when the file has no irot or imir property at all (phones write both, saying the
 * same thing: honouring both would turn a photo twice; heif-enc 1.15 writes a JPEG's EXIF and
 * no irot, so there the EXIF is the only word on it). Its security limit is set per context (32,768 pixels a side,
 * which libheif checks as side² for every image and grid tile) and decoding stays on the
 * calling thread. A thumbnail stored in the file (the largest, when there are several) is
 * reported by the probe and decoded instead of the image when the caller asks. HDR (10/12-bit)
 * is converted to 8 bits by libheif; colour from an ICC profile or nclx primaries to sRGB.
 */
#include "formats_internal.h"

#include "color_conversion.h"
#include "exif_orientation.h"
#include "image_size.h"
#include "heif_api.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PF_HEIF_MAX_SIDE 32768

static pf_status pf_heif_failure(struct heif_error error, char *message, size_t capacity) {
    pf_set_message(message, capacity, error.message != NULL ? error.message : "corrupt HEIF");
    if (error.subcode == heif_suberror_End_of_data) {
        return PF_ERR_TRUNCATED;
    }
    switch (error.code) {
    case heif_error_Memory_allocation_error: return PF_ERR_MEMORY;
    case heif_error_Unsupported_feature:
    case heif_error_Unsupported_filetype: return PF_ERR_UNSUPPORTED;
    default: return PF_ERR_DECODER;
    }
}

/* The payload of the box of `type` among the boxes in [data, data + size), or NULL. */
static const uint8_t *pf_heif_find_box(const uint8_t *data, size_t size, const char *type, size_t *payload) {
    size_t offset = 0;
    while (size - offset >= 8) {
        const uint8_t *box = data + offset;
        uint64_t length = (uint64_t)box[0] << 24 | (uint64_t)box[1] << 16 | (uint64_t)box[2] << 8 | box[3];
        size_t header = 8;
        if (length == 1) {
            if (size - offset < 16) {
                return NULL;
            }
            length = 0;
            for (int i = 8; i < 16; i++) {
                length = length << 8 | box[i];
            }
            header = 16;
        } else if (length == 0) {
            length = size - offset;
        }
        if (length < header || length > size - offset) {
            return NULL;
        }
        if (memcmp(box + 4, type, 4) == 0) {
            *payload = (size_t)length - header;
            return box + header;
        }
        offset += (size_t)length;
    }
    return NULL;
}

/* Whether meta/iprp/ipco holds an irot or imir property (for any item). */
static int pf_heif_has_transform(const uint8_t *data, size_t size) {
    size_t meta_size, iprp_size, ipco_size;
    const uint8_t *meta = pf_heif_find_box(data, size, "meta", &meta_size);
    if (meta == NULL || meta_size < 4) {
        return 0;
    }
    const uint8_t *iprp = pf_heif_find_box(meta + 4, meta_size - 4, "iprp", &iprp_size);
    const uint8_t *ipco = iprp != NULL ? pf_heif_find_box(iprp, iprp_size, "ipco", &ipco_size) : NULL;
    size_t unused;
    return ipco != NULL &&
           (pf_heif_find_box(ipco, ipco_size, "irot", &unused) != NULL ||
            pf_heif_find_box(ipco, ipco_size, "imir", &unused) != NULL);
}

/* The EXIF orientation of the image's Exif block (1 when none); a block is at most 64 KiB. */
static int32_t pf_heif_exif_orientation(const struct heif_image_handle *handle) {
    heif_item_id id;
    if (heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) < 1) {
        return 1;
    }
    size_t size = heif_image_handle_get_metadata_size(handle, id);
    if (size < 4 || size > 65536) {
        return 1;
    }
    uint8_t *exif = malloc(size);
    int32_t orientation = 1;
    if (exif != NULL && heif_image_handle_get_metadata(handle, id, exif).code == heif_error_Ok) {
        /* The block starts with the offset of the TIFF header from the end of that field. */
        uint32_t skip = (uint32_t)exif[0] << 24 | (uint32_t)exif[1] << 16 | (uint32_t)exif[2] << 8 | exif[3];
        if (skip <= size - 4) {
            orientation = pf_exif_orientation(exif + 4 + skip, size - 4 - skip);
        }
    }
    free(exif);
    return orientation;
}

typedef struct pf_heif_file {
    struct heif_context *context;
    struct heif_image_handle *primary;
    struct heif_image_handle *thumbnail;
} pf_heif_file;

static void pf_heif_close(pf_heif_file *file) {
    if (file->thumbnail != NULL) {
        heif_image_handle_release(file->thumbnail);
    }
    if (file->primary != NULL) {
        heif_image_handle_release(file->primary);
    }
    if (file->context != NULL) {
        heif_context_free(file->context);
    }
}

static struct heif_error pf_heif_open(pf_heif_file *file, const uint8_t *data, size_t size) {
    memset(file, 0, sizeof(*file));
    struct heif_error error = {heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
    file->context = heif_context_alloc();
    if (file->context == NULL) {
        return error;
    }
    heif_context_set_maximum_image_size_limit(file->context, PF_HEIF_MAX_SIDE);
    heif_context_set_max_decoding_threads(file->context, 0);
    error = heif_context_read_from_memory_without_copy(file->context, data, size, NULL);
    if (error.code == heif_error_Ok) {
        error = heif_context_get_primary_image_handle(file->context, &file->primary);
    }
    if (error.code == heif_error_Ok) {
        /* The largest thumbnail (bounded: at most 16 are looked at). */
        heif_item_id ids[16];
        int count = heif_image_handle_get_list_of_thumbnail_IDs(file->primary, ids, 16);
        int64_t best = 0;
        for (int i = 0; i < count; i++) {
            struct heif_image_handle *candidate = NULL;
            if (heif_image_handle_get_thumbnail(file->primary, ids[i], &candidate).code != heif_error_Ok) {
                if (candidate != NULL) {
                    heif_image_handle_release(candidate);
                }
                continue;
            }
            int64_t area = (int64_t)heif_image_handle_get_width(candidate) * heif_image_handle_get_height(candidate);
            if (area > best) {
                best = area;
                if (file->thumbnail != NULL) {
                    heif_image_handle_release(file->thumbnail);
                }
                file->thumbnail = candidate;
            } else {
                heif_image_handle_release(candidate);
            }
        }
    }
    return error;
}

/* The colour description and, for an ICC profile, its bytes (malloc'd; the caller frees). */
static int32_t pf_heif_color(const struct heif_image_handle *handle, uint8_t **icc, size_t *icc_size) {
    *icc = NULL;
    *icc_size = 0;
    enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        size_t size = heif_image_handle_get_raw_color_profile_size(handle);
        if (size == 0 || size > 16 * 1024 * 1024 || (*icc = malloc(size)) == NULL) {
            return PF_COLOR_SRGB;
        }
        if (heif_image_handle_get_raw_color_profile(handle, *icc).code != heif_error_Ok) {
            free(*icc);
            *icc = NULL;
            return PF_COLOR_SRGB;
        }
        *icc_size = size;
        return PF_COLOR_ICC;
    }
    if (type == heif_color_profile_type_nclx) {
        struct heif_color_profile_nclx *nclx = NULL;
        int ok = heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok;
        int32_t color = ok && nclx != NULL ? pf_color_from_cicp(nclx->color_primaries, nclx->transfer_characteristics)
                                           : PF_COLOR_SRGB;
        /* libheif 1.15 hands out the profile even with an error (unknown primaries): freed either way. */
        heif_nclx_color_profile_free(nclx);
        return color;
    }
    return PF_COLOR_SRGB;
}

pf_status pf_heif_probe(const uint8_t *data, size_t size, pf_image_info *info, char *message, size_t capacity) {
    if (!pf_heif_api_load(message, capacity)) {
        return PF_ERR_UNSUPPORTED;
    }
    pf_heif_file file;
    struct heif_error error = pf_heif_open(&file, data, size);
    if (error.code != heif_error_Ok) {
        /* The error's message belongs to the context: copied before it is freed. */
        pf_status status = pf_heif_failure(error, message, capacity);
        pf_heif_close(&file);
        return status;
    }
    int width = heif_image_handle_get_width(file.primary), height = heif_image_handle_get_height(file.primary);
    if (!pf_size_is_sane(width, height)) {
        pf_heif_close(&file);
        pf_set_message(message, capacity, "the HEIF image size is out of range");
        return PF_ERR_DECODER;
    }
    info->width = width;
    info->height = height;
    info->has_alpha = heif_image_handle_has_alpha_channel(file.primary);
    if (!pf_heif_has_transform(data, size)) {
        info->orientation = pf_heif_exif_orientation(file.primary);
    }
    int bits = heif_image_handle_get_luma_bits_per_pixel(file.primary);
    info->bit_depth = bits > 0 ? bits : 8;
    uint8_t *icc;
    size_t icc_size;
    info->color = pf_heif_color(file.primary, &icc, &icc_size);
    free(icc);
    if (file.thumbnail != NULL) {
        int tw = heif_image_handle_get_width(file.thumbnail), th = heif_image_handle_get_height(file.thumbnail);
        if (pf_size_is_sane(tw, th) && tw <= width && th <= height) {
            info->thumbnail_width = tw;
            info->thumbnail_height = th;
        }
    }
    pf_heif_close(&file);
    return PF_OK;
}

pf_status pf_heif_decode(const uint8_t *data, size_t size, int32_t reduce, int32_t use_thumbnail, uint8_t *out,
                         size_t out_stride, int32_t out_width, int32_t out_height, char *message, size_t capacity) {
    if (!pf_heif_api_load(message, capacity)) {
        return PF_ERR_UNSUPPORTED;
    }
    pf_heif_file file;
    struct heif_error error = pf_heif_open(&file, data, size);
    if (error.code != heif_error_Ok) {
        /* The error's message belongs to the context: copied before it is freed. */
        pf_status status = pf_heif_failure(error, message, capacity);
        pf_heif_close(&file);
        return status;
    }
    if (use_thumbnail && file.thumbnail == NULL) {
        pf_heif_close(&file);
        pf_set_message(message, capacity, "the HEIF has no thumbnail");
        return PF_ERR_ARGUMENT;
    }
    struct heif_image_handle *handle = use_thumbnail ? file.thumbnail : file.primary;
    /* libheif 1.15 builds tables of 2^bits entries when converting colour: a file claiming 29-bit
     * samples would make it allocate gigabytes (fuzz_formats feeds such files). Real files have
     * 8, 10 or 12. */
    int luma = heif_image_handle_get_luma_bits_per_pixel(handle);
    int chroma = heif_image_handle_get_chroma_bits_per_pixel(handle);
    if (luma < 1 || luma > 16 || chroma > 16) {
        pf_heif_close(&file);
        pf_set_message(message, capacity, "the HEIF claims a bit depth over 16");
        return PF_ERR_UNSUPPORTED;
    }
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options == NULL) {
        pf_heif_close(&file);
        return PF_ERR_MEMORY;
    }
    options->convert_hdr_to_8bit = 1;
    struct heif_image *image = NULL;
    error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options);
    heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) {
        /* The error's message belongs to the context: copied before it is freed. */
        pf_status status = pf_heif_failure(error, message, capacity);
        pf_heif_close(&file);
        return status;
    }
    pf_status status = PF_OK;
    int stride = 0;
    const uint8_t *pixels = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    int width = heif_image_get_width(image, heif_channel_interleaved);
    int height = heif_image_get_height(image, heif_channel_interleaved);
    if (pixels == NULL || stride < width * 4 || heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) != 8 ||
        !pf_reduced_size_matches(width, height, reduce, out_width, out_height)) {
        pf_set_message(message, capacity, "the decoded HEIF differs from its header");
        status = PF_ERR_DECODER;
    } else if (!pf_reduce_into(pixels, (size_t)stride, width, height, reduce, out, out_stride, out_width, out_height)) {
        status = PF_ERR_MEMORY;
    } else {
        uint8_t *icc;
        size_t icc_size;
        int32_t color = pf_heif_color(file.primary, &icc, &icc_size);
        pf_color_to_srgb(color, icc, icc_size, out, out_stride, out_width, out_height);
        free(icc);
    }
    heif_image_release(image);
    pf_heif_close(&file);
    return status;
}

pf_status pf_heif_metadata(const uint8_t *data, size_t size, uint8_t *exif, size_t exif_capacity, size_t *exif_length,
                           char *profile, size_t profile_capacity) {
    *exif_length = 0;
    if (profile_capacity > 0) {
        profile[0] = 0;
    }
    char unavailable[256];
    if (!pf_heif_api_load(unavailable, sizeof unavailable)) {
        return PF_ERR_UNSUPPORTED;
    }
    pf_heif_file file;
    if (pf_heif_open(&file, data, size).code != heif_error_Ok) {
        pf_heif_close(&file);
        return PF_ERR_DECODER;
    }
    heif_item_id id;
    if (heif_image_handle_get_list_of_metadata_block_IDs(file.primary, "Exif", &id, 1) == 1) {
        size_t length = heif_image_handle_get_metadata_size(file.primary, id);
        uint8_t *block = length >= 4 && length <= (size_t)1 << 20 ? malloc(length) : NULL;
        if (block != NULL && heif_image_handle_get_metadata(file.primary, id, block).code == heif_error_Ok) {
            /* The block starts with the offset of the TIFF header after its first 4 bytes. */
            uint32_t skip = (uint32_t)block[0] << 24 | (uint32_t)block[1] << 16 | (uint32_t)block[2] << 8 | block[3];
            if (skip <= length - 4) {
                size_t tiff = length - 4 - skip;
                size_t copied = tiff < exif_capacity ? tiff : exif_capacity;
                memcpy(exif, block + 4 + skip, copied);
                *exif_length = copied;
            }
        }
        free(block);
    }
    uint8_t *icc;
    size_t icc_size;
    if (pf_heif_color(file.primary, &icc, &icc_size) == PF_COLOR_ICC && icc != NULL) {
        if (pf_icc_description(icc, icc_size, 0, profile, profile_capacity) != 0 && profile_capacity > 0) {
            profile[0] = 0;
        }
    } else if (profile_capacity > 0) {
        /* nclx: the primaries by name. */
        struct heif_color_profile_nclx *nclx = NULL;
        if (heif_image_handle_get_color_profile_type(file.primary) == heif_color_profile_type_nclx &&
            heif_image_handle_get_nclx_color_profile(file.primary, &nclx).code == heif_error_Ok && nclx != NULL) {
            const char *name = nclx->color_primaries == heif_color_primaries_ITU_R_BT_709_5 ? "sRGB (nclx)"
                               : nclx->color_primaries == heif_color_primaries_SMPTE_EG_432_1 ? "Display P3 (nclx)"
                               : nclx->color_primaries == heif_color_primaries_ITU_R_BT_2020_2_and_2100_0 ? "BT.2020 (nclx)"
                                                                                                      : "";
            snprintf(profile, profile_capacity, "%s", name);
        }
        heif_nclx_color_profile_free(nclx);
    }
    free(icc);
    pf_heif_close(&file);
    return PF_OK;
}
