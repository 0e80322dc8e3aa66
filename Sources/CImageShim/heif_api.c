#define PF_HEIF_API_IMPLEMENTATION
#include "heif_api.h"

/* The soname of the headers built against first, then the development symlink (same version). */
PF_LIBRARY_API_DEFINE(heif, PF_HEIF_SYMBOLS, "libheif", "libheif1", "libheif.so.1", "libheif.so")
