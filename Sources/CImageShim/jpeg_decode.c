#include "jpeg_decode_internal.h"

#include "damage_grey.h"
#include "jpeg_mcu_count.h"

#include <jerror.h>
#include <string.h>

/* More scans than any real progressive JPEG has; hostile files use thousands. */
#define PF_JPEG_MAX_SCANS 1000
/*
 * The entropy-decoding work allowed, in passes over every block of the image:
 * a scan costs the blocks of the components it covers. libjpeg's own
 * progressive script costs about 6 passes; a file of hundreds of (empty)
 * full-image scans is ended early, with an error, instead of taking seconds.
 */
#define PF_JPEG_SCAN_PASSES 16

static long long pf_jpeg_blocks_of(jpeg_component_info *const *components, int count) {
    long long blocks = 0;
    for (int i = 0; i < count; i++) {
        blocks += (long long)components[i]->width_in_blocks * (long long)components[i]->height_in_blocks;
    }
    return blocks;
}

void pf_jpeg_progress_monitor(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) {
        return;
    }
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    pf_jpeg_progress *progress = (pf_jpeg_progress *)cinfo->progress;
    pf_jpeg_error *error = (pf_jpeg_error *)cinfo->err;
    if (dinfo->input_scan_number > PF_JPEG_MAX_SCANS) {
        error->limit_hit = 1;
        pf_jpeg_fail(cinfo, "the JPEG has more than 1000 scans (a decompression bomb?)");
    }
    if (dinfo->input_scan_number == progress->last_scan) {
        return;
    }
    /* A new scan has started: charge it before its data is decoded. */
    progress->last_scan = dinfo->input_scan_number;
    if (progress->blocks_budget == 0) {
        jpeg_component_info *all[MAX_COMPONENTS];
        int count = dinfo->num_components < MAX_COMPONENTS ? dinfo->num_components : MAX_COMPONENTS;
        for (int i = 0; i < count; i++) {
            all[i] = &dinfo->comp_info[i];
        }
        progress->blocks_budget = PF_JPEG_SCAN_PASSES * pf_jpeg_blocks_of(all, count);
    }
    progress->blocks_used += pf_jpeg_blocks_of(dinfo->cur_comp_info, dinfo->comps_in_scan);
    if (progress->blocks_used > progress->blocks_budget) {
        error->limit_hit = 1;
        pf_jpeg_fail(cinfo, "the JPEG's scans would decode every block more than 16 times "
                            "(a progressive decompression bomb?)");
    }
}

int pf_jpeg_color_of(const struct jpeg_decompress_struct *cinfo) {
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
        return cinfo->num_components == 1 ? PF_JPEG_GRAY : 0;
    case JCS_YCbCr:
    case JCS_RGB:
        return cinfo->num_components == 3 ? PF_JPEG_RGB : 0;
    case JCS_CMYK:
        return cinfo->num_components == 4 ? PF_JPEG_CMYK : 0;
    case JCS_YCCK:
        return cinfo->num_components == 4 ? PF_JPEG_YCCK : 0;
    default:
        return 0;
    }
}

static int pf_is_exif(const jpeg_saved_marker_ptr marker) {
    static const uint8_t tag[6] = {'E', 'x', 'i', 'f', 0, 0};
    return marker->marker == JPEG_APP0 + 1 && marker->data_length >= 6 &&
           memcmp(marker->data, tag, sizeof(tag)) == 0;
}

pf_status pf_jpeg_probe(const uint8_t *data, size_t size,
                        pf_jpeg_info *info,
                        uint8_t *exif, size_t exif_capacity,
                        char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    pf_jpeg_error error;
    memset(&cinfo, 0, sizeof(cinfo));
    memset(info, 0, sizeof(*info));
    cinfo.err = pf_jpeg_error_init(&error, message, message_capacity);
    if (data == NULL || size == 0) {
        pf_set_message(message, message_capacity, "no JPEG data");
        return PF_ERR_TRUNCATED;
    }
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return error.truncated ? PF_ERR_TRUNCATED : PF_ERR_DECODER;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);

    info->width = (int32_t)cinfo.image_width;
    info->height = (int32_t)cinfo.image_height;
    info->components = cinfo.num_components;
    info->color = pf_jpeg_color_of(&cinfo);
    info->progressive = cinfo.progressive_mode ? 1 : 0;
    info->saw_adobe_marker = cinfo.saw_Adobe_marker ? 1 : 0;
    for (jpeg_saved_marker_ptr marker = cinfo.marker_list; marker != NULL; marker = marker->next) {
        if (!pf_is_exif(marker)) {
            continue;
        }
        size_t length = marker->data_length - 6;
        info->exif_length = length;
        if (exif != NULL) {
            memcpy(exif, marker->data + 6, length < exif_capacity ? length : exif_capacity);
        }
        break;
    }
    jpeg_destroy_decompress(&cinfo);
    if (info->color == 0) {
        pf_set_message(message, message_capacity, "unsupported JPEG colour space");
        return PF_ERR_UNSUPPORTED;
    }
    return PF_OK;
}

