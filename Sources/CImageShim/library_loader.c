#include "library_loader.h"
#include "shim_internal.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* The library whose pthread_once is running (pthread_once takes no argument). */
static __thread pf_library *pf_opening;
static __thread void (*pf_resolving)(pf_library *library);

static void pf_library_open(void) {
    pf_library *library = pf_opening;
    const char *last_error = "not found";
    for (const char *const *name = library->names; *name != NULL; name++) {
        /* RTLD_LOCAL: its symbols serve only the table, never another library's lookups. */
        void *handle = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) {
            library->handle = handle;
            break;
        }
        const char *error = dlerror();
        if (error != NULL) {
            last_error = error;
        }
    }
    if (library->handle == NULL) {
        snprintf(library->failure, sizeof(library->failure), "%s is not installed (Debian: %s): %s",
                 library->label, library->package, last_error);
        return;
    }
    pf_resolving(library);
    if (library->failure[0] != '\0') {
        /* A library without an entry point the decoder calls is as good as missing. */
        dlclose(library->handle);
        library->handle = NULL;
    }
}

int pf_library_load(pf_library *library, void (*resolve)(pf_library *library), char *message, size_t capacity) {
    pf_opening = library;
    pf_resolving = resolve;
    pthread_once(&library->once, pf_library_open);
    pf_opening = NULL;
    pf_resolving = NULL;
    if (library->handle == NULL) {
        pf_set_message(message, capacity, library->failure);
        return 0;
    }
    return 1;
}

void *pf_library_symbol(pf_library *library, const char *symbol) {
    if (library->handle == NULL || library->failure[0] != '\0') {
        return NULL;
    }
    void *address = dlsym(library->handle, symbol);
    if (address == NULL) {
        snprintf(library->failure, sizeof(library->failure), "%s has no %s (too old? Debian: %s)",
                 library->label, symbol, library->package);
    }
    return address;
}
