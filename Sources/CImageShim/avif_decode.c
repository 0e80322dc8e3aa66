/*
 * AVIF through libavif 0.11.1 (with dav1d, libaom or libgav1 behind it; Debian builds all).
 * libavif returns avifResult codes. Its limits are set per decoder: PF_MAX_DECODE_PIXELS per
 * frame (dav1d enforces it too), 32,768 pixels a side, PF_MAX_FRAMES images in a sequence; one
 * thread (the pipeline decodes one image per core). The first image of a sequence only.
 * libavif 0.11 applies no transform itself: the shim crops to the clean aperture (clap) as libheif
 * does, its corner rounded down (libavif's avifCropRectConvertCleanApertureBox refuses an odd offset
 * in subsampled chroma, which the sample files' encoders wrote; a clap whose fractions are not
 * positive or that leaves the image is ignored), and the probe turns irot/imir into the equivalent EXIF orientation for the caller (the order
 * ISO 23008-12 gives: clap, then irot, then imir). EXIF orientation inside
 * the file is not read: irot/imir are the authority in HEIF-based files, and honouring both
 * would turn a photo twice. 10- and 12-bit images are converted to 8 bits by
 * avifImageYUVToRGB; colour from an ICC profile or CICP primaries is converted to sRGB.
 *
 * A file libavif 0.11 cannot parse (AVIF_RESULT_BMFF_PARSE_FAILED: e.g. the two `ipma` boxes
 * older encoders wrote, which ISO 23008-12 forbids but browsers, libheif and ImageMagick read)
 * goes to libheif instead (pf_avif_parse_refused): Debian's libheif 1.15 decodes AV1 through
 * its dav1d and libaom plugins, applying irot/imir/clap itself (so the orientation it reports
 * is 1) and decoding the alpha plane. The avif-sample-images conformance suite holds such files.
 */
#include "formats_internal.h"

#include "color_conversion.h"
#include "image_size.h"
#include "avif_api.h"
#include <string.h>

#define PF_AVIF_MAX_SIDE 32768

/* EXIF orientation for irot (anti-clockwise quarter turns) followed by imir (0: top-bottom, 1: left-right). */
static int32_t pf_avif_orientation(const avifImage *image) {
    static const int32_t table[4][3] = {{1, 4, 2}, {8, 5, 7}, {3, 2, 4}, {6, 7, 5}};
    int angle = (image->transformFlags & AVIF_TRANSFORM_IROT) ? image->irot.angle & 3 : 0;
    int mirror = (image->transformFlags & AVIF_TRANSFORM_IMIR) ? 1 + (image->imir.mode & 1) : 0;
    return table[angle][mirror];
}

static pf_status pf_avif_failure(avifResult result, char *message, size_t capacity) {
    pf_set_message(message, capacity, avifResultToString(result));
    switch (result) {
    case AVIF_RESULT_TRUNCATED_DATA: return PF_ERR_TRUNCATED;
    case AVIF_RESULT_OUT_OF_MEMORY: return PF_ERR_MEMORY;
    case AVIF_RESULT_NO_CODEC_AVAILABLE:
    case AVIF_RESULT_NOT_IMPLEMENTED: return PF_ERR_UNSUPPORTED;
    default: return PF_ERR_DECODER;
    }
}

/* A decoder parsed over data; its Exif item is read only when keep_exif (the info panel). */
static avifDecoder *pf_avif_open(const uint8_t *data, size_t size, int keep_exif, avifResult *result) {
    avifDecoder *decoder = avifDecoderCreate();
    if (decoder == NULL) {
        *result = AVIF_RESULT_OUT_OF_MEMORY;
        return NULL;
    }
    decoder->maxThreads = 1;
    decoder->imageSizeLimit = PF_MAX_DECODE_PIXELS;
    decoder->imageDimensionLimit = PF_AVIF_MAX_SIDE;
    decoder->imageCountLimit = PF_MAX_FRAMES;
    decoder->ignoreExif = keep_exif ? AVIF_FALSE : AVIF_TRUE;
    decoder->ignoreXMP = AVIF_TRUE;
    /* Browsers accept files strict mode refuses (a missing pixi, a clap off by one). */
    decoder->strictFlags = AVIF_STRICT_DISABLED;
    *result = avifDecoderSetIOMemory(decoder, data, size);
    if (*result == AVIF_RESULT_OK) {
        *result = avifDecoderParse(decoder);
    }
    if (*result == AVIF_RESULT_OK && !pf_size_is_sane(decoder->image->width, decoder->image->height)) {
        *result = AVIF_RESULT_INVALID_IMAGE_GRID;
    }
    if (*result != AVIF_RESULT_OK) {
        avifDecoderDestroy(decoder);
        return NULL;
    }
    return decoder;
}