static inline uint8_t pf_mul255(unsigned a, unsigned b) {
    unsigned t = a * b + 128;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

/* CMYK (as libjpeg hands it out) to RGBA in place. Adobe files store inverted values. */
void pf_cmyk_row_to_rgba(uint8_t *row, int32_t width, int inverted) {
    for (int32_t x = 0; x < width; x++) {
        uint8_t *p = row + (size_t)x * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        p[0] = pf_mul255(c, k);
        p[1] = pf_mul255(m, k);
        p[2] = pf_mul255(y, k);
        p[3] = 255;
    }
}

pf_status pf_jpeg_decode(const uint8_t *data, size_t size, int32_t scale_denom,
                         uint8_t *out, size_t out_stride,
                         int32_t out_width, int32_t out_height,
                         char *message, size_t message_capacity) {
    return pf_jpeg_decode_reduced(data, size, scale_denom, 1, PF_JPEG_DEFAULT_MAX_MEMORY,
                                  out, out_stride, out_width, out_height, message, message_capacity);
}

pf_status pf_jpeg_decode_reduced(const uint8_t *data, size_t size, int32_t scale_denom, int32_t reduce,
                                 size_t max_memory,
                                 uint8_t *out, size_t out_stride,
                                 int32_t out_width, int32_t out_height,
                                 char *message, size_t message_capacity) {
    return pf_jpeg_decode_tolerant(data, size, scale_denom, reduce, max_memory, out, out_stride, out_width,
                                   out_height, NULL, message, message_capacity);
}

/*
 * What a tolerant decode's warnings left of the picture: a cut (or corruption) in the first scan
 * leaves the iMCU rows before it; one in a later scan of a progressive file leaves every row, as
 * of the earlier scans; warnings about a scan's parameters only (its data decoded as it stands)
 * leave every row. A cut's rows from the next iMCU row down are painted grey (libjpeg's zero
 * coefficients are grey for YCbCr and gray files already, not for CMYK).
 */
static void pf_jpeg_note_damage(j_decompress_ptr cinfo, const pf_jpeg_error *error, int32_t reduce,
                                uint8_t *out, size_t out_stride, int32_t out_width, int32_t out_height,
                                pf_damage *damage) {
    int64_t rows = (int64_t)cinfo->output_height;
#if JPEG_LIB_VERSION >= 70
    int64_t imcu_rows = (int64_t)cinfo->max_v_samp_factor * cinfo->min_DCT_v_scaled_size;
#else
    int64_t imcu_rows = (int64_t)cinfo->max_v_samp_factor * cinfo->min_DCT_scaled_size;
#endif
    int first_scan = error->positioned && error->damage_scan <= 1;
    /* The rows of the iMCU rows before the damage: a cut's grey starts below the row it is in. */
    int64_t rows_before = first_scan ? (int64_t)error->damage_imcu_row * imcu_rows : rows;
    if (rows_before > rows) {
        rows_before = rows;
    }
    /* What the scan gave before the damage, to the block when its MCUs were counted: the rows of
     * the MCU rows before it, and the MCUs of its own row as their share of that row's rows.
     * Counted in the file's rows, then scaled to the output's, so a reduced decode says the same
     * share as a full one; a few blocks are never none. */
    int64_t decoded = rows_before;
    if (first_scan && error->damage_mcus_per_row > 0 && error->damage_mcu_rows_per_imcu_row > 0 &&
        cinfo->image_height > 0) {
        int64_t file_rows = (int64_t)cinfo->image_height, file_imcu_rows = (int64_t)cinfo->max_v_samp_factor * DCTSIZE;
        int64_t per_row = error->damage_mcus_per_row, split = error->damage_mcu_rows_per_imcu_row;
        int64_t mcu_row = error->damage_mcus / per_row, column = error->damage_mcus % per_row;
        int64_t full = mcu_row * file_imcu_rows / split;
        int64_t in_file = file_rows;
        if (full < file_rows) {
            int64_t height = (mcu_row + 1) * file_imcu_rows / split - full;
            if (height > file_rows - full) {
                height = file_rows - full;
            }
            in_file = full + column * height / per_row;
        }
        decoded = in_file * rows / file_rows;
        if (decoded == 0 && error->damage_mcus > 0) {
            decoded = 1;
        }
    }
    damage->damaged = 1;
    damage->truncated = error->truncated;
    damage->decoded_rows = (int32_t)(decoded / reduce);
    if (damage->decoded_rows == 0 && decoded > 0) {
        damage->decoded_rows = 1;
    }
    damage->scan = cinfo->progressive_mode && error->positioned ? error->damage_scan : 0;
    if (error->truncated && first_scan) {
        int64_t grey_from = (rows_before + imcu_rows + reduce - 1) / reduce;
        pf_damage_grey_rows(out, out_stride, (size_t)out_width, grey_from, out_height);
    }
}

/*
 * A damaged decode that kept nothing of the file (damage in the first scan's first block: a cut,
 * or corrupt data whose rows below are libjpeg's grey or its guesses) is refused, saying why;
 * PF_OK when something of the picture came from the file.
 */
static pf_status pf_jpeg_refuse_nothing(pf_damage *damage, char *message, size_t message_capacity) {
    if (!damage->damaged || damage->decoded_rows > 0) {
        return PF_OK;
    }
    int truncated = damage->truncated;
    memset(damage, 0, sizeof(*damage));
    if (truncated) {
        pf_set_message(message, message_capacity, "the JPEG data ends before any of the picture");
        return PF_ERR_TRUNCATED;
    }
    char reason[200];
    snprintf(reason, sizeof(reason), "%s", message != NULL && message_capacity > 0 ? message : "");
    char text[300];
    if (reason[0] != '\0') {
        snprintf(text, sizeof(text), "the JPEG data is damaged from its first block, nothing of the picture decodes (%s)",
                 reason);
    } else {
        snprintf(text, sizeof(text), "the JPEG data is damaged from its first block, nothing of the picture decodes");
    }
    pf_set_message(message, message_capacity, text);
    return PF_ERR_DECODER;
}

/*
 * A tolerant decode of a file of several scans (progressive, or a scan per component) reads it in
 * buffered-image mode: every scan absorbed into the coefficient buffer, as jpeg_start_decompress
 * does for such a file, then one output pass (pf_jpeg_draw_scan), so the work and memory are a
 * whole decode's. *completed: the last scan read to its end, which an error in a later scan's
 * markers or parameters leaves to be drawn. libjpeg calls the progress monitor only from its own
 * absorbing loops: each scan is charged here as its header is read (the first one's with the
 * frame header). Library errors longjmp as usual.
 */
static void pf_jpeg_absorb_scans(j_decompress_ptr cinfo, volatile int *completed) {
    pf_jpeg_progress_monitor((j_common_ptr)cinfo);
    for (;;) {
        int result = jpeg_consume_input(cinfo);
        if (result == JPEG_SUSPENDED || result == JPEG_REACHED_EOI) {
            /* The memory source never suspends: at the end of the data it inserts an EOI. */
            return;
        }
        if (result == JPEG_REACHED_SOS) {
            pf_jpeg_progress_monitor((j_common_ptr)cinfo);
        } else if (result == JPEG_SCAN_COMPLETED) {
            *completed = cinfo->input_scan_number;
        }
    }
}

/*
 * What the output pass draws from: the frame (SOF) and each component's geometry and latched
 * quantisation table. An error reading a later marker may have begun overwriting them (a second
 * SOF sets the mode and size before libjpeg notices it is a second one).
 */
typedef struct pf_jpeg_frame {
    int progressive, arithmetic, precision, components;
    JDIMENSION width, height, imcu_rows;
    jpeg_component_info *component_info;
    struct {
        int h_samp, v_samp, needed;
        JDIMENSION width_in_blocks, height_in_blocks;
        JQUANT_TBL *quant_table;
    } component[MAX_COMPONENTS];
} pf_jpeg_frame;

static void pf_jpeg_frame_of(j_decompress_ptr cinfo, pf_jpeg_frame *frame) {
    memset(frame, 0, sizeof(*frame));
    frame->progressive = cinfo->progressive_mode;
    frame->arithmetic = cinfo->arith_code;
    frame->precision = cinfo->data_precision;
    frame->components = cinfo->num_components;
    frame->width = cinfo->image_width;
    frame->height = cinfo->image_height;
    frame->imcu_rows = cinfo->total_iMCU_rows;
    frame->component_info = cinfo->comp_info;
    for (int i = 0; i < cinfo->num_components && i < MAX_COMPONENTS; i++) {
        const jpeg_component_info *component = &cinfo->comp_info[i];
        frame->component[i].h_samp = component->h_samp_factor;
        frame->component[i].v_samp = component->v_samp_factor;
        frame->component[i].needed = component->component_needed;
        frame->component[i].width_in_blocks = component->width_in_blocks;
        frame->component[i].height_in_blocks = component->height_in_blocks;
        frame->component[i].quant_table = component->quant_table;
    }
}

/*
 * Whether the output pass may still draw from `now`, the frame after an error, as from `before`:
 * the same frame and component geometry, and each component's quantisation table the one
 * latched before (or latched since by the scan that failed: its coefficients are all zero, which
 * any table leaves zero). Field by field: a frame copied out of a volatile (setjmp) keeps no
 * padding bytes to compare.
 */
static int pf_jpeg_frame_kept(const pf_jpeg_frame *before, const pf_jpeg_frame *now) {
    if (now->progressive != before->progressive || now->arithmetic != before->arithmetic ||
        now->precision != before->precision || now->components != before->components ||
        now->width != before->width || now->height != before->height || now->imcu_rows != before->imcu_rows ||
        now->component_info != before->component_info) {
        return 0;
    }
    for (int i = 0; i < before->components && i < MAX_COMPONENTS; i++) {
        if (now->component[i].h_samp != before->component[i].h_samp ||
            now->component[i].v_samp != before->component[i].v_samp ||
            now->component[i].needed != before->component[i].needed ||
            now->component[i].width_in_blocks != before->component[i].width_in_blocks ||
            now->component[i].height_in_blocks != before->component[i].height_in_blocks ||
            (before->component[i].quant_table != NULL &&
             now->component[i].quant_table != before->component[i].quant_table)) {
            return 0;
        }
    }
    return 1;
}

/*
 * Whether a library error while absorbing a later scan leaves the scans before it to be drawn:
 * one of the errors libjpeg raises reading a scan's tables, markers or parameters (not its
 * frame, memory or limits), with the frame as it was when the scans began. Anything else stays
 * an error: the decompressor's state after it is not known to be whole.
 */
static int pf_jpeg_scans_drawable(j_decompress_ptr cinfo, const pf_jpeg_error *error, const pf_jpeg_frame *before) {
    switch (error->base.msg_code) {
    case JERR_BAD_PROGRESSION:
    case JERR_DAC_VALUE:
    case JERR_DAC_INDEX:
    case JERR_BAD_HUFF_TABLE:
    case JERR_DHT_INDEX:
    case JERR_NO_HUFF_TABLE:
    case JERR_BAD_LENGTH:
    case JERR_BAD_COMPONENT_ID:
        break;
    default:
        return 0;
    }
    pf_jpeg_frame now;
    pf_jpeg_frame_of(cinfo, &now);
    return pf_jpeg_frame_kept(before, &now);
}

/*
 * The output pass of a buffered-image decode, as of scan `scan` (whose rows are all in, so libjpeg
 * reads no more scans for it): when the input stopped on an error, the next marker is made EOI,
 * as block smoothing may want to look for a next scan at the bottom of the image.
 */
static int pf_jpeg_draw_scan(j_decompress_ptr cinfo, int scan, int stopped, int cmyk, int32_t reduce,
                             pf_box_reducer *reducer, uint8_t *out, size_t out_stride) {
    cinfo->progress = NULL;
    if (stopped) {
        cinfo->unread_marker = JPEG_EOI;
    }
    jpeg_start_output(cinfo, scan);
    return pf_jpeg_read_output(cinfo, cmyk, reduce, reducer, out, out_stride);
}

pf_status pf_jpeg_decode_tolerant(const uint8_t *data, size_t size, int32_t scale_denom, int32_t reduce,
                                  size_t max_memory,
                                  uint8_t *out, size_t out_stride,
                                  int32_t out_width, int32_t out_height,
                                  pf_damage *damage,
                                  char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    pf_jpeg_error error;
    pf_jpeg_progress progress;
    pf_box_reducer reducer;
    memset(&cinfo, 0, sizeof(cinfo));
    memset(&progress, 0, sizeof(progress));
    memset(&reducer, 0, sizeof(reducer));
    cinfo.err = pf_jpeg_error_init(&error, message, message_capacity);
    if (damage != NULL) {
        memset(damage, 0, sizeof(*damage));
        error.tolerant = 1;
    }
    if (data == NULL || size == 0) {
        pf_set_message(message, message_capacity, "no JPEG data");
        return PF_ERR_TRUNCATED;
    }
    if (out == NULL || out_width <= 0 || out_height <= 0 || out_stride / 4 < (size_t)out_width || reduce < 1 ||
        (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8)) {
        pf_set_message(message, message_capacity, "invalid output buffer, scale or reduction");
        return PF_ERR_ARGUMENT;
    }
    /* The status to return after a longjmp that is not a library error. */
    volatile pf_status status = PF_ERR_DECODER;
    /* Buffered-image mode (pf_jpeg_absorb_scans), whether its scans are being read and the last
     * one read whole; whether an error in a later scan is being drawn around. */
    volatile int buffered = 0, absorbing = 0, completed = 0, salvaging = 0, output_cmyk = 0;
    /* The frame as the scans began (pf_jpeg_scans_drawable): volatile, as it is set after the
     * setjmp and read after a longjmp. */
    static const pf_jpeg_frame no_frame;
    volatile pf_jpeg_frame frame = no_frame;
    if (setjmp(error.jump)) {
        pf_jpeg_frame before = frame;
        if (absorbing && completed > 0 && !error.limit_hit && !salvaging &&
            pf_jpeg_scans_drawable(&cinfo, &error, &before)) {
            /* An error in a later scan (its parameters, a table or marker before it): every row
             * as of the last complete scan, that work and memory spent already. A second error
             * while drawing lands here again and refuses the file as before. */
            salvaging = 1;
            if (pf_jpeg_draw_scan(&cinfo, completed, 1, output_cmyk, reduce, &reducer, out, out_stride)) {
                if (error.damaged) {
                    pf_jpeg_note_damage(&cinfo, &error, reduce, out, out_stride, out_width, out_height, damage);
                } else {
                    damage->damaged = 1;
                    damage->truncated = error.truncated;
                    damage->decoded_rows = out_height;
                    damage->scan = cinfo.progressive_mode ? completed + 1 : 0;
                }
                jpeg_destroy_decompress(&cinfo);
                pf_box_reducer_free(&reducer);
                return pf_jpeg_refuse_nothing(damage, message, message_capacity);
            }
            pf_set_message(message, message_capacity, "out of memory for the reduced decode");
            status = PF_ERR_MEMORY;
        }
        jpeg_destroy_decompress(&cinfo);
        pf_box_reducer_free(&reducer);
        if (error.limit_hit) {
            return PF_ERR_LIMIT;
        }
        return error.truncated ? PF_ERR_TRUNCATED : status;
    }
    jpeg_create_decompress(&cinfo);
    pf_jpeg_limit(&cinfo, &error, &progress, max_memory);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    error.in_header = 1;
    jpeg_read_header(&cinfo, TRUE);
    error.in_header = 0;

    int cmyk = 0;
    const char *reason = NULL;
    pf_status configured = pf_jpeg_configure_output(&cinfo, scale_denom, reduce, out_width, out_height, &cmyk, &reason);
    if (configured != PF_OK) {
        status = configured;
        pf_jpeg_fail((j_common_ptr)&cinfo, reason);
    }

    buffered = damage != NULL && jpeg_has_multiple_scans(&cinfo);
    output_cmyk = cmyk;
    cinfo.buffered_image = buffered ? TRUE : FALSE;
    jpeg_start_decompress(&cinfo);
    if (damage != NULL) {
        pf_jpeg_count_mcus(&cinfo);
    }
    int drawn;
    if (buffered) {
        pf_jpeg_frame scans_began;
        pf_jpeg_frame_of(&cinfo, &scans_began);
        frame = scans_began;
        absorbing = 1;
        pf_jpeg_absorb_scans(&cinfo, &completed);
        absorbing = 0;
        drawn = pf_jpeg_draw_scan(&cinfo, cinfo.input_scan_number, 0, cmyk, reduce, &reducer, out, out_stride);
    } else {
        drawn = pf_jpeg_read_output(&cinfo, cmyk, reduce, &reducer, out, out_stride);
    }
    if (!drawn) {
        status = PF_ERR_MEMORY;
        pf_jpeg_fail((j_common_ptr)&cinfo, "out of memory for the reduced decode");
    }
    if (damage != NULL && error.damaged) {
        pf_jpeg_note_damage(&cinfo, &error, reduce, out, out_stride, out_width, out_height, damage);
        if (damage->decoded_rows == 0) {
            jpeg_destroy_decompress(&cinfo);
            pf_box_reducer_free(&reducer);
            return pf_jpeg_refuse_nothing(damage, message, message_capacity);
        }
    }
    /* Every row is in: a missing EOI marker after complete image data is tolerated. */
    jpeg_destroy_decompress(&cinfo);
    pf_box_reducer_free(&reducer);
    return PF_OK;
}

void pf_jpeg_limit(j_decompress_ptr cinfo, pf_jpeg_error *error, pf_jpeg_progress *progress, size_t max_memory) {
    cinfo->mem->max_memory_to_use = (long)(max_memory > 0 ? max_memory : PF_JPEG_DEFAULT_MAX_MEMORY);
    error->max_memory = (size_t)cinfo->mem->max_memory_to_use;
    progress->base.progress_monitor = pf_jpeg_progress_monitor;
    progress->last_scan = -1;
    cinfo->progress = &progress->base;
}

pf_status pf_jpeg_configure_output(j_decompress_ptr cinfo, int32_t scale_denom, int32_t reduce,
                                   int32_t out_width, int32_t out_height, int *cmyk, const char **reason) {
    int color = pf_jpeg_color_of(cinfo);
    if (color == 0) {
        *reason = "unsupported JPEG colour space";
        return PF_ERR_UNSUPPORTED;
    }
    *cmyk = color == PF_JPEG_CMYK || color == PF_JPEG_YCCK;
    cinfo->out_color_space = *cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned)scale_denom;
    jpeg_calc_output_dimensions(cinfo);
    if (cinfo->output_width > 0x7fffffff || cinfo->output_height > 0x7fffffff ||
        pf_reduced_side((int32_t)cinfo->output_width, reduce) != out_width ||
        pf_reduced_side((int32_t)cinfo->output_height, reduce) != out_height ||
        cinfo->output_components != 4) {
        *reason = "the output buffer does not match the scaled JPEG size";
        return PF_ERR_ARGUMENT;
    }
    return PF_OK;
}

