/*
 * JPEG XL through libjxl 0.7.0, from memory (a file that ends early is NEED_MORE_INPUT,
 * reported as truncation). libjxl returns statuses. It applies the
 * codestream's orientation itself (cjxl moves a JPEG's EXIF orientation there), so the probe
 * reports the displayed size and orientation 1. An XYB (lossy) image is asked for in sRGB
 * (JxlDecoderSetPreferredColorProfile); any other is decoded in its own space and converted
 * from its ICC profile with little-cms. Animations: the first frame (coalesced on the canvas);
 * the probe counts frames from their headers without decoding pixels, up to PF_MAX_FRAMES.
 * One thread, no parallel runner. libjxl 0.7 has no downscaled decode of a complete file
 * (its progressive flush gives a DC-resolution picture of a *partial* file, still at full
 * size in memory): the image is decoded whole, then area-averaged.
 */
#include "formats_internal.h"

#include "color_conversion.h"
#include "image_size.h"
#include "jxl_api.h"
#include <stdlib.h>
#include <string.h>

static pf_status pf_jxl_failure(JxlDecoderStatus status, char *message, size_t capacity) {
    if (status == JXL_DEC_NEED_MORE_INPUT) {
        pf_set_message(message, capacity, "the JPEG XL data ends before the image is complete");
        return PF_ERR_TRUNCATED;
    }
    pf_set_message(message, capacity, "corrupt JPEG XL codestream");
    return PF_ERR_DECODER;
}

static void pf_jxl_srgb(JxlColorEncoding *encoding) {
    memset(encoding, 0, sizeof(*encoding));
    encoding->color_space = JXL_COLOR_SPACE_RGB;
    encoding->white_point = JXL_WHITE_POINT_D65;
    encoding->primaries = JXL_PRIMARIES_SRGB;
    encoding->transfer_function = JXL_TRANSFER_FUNCTION_SRGB;
    encoding->rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL;
}

static int pf_jxl_is_srgb(const JxlColorEncoding *encoding) {
    return encoding->color_space == JXL_COLOR_SPACE_GRAY ||
           (encoding->color_space == JXL_COLOR_SPACE_RGB && encoding->primaries == JXL_PRIMARIES_SRGB &&
            encoding->white_point == JXL_WHITE_POINT_D65 &&
            (encoding->transfer_function == JXL_TRANSFER_FUNCTION_SRGB ||
             encoding->transfer_function == JXL_TRANSFER_FUNCTION_709));
}

/*
 * libjxl 0.7 prints its API errors to stderr (a line such as "decode.cc:2123: invalid signature";
 * the JXL_FAILURE messages of a corrupt codestream stay silent in Debian's release build, but a
 * frame that fails prints "frame processing failed"). The signature is checked here first, so
 * bytes that are not JPEG XL at all never reach the decoder.
 */
static int pf_jxl_signature_ok(const uint8_t *data, size_t size, char *message, size_t capacity) {
    JxlSignature signature = JxlSignatureCheck(data, size);
    if (signature == JXL_SIG_CODESTREAM || signature == JXL_SIG_CONTAINER) {
        return 1;
    }
    pf_set_message(message, capacity, signature == JXL_SIG_NOT_ENOUGH_BYTES ? "the JPEG XL data ends inside its signature"
                                                                            : "not a JPEG XL signature");
    return 0;
}

pf_status pf_jxl_probe(const uint8_t *data, size_t size, pf_image_info *info, char *message, size_t capacity) {
    if (!pf_jxl_api_load(message, capacity)) {
        return PF_ERR_UNSUPPORTED;
    }
    if (!pf_jxl_signature_ok(data, size, message, capacity)) {
        return PF_ERR_DECODER;
    }
    JxlDecoder *decoder = JxlDecoderCreate(NULL);
    if (decoder == NULL) {
        return PF_ERR_MEMORY;
    }
    JxlDecoderSubscribeEvents(decoder, JXL_DEC_BASIC_INFO | JXL_DEC_FRAME);
    /* The input is not closed: libjxl 0.7 prints API errors (as "missing input" after a closed
     * input) to stderr, so the end of the data is NEED_MORE_INPUT, which is ours to report. */
    JxlDecoderSetInput(decoder, data, size);
    pf_status result = PF_OK;
    int32_t frames = 0, have_info = 0;
    for (;;) {
        JxlDecoderStatus status = JxlDecoderProcessInput(decoder);
        if (status == JXL_DEC_BASIC_INFO) {
            JxlBasicInfo basic;
            if (JxlDecoderGetBasicInfo(decoder, &basic) != JXL_DEC_SUCCESS ||
                !pf_size_is_sane(basic.xsize, basic.ysize)) {
                pf_set_message(message, capacity, "the JPEG XL image size is out of range");
                result = PF_ERR_DECODER;
                break;
            }
            int swap = basic.orientation >= JXL_ORIENT_TRANSPOSE;
            info->width = (int32_t)(swap ? basic.ysize : basic.xsize);
            info->height = (int32_t)(swap ? basic.xsize : basic.ysize);
            info->bit_depth = (int32_t)basic.bits_per_sample;
            info->has_alpha = basic.alpha_bits > 0;
            have_info = 1;
            if (!basic.have_animation) {
                break;
            }
        } else if (status == JXL_DEC_FRAME) {
            if (++frames >= PF_MAX_FRAMES) {
                break;
            }
        } else if (status == JXL_DEC_SUCCESS) {
            break;
        } else {
            /* A frame walk that fails after the header keeps the frames it counted. */
            if (!have_info) {
                result = pf_jxl_failure(status, message, capacity);
            }
            break;
        }
    }
    info->frame_count = frames > 1 ? frames : 1;
    JxlDecoderDestroy(decoder);
    return result;
}

