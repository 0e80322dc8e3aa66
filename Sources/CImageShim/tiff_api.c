#define PF_TIFF_API_IMPLEMENTATION
#include "tiff_api.h"

/* The soname of the headers built against first, then the development symlink (same version). */
PF_LIBRARY_API_DEFINE(tiff, PF_TIFF_SYMBOLS, "libtiff", "libtiff6", "libtiff.so.6", "libtiff.so")
