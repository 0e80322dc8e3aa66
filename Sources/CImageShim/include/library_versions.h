#ifndef PF_LIBRARY_VERSIONS_H
#define PF_LIBRARY_VERSIONS_H

/*
 * The versions of the C libraries the shim is linked with: the one its headers
 * declared when it was compiled, and the one loaded now.
 *
 *     pf_library_version v;
 *     for (int32_t i = 0; i < pf_library_version_count(); i++) {
 *         pf_library_version_get(i, &v);   // v.name "libpng", v.built "1.6.39", v.running "1.6.39"
 *     }
 *
 * A library with no call that reports its version (libjpeg-turbo, giflib)
 * gives the file it was loaded from instead, and sets running_is_file.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One library's versions, as NUL-terminated text. */
typedef struct pf_library_version {
    /** The library's usual name: "libjpeg-turbo", "zlib", … */
    char name[32];
    /** The version of the headers the shim was compiled against. */
    char built[48];
    /** The version the loaded library reports, or its file's name (running_is_file); "" if neither is known. */
    char running[128];
    /** 1 when running names the loaded file because the library reports no version. */
    int32_t running_is_file;
} pf_library_version;

/** How many libraries pf_library_version_get describes. */
int32_t pf_library_version_count(void);

/** Fills `out` for library `index` (0 ..< count); returns 0, or -1 for an index out of range. */
int32_t pf_library_version_get(int32_t index, pf_library_version *out);

#ifdef __cplusplus
}
#endif

#endif
