#ifndef IMAGE_SHIM_H
#define IMAGE_SHIM_H

/*
 * A thin, reentrant wrapper around libjpeg(-turbo) and libpng.
 *
 * Every entry point reads from a memory buffer the caller owns and writes into
 * a buffer the caller owns (or into a pf_buffer it frees with pf_buffer_free).
 * Library errors come back as a pf_status plus a message; nothing here calls
 * exit(), prints to stderr, or keeps global mutable state, so any number of
 * threads may call in at once.
 *
 * Decoding is two-step: a probe reads the header only, the caller checks the
 * pixel limit and allocates, then decode fills the caller's buffer.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The outcome of a shim call. */
typedef enum pf_status {
    PF_OK = 0,
    /** The data ends before the image does. */
    PF_ERR_TRUNCATED = 1,
    /** The library rejected the data; the message says why. */
    PF_ERR_DECODER = 2,
    /** A valid image of a kind the shim does not handle (e.g. 2-component JPEG). */
    PF_ERR_UNSUPPORTED = 3,
    /** The caller's arguments do not match the image (buffer too small, bad size). */
    PF_ERR_ARGUMENT = 4,
    /** Out of memory. */
    PF_ERR_MEMORY = 5,
    /** The encoder failed. */
    PF_ERR_ENCODER = 6,
    /** A resource limit (memory cap, decoding work budget) ended the call; the message says which. */
    PF_ERR_LIMIT = 7
} pf_status;

/** Room for a library message, including the terminating NUL. */
#define PF_MESSAGE_CAPACITY 256

/** A growable output buffer owned by the shim until pf_buffer_free. */
typedef struct pf_buffer {
    uint8_t *data;
    size_t size;
    size_t capacity;
} pf_buffer;

/** Frees the bytes of a buffer filled by an encoder and zeroes it. */
void pf_buffer_free(pf_buffer *buffer);

/* ---------------------------------------------------------------- JPEG --- */

/** The colour model of a JPEG's stored components. */
typedef enum pf_jpeg_color {
    PF_JPEG_GRAY = 1,
    PF_JPEG_RGB = 2,   /* YCbCr or RGB, 3 components */
    PF_JPEG_CMYK = 3,
    PF_JPEG_YCCK = 4
} pf_jpeg_color;

/** What a JPEG header says. */
typedef struct pf_jpeg_info {
    int32_t width;
    int32_t height;
    int32_t components;
    /** A pf_jpeg_color value. */
    int32_t color;
    /** 1 when the frame is progressive (SOF2). */
    int32_t progressive;
    /** 1 when an Adobe APP14 marker was seen (CMYK stored inverted). */
    int32_t saw_adobe_marker;
    /** Bytes in the first APP1 "Exif\0\0" payload (TIFF data); 0 when none. */
    size_t exif_length;
} pf_jpeg_info;

/**
 * Reads the JPEG header (no pixels). Copies up to exif_capacity bytes of the
 * first Exif APP1 payload (after "Exif\0\0") into exif when it is non-NULL.
 */
pf_status pf_jpeg_probe(const uint8_t *data, size_t size,
                        pf_jpeg_info *info,
                        uint8_t *exif, size_t exif_capacity,
                        char *message, size_t message_capacity);

/**
 * Decodes at 1/scale_denom (1, 2, 4 or 8) into RGBA8 rows of out_stride bytes.
 * out_width × out_height must equal the scaled size (ceil(width / scale)).
 * CMYK and YCCK are converted to RGB (Adobe-inverted when the marker says so).
 * A file that ends early is PF_ERR_TRUNCATED, never a gray-padded image.
 */
pf_status pf_jpeg_decode(const uint8_t *data, size_t size, int32_t scale_denom,
                         uint8_t *out, size_t out_stride,
                         int32_t out_width, int32_t out_height,
                         char *message, size_t message_capacity);

/**
 * What a damaged file gave when decoded as far as it goes (the *_tolerant decoders): a file
 * cut short or corrupt in its image data is drawn up to the damage instead of refused.
 * Rows are the output's (after scaling and reduction), top to bottom as stored.
 */
