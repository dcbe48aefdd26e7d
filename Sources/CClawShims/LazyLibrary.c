#include "LazyLibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void *CClawShims_lazySymbol(CClawShims_LazyLibrary *library, const char *name) {
    void *handle = atomic_load_explicit(&library->handle, memory_order_acquire);
    if (handle == NULL) {
        // Two threads may both open it; dlopen of a loaded library only counts a reference.
        handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            fprintf(stderr, "clawpair: error: cannot load %s (%s)\n  hint: install it: apt-get install %s\n",
                    library->soname, dlerror(), library->package);
            exit(7);
        }
        atomic_store_explicit(&library->handle, handle, memory_order_release);
    }
    void *function = dlsym(handle, name);
    if (function == NULL) {
        fprintf(stderr, "clawpair: error: %s has no function %s (%s)\n  hint: install a current %s\n",
                library->soname, name, dlerror(), library->package);
        exit(7);
    }
    return function;
}