/* Whether libavif refused the container itself, so libheif should read the file instead. */
static int pf_avif_parse_refused(avifResult result) { return result == AVIF_RESULT_BMFF_PARSE_FAILED; }

/* The clean aperture as a crop rectangle; the whole image when there is none or it is unusable. */
static avifCropRect pf_avif_crop(const avifImage *image) {
    avifCropRect rect = {0, 0, image->width, image->height};
    const avifCleanApertureBox *clap = &image->clap;
    if (!(image->transformFlags & AVIF_TRANSFORM_CLAP) || clap->widthD == 0 || clap->heightD == 0 ||
        clap->horizOffD == 0 || clap->vertOffD == 0) {
        return rect;
    }
    int64_t width = (int64_t)clap->widthN / clap->widthD;
    int64_t height = (int64_t)clap->heightN / clap->heightD;
    /* The centre is the image's plus the offsets (signed fractions); the corner is rounded down. */
    int64_t horizontal = (int32_t)clap->horizOffN, horizontal_d = (int64_t)clap->horizOffD;
    int64_t vertical = (int32_t)clap->vertOffN, vertical_d = (int64_t)clap->vertOffD;
    int64_t x_twice = ((int64_t)image->width - width) * horizontal_d + 2 * horizontal;
    int64_t y_twice = ((int64_t)image->height - height) * vertical_d + 2 * vertical;
    int64_t x = x_twice >= 0 ? x_twice / (2 * horizontal_d) : -((-x_twice + 2 * horizontal_d - 1) / (2 * horizontal_d));
    int64_t y = y_twice >= 0 ? y_twice / (2 * vertical_d) : -((-y_twice + 2 * vertical_d - 1) / (2 * vertical_d));
    if (width < 1 || height < 1 || x < 0 || y < 0 || x + width > image->width || y + height > image->height) {
        return rect;
    }
    rect.x = (uint32_t)x;
    rect.y = (uint32_t)y;
    rect.width = (uint32_t)width;
    rect.height = (uint32_t)height;
    return rect;
}

static int32_t pf_avif_color(const avifImage *image) {
    if (image->icc.size > 0) {
        return PF_COLOR_ICC;
    }
    return pf_color_from_cicp(image->colorPrimaries, image->transferCharacteristics);
}

pf_status pf_avif_probe(const uint8_t *data, size_t size, pf_image_info *info, char *message, size_t capacity) {
    if (!pf_avif_api_load(message, capacity)) {
        return PF_ERR_UNSUPPORTED;
    }
    avifResult result;
    avifDecoder *decoder = pf_avif_open(data, size, 0, &result);
    if (decoder == NULL && pf_avif_parse_refused(result)) {
        return pf_heif_probe(data, size, info, message, capacity);
    }
    if (decoder == NULL) {
        return pf_avif_failure(result, message, capacity);
    }
    const avifImage *image = decoder->image;
    avifCropRect crop = pf_avif_crop(image);
    info->width = (int32_t)crop.width;
    info->height = (int32_t)crop.height;
    info->orientation = pf_avif_orientation(image);
    info->frame_count = decoder->imageCount > 0 ? decoder->imageCount : 1;
    info->bit_depth = (int32_t)image->depth;
    info->has_alpha = decoder->alphaPresent;
    info->color = pf_avif_color(image);
    avifDecoderDestroy(decoder);
    return PF_OK;
}