typedef struct pf_damage {
    /** 1 when the data was damaged and the decode went on past it (the message says how). */
    int32_t damaged;
    /** 1 when the data ends early (the rows below decoded_rows are grey), 0 when it is corrupt. */
    int32_t truncated;
    /** Rows drawn from the file's data before the damage, of the output's height. */
    int32_t decoded_rows;
    /** Progressive JPEG: the scan the damage is in (1-based); every row is drawn as of the scans
     * before it when it is not the first. 0 for other files. */
    int32_t scan;
} pf_damage;

/** The grey drawn where a damaged file has no data, as browsers do (R = G = B). */
#define PF_DAMAGE_GREY 128

/** The memory libjpeg may allocate for one decode when the caller gives 0 (64 MB). */
#define PF_JPEG_DEFAULT_MAX_MEMORY ((size_t)64 * 1024 * 1024)

/**
 * Decodes at 1/scale_denom, then area-averages reduce×reduce blocks of the
 * scaled scanlines as they arrive (reduce 1: none), so memory is the output
 * plus a row. out_width × out_height must be ceil(ceil(width / scale) / reduce).
 * libjpeg's own allocations are capped at max_memory (0: the default); a file
 * that needs more, or whose scans would decode every block more than 16
 * times, fails with PF_ERR_LIMIT before the work is done.
 */
pf_status pf_jpeg_decode_reduced(const uint8_t *data, size_t size, int32_t scale_denom, int32_t reduce,
                                 size_t max_memory,
                                 uint8_t *out, size_t out_stride,
                                 int32_t out_width, int32_t out_height,
                                 char *message, size_t message_capacity);

/**
 * pf_jpeg_decode_reduced that goes on past damage: libjpeg's warnings (corrupt data, a
 * premature end, which it fills with an EOI marker) are not errors while rows come out. With
 * damage NULL it is pf_jpeg_decode_reduced. Otherwise *damage says what happened: a file cut
 * short draws the rows before the cut (baseline, or a progressive file cut in its first scan)
 * and grey below; a progressive file cut in a later scan draws every row as of the scans
 * before (libjpeg's coefficients so far); corrupt data draws what libjpeg resynchronises to,
 * decoded_rows counting the rows before the first warning. A file cut before any row (or
 * before its header ends) is still PF_ERR_TRUNCATED, and every limit holds as for a whole
 * decode. The message holds the reason when *damage says damaged.
 */
pf_status pf_jpeg_decode_tolerant(const uint8_t *data, size_t size, int32_t scale_denom, int32_t reduce,
                                  size_t max_memory,
                                  uint8_t *out, size_t out_stride,
                                  int32_t out_width, int32_t out_height,
                                  pf_damage *damage,
                                  char *message, size_t message_capacity);

/**
 * A HEIF/HEIC file's EXIF (the TIFF structure of its Exif metadata block, at most exif_capacity
 * bytes copied, *exif_length set; 0 when none) and its colour profile's name (an ICC profile's
 * description, or the nclx primaries by name; empty when none). PF_OK unless the file cannot
 * be opened.
 */
pf_status pf_heif_metadata(const uint8_t *data, size_t size, uint8_t *exif, size_t exif_capacity, size_t *exif_length,
                           char *profile, size_t profile_capacity);

/** An AVIF file's EXIF (its Exif item's TIFF structure) and ICC profile name, as pf_heif_metadata. */
pf_status pf_avif_metadata(const uint8_t *data, size_t size, uint8_t *exif, size_t exif_capacity, size_t *exif_length,
                           char *profile, size_t profile_capacity);

/**
 * A JPEG XL file's EXIF (the TIFF structure of its container's "Exif" box, or of a Brotli-compressed
 * "brob" one; a box over 1 MiB is none) and its colour profile's name (an attached ICC profile's
 * description, or the encoded colour space by name), as pf_heif_metadata. PF_ERR_DECODER when the
 * file is no JPEG XL or fails before anything was read.
 */
pf_status pf_jxl_metadata(const uint8_t *data, size_t size, uint8_t *exif, size_t exif_capacity, size_t *exif_length,
                          char *profile, size_t profile_capacity);

/**
 * The description of an ICC profile (its 'desc' tag, read by little-cms) into out, at most
 * capacity bytes with the terminating zero; compressed: the bytes are a zlib stream (a PNG
 * iCCP chunk's). At most 4 MiB of profile. 0 on success, -1 when there is no readable profile.
 */
int pf_icc_description(const uint8_t *icc, size_t size, int compressed, char *out, size_t capacity);