int pf_jpeg_read_output(j_decompress_ptr cinfo, int cmyk, int32_t reduce, pf_box_reducer *reducer,
                        uint8_t *out, size_t out_stride) {
    JSAMPARRAY line = NULL;
    if (reduce > 1) {
        /* One scanline from libjpeg's pool (freed with it), summed into the reducer. */
        line = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE, cinfo->output_width * 4, 1);
        if (!pf_box_reducer_init(reducer, (int32_t)cinfo->output_width, (int32_t)cinfo->output_height, reduce,
                                 0, out, out_stride)) {
            return 0;
        }
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION y = cinfo->output_scanline;
        uint8_t *row = line != NULL ? line[0] : out + (size_t)y * out_stride;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(cinfo, rows, 1) != 1) {
            /* Only a suspending source returns 0 lines, and the shim's never suspend here. */
            pf_jpeg_fail((j_common_ptr)cinfo, "the JPEG decoder stopped early");
        }
        if (cmyk) {
            pf_cmyk_row_to_rgba(row, (int32_t)cinfo->output_width, cinfo->saw_Adobe_marker);
        }
        if (line != NULL) {
            pf_box_reducer_add(reducer, row, (int32_t)y, 0, 1, (int32_t)cinfo->output_width);
        }
    }
    if (line != NULL) {
        pf_box_reducer_finish(reducer);
    }
    return 1;
}
