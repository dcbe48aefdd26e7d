#ifndef CCLAWSHIMS_LAZY_LIBRARY_H
#define CCLAWSHIMS_LAZY_LIBRARY_H

// What a Lazy*.c needs to define one library's forwarders (include/CClawShimsLibrary.h
// says why they exist): CCLAWSHIMS_DEFINE_LIBRARY expands its list into slot numbers and
// names, then the list again into the forwarders, with CCLAWSHIMS_LIBRARY defined as its
// descriptor.

#include "CClawShimsLibrary.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

/// One shared library, opened when first required and never closed.
typedef struct {
    /// The name the dynamic loader knows it by.
    const char *soname;
    /// The Debian package that installs it, for the message when it is missing.
    const char *package;
    /// The functions to resolve, `count` of them.
    const char *const *names;
    /// Their addresses, in the order of `names`; NULL until the library is required.
    void *_Atomic *slots;
    size_t count;
    /// Set once every slot is filled.
    atomic_bool required;
} CClawShims_LazyLibrary;

extern CClawShims_LazyLibrary CClawShims_libcrypto, CClawShims_libssl, CClawShims_libsqlite3, CClawShims_libpng,
    CClawShims_libjpeg, CClawShims_libqrencode, CClawShims_libavahiClient, CClawShims_libavahiCommon, CClawShims_libzbar,
    CClawShims_libsodium;

/// Aborts: a forwarder was called before its library was required, a bug in clawpair.
_Noreturn void CClawShims_unrequired(const CClawShims_LazyLibrary *library, size_t slot);

/// The address of function number `slot` of `library`.
static inline void *CClawShims_function(CClawShims_LazyLibrary *library, size_t slot) {
    void *function = atomic_load_explicit(&library->slots[slot], memory_order_acquire);
    if (function == NULL) CClawShims_unrequired(library, slot);
    return function;
}

#define CCLAWSHIMS_SLOT(ret, name, params, args) CClawShimsSlot_##name,
#define CCLAWSHIMS_SLOT_VOID(name, params, args) CClawShimsSlot_##name,
#define CCLAWSHIMS_NAME(ret, name, params, args) #name,
#define CCLAWSHIMS_NAME_VOID(name, params, args) #name,

/// Defines the descriptor `library` of a library whose functions are listed by `functions`
/// (include/Lazy*.h): the slots, the names to resolve, and the library's soname and package.
#define CCLAWSHIMS_DEFINE_LIBRARY(library, functions, sonameText, packageText)                        \
    enum { functions(CCLAWSHIMS_SLOT, CCLAWSHIMS_SLOT_VOID) library##_slotCount };                    \
    static const char *const library##_names[] = {functions(CCLAWSHIMS_NAME, CCLAWSHIMS_NAME_VOID)};   \
    static void *_Atomic library##_slots[library##_slotCount];                                         \
    CClawShims_LazyLibrary library = {.soname = sonameText, .package = packageText,                    \
        .names = library##_names, .slots = library##_slots, .count = library##_slotCount};

/// Defines clawpair_<name> to call the real function through the library's own prototype.
/// The definition must agree with the declaration include/Lazy*.h made from that prototype.
#define CCLAWSHIMS_FORWARD(ret, name, params, args)                                                   \
    ret clawpair_##name params {                                                                     \
        return ((__typeof__(name) *)CClawShims_function(&CCLAWSHIMS_LIBRARY, CClawShimsSlot_##name)) args; \
    }
#define CCLAWSHIMS_FORWARD_VOID(name, params, args)                                                   \
    void clawpair_##name params {                                                                    \
        ((__typeof__(name) *)CClawShims_function(&CCLAWSHIMS_LIBRARY, CClawShimsSlot_##name)) args;        \
    }

#endif
