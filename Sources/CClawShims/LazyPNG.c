// The forwarders of libpng (include/LazyPNG.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyPNG.h"

enum { CCLAWSHIMS_LIBPNG_FUNCTIONS(CCLAWSHIMS_SLOT, CCLAWSHIMS_SLOT_VOID) slotCount };
static const char *const names[] = {CCLAWSHIMS_LIBPNG_FUNCTIONS(CCLAWSHIMS_NAME, CCLAWSHIMS_NAME_VOID)};
static void *_Atomic slots[slotCount];

CClawShims_LazyLibrary CClawShims_libpng = {
    .soname = "libpng16.so.16", .package = "libpng16-16", .names = names, .slots = slots, .count = slotCount};

#define CCLAWSHIMS_LIBRARY CClawShims_libpng
CCLAWSHIMS_LIBPNG_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
