// The forwarders of libjpeg (include/LazyJPEG.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyJPEG.h"

enum { CCLAWSHIMS_LIBJPEG_FUNCTIONS(CCLAWSHIMS_SLOT, CCLAWSHIMS_SLOT_VOID) slotCount };
static const char *const names[] = {CCLAWSHIMS_LIBJPEG_FUNCTIONS(CCLAWSHIMS_NAME, CCLAWSHIMS_NAME_VOID)};
static void *_Atomic slots[slotCount];

CClawShims_LazyLibrary CClawShims_libjpeg = {
    .soname = "libjpeg.so.62", .package = "libjpeg62-turbo", .names = names, .slots = slots, .count = slotCount};

#define CCLAWSHIMS_LIBRARY CClawShims_libjpeg
CCLAWSHIMS_LIBJPEG_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