/**
 * Decodes the region x, y, out_width × out_height of the JPEG scaled to 1/scale_denom (the
 * region in scaled pixels, inside the scaled image) into RGBA8 rows of out_stride bytes:
 * rows above it are skipped, columns outside its iMCUs are not decoded, rows below it are
 * never read. Memory is libjpeg's (capped at max_memory, 0: the default) plus one scaled row.
 */
pf_status pf_jpeg_decode_region(const uint8_t *data, size_t size, int32_t scale_denom,
                                int32_t x, int32_t y, size_t max_memory,
                                uint8_t *out, size_t out_stride,
                                int32_t out_width, int32_t out_height,
                                char *message, size_t message_capacity);

/**
 * Decodes the prefix of a progressive JPEG received so far (buffered-image mode), as of its
 * last complete scan, at 1/scale_denom then area-averaged by reduce (sizes as for
 * pf_jpeg_decode_reduced). *scan is the number of that scan (1-based), or 0 when the prefix
 * holds no complete scan yet (or not even the whole header): out is then unspecified.
 * *coarse is 1 while no AC coefficient of the first component (luma) has arrived: the image
 * holds each 8×8 block's average only, as sharp as one an eighth of its size. A
 * baseline (sequential) JPEG is PF_ERR_UNSUPPORTED; corrupt data is PF_ERR_DECODER or
 * PF_ERR_LIMIT (the same scan budget and memory cap as a full decode). The end of the prefix
 * is never an error: the decoder suspends there.
 */
pf_status pf_jpeg_decode_prefix(const uint8_t *data, size_t size, int32_t scale_denom, int32_t reduce,
                                size_t max_memory,
                                uint8_t *out, size_t out_stride,
                                int32_t out_width, int32_t out_height,
                                int32_t *scan, int32_t *coarse,
                                char *message, size_t message_capacity);

/**
 * Decodes a whole progressive JPEG at 1/8 from its DC scans only (then area-averaged by
 * reduce; sizes as for pf_jpeg_decode_reduced at scale 1/8): the scans up to the one that
 * completes every component's DC coefficients are read, the rest of the file is not. Each
 * pixel is then its block's average without the DC's last refinement bits: within a level or
 * two of pf_jpeg_decode_reduced at 1/8, for a fraction of the entropy decoding. *scan is the
 * last scan read (0 when the data holds no complete scan, or when the file is damaged or cut:
 * libjpeg warned about the image data it read, or no end-of-image marker follows where it
 * stopped; out is then unspecified, and the caller decodes the file the usual way, which says
 * what is missing). A baseline JPEG is PF_ERR_UNSUPPORTED.
 */
pf_status pf_jpeg_decode_dc(const uint8_t *data, size_t size, int32_t reduce,
                            size_t max_memory,
                            uint8_t *out, size_t out_stride,
                            int32_t out_width, int32_t out_height,
                            int32_t *scan,
                            char *message, size_t message_capacity);

/** The pixel layout handed to the JPEG encoder. */
typedef enum pf_jpeg_input {
    /** RGBA8, alpha ignored. */
    PF_JPEG_INPUT_RGBA = 1,
    /** CMYK8, 4 bytes a pixel, written as given (Adobe convention: inverted). */
    PF_JPEG_INPUT_CMYK = 2
} pf_jpeg_input;

/** How the JPEG stores its components. */
typedef enum pf_jpeg_output {
    /** YCbCr for RGBA input, CMYK for CMYK input. */
    PF_JPEG_OUTPUT_DEFAULT = 0,
    /** One luma component (RGBA input only). */
    PF_JPEG_OUTPUT_GRAY = 1,
    /** YCCK (CMYK input only). */
    PF_JPEG_OUTPUT_YCCK = 2
} pf_jpeg_output;

/** Encodes 4-byte pixels as JPEG into out (free it with pf_buffer_free). */
pf_status pf_jpeg_encode(const uint8_t *pixels, size_t stride,
                         int32_t width, int32_t height,
                         int32_t input, int32_t output,
                         int32_t quality, int32_t progressive,
                         pf_buffer *out,
                         char *message, size_t message_capacity);

/* ---------------------------------------------------------- WebP encode --- */

/**
 * Encodes RGBA8 rows of stride bytes as a lossy WebP at quality 0–100 into out (free it with
 * pf_buffer_free); alpha is kept. Sides of 1…16383 pixels.
 */
