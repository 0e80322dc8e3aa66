#define PF_AVIF_API_IMPLEMENTATION
#include "avif_api.h"

/* The soname of the headers built against: libavif 0.11 is .15, 1.x is .16. */
#if AVIF_VERSION_MAJOR == 0 && AVIF_VERSION_MINOR == 11
#define PF_AVIF_SONAME "libavif.so.15",
#elif AVIF_VERSION_MAJOR == 1
#define PF_AVIF_SONAME "libavif.so.16",
#else
#define PF_AVIF_SONAME
#endif

/* The soname of the headers built against first, then the development symlink (same version). */
PF_LIBRARY_API_DEFINE(avif, PF_AVIF_SYMBOLS, "libavif", "libavif15 (or libavif16)", PF_AVIF_SONAME "libavif.so")