pf_status pf_avif_decode(const uint8_t *data, size_t size, int32_t reduce, int32_t use_thumbnail, uint8_t *out,
                         size_t out_stride, int32_t out_width, int32_t out_height, char *message, size_t capacity) {
    if (!pf_avif_api_load(message, capacity)) {
        return PF_ERR_UNSUPPORTED;
    }
    (void)use_thumbnail;
    avifResult result;
    avifDecoder *decoder = pf_avif_open(data, size, 0, &result);
    if (decoder == NULL && pf_avif_parse_refused(result)) {
        /* The probe went to libheif too, so a thumbnail it reported is libheif's to decode. */
        return pf_heif_decode(data, size, reduce, use_thumbnail, out, out_stride, out_width, out_height, message,
                              capacity);
    }
    if (decoder == NULL) {
        return pf_avif_failure(result, message, capacity);
    }
    result = avifDecoderNextImage(decoder);
    if (result != AVIF_RESULT_OK) {
        avifDecoderDestroy(decoder);
        return pf_avif_failure(result, message, capacity);
    }
    avifImage *image = decoder->image;
    avifCropRect crop = pf_avif_crop(image);
    if (!pf_reduced_size_matches((int32_t)crop.width, (int32_t)crop.height, reduce, out_width, out_height)) {
        avifDecoderDestroy(decoder);
        pf_set_message(message, capacity, "the decoded AVIF differs in size from its header");
        return PF_ERR_DECODER;
    }
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    pf_status status = PF_OK;
    avifRGBImageAllocatePixels(&rgb);
    if (rgb.pixels == NULL) {
        status = PF_ERR_MEMORY;
    } else if ((result = avifImageYUVToRGB(image, &rgb)) != AVIF_RESULT_OK) {
        status = pf_avif_failure(result, message, capacity);
    } else if (!pf_reduce_into(rgb.pixels + (size_t)crop.y * rgb.rowBytes + (size_t)crop.x * 4, rgb.rowBytes,
                               (int32_t)crop.width, (int32_t)crop.height, reduce, out, out_stride, out_width,
                               out_height)) {
        status = PF_ERR_MEMORY;
    } else {
        pf_color_to_srgb(pf_avif_color(image), image->icc.data, image->icc.size, out, out_stride, out_width,
                         out_height);
    }
    avifRGBImageFreePixels(&rgb);
    avifDecoderDestroy(decoder);
    return status;
}

pf_status pf_avif_metadata(const uint8_t *data, size_t size, uint8_t *exif, size_t exif_capacity, size_t *exif_length,
                           char *profile, size_t profile_capacity) {
    *exif_length = 0;
    if (profile_capacity > 0) {
        profile[0] = 0;
    }
    char unavailable[256];
    if (!pf_avif_api_load(unavailable, sizeof unavailable)) {
        return PF_ERR_UNSUPPORTED;
    }
    avifResult result;
    avifDecoder *decoder = pf_avif_open(data, size, 1, &result);
    if (decoder == NULL && pf_avif_parse_refused(result)) {
        return pf_heif_metadata(data, size, exif, exif_capacity, exif_length, profile, profile_capacity);
    }
    if (decoder == NULL) {
        return result == AVIF_RESULT_OUT_OF_MEMORY ? PF_ERR_MEMORY : PF_ERR_DECODER;
    }
    const avifImage *image = decoder->image;
    const uint8_t *tiff = image->exif.data;
    size_t length = image->exif.size;
    /* The TIFF header as it is, or after the Exif item's 4-byte offset, or after "Exif\0\0". */
    if (tiff != NULL && length >= 6 && memcmp(tiff, "Exif\0\0", 6) == 0) {
        tiff += 6;
        length -= 6;
    } else if (tiff != NULL && length >= 8 && !(memcmp(tiff, "II*\0", 4) == 0 || memcmp(tiff, "MM\0*", 4) == 0)) {
        uint32_t skip = (uint32_t)tiff[0] << 24 | (uint32_t)tiff[1] << 16 | (uint32_t)tiff[2] << 8 | tiff[3];
        if (skip <= length - 4) {
            tiff += 4 + skip;
            length -= 4 + skip;
        } else {
            length = 0;
        }
    }
    if (tiff != NULL && length > 0) {
        size_t copied = length < exif_capacity ? length : exif_capacity;
        memcpy(exif, tiff, copied);
        *exif_length = copied;
    }
    if (image->icc.size > 0 && profile_capacity > 0) {
        if (pf_icc_description(image->icc.data, image->icc.size, 0, profile, profile_capacity) != 0) {
            profile[0] = 0;
        }
    }
    avifDecoderDestroy(decoder);
    return PF_OK;
}
