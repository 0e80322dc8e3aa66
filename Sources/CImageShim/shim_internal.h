#ifndef IMAGE_SHIM_INTERNAL_H
#define IMAGE_SHIM_INTERNAL_H

#include "image_shim.h"

/* Copies text into the caller's message buffer (truncated, always terminated). */
void pf_set_message(char *message, size_t capacity, const char *text);

/* Appends bytes to a pf_buffer, growing it geometrically; 0 on allocation failure. */
int pf_buffer_append(pf_buffer *buffer, const uint8_t *bytes, size_t count);

/* Makes sure at least `extra` more bytes fit; 0 on allocation failure. */
int pf_buffer_reserve(pf_buffer *buffer, size_t extra);

#endif
