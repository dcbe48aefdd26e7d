// The forwarders of libdns_sd (include/LazyDNSSD.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyDNSSD.h"

enum { CCLAWSHIMS_LIBDNS_SD_FUNCTIONS(CCLAWSHIMS_SLOT, CCLAWSHIMS_SLOT_VOID) slotCount };
static const char *const names[] = {CCLAWSHIMS_LIBDNS_SD_FUNCTIONS(CCLAWSHIMS_NAME, CCLAWSHIMS_NAME_VOID)};
static void *_Atomic slots[slotCount];

CClawShims_LazyLibrary CClawShims_libdnssd = {
    .soname = "libdns_sd.so.1", .package = "libavahi-compat-libdnssd1", .names = names, .slots = slots, .count = slotCount};

#define CCLAWSHIMS_LIBRARY CClawShims_libdnssd
CCLAWSHIMS_LIBDNS_SD_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
