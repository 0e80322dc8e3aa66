#define PF_JXL_API_IMPLEMENTATION
#include "jxl_api.h"

/* libjxl 0.x names its soname by the minor version too (libjxl.so.0.7), later ones by the major. */
#if JPEGXL_MAJOR_VERSION == 0
#define PF_JXL_SONAME "libjxl.so.0." PF_STRINGIFY(JPEGXL_MINOR_VERSION)
#else
#define PF_JXL_SONAME "libjxl.so." PF_STRINGIFY(JPEGXL_MAJOR_VERSION)
#endif

/* The soname of the headers built against first, then the development symlink (same version). */
PF_LIBRARY_API_DEFINE(jxl, PF_JXL_SYMBOLS, "libjxl", "libjxl0.7 or newer", PF_JXL_SONAME, "libjxl.so")
