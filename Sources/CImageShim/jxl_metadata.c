/*
 * A JPEG XL file's EXIF and colour profile's name through libjxl 0.7's box API, for the info
 * panel. The container's "Exif" box, or a "brob" box holding one (Brotli-compressed; libjxl
 * decompresses it, JxlDecoderSetDecompressBoxes), is copied into a buffer of at most
 * PF_JXL_MAX_EXIF bytes: a larger box (raw or once decompressed) is no EXIF, and the walk stops
 * there rather than inflate the rest of a Brotli bomb. The box starts with a big-endian offset
 * of the TIFF header after its first 4 bytes; an offset past the box is no EXIF. The colour is
 * the codestream's original encoding: an attached ICC profile by its own description (little-cms),
 * an encoded one by name ("sRGB", "Display P3", "sRGB primaries, gamma 2.20"), else the
 * description of the ICC profile libjxl synthesises for it. No pixels are decoded. A bare
 * codestream has no boxes: colour only.
 */
#include "shim_internal.h"

#include "jxl_api.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest Exif box accepted (its TIFF structure is then cut to the caller's capacity). */
#define PF_JXL_MAX_EXIF ((size_t)1 << 20)
/* The largest ICC profile read (as pf_icc_description's limit). */
#define PF_JXL_MAX_ICC ((size_t)4 << 20)

/* An encoded (enum) colour space by name into out ("sRGB", "Display P3", "sRGB primaries, gamma
 * 2.20"); 0 when it has no common one (custom primaries or white point). */
static int pf_jxl_encoding_name(const JxlColorEncoding *encoding, char *out, size_t capacity) {
    JxlTransferFunction transfer = encoding->transfer_function;
    if (encoding->color_space == JXL_COLOR_SPACE_GRAY) {
        snprintf(out, capacity, "%s", transfer == JXL_TRANSFER_FUNCTION_LINEAR ? "Linear gray" : "Gray");
        return 1;
    }
    if (encoding->color_space != JXL_COLOR_SPACE_RGB || encoding->white_point != JXL_WHITE_POINT_D65) {
        return 0;
    }
    const char *primaries = encoding->primaries == JXL_PRIMARIES_SRGB   ? "sRGB"
                            : encoding->primaries == JXL_PRIMARIES_P3   ? "Display P3"
                            : encoding->primaries == JXL_PRIMARIES_2100 ? "BT.2020"
                                                                        : NULL;
    if (primaries == NULL) {
        return 0;
    }
    if (transfer == JXL_TRANSFER_FUNCTION_SRGB) {
        snprintf(out, capacity, "%s", primaries);
    } else if (transfer == JXL_TRANSFER_FUNCTION_LINEAR) {
        snprintf(out, capacity, "Linear %s", primaries);
    } else if (transfer == JXL_TRANSFER_FUNCTION_PQ || transfer == JXL_TRANSFER_FUNCTION_HLG) {
        snprintf(out, capacity, "%s %s", primaries, transfer == JXL_TRANSFER_FUNCTION_PQ ? "PQ" : "HLG");
    } else if (transfer == JXL_TRANSFER_FUNCTION_709) {
        snprintf(out, capacity, "%s primaries, BT.709 curve", primaries);
    } else if (transfer == JXL_TRANSFER_FUNCTION_GAMMA && encoding->gamma > 0.01 && encoding->gamma <= 1) {
        snprintf(out, capacity, "%s primaries, gamma %.2f", primaries, 1.0 / encoding->gamma);
    } else {
        return 0;
    }
    return 1;
}

/* After the colour event: the original profile's name into profile (left empty when none). */
static void pf_jxl_profile_name(JxlDecoder *decoder, char *profile, size_t capacity) {
    JxlColorEncoding encoding;
    if (JxlDecoderGetColorAsEncodedProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &encoding) ==
        JXL_DEC_SUCCESS) {
        if (pf_jxl_encoding_name(&encoding, profile, capacity)) {
            return;
        }
    }
    size_t size = 0;
    if (JxlDecoderGetICCProfileSize(decoder, NULL, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &size) != JXL_DEC_SUCCESS ||
        size == 0 || size > PF_JXL_MAX_ICC) {
        return;
    }
    uint8_t *icc = malloc(size);
    if (icc != NULL &&
        JxlDecoderGetColorAsICCProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_ORIGINAL, icc, size) == JXL_DEC_SUCCESS &&
        pf_icc_description(icc, size, 0, profile, capacity) != 0) {
        profile[0] = 0;
    }
    free(icc);
}

/* The TIFF structure of a complete Exif box's payload into exif (at most capacity bytes). */
static size_t pf_jxl_copy_exif(const uint8_t *box, size_t length, uint8_t *exif, size_t capacity) {
    if (length < 4) {
        return 0;
    }
    uint32_t skip = (uint32_t)box[0] << 24 | (uint32_t)box[1] << 16 | (uint32_t)box[2] << 8 | box[3];
    if (skip > length - 4) {
        return 0;
    }
    size_t tiff = length - 4 - skip;
    size_t copied = tiff < capacity ? tiff : capacity;
    memcpy(exif, box + 4 + skip, copied);
    return copied;
}