pf_status pf_webp_encode(const uint8_t *pixels, size_t stride, int32_t width, int32_t height, float quality,
                         pf_buffer *out, char *message, size_t message_capacity);

/**
 * Encodes `count` frames of RGBA8 rows (stride bytes a row, the frames one after another, each
 * `height` rows) as a lossy animated WebP at quality 0–100 into out (free it with
 * pf_buffer_free); frame i shows for durations_ms[i] (at least 1 ms); loop_count 0 loops forever.
 * Sides of 1…16383 pixels, 1…10000 frames.
 */
pf_status pf_webp_anim_encode(const uint8_t *frames, size_t stride, int32_t width, int32_t height, int32_t count,
                              const int32_t *durations_ms, int32_t loop_count, float quality, pf_buffer *out,
                              char *message, size_t message_capacity);

/* ----------------------------------------------------------------- PNG --- */

/** What a PNG's IHDR says (plus whether a tRNS chunk precedes the image data). */
typedef struct pf_png_info {
    int32_t width;
    int32_t height;
    int32_t bit_depth;
    /** The PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA. */
    int32_t color_type;
    int32_t interlaced;
    int32_t has_trns;
} pf_png_info;

/** Reads the PNG signature, IHDR and the chunks before the first IDAT (no pixels). */
pf_status pf_png_probe(const uint8_t *data, size_t size, pf_png_info *info,
                       char *message, size_t message_capacity);

/**
 * Decodes any colour type, bit depth and interlace into RGBA8 rows of
 * out_stride bytes (16-bit scaled to 8, palette and tRNS expanded to alpha).
 */
pf_status pf_png_decode(const uint8_t *data, size_t size,
                        uint8_t *out, size_t out_stride,
                        int32_t out_width, int32_t out_height,
                        char *message, size_t message_capacity);

/**
 * Decodes like pf_png_decode, area-averaging reduce×reduce blocks (alpha
 * weighted) as rows arrive: out_width × out_height must be
 * ceil(width / reduce) × ceil(height / reduce). With reduce > 1 the full-size
 * image is never held: memory is the output plus a row (interlaced files hold
 * sums for the whole output, as their passes arrive out of order).
 */
pf_status pf_png_decode_reduced(const uint8_t *data, size_t size, int32_t reduce,
                                uint8_t *out, size_t out_stride,
                                int32_t out_width, int32_t out_height,
                                char *message, size_t message_capacity);

/**
 * pf_png_decode_reduced that goes on past damage: when the image data of a non-interlaced PNG
 * ends early or breaks (a CRC, a zlib error), the rows read before it are kept, the rest are
 * grey (PF_DAMAGE_GREY, opaque), and *damage says how many rows were read (the message says
 * why). An interlaced (Adam7) file keeps the pixels of its passes, each missing pixel a copy of
 * the decoded one at the corner of its block (8 x 8 after the first pass, … 1 x 2 after the
 * sixth), *damage counting the pixels read over the width; decoded at a reduction, its rows are
 * read full size first (4 bytes a pixel, as a TIFF's). An unreadable signature or IHDR, a file
 * broken before its first row, and every limit are errors as before. damage NULL:
 * pf_png_decode_reduced.
 */
pf_status pf_png_decode_tolerant(const uint8_t *data, size_t size, int32_t reduce,
                                 uint8_t *out, size_t out_stride,
                                 int32_t out_width, int32_t out_height,
                                 pf_damage *damage,
                                 char *message, size_t message_capacity);

