#define PF_AVIF_API_IMPLEMENTATION
#include "avif_api.h"
#include "library_loader.h"

/* The soname of the headers built against: libavif 0.11 is .15, 1.x is .16. */
#if AVIF_VERSION_MAJOR == 0 && AVIF_VERSION_MINOR == 11
#define PF_AVIF_SONAME "libavif.so.15",
#elif AVIF_VERSION_MAJOR == 1
#define PF_AVIF_SONAME "libavif.so.16",
#else
#define PF_AVIF_SONAME
#endif

/* The soname of the headers built against first, then the development symlink (same version). */
static const char *const pf_avif_names[] = { PF_AVIF_SONAME "libavif.so", NULL };

static pf_library pf_avif_library = PF_LIBRARY("libavif", "libavif15 (or libavif16)", pf_avif_names);

struct pf_avif_api pf_avif_api;

static void pf_avif_resolve(pf_library *library) {
#define PF_AVIF_RESOLVE(name) pf_avif_api.name = (__typeof__(&name))pf_library_symbol(library, #name);
    PF_AVIF_SYMBOLS(PF_AVIF_RESOLVE)
#undef PF_AVIF_RESOLVE
}

int pf_avif_api_load(char *message, size_t capacity) {
    return pf_library_load(&pf_avif_library, pf_avif_resolve, message, capacity);
}