/* Whether the container's top-level boxes end exactly at the end of the data (at most 4096 looked at). */
static int pf_jxl_boxes_whole(const uint8_t *data, size_t size) {
    size_t offset = 0;
    for (int count = 0; count < 4096; count++) {
        if (offset == size) {
            return 1;
        }
        if (size - offset < 8) {
            return 0;
        }
        const uint8_t *box = data + offset;
        uint64_t length = (uint64_t)box[0] << 24 | (uint64_t)box[1] << 16 | (uint64_t)box[2] << 8 | box[3];
        uint64_t header = 8;
        if (length == 0) {
            return 1; /* the last box runs to the end */
        }
        if (length == 1) {
            if (size - offset < 16) {
                return 0;
            }
            length = 0;
            for (int i = 8; i < 16; i++) {
                length = length << 8 | box[i];
            }
            header = 16;
        }
        if (length < header || length > size - offset) {
            return 0;
        }
        offset += (size_t)length;
    }
    return 0;
}

pf_status pf_jxl_metadata(const uint8_t *data, size_t size, uint8_t *exif, size_t exif_capacity, size_t *exif_length,
                          char *profile, size_t profile_capacity) {
    *exif_length = 0;
    if (profile_capacity > 0) {
        profile[0] = 0;
    }
    char unavailable[256];
    if (!pf_jxl_api_load(unavailable, sizeof unavailable)) {
        return PF_ERR_UNSUPPORTED;
    }
    JxlSignature signature = JxlSignatureCheck(data, size);
    if (signature != JXL_SIG_CODESTREAM && signature != JXL_SIG_CONTAINER) {
        return PF_ERR_DECODER;
    }
    JxlDecoder *decoder = JxlDecoderCreate(NULL);
    if (decoder == NULL) {
        return PF_ERR_MEMORY;
    }
    uint8_t *box = NULL; /* PF_JXL_MAX_EXIF bytes, once an Exif box is found */
    int events = JXL_DEC_COLOR_ENCODING;
    /* Without Brotli in libjxl a "brob" box stays compressed: its type is then "brob", never "Exif". */
    JxlDecoderSetDecompressBoxes(decoder, JXL_TRUE);
    if (signature == JXL_SIG_CONTAINER) {
        events |= JXL_DEC_BOX;
    }
    JxlDecoderSubscribeEvents(decoder, events);
    /* The input is not closed (libjxl 0.7 prints API errors after a closed input to stderr): the
     * end of the data is NEED_MORE_INPUT, which ends the walk; a box cut there is dropped (an Exif
     * box that is the file's whole last box is finished by closing the input, below). */
    JxlDecoderSetInput(decoder, data, size);
    pf_status result = PF_OK;
    int reading_exif = 0, have_exif = 0, have_color = 0, closed = 0;
    for (int steps = 0; steps < 4096; steps++) {
        JxlDecoderStatus status = JxlDecoderProcessInput(decoder);
        if (status == JXL_DEC_NEED_MORE_INPUT && reading_exif && !closed && pf_jxl_boxes_whole(data, size)) {
            /* The data ends right after the Exif box (the file's last box): closed, the input lets
             * libjxl finish it. Only when every box is whole: libjxl 0.7 prints "missing input"
             * to stderr for a box cut by a closed input. */
            JxlDecoderCloseInput(decoder);
            closed = 1;
            status = JxlDecoderProcessInput(decoder);
        }
        if (reading_exif && (status == JXL_DEC_BOX || status == JXL_DEC_SUCCESS)) {
            size_t unused = JxlDecoderReleaseBoxBuffer(decoder);
            *exif_length = pf_jxl_copy_exif(box, PF_JXL_MAX_EXIF - unused, exif, exif_capacity);
            reading_exif = 0;
            have_exif = 1;
        }
        if (status == JXL_DEC_COLOR_ENCODING) {
            if (profile_capacity > 0) {
                pf_jxl_profile_name(decoder, profile, profile_capacity);
            }
            have_color = 1;
            if (have_exif || signature != JXL_SIG_CONTAINER) {
                break;
            }
        } else if (status == JXL_DEC_BOX) {
            if (have_exif) {
                if (have_color) {
                    break;
                }
                continue;
            }
            JxlBoxType type;
            uint64_t raw_size = 0;
            if (JxlDecoderGetBoxType(decoder, type, JXL_TRUE) == JXL_DEC_SUCCESS && memcmp(type, "Exif", 4) == 0 &&
                JxlDecoderGetBoxSizeRaw(decoder, &raw_size) == JXL_DEC_SUCCESS && raw_size <= PF_JXL_MAX_EXIF &&
                (box != NULL || (box = malloc(PF_JXL_MAX_EXIF)) != NULL) &&
                JxlDecoderSetBoxBuffer(decoder, box, PF_JXL_MAX_EXIF) == JXL_DEC_SUCCESS) {
                reading_exif = 1;
            }
        } else if (status == JXL_DEC_BOX_NEED_MORE_OUTPUT) {
            /* Decompressed past the limit: no EXIF, and no more Brotli. */
            JxlDecoderReleaseBoxBuffer(decoder);
            reading_exif = 0;
            break;
        } else if (status == JXL_DEC_SUCCESS || status == JXL_DEC_NEED_MORE_INPUT) {
            break;
        } else {
            /* A corrupt codestream or box: what was read before it stays. */
            if (!have_color && !have_exif) {
                result = PF_ERR_DECODER;
            }
            break;
        }
    }
    if (reading_exif) {
        JxlDecoderReleaseBoxBuffer(decoder);
    }
    JxlDecoderDestroy(decoder);
    free(box);
    return result;
}