/** A PNG to write: samples packed as PNG stores them (big-endian, MSB first). */
typedef struct pf_png_image {
    const uint8_t *rows;
    size_t stride;
    int32_t width;
    int32_t height;
    int32_t bit_depth;
    int32_t color_type;
    int32_t interlaced;
    /** RGB triples for colour type 3. */
    const uint8_t *palette;
    int32_t palette_count;
    /** Alpha per palette entry (tRNS); may be shorter than the palette. */
    const uint8_t *palette_alpha;
    int32_t palette_alpha_count;
    /** For gray/RGB: 1 to write a tRNS key colour (gray uses key_red). */
    int32_t has_key;
    uint16_t key_red;
    uint16_t key_green;
    uint16_t key_blue;
    /**
     * tEXt chunks, written before the image data: text_count pairs of a
     * NUL-terminated keyword (1–79 Latin-1 bytes) and a NUL-terminated text,
     * back to back in text_length bytes of text (NULL and 0: none). At most
     * PF_PNG_MAX_TEXT_CHUNKS pairs; a pair that runs past text_length, or a
     * keyword libpng refuses, is PF_ERR_ARGUMENT / PF_ERR_ENCODER.
     */
    const char *text;
    size_t text_length;
    int32_t text_count;
    /** zlib level 1–9 (0: libpng's default, 6). */
    int32_t compression_level;
    /** PNG row filters as libpng's PNG_FILTER_* mask (0: libpng's default, adaptive). */
    int32_t filters;
    /** zlib's strategy: 0 default, 1 filtered, 2 Huffman only, 3 run-length. */
    int32_t compression_strategy;
} pf_png_image;

/** The most tEXt chunks one pf_png_encode call writes. */
#define PF_PNG_MAX_TEXT_CHUNKS 32

/** Encodes a PNG of any colour type, depth and interlace into out. */
pf_status pf_png_encode(const pf_png_image *image, pf_buffer *out,
                        char *message, size_t message_capacity);

/**
 * A photograph's PNG as a terminal is sent it: the opaque RGBA pixels written as RGB, every
 * row Average-filtered, Huffman codes only (the bytes libpng writes for that, give or take the
 * block boundaries), the rows deflated in two halves at once when `threads` is 2 or more and
 * the picture has 65,536 pixels or more. Sides of 1…2^24 pixels.
 */
pf_status pf_png_encode_photograph(const uint8_t *pixels, size_t stride, int32_t width, int32_t height,
                                   int32_t threads, pf_buffer *out, char *message, size_t message_capacity);


/* ------------------------------------- WebP, GIF, AVIF, HEIF, JPEG XL, TIFF --- */

/*
 * The formats decoded through Debian's libraries, one entry point each for probe and decode.
 * Each file of the shim that implements one (webp_decode.c, gif_decode.c, …) keeps the
 * library's errors as values: libtiff's handlers are per-open (TIFFOpenOptions), giflib returns
 * codes, the others return statuses; nothing prints or exits.
 */
typedef enum pf_format {
    PF_FORMAT_WEBP = 1,
    PF_FORMAT_GIF = 2,
    PF_FORMAT_AVIF = 3,
    PF_FORMAT_HEIF = 4,
    PF_FORMAT_JXL = 5,
    PF_FORMAT_TIFF = 6
} pf_format;

/** How a picture's colours are described, and so what the decode converts to sRGB. */
typedef enum pf_color {
    /** sRGB, or nothing said (taken as sRGB). */
    PF_COLOR_SRGB = 0,
    /** An ICC profile (RGB or gray), converted with little-cms. */
    PF_COLOR_ICC = 1,
    /** CICP/nclx primaries Display P3 or DCI-P3 with an SDR transfer: converted. */
    PF_COLOR_P3 = 2,
    /** CICP/nclx primaries BT.2020 with an SDR transfer: converted. */
    PF_COLOR_BT2020 = 3,
    /** PQ or HLG (HDR): not tone-mapped; the 8-bit values are shown as they come. */
    PF_COLOR_HDR = 4
} pf_color;

/** The most frames the probe counts (a longer walk stops there and reports this number). */
#define PF_MAX_FRAMES 10000

/** The most pixels a library is allowed to decode for one frame or tile (libavif, libheif). */
#define PF_MAX_DECODE_PIXELS ((uint32_t)1 << 26)

/** What a file's header says (no pixels decoded, except where the library can only tell by decoding). */
typedef struct pf_image_info {
    /** The size the decode produces (the library's own transforms applied, the orientation below not). */
    int32_t width;
    int32_t height;
    /** The EXIF orientation (1–8) the caller applies after decoding; 1 when none or the library applied it. */
    int32_t orientation;
    /** Frames in the file, counted up to PF_MAX_FRAMES; 1 for a still. */
    int32_t frame_count;
    /** Bits per sample as stored (8, 10, 12, 16). */
    int32_t bit_depth;
    int32_t has_alpha;
    /** A pf_color value. */
    int32_t color;
    /** A thumbnail stored in the file (HEIF), in the orientation of width × height; 0 × 0 when none. */
    int32_t thumbnail_width;
    int32_t thumbnail_height;
} pf_image_info;

