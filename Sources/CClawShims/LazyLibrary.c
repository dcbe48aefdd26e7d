#include "LazyLibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static CClawShims_LazyLibrary *CClawShims_descriptor(CClawShims_Library library) {
    switch (library) {
    case CClawShims_LibraryCrypto: return &CClawShims_libcrypto;
    case CClawShims_LibrarySSL: return &CClawShims_libssl;
    case CClawShims_LibrarySQLite: return &CClawShims_libsqlite3;
    case CClawShims_LibraryPNG: return &CClawShims_libpng;
    case CClawShims_LibraryJPEG: return &CClawShims_libjpeg;
    case CClawShims_LibraryQREncode: return &CClawShims_libqrencode;
    case CClawShims_LibraryAvahiClient: return &CClawShims_libavahiClient;
    case CClawShims_LibraryAvahiCommon: return &CClawShims_libavahiCommon;
    case CClawShims_LibraryZBar: return &CClawShims_libzbar;
    case CClawShims_LibrarySodium: return &CClawShims_libsodium;
    }
    fprintf(stderr, "clawpair: bug: no C library number %d\n", (int)library);
    abort();
}

static const char *CClawShims_dlerror(void) {
    const char *reason = dlerror();
    return reason != NULL ? reason : "no reason given";
}

/// Opens `soname` and looks up every function of `library`. Only when all are there and
/// `keep` is set are they stored (and the library marked required); otherwise it is closed.
static CClawShims_LibraryStatus CClawShims_open(
    CClawShims_LazyLibrary *library, const char *soname, bool keep, char *message, size_t messageCapacity) {
    // RTLD_LOCAL: the library's symbols stay out of the global scope, so they bind nothing
    // but our own lookups.
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(message, messageCapacity, "cannot load %s (%s)", soname, CClawShims_dlerror());
        return CClawShims_LibraryNotLoadable;
    }
    // All or nothing: a library with one function missing leaves every slot empty.
    for (size_t index = 0; index < library->count; index++) {
        if (dlsym(handle, library->names[index]) == NULL) {
            snprintf(message, messageCapacity, "%s has no function %s (%s)", soname, library->names[index],
                     CClawShims_dlerror());
            dlclose(handle);
            return CClawShims_LibraryIncomplete;
        }
    }
    if (!keep) {
        dlclose(handle);
        return CClawShims_LibraryReady;
    }
    for (size_t index = 0; index < library->count; index++) {
        atomic_store_explicit(&library->slots[index], dlsym(handle, library->names[index]), memory_order_release);
    }
    atomic_store_explicit(&library->required, true, memory_order_release);
    return CClawShims_LibraryReady;
}

CClawShims_LibraryStatus CClawShims_requireLibrary(
    CClawShims_Library library, char *message, size_t messageCapacity) {
    CClawShims_LazyLibrary *descriptor = CClawShims_descriptor(library);
    if (atomic_load_explicit(&descriptor->required, memory_order_acquire)) return CClawShims_LibraryReady;
    // Two threads may both get here: dlopen of a loaded library only counts a reference, and
    // both store the same addresses.
    return CClawShims_open(descriptor, descriptor->soname, true, message, messageCapacity);
}

CClawShims_LibraryStatus CClawShims_checkLibrary(
    CClawShims_Library library, const char *soname, char *message, size_t messageCapacity) {
    return CClawShims_open(CClawShims_descriptor(library), soname, false, message, messageCapacity);
}

const char *CClawShims_librarySoname(CClawShims_Library library) {
    return CClawShims_descriptor(library)->soname;
}

const char *CClawShims_libraryPackage(CClawShims_Library library) {
    return CClawShims_descriptor(library)->package;
}

void CClawShims_unrequired(const CClawShims_LazyLibrary *library, size_t slot) {
    // Not the user's to fix: an entry point called a function of a library it did not
    // require first (ClawPairKit's CLibrary.require).
    fprintf(stderr, "clawpair: bug: %s called before %s was required\n", library->names[slot], library->soname);
    abort();
}
