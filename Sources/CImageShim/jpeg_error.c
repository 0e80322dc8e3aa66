#include "jpeg_error.h"

#include <jerror.h>
#include <string.h>

static void pf_jpeg_output_message(j_common_ptr cinfo) {
    pf_jpeg_error *error = (pf_jpeg_error *)cinfo->err;
    if (error->message != NULL && error->message_capacity > 0 && error->message[0] != '\0') {
        return; /* keep the first message: it is usually the cause */
    }
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    pf_set_message(error->message, error->message_capacity, text);
}

static void pf_jpeg_error_exit(j_common_ptr cinfo) {
    pf_jpeg_error *error = (pf_jpeg_error *)cinfo->err;
    int code = error->base.msg_code;
    if (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY || code == JERR_TFILE_CREATE) {
        /* Without backing store this means the image needs more than the memory cap. */
        char text[160];
        snprintf(text, sizeof(text), "the JPEG needs more than %zu MB to decode (its coefficient buffers exceed the cap)",
                 error->max_memory / (1024 * 1024));
        error->limit_hit = 1;
        pf_set_message(error->message, error->message_capacity, text);
        longjmp(error->jump, 1);
    }
    if (error->truncated) {
        /* A tolerant decode went on past the end and then failed (the header was cut): say so. */
        pf_set_message(error->message, error->message_capacity, "the JPEG data ends before the image is complete");
        longjmp(error->jump, 1);
    }
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    pf_set_message(error->message, error->message_capacity, text);
    longjmp(error->jump, 1);
}

/*
 * Whether a warning is about a scan's parameters ("Invalid SOS parameters for sequential JPEG",
 * "Inconsistent progression sequence"): libjpeg gives it as the scan starts, before its data,
 * and then decodes the scan as it stands, so it says nothing of where rows stop coming out.
 */
static int pf_jpeg_warns_of_parameters(int code) {
    return code == JWRN_NOT_SEQUENTIAL || code == JWRN_BOGUS_PROGRESSION;
}

/*
 * Records a tolerant decode's damage: the first warning's reason, and where the input was at the
 * first one about the image data (its reason then replaces a scan parameter's).
 */
static void pf_jpeg_record_damage(j_common_ptr cinfo, pf_jpeg_error *error) {
    int parameters = pf_jpeg_warns_of_parameters(error->base.msg_code);
    if (error->positioned || (error->damaged && parameters)) {
        return;
    }
    error->damaged = 1;
    if (!parameters && cinfo->is_decompressor) {
        j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
        error->positioned = 1;
        error->damage_scan = dinfo->input_scan_number;
        error->damage_imcu_row = (int)dinfo->input_iMCU_row;
        if (error->entropy_decode_mcu != NULL) {
            error->damage_mcus = error->scan_mcus;
            error->damage_mcus_per_row = (long)dinfo->MCUs_per_row;
            error->damage_mcu_rows_per_imcu_row =
                dinfo->comps_in_scan == 1 && dinfo->cur_comp_info[0] != NULL ? dinfo->cur_comp_info[0]->v_samp_factor : 1;
        }
    }
    if (error->base.msg_code == JWRN_JPEG_EOF) {
        pf_set_message(error->message, error->message_capacity, "the JPEG data ends before the image is complete");
    } else {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        pf_set_message(error->message, error->message_capacity, text);
    }
}

static void pf_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) {
        return; /* trace messages */
    }
    pf_jpeg_error *error = (pf_jpeg_error *)cinfo->err;
    error->base.num_warnings++;
    if (error->base.msg_code == JWRN_JPEG_EOF) {
        /* libjpeg would pad the rest with gray: report truncation instead, unless tolerant. */
        error->truncated = 1;
        if (!error->tolerant) {
            pf_jpeg_fail(cinfo, "the JPEG data ends before the image is complete");
        }
    }
    if (error->tolerant && (!error->in_header || error->base.msg_code == JWRN_JPEG_EOF)) {
        pf_jpeg_record_damage(cinfo, error);
        return;
    }
    /* (Extraneous bytes between the header's markers are skipped: the image data is whole, as a
     * strict decode takes it.) */
    pf_jpeg_output_message(cinfo);
}

struct jpeg_error_mgr *pf_jpeg_error_init(pf_jpeg_error *error, char *message, size_t capacity) {
    memset(error, 0, sizeof(*error));
    error->message = message;
    error->message_capacity = capacity;
    pf_set_message(message, capacity, "");
    jpeg_std_error(&error->base);
    error->base.error_exit = pf_jpeg_error_exit;
    error->base.emit_message = pf_jpeg_emit_message;
    error->base.output_message = pf_jpeg_output_message;
    return &error->base;
}

void pf_jpeg_fail(j_common_ptr cinfo, const char *text) {
    pf_jpeg_error *error = (pf_jpeg_error *)cinfo->err;
    pf_set_message(error->message, error->message_capacity, text);
    longjmp(error->jump, 1);
}
