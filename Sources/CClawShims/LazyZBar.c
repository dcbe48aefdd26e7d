// The forwarders of libzbar (include/LazyZBar.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyZBar.h"

enum { CCLAWSHIMS_LIBZBAR_FUNCTIONS(CCLAWSHIMS_SLOT, CCLAWSHIMS_SLOT_VOID) slotCount };
static const char *const names[] = {CCLAWSHIMS_LIBZBAR_FUNCTIONS(CCLAWSHIMS_NAME, CCLAWSHIMS_NAME_VOID)};
static void *_Atomic slots[slotCount];

CClawShims_LazyLibrary CClawShims_libzbar = {
    .soname = "libzbar.so.0", .package = "libzbar0", .names = names, .slots = slots, .count = slotCount};

#define CCLAWSHIMS_LIBRARY CClawShims_libzbar
CCLAWSHIMS_LIBZBAR_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