/** Reads the header of a file of `format` (a pf_format). */
pf_status pf_image_probe(int32_t format, const uint8_t *data, size_t size, pf_image_info *info,
                         char *message, size_t message_capacity);

/**
 * Decodes the first frame (composited on the canvas for animations) into RGBA8 rows of
 * out_stride bytes, colours converted to sRGB (see pf_color), area-averaged by reduce:
 * out_width × out_height must be ceil(width / reduce) × ceil(height / reduce) of the probed
 * size, or of the thumbnail's when use_thumbnail is 1 (HEIF only). WebP decodes straight at
 * the reduced size (libwebp's scaled decode); the others decode whole, then average.
 * A decode whose size differs from the probe's is PF_ERR_DECODER, never an overrun.
 */
pf_status pf_image_decode(int32_t format, const uint8_t *data, size_t size, int32_t reduce, int32_t use_thumbnail,
                          uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height,
                          char *message, size_t message_capacity);

/**
 * pf_image_decode (no stored thumbnail) that goes on past damage where the format allows, and
 * *damage says how many rows' worth of the output came from the file:
 * - GIF: a first frame whose data ends or breaks keeps the rows drawn before it (an interlaced
 *   one the rows of its passes, each missing row a copy of its block's decoded row), the rest of
 *   the frame opaque grey (PF_DAMAGE_GREY);
 * - TIFF: strip by strip or tile by tile, a block libtiff fails on painted grey; the rows are
 *   the decoded pixels over the width;
 * - WebP (a still): the rows libwebp's incremental decoder output, grey below.
 * AVIF, HEIF, JPEG XL and animated WebP decode as pf_image_decode (whole or an error): their
 * decoders give no rows before the whole image. The header and every limit are errors as before.
 */
pf_status pf_image_decode_tolerant(int32_t format, const uint8_t *data, size_t size, int32_t reduce,
                                   uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height,
                                   pf_damage *damage, char *message, size_t message_capacity);

/** The largest canvas an animation may have: 2^24 pixels (a 64 MiB RGBA canvas, 4096 × 4096). */
#define PF_MAX_ANIMATION_PIXELS ((int64_t)1 << 24)

/** A playing animation (GIF, animated WebP): the library's cursor, the canvas, a copy of the file. */
typedef struct pf_anim pf_anim;

/** What an animation says about itself. */
typedef struct pf_anim_info {
    int32_t canvas_width;
    int32_t canvas_height;
    /** Frames in one loop, counted up to PF_MAX_FRAMES (a file cut short counts what it holds). */
    int32_t frame_count;
    /** Loops the file asks for: 0 forever; GIF without a NETSCAPE2.0 block plays once (1). */
    int32_t loop_count;
} pf_anim_info;

/**
 * Opens an animation of `format` (PF_FORMAT_GIF or PF_FORMAT_WEBP), copying the data. Frames come
 * out area-averaged by `reduce` (ceil(canvas / reduce) on each side). NULL on failure, with
 * *status and the message set. Memory: the copy, one RGBA canvas (a second one for GIF's
 * "restore to previous" and inside WebPAnimDecoder), whatever the frame count.
 */
pf_anim *pf_anim_open(int32_t format, const uint8_t *data, size_t size, int32_t reduce, pf_anim_info *info,
                      pf_status *status, char *message, size_t message_capacity);

/**
 * Composites the next frame on the canvas and writes it reduced into out (out_width × out_height
 * must be the reduced canvas). After the last frame it starts again at frame 0. *index is the
 * frame's place in the loop, *duration_ms how long it shows (a GIF delay of 0 or 1 hundredth
 * is 100 ms, as browsers do). A frame that fails after the first ends the loop there (the next
 * call starts again at frame 0, and info's frame count no longer counts past it).
 */
pf_status pf_anim_next(pf_anim *anim, uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height,
                       int32_t *index, int32_t *duration_ms, char *message, size_t message_capacity);

/** Frames the animation has shown to be complete (after a failure, fewer than the probe said). */
int32_t pf_anim_frame_count(const pf_anim *anim);

/** Frees the animation (NULL is fine). */
void pf_anim_close(pf_anim *anim);

#ifdef __cplusplus
}
#endif

#endif