/* After the colour event: ask for sRGB, or fetch the ICC profile to convert from (*icc NULL: none needed). */
static void pf_jxl_color(JxlDecoder *decoder, uint8_t **icc, size_t *icc_size) {
    *icc = NULL;
    *icc_size = 0;
    JxlColorEncoding encoding;
    pf_jxl_srgb(&encoding);
    if (JxlDecoderSetPreferredColorProfile(decoder, &encoding) == JXL_DEC_SUCCESS) {
        return;
    }
    if (JxlDecoderGetColorAsEncodedProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) ==
            JXL_DEC_SUCCESS &&
        pf_jxl_is_srgb(&encoding)) {
        return;
    }
    size_t size = 0;
    if (JxlDecoderGetICCProfileSize(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &size) != JXL_DEC_SUCCESS ||
        size == 0 || size > 16 * 1024 * 1024 || (*icc = malloc(size)) == NULL) {
        return;
    }
    if (JxlDecoderGetColorAsICCProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, *icc, size) != JXL_DEC_SUCCESS) {
        free(*icc);
        *icc = NULL;
        return;
    }
    *icc_size = size;
}

pf_status pf_jxl_decode(const uint8_t *data, size_t size, int32_t reduce, int32_t use_thumbnail, uint8_t *out,
                        size_t out_stride, int32_t out_width, int32_t out_height, char *message, size_t capacity) {
    (void)use_thumbnail;
    if (!pf_jxl_api_load(message, capacity)) {
        return PF_ERR_UNSUPPORTED;
    }
    if (!pf_jxl_signature_ok(data, size, message, capacity)) {
        return PF_ERR_DECODER;
    }
    JxlDecoder *decoder = JxlDecoderCreate(NULL);
    if (decoder == NULL) {
        return PF_ERR_MEMORY;
    }
    JxlDecoderSubscribeEvents(decoder, JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING | JXL_DEC_FULL_IMAGE);
    /* The input is not closed: libjxl 0.7 prints API errors (as "missing input" after a closed
     * input) to stderr, so the end of the data is NEED_MORE_INPUT, which is ours to report. */
    JxlDecoderSetInput(decoder, data, size);
    JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    uint8_t *pixels = NULL, *icc = NULL;
    size_t icc_size = 0;
    int32_t width = 0, height = 0;
    pf_status result = PF_OK;
    int done = 0;
    while (!done) {
        JxlDecoderStatus status = JxlDecoderProcessInput(decoder);
        switch (status) {
        case JXL_DEC_BASIC_INFO: {
            JxlBasicInfo basic;
            int swap;
            if (JxlDecoderGetBasicInfo(decoder, &basic) != JXL_DEC_SUCCESS ||
                !pf_size_is_sane(basic.xsize, basic.ysize)) {
                result = PF_ERR_DECODER;
                done = 1;
                break;
            }
            swap = basic.orientation >= JXL_ORIENT_TRANSPOSE;
            width = (int32_t)(swap ? basic.ysize : basic.xsize);
            height = (int32_t)(swap ? basic.xsize : basic.ysize);
            if (!pf_reduced_size_matches(width, height, reduce, out_width, out_height)) {
                pf_set_message(message, capacity, "output size does not match the JPEG XL's");
                result = PF_ERR_ARGUMENT;
                done = 1;
            }
            break;
        }
        case JXL_DEC_COLOR_ENCODING:
            pf_jxl_color(decoder, &icc, &icc_size);
            break;
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER: {
            size_t needed = 0;
            if (JxlDecoderImageOutBufferSize(decoder, &format, &needed) != JXL_DEC_SUCCESS ||
                needed != (size_t)width * (size_t)height * 4 || pixels != NULL || (pixels = malloc(needed)) == NULL ||
                JxlDecoderSetImageOutBuffer(decoder, &format, pixels, needed) != JXL_DEC_SUCCESS) {
                pf_set_message(message, capacity, "the JPEG XL frame differs from its header");
                result = PF_ERR_DECODER;
                done = 1;
            }
            break;
        }
        case JXL_DEC_FULL_IMAGE:
        case JXL_DEC_SUCCESS:
            if (pixels == NULL) {
                pf_set_message(message, capacity, "the JPEG XL file has no image");
                result = PF_ERR_DECODER;
            } else if (!pf_reduce_into(pixels, (size_t)width * 4, width, height, reduce, out, out_stride, out_width,
                                       out_height)) {
                result = PF_ERR_MEMORY;
            } else if (icc != NULL) {
                pf_color_to_srgb(PF_COLOR_ICC, icc, icc_size, out, out_stride, out_width, out_height);
            }
            done = 1;
            break;
        default:
            result = pf_jxl_failure(status, message, capacity);
            done = 1;
            break;
        }
    }
    free(pixels);
    free(icc);
    JxlDecoderDestroy(decoder);
    return result;
}
