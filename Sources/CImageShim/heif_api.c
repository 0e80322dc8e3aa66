#define PF_HEIF_API_IMPLEMENTATION
#include "heif_api.h"
#include "library_loader.h"

/* The soname of the headers built against first, then the development symlink (same version). */
static const char *const pf_heif_names[] = { "libheif.so.1", "libheif.so", NULL };

static pf_library pf_heif_library = PF_LIBRARY("libheif", "libheif1", pf_heif_names);

struct pf_heif_api pf_heif_api;

static void pf_heif_resolve(pf_library *library) {
#define PF_HEIF_RESOLVE(name) pf_heif_api.name = (__typeof__(&name))pf_library_symbol(library, #name);
    PF_HEIF_SYMBOLS(PF_HEIF_RESOLVE)
#undef PF_HEIF_RESOLVE
}

int pf_heif_api_load(char *message, size_t capacity) {
    return pf_library_load(&pf_heif_library, pf_heif_resolve, message, capacity);
}
