/*
 * libFuzzer target for camera RAW files (make fuzz: fuzz_raw): pf_raw_preview takes the bytes
 * through LibRaw (opened with dlopen like the shim does everywhere), with the preview only, with
 * developing allowed where there is none, and developed on request (a small pixel limit and a
 * short deadline); a JPEG preview then goes
 * through the shim's JPEG probe and a reduced decode, as ImageCodecs takes it; pixels handed
 * back must fill their size. LibRaw itself is Debian's (not instrumented): ASan watches the
 * shim's reads and writes, and any crash inside LibRaw is still a crash.
 */
#include <stdint.h>
#include <stdlib.h>

#include "image_shim.h"
#include "raw_preview.h"

#define FUZZ_RAW_MAX_PIXELS (1 << 20)

static void fuzz_jpeg_preview(const uint8_t *data, size_t size) {
    char message[PF_MESSAGE_CAPACITY];
    pf_jpeg_info info;
    if (pf_jpeg_probe(data, size, &info, NULL, 0, message, sizeof(message)) != PF_OK) {
        return;
    }
    int32_t width = (info.width + 7) / 8, height = (info.height + 7) / 8;
    if (width <= 0 || height <= 0 || (int64_t)info.width * info.height > FUZZ_RAW_MAX_PIXELS * 4) {
        return;
    }
    size_t stride = (size_t)width * 4;
    uint8_t *out = malloc(stride * (size_t)height);
    if (out == NULL) {
        return;
    }
    pf_jpeg_decode(data, size, 8, out, stride, width, height, message, sizeof(message));
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char message[PF_MESSAGE_CAPACITY];
    for (int32_t develop = PF_RAW_DEVELOP_NEVER; develop <= PF_RAW_DEVELOP_ALWAYS; develop++) {
        pf_buffer out = { 0 };
        pf_raw_info info;
        pf_status status = pf_raw_preview(data, size, FUZZ_RAW_MAX_PIXELS, develop, 2000, &out, &info, message,
                                          sizeof(message));
        if (status == PF_OK && info.kind == PF_RAW_JPEG) {
            fuzz_jpeg_preview(out.data, out.size);
        } else if (status == PF_OK && info.kind == PF_RAW_PIXELS &&
                   out.size != (size_t)info.width * (size_t)info.height * 4) {
            __builtin_trap();
        }
        pf_buffer_free(&out);
        if (develop == PF_RAW_DEVELOP_NEVER && status == PF_OK && info.kind == PF_RAW_JPEG) {
            develop = PF_RAW_DEVELOP_WITHOUT_PREVIEW; /* with a preview, only developing on request develops */
        }
    }
    return 0;
}
