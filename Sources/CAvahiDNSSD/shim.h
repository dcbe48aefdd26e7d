// Avahi's dns_sd compatibility API (Debian: libavahi-compat-libdnssd-dev), used for mDNS
// browsing on `local.`. Included by its path rather than through pkg-config: avahi-compat-
// libdns_sd.pc adds -D_REENTRANT, a flag SwiftPM refuses in a package's build settings.
#include <avahi-compat-libdns_sd/dns_sd.h>

// avahi_set_allocator, for AvahiCompatSetup's zero-filling allocator (a workaround for
// uninitialised callback pointers in libdns_sd 0.8; see AvahiCompatSetup.swift). The header
// comes with libavahi-common-dev, a dependency of libavahi-compat-libdnssd-dev.
#include <avahi-common/malloc.h>
