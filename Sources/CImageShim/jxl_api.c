#define PF_JXL_API_IMPLEMENTATION
#include "jxl_api.h"
#include "library_loader.h"

/* libjxl 0.x names its soname by the minor version too (libjxl.so.0.7), later ones by the major. */
#if JPEGXL_MAJOR_VERSION == 0
#define PF_JXL_SONAME "libjxl.so.0." PF_STRINGIFY(JPEGXL_MINOR_VERSION)
#else
#define PF_JXL_SONAME "libjxl.so." PF_STRINGIFY(JPEGXL_MAJOR_VERSION)
#endif

/* The soname of the headers built against first, then the development symlink (same version). */
static const char *const pf_jxl_names[] = { PF_JXL_SONAME, "libjxl.so", NULL };

static pf_library pf_jxl_library = PF_LIBRARY("libjxl", "libjxl0.7 or newer", pf_jxl_names);

struct pf_jxl_api pf_jxl_api;

static void pf_jxl_resolve(pf_library *library) {
#define PF_JXL_RESOLVE(name) pf_jxl_api.name = (__typeof__(&name))pf_library_symbol(library, #name);
    PF_JXL_SYMBOLS(PF_JXL_RESOLVE)
#undef PF_JXL_RESOLVE
}

int pf_jxl_api_load(char *message, size_t capacity) {
    return pf_library_load(&pf_jxl_library, pf_jxl_resolve, message, capacity);
}
