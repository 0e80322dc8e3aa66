#ifndef IMAGE_SHIM_LIBRARY_LOADER_H
#define IMAGE_SHIM_LIBRARY_LOADER_H

#include <pthread.h>
#include <stddef.h>

/*
 * Format libraries opened on first use (dlopen), not at every start.
 *
 * libheif, libavif and libjxl bring some thirty shared libraries with them (x265, libde265,
 * dav1d, aom, rav1e, SVT-AV1, Highway, Brotli, Abseil…), and loading them costs each process
 * wall time before main, whatever it shows: Highway alone times its clock at load
 * (`feedbench --scenario graphics` times whole `show` processes).
 * A process that never meets a HEIF, an AVIF or a JPEG XL never loads them.
 *
 * Each library's entry points live in a table filled once (pthread_once) by dlsym and read-only
 * after; the decoders call through it under the library's own names (the *_api.h headers
 * define each name as its table slot), so their code reads as if linked directly. A library
 * that is not installed makes its decode an error value naming the package, never a crash.
 */

/* Where a library is looked for and what happened when it was. */
typedef struct pf_library {
    /* "libjxl": the name in messages. */
    const char *label;
    /* The Debian package that installs it, for the message when it is missing. */
    const char *package;
    /* File names to try in order, NULL-terminated: the soname of the headers built against first. */
    const char *const *names;
    pthread_once_t once;
    /* The open library, NULL until opened or when it could not be. */
    void *handle;
    /* Why it could not be opened or a symbol was missing (empty when usable). */
    char failure[256];
} pf_library;

#define PF_LIBRARY(label, package, names) { (label), (package), (names), PTHREAD_ONCE_INIT, NULL, { 0 } }

/*
 * Opens `library` on the first call (any thread; later calls wait for the first) and runs
 * `resolve`, which fills the library's table with pf_library_symbol; 1 when the library and
 * every symbol are there, else 0 with the reason in message.
 */
int pf_library_load(pf_library *library, void (*resolve)(pf_library *library), char *message, size_t capacity);

/*
 * The address of `symbol` in the library being resolved; NULL (and the library marked
 * unusable, naming the symbol) when it is missing.
 */
void *pf_library_symbol(pf_library *library, const char *symbol);

/*
 * Declares a library's table of entry points from its X-macro list (SYMBOLS(X) calls X(name)
 * once per function), and its loader, int pf_<prefix>_api_load(char *message, size_t capacity).
 */
#define PF_LIBRARY_API_DECLARE(prefix, SYMBOLS)                                                  \
    struct pf_##prefix##_api { SYMBOLS(PF_LIBRARY_SLOT) };                                       \
    extern struct pf_##prefix##_api pf_##prefix##_api;                                           \
    int pf_##prefix##_api_load(char *message, size_t capacity);
#define PF_LIBRARY_SLOT(name) __typeof__(&name) name;

/*
 * Defines what PF_LIBRARY_API_DECLARE declared: the table, the library (its name in messages,
 * its Debian package, then the file names to try, in order) and the loader, which opens it on
 * the first call and resolves every entry point into the table.
 */
#define PF_LIBRARY_API_DEFINE(prefix, SYMBOLS, label, package, ...)                               \
    static const char *const pf_##prefix##_names[] = { __VA_ARGS__, NULL };                      \
    static pf_library pf_##prefix##_library = PF_LIBRARY(label, package, pf_##prefix##_names);    \
    struct pf_##prefix##_api pf_##prefix##_api;                                                  \
    static void pf_##prefix##_resolve(pf_library *library) {                                     \
        struct pf_##prefix##_api *table = &pf_##prefix##_api;                                    \
        SYMBOLS(PF_LIBRARY_RESOLVE)                                                              \
    }                                                                                            \
    int pf_##prefix##_api_load(char *message, size_t capacity) {                                 \
        return pf_library_load(&pf_##prefix##_library, pf_##prefix##_resolve, message, capacity); \
    }
#define PF_LIBRARY_RESOLVE(name) table->name = (__typeof__(&name))pf_library_symbol(library, #name);

/* A macro argument as a string literal, after expansion (for sonames built from version macros). */
#define PF_STRINGIFY_(x) #x
#define PF_STRINGIFY(x) PF_STRINGIFY_(x)

#endif
