#ifndef CCLAWSHIMS_LAZY_LIBRARY_H
#define CCLAWSHIMS_LAZY_LIBRARY_H

// Why this exists: linking OpenSSL, SQLite, libpng, libjpeg, libqrencode and Avahi's
// libdns_sd made the dynamic loader map and relocate all of them (and libdbus, libsystemd,
// libgcrypt, … behind libdns_sd) before main, on every run: about 3 ms of CPU that
// `clawpair --version`, `decode` or `browse` never use. Instead each library is opened
// with dlopen the first time one of its functions is called.
//
// How: the Lazy*.c files define every C function clawpair calls, with the prototype of the
// library's own header (the compiler checks they agree). Each definition looks the real
// function up once and forwards the call. A function that is not listed fails at link time
// ("undefined reference"): add it to the list of its library.

#include <stdatomic.h>

/// One shared library, opened on first use and never closed.
typedef struct {
    /// The name the dynamic loader knows it by.
    const char *soname;
    /// The Debian package that installs it, for the message when it is missing.
    const char *package;
    void *_Atomic handle;
} CClawShims_LazyLibrary;

/// The address of `name` in `library`, opening the library first if needed. A library or
/// symbol that cannot be found ends the process with exit status 7 and a message that
/// names the package to install, as the dynamic loader would have done at start-up.
void *CClawShims_lazySymbol(CClawShims_LazyLibrary *library, const char *name);

/// The function `name` of `library`, looked up on the first call and kept in `slot`.
static inline void *CClawShims_lazyFunction(void *_Atomic *slot, CClawShims_LazyLibrary *library, const char *name) {
    void *function = atomic_load_explicit(slot, memory_order_acquire);
    if (function == NULL) {
        function = CClawShims_lazySymbol(library, name);
        atomic_store_explicit(slot, function, memory_order_release);
    }
    return function;
}

/// Defines `ret name params` forwarding `args` to the real function in `library`.
#define CCLAWSHIMS_LAZY(library, ret, name, params, args)                                  \
    ret name params {                                                                      \
        static void *_Atomic slot;                                                         \
        return ((ret(*) params)CClawShims_lazyFunction(&slot, &library, #name)) args;     \
    }

/// CCLAWSHIMS_LAZY for a function that returns nothing.
#define CCLAWSHIMS_LAZY_VOID(library, name, params, args)                                  \
    void name params {                                                                     \
        static void *_Atomic slot;                                                         \
        ((void(*) params)CClawShims_lazyFunction(&slot, &library, #name)) args;           \
    }

#endif
