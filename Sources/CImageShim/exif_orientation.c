/*
 * The EXIF orientation of a TIFF structure (an EXIF payload).
 */
#include "exif_orientation.h"

#include <string.h>

static uint32_t pf_read16(const uint8_t *p, int little) {
    return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 : (uint32_t)p[0] << 8 | (uint32_t)p[1];
}

static uint32_t pf_read32(const uint8_t *p, int little) {
    return little ? pf_read16(p, 1) | pf_read16(p + 2, 1) << 16 : pf_read16(p, 0) << 16 | pf_read16(p + 2, 0);
}

int32_t pf_exif_orientation(const uint8_t *tiff, size_t size) {
    /* WebP and JPEG XL Exif payloads may keep JPEG's "Exif\0\0" prefix. */
    if (tiff != NULL && size >= 6 && memcmp(tiff, "Exif\0\0", 6) == 0) {
        tiff += 6;
        size -= 6;
    }
    if (tiff == NULL || size < 8) {
        return 1;
    }
    int little;
    if (tiff[0] == 'I' && tiff[1] == 'I') {
        little = 1;
    } else if (tiff[0] == 'M' && tiff[1] == 'M') {
        little = 0;
    } else {
        return 1;
    }
    if (pf_read16(tiff + 2, little) != 42) {
        return 1;
    }
    uint32_t ifd = pf_read32(tiff + 4, little);
    if (ifd > size - 2) {
        return 1;
    }
    uint32_t entries = pf_read16(tiff + ifd, little);
    for (uint32_t i = 0; i < entries; i++) {
        size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
        if (entry + 12 > size) {
            return 1;
        }
        if (pf_read16(tiff + entry, little) == 0x0112) {
            uint32_t value = pf_read16(tiff + entry + 8, little);
            int ok = pf_read16(tiff + entry + 2, little) == 3 && pf_read32(tiff + entry + 4, little) == 1;
            return ok && value >= 1 && value <= 8 ? (int32_t)value : 1;
        }
    }
    return 1;
}
