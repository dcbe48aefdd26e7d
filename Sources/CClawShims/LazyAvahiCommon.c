// The forwarders of libavahi-common (include/LazyAvahiCommon.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyAvahiCommon.h"

enum { CCLAWSHIMS_LIBAVAHI_COMMON_FUNCTIONS(CCLAWSHIMS_SLOT, CCLAWSHIMS_SLOT_VOID) slotCount };
static const char *const names[] = {CCLAWSHIMS_LIBAVAHI_COMMON_FUNCTIONS(CCLAWSHIMS_NAME, CCLAWSHIMS_NAME_VOID)};
static void *_Atomic slots[slotCount];

CClawShims_LazyLibrary CClawShims_libavahiCommon = {
    .soname = "libavahi-common.so.3", .package = "libavahi-common3", .names = names, .slots = slots, .count = slotCount};

#define CCLAWSHIMS_LIBRARY CClawShims_libavahiCommon
CCLAWSHIMS_LIBAVAHI_COMMON_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
