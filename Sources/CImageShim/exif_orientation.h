#ifndef IMAGE_SHIM_EXIF_ORIENTATION_H
#define IMAGE_SHIM_EXIF_ORIENTATION_H

#include <stddef.h>
#include <stdint.h>

/* An EXIF orientation (1–8) from a TIFF structure (EXIF payload); 1 when absent or malformed. */
int32_t pf_exif_orientation(const uint8_t *tiff, size_t size);

#endif
