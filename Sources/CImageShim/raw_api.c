#define PF_RAW_API_IMPLEMENTATION
#include "raw_api.h"

/* The soname of the headers built against first (the thread-safe build), then the development symlink. */
PF_LIBRARY_API_DEFINE(raw, PF_RAW_SYMBOLS, "LibRaw", "libraw20", "libraw_r.so.20", "libraw_r.so")
