#define PF_TIFF_API_IMPLEMENTATION
#include "tiff_api.h"
#include "library_loader.h"

/* The soname of the headers built against first, then the development symlink (same version). */
static const char *const pf_tiff_names[] = { "libtiff.so.6", "libtiff.so", NULL };

static pf_library pf_tiff_library = PF_LIBRARY("libtiff", "libtiff6", pf_tiff_names);

struct pf_tiff_api pf_tiff_api;

static void pf_tiff_resolve(pf_library *library) {
#define PF_TIFF_RESOLVE(name) pf_tiff_api.name = (__typeof__(&name))pf_library_symbol(library, #name);
    PF_TIFF_SYMBOLS(PF_TIFF_RESOLVE)
#undef PF_TIFF_RESOLVE
}

int pf_tiff_api_load(char *message, size_t capacity) {
    return pf_library_load(&pf_tiff_library, pf_tiff_resolve, message, capacity);
}
