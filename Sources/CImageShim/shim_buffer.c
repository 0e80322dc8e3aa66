#include "shim_internal.h"

#include <stdlib.h>
#include <string.h>

void pf_set_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) {
        return;
    }
    if (text == NULL) {
        message[0] = '\0';
        return;
    }
    size_t length = strlen(text);
    if (length >= capacity) {
        length = capacity - 1;
    }
    memcpy(message, text, length);
    message[length] = '\0';
}

int pf_buffer_reserve(pf_buffer *buffer, size_t extra) {
    if (extra <= buffer->capacity - buffer->size) {
        return 1;
    }
    if (extra > SIZE_MAX - buffer->size) {
        return 0;
    }
    size_t needed = buffer->size + extra;
    size_t capacity = buffer->capacity < 4096 ? 4096 : buffer->capacity;
    while (capacity < needed) {
        if (capacity > SIZE_MAX / 2) {
            capacity = needed;
            break;
        }
        capacity *= 2;
    }
    uint8_t *grown = realloc(buffer->data, capacity);
    if (grown == NULL) {
        return 0;
    }
    buffer->data = grown;
    buffer->capacity = capacity;
    return 1;
}

int pf_buffer_append(pf_buffer *buffer, const uint8_t *bytes, size_t count) {
    if (count == 0) {
        return 1;
    }
    if (!pf_buffer_reserve(buffer, count)) {
        return 0;
    }
    memcpy(buffer->data + buffer->size, bytes, count);
    buffer->size += count;
    return 1;
}

void pf_buffer_free(pf_buffer *buffer) {
    if (buffer == NULL) {
        return;
    }
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}
