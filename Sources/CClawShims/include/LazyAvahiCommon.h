#ifndef CCLAWSHIMS_LAZY_LIBAVAHI_COMMON_H
#define CCLAWSHIMS_LAZY_LIBAVAHI_COMMON_H

// libavahi-common, for its allocator hook (Discovery/AvahiCompatSetup.swift).

#include "CClawShimsLibrary.h"

#include <avahi-common/malloc.h>

/// The functions clawpair calls in libavahi-common: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazyAvahiCommon.c defines the forwarders.
#define CCLAWSHIMS_LIBAVAHI_COMMON_FUNCTIONS(F, V) \
    V(avahi_set_allocator, (const AvahiAllocator *a), (a))

CCLAWSHIMS_LIBAVAHI_COMMON_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
